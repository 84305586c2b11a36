"""Day-and-month dates as Italian and German letters write them without a year ("ricoverato
il 15/03", "Am 3.3. Beginn", "Aufnahme: 3.3."), with the fractions of the same shape that
stay."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "dates"),
    [
        ("Ricoverato il 15/03 per rash.", "it", ["15/03"]),
        ("In data 15/03 ha sospeso il farmaco.", "it", ["15/03"]),
        ("dal 3/3 al 8/3 in reparto", "it", ["3/3", "8/3"]),
        ("Am 3.3. Beginn der Therapie mit Amoxicillin.", "de", ["3.3."]),
        ("Am 13.3. Beginn der Therapie.", "de", ["13.3."]),
        ("Aufnahme: 3.3., Entlassung: 10.3.", "de", ["3.3.", "10.3."]),
        ("Seit dem 12.3. Juckreiz am Stamm.", "de", ["12.3."]),
    ],
)
def test_a_day_and_month_without_a_year_is_a_date(
    text: str, language: str, dates: list[str]
) -> None:
    assert stretches(text, language, "DATE") == dates


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("il 1/2 compressa la sera", "it"),
        ("il 3/4 della dose", "it"),
        ("in data 2/3 dosi", "it"),
        ("siehe Abb. 3.1. und Kap. 2.4.", "de"),
    ],
)
def test_a_fraction_or_a_figures_number_is_no_date(text: str, language: str) -> None:
    assert stretches(text, language, "DATE") == []


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Hospitalized Feb 9-12, 2021.", ["Feb 9-12, 2021"]),
        ("Jan 4-7 continued worsening jaundice", ["Jan 4-7"]),
        ("Vaccination date 20210315.", ["20210315"]),
        ("DOB 19500101", ["19500101"]),
    ],
)
def test_a_range_of_days_and_a_compact_date_are_dates(text: str, dates: list[str]) -> None:
    """The second day of a range was left after the first ("Jan [4]-7"); a year, month and
    day run together after a date's key were no date."""
    assert stretches(text, "en", "DATE") == dates


@pytest.mark.parametrize("text", ["Lot 20210315 expired", "MRN 19500101", "in March 3-4 times"])
def test_a_lot_a_record_or_a_count_is_no_range_of_days(text: str) -> None:
    assert [d for d in stretches(text, "en", "DATE") if "-" in d or d.isdigit()] == []
