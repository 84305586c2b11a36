"""Names a conjunction joins to a name the rules found ("Drs. Smith and Jones", "Praxis
Dres. Meier und Schulz"), the plural doctors' titles that cue them, and an Arabic name's
particle with the family's word after it ("Fatima Al Zahrani"), and the age in brackets after
a patient's name ("John Smith (97) was admitted")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "kind", "names"),
    [
        ("Drs. Smith and Jones saw her.", "en", "STAFF", ["Smith", "Jones"]),
        (
            "Die Meldung kam aus der Praxis Dres. Meier und Schulz.",
            "de",
            "STAFF",
            ["Meier", "Schulz"],
        ),
        ("Atendida por las Dras. García y Moreno.", "es", "STAFF", ["García", "Moreno"]),
        ("His parents John and Mary visited.", "en", "PERSON", ["John", "Mary"]),
    ],
)
def test_a_name_joined_to_a_name_by_a_conjunction_is_one_too(
    text: str, language: str, kind: str, names: list[str]
) -> None:
    """Only the first was found: the second came after "and", "und", "y" with no cue."""
    found = stretches(text, language, kind)
    assert all(any(name in stretch for stretch in found) for name in names), found


@pytest.mark.parametrize(
    ("text", "language", "word"),
    [
        ("Dr. Smith and Graves disease were discussed.", "en", "Graves"),
        ("Mr. Smith and Georgia were mentioned.", "en", "Georgia"),
        ("Herr Meier und Sohn kamen.", "de", "Sohn"),
        ("Dr. Smith and Benadryl at night.", "en", "Benadryl"),
    ],
)
def test_a_condition_a_country_or_a_word_after_the_conjunction_is_no_name(
    text: str, language: str, word: str
) -> None:
    people = stretches(text, language, "PERSON") + stretches(text, language, "STAFF")
    assert people and not any(word in stretch for stretch in people), people


def test_an_arabic_names_particle_takes_the_family_word_after_a_name() -> None:
    """ "Fatima" was the patient's name and "Al Zahrani" was left; a Spanish article "al"
    in lower case, or a town the particle begins, is not taken."""
    assert stretches("Patient Fatima Al Zahrani reported fever.", "en", "PERSON") == [
        "Fatima Al Zahrani"
    ]
    assert stretches("Llevaron a María al Hospital Clínico.", "es", "PERSON") == ["María"]
    assert stretches("They met Omar El Paso last week.", "en", "PERSON") == ["Omar"]


def test_a_number_in_brackets_after_a_patients_name_is_the_age() -> None:
    """ "John Smith (97) was admitted": the name was found and its age, over 89, left; after
    a professional's name a number cites ("Dr. Smith (12) reported"), after a drug it is no
    one's."""
    assert stretches("John Smith (97) was admitted.", "en", "AGE") == ["97"]
    assert stretches("Mrs Lee (88), a widow, fell.", "en", "AGE") == ["88"]
    assert stretches("As Dr. Smith (12) reported, it recurs.", "en", "AGE") == []
    assert stretches("Humira (40) was stopped.", "en", "AGE") == []
