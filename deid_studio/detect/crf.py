"""Training a linear-chain CRF (python-crfsuite) on gold documents (tagging: ``tagger``).

Training appends each line's features to the crfsuite trainer as soon as they are built, so
the features of the whole corpus never sit in Python lists (a third of the memory, and no
garbage-collector time). Progress comes from the trainer's ``on_iteration`` hook; cancelling
raises from that hook, which stops crfsuite and leaves nothing behind.

python-crfsuite holds the GIL for its whole training loop: callers that must stay responsive
(the GUI) run :func:`train_crf` in a child process (see ``services/training.py``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import io
import os
import re
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from typing import Any

import pycrfsuite

from deid_studio.core.document import Document
from deid_studio.core.progress import (
    Cancelled,
    Progress,
    WorkCancelled,
    check,
    never_cancelled,
    no_progress,
)
from deid_studio.core.tokenize import Token, tokenize
from deid_studio.detect.clusters import WordClusters
from deid_studio.detect.features import FeatureConfig, Featurizer
from deid_studio.detect.labels import OUTSIDE, SCHEMES, encode
from deid_studio.detect.ruleshits import rule_hits

Stage = Callable[[str], None]


def no_stage(name: str) -> None:
    """A stage callable that ignores its reports."""


@dataclass(frozen=True, slots=True)
class AlgorithmDefaults:
    """What an algorithm trains with unless told otherwise, and what it is for."""

    iterations: int
    c1: float = 0.0
    c2: float = 0.0
    c: float = 1.0
    delta: float = 1e-5
    period: int = 10
    token_passes: int = 0
    """On a small corpus an online learner takes more epochs, until it has seen this many
    tokens in all (at most :data:`EPOCHS_GROWTH` times its iterations; 0: never)."""
    negatives: float = 1.0
    """The share of the lines without PHI trained on, beyond the first
    :data:`NEGATIVE_FLOOR` tokens of such lines (1.0: all of them)."""
    committee_tokens: int = 0
    """On a corpus of fewer tokens, a committee of :data:`SMALL_COMMITTEE` models is
    trained, unless a committee is asked for (0: never; see :class:`CrfModel`)."""
    purpose: str = ""


ALGORITHM_DEFAULTS: dict[str, AlgorithmDefaults] = {
    # passive-aggressive PA-II with averaging: 10 epochs are within 0.1 point of 15 or 20
    # (benchmarks/crf_defaults.py); the fast model of the annotation loop. On fifty MEDDOCAN
    # documents (27,000 tokens) 30 epochs catch 0.2 point more PHI tokens than 10 (six
    # draws, benchmarks/cold_start.py --train): epochs grow until 800,000 tokens are seen
    "pa": AlgorithmDefaults(
        iterations=10,
        c=1.0,
        token_passes=800_000,
        # a third of the lines without PHI, beyond the first 50,000 tokens of them: on
        # MEDDOCAN train+dev the fit takes a fifth less time, at the same F1 (three seeds;
        # README, "Lines without PHI")
        negatives=1 / 3,
        # three models averaged on fewer than 100,000 tokens (about 180 MEDDOCAN documents):
        # on fifty documents 0.5-0.8 point of strict F1 on dev (three draws) for twice the
        # seconds of one; on 500 0.15 point, where one model already takes 10 s
        committee_tokens=100_000,
        purpose="passive-aggressive (default): seconds per retrain, the annotation loop's model",
    ),
    # L-BFGS at c1 = c2 = 0.05 stops when the log-likelihood improved by less than 1% over 5
    # iterations (about 70 iterations on MEDDOCAN, the F1 of 100); 150 is only a cap
    "lbfgs": AlgorithmDefaults(
        iterations=150,
        c1=0.05,
        c2=0.05,
        delta=1e-2,
        period=5,
        purpose="L-BFGS: the most accurate, 5-8x slower than pa on a large corpus; the best model",
    ),
    # averaged perceptron: 10 and 30 epochs within 0.5 point of each other (CALIBRATION.md);
    # l2sgd and arow: crfsuite's settings with a cap on epochs, not tuned here
    "ap": AlgorithmDefaults(
        iterations=20, purpose="averaged perceptron: as fast as pa, about half a point lower"
    ),
    "l2sgd": AlgorithmDefaults(
        iterations=50,
        c2=1.0,
        delta=1e-3,
        period=5,
        purpose="SGD with L2 regularisation: between pa and lbfgs in time",
    ),
    "arow": AlgorithmDefaults(
        iterations=10, purpose="adaptive regularisation of weights: an online alternative to pa"
    ),
}
ALGORITHMS = tuple(ALGORITHM_DEFAULTS)
_TUNED = ("iterations", "c1", "c2", "c", "delta", "period", "token_passes", "negatives")
EPOCHS_GROWTH = 5
"""A small corpus takes at most this many times an algorithm's iterations."""
SMALL_COMMITTEE = 3
"""The committee an algorithm trains on a corpus below its ``committee_tokens``."""
NEGATIVE_FLOOR = 50_000
"""Tokens of lines without PHI that training always takes (all of a small corpus's); beyond
them, a share of such lines (:attr:`CrfParams.negatives`)."""


