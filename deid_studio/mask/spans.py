"""Which stretches of a narrative are masked.

The document's gold spans and its suggestions at or above the policy's confidence threshold,
together (recall first): spans that share a character merge into one covering all of them, so
no covered character is ever dropped. The merged span takes the category of its most
authoritative member: a masked category before a kept one (an ID inside a kept age still
masks), then gold before suggestion before repeat, then the longest.

Then every other occurrence of a masked string is masked too (a name annotated once but
mentioned twice), with the same matcher the leak check uses; and so is every other occurrence
of a word of a masked name (first names and surnames, capitalised, so "Delgado" the surname
does not take "intestino delgado") or of a run of four or more digits of a masked ID.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import regex

from deid_studio.core.document import Document, Suggestion
from deid_studio.mask.text import Hit, Matcher, normalise

Origin = Literal["gold", "suggestion", "repeat"]
_RANK: dict[str, int] = {"gold": 0, "suggestion": 1, "repeat": 2}
ID_DIGITS = 4
"""Digit runs of an ID shorter than this are not searched for alone ("28" is more often an
age or a dose than a part of a licence number)."""
_DIGITS = regex.compile(r"\p{Nd}+")


@dataclass(frozen=True, slots=True)
class MaskSpan:
    """A stretch to mask, its category, and why: gold, a suggestion, or a repeat of either.

    ``part`` marks a repeat of one word of a name or one digit run of an ID, which is masked
    as that word alone.
    """

    start: int
    end: int
    category: str
    origin: Origin
    part: bool = False

    def covers(self, start: int, end: int) -> bool:
        """True when ``[start, end)`` lies inside this span."""
        return self.start <= start and end <= self.end


def phi_spans(
    document: Document, suggestions: Iterable[Suggestion], threshold: float
) -> list[MaskSpan]:
    """Gold spans and suggestions at or above ``threshold``, unmerged, in reading order."""
    spans = [MaskSpan(s.start, s.end, s.category, "gold") for s in document.spans]
    spans += [
        MaskSpan(s.start, s.end, s.category, "suggestion")
        for s in suggestions
        if s.confidence >= threshold and s.end <= len(document.text)
    ]
    return sorted(spans, key=lambda s: (s.start, s.end))


def merge(spans: Iterable[MaskSpan], masked: Callable[[str], bool]) -> list[MaskSpan]:
    """Spans sharing a character joined into one (see the module text for the category)."""
    ordered = sorted(spans, key=lambda s: (s.start, s.end))
    merged: list[MaskSpan] = []
    group: list[MaskSpan] = []
    end = -1
    for span in ordered:
        if group and span.start >= end:  # shares no character with the group
            merged.append(_join(group, masked))
            group = []
        end = max(end, span.end) if group else span.end
        group.append(span)
    if group:
        merged.append(_join(group, masked))
    return merged


def _join(group: Sequence[MaskSpan], masked: Callable[[str], bool]) -> MaskSpan:
    best = min(
        group,
        key=lambda s: (not masked(s.category), _RANK[s.origin], s.part, -(s.end - s.start)),
    )
    start, end = min(s.start for s in group), max(s.end for s in group)
    if (best.start, best.end) == (start, end):
        return best
    return MaskSpan(start, end, best.category, best.origin)


def repeats(
    text: str,
    spans: Sequence[MaskSpan],
    strings: dict[str, str],
    name_words: dict[str, str],
    id_runs: dict[str, str],
) -> list[MaskSpan]:
    """Other occurrences of masked strings, name words and ID digit runs not inside ``spans``
    (the masked ones).

    Each mapping goes from the searched text to the category its repeats take.
    """
    found: list[MaskSpan] = []
    searches = (
        (Matcher(strings), strings, False),
        (Matcher(name_words, case_sensitive_start=True), name_words, True),
        (Matcher(id_runs), id_runs, True),
    )
    for matcher, categories, part in searches:
        by_key = {normalise(k): v for k, v in categories.items()}
        for hit in matcher.find(text):
            if not _covered(hit, spans) and not _covered(hit, found):
                found.append(MaskSpan(hit.start, hit.end, by_key[hit.key], "repeat", part))
    return found


def digit_runs(text: str) -> list[str]:
    """The runs of at least :data:`ID_DIGITS` digits of an ID."""
    return [r for r in _DIGITS.findall(text) if len(r) >= ID_DIGITS]


def _covered(hit: Hit, spans: Iterable[MaskSpan]) -> bool:
    return any(s.covers(hit.start, hit.end) for s in spans)
