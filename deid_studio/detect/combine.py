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
from deid_studio.detect.rules.base import occurrences

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


SURE = 0.9
"""How sure a suggestion of several words must be to say what its string is elsewhere in
the narrative (:func:`consistent`)."""
_WORDS = 2


def consistent(
    suggestions: Sequence[Suggestion], text: str, *, best_path: bool = False
) -> list[Suggestion]:
    """The suggestions with each other occurrence of a sure name made one suggestion of the
    sure one's category: where a string of several words is suggested with confidence
    :data:`SURE` or more ("Francisco Jose Pons Calvo", a professional), a whole-word
    occurrence of it elsewhere that the suggestions cover in part and never cross — split
    ("Francisco Jose Pons" | "Calvo") or of another category ("Rosario Mir Alberdi" as a
    professional) — becomes one suggestion of that category, as confident as its most
    confident piece. A masked narrative then names one person once, in one category; no
    character the suggestions covered is lost.

    With ``best_path`` (default mode: the CRF's suggestions are its best path), a CRF
    suggestion is sure whatever its marginal says: the same narrative then gets the same
    spans whether the marginals were computed (the window's suggestions) or not (``tag``,
    the batch, the benchmarks); the marginals only say how sure, to the annotator."""

    def weight(s: Suggestion) -> float:
        return 1.0 if best_path and s.source == "crf" else s.confidence

    sure: dict[str, Suggestion] = {}
    for s in suggestions:
        string = text[s.start : s.end]
        if weight(s) >= SURE and len(string.split()) >= _WORDS:
            best = sure.get(string)
            if best is None or weight(s) > weight(best):
                sure[string] = s
    if not sure:
        return list(suggestions)
    out = sorted(suggestions, key=lambda s: (s.start, s.end))
    for string, model in sure.items():
        for at in occurrences(text, string):
            if _whole_word(text, at, at + len(string)):
                out = _unified(out, at, at + len(string), model)
    return out


def _whole_word(text: str, start: int, end: int) -> bool:
    return (start == 0 or not text[start - 1].isalnum()) and (
        end == len(text) or not text[end].isalnum()
    )


def _unified(
    suggestions: list[Suggestion], start: int, end: int, model: Suggestion
) -> list[Suggestion]:
    """``suggestions`` with those inside [start, end) made one of ``model``'s category, when
    some lie inside and none crosses its edges and they are not that one already."""
    inside = [s for s in suggestions if start <= s.start and s.end <= end]
    crossing = any(s.start < end and start < s.end for s in suggestions if s not in inside)
    if not inside or crossing:
        return suggestions
    if len(inside) == 1 and (inside[0].start, inside[0].end) == (start, end):
        if inside[0].category == model.category:
            return suggestions
    unified = replace(
        max(inside, key=lambda s: s.confidence),
        start=start,
        end=end,
        category=model.category,
    )
    kept = [s for s in suggestions if s not in inside]
    return sorted([*kept, unified], key=lambda s: (s.start, s.end))
