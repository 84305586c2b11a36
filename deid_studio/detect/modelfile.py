"""Reading a crfsuite model file's weights into arrays, without crfsuite.

A crfsuite ``crf1d`` model file is a 48-byte header (magic ``lCRF``, type ``FOMC``, counts
and offsets), a ``FEAT`` chunk of 20-byte features (type, source, destination, weight), and
two constant-quark databases (``CQDB``) that name the labels and the attributes. A state
feature (type 0) gives the weight of an attribute for a label; a transition feature (type 1)
the weight of going from one label to the next. Everything is little-endian.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

_HEADER = struct.Struct("<4sI4sIIIIIIIII")
_CHUNK = struct.Struct("<4sII")
_CQDB_HEADER = struct.Struct("<4sIIIII")
_CQDB_RECORDS = _CQDB_HEADER.size + 256 * 8  # records follow the header and 256 table refs
_FEATURE = np.dtype([("type", "<u4"), ("src", "<u4"), ("dst", "<u4"), ("weight", "<f8")])


@dataclass(frozen=True, slots=True)
class ModelWeights:
    """A CRF's parameters: ``state[a, l]`` for attribute ``a`` and label ``l`` (the last row,
    index ``len(attributes)``, is all zeros for attributes the model does not know), and
    ``transitions[i, j]`` from label ``i`` to label ``j``."""

    labels: tuple[str, ...]
    attributes: dict[bytes, int]
    state: np.ndarray
    transitions: np.ndarray


def read_weights(data: bytes) -> ModelWeights:
    """The weights of a crfsuite model file; ValueError when it is not one."""
    if len(data) < _HEADER.size:
        raise ValueError("not a crfsuite model: too short")
    (
        magic,
        _size,
        kind,
        _version,
        _num_features,
        num_labels,
        num_attrs,
        off_features,
        off_labels,
        off_attrs,
        _off_labelrefs,
        _off_attrrefs,
    ) = _HEADER.unpack_from(data, 0)
    if magic != b"lCRF" or kind != b"FOMC":
        raise ValueError("not a crfsuite crf1d model")
    chunk, _chunk_size, count = _CHUNK.unpack_from(data, off_features)
    # the header's feature count is not filled in by crfsuite; the chunk's count is
    if chunk != b"FEAT":
        raise ValueError("crfsuite model: bad feature chunk")
    features = np.frombuffer(data, dtype=_FEATURE, count=count, offset=off_features + _CHUNK.size)
    labels = _quarks(data, off_labels, num_labels)
    names = _quarks(data, off_attrs, num_attrs)

    state = np.zeros((num_attrs + 1, num_labels), dtype=np.float64)
    transitions = np.zeros((num_labels, num_labels), dtype=np.float64)
    is_state = features["type"] == 0
    is_transition = features["type"] == 1
    state[features["src"][is_state], features["dst"][is_state]] = features["weight"][is_state]
    transitions[features["src"][is_transition], features["dst"][is_transition]] = features[
        "weight"
    ][is_transition]
    label_names = [b""] * num_labels
    for name, lid in labels.items():
        label_names[lid] = name
    return ModelWeights(
        labels=tuple(n.decode("utf-8") for n in label_names),
        attributes=names,
        state=state,
        transitions=transitions,
    )


def _quarks(data: bytes, offset: int, expected: int) -> dict[bytes, int]:
    """The string -> id records of the CQDB at ``offset`` (they are stored one after another,
    each an id, a size and the NUL-terminated string, before the hash tables)."""
    chunk, _size, _flag, byteorder, _bwd_size, _bwd_offset = _CQDB_HEADER.unpack_from(data, offset)
    if chunk != b"CQDB" or byteorder != 0x62445371:
        raise ValueError("crfsuite model: bad string table")
    quarks: dict[bytes, int] = {}
    position = offset + _CQDB_RECORDS
    unpack = struct.Struct("<iI").unpack_from
    for _ in range(expected):
        qid, ksize = unpack(data, position)
        start = position + 8
        quarks[data[start : start + ksize - 1]] = qid
        position = start + ksize
    return quarks


def average_weights(models: Sequence[ModelWeights]) -> ModelWeights:
    """The mean of several models' weights (a committee: :class:`~.crf.CrfModel`), over the
    union of their attributes and labels, matched by name; an attribute or label a model
    does not know weighs 0 in it. One model is returned as it is."""
    if len(models) == 1:
        return models[0]
    labels = tuple(dict.fromkeys(label for model in models for label in model.labels))
    attributes: dict[bytes, int] = {}
    for model in models:
        for name in model.attributes:
            attributes.setdefault(name, len(attributes))
    state = np.zeros((len(attributes) + 1, len(labels)), dtype=np.float64)
    transitions = np.zeros((len(labels), len(labels)), dtype=np.float64)
    for model in models:
        columns = np.array([labels.index(label) for label in model.labels], dtype=np.int64)
        rows = np.empty(len(model.attributes) + 1, dtype=np.int64)
        for name, row in model.attributes.items():
            rows[row] = attributes[name]
        rows[-1] = len(attributes)  # the all-zero row stays zero
        state[np.ix_(rows, columns)] += model.state
        transitions[np.ix_(columns, columns)] += model.transitions
    state /= len(models)
    transitions /= len(models)
    return ModelWeights(labels, attributes, state, transitions)
