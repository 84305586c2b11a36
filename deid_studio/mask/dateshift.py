"""Shifting dates by a case's offset, at their own resolution, and writing them back.

Every date of a case moves by one offset of ``days`` (never 0), drawn once per case from the
policy's interval with a keyed hash of the case (:func:`draw_offset`), so it is the same in
every process and for every follow-up, and independent between cases.

The rule per resolution, so that every interval between two dates of the same resolution is
unchanged:

* a full date (day, month, year) moves by ``days`` days;
* a day and month without a year moves by ``days`` days within a reference year (2001, or
  2000 for 29 February); its interval to another such date is kept modulo a year;
* a month-year moves by ``months`` whole months and a month alone by ``months`` modulo 12,
  ``months`` = ``days`` / 30.436875 rounded, and at least one month in the direction of
  ``days``;
* a year alone moves by ``years`` = ``days`` / 365.2425 rounded, and at least one year in the
  direction of ``days``.

So a month-year never stays the same month and a year never the same year (the original would
survive otherwise). Between dates of *different* resolutions the interval holds to within one
unit of the coarser one (a full date and a month-year agree on the month, give or take one).

Two policy options bend this. With a *reference date* (``keep_after``: no COVID-19
vaccination shifted into 2019) no date may cross it: the case's interval is narrowed so its
full dates stay on their side (:mod:`.reference`), and a month or year that would still cross
it is not shifted but tagged. With ``keep_years`` a year alone is kept as written (HIPAA's
Safe Harbor keeps years) instead of moving with the case.
"""

from __future__ import annotations

import calendar
import datetime as dt
import hashlib
import hmac
from dataclasses import dataclass

from deid_studio.core.months import abbreviations, full_names
from deid_studio.mask.dates import ENGLISH_ORDINALS, ROMAN_MONTHS, DateValue, Field, ParsedDate

DAYS_PER_MONTH = 365.2425 / 12
DAYS_PER_YEAR = 365.2425
_REFERENCE_YEAR = 2001
_LEAP_REFERENCE_YEAR = 2000


def draw_offset(secret: bytes, case_id: str, low: int, high: int) -> int:
    """The case's date offset: a day in ``[low, high]`` other than 0, from a keyed hash.

    The same secret and case always give the same offset; different cases are independent.
    """
    choices = high - low + 1 - (1 if low <= 0 <= high else 0)
    if choices <= 0:
        raise ValueError(f"no day other than 0 in {low}..{high}")
    digest = hmac.new(secret, b"date-offset\x00" + case_id.encode("utf-8"), hashlib.sha256)
    index = int.from_bytes(digest.digest()[:8], "big") % choices
    day = low + index
    return day + 1 if low <= 0 <= day else day


