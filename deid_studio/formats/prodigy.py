"""Prodigy: annotated examples as JSON Lines (``prodigy db-out`` writes them, ``db-in`` reads).

One example per line: ``{"text", "tokens": [{"text", "start", "end", "id", "ws"}], "spans":
[{"start", "end", "label", "token_start", "token_end"}], "answer": "accept", "meta": {...}}``.
Offsets count code points, as Python does.

Reading: only examples answered ``accept`` are gold; rejected, ignored and unanswered ones are
skipped and counted in the notes (a rejected example's spans are wrong by definition, and an
unanswered one was never looked at). A span may give ``token_start``/``token_end`` without
``start``/``end`` when the example has its tokens; when it gives both they must agree. The
report id is ``meta.report_id`` (or ``meta.id``, ``id``, ``_input_hash``, the line number).

Writing: every document as an accepted example, with tokens on which every span starts and
ends (:mod:`._pieces`; whitespace other than one space after a word is a token, as spaCy
makes it) and ``meta.report_id``. Overlapping spans are written as they are — Prodigy's
``spans`` recipes show them; its ``ner`` recipes expect none — and counted in the notes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any, NoReturn

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import check_not_empty, check_span, sorted_spans
from deid_studio.formats._pieces import Piece, pieces
from deid_studio.formats.base import Notes, read_text_file

ANSWERS = ("accept", "reject", "ignore")


def read_prodigy(
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Document]:
    """The accepted examples of a Prodigy JSONL file, or an :class:`InputError`."""
    path = Path(path)
    if not path.is_file():
        raise InputError(str(path), "no such file (expected Prodigy's JSONL, from db-out)")
    lines = read_text_file(path).removeprefix("\ufeff").split("\n")
    answers: Counter[str] = Counter()
    documents: list[Document] = []
    for number, line in enumerate(lines, start=1):
        if number % 100 == 1:
            check(cancelled)
        if line.strip():
            example = _Example(line, str(path), number)
            answers[example.answer] += 1
            if example.answer == "accept":
                documents.append(example.document())
        progress(number, len(lines))
    skipped = _skipped(answers)
    if not documents:
        raise InputError(
            str(path),
            f"no accepted examples ({skipped or 'the file is empty'}); only accepted examples "
            "are gold",
        )
    if notes is not None and skipped:
        notes.append(f"skipped {skipped}: only accepted examples are gold")
    return documents


def _skipped(answers: Counter[str]) -> str:
    names = {"reject": "rejected", "ignore": "ignored", "": "unanswered"}
    parts = [f"{answers[k]} {word}" for k, word in names.items() if answers[k]]
    return ", ".join(parts) + (" examples" if parts else "")


class _Example:
    """One line of the file, with located errors."""

    def __init__(self, line: str, source: str, number: int) -> None:
        self.source, self.number = source, number
        try:
            example = json.loads(line)
        except json.JSONDecodeError as err:
            self.fail(f"invalid JSON: {err.msg} (column {err.colno})")
        if not isinstance(example, dict):
            self.fail(f"expected a JSON object, found {type(example).__name__}")
        self.example: dict[str, Any] = example
        answer = example.get("answer", "")
        if answer not in (*ANSWERS, ""):
            self.fail(f'"answer" must be accept, reject or ignore, not {answer!r}')
        self.answer: str = answer

    def fail(self, problem: str) -> NoReturn:
        raise InputError(self.source, problem, line=self.number)

    def document(self) -> Document:
        text = self.example.get("text")
        if not isinstance(text, str):
            self.fail('"text" must be a string')
        check_not_empty(text, self.source, line=self.number)
        tokens = self.example.get("tokens")
        if tokens is not None and not isinstance(tokens, list):
            self.fail('"tokens" must be a list')
        raw = self.example.get("spans") or []
        if not isinstance(raw, list):
            self.fail('"spans" must be a list')
        spans = [self._span(s, i, text, tokens) for i, s in enumerate(raw)]
        meta = self.example.get("meta")
        meta = meta if isinstance(meta, dict) else {}
        external = next(
            (
                v
                for v in (meta.get("report_id"), meta.get("id"), self.example.get("id"))
                if isinstance(v, str | int) and not isinstance(v, bool) and str(v)
            ),
            self.example.get("_input_hash", f"line-{self.number}"),
        )
        kept = {k: v for k, v in meta.items() if k not in ("report_id", "case_id", "language")}
        return Document(
            text=text,
            spans=sorted_spans(spans),
            external_id=str(external),
            case_id=str(meta.get("case_id") or ""),
            source=f"{Path(self.source).name}:{self.number}",
            meta=kept,
            language=str(meta["language"]) if meta.get("language") else None,
        )

    def _span(self, raw: Any, index: int, text: str, tokens: list[Any] | None) -> Span:
        where = f"spans[{index}]"
        if not isinstance(raw, dict):
            self.fail(f"{where} is not an object")
        label = raw.get("label")
        if not isinstance(label, str) or not label:
            self.fail(f'{where}: "label" must be a non-empty string')
        start, end = raw.get("start"), raw.get("end")
        by_tokens = self._token_offsets(raw, where, tokens)
        if start is None and end is None and by_tokens is not None:
            start, end = by_tokens
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (start, end)):
            self.fail(f'{where}: "start" and "end" must be integers, not {start!r} and {end!r}')
        check_span(text, start, end, self.source, line=self.number, what=where)
        if by_tokens is not None and by_tokens != (start, end):
            self.fail(
                f"{where}: characters {start}-{end} but tokens {raw['token_start']}-"
                f"{raw['token_end']} cover {by_tokens[0]}-{by_tokens[1]}"
            )
        return Span(start, end, label)

    def _token_offsets(
        self, raw: dict[str, Any], where: str, tokens: list[Any] | None
    ) -> tuple[int, int] | None:
        first, last = raw.get("token_start"), raw.get("token_end")
        if tokens is None or first is None or last is None:
            return None
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (first, last)):
            self.fail(f"{where}: token_start and token_end must be integers")
        if not 0 <= first <= last < len(tokens):
            self.fail(f"{where}: tokens {first}-{last} are not among the {len(tokens)} tokens")
        begin, finish = tokens[first], tokens[last]
        if not (isinstance(begin, dict) and isinstance(finish, dict)):
            self.fail(f"{where}: its tokens are not objects")
        start, end = begin.get("start"), finish.get("end")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (start, end)):
            self.fail(f"{where}: its tokens have no integer start and end")
        return start, end


def write_prodigy(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Path]:
    """Write every document as an accepted example to the one JSONL file ``out``."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []
    overlapping = 0
    for done, document in enumerate(documents, start=1):
        if done % 100 == 1:
            check(cancelled)
        lines.append(json.dumps(example_for(document), ensure_ascii=False) + "\n")
        overlapping += _has_overlap(document.spans)
        progress(done, len(documents))
    out.write_bytes("".join(lines).encode("utf-8"))
    if notes is not None and overlapping:
        notes.append(
            f"{overlapping} documents have overlapping spans, written as they are (Prodigy's "
            "spans recipes show them; its ner recipes expect none)"
        )
    return [out]


