"""What the keys of a trial's subject, a death's or a court's case and a bracket after a key
no longer take for an identifier: a clock time, a dose or a range after the patient's word, a
tiny number after "index" or "court", a helpline or a term in a bracket (an outside review of
2026-12-01's fourth session); and the subjects' numbers they still find."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    "text",
    [
        "At night the patient 0200 woke confused.",
        "The patient 2300 had a second seizure.",
        "Patient 0800 vitals stable.",
        "The patient 1200 had lunch and vomited.",
    ],
)
def test_a_clock_time_after_the_patients_word_is_no_record_number(text: str) -> None:
    assert stretches(text, "en", "ID") == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Patient 5000 IE Heparin s.c. erhalten.", "de"),
        ("Patient 5000 IE Heparin was given.", "en"),
        ("Il paziente 5000 unità di eparina.", "it"),
        ("The patient 10000 steps a day before the event.", "en"),
    ],
)
def test_a_dose_or_an_amount_after_the_patients_word_is_no_record_number(
    text: str, language: str
) -> None:
    assert stretches(text, language, "ID") == []


@pytest.mark.parametrize(
    "text",
    [
        "Heart rate of the patient 120-140 during the infusion.",
        "The patient 2200-0600 was kept nil by mouth.",
        "Seen by the patient 2021-03-15 at home.",
        "Vaccinated patient 12-2021, second dose.",
    ],
)
def test_a_range_or_a_date_after_the_patients_word_is_no_record_number(text: str) -> None:
    assert stretches(text, "en", "ID") == []


@pytest.mark.parametrize(
    "text",
    [
        "Cardiac index # 2 on the monitor.",
        "Glycemic index # 2 foods only.",
        "Left index no. 2 finger swollen.",
        "Autopsy no 3 vessel disease was found.",
        "ME case #2 in the clinic this year.",
        "Court no 2 heard the case.",
        "Docket #12 was closed.",
        "Screening no. 2 showed a rash.",
    ],
)
def test_a_tiny_number_after_a_case_or_index_key_is_no_case_number(text: str) -> None:
    """A death's or a court's case code has four characters or more, a digit among them;
    "ME" in lower or mixed case is myalgic encephalomyelitis and no examiner."""
    assert stretches(text, "en", "ID") == []


@pytest.mark.parametrize(
    "text",
    [
        "She called NHS (111) twice.",
        "Insurance (1 of 2) forms were sent.",
        "Policy (2021-22) renewed.",
        "Policy (2019/2020) renewed.",
    ],
)
def test_a_helpline_a_count_or_a_span_of_years_in_a_bracket_is_no_id(text: str) -> None:
    assert stretches(text, "en", "ID") == []


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Subject 1001-0023 experienced nausea on Day 3.", "1001-0023"),
        ("Subject ID: 01-004 had a rash.", "01-004"),
        ("Randomization number 204518 was assigned.", "204518"),
        ("Screening no. S-1234 was assigned.", "S-1234"),
        ("Patient 45-0019 is a 73 y/o male.", "45-0019"),
        ("Patient A123456 was seen.", "A123456"),
        ("ME case 2021-01234 was opened by the county.", "2021-01234"),
        ("Autopsy no. A22-187 showed myocarditis.", "A22-187"),
        ("Index No. 190456/2021 in the Supreme Court.", "190456/2021"),
        ("The mother's MRN (7732190) was used in error.", "7732190"),
        ("Her NHS number (943 476 5919) was given.", "943 476 5919"),
    ],
)
def test_a_subjects_or_a_cases_number_is_still_found(text: str, code: str) -> None:
    assert code in stretches(text, "en", "ID")


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Subject 001 withdrew consent.", "001"),
        ("Subject #023 had a rash.", "023"),
        ("Pt 1001-0023 was hospitalised.", "1001-0023"),
        ("ME#: 21-01234 (county).", "21-01234"),
    ],
)
def test_a_subjects_number_with_leading_zeros_and_an_examiners_number_sign(
    text: str, code: str
) -> None:
    """A trial numbers its subjects from "001"; a medical examiner's "ME#" is in capitals."""
    assert stretches(text, "en", "ID") == [code]
