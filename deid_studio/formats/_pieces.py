"""A narrative cut into tokens that every span starts and ends on, for token-based formats.

spaCy's ``Doc``, Prodigy's ``tokens`` and the DKPro ``Token`` annotations of an INCEpTION
export all describe a narrative as tokens, and each of those tools expects an entity to begin
and end on token boundaries. The pieces here are the tokens of :func:`core.tokenize` cut again
at every span boundary, plus the whitespace between them, so that

* the pieces, each followed by one space where ``space_after`` says so, spell the narrative
  exactly (CR/LF, tabs and runs of spaces included), as spaCy's ``words`` and ``spaces`` do;
* every span of the document starts at the start of a piece and ends at the end of one.

A single space after a word is that word's ``space_after`` (spaCy's ``whitespace_``); any
other whitespace ("\\r\\n", two spaces, a tab) is a piece of its own, as spaCy makes it. A
space that a span starts on or ends after is a piece too, so the span can end there.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import NamedTuple

from deid_studio.core.document import Span
from deid_studio.core.tokenize import tokenize


class Piece(NamedTuple):
    """A token or a stretch of whitespace, ``[start, end)`` in the narrative."""

    start: int
    end: int
    text: str
    space_after: bool

    @property
    def is_space(self) -> bool:
        """True for a piece of whitespace only."""
        return self.text.isspace()


def pieces(text: str, spans: Iterable[Span] = ()) -> list[Piece]:
    """The narrative as pieces on which every span in ``spans`` starts and ends."""
    listed = list(spans)
    span_starts = {s.start for s in listed}
    span_ends = {s.end for s in listed}
    bounds: set[int] = {0, len(text)} | span_starts | span_ends
    for token in tokenize(text):
        bounds.add(token.start)
        bounds.add(token.end)
    ordered = sorted(b for b in bounds if 0 <= b <= len(text))
    out: list[Piece] = []
    for start, end in pairwise(ordered):
        chunk = text[start:end]
        if chunk == " " and out and not out[-1].is_space and not out[-1].space_after:
            if start not in span_starts and end not in span_ends:
                out[-1] = out[-1]._replace(space_after=True)
                continue
        out.append(Piece(start, end, chunk, False))
    return out


def words_and_spaces(parts: list[Piece]) -> tuple[list[str], list[bool]]:
    """spaCy's ``words`` and ``spaces`` for these pieces."""
    return [p.text for p in parts], [p.space_after for p in parts]


def piece_index(parts: list[Piece]) -> tuple[dict[int, int], dict[int, int]]:
    """Maps from a piece's start offset to its index, and from its end offset to its index."""
    return {p.start: i for i, p in enumerate(parts)}, {p.end: i for i, p in enumerate(parts)}
