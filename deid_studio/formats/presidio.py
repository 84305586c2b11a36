"""Presidio's synthetic PII data set: one JSON array of generated English texts.

``[{"full_text": "...", "spans": [{"entity_type": "PERSON", "entity_value": "John",
"start_position": 8, "end_position": 12}, ...], ...}, ...]``. Other keys of a record
(``masked``, ``template_id``, ``metadata``) are ignored except ``template_id``, kept in meta.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeGuard

import regex

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import TOO_DEEP, check_not_empty, sorted_spans, text_mismatch
from deid_studio.formats.base import read_text_file

_BLANK = regex.compile(r"\s*")


def read_presidio(
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every record of a Presidio synthetic data set as an English document.

    ``external_id`` is ``presidio-<index>`` (0-based, the record's place in the array).
    :class:`InputError` names the record index and the line it starts on.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(str(path), "no such file")
    records = _records(read_text_file(path).removeprefix("\ufeff"), str(path))
    documents: list[Document] = []
    for index, (line, record) in enumerate(records):
        if index % 100 == 0:
            check(cancelled)
        documents.append(_document(record, index, str(path), line))
        progress(index + 1, len(records))
    return documents


def _records(content: str, source: str) -> list[tuple[int, Any]]:
    """The elements of the top-level array, each with the line it starts on."""
    decoder = json.JSONDecoder()
    lines = _LineCounter(content)
    position = _skip(content, 0)
    if position == len(content):
        raise InputError(source, "the file is empty")
    if not content.startswith("[", position):
        raise InputError(source, "expected a JSON array of records", line=lines.at(position))
    records: list[tuple[int, Any]] = []
    position = _skip(content, position + 1)
    while not content.startswith("]", position):
        line = lines.at(position)
        try:
            record, position = decoder.raw_decode(content, position)
        except json.JSONDecodeError as err:
            raise InputError(
                source, f"invalid JSON: {err.msg} (column {err.colno})", line=err.lineno
            ) from None
        except RecursionError:
            raise InputError(source, TOO_DEEP, line=line) from None
        records.append((line, record))
        position = _skip(content, position)
        if content.startswith(",", position):
            position = _skip(content, position + 1)
        elif not content.startswith("]", position):
            raise InputError(source, "invalid JSON: expected ',' or ']'", line=lines.at(position))
    if content[position + 1 :].strip():
        raise InputError(
            source, "invalid JSON: extra data after the array", line=lines.at(position)
        )
    if not records:
        raise InputError(source, "the array holds no records")
    return records


class _LineCounter:
    """Line numbers of increasing positions in a text, counted incrementally."""

    def __init__(self, content: str) -> None:
        self._content = content
        self._position = 0
        self._line = 1

    def at(self, position: int) -> int:
        """The 1-based line of ``position`` (positions must not decrease)."""
        self._line += self._content.count("\n", self._position, position)
        self._position = position
        return self._line


def _skip(content: str, position: int) -> int:
    """The position of the first non-blank character at or after ``position``."""
    match = _BLANK.match(content, position)
    return match.end() if match else position


def _document(record: Any, index: int, source: str, line: int) -> Document:
    where = f"record {index}"
    if not isinstance(record, dict):
        raise InputError(source, f"{where} is not an object", line=line)
    text = record.get("full_text")
    if not isinstance(text, str):
        raise InputError(source, f'{where}: "full_text" is missing or not a string', line=line)
    check_not_empty(text, source, line=line)
    raw_spans = record.get("spans", [])
    if not isinstance(raw_spans, list):
        raise InputError(source, f'{where}: "spans" is not a list', line=line)
    spans = [
        _span(raw, f"{where}, span {n}", text, source, line) for n, raw in enumerate(raw_spans)
    ]
    meta = {"template_id": record["template_id"]} if "template_id" in record else {}
    return Document(
        text=text,
        spans=sorted_spans(spans),
        external_id=f"presidio-{index}",
        source=Path(source).name,
        meta=meta,
        language="en",
    )


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _span(raw: Any, where: str, text: str, source: str, line: int) -> Span:
    if not isinstance(raw, dict):
        raise InputError(source, f"{where} is not an object", line=line)
    start, end = raw.get("start_position"), raw.get("end_position")
    label, value = raw.get("entity_type"), raw.get("entity_value")
    if not _is_int(start) or not _is_int(end):
        raise InputError(
            source, f"{where}: start_position and end_position must be integers", line=line
        )
    if not isinstance(label, str) or not label:
        raise InputError(source, f"{where}: entity_type must be a non-empty string", line=line)
    if not 0 <= start < end <= len(text):
        raise InputError(
            source,
            f"{where}: {start}-{end} is not a non-empty range inside the text (0-{len(text)})",
            line=line,
        )
    if value is not None and value != text[start:end]:
        raise InputError(
            source,
            f"{where}: entity_value at {start}-{end}: {text_mismatch(str(value), text[start:end])}",
            line=line,
        )
    return Span(start, end, label)
