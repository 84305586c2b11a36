"""Where a rule's match may start, found once per narrative.

Scanning a narrative with fifty patterns costs fifty passes, and a call into the regex
engine costs about a microsecond however simple the pattern. Instead every rule names an
*anchor*, the kind of place its span starts, and is tried (``pattern.match(text, pos)``) only
there. One fast pass finds the runs of digits; the other anchors derive from them or from
plain substring search. Context a rule needs (a key, a preposition) sits in a lookbehind,
which sees the text before ``pos``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from functools import cache

import regex

from deid_studio.core.months import LANGUAGES, month_words
from deid_studio.detect.rules.base import (
    NUMBER_WORD,
    NUMBER_WORDS,
    alternation,
    last_text,
    lowered,
    occurrences,
)

_DIGITS = regex.compile(r"\d+")
_NUMBER_BEFORE = regex.compile(rf"(?r)\b{NUMBER_WORD}[\s-]*\Z", regex.IGNORECASE)
_AGE_UNITS = (
    "year yr month mo week wk day año mes semana día dia an mois semaine jour jahr jähr "
    "monat woche tag ano år årig månad vecka dag hour hora heure stunde h settiman giorn enne"
).split()
_RANGE_WORDS = ("to", "a", "or", "o")  # "3 to 5 years", "3 a 5 años"
_AGE_UNIT_AFTER = regex.compile(
    rf"(?:[.,]5)?(?:\s*(?:-|\u2013|{'|'.join(_RANGE_WORDS)})\s*\d+)?[\s-]*"
    rf"(?:y\.?\s?o\b|y/o|a\.\s?o\.|{alternation(_AGE_UNITS)})",
    regex.IGNORECASE,
)
_AGE_UNIT_FIRST = frozenset(".,-\u2013y") | {w[0] for w in (*_AGE_UNITS, *_RANGE_WORDS)}
"""What :data:`_AGE_UNIT_AFTER` can start with, besides a blank (case folded): the pattern is
not asked after most numbers ("12/03", "10:30", "5 mg")."""
_UNIT_STEMS: dict[str, tuple[str, ...]] = {
    "en": ("year", "yr", "month", "week", "day"),
    "es": ("año", "mes", "semana", "día", "dia"),
    "fr": ("ans", "mois", "semaine", "jour"),
    "de": ("jahr", "jähr", "monat", "woche", "tag"),
    "pt": ("ano", "mes", "semana", "dia"),
    "sv": ("år", "månad", "vecka", "dag"),
    "it": ("ann", "mes", "settiman", "giorn", "enne"),
}
_YEAR_WORD = regex.compile(r"(?r)(?-i:año|Año|AÑO)\s+\Z")
_COUNTRY_PREFIX = regex.compile(r"(?r)\b(?:E|F|D|CH|A)[- ]\Z")  # "E-28041 Madrid"
_EMAIL_PREFIX = regex.compile(r"e-?mail[-.:]", regex.IGNORECASE)  # "E-mail-ana@..."
_DAY_TO_MONTH = 16  # "25 de marzo", "22nd of December", "1er janvier", "3 al 5 de marzo"
_PHONE_REACH = 20  # a phone number has seven digits within this many characters
_PHONE_SEPARATORS = " ().-"
_SEVEN_DIGITS = regex.compile(rf"(?:[{regex.escape(_PHONE_SEPARATORS)}]{{0,3}}\d){{7}}")
_MONTH_REACH = 40  # a month word starts at most this far before the digits of its date
_NUMBER_REACH = 32
_NUMBER_ENDINGS = (*NUMBER_WORDS, "une")
"""How a number word ends, whatever it is compounded of ("treinta y dos", "quatre-vingt-dix",
"vingt-et-une", "einundfünfzig"): the last piece of :data:`~.base.NUMBER_WORD`."""
_BLANK_OR_HYPHEN = "".join(c for c in map(chr, range(0x3000 + 1)) if c.isspace()) + "-"
"""Every character ``[\\s-]`` matches (and four separators of ASCII it does not): what may
stand between a number word and its unit."""
# The token before an anchor: letters, digits and . º ° ' (so "N.H.C", "nºcol", "d'"), after
# skipping separators; "NºCol: " and "Tfno.+" are read back to "NºCol" and "Tfno".
_TOKEN_BEFORE = regex.compile(r"(?r)([\w.º°'\u2019]{1,40})[ \t:.#=(+\-\u2013/,]{0,12}\Z")
_LOOK_BACK = 12


@cache
def _needles(language: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Month words and time-unit stems to look for, the narrative's language and English
    (every language when it is unknown), each shortened to the shortest needle that still
    finds it: "jan" finds "january", "janvier" and "jan." in one pass."""
    languages = LANGUAGES if language is None else tuple({language, "en"})
    months = {w[:3] for lang in languages for w in month_words(lang)}
    units = {s for lang in languages for s in _UNIT_STEMS.get(lang, ())}
    return _prefix_free(months), _prefix_free(units)


def _prefix_free(needles: set[str]) -> tuple[str, ...]:
    kept: list[str] = []
    for needle in sorted(needles, key=len):
        if not any(needle.startswith(k) for k in kept):
            kept.append(needle)
    return tuple(sorted(kept))


class Anchors:
    """The anchor positions of one text, each kind computed on first use."""

    def __init__(self, text: str, language: str | None = None) -> None:
        self.text = text
        self.language = language
        self._lower: str | None = None
        self._cache: dict[str, list[int]] = {}
        self._by_previous: dict[str, dict[str, list[int]]] = {}
        self._previous: dict[int, str] = {}

    def __call__(self, kind: str) -> list[int]:
        """Sorted positions of anchor ``kind`` (see :data:`ANCHORS`)."""
        positions = self._cache.get(kind)
        if positions is None:
            positions = self._cache[kind] = ANCHORS[kind](self)
        return positions

    def for_rule(self, anchor: str, after: frozenset[str]) -> list[int]:
        """The ``anchor`` positions, only those after one of ``after`` when it is not empty."""
        if not after:
            return self(anchor)
        grouped = self._by_previous.get(anchor)
        if grouped is None:
            grouped = self._by_previous[anchor] = {}
            previous = self.previous
            for pos in self(anchor):
                grouped.setdefault(previous(pos), []).append(pos)
        # the tokens the rule waits for that stand before an anchor here: a set operation,
        # where a loop over the text's tokens cost a Python step each, for each such rule
        found = [p for token in after.intersection(grouped) for p in grouped[token]]
        if len(found) > 1:
            found.sort()
        return found

    def previous(self, pos: int) -> str:
        """The token before ``pos``, lowercased, skipping separators (``"NºCol: "`` gives
        ``"nºcol"``, ``"N.H.C.: "`` gives ``"n.h.c"``); "0" when it is a number, "" when
        something else stands between."""
        token = self._previous.get(pos)
        if token is None:
            token = self._previous[pos] = self._token_before(pos)
        return token

    def _token_before(self, pos: int) -> str:
        match = _TOKEN_BEFORE.search(self.text, max(0, pos - _LOOK_BACK - 40), pos)
        if match is None:
            return ""
        # a curly apostrophe is a straight one: "i'm", "she's" whichever was typed
        token = match.group(1).strip(".").lower().replace("\u2019", "'")
        return "0" if token.isdigit() else token

    @property
    def runs(self) -> list[tuple[int, int]]:
        """(start, end) of every run of digits."""
        return digit_runs(self.text)

    @property
    def lower(self) -> str:
        """The text lowercased (same length for the scripts of our reports), for find()."""
        if self._lower is None:
            lower = lowered(self.text)
            self._lower = lower if len(lower) == len(self.text) else self.text
        return self._lower

    def substrings(self, needles: tuple[str, ...]) -> list[int]:
        """Every position where one of ``needles`` starts a word (no letter before it; a
        digit may be: "12Jan2014") in the lowercased text."""
        lower = self.lower
        return sorted(
            {
                at
                for needle in needles
                for at in occurrences(lower, needle)
                if at == 0 or not lower[at - 1].isalpha()
            }
        )


@last_text
def digit_runs(text: str) -> list[tuple[int, int]]:
    """(start, end) of every run of digits of ``text`` (the place rules read them too)."""
    return [m.span() for m in _DIGITS.finditer(text)]


def _walk_back(text: str, at: int, allowed: str, limit: int = 40) -> int:
    """The start of the token of letters, digits and ``allowed`` ending at ``at`` (at most
    ``limit`` characters back, so that long runs cost no more than short ones)."""
    stop = max(0, at - limit)
    while at > stop and (text[at - 1].isalnum() or text[at - 1] in allowed):
        at -= 1
    return at


def _digit(a: Anchors) -> list[int]:
    return [start for start, _ in a.runs]


