"""Dates a consumer's or a clerk's report writes with part of them left out: a day of the
month alone, by its ordinal ("tested positive on the 24th"), and a year with its month in
digits after a date's key ("Event date: 2021-03")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Symptoms started on the 15th.", ["15th"]),
        ("Went to the ER on the 31st, my face swelled.", ["31st"]),
        ("He took it on the 30th of this month, two days ago.", ["30th"]),
        ("Caller received the vaccine on the 18th then tested positive on the 24th;", None),
        ("On the 13th, the patient was able to ambulate.", ["13th"]),
        ("felt fine until the 30th when she had acute abdominal pain", ["30th"]),
        ("so on the 29th I went and got a strep test", ["29th"]),
    ],
)
def test_a_day_of_the_month_alone_is_a_date(text: str, days: list[str] | None) -> None:
    """A day alone was left in the text: 29 of them in the VAERS narratives."""
    found = stretches(text, "en", "DATE")
    assert found == (days or ["18th", "24th"])


@pytest.mark.parametrize(
    "text",
    [
        "She had a fever on the 2nd dose.",
        "Her office is on the 15th floor.",
        "on the 1st day of the trial she had a rash",
        "by the 3rd week the rash was gone",
        "on the 2nd of 3 doses",
        "He finished 3rd.",
        "on the 40th she was fine",  # no day of a month
    ],
)
def test_an_ordinal_that_counts_is_no_date(text: str) -> None:
    assert stretches(text, "en", "DATE") == []


def test_a_day_alone_is_read_in_english_only() -> None:
    """Other languages write the day with its month ("el 15 de marzo"); the English
    ordinal's letters mean nothing there."""
    assert stretches("on the 15th.", "es", "DATE") == []


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("Event date: 2021-03", "2021-03"),
        ("Onset 2020/11 (approx.)", "2020/11"),
        ("DOB: 1950-07.", "1950-07"),
    ],
)
def test_a_year_and_its_month_after_a_dates_key_is_a_date(text: str, month: str) -> None:
    assert stretches(text, "en", "DATE") == [month]


@pytest.mark.parametrize(
    "text", ["Lot 2021-03 expired", "the 2011-12 season", "Event date: 2021-13"]
)
def test_a_year_and_a_number_without_the_key_are_no_date(text: str) -> None:
    assert stretches(text, "en", "DATE") == []
