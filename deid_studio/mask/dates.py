"""Date spans parsed into their parts, remembering exactly how they were written.

A date span ("03-04-2014", "27 de octubre de 2016", "Jan 3rd, 2014", "diciembre-08", "año
2004", "febrero y abril de 2002") is cut into pieces: numbers, words and separators. The
numbers and month words that make the date are *fields* (day, month, year) with their
writing style (width, zero-padding, two- or four-digit year, month-name language, form and
capitalisation); everything else is kept as it is. :mod:`deid_studio.mask.dateshift` puts new
values into the fields, so a shifted date reads exactly like the original.

Numeric dates whose day and month could be either way round (03-04-2014) follow the order
given by the caller: the order the unambiguous dates of the same document use (see
:func:`infer_order`), else the language's usual order. A span that is not recognisably a date
(a weekday, a season, a range "3-5 May") does not parse, and the masker tags it.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

import regex

from deid_studio.core.months import LANGUAGES, full_names, month_words

Order = Literal["dmy", "mdy"]
Role = Literal["day", "month", "year"]

_PIECES = regex.compile(r"(\p{Nd}+)|(\p{L}+)|([^\p{L}\p{Nd}]+)")
# Words a date may carry besides month names, in the languages of months.py.
FILLERS = frozenset(
    "de del el la año ano of the in on year month en le du an mois année annee den im jahr "
    "monat am do da dos mês mes i år månad mese di".split()
)
CONJUNCTIONS = frozenset("y and et und e och".split())
ENGLISH_ORDINALS = ("st", "nd", "rd", "th")
ORDINALS = frozenset((*ENGLISH_ORDINALS, "er", "re", "º", "ª", "o", "a", "e"))
_COMPACT_SEPARATORS = frozenset({"-", "/", "'", "-'", "/'", "."})
_TWO_DIGIT_PIVOT = 30  # "05" is 2005, "45" is 1945


@dataclass(frozen=True, slots=True)
class DateValue:
    """One date at its resolution: missing parts are None (a month-year has no day)."""

    year: int | None
    month: int | None
    day: int | None

    @property
    def resolution(self) -> str:
        """``day``, ``day-month`` (no year), ``month``, ``month-only`` or ``year``."""
        if self.day is not None:
            return "day" if self.year is not None else "day-month"
        if self.month is not None:
            return "month" if self.year is not None else "month-only"
        return "year"


@dataclass(frozen=True, slots=True)
class Field:
    """A piece of the span that holds a date part, and how it was written.

    ``item`` is the date of the span it belongs to (None for a year shared by several, as in
    "febrero y abril de 2002"); ``padded`` says whether a number is zero-padded to ``width``;
    a month word has its ``language``, ``form`` (full or abbreviated) and ``casing``, a
    month in Roman numerals ("15/XI/2023") the form ``roman`` and no language;
    ``suffix`` is the piece holding an ordinal suffix ("3rd", "1er"), if any.
    """

    piece: int
    role: Role
    item: int | None
    width: int = 0
    padded: bool | None = False
    language: str | None = None
    form: Literal["full", "abbr", "roman"] | None = None
    casing: Literal["upper", "title", "lower"] = "lower"
    suffix: int | None = None


@dataclass(frozen=True, slots=True)
class ParsedDate:
    """A date span: its pieces, the fields among them, and the date(s) it says."""

    pieces: tuple[str, ...]
    fields: tuple[Field, ...]
    values: tuple[DateValue, ...]

    @property
    def resolution(self) -> str:
        """The resolution of the first date of the span."""
        return self.values[0].resolution


def default_order(language: str | None) -> Order:
    """The usual order of day and month: month first in English (US reports), else day first."""
    return "mdy" if language == "en" else "dmy"


def infer_order(
    texts: Iterable[str], language: str | None = None, default: Order | None = None
) -> Order:
    """The day/month order the unambiguous numeric dates among ``texts`` use (majority).

    "16-05-2014" votes day-first, "05/16/2014" month-first; without votes, or on a tie,
    ``default``, else the language's usual order.
    """
    votes = {"dmy": 0, "mdy": 0}
    for text in texts:
        numbers = [p for p in _split(text) if p.isdigit()]
        if len(numbers) != 3 or len(numbers[0]) == 4:
            continue
        first, second = int(numbers[0]), int(numbers[1])
        if first > 12 >= second:
            votes["dmy"] += 1
        elif second > 12 >= first:
            votes["mdy"] += 1
    if votes["dmy"] == votes["mdy"]:
        return default or default_order(language)
    return "dmy" if votes["dmy"] > votes["mdy"] else "mdy"


def parse_date(
    text: str, *, order: Order = "dmy", language: str | None = None
) -> ParsedDate | None:
    """The parts of a date span and how it is written, or None when it is not a date."""
    pieces, kept = _split_compact(_split(text))
    kept |= _time_pieces(pieces)
    if _ROMAN_MONTH_DATE.fullmatch(text):  # day, month, year: pieces 0, 2 and 4
        return _build(
            pieces, [(0, 2)], 4, {2: (ROMAN_MONTHS.index(pieces[2].casefold()) + 1, ROMAN)}
        )
    months: dict[int, tuple[int, str]] = {}
    for i, piece in enumerate(pieces):
        if i in kept or not piece or not piece[0].isalpha():
            continue
        word = piece.casefold()
        found = _month(word, language)
        if found is not None:
            months[i] = found
        elif not (
            word in FILLERS
            or word in CONJUNCTIONS
            or (word in ORDINALS and i > 0 and pieces[i - 1].isdigit())
        ):
            return None
    if months:
        return _named(pieces, months, kept)
    return _numeric(pieces, kept, order)


ROMAN = "roman"
"""The month field's language when it is written in Roman numerals."""
ROMAN_MONTHS = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")
_ROMAN_MONTH_DATE = regex.compile(
    r"\d{1,2}([/.\-])(?:" + "|".join(sorted(ROMAN_MONTHS, key=len, reverse=True)) + r")\1\d{2,4}",
    regex.IGNORECASE,
)
"""A day, a month in Roman numerals and a year, as the rule ``date_roman_month`` finds
them ("15/XI/2023", "3.iv.2021"): only there is a Roman numeral a month."""