def _runs(lengths: range, follow: str = "") -> Callable[[Anchors], list[int]]:
    """Anchors at digit runs of one of ``lengths``, followed by one of ``follow`` if given."""

    def anchor(a: Anchors) -> list[int]:
        text, size = a.text, len(a.text)
        return [
            s
            for s, e in a.runs
            if e - s in lengths and (not follow or (e < size and text[e] in follow))
        ]

    return anchor


_UNIT_AFTER_NUMBER = regex.compile(r"[\d.,/\- x\u2013]{0,24}[\p{L}%°ºµμ]")


def _measure(a: Anchors) -> list[int]:
    text, unit = a.text, _UNIT_AFTER_NUMBER.match
    return [s for s, e in a.runs if unit(text, e, e + 25)]


def _postcode(a: Anchors) -> list[int]:
    text, found = a.text, []
    for start, end in a.runs:
        if end - start == 5:
            found.append(start)
            prefix = _COUNTRY_PREFIX.search(text, max(0, start - 3), start)
            if prefix:
                found.append(prefix.start())
    return sorted(found)


def _hyphen(a: Anchors) -> list[int]:
    text = a.text
    return [s for s, _ in a.runs if s and text[s - 1] == "-"]


def _ipv4(a: Anchors) -> list[int]:
    text = a.text
    return [s for s, e in a.runs if e - s <= 3 and text.count(".", e, e + 12) >= 3]


def _year_month(a: Anchors) -> list[int]:
    months = a("month_name")
    found = []
    for start, end in a.runs:
        if end - start == 4:
            i = bisect_left(months, end)
            if i < len(months) and months[i] - end <= 3:
                found.append(start)
    return found


def _day_month(a: Anchors) -> list[int]:
    months = a("month_name")
    found = []
    for start, end in a.runs:
        if end - start <= 2:
            i = bisect_left(months, end)
            if i < len(months) and months[i] - end <= _DAY_TO_MONTH:
                found.append(start)
    return found


def _year_lead(a: Anchors) -> list[int]:
    text, starts = a.text, set(a("year"))
    for at in a("year"):
        word = _YEAR_WORD.search(text, max(0, at - 8), at)
        if word:
            starts.add(word.start())
    return sorted(starts)


def _phone(a: Anchors) -> list[int]:
    text, seven, starts = a.text, _SEVEN_DIGITS.match, []
    for start, end in a.runs:
        # seven digits: this run, or more after a phone's separator (a fifth of the runs)
        sevens = end - start >= 7 or text[end : end + 1] in _PHONE_SEPARATORS
        if (sevens and seven(text, start, start + _PHONE_REACH)) or (
            2 <= end - start <= 5 and text[start] == "0" and text[end : end + 1] == "/"
        ):  # "0221/4710000", Vienna's "01/62559111": an area code and its slash
            starts.append(start)
            if start and text[start - 1] in "(+":
                starts.append(start - 1)
            elif start > 1 and text[start - 2] == "+" and text[start - 1] in " \t":
                starts.append(start - 2)  # "Fax: + 34 93 567 22 28"
    return sorted(starts)


def _dni(a: Anchors) -> list[int]:
    text = a.text
    return sorted(s - 1 if s and text[s - 1] in "XYZ" else s for s, e in a.runs if 7 <= e - s <= 8)


def _upper_code(a: Anchors) -> list[int]:
    text = a.text
    return [p for p in a("code") if text[p].isupper()]


_GROUP_COLON = re.compile(r":(?=[0-9a-fA-F:])")
"""A colon an IPv6 address can hold: another group or a second colon follows it. Not the
colon of every "Key: value" line: a scan from each of those, or for hex digits (every "a",
"e" of the text), was a fiftieth of the rules' time on MEDDOCAN."""
_HEX = frozenset("0123456789abcdefABCDEF")


def _hex_colon(a: Anchors) -> list[int]:
    text, starts = a.text, []
    for colon in _GROUP_COLON.finditer(text):
        at = start = colon.start()
        while start > 0 and at - start <= 4 and text[start - 1] in _HEX:
            start -= 1
        if 0 < at - start <= 4 and (start == 0 or text[start - 1] != ":"):
            starts.append(start)
    return starts


def _code(a: Anchors) -> list[int]:
    starts = set(a("digit"))
    starts.update(_walk_back(a.text, at, "-_") for at in a("digit"))
    return sorted(starts)


