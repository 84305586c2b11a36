"""Where a patient was vaccinated, stayed, played or was held, named before its kind's word:
a stadium, a convention centre, a hotel, a gym, a correctional complex ("Dodger Stadium",
"Javits Center", "Travis County Correctional Complex")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "venue"),
    [
        ("Vaccinated at Dodger Stadium.", "Dodger Stadium"),
        ("Vaccinated at the Javits Center mass vaccination site.", "Javits Center"),
        (
            "Transferred from Travis County Correctional Complex.",
            "Travis County Correctional Complex",
        ),
        ("Stayed at the Fontainebleau Hotel in Miami.", "Fontainebleau Hotel"),
    ],
)
def test_a_venue_named_before_its_kind_is_an_institution(text: str, venue: str) -> None:
    assert venue in stretches(text, "en", "INSTITUTION")


@pytest.mark.parametrize(
    "text",
    [
        "seen at the Wellness Center",
        "went to the Shopping Center",
        "the Center for Disease Control",
        "stayed at a Main Street Hotel",
    ],
)
def test_common_words_before_a_venues_kind_name_none(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Patient, 95, resident of Sunrise Senior Living, developed fever.",
            "Sunrise Senior Living",
        ),
        ("Transferred to Evergreen Health and Rehab.", "Evergreen Health and Rehab"),
        (
            "Services at Our Lady of Perpetual Help Church, then burial.",
            "Our Lady of Perpetual Help Church",
        ),
        ("Admitted to Our Lady of Lourdes Hospital.", "Our Lady of Lourdes Hospital"),
    ],
)
def test_a_home_a_rehab_or_our_ladys_church_is_an_institution(text: str, institution: str) -> None:
    """Their common words left them: "Sunrise" after "resident of", "Rehab" no suffix, "Our"
    read as an article."""
    assert institution in stretches(text, "en", "INSTITUTION")


@pytest.mark.parametrize(
    "text", ["discharged to Acute Rehab today", "sent to Cardiac Rehab", "went to rehab"]
)
def test_a_kind_of_rehab_is_no_institution(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []
