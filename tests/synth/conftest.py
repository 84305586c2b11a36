"""Fixtures for the generator tests: the default demo corpus, and a date reader.

The reader is written here from the formats a report uses, independently of the generator's
own formatting code, so that a DATE span that is not a whole date fails to parse.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

import pytest

from deid_studio.core import Document
from deid_studio.synth import generate

_MONTHS = {
    # English, Spanish, French, German full names; three-letter prefixes are matched too
    "january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6, "july": 7,
    "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
    "enero": 1, "febrero": 2, "marzo": 3, "abril": 4, "mayo": 5, "junio": 6, "julio": 7,
    "agosto": 8, "septiembre": 9, "octubre": 10, "noviembre": 11, "diciembre": 12,
    "janvier": 1, "février": 2, "mars": 3, "avril": 4, "mai": 5, "juin": 6, "juillet": 7,
    "août": 8, "septembre": 9, "octobre": 10, "novembre": 11, "décembre": 12,
    "januar": 1, "februar": 2, "märz": 3, "juni": 6, "juli": 7, "oktober": 10, "dezember": 12,
}  # fmt: skip
_PREFIX = {name[:3]: number for name, number in _MONTHS.items()}
_WORD = r"([^\W\d_]+)"


def _month(word: str) -> int | None:
    word = word.lower()
    return _MONTHS.get(word) or _PREFIX.get(word[:3]) if len(word) >= 3 else None


def _make(year: int, month: int | None, day: int) -> dt.date | None:
    if month is None:
        return None
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def parse_dates(text: str) -> set[dt.date]:
    """Every full date ``text`` can mean (day-month order is ambiguous); empty if none."""
    found: set[dt.date | None] = set()
    if m := re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text):
        found.add(_make(int(m[1]), int(m[2]), int(m[3])))
    if m := re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})", text):
        a, b, year = int(m[1]), int(m[2]), int(m[3])
        if year < 100:  # "31.12.48" is a date of birth in 1948
            year += 2000 if year <= 25 else 1900
        found |= {_make(year, b, a), _make(year, a, b)}
    if m := re.fullmatch(rf"(\d{{1,2}})(?:er)?\.? {_WORD} (\d{{4}})", text):
        found.add(_make(int(m[3]), _month(m[2]), int(m[1])))
    if m := re.fullmatch(rf"{_WORD} (\d{{1,2}}), (\d{{4}})", text):
        found.add(_make(int(m[3]), _month(m[1]), int(m[2])))
    if m := re.fullmatch(rf"(\d{{1,2}}) de {_WORD} de (\d{{4}})", text):
        found.add(_make(int(m[3]), _month(m[2]), int(m[1])))
    if m := re.fullmatch(rf"(\d{{1,2}})-?{_WORD}-?(\d{{4}})", text):
        found.add(_make(int(m[3]), _month(m[2]), int(m[1])))
    found.discard(None)
    return {d for d in found if d is not None}


def parse_month(text: str) -> tuple[int, int] | None:
    """(year, month) of a month-and-year date ("March 2021", "marzo de 2021", "03/2021")."""
    if m := re.fullmatch(r"(\d{2})/(\d{4})", text):
        return (int(m[2]), int(m[1])) if 1 <= int(m[1]) <= 12 else None
    if m := re.fullmatch(rf"{_WORD}(?: de)? (\d{{4}})", text):
        month = _month(m[1])
        return (int(m[2]), month) if month else None
    return None


@pytest.fixture(scope="session")
def docs() -> list[Document]:
    """The default demo corpus: ``generate()``."""
    return generate()


@pytest.fixture(scope="session")
def read_dates() -> Callable[[str], set[dt.date]]:
    """:func:`parse_dates`."""
    return parse_dates


@pytest.fixture(scope="session")
def read_month() -> Callable[[str], tuple[int, int] | None]:
    """:func:`parse_month`."""
    return parse_month
