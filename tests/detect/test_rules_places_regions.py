"""Regions Faker's locales leave out: Italy's ("Toscana"), Brazil's states ("Minas Gerais"),
Portugal's districts and historical provinces ("Alentejo"); not a region's name that is a
word of the language too ("Marche diverse", brands)."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "region"),
    [
        ("Vive in Toscana da anni.", "it", "Toscana"),
        ("Residente in Emilia-Romagna.", "it", "Emilia-Romagna"),
        ("A doente mora em Minas Gerais.", "pt", "Minas Gerais"),
        ("Reside no Alentejo com a filha.", "pt", "Alentejo"),
    ],
)
def test_a_region_is_a_place(text: str, language: str, region: str) -> None:
    assert region in stretches(text, language, "CITY")


def test_marche_is_a_word_before_a_region() -> None:
    assert stretches("Marche diverse di farmaci.", "it", "CITY") == []