def _split(text: str) -> list[str]:
    return [m.group() for m in _PIECES.finditer(text)]


def _split_compact(pieces: list[str]) -> tuple[list[str], set[int]]:
    """Split "20140503" into "2014", "05", "03"; a time after it ("101500", "+0200", as E2B
    writes them) is kept as written. Empty separators keep the parts one run of digits."""
    first = pieces[0] if pieces else ""
    if not first.isdigit() or len(first) not in (6, 8, 12, 14):
        return pieces, set()
    if not (1800 <= int(first[:4]) <= 2100 and 1 <= int(first[4:6]) <= 12):
        return pieces, set()
    if len(first) == 6 and len(pieces) > 1:
        return pieces, set()
    cut = [first[:4], "", first[4:6]] + (["", first[6:8]] if len(first) >= 8 else [])
    rest = ([first[8:]] if len(first) > 8 else []) + pieces[1:]
    return cut + rest, set(range(len(cut), len(cut) + len(rest)))


def _time_pieces(pieces: list[str]) -> set[int]:
    """Indices of a time of day ("10:30", "10h30", "10 am"), which is kept as written."""
    found: set[int] = set()
    for i in range(len(pieces) - 2):
        if pieces[i].isdigit() and pieces[i + 1] in (":", "h") and pieces[i + 2].isdigit():
            found.update((i, i + 1, i + 2))
            if i >= 1 and pieces[i - 1] == "T":  # ISO 8601: "2021-01-15T10:00"
                found.add(i - 1)
    for i, piece in enumerate(pieces):
        if piece.casefold() not in ("am", "pm", "uhr"):
            continue
        if i >= 1 and pieces[i - 1].isdigit():  # "01:51pm"
            found.update((i - 1, i))
        elif i >= 2 and pieces[i - 2].isdigit():  # "10 am"
            found.update((i - 2, i))
    return found


def _month(word: str, language: str | None) -> tuple[int, str] | None:
    """(month number, language of the word) for a month name or abbreviation."""
    for lang in ((language,) if language in LANGUAGES else ()) + LANGUAGES:
        number = month_words(lang).get(word)
        if number is not None:
            return number, lang
    return None


def _numeric(pieces: list[str], kept: set[int], order: Order) -> ParsedDate | None:
    numbers = [i for i, p in enumerate(pieces) if p.isdigit() and i not in kept]
    if len(numbers) == 1 and len(pieces[numbers[0]]) == 4:
        return _build(pieces, [], numbers[0])
    if len(numbers) == 2:
        a, b = numbers
        if len(pieces[a]) == 4:
            return _build(pieces, [(None, b)], a)
        if len(pieces[b]) == 4:
            return _build(pieces, [(None, a)], b)
        if len(pieces[a]) > 2 or len(pieces[b]) > 2:
            return None
        return _build(pieces, [_day_month(pieces, a, b, order)], None)
    if len(numbers) != 3:
        return None
    a, b, c = numbers
    if len(pieces[a]) == 4:  # ISO order: year, month, day
        return _build(pieces, [(c, b)], a)
    if len(pieces[c]) not in (2, 4):
        return None
    return _build(pieces, [_day_month(pieces, a, b, order)], c)


def _day_month(pieces: list[str], a: int, b: int, order: Order) -> tuple[int, int]:
    """(day piece, month piece) of two numbers: a number above 12 is the day, else ``order``."""
    first, second = int(pieces[a]), int(pieces[b])
    day_first = order == "dmy"
    if first > 12 >= second:
        day_first = True
    elif second > 12 >= first:
        day_first = False
    return (a, b) if day_first else (b, a)


