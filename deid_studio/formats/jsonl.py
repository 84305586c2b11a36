"""JSON Lines: one narrative per line.

``{"id": "R1", "text": "...", "spans": [{"start": 0, "end": 4, "label": "PATIENT"}],
"meta": {...}, "case_id": "C1", "language": "en"}``. ``id`` and ``text`` are required;
``spans`` (default none), ``meta``, ``case_id`` and ``language`` are optional; other keys are
ignored. A span may carry ``"text"``, which is then checked against the narrative. Blank lines
are skipped. JSON strings escape CR and LF, so a narrative's line ends survive exactly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import (
    TOO_DEEP,
    check_not_empty,
    check_span,
    sorted_spans,
    text_mismatch,
)
from deid_studio.formats.base import read_text_file

_T = TypeVar("_T")


def read_jsonl(
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every line of a JSON Lines file as a document; :class:`InputError` names the bad line."""
    path = Path(path)
    if not path.is_file():
        raise InputError(str(path), "no such file")
    content = read_text_file(path).removeprefix("\ufeff")
    # LF only: a JSON string may hold U+2028 or U+0085 unescaped, which str.splitlines splits.
    lines = content.split("\n")
    documents: list[Document] = []
    for number, line in enumerate(lines, start=1):
        if number % 100 == 1:
            check(cancelled)
        if line.strip():
            documents.append(jsonl_document(line, str(path), number))
        progress(number, len(lines))
    if not documents:
        raise InputError(str(path), "no records (the file is empty)")
    return documents


def jsonl_document(line: str, source: str, number: int) -> Document:
    """One line as a document; :class:`InputError` names the line and the problem."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as err:
        raise InputError(
            source, f"invalid JSON: {err.msg} (column {err.colno})", line=number
        ) from None
    except RecursionError:
        raise InputError(source, TOO_DEEP, line=number) from None
    if not isinstance(record, dict):
        raise InputError(
            source, f"expected a JSON object, found {type(record).__name__}", line=number
        )
    if isinstance(record.get("id"), int) and not isinstance(record["id"], bool):
        record["id"] = str(record["id"])
    field = _Fields(record, source, number)
    external_id = field.get("id", str, "a string or an integer")
    text = field.get("text", str, "a string")
    check_not_empty(text, source, line=number)
    raw_spans = field.get("spans", list, "a list", default=[])
    meta = field.get("meta", dict, "an object", default={})
    case_id = field.get("case_id", str, "a string", default="")
    language = field.get("language", str, "a string", default="") or None
    spans = [_span(s, index, text, source, number) for index, s in enumerate(raw_spans)]
    return Document(
        text=text,
        spans=sorted_spans(spans),
        external_id=external_id,
        case_id=case_id,
        source=Path(source).name,
        meta=meta,
        language=language,
    )


class _Fields:
    """Typed access to the keys of one record, with located errors."""

    def __init__(self, record: dict[str, Any], source: str, number: int) -> None:
        self._record = record
        self._source = source
        self._number = number

    def get(self, key: str, kind: type[_T], what: str, *, default: _T | None = None) -> _T:
        """``record[key]`` if it is a ``kind``; ``default`` when absent or null, if given."""
        value = self._record.get(key)
        if value is None:
            if default is not None:
                return default
            raise InputError(self._source, f'missing "{key}" ({what})', line=self._number)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InputError(
                self._source,
                f'"{key}" must be {what}, not {type(value).__name__}',
                line=self._number,
            )
        return value


def _span(raw: Any, index: int, text: str, source: str, number: int) -> Span:
    where = f"spans[{index}]"
    if not isinstance(raw, dict):
        raise InputError(source, f"{where} is not an object", line=number)
    for key in ("start", "end"):
        value = raw.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            problem = "missing" if value is None else f"not an integer (a {type(value).__name__})"
            raise InputError(source, f'{where}: "{key}" is {problem}', line=number)
    label = raw.get("label")
    if not isinstance(label, str) or not label:
        raise InputError(source, f'{where}: "label" must be a non-empty string', line=number)
    start, end = raw["start"], raw["end"]
    check_span(text, start, end, source, line=number, what=where)
    covered = raw.get("text")
    if covered is not None and covered != text[start:end]:
        raise InputError(
            source,
            f"{where} at {start}-{end}: {text_mismatch(str(covered), text[start:end])}",
            line=number,
        )
    return Span(start, end, label)


def write_jsonl(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write all documents to the one file ``out``, a line each; returns ``[out]``.

    Keys: id, text, spans (start, end, label), meta, and case_id and language when set.
    Non-ASCII characters are written as they are (UTF-8). ``scheme`` is not used.
    """
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []
    for done, document in enumerate(documents, start=1):
        if done % 100 == 1:
            check(cancelled)
        lines.append(json.dumps(jsonl_record(document), ensure_ascii=False) + "\n")
        progress(done, len(documents))
    out.write_bytes("".join(lines).encode("utf-8"))
    return [out]


def jsonl_record(document: Document) -> dict[str, Any]:
    """The JSON object :func:`write_jsonl` writes for one document."""
    record: dict[str, Any] = {
        "id": document.external_id,
        "text": document.text,
        "spans": [
            {"start": s.start, "end": s.end, "label": s.category}
            for s in sorted_spans(document.spans)
        ],
        "meta": dict(document.meta),
    }
    if document.case_id:
        record["case_id"] = document.case_id
    if document.language:
        record["language"] = document.language
    return record
