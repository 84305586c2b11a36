"""English dates whose day is an ordinal written in words (``date_ordinal_words``): "March
third, 2021", "on March the third", "the twenty-first of June 2020", as consumers and
dictated notes write them. The digits' rules read "March 3rd" and "the 3rd of March"; in words
the day was left, and with the month before it alone the whole date. The masker cannot shift
these and writes the date's tag.
"""

from __future__ import annotations

import regex

from deid_studio.core.language import stopwords
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
    r"|December|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?"
    r"|january|february|april|june|july|september|october|november|december)"
)
"""A month's name, or its abbreviation with or without its dot ("Apr."): a dot after a full
name ends the sentence ("the first of April."); typed in lower case, the months that are no
word ("on july fourth she had a fever"; not "may first", "march", "august")."""
_YEAR = r"(?:,?[ \t]+(?:19|20)\d\d(?![\d\p{L}]))?"
_NEXT_WORD = regex.compile(r"[ \t]+([\p{L}][\p{L}\p{M}'\u2019]*)")
_VERBS = frozenset(
    "am is are was were be been being have has had having do does did doing will would shall "
    "should can could may might must".split()
)
"""Verbs of the stopwords: after "June first" they say June is who did it ("June first had
a rash"), after "March third" they go on with the date ("March third was a Monday")."""
_NAME_MONTHS = frozenset({"April", "May", "June", "August"})
"""Months that are women's first names too."""
_TITLE_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}])(?i:dr|doctor|nurse|sister|mrs|mr|ms|miss|prof|professor|daughter|son"
    r"|wife|husband|mother|mom|mum|aunt|niece|cousin|friend|granddaughter|grandmother"
    r"|grandma)\.?[ \t]+\Z"
)
"""A title or a relative's word before a month, which is then a name ("Dr May first saw
her", "Nurse April second")."""
_DAY_FIRST = regex.compile(rf"{_ORDINAL}[ \t]+(?i:of)[ \t]+{_MONTH}(?![\p{{L}}'\u2019]){_YEAR}")
"""The day, "of" and the month: "third of March 2021" (after "the", which stays)."""
_MONTH_BEFORE = regex.compile(rf"(?r)(?<![\p{{L}}]){_MONTH}[ \t]+(?:(?i:the)[ \t]+)?\Z")
"""The month before a day in words: "March third", "March the third"."""
_REST = regex.compile(rf"{_ORDINAL}(?P<year>{_YEAR})")
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
        if rest is not None and month is not None and _a_day(text, month, rest):
            found.append(RuleHit(month.start(), rest.end(), "DATE", "date_ordinal_words"))
    return found


def _a_day(text: str, month: regex.Match[str], rest: regex.Match[str]) -> bool:
    """Whether the month before an ordinal and the ordinal are a date: a year after it, or
    no word after it but a stopword or a capitalised one ("March third she", "March third
    at 10", "March third. Then"), not what the ordinal counts ("September fifth disease",
    "first degree burn", "second opinion", "second MRI"); and no person of the month's name
    ("Dr May first saw her", "Nurse April second", "June first had a rash")."""
    if _TITLE_BEFORE.search(text, max(0, month.start() - 16), month.start()):
        return False
    if rest.group("year"):
        return True
    after = _NEXT_WORD.match(text, rest.end())
    if after is None:
        return True
    word = after.group(1)
    if word.islower():
        name = month.group().split()[0] in _NAME_MONTHS
        return word in stopwords()["en"] and not (name and word in _VERBS)
    return not word.isupper()


ORDINAL_DAY_FINDER = Finder(
    "days in words",
    find_ordinal_days,
    {"date_ordinal_words": 0.9},
    (
        "On [March third, 2021] she developed a rash",
        "the rash began on [March the third] and",
        "On the [third of March 2021] she fainted; on the [twenty-first of June]",
        "seen [Dec. twenty-second, 2020]",
        "born on the [first of April]. Then",
        "on [july fourth] she had a fever",
    ),
    (
        "In March the second dose was given; March second booster",
        "the third of the patients; a third of March's cases; the first time",
        "she may first try; the second of two doses; we march first to the car",
        "In September fifth disease; March third party; In March second MRI; May first aid",
        "Dr May first saw her; Nurse April second; June first had a rash",
    ),
    languages=frozenset({"en"}),
)