@dataclass(frozen=True, slots=True)
class DateShift:
    """A case's offset and the shifts it implies at each resolution (see the module text)."""

    days: int
    keep_after: dt.date | None = None
    """The reference date no date may cross (None: no such rule)."""
    keep_years: bool = False
    """Whether a year alone stays as written."""

    def __post_init__(self) -> None:
        if self.days == 0:
            raise ValueError("a date offset of 0 days would leave every date as it is")

    @property
    def months(self) -> int:
        """Whole months a month-year (or a month alone) moves by; never 0."""
        return _at_least_one(self.days, DAYS_PER_MONTH)

    @property
    def years(self) -> int:
        """Whole years a year alone moves by; never 0."""
        return _at_least_one(self.days, DAYS_PER_YEAR)

    def value(self, date: DateValue) -> DateValue | None:
        """``date`` moved at its resolution; None when it would leave the calendar or cross
        the reference date."""
        try:
            moved = self._value(date)
        except (OverflowError, ValueError):
            return None
        if moved is not None and self.keep_after is not None:
            if crosses(date, moved, self.keep_after):
                return None
        return moved

    def _value(self, date: DateValue) -> DateValue | None:
        year, month, day = date.year, date.month, date.day
        if month is None:
            assert year is not None, "a date has at least a month or a year"
            return date if self.keep_years else DateValue(year + self.years, None, None)
        if day is None:
            if year is None:
                return DateValue(None, (month - 1 + self.months) % 12 + 1, None)
            total = year * 12 + month - 1 + self.months
            return DateValue(total // 12, total % 12 + 1, None)
        if year is None:
            reference = _LEAP_REFERENCE_YEAR if (month, day) == (2, 29) else _REFERENCE_YEAR
            moved = dt.date(reference, month, day) + dt.timedelta(days=self.days)
            return DateValue(None, moved.month, moved.day)
        moved = dt.date(year, month, day) + dt.timedelta(days=self.days)
        return DateValue(moved.year, moved.month, moved.day)

    def render(self, parsed: ParsedDate) -> str | None:
        """The span's text with every date moved, written as the original was; None if a
        date leaves the calendar or dates sharing one written year would need two."""
        moved = [self.value(v) for v in parsed.values]
        if any(m is None for m in moved):
            return None
        dates = [m for m in moved if m is not None]
        years = {d.year for d in dates}
        if len(years) > 1 and any(f.role == "year" and f.item is None for f in parsed.fields):
            return None
        pieces = list(parsed.pieces)
        for field in parsed.fields:
            date = dates[field.item or 0]
            value = {"day": date.day, "month": date.month, "year": date.year}[field.role]
            assert value is not None, "a field's part survives the shift"
            pieces[field.piece] = _written(field, value, parsed.pieces[field.piece])
            if field.suffix is not None:
                pieces[field.suffix] = _suffix(parsed.pieces[field.suffix], value)
        return "".join(pieces)


def bounds(date: DateValue) -> tuple[dt.date, dt.date] | None:
    """The first and last day a date may mean (None without a year: it has no side)."""
    if date.year is None:
        return None
    if date.month is None:
        return dt.date(date.year, 1, 1), dt.date(date.year, 12, 31)
    if date.day is None:
        last = calendar.monthrange(date.year, date.month)[1]
        return dt.date(date.year, date.month, 1), dt.date(date.year, date.month, last)
    day = dt.date(date.year, date.month, date.day)
    return day, day


def crosses(original: DateValue, moved: DateValue, reference: dt.date) -> bool:
    """Whether moving ``original`` to ``moved`` takes it across ``reference``: a date wholly
    on or after it that would start before it, or wholly before it that would end on or
    after it. (A month or year containing the reference has no side.)"""
    before, after = bounds(original), bounds(moved)
    if before is None or after is None:
        return False
    if before[0] >= reference:
        return after[0] < reference
    if before[1] < reference:
        return after[1] >= reference
    return False


def _at_least_one(days: int, unit: float) -> int:
    whole = round(abs(days) / unit)
    return max(1, whole) * (1 if days > 0 else -1)


def _written(field: Field, value: int, original: str) -> str:
    if field.form == "roman":
        return _cased(ROMAN_MONTHS[value - 1], field.casing)
    if field.language is not None:
        table = full_names if field.form == "full" else abbreviations
        names = table(field.language)
        return _cased(names[value - 1], field.casing)
    if field.role == "year":
        return f"{value % 100:02d}" if field.width == 2 else str(value)
    return f"{value:0{field.width}d}" if field.padded else str(value)


def _cased(word: str, casing: str) -> str:
    if casing == "upper":
        return word.upper()
    if casing == "title":
        return word[:1].upper() + word[1:]
    return word


def _suffix(original: str, day: int) -> str:
    """The ordinal suffix for the new day: English is recomputed, French "er" only for 1."""
    lowered = original.casefold()
    if lowered in ENGLISH_ORDINALS:
        suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
        return suffix.upper() if original.isupper() else suffix
    if lowered in ("er", "re"):
        return original if day == 1 else ""
    return original
