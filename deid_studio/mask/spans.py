"""Which stretches of a narrative are masked.

The document's gold spans and its suggestions at or above the policy's confidence threshold,
together (recall first): spans that share a character merge into one covering all of them, so
no covered character is ever dropped. The merged span takes the category of its most
authoritative member: a masked category before a kept one (an ID inside a kept age still
masks), then gold before suggestion before repeat, then the longest.

No name in part: a suggestion below the threshold that continues a masked span — next to it
with nothing but a space, a hyphen, a comma or a full stop between (or overlapping it) — is
masked with it, as one span, when the two form one name or one address (the same category,
two person categories, two parts of an address: "Adelia" 0.48 beside "Lasa Galan" 0.75;
"Su marido, Reyes" with "Reyes" 0.25), whatever its confidence; a name-like suggestion (a
person, a place, an organisation) beside a masked span of any other kind is masked when its
confidence reaches the policy's lower *neighbour* threshold ("Hospital Clínico, Valencia"; a
date or an age draws no neighbour in).
Both grow until nothing more joins, so a chain of parts is masked whole.

Then every other occurrence of a masked string is masked too (a name annotated once but
mentioned twice), with the same matcher the leak check uses; and so is every other occurrence
of a word of a masked name (first names and surnames, capitalised, so "Delgado" the surname
does not take "intestino delgado") or of a run of four or more digits of a masked ID.
"""

from __future__ import annotations

import itertools
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
_GAP = regex.compile(r"[\s,.\-\u2010-\u2013'\u2019]{0,3}")
"""What may stand between two parts of one name or address (or a span and its neighbour)."""
NAME_KINDS = frozenset({"person"})
ADDRESS = frozenset({"location", "street", "city", "state", "country", "postcode"})
"""Kinds whose adjacent spans are parts of one address ("Calle Mayor 5, 28013 Madrid")."""
NAME_LIKE = frozenset({"person", "organization", "location", "street", "city", "state", "country"})
"""Kinds of spans that name someone or somewhere (drawn in as neighbours)."""
NEIGHBOURED = NAME_LIKE | {"id", "contact", "postcode", "profession"}
"""Kinds of masked spans whose name-like neighbours are drawn in: not a date or an age (the
model often takes the month of "Dec2020" for a place; the date masks itself)."""


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
    document: Document,
    suggestions: Iterable[Suggestion],
    threshold: float,
    *,
    kind: Callable[[str], str] | None = None,
    masked: Callable[[str], bool] | None = None,
    neighbour: float | None = None,
) -> list[MaskSpan]:
    """Gold spans and suggestions at or above ``threshold``, unmerged, in reading order;
    with ``kind`` (a category's kind, :mod:`.kinds`), also the suggestions below it that
    complete a masked name or address or are name-like neighbours of a masked span at or
    above ``neighbour`` (see the module text). ``masked`` says which categories the policy
    masks: only their spans draw others in."""
    inside = [s for s in suggestions if s.end <= len(document.text)]
    spans = [MaskSpan(s.start, s.end, s.category, "gold") for s in document.spans]
    spans += [
        MaskSpan(s.start, s.end, s.category, "suggestion")
        for s in inside
        if s.confidence >= threshold
    ]
    if kind is not None:
        below = [s for s in inside if s.confidence < threshold]
        spans += whole_names(document.text, spans, below, kind, masked, neighbour)
    return sorted(spans, key=lambda s: (s.start, s.end))


def whole_names(
    text: str,
    chosen: Sequence[MaskSpan],
    below: Sequence[Suggestion],
    kind: Callable[[str], str],
    masked: Callable[[str], bool] | None = None,
    neighbour: float | None = None,
) -> list[MaskSpan]:
    """The suggestions of ``below`` drawn in by the spans ``chosen`` for masking: those
    completing a name or an address, and name-like neighbours at or above ``neighbour``."""
    anchors = [s for s in chosen if masked is None or masked(s.category)]
    waiting = sorted(below, key=lambda s: (s.start, s.end))
    drawn: list[MaskSpan] = []
    grew = True
    while grew and waiting:
        grew = False
        for suggestion in list(waiting):
            joined = next(
                (j for a in anchors if (j := _joined(text, suggestion, a, kind, neighbour))), None
            )
            if joined is None:
                continue
            drawn.append(joined)
            if masked is None or masked(joined.category):
                anchors.append(joined)
            waiting.remove(suggestion)
            grew = True
    return drawn


