"""CoNLL-style BIO token files, the usual input of sequence labellers.

One file for all documents. Each document starts with ``# document: <external id>``; each
non-blank line of its narrative is a sentence of ``token<TAB>label`` lines followed by a blank
line. Tokens come from :func:`deid_studio.core.tokenize.tokenize`, so a token never holds
whitespace. A token that overlaps a span is labelled with the span's category: ``B-`` on the
span's first token and ``I-`` after it; a span that runs over a line break starts again with
``B-`` on the next line, since each sentence must be a valid BIO sequence on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.core.tokenize import Token, line_spans, tokenize
from deid_studio.formats._common import one_line


def write_conll(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write all documents as BIO-labelled tokens to the one UTF-8 file ``out``.

    When a token overlaps several spans, the one starting first (the longest on a tie)
    labels it. ``scheme`` is not used. Returns ``[out]``.
    """
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    parts: list[str] = []
    for done, document in enumerate(documents, start=1):
        if done % 100 == 1:
            check(cancelled)
        parts.append(conll_lines(document))
        progress(done, len(documents))
    out.write_bytes("".join(parts).encode("utf-8"))
    return [out]


def conll_lines(document: Document) -> str:
    """The CoNLL block of one document, ending with a blank line."""
    spans = sorted(document.spans, key=lambda s: (s.start, -s.end, s.category))
    lines = [f"# document: {one_line(document.external_id)}\n"]
    for start, end in line_spans(document.text):
        tokens = tokenize(document.text[start:end], start)
        if not tokens:
            continue
        previous: Span | None = None
        for token in tokens:
            span = _covering(token, spans)
            if span is None:
                label = "O"
            elif span is previous:
                label = f"I-{span.category}"
            else:
                label = f"B-{span.category}"
            lines.append(f"{token.text}\t{label}\n")
            previous = span
        lines.append("\n")
    return "".join(lines)


def _covering(token: Token, spans: list[Span]) -> Span | None:
    for span in spans:
        if span.start >= token.end:
            return None
        if span.end > token.start:
            return span
    return None
