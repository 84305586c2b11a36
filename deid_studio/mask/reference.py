"""A reference date no shifted date may cross, and the per-case interval that ensures it.

Shifting every date of a case back by up to two years moves a COVID-19 vaccination of
January 2021 into 2019, which a pharmacist reading the export knows is impossible. With a
reference date (the policy's ``keep_after``), the interval a case's offset is drawn from is
narrowed so that each of the case's dates stays on its side of it: a date on or after the
reference stays on or after it, one before it stays before. Full dates bound the interval
(a month or a year bounds it by its first or last day); what a whole-month or whole-year
shift would still take across is tagged instead (:class:`~.dateshift.DateShift`).

When the case's dates leave no day of the policy's interval (a vaccination three weeks after
the reference and an interval of -730..-30 days), the offset is drawn from the days the
dates allow instead, on the interval's side of 0 when there is one: a smaller shift, but
no date across the reference.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from deid_studio.mask.dates import DateValue
from deid_studio.mask.dateshift import bounds


def parse_reference(value: str | None) -> dt.date | None:
    """The reference date of a policy (ISO ``YYYY-MM-DD``), None when there is none."""
    return dt.date.fromisoformat(value) if value else None


def case_interval(
    low: int, high: int, reference: dt.date | None, dates: Iterable[DateValue]
) -> tuple[int, int]:
    """The interval (days, both ends included) to draw a case's offset from, so that none of
    its ``dates`` crosses ``reference`` (the policy's ``low..high`` without one)."""
    if reference is None:
        return low, high
    least, most = -(10**6), 10**6
    for date in dates:
        span = bounds(date)
        if span is None:
            continue
        first, last = span
        if first >= reference:
            least = max(least, (reference - first).days)  # first + offset >= reference
        elif last < reference:
            most = min(most, (reference - last).days - 1)  # last + offset < reference
    lo, hi = max(low, least), min(high, most)
    if _has_day(lo, hi):
        return lo, hi
    if least > most:  # the dates contradict each other (one both sides): the policy's
        return low, high
    negative = (max(least, -(10**4)), min(most, -1))
    positive = (max(least, 1), min(most, 10**4))
    order = (negative, positive) if high < 0 or low + high < 0 else (positive, negative)
    for candidate in order:
        if _has_day(*candidate):
            return candidate
    return low, high  # only 0 is allowed: the shifted dates that cross are tagged


def _has_day(low: int, high: int) -> bool:
    """Whether ``low..high`` holds a day other than 0."""
    return low <= high and not (low == 0 == high)
