"""Hospitals and health systems named by their own name, without a word of a hospital's
kind or with one after common words only ("Kaiser Permanente", "NYU Langone", "Intermountain
Healthcare", "die Charité", "al Fatebenefratelli"): the institution rules left them."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "institution"),
    [
        ("Vaccinated at Kaiser Permanente in Oakland.", "en", "Kaiser Permanente"),
        ("Transferred to NYU Langone.", "en", "NYU Langone"),
        ("Seen at Stanford Health Care.", "en", "Stanford Health Care"),
        (
            "Followed at Memorial Sloan Kettering for chemotherapy.",
            "en",
            "Memorial Sloan Kettering",
        ),
        ("She works at Intermountain Healthcare.", "en", "Intermountain Healthcare"),
        ("my mom went to kaiser permanente", "en", "kaiser permanente"),
        ("ADMITTED TO MD ANDERSON", "en", "MD ANDERSON"),
        ("Verlegung in die Charité.", "de", "Charité"),
        ("Ricoverato al Fatebenefratelli.", "it", "Fatebenefratelli"),
        ("Hospitalisé à la Pitié-Salpêtrière.", "fr", "Pitié-Salpêtrière"),
    ],
)
def test_a_known_institution_is_one_by_its_name(text: str, language: str, institution: str) -> None:
    assert institution in stretches(text, language, "INSTITUTION")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("reconstrucción mediante bola adiposa bucal de Bichat", "es"),  # an eponym
        ("Santa Maria, madre de Dios, ruega por nosotros", "es"),  # a saint, no hospital
        ("He moved to Providence last year.", "en"),  # a town, and a word
        ("He was a good samaritan to her.", "en"),  # an everyday phrase in lower case
        ("Tiene confianza en la fe de su familia.", "es"),  # the faith
    ],
)
def test_a_saints_an_eponyms_or_a_towns_name_is_no_institution(text: str, language: str) -> None:
    assert stretches(text, language, "INSTITUTION") == []


def test_a_key_after_an_institution_is_no_part_of_its_address() -> None:
    """A signature's "T:" after the institution was read as a town after its address."""
    text = "Clinical Pharmacist, Banner Health T: (602) 555-0147"
    assert stretches(text, "en", "CITY") == []
    assert stretches(text, "en", "INSTITUTION") == ["Banner Health"]
