"""English dates whose day is an ordinal written in words (``date_ordinal_words``): "March
third, 2021", "on March the third", "the twenty-first of June 2020", as consumers and
dictated notes write them. The digits' rules read "March 3rd" and "the 3rd of March"; in words
the day was left, and with the month before it alone the whole date. The masker cannot shift
these and writes the date's tag.
"""

from __future__ import annotations

import regex

from deid_studio.detect.rules.base import Finder, RuleHit
from deid_studio.detect.rules.words import register_triggers, word_index

_UNITS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth".split()
)
_ORDINAL = (
    r"(?i:(?:twenty|thirty)[ \t-](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|twentieth|thirtieth|" + "|".join(_UNITS) + r")(?![\p{L}\p{M}-])"
)
_MONTH = (
    r"(?-i:January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
)
_YEAR = r"(?:,?[ \t]+(?:19|20)\d\d(?![\d\p{L}]))?"
_COUNTED = (
    r"(?![ \t]+(?i:dose|doses|shot|shots|booster|injection|jab|vaccine|vaccination|round"
    r"|cycle|time|times|infusion|line|trimester|week|day|visit|episode|attempt|one)\b)"
)
"""What an ordinal counts, not a day ("In March the second dose", "March second booster")."""
_DAY_FIRST = regex.compile(rf"{_ORDINAL}[ \t]+(?i:of)[ \t]+{_MONTH}(?![\p{{L}}'\u2019]){_YEAR}")
"""The day, "of" and the month: "third of March 2021" (after "the", which stays)."""
_MONTH_BEFORE = regex.compile(rf"(?r)(?<![\p{{L}}]){_MONTH}[ \t]+(?:(?i:the)[ \t]+)?\Z")
"""The month before a day in words: "March third", "March the third"."""
_REST = regex.compile(rf"{_ORDINAL}{_COUNTED}{_YEAR}")
_TRIGGERS = frozenset((*_UNITS, "twentieth", "thirtieth", "twenty", "thirty"))
"""The ordinals' first words, which :func:`word_index` finds: the patterns are tried there."""


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _TRIGGERS if language in (None, "en") else frozenset()


def find_ordinal_days(text: str, language: str | None) -> list[RuleHit]:
    """Every date with its day in words: the month before it ("March [the] third"), or
    "of" and the month after it ("third of March")."""
    if language not in (None, "en"):
        return []
    index = word_index(text, language)
    found: list[RuleHit] = []
    for start in sorted(p for word in _TRIGGERS.intersection(index) for p in index[word]):
        if found and start < found[-1].end:
            continue
        after = _DAY_FIRST.match(text, start)
        if after is not None:
            found.append(RuleHit(start, after.end(), "DATE", "date_ordinal_words"))
            continue
        month = _MONTH_BEFORE.search(text, max(0, start - 16), start)
        rest = _REST.match(text, start) if month is not None else None
        if rest is not None:
            found.append(RuleHit(month.start(), rest.end(), "DATE", "date_ordinal_words"))
    return found


ORDINAL_DAY_FINDER = Finder(
    "days in words",
    find_ordinal_days,
    {"date_ordinal_words": 0.9},
    (
        "On [March third, 2021] she developed a rash",
        "the rash began on [March the third] and",
        "On the [third of March 2021] she fainted; on the [twenty-first of June]",
        "seen [Dec. twenty-second, 2020]",
    ),
    (
        "In March the second dose was given; March second booster",
        "the third of the patients; a third of March's cases; the first time",
        "she may first try; the second of two doses",
    ),
    languages=frozenset({"en"}),
)
