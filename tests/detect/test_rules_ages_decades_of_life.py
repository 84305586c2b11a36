"""An age by the ordinal of its decade of life ("Paciente de la 8ª década de la vida", "in
her eighth decade") and a German decade in the plural ("Pat. in den Neunzigern"), where the
words say it is a person's; not a century's or a study's decade, nor the 1990s."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "age"),
    [
        ("Paciente de la 8ª década de la vida con fibrilación.", "es", "8ª década de la vida"),
        ("Paciente en la novena década de la vida.", "es", "novena década de la vida"),
        ("Varón en su séptima década, hipertenso.", "es", "séptima década"),
        ("A woman in her eighth decade fell at home.", "en", "eighth decade"),
        ("Patiente dans sa huitième décennie.", "fr", "huitième décennie"),
        ("Paziente nella nona decade di vita.", "it", "nona decade di vita"),
        ("Doente na oitava década de vida.", "pt", "oitava década de vida"),
        ("Pat. in den Neunzigern, dement.", "de", "in den Neunzigern"),
        ("Er ist in seinen Achtzigern.", "de", "in seinen Achtzigern"),
    ],
)
def test_a_decade_of_life_is_an_age(text: str, language: str, age: str) -> None:
    assert age in stretches(text, language, "AGE")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Durante la tercera década del siglo XX se describió.", "es"),
        ("Events in the first decade of follow-up were rare.", "en"),
        ("In den Neunzigern wurde er operiert.", "de"),
    ],
)
def test_a_centurys_or_a_studys_decade_is_no_age(text: str, language: str) -> None:
    assert stretches(text, language, "AGE") == []