def _lead(a: Anchors) -> list[int]:
    text, starts = a.text, set(a("digit"))
    for at in a("digit"):
        before = at
        while before > 0 and text[before - 1] in " \t":
            before -= 1
        if before < at:
            starts.add(_walk_back(text, before, ""))
        elif at > 0 and text[at - 1] in "(+":
            starts.add(at - 1)
    return sorted(starts)


def _month_name(a: Anchors) -> list[int]:
    return a.substrings(_needles(a.language)[0])


def _month(a: Anchors) -> list[int]:
    digits = a("digit")
    return [
        at
        for at in a("month_name")
        if (i := bisect_right(digits, at)) < len(digits) and digits[i] - at <= _MONTH_REACH
    ]


def _email(a: Anchors) -> list[int]:
    text, found = a.text, set()
    for at in occurrences(text, "@"):
        start = _walk_back(text, at, "._+-", 64)
        found.add(start)
        prefix = _EMAIL_PREFIX.match(text, start, at)
        if prefix:
            found.add(prefix.end())
    return sorted(found)


def _web(a: Anchors) -> list[int]:
    return a.substrings(("http", "www.", "ftp:"))


_BARE_WEB = (".com/", ".org/", ".net/", ".blogspot.", ".wordpress.", ".tumblr.", ".substack.")
"""What gives away an address typed without "http" or "www.": a path after a common
top-level domain ("facebook.com/dolores.vega.5"), a blog's own subdomain."""


def _bare_web(a: Anchors) -> list[int]:
    """The start of the host before each of :data:`_BARE_WEB` ("facebook.com/...")."""
    text, lower = a.text, a.lower
    found = set()
    for needle in _BARE_WEB:
        for at in occurrences(lower, needle):
            found.add(_walk_back(text, at, ".-_", 64))
    return sorted(found)


def _handle(a: Anchors) -> list[int]:
    """Each "@" no word or dot stands right before: a social network's handle starts there."""
    text = a.text
    return [
        at
        for at in occurrences(text, "@")
        if at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "._")
    ]


_USER_KEY = regex.compile(
    r"(?i)(?<![\w])(?:user\s?name|user\s+id|login|log-in|screen\s+name|handle|skype|pseudo|"
    r"(?:be)?nutzername|usuario|usuário|nome[ \t]+utente"
    # a network's name, and its account's word ("Snapchat: bigmike99", "my IG is
    # jenny_runs_22", "Reddit user u/vaxxedmama22")
    r"|(?:snapchat|snap|instagram|insta|ig|tiktok|discord|kik|telegram|reddit|twitter)"
    r"(?:\s+(?:user(?:name)?|handle|account|id|name))?)"
    r"(?:\s+(?:on|in|at|en|sur|im|no|na|su|sul)\s+(?:the\s+|le\s+|la\s+|el\s+|o\s+|a\s+)?"
    r"[\w.-]+(?:\s+[\w.-]+){0,2})?"
    r"(?:\s*(?:is|was|es|est|ist|è|é|era|c'est)\s+|\s*[:=]\s*|\s+)"
)
"""A user name's key, where the account is and the verb or colon before the name: "my
username on the patient forum healthunlocked is ", "login: ", "mon pseudo sur doctissimo
est "."""


_USER_NEEDLES = (
    *("user", "login", "log-in", "screen", "handle", "skype", "snap", "insta", "ig", "tiktok"),
    *("discord", "kik", "telegram", "reddit", "twitter"),
)  # "snap" and "insta" start "snapchat" and "instagram"
_USER_NEEDLES_OF = {
    "fr": ("pseudo",),
    "de": ("nutzername", "benutzername"),
    "es": ("usuario",),
    "pt": ("usuário", "usuario"),
    "it": ("nome",),
}
"""The first words of :data:`_USER_KEY`'s keys: the English ones in every narrative, the
others in their language's ("pseudo" of "pseudoaneurisma" cost Spanish narratives a scan)."""


def _user(a: Anchors) -> list[int]:
    """Where a name follows a user name's key (:data:`_USER_KEY`)."""
    found = set()
    needles = _USER_NEEDLES + (
        tuple(n for more in _USER_NEEDLES_OF.values() for n in more)
        if a.language not in _USER_NEEDLES_OF
        else _USER_NEEDLES_OF[a.language]
    )
    for at in a.substrings(needles):
        match = _USER_KEY.match(a.text, at)
        if match is not None:
            found.add(match.end())
    at = a.text.find("u/")
    while at >= 0:  # a Reddit user's name by its "u/" alone ("Posted by u/grace_under_fire77")
        if at == 0 or not (a.text[at - 1].isalnum() or a.text[at - 1] in "/_"):
            found.add(at)
        at = a.text.find("u/", at + 2)
    return sorted(found)


