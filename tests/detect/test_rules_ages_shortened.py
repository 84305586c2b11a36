"""Ages as forms and notes shorten them beside the patient's sex ("94F admitted", "F/94",
"Female, 94, received"), which a guard read as temperatures; with the temperatures, sizes and
counts of the same shape that stay."""

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