@dataclass(frozen=True, slots=True)
class CrfParams:
    """How to train: algorithm and its settings, label scheme, feature set.

    ``c1``/``c2`` are L1/L2 regularisation (L-BFGS; ``c2`` also l2sgd); ``c`` is the
    aggressiveness of passive-aggressive training; ``delta``/``period`` stop L-BFGS and l2sgd
    early when the loss improved by less than ``delta`` (relative) over ``period`` iterations.
    ``token_passes``: on a small corpus, the epochs grow until the learner has seen that
    many tokens (see :meth:`epochs_for`); none when ``iterations`` are given. ``negatives``:
    the share of lines without PHI it trains on once it has seen :data:`NEGATIVE_FLOOR`
    tokens of them (see :func:`_sampled`). A setting left None takes the algorithm's
    default (:data:`ALGORITHM_DEFAULTS`). ``committee``: how many models the online
    algorithm trains on the same features, with seeds ``seed``, ``seed + 1``, ..., whose
    weights the tagger averages (see :class:`CrfModel`); None: the algorithm's choice for
    the corpus (:meth:`committee_for`).
    """

    algorithm: str = "pa"
    c1: float = None  # type: ignore[assignment]
    c2: float = None  # type: ignore[assignment]
    iterations: int = None  # type: ignore[assignment]
    delta: float = None  # type: ignore[assignment]
    period: int = None  # type: ignore[assignment]
    c: float = None  # type: ignore[assignment]
    token_passes: int = None  # type: ignore[assignment]
    negatives: float = None  # type: ignore[assignment]
    labels: str = "bio"
    seed: int = 0  # the online algorithms' shuffling: the same seed, the same model
    features: FeatureConfig = field(default_factory=FeatureConfig)
    committee: int | None = None

    def __post_init__(self) -> None:
        if self.algorithm not in ALGORITHMS:
            raise ValueError(
                f"unknown algorithm {self.algorithm!r}; choose one of {', '.join(ALGORITHMS)}"
            )
        defaults = ALGORITHM_DEFAULTS[self.algorithm]
        if self.iterations is not None and self.token_passes is None:
            object.__setattr__(self, "token_passes", 0)  # iterations asked for are trained
        for name in _TUNED:
            if getattr(self, name) is None:
                object.__setattr__(self, name, getattr(defaults, name))
        if self.labels not in SCHEMES:
            raise ValueError(f"unknown label scheme {self.labels!r}; choose bio or iob1")
        if self.iterations <= 0:
            raise ValueError("iterations must be positive")
        if min(self.c1, self.c2, self.c) < 0:
            raise ValueError("regularisation must not be negative")
        if not 0.0 < self.negatives <= 1.0:
            raise ValueError("the share of lines without PHI must be above 0 and at most 1")
        if self.committee is not None and self.committee < 1:
            raise ValueError("a committee has at least one model")
        if self.committee is not None and self.committee > 1 and self.algorithm == "lbfgs":
            raise ValueError(
                "a committee needs an online algorithm: lbfgs trains the same model whatever "
                "the seed"
            )

    def epochs_for(self, tokens: int) -> int:
        """The iterations to train a corpus of ``tokens`` tokens with: :attr:`iterations`,
        or more on a small corpus until :attr:`token_passes` tokens are seen (at most
        :data:`EPOCHS_GROWTH` times as many)."""
        if not self.token_passes or tokens <= 0:
            return self.iterations
        wanted = -(-self.token_passes // tokens)  # ceiling
        return max(self.iterations, min(wanted, EPOCHS_GROWTH * self.iterations))

    def committee_for(self, tokens: int) -> int:
        """How many models to train on a corpus of ``tokens`` tokens: :attr:`committee`,
        or the algorithm's :data:`SMALL_COMMITTEE` on a corpus below its
        ``committee_tokens``, one on a larger one."""
        if self.committee is not None:
            return self.committee
        below = ALGORITHM_DEFAULTS[self.algorithm].committee_tokens
        return SMALL_COMMITTEE if 0 < tokens < below else 1

    def trainer_params(self, tokens: int = 0) -> dict[str, Any]:
        """The settings crfsuite takes for this algorithm (on a corpus of ``tokens``)."""
        params: dict[str, Any] = {"max_iterations": self.epochs_for(tokens)}
        if self.algorithm == "lbfgs":
            params.update(c1=self.c1, c2=self.c2, delta=self.delta, period=self.period)
        elif self.algorithm == "l2sgd":
            params.update(c2=self.c2, delta=self.delta, period=self.period)
        elif self.algorithm == "pa":
            params.update(type=2, c=self.c, averaging=True)
        return params

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form, for a model version's params (without the committee when it
        is the algorithm's choice: the form of the params before committees, which batch
        runs' fingerprints hold)."""
        values = asdict(self)
        values["features"] = self.features.to_dict()
        if values["committee"] is None:
            del values["committee"]
        return values

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> CrfParams:
        """The inverse of :meth:`to_dict`; missing keys take their defaults."""
        known = {k: v for k, v in values.items() if k in cls.__dataclass_fields__}
        if isinstance(known.get("features"), Mapping):
            known["features"] = FeatureConfig.from_dict(known["features"])
        return cls(**known)

    def with_overrides(self, **overrides: Any) -> CrfParams:
        """A copy with the given (non-None) settings changed. Another algorithm starts from
        its own defaults: ``--algorithm lbfgs`` alone must not inherit pa's 10 epochs, nor
        another algorithm's committee (the algorithm's choice unless a committee is given)."""
        given = {k: v for k, v in overrides.items() if v is not None}
        if "iterations" in given:
            given.setdefault("token_passes", 0)  # iterations asked for are iterations trained
        algorithm = given.get("algorithm", self.algorithm)
        if algorithm != self.algorithm:
            base = replace(self, algorithm=algorithm, committee=None, **dict.fromkeys(_TUNED))
            return replace(base, **given)
        return replace(self, **given)


@dataclass(frozen=True, slots=True)
class CrfModel:
    """A trained CRF: the crfsuite model file's bytes and how it was trained.

    A committee (:meth:`CrfParams.committee_for` > 1) keeps its other models' files in
    ``members``; the tagger averages their weights with ``data``'s. Models that differ only
    in the order an online learner read the sentences err in different places: the average
    of three passive-aggressive models scores about 0.1 point of strict F1 above each of
    them on MEDDOCAN dev, half a point on fifty documents, and tags as fast as one (README,
    "Committees").
    """

    data: bytes
    params: CrfParams
    labels: tuple[str, ...]
    seconds: float = 0.0
    iterations: int = 0
    scale: float = 1.0  # multiplies every score before marginals (calibration; see tagger)
    clusters: WordClusters | None = None  # the word clusters its features read, if any
    members: tuple[bytes, ...] = ()  # a committee's other models (crfsuite files)

    @property
    def files(self) -> tuple[bytes, ...]:
        """The crfsuite files whose weights the tagger averages: one, or a committee's."""
        return (self.data, *self.members)


class _Trainer(pycrfsuite.Trainer):  # type: ignore[misc]
    """Relays crfsuite's iterations to ``progress`` and stops when ``cancelled``."""

    def __init__(self, total: int, progress: Progress, cancelled: Cancelled) -> None:
        super().__init__(verbose=True)  # the log parser only reports events when verbose
        self.total = total
        self._progress = progress
        self._cancelled = cancelled
        self.iterations = 0
        self.before = 0  # iterations of the committee's models trained before this one

    def on_iteration(self, log: str, info: Mapping[str, Any]) -> None:
        self.iterations = int(info.get("num", self.iterations + 1))
        self._progress(min(self.before + self.iterations, self.total), self.total)
        check(self._cancelled)

    def on_start(self, log: str) -> None:
        check(self._cancelled)

    def on_featgen_progress(self, log: str, percent: float) -> None:
        check(self._cancelled)

    def on_featgen_end(self, log: str) -> None:
        pass

    def on_prepared(self, log: str) -> None:
        pass

    def on_prepare_error(self, log: str) -> None:
        pass

    def on_optimization_end(self, log: str) -> None:
        pass

    def on_end(self, log: str) -> None:
        pass


def train_crf(
    documents: Iterable[Document],
    params: CrfParams | None = None,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    stage: Stage = no_stage,
    total_documents: int = 0,
    clusters: WordClusters | None = None,
) -> CrfModel:
    """Train a CRF on the gold spans of ``documents``; raises WorkCancelled when cancelled.

    ``clusters`` are the word clusters of the project's narratives (features when the
    feature configuration asks for them; kept with the model).

    ``stage`` is told ``"features"`` and then ``"training"``; ``progress`` reports documents
    done during the first, iterations during the second (of at most ``params.iterations``
    per model of the committee). A committee's models share the features: they are built
    once.
    """
    params = params or CrfParams()
    started = time.perf_counter()
    trainer = _Trainer(params.iterations, progress, cancelled)
    trainer.select(params.algorithm, "crf1d")
    stage("features")
    with gc_paused():
        sequences, tokens, read = _append_all(
            trainer, documents, params, progress, cancelled, total_documents, clusters
        )
    if sequences == 0:
        raise ValueError("no text to learn from: the training documents have no tokens")
    trainer.set_params(params.trainer_params(tokens))
    epochs = params.epochs_for(tokens)
    committee = params.committee_for(read)  # the corpus's size, not the sample's
    trainer.total = epochs * committee
    stage("training")
    files = []
    for member in range(committee):
        trainer.before = member * epochs
        files.append(_fit(trainer, params.seed + member, cancelled))
    return CrfModel(
        data=files[0],
        params=params,
        labels=_labels(files[0]),
        seconds=time.perf_counter() - started,
        iterations=trainer.iterations,
        clusters=clusters if params.features.clusters else None,
        members=tuple(files[1:]),
    )


def _fit(trainer: _Trainer, seed: int, cancelled: Cancelled) -> bytes:
    """Train on the sentences the trainer holds, shuffled by ``seed``: the model file."""
    _seed_crfsuite(seed)
    handle, path = tempfile.mkstemp(suffix=".crfsuite")
    os.close(handle)
    try:
        try:
            trainer.train(path)
        except WorkCancelled:
            raise
        except RuntimeError as err:  # crfsuite reports a Python exception it swallowed
            check(cancelled)
            raise RuntimeError(f"crfsuite training failed: {err}") from err
        with open(path, "rb") as f:
            return f.read()
    finally:
        os.unlink(path)


def _append_all(
    trainer: pycrfsuite.Trainer,
    documents: Iterable[Document],
    params: CrfParams,
    progress: Progress,
    cancelled: Cancelled,
    total_documents: int,
    clusters: WordClusters | None,
) -> tuple[int, int, int]:
    """Append the lines of every document to the trainer as they are built (of the lines
    without PHI, a share beyond the floor: :attr:`CrfParams.negatives`); how many lines and
    tokens were appended, and how many tokens the documents hold."""
    featurizers: dict[str | None, Featurizer] = {}
    sequences = tokens = negatives = read = 0
    for done, document in enumerate(documents, start=1):
        check(cancelled)
        featurizer = featurizers.get(document.language)
        if featurizer is None:
            featurizer = featurizers[document.language] = Featurizer(
                params.features, document.language, clusters
            )
        hits = rule_hits(document.text, document.language) if params.features.rules else ()
        for line, context in featurizer.split(document.text, hits):
            read += len(line)
            labels = encode(line, document.spans, params.labels)
            if params.negatives < 1.0 and labels.count(OUTSIDE) == len(labels):
                negatives += len(line)
                if negatives > NEGATIVE_FLOOR and not _sampled(
                    document.text, line, params.negatives
                ):
                    continue  # before its features are built
            trainer.append(featurizer.features(line, context), labels)
            sequences += 1
            tokens += len(line)
        progress(done, total_documents)
    return sequences, tokens, read


def _sampled(text: str, tokens: Sequence[Token], share: float) -> bool:
    """Whether a line without PHI is among the ``share`` trained on: decided by a hash of
    its text, so that the same line is kept or left in every training whatever the order
    of the documents (a retrain adds documents; a changing sample would move the model).

    Half of MEDDOCAN's tokens are in lines without PHI (lab results, the course of the
    illness): training on a third of them costs no F1 and a fifth of the fit, whose
    crfsuite part grows with the tokens it reads."""
    line = text[tokens[0].start : tokens[-1].end].encode("utf-8", "surrogatepass")
    return zlib.crc32(line) < share * 0x1_0000_0000


def _seed_crfsuite(seed: int) -> None:
    """Seed the C library's ``rand()``, which crfsuite's online algorithms shuffle the
    sequences with before every epoch: without it a model depends on how many were trained
    before it in the same process."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None)
        libc.srand(ctypes.c_uint(seed + 1))  # glibc treats 0 as 1: seeds 0 and 1 would agree
    except (OSError, AttributeError):  # pragma: no cover - a platform without a C library
        pass


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off for a loop that makes no cycles (on again after it, if
    it was on).

    Feature extraction allocates millions of short-lived lists while a corpus lives in memory;
    with the collector on, it spends a third of its time traversing that corpus. A batch
    worker pauses it for a whole partition. Never ``yield`` inside it: a caller that stops
    iterating would leave the collector off.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


_CONTAINER = b"PK\x03\x04"  # a zip archive: the crfsuite model with what it reads
_CRF_MEMBER = "model.crfsuite"
_CLUSTERS_MEMBER = "clusters.json"
_COMMITTEE_MEMBER = "member-{}.crfsuite"  # a committee's other models, from 1
_MEMBER_NAME = re.compile(r"member-(\d+)\.crfsuite")


def model_to_bytes(model: CrfModel) -> bytes:
    """What a model version stores: the crfsuite model file itself, or, when the model reads
    word clusters or is a committee, a zip archive of the model files and the cluster
    table."""
    if model.clusters is None and not model.members:
        return model.data
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(_CRF_MEMBER, model.data, compress_type=zipfile.ZIP_STORED)
        for number, member in enumerate(model.members, start=1):
            archive.writestr(
                _COMMITTEE_MEMBER.format(number), member, compress_type=zipfile.ZIP_STORED
            )
        if model.clusters is not None:
            archive.writestr(
                _CLUSTERS_MEMBER, model.clusters.to_bytes(), compress_type=zipfile.ZIP_DEFLATED
            )
    return buffer.getvalue()


def model_from_bytes(data: bytes, params: Mapping[str, Any], scale: float = 1.0) -> CrfModel:
    """A model stored elsewhere (a model version's blob and params, and its calibration);
    the blob is :func:`model_to_bytes`'s, or a bare crfsuite model (older versions)."""
    crf_params = CrfParams.from_dict(params)
    clusters = None
    members: list[bytes] = []
    if data[:4] == _CONTAINER:
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                names = set(archive.namelist())
                if _CLUSTERS_MEMBER in names:
                    clusters = WordClusters.from_bytes(archive.read(_CLUSTERS_MEMBER))
                numbers = sorted(
                    int(found.group(1))
                    for found in map(_MEMBER_NAME.fullmatch, names)
                    if found is not None
                )
                if numbers != list(range(1, len(numbers) + 1)):
                    raise ValueError(f"not a crfsuite model: a committee's members {numbers}")
                members = [archive.read(_COMMITTEE_MEMBER.format(n)) for n in numbers]
                data = archive.read(_CRF_MEMBER)
        except (zipfile.BadZipFile, KeyError) as err:
            raise ValueError(f"not a crfsuite model: {err}") from None
    if crf_params.committee is not None and crf_params.committee != 1 + len(members):
        raise ValueError(
            f"not a crfsuite model: a committee of {crf_params.committee} stored with "
            f"{1 + len(members)} models"
        )
    labels = _labels(data)
    if any(_labels(member) != labels for member in members):
        raise ValueError("not a crfsuite model: a committee's models have different labels")
    return CrfModel(
        data=data,
        params=crf_params,
        labels=labels,
        scale=scale,
        clusters=clusters,
        members=tuple(members),
    )


def _labels(data: bytes) -> tuple[str, ...]:
    """The labels of a crfsuite model file; ValueError when it is not one."""
    tagger = pycrfsuite.Tagger()
    try:
        tagger.open_inmemory(data)
    except ValueError as err:
        raise ValueError(f"not a crfsuite model: {err}") from None
    labels = tuple(tagger.labels())
    tagger.close()
    return labels


def documents_tokens(documents: Sequence[Document]) -> int:
    """How many tokens the documents hold (for figures and progress)."""
    return sum(len(tokenize(d.text)) for d in documents)
