"""Where a service member serves or an inmate is held, as American reports name it
(``institution_military``): a unit ("82nd Airborne Division", "1st Battalion, 5th Marines",
"3rd Brigade Combat Team"), a ship ("USS Nimitz", "HMS Queen Elizabeth"), a base ("Lackland
AFB", "Ramstein Air Base", "Naval Station Norfolk", "Joint Base Lewis-McChord") and a federal
prison ("FCI Danbury", "MDC Brooklyn"; not "USP", the pharmacopoeia's mark after a drug). A
unit is as small a group as a workplace; a base and a ship are where the patient lives. The
institution rules read none of them: their words are common words or numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import regex

from deid_studio.detect.rules.base import RuleHit
from deid_studio.detect.rules.words import register_triggers

_ORDINAL = r"\d{1,3}(?:st|nd|rd|th)"
_CAP = r"\p{Lu}[\p{L}\p{M}'\u2019-]*"
_UNIT_END = (
    r"Brigade[ \t]+Combat[ \t]+Team|Combat[ \t]+Team|Special[ \t]+Forces[ \t]+Group"
    r"|Division|Brigade|Battalion|Regiment|Squadron|Fleet|Marines|Corps"
)
"""The words that end a unit's name, the longer first; not "Company", "Group", "Wing" alone,
a visit's or a hospital's as often ("the 2nd Company visit", "the 3rd Wing")."""
_BASE_NAME = (
    r"(?!(?:Air|Force|Army|Naval|Marine|Corps|Joint|The|A|An|This|That|Our|His|Her|My|Their)"
    rf"(?![\p{{L}}\p{{M}}])){_CAP}"
)
"""A word of a base's name: no word of the base's kind nor an article ("The Air Base")."""
_UNIT = (
    rf"{_ORDINAL}(?:[ \t]+(?!(?:{_UNIT_END})(?![\p{{L}}\p{{M}}])){_CAP}){{0,3}}"
    rf"[ \t]+(?:{_UNIT_END})"
)
_UNITS = regex.compile(
    # a unit, and the larger unit after its comma ("1st Battalion, 5th Marines")
    rf"(?<![\p{{L}}\p{{M}}\d]){_UNIT}(?:,[ \t]+{_UNIT})?(?![\p{{L}}\p{{M}}])"
)
_SHIPS = regex.compile(
    r"(?<![\p{L}\p{M}])(?:USS|USNS|USCGC|HMS|HMCS|HMAS|HMNZS)"
    rf"[ \t]+{_CAP}(?:[ \t]+{_CAP}){{0,3}}"
)
_BASE_KINDS = (
    r"AFB|Air[ \t]+Force[ \t]+Base|Air[ \t]+Base|Army[ \t]+Airfield|Naval[ \t]+Air[ \t]+Station"
    r"|Marine[ \t]+Corps[ \t]+Air[ \t]+Station"
)
_BASES = regex.compile(
    # a base after its name, or its kind before its name
    rf"(?<![\p{{L}}\p{{M}}])(?:{_BASE_NAME}[ \t]+){{1,3}}(?:{_BASE_KINDS})(?![\p{{L}}\p{{M}}])"
    r"|(?<![\p{L}\p{M}])(?:Naval[ \t]+Station|Naval[ \t]+Air[ \t]+Station|Joint[ \t]+Base"
    r"|Marine[ \t]+Corps[ \t]+Base|Marine[ \t]+Corps[ \t]+Air[ \t]+Station|NAS|MCAS)"
    rf"(?:[ \t]+{_CAP}){{1,3}}"
)
_PRISONS = regex.compile(
    # a federal prison by its kind's letters and its town, and New York City's jail
    rf"(?<![\p{{L}}\p{{M}}])(?:FCI|FPC|FMC|MDC|MCC)[ \t]+{_CAP}(?:[ \t]+{_CAP})?"
    r"|(?<![\p{L}\p{M}])Rikers[ \t]+Island(?![\p{L}\p{M}])"
)
_ORDINAL_BEFORE_A_NAME = re.compile(r"(?<![\w])\d{1,3}(?:st|nd|rd|th)[ \t]+[A-Z]")
"""Where a unit may start: an ordinal before a capital (the standard library's ``re`` finds
these in a fifth of the time the units' pattern takes to scan the text)."""
_UNIT_WORDS = frozenset(
    "division brigade battalion regiment squadron fleet marines corps team group".split()
)
_FAMILIES = (
    (frozenset("uss usns uscgc hms hmcs hmas hmnzs".split()), _SHIPS),
    (frozenset("afb base airfield station nas mcas".split()), _BASES),
    (frozenset("fci fpc fmc mdc mcc rikers".split()), _PRISONS),
)
"""The ships', bases' and prisons' patterns with the words one of which each of their
matches holds: a pattern runs only in a narrative whose word index holds one."""


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _UNIT_WORDS.union(*(words for words, _ in _FAMILIES))


def military_places(
    text: str, language: str | None, index: dict[str, list[int]]
) -> Iterator[RuleHit]:
    """Every unit, ship, base and federal prison in an English narrative (or one of no known
    language); ``index``: its word index."""
    if language not in (None, "en"):
        return
    if not _UNIT_WORDS.isdisjoint(index):
        for start in _ORDINAL_BEFORE_A_NAME.finditer(text):
            unit = _UNITS.match(text, start.start())
            if unit is not None:
                yield RuleHit(unit.start(), unit.end(), "INSTITUTION", "institution_military")
    for words, pattern in _FAMILIES:
        if not words.isdisjoint(index):
            for match in pattern.finditer(text):
                yield RuleHit(match.start(), match.end(), "INSTITUTION", "institution_military")
