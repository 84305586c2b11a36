"""Run every rule over a narrative and keep a consistent, non-overlapping set of hits."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from functools import cache

from deid_studio.detect.rules.ages import AGE_RULES, DECADE_FINDER, SEXED_AGE_FINDER
from deid_studio.detect.rules.anchors import ANCHORS, Anchors
from deid_studio.detect.rules.base import MAX_LENGTH, Finder, Rule, RuleHit
from deid_studio.detect.rules.checksums import CHECKSUM_FINDER
from deid_studio.detect.rules.codes import CODE_RULES, HEALTH_CARD_FINDER
from deid_studio.detect.rules.contacts import CONTACT_RULES, SPELT_EMAIL_FINDER
from deid_studio.detect.rules.dates import DATE_RULES, YEAR_RULES
from deid_studio.detect.rules.descriptions import DESCRIPTION_FINDER
from deid_studio.detect.rules.guards import GUARDS
from deid_studio.detect.rules.holidays import HOLIDAY_FINDER
from deid_studio.detect.rules.month_days import MONTH_DAY_FINDER
from deid_studio.detect.rules.names import NAME_FINDER
from deid_studio.detect.rules.nationalities import NATIONALITY_FINDER
from deid_studio.detect.rules.ordinal_days import ORDINAL_DAY_FINDER
from deid_studio.detect.rules.phones import PHONE_FINDER, SPOKEN_PHONE_FINDER
from deid_studio.detect.rules.places import PLACE_FINDER
from deid_studio.detect.rules.professions import PROFESSION_FINDER
from deid_studio.detect.rules.terms import TERM_FINDER
from deid_studio.detect.rules.unknown import UNKNOWN_FINDER
from deid_studio.detect.rules.vehicles import FLIGHT_FINDER, PLATE_FINDER, SEAT_FINDER

_ALL = (*CONTACT_RULES, *CODE_RULES, *DATE_RULES, *AGE_RULES, *YEAR_RULES)
RULES: tuple[Rule, ...] = tuple(r for r in _ALL if r.after) + tuple(r for r in _ALL if not r.after)
"""Every rule, in priority order: when two hits cover the same characters with the same
length, the earlier rule wins. Rules that saw a key come first (after "NHS number:" a
number is an ID, though it has a phone's shape), then by module: contacts, codes, dates,
ages, years."""

_ODD_BLANKS = (
    "\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
)
"""No-break, thin and other typographic spaces. Word processors put them between a first name
and its surname ("Lara\u00a0Fiorentino") and French typography before a colon ("Nom\u202f:
Dupont"); the rules write a blank as a space or a tab."""
_ODD_BLANK = re.compile(f"[{_ODD_BLANKS}]")
_AS_SPACE = str.maketrans(dict.fromkeys(_ODD_BLANKS, " "))


_MARKS = r"[\u00b9\u00b2\u00b3\u2070\u2074-\u2079]"  # superscript digits
_MARK = re.compile(_MARKS)
_MARK_BEFORE_WORD = re.compile(rf"{_MARKS}+(?=[A-ZÀ-Þ])")
"""An affiliation's superscript mark against the word it marks ("²Université Jean-Monnet",
"¹Servicio de Neurología"): a blank to the rules, which read a digit there as part of a
code. Not "m²" nor "10⁹/L", which no capital follows."""


def plain_blanks(text: str) -> str:
    """``text`` with each of :data:`_ODD_BLANKS`, and each affiliation's mark before a word
    (:data:`_MARK_BEFORE_WORD`), written as a space, and a capital O typed for a zero in a
    number written as a zero (:data:`_OCR_NUMBER`): one character for one, so every offset
    into it is an offset into ``text``."""
    if _ODD_BLANK.search(text):
        text = text.translate(_AS_SPACE)
    if _MARK.search(text):
        text = _MARK_BEFORE_WORD.sub(lambda m: " " * len(m.group()), text)
    if _DIGIT_BESIDE_O.search(text):
        text = _OCR_NUMBER.sub(_zeros, text)
    return text


_DIGIT_BESIDE_O = re.compile(r"\dO|O\d")
_OCR_NUMBER = re.compile(
    r"(?<![^\W\d_])(?<!\d)(?=[\dO]*O)(?=(?:[\dO]*[/.\- ]?){0,6}?[\dO]*\d[^\d]*\d[^\d]*\d)"
    r"[\dO]+(?:[/.\- ][\dO]+)+(?![^\W\d_])"
)
"""A number of three digits or more, written in groups ("02O 7946 0321", "O4/O7/1948"),
with a capital O typed or scanned for a zero: the rules read it as the number it is."""


def _zeros(found: re.Match[str]) -> str:
    """The digits of :data:`_OCR_NUMBER`, its capital O written as a zero (one for one): a
    date's groups ("O4/O7/1948") or a phone's seven digits or more ("02O 7946 0321"); not a
    group that is the O alone ("O 2"), nor oxygen before a reading ("O2 99", "O2 87-91")."""
    number = found.group()
    if any(group == "O" for group in re.split(r"[/.\- ]", number)):
        return number
    if "/" not in number and "." not in number and sum(c.isdigit() for c in number) < 7:
        return number
    return number.replace("O", "0")


FINDERS: tuple[Finder, ...] = (
    CHECKSUM_FINDER,
    PHONE_FINDER,
    SPOKEN_PHONE_FINDER,
    SPELT_EMAIL_FINDER,
    HOLIDAY_FINDER,
    ORDINAL_DAY_FINDER,
    MONTH_DAY_FINDER,
    DECADE_FINDER,
    SEXED_AGE_FINDER,
    PLATE_FINDER,
    SEAT_FINDER,
    FLIGHT_FINDER,
    HEALTH_CARD_FINDER,
    PLACE_FINDER,
    NAME_FINDER,
    PROFESSION_FINDER,
    NATIONALITY_FINDER,
    DESCRIPTION_FINDER,
    TERM_FINDER,  # a term as long as a cue's name loses ("Dr. Parkinson")
    UNKNOWN_FINDER,  # a fallback: only where nothing else found anything
)
"""Rule families that find their hits by other means than a regex at anchors (see
:class:`~.base.Finder`); their hits rank after every regex rule's of the same length."""

_CONFIDENCE: dict[str, float] = {r.name: r.confidence for r in RULES}
for _finder in FINDERS:
    _CONFIDENCE.update(_finder.rules)


_WORD_RULES = frozenset(name for f in FINDERS if not f.guarded for name in f.rules)


def is_word_rule(rule: str) -> bool:
    """Whether ``rule`` finds words by their context (names, places: an unguarded finder's)
    rather than a shape (a date, a number)."""
    return rule in _WORD_RULES


def confidence(rule: str) -> float:
    """The confidence a suggestion of the rule (or finder rule) named ``rule`` carries."""
    return _CONFIDENCE.get(rule, 1.0)


def confidences() -> dict[str, float]:
    """Every rule and finder rule, with the confidence its suggestions carry."""
    return dict(_CONFIDENCE)


GUARD_REACH = 64
"""No guard match is longer: one starting further before a candidate cannot overlap it."""

for _rule in (*RULES, *GUARDS):
    if _rule.anchor not in ANCHORS:
        raise ValueError(f"rule {_rule.name}: unknown anchor {_rule.anchor}")


def rule_spans(rule: Rule, text: str, language: str | None = None) -> list[tuple[int, int]]:
    """(start, end) of what ``rule`` alone marks in ``text``: its matches at its anchors,
    overlaps resolved as :func:`find` does (the longer wins), sorted."""
    anchors = Anchors(text, language)
    spans = rule.matches(text, anchors.for_rule(rule.anchor, rule.after))
    return sorted(
        (start, end) for start, end, _ in _longest_first((s - e, 0, s, e) for s, e in spans)
    )


def rule_spans_of(hits: Iterable[RuleHit]) -> list[tuple[int, int]]:
    """(start, end) of ``hits`` with overlaps resolved as :func:`find` does (the longer
    wins), sorted: what a finder alone marks."""
    return sorted(
        (start, end)
        for start, end, _ in _longest_first((h.start - h.end, 0, h.start, h.end) for h in hits)
    )


@cache
def _rules_for(
    language: str | None,
) -> tuple[tuple[Rule, ...], tuple[Rule, ...], tuple[Finder, ...]]:
    rules = tuple(r for r in RULES if r.applies_to(language))
    guards = tuple(g for g in GUARDS if g.applies_to(language))
    finders = tuple(f for f in FINDERS if f.applies_to(language))
    return rules, guards, finders


class _Intervals:
    """Disjoint [start, end) intervals kept sorted, with an overlap test."""

    def __init__(self, spans: Iterable[tuple[int, int]] = ()) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in spans:
            self.add(start, end)

    def overlaps(self, start: int, end: int) -> bool:
        i = bisect_right(self.starts, start)
        if i and self.ends[i - 1] > start:
            return True
        return i < len(self.starts) and self.starts[i] < end

    def add(self, start: int, end: int) -> None:
        i = bisect_right(self.starts, start)
        self.starts.insert(i, start)
        self.ends.insert(i, end)


def _union(spans: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def find(text: str, language: str | None = None) -> list[RuleHit]:
    """Every PHI stretch the rules find in ``text``: non-overlapping, sorted by start.

    ``language`` (ISO 639-1) skips rules written for other languages and looks for month
    names of that language and English only; None runs everything. Where candidates
    overlap, the longer one wins, then the rule earlier in :data:`RULES`. A candidate that
    overlaps a guard match (a dose, a lot number...) is dropped, unless its finder finds
    words rather than numbers (``Finder.guarded`` false: names, places).
    """
    text = plain_blanks(text)  # a no-break space is a blank to every rule
    rules, guards, finders = _rules_for(language)
    anchors = Anchors(text, language)
    candidates: list[tuple[int, int, int, int]] = []  # (-length, order, start, end)
    for order, rule in enumerate(rules):
        positions = anchors.for_rule(rule.anchor, rule.after)
        if not positions:
            continue
        match, keep = rule.compiled.match, rule.keep
        for pos in positions:
            found = match(text, pos, pos + MAX_LENGTH)
            if found is not None and found.end() > pos and (keep is None or keep(found)):
                candidates.append((pos - found.end(), order, pos, found.end()))
    found: list[tuple[RuleHit, bool, bool]] = []  # (hit, guarded, prevails)
    fallback: list[RuleHit] = []
    # stretches a cue said what they are (``prevails``), with the kinds they win over
    cued: dict[tuple[int, int], frozenset[str]] = {}
    for finder in finders:
        for hit in finder.find(text, language):
            if not 0 <= hit.start < hit.end <= len(text):
                continue
            if finder.fallback:
                fallback.append(hit)
                continue
            prevails = hit.rule in finder.prevails
            found.append((hit, finder.guarded, prevails))
            if prevails:
                cued[(hit.start, hit.end)] = finder.prevails_over
    found_by: list[RuleHit] = []  # finder hits, indexed by order - len(rules)
    unguarded: list[tuple[int, int, int, int]] = []  # words, not numbers: no guard applies
    for hit, guarded, prevails in found:
        beaten = cued.get((hit.start, hit.end))
        if not prevails and beaten is not None and (not beaten or hit.kind in beaten):
            continue
        order = len(rules) + len(found_by)
        found_by.append(hit)
        into = candidates if guarded else unguarded
        into.append((hit.start - hit.end, order, hit.start, hit.end))
    if not candidates and not unguarded:
        return sorted(fallback)
    blocked = _Intervals(_union(_guard_spans(guards, text, anchors, candidates)))
    free = {order for _, order, _, _ in unguarded}
    hits = [
        RuleHit(start, end, rules[order].kind, rules[order].name)
        if order < len(rules)
        else found_by[order - len(rules)]
        for start, end, order in _longest_first(candidates + unguarded, blocked, free)
    ]
    hits.sort()
    return _with_fallback(hits, fallback) if fallback else hits


def _with_fallback(hits: list[RuleHit], fallback: list[RuleHit]) -> list[RuleHit]:
    """``hits`` (sorted, disjoint) with each fallback hit that overlaps none of them, or
    only hits of its own kind inside it, which it then replaces ("[Maika] van de Noort", a
    first name, becomes the whole name). A hit of the same stretch stays: the rule that
    knew the name is surer than the fallback ("Dervla McManus, a 82-year-old woman")."""
    starts = [h.start for h in hits]
    replaced: set[int] = set()
    added: list[RuleHit] = []
    for extra in fallback:
        i = bisect_right(starts, extra.start)
        if i and hits[i - 1].end > extra.start:
            i -= 1
        inside = []
        while i < len(hits) and hits[i].start < extra.end:
            inside.append(i)
            i += 1
        if all(
            hits[j].kind == extra.kind
            and extra.start <= hits[j].start
            and hits[j].end <= extra.end
            and (hits[j].start, hits[j].end) != (extra.start, extra.end)
            for j in inside
        ):
            replaced.update(inside)
            added.append(extra)
    if not added:
        return hits
    kept = [h for j, h in enumerate(hits) if j not in replaced]
    return sorted(kept + added)


def _longest_first(
    candidates: Iterable[tuple[int, int, int, int]],
    blocked: _Intervals | None = None,
    free: set[int] | frozenset[int] = frozenset(),
) -> Iterator[tuple[int, int, int]]:
    """(start, end, order) of the candidates (-length, order, start, end) kept when the
    longest goes first, then the lowest order, and none overlaps another or ``blocked``
    (candidates whose order is in ``free`` ignore ``blocked``)."""
    chosen = _Intervals()
    for _, order, start, end in sorted(candidates):
        if chosen.overlaps(start, end):
            continue
        if blocked and order not in free and blocked.overlaps(start, end):
            continue
        chosen.add(start, end)
        yield start, end, order


def _guard_spans(
    guards: tuple[Rule, ...],
    text: str,
    anchors: Anchors,
    candidates: list[tuple[int, int, int, int]],
) -> Iterator[tuple[int, int]]:
    """Guard matches that can overlap a candidate: guards are tried only at anchors from
    :data:`GUARD_REACH` before a candidate to its end (each stretch's anchors sliced out of
    the sorted anchor list by bisection: a guard's anchors number thousands in a narrative,
    the stretches a few dozen)."""
    near = _union((max(0, start - GUARD_REACH), end) for _, _, start, end in candidates)
    for guard in guards:
        positions = anchors.for_rule(guard.anchor, guard.after)
        if not positions:
            continue
        yield from guard.matches(text, _within(positions, near))


def _within(positions: list[int], stretches: list[tuple[int, int]]) -> list[int]:
    """The ``positions`` (sorted) inside one of ``stretches`` (sorted, disjoint [start,
    end))."""
    kept: list[int] = []
    for start, end in stretches:
        kept += positions[bisect_left(positions, start) : bisect_left(positions, end)]
    return kept
