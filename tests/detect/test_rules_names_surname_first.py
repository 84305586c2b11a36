"""Names as forms and letters write them, the surnames first and the given name after a
comma ("Paciente: García López, Juan.", "Pat. Meier, Hans, 67 J."), and a frequent surname
that is also an eponym after a first name that is a word too ("Mary Jones"); with the
neighbours that are no part of the name."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Paciente: García López, Juan. Acude a urgencias.", "es", "García López, Juan"),
        ("Paciente: Ortega Ruiz, María del Mar.", "es", "Ortega Ruiz, María del Mar"),
        ("Paciente: GARCIA LOPEZ, JUAN ANTONIO", "es", "GARCIA LOPEZ, JUAN ANTONIO"),
        ("Pat. Meier, Hans, 67 J., stellt sich vor.", "de", "Meier, Hans"),
        ("the patient Jones, Mary, was seen", "en", "Jones, Mary"),
    ],
)
def test_a_given_name_after_the_surnames_comma_belongs_to_the_name(
    text: str, language: str, name: str
) -> None:
    """Two surnames with a blank between them after a key took no given name: it was found
    alone, or not at all in capitals."""
    assert name in stretches(text, language, "PERSON")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Patient: John Smith, Mary Jones was the nurse.", ["John Smith", "Mary Jones"]),
        ("Patient: John Smith, 45, fell.", ["John Smith"]),
        ("The patient Smith, June 2020 follow-up.", ["Smith"]),
    ],
)
def test_what_follows_a_full_name_or_a_surname_stays_apart(text: str, names: list[str]) -> None:
    """A key's first name and surname take no second person after the comma (a span to
    "Mary" would have left "Jones"), and a month after a surname is a date."""
    assert stretches(text, "en", "PERSON") == names


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Mary Jones was the nurse.", "Mary Jones"),
        ("Grace Jones reported it.", "Grace Jones"),
    ],
)
def test_a_familiar_first_name_before_an_eponymous_surname_is_a_name(text: str, name: str) -> None:
    """ "Jones" names the Jones criteria, and "Mary" is a word: the pair was refused."""
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize("text", ["The Jones criteria were met.", "Stevens Johnson syndrome"])
def test_an_eponym_without_a_first_name_stays(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []
