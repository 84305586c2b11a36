"""Merging rule suggestions and CRF suggestions without losing a covered character.

Where suggestions overlap, the one ranked first keeps its extent: a suggestion whose source is
the preferred one for its category (``priority``, a project setting: category -> ``rule`` or
``crf``) ranks before one whose source is not; then the longer, then the more confident, then
rules before the CRF. Every other suggestion keeps whatever part of it no higher-ranked one
covers — possibly in pieces — so the result covers exactly the characters the inputs covered
(recall first), with no overlaps. A leftover piece without a letter or digit (a space, a
comma between two names) is given to the suggestion it touches rather than kept alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from deid_studio.core.document import Suggestion

SOURCES = ("rule", "crf")
DEFAULT_SOURCE = "crf"


def combine(
    suggestions: Iterable[Suggestion],
    priority: Mapping[str, str] | None = None,
    *,
    text: str | None = None,
    default: str = DEFAULT_SOURCE,
) -> list[Suggestion]:
    """Non-overlapping suggestions covering the union of ``suggestions``, sorted by start.

    ``priority`` maps a category to the source that wins it (``default`` for categories it
    does not name). With ``text``, pieces that hold no letter or digit join a neighbour.
    """
    priority = priority or {}
    ranked = sorted(
        suggestions,
        key=lambda s: (
            priority.get(s.category, default) != s.source,
            -(s.end - s.start),
            -s.confidence,
            SOURCES.index(s.source) if s.source in SOURCES else len(SOURCES),
            s.start,
            s.category,
        ),
    )
    kept: list[Suggestion] = []  # sorted by start, non-overlapping
    for suggestion in ranked:
        for start, end in _uncovered(kept, suggestion.start, suggestion.end):
            _insert(kept, replace(suggestion, start=start, end=end))
    if text is not None:
        kept = _absorb_blank_pieces(kept, text)
    return kept


def _uncovered(kept: Sequence[Suggestion], start: int, end: int) -> list[tuple[int, int]]:
    """The parts of [start, end) that no kept suggestion covers."""
    pieces: list[tuple[int, int]] = []
    position = start
    for other in kept:
        if other.end <= position:
            continue
        if other.start >= end:
            break
        if other.start > position:
            pieces.append((position, other.start))
        position = max(position, other.end)
        if position >= end:
            break
    if position < end:
        pieces.append((position, end))
    return pieces


def _insert(kept: list[Suggestion], suggestion: Suggestion) -> None:
    index = len(kept)
    while index > 0 and kept[index - 1].start > suggestion.start:
        index -= 1
    kept.insert(index, suggestion)


def _absorb_blank_pieces(kept: list[Suggestion], text: str) -> list[Suggestion]:
    """Give each piece without a letter or digit to a suggestion it touches (the previous
    one first); a blank piece touching none stays, so no character is lost."""
    out: list[Suggestion] = []
    pending: Suggestion | None = None  # a blank piece waiting for a following neighbour
    for suggestion in kept:
        blank = not any(c.isalnum() for c in text[suggestion.start : suggestion.end])
        if pending is not None:
            if pending.end == suggestion.start and not blank:
                suggestion = replace(suggestion, start=pending.start)
            else:
                out.append(pending)
            pending = None
        if blank:
            if out and out[-1].end == suggestion.start:
                out[-1] = replace(out[-1], end=suggestion.end)
            else:
                pending = suggestion
            continue
        out.append(suggestion)
    if pending is not None:
        out.append(pending)
    return out