def _number_words(a: Anchors) -> list[int]:
    text, found = a.text, []
    for at in a.substrings(_needles(a.language)[1]):
        # a number word ends with a letter, then a space or a hyphen: "eleven months"
        if at < 2 or text[at - 1] not in " -\t" or not text[at - 2].isalpha():
            continue
        before = text[max(0, at - _NUMBER_REACH) : at].rstrip(_BLANK_OR_HYPHEN).lower()
        if not before.endswith(_NUMBER_ENDINGS):
            continue  # "el día", "tres meses": a look at the word before spares the pattern
        match = _NUMBER_BEFORE.search(text, max(0, at - _NUMBER_REACH), at)
        if match:
            found.append(match.start())
    return found


def _number(a: Anchors) -> list[int]:
    return sorted({*a("number_word"), *a("digit")})


def _age(a: Anchors) -> list[int]:
    text, after = a.text, _AGE_UNIT_AFTER.match
    found = {
        s
        for s, e in a.runs
        if e - s <= 3 and _may_start_unit(text[e : e + 1]) and after(text, e, e + 40)
    }
    found.update(a("number_word"))
    return sorted(found)


def _may_start_unit(character: str) -> bool:
    return character.isspace() or character.casefold()[:1] in _AGE_UNIT_FIRST


def _year_apostrophe(a: Anchors) -> list[int]:
    text = a.text
    return [s - 1 for s, e in a.runs if e - s == 2 and s and text[s - 1] in "'\u2019"]


ANCHORS: dict[str, Callable[[Anchors], list[int]]] = {
    "digit": _digit,  # where a run of digits starts
    "day": _runs(range(1, 3)),  # a run of one or two digits
    "year": _runs(range(4, 5)),  # a run of four digits
    "numeric": _runs(range(1, 3), "/.-"),  # 1-2 digits, then "/", "." or "-" ("12/03/2020")
    "iso": _runs(range(4, 5), "/.-"),  # four digits, then "/", "." or "-" ("2020-03-12")
    "ssn": _runs(range(3, 4), "-"),  # three digits and a hyphen ("123-45-6789")
    "pnr": _runs(range(6, 9), "-+"),  # six to eight digits and a "-" or "+" ("121212-1212")
    "postcode": _postcode,  # five digits, or a country prefix before them ("E-28041")
    "ipv4": _ipv4,  # up to three digits with three dots soon after ("10.0.0.1")
    "measure": _measure,  # digits (a range, a fraction) then a letter or % ("5/325 mg", "13k")
    "hyphen": _hyphen,  # digits right after a hyphen ("US-PFIZER INC-2021012345")
    "year_month": _year_month,  # four digits and a month word right after ("2014 oct")
    "day_month": _day_month,  # one or two digits with a month word shortly after ("25 de mayo")
    "year_lead": _year_lead,  # four digits, or "año" before them ("año 2004")
    "phone": _phone,  # digits (or "(", "+" before) starting 7 digits, or "0221/" (German)
    "dni": _dni,  # seven or eight digits, or an X, Y, Z before them (Spanish DNI and NIE)
    "upper_code": _upper_code,  # a code anchor on a capital letter ("SW1A 1AA")
    "hex_colon": _hex_colon,  # one to four hex digits before a ":" a group follows (IPv6)
    "year_apostrophe": _year_apostrophe,  # an apostrophe before two digits ("CABG '92")
    "code": _code,  # a digit run, or the start of the letters-and-digits token holding it
    "lead": _lead,  # a digit run, the word before it ("año 2004"), or a "(" or "+" before it
    "month": _month,  # a month word shortly before digits ("January 24", "enero de 2004")
    "month_name": _month_name,  # a word that may be a month name, anywhere ("in March")
    "email": _email,  # the start of the local part before an "@"
    "web": _web,  # "http", "www.", "ftp:"
    "bare_web": _bare_web,  # the host before ".com/", ".blogspot." ("facebook.com/x")
    "handle": _handle,  # an "@" that starts a word ("@gazthornton69")
    "user": _user,  # where a user name follows its key ("login: ")
    "number_word": _number_words,  # a number word before a time unit ("eleven months")
    "number": _number,  # a digit run, or a number word before a time unit ("eleven months")
    "age": _age,  # a number followed by a time unit or "y.o." ("41-year-old", "siete años")
}