def _named(
    pieces: list[str], months: dict[int, tuple[int, str]], kept: set[int]
) -> ParsedDate | None:
    """Dates written with month names: items of (day?, month) sharing at most one year.

    A number before a month is its day; one right after it is its day ("Jan 3, 2014") unless
    joined without a space ("diciembre-08", "Sep-04") or above 31, which make it a year; a
    number of three or more digits is the year.
    """
    items: list[tuple[int | None, int]] = []
    year: int | None = None
    pending: int | None = None
    after_month = False
    between = ""
    for i, piece in enumerate(pieces):
        if i in kept or not piece:
            continue
        if i in months:
            items.append((pending, i))
            pending, after_month, between = None, True, ""
        elif not piece.isdigit():
            if piece.casefold() in CONJUNCTIONS:
                after_month = False
            between += " " if piece[0].isalpha() else piece
        elif len(piece) >= 3 or (
            after_month
            and items[-1][0] is None
            and _is_year(piece, between)
            and not _year_after(pieces, i, kept)
        ):
            if year is not None:
                return None
            year, after_month = i, False
        elif after_month and items[-1][0] is None:
            items[-1] = (i, items[-1][1])
            after_month = False
        elif (
            year is None and items and items[-1][0] is not None and _year_after(pieces, i - 2, kept)
        ):
            year = i  # "Jun-24-21": the day joined to its month, then the year
        elif pending is None:
            pending = i
        else:
            return None
    if pending is not None or not items:
        return None
    return _build(pieces, items, year, months)


def _year_after(pieces: list[str], at: int, kept: set[int]) -> bool:
    """Whether the pieces after ``at`` are a hyphen or a slash and a year, and nothing more:
    then a number joined to its month is the day ("Jun-24-2021", "Jun-24-21"), not the year
    it is alone ("Sep-04")."""
    rest = [p for n, p in enumerate(pieces[at + 1 :], at + 1) if n not in kept and p]
    return len(rest) == 2 and rest[0] in ("-", "/") and rest[1].isdigit() and len(rest[1]) in (2, 4)


def _is_year(piece: str, between: str) -> bool:
    return between in _COMPACT_SEPARATORS or int(piece) > 31


def _build(
    pieces: list[str],
    items: list[tuple[int | None, int]],
    year_piece: int | None,
    months: dict[int, tuple[int, str]] | None = None,
) -> ParsedDate | None:
    """Fields and values for items of (day piece, month piece) and a year piece they share."""
    months = months or {}
    year = _year(pieces[year_piece]) if year_piece is not None else None
    if year_piece is not None and year is None:
        return None
    fields: list[Field] = []
    values: list[DateValue] = []
    for item, (day_piece, month_piece) in enumerate(items):
        if month_piece in months:
            month, language = months[month_piece]
            fields.append(_month_field(pieces[month_piece], month_piece, item, month, language))
        else:
            month = int(pieces[month_piece])
            fields.append(_number(pieces, month_piece, "month", item))
        day = int(pieces[day_piece]) if day_piece is not None else None
        if not 1 <= month <= 12 or (day is not None and not _valid_day(year, month, day)):
            return None
        if day_piece is not None:
            fields.append(_number(pieces, day_piece, "day", item))
        values.append(DateValue(year, month, day))
    if year_piece is not None:
        fields.append(_number(pieces, year_piece, "year", None if len(items) > 1 else 0))
    if not items:
        values.append(DateValue(year, None, None))
    return ParsedDate(tuple(pieces), _settle_padding(fields), tuple(values))


def _year(text: str) -> int | None:
    value = int(text)
    if len(text) == 2:
        return 2000 + value if value <= _TWO_DIGIT_PIVOT else 1900 + value
    return value if len(text) == 4 and 1000 <= value <= 2999 else None


def _valid_day(year: int | None, month: int, day: int) -> bool:
    return 1 <= day <= calendar.monthrange(year if year is not None else 2000, month)[1]


def _number(pieces: list[str], i: int, role: Role, item: int | None) -> Field:
    """A numeric field; ``padded`` is None while unknown (a two-digit number above 9)."""
    text = pieces[i]
    padded = True if text.startswith("0") else (False if len(text) == 1 else None)
    suffix = i + 1 if role == "day" and i + 1 < len(pieces) and _ordinal(pieces[i + 1]) else None
    return Field(i, role, item, width=len(text), padded=padded, suffix=suffix)


def _ordinal(piece: str) -> bool:
    return piece.casefold() in ORDINALS


def _settle_padding(fields: list[Field]) -> tuple[Field, ...]:
    """A day or month written "12" pads like the other one of its date, else pads."""
    known = [f.padded for f in fields if f.role != "year" and f.padded is not None]
    default = known[0] if known else True
    return tuple(
        replace(f, padded=default) if f.padded is None and f.language is None else f for f in fields
    )


def _month_field(word: str, piece: int, item: int, month: int, language: str) -> Field:
    if language == ROMAN:
        return Field(
            piece, "month", item, form="roman", casing="lower" if word.islower() else "upper"
        )
    full = full_names(language)[month - 1]
    lowered = word.casefold()
    long_enough = len(lowered) >= 4 and len(lowered) >= len(full) - 1
    form: Literal["full", "abbr"] = "full" if lowered == full or long_enough else "abbr"
    casing: Literal["upper", "title", "lower"] = (
        "upper" if word.isupper() and len(word) > 1 else "title" if word[0].isupper() else "lower"
    )
    return Field(piece, "month", item, language=language, form=form, casing=casing)
