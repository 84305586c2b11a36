"""Hospitals and health centres named after their kind's acronym, as each language writes
them ("CS Delicias", "CH de Saint-Brieuc", "AOU Careggi", "UPA 24h de Campinas", "MVZ am
Marienplatz"): the acronym and the name are one institution; the acronym alone, or before a
word in lower case or a date, is none."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "institution"),
    [
        ("Atendida en el CS Delicias.", "es", "CS Delicias"),
        ("Según la enfermera, recibió la dosis en el CAP Sant Andreu.", "es", "CAP Sant Andreu"),
        ("Ingresada en el H.U. Puerta de Hierro (Majadahonda).", "es", "H.U. Puerta de Hierro"),
        ("Transférée au CH de Saint-Brieuc.", "fr", "CH de Saint-Brieuc"),
        ("Prise en charge au CHR d'Orléans.", "fr", "CHR d'Orléans"),
        ("Ricoverata presso l'AOU Careggi.", "it", "AOU Careggi"),
        (
            "Ricoverata presso l'ASST Spedali Civili di Brescia.",
            "it",
            "ASST Spedali Civili di Brescia",
        ),
        ("Atendida na UPA 24h de Campinas.", "pt", "UPA 24h de Campinas"),
        ("Internado no IPO do Porto.", "pt", "IPO do Porto"),
        ("Vorstellung im MVZ am Marienplatz.", "de", "MVZ am Marienplatz"),
    ],
)
def test_an_acronym_and_the_name_after_it_are_one_institution(
    text: str, language: str, institution: str
) -> None:
    """Only the town in the name was found ("Saint-Brieuc", "Careggi"), or nothing ("CHR
    d'Orléans", "Spedali Civili", "Puerta de Hierro")."""
    assert institution in stretches(text, language, "INSTITUTION")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Vacunado en el CS.", "es"),
        ("El CAP de la zona lo derivó.", "es"),
        ("Revisado en el CS Lunes por la mañana.", "es"),
        ("Le CH a déclaré le cas.", "fr"),
        ("The CS Delicias report", "en"),  # an English narrative: the acronyms are others'
    ],
)
def test_an_acronym_without_a_name_is_no_institution(text: str, language: str) -> None:
    assert not [s for s in stretches(text, language, "INSTITUTION") if s.split()[0].isupper()]
