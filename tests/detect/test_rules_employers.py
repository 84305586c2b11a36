"""An employer named after the words of working there in six languages ("Barista at
Starbucks", "trabajadora de Mercadona", "Salarié chez Airbus", "dipendente della FIAT",
"trabalha na Petrobras"): a workplace identifies a patient as an address does."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "employer"),
    [
        ("Barista at Starbucks.", "en", "Starbucks"),
        ("Flight attendant for Delta Air Lines.", "en", "Delta Air Lines"),
        ("Mujer de 34 años, trabajadora de Mercadona en Valencia.", "es", "Mercadona"),
        ("Trabaja en la fábrica de SEAT en Martorell.", "es", "SEAT"),
        ("Salarié chez Airbus à Toulouse.", "fr", "Airbus"),
        ("Il paziente, dipendente della FIAT di Melfi, ha sviluppato epatite.", "it", "FIAT"),
        ("Dipendente della Ferrero di Alba.", "it", "Ferrero"),
        ("A paciente trabalha na Petrobras no Rio de Janeiro.", "pt", "Petrobras"),
    ],
)
def test_an_employer_after_the_words_of_working_there(
    text: str, language: str, employer: str
) -> None:
    assert stretches(text, language, "INSTITUTION") == [employer]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("the driver for 10 years", "en"),
        ("trabajadora de la limpieza", "es"),
        ("trabalha no Rio de Janeiro", "pt"),
        ("lavora presso Roma", "it"),
    ],
)
def test_a_job_or_a_town_after_the_same_words_is_no_employer(text: str, language: str) -> None:
    assert stretches(text, language, "INSTITUTION") == []