def _joined(
    text: str, s: Suggestion, anchor: MaskSpan, kind: Callable[[str], str], neighbour: float | None
) -> MaskSpan | None:
    """The span ``s`` is masked as because it touches ``anchor`` (None when it is not): the
    two with what lies between, when they form one name or address; ``s`` alone when it is
    a name-like neighbour at or above ``neighbour``."""
    if s.end <= anchor.start:
        gap = text[s.end : anchor.start]
    elif anchor.end <= s.start:
        gap = text[anchor.end : s.start]
    else:
        gap = ""  # they overlap
    if not _GAP.fullmatch(gap):
        return None
    mine, theirs = kind(s.category), kind(anchor.category)
    if s.category == anchor.category or {mine, theirs} <= NAME_KINDS or {mine, theirs} <= ADDRESS:
        if "\n" in gap or "\r" in gap:  # masked apart: the line break stays
            return MaskSpan(s.start, s.end, s.category, "suggestion")
        start, end = min(s.start, anchor.start), max(s.end, anchor.end)
        return MaskSpan(start, end, anchor.category, "suggestion")
    if (
        neighbour is not None
        and mine in NAME_LIKE
        and theirs in NEIGHBOURED
        and s.confidence >= neighbour
    ):
        return MaskSpan(s.start, s.end, s.category, "suggestion")
    return None


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
    *,
    protected: Sequence[tuple[int, int]] = (),
) -> list[MaskSpan]:
    """Other occurrences of masked strings, name words and ID digit runs not inside ``spans``
    (the masked ones) nor inside ``protected`` stretches (safe terms in their context).

    Each mapping goes from the searched text to the category its repeats take.
    """
    found: list[MaskSpan] = []
    searches = (
        (Matcher(strings), strings, False),
        (Matcher(name_words, case_sensitive_start=True), name_words, True),
        (Matcher(id_runs), id_runs, True),
    )
    # a masked span that ends (or starts) inside a word makes a word edge in the masked text:
    # "Ad26.COV" masked in "Ad26.COV2.S" leaves "[CONTACT]2.S", where a masked "2.S" reads
    # as a word of its own (the leak check would find it): search there too
    cut = _cut_words(text, spans)
    for matcher, categories, part in searches:
        by_key = {normalise(k): v for k, v in categories.items()}
        hits = matcher.find(text)
        if cut is not None:
            hits = itertools.chain(hits, matcher.find(cut))
        for hit in hits:
            if any(a <= hit.start and hit.end <= b for a, b in protected):
                continue
            if not _covered(hit, spans) and not _covered(hit, found):
                found.append(MaskSpan(hit.start, hit.end, by_key[hit.key], "repeat", part))
    return found


def _cut_words(text: str, spans: Sequence[MaskSpan]) -> str | None:
    """``text`` with every masked span blanked (NUL characters, no word and no space), when a
    span cuts a word; None when none does."""
    cuts = any(
        (0 < s.start and text[s.start - 1].isalnum() and text[s.start].isalnum())
        or (s.end < len(text) and text[s.end - 1].isalnum() and text[s.end].isalnum())
        for s in spans
        if s.end > s.start
    )
    if not cuts:
        return None
    pieces, last = [], 0
    for s in sorted(spans, key=lambda s: s.start):
        start = max(s.start, last)
        if s.end <= start:
            continue
        pieces += [text[last:start], "\0" * (s.end - start)]
        last = s.end
    pieces.append(text[last:])
    return "".join(pieces)


def digit_runs(text: str) -> list[str]:
    """The runs of at least :data:`ID_DIGITS` digits of an ID."""
    return [r for r in _DIGITS.findall(text) if len(r) >= ID_DIGITS]


def _covered(hit: Hit, spans: Iterable[MaskSpan]) -> bool:
    return any(s.covers(hit.start, hit.end) for s in spans)