def example_for(document: Document) -> dict[str, Any]:
    """The accepted Prodigy example of one document."""
    spans = sorted_spans(document.spans)
    parts = pieces(document.text, spans)
    first = {p.start: i for i, p in enumerate(parts)}
    last = {p.end: i for i, p in enumerate(parts)}
    meta: dict[str, Any] = {"report_id": document.external_id}
    if document.case_id:
        meta["case_id"] = document.case_id
    if document.language:
        meta["language"] = document.language
    meta |= {k: v for k, v in document.meta.items() if k not in meta}
    return {
        "text": document.text,
        "meta": meta,
        "tokens": [_token(i, p) for i, p in enumerate(parts)],
        "spans": [
            {
                "start": s.start,
                "end": s.end,
                "label": s.category,
                "token_start": first[s.start],
                "token_end": last[s.end],
            }
            for s in spans
        ],
        "answer": "accept",
    }


def _token(index: int, piece: Piece) -> dict[str, Any]:
    return {
        "text": piece.text,
        "start": piece.start,
        "end": piece.end,
        "id": index,
        "ws": piece.space_after,
    }


def _has_overlap(spans: Sequence[Span]) -> bool:
    ordered = sorted_spans(spans)
    return any(b.start < a.end for a, b in pairwise(ordered))
