"""Ages as forms and notes shorten them beside the patient's sex ("94F admitted", "F/94",
"Female, 94, received"), which a guard read as temperatures, and ages over 89 with no key
("Age at vaccination: 91 years"); with the temperatures, sizes, counts and times of the same
shape that stay."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("94F admitted with sepsis", "94"),
        ("A 45F with rash after dose 2.", "45"),
        ("Pt 45M with chest pain", "45"),
        ("patient 94 F, fell at home", "94"),
        ("Age: 95 F", "95"),
        ("F/94 with fever", "94"),
        ("45/M seen in clinic", "45"),
        ("VAERS: Female, 94, received Fluzone High-Dose", "94"),
        ("Narrative: Patient, 95, resident of a care home", "95"),
        ("Seen today (91M) for a rash.", "91"),
    ],
)
def test_an_age_beside_the_sex_is_found(text: str, age: str) -> None:
    assert stretches(text, "en", "AGE") == [age]


@pytest.mark.parametrize(
    "text",
    [
        "fever of 101F overnight",
        "Tmax 102F, then 99F",
        "a 14F catheter was placed",
        "A 5F sheath in the femoral artery",
        "Female, 2 doses, received",
        "dose 2/F given",
        "45M units of vitamin A",
        "Lot 4F5G",
    ],
)
def test_a_temperature_a_size_or_a_count_beside_a_letter_is_no_age(text: str) -> None:
    assert stretches(text, "en", "AGE") == []


@pytest.mark.parametrize(
    ("text", "language", "age"),
    [
        ("Age at vaccination: 91 years", "en", "91 years"),
        ("Age at onset: 92 years", "en", "92 years"),
        ("Patient 97 yrs", "en", "97 yrs"),
        ("The patient (95 years) fell.", "en", "95 years"),
        ("A ninety one year old woman fell.", "en", "ninety one year"),
        ("her grandmother, 98, also had it", "en", "98"),
        ("Paciente residente no Lar, Viseu, com 96 anos.", "pt", "96 anos"),
        ("Paziente novantenne (92 anni).", "it", "92 anni"),
        ("hallo, meine mutter (93) hat seit dem 5. mai ramipril", "de", "93"),
        ("Mujer nonagenaria (93) con insuficiencia renal.", "es", "93"),
    ],
)
def test_an_age_over_89_is_found_whatever_stands_before_it(
    text: str, language: str, age: str
) -> None:
    """Past 89 a number of years is a life's: no key, no "old" is needed. A number in words
    may be written with a blank ("ninety one"), which read as "one year" before."""
    assert age in stretches(text, language, "AGE")


@pytest.mark.parametrize(
    "text",
    [
        "It was discovered 95 years ago.",
        "100 years later the drug was withdrawn.",
        "over 100 years of insulin therapy",
        "for 95 years she worked",
        "She had 95 days of therapy.",
        "her grandmother, 45 mg, also",
        "Pfizer Inc (95) said",
    ],
)
def test_a_time_a_history_or_a_dose_is_no_age_over_89(text: str) -> None:
    assert stretches(text, "en", "AGE") == []


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("Grandmother, age ninety-three, had a stroke.", "ninety-three"),
        ("aged ninety-two", "ninety-two"),
        ("she turned ninety last week.", "ninety"),
        ("one hundred and two years old", "one hundred and two years"),
    ],
)
def test_an_age_over_89_in_words_after_its_key_or_a_verb_is_found(text: str, age: str) -> None:
    assert stretches(text, "en", "AGE") == [age]


@pytest.mark.parametrize(
    "text",
    [
        "the test is ninety percent sensitive",
        "it was a hundred mg",
        "one hundred patients",
        "On 13Jan2021 his temp was one hundred and something.",
    ],
)
def test_an_amount_in_words_is_no_age(text: str) -> None:
    assert stretches(text, "en", "AGE") == []


@pytest.mark.parametrize(
    ("text", "age"),
    [("pt 95 y", "95 y"), ("The patient (97 y) fell.", "97 y"), ("F 102 y, rash", "102 y")],
)
def test_an_age_over_89_with_its_years_as_y_is_found(text: str, age: str) -> None:
    """English notes write a life's years as "y": an age over 89 so written was left."""
    assert stretches(text, "en", "AGE") == [age]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("gave 95 y of", "en"),
        ("pt 45 y", "en"),
        ("the 95 y-axis", "en"),
        ("entre 95 y 100 mg", "es"),  # Spanish "y" is "and"
    ],
)
def test_a_y_that_is_no_age_unit_or_no_age_over_89_stays(text: str, language: str) -> None:
    assert stretches(text, language, "AGE") == []
