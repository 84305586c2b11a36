"""Where a service member serves or an inmate is held: a unit, a ship, a base, a federal
prison (rule ``institution_military``)."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("Soldier with the 82nd Airborne Division was vaccinated.", "82nd Airborne Division"),
        ("Marine with 1st Battalion, 5th Marines at the clinic.", "1st Battalion, 5th Marines"),
        ("Soldier in the 3rd Brigade Combat Team", "3rd Brigade Combat Team"),
        ("Sailor aboard the USS Theodore Roosevelt.", "USS Theodore Roosevelt"),
        ("Trainee at Lackland AFB.", "Lackland AFB"),
        ("Stationed at Ramstein Air Base, Germany.", "Ramstein Air Base"),
        ("Seen at Naval Station Norfolk.", "Naval Station Norfolk"),
        ("Stationed at Joint Base Lewis-McChord", "Joint Base Lewis-McChord"),
        ("Held at FCI Danbury.", "FCI Danbury"),
        ("Inmate at Rikers Island.", "Rikers Island"),
    ],
)
def test_a_unit_a_ship_a_base_or_a_prison_is_an_institution(text: str, place: str) -> None:
    assert place in stretches(text, "en", "INSTITUTION")


@pytest.mark.parametrize(
    "text",
    [
        "The Air Base was closed that week.",
        "on the 2nd Company visit she fainted",
        "the 3rd Wing of the hospital",
        "Sodium Chloride Injection USP Grade",
        "received the 2nd Dose at the clinic",
    ],
)
def test_the_kinds_words_and_counts_alone_are_none(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []


def test_units_are_read_in_english_only() -> None:
    assert stretches("Il 3rd Brigade Combat Team", "it", "INSTITUTION") == []


@pytest.mark.parametrize(
    "text",
    [
        "Sailor at Naval Station Norfolk.",
        "Marine with 1st Battalion, 5th Marines.",
        "Navy veteran, 70 yo, fainted.",
        "Crew member on the ship.",
    ],
)
def test_a_service_members_word_opening_a_sentence_is_no_name(text: str) -> None:
    """ "Sailor", "Marine", "Navy", "Crew" are first names in the lists, and a service's
    word or a rank at a sentence's start."""
    assert stretches(text, "en", "PERSON") == []
