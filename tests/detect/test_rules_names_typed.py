"""Names as people type them: a patient's name in lower case after the patient's word in
English notes, which no capital marks; with the words after the patient's word that are
no name."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("the patient, jacob, had a fever", "jacob"),
        ("The patient, john, said his arm hurt.", "john"),
        ("patient jacob miller had a rash", "jacob miller"),
        ("pt john smith had a rash after the dose", "john smith"),
        ("pt david brown was seen", "david brown"),
        ("the baby, emma, was fussy", "emma"),
    ],
)
def test_a_patients_name_typed_in_lower_case_is_found(text: str, name: str) -> None:
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize(
    "text",
    [
        "patient will follow up with her gp",
        "the patient, however, was fine",
        "the patient, who was 45, had a rash",
        "the patient, sunday, came back",
        "pt rose from bed and fell",
        "pt may need a second dose",
    ],
)
def test_a_word_after_the_patients_word_in_lower_case_is_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("seen by Dr.Smith at the clinic", "en", "Smith"),
        ("Mrs.Jones reported a rash", "en", "Jones"),
        ("DR.PATEL saw him on Monday", "en", "PATEL"),
        ("Remitido por: Dra.Cristina Cuerda. Unidad de Nutrición.", "es", "Cristina Cuerda"),
    ],
)
def test_a_name_run_into_its_title_is_found(text: str, language: str, name: str) -> None:
    """A title's dot with no blank after it ("Dr.Smith"), as notes and forms run them."""
    assert name in [
        found for kind in ("PERSON", "STAFF") for found in stretches(text, language, kind)
    ]
