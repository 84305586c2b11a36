"""Institutions named by their town after "of" ("Urgent Care of Springfield", "Islamic Center
of Boston"), and a person's role before "of" that is no part of an institution's name
("Member of First Baptist Church"); with the words of the same shape that name none."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Resident of Life Care Center of Kirkland.", "Life Care Center of Kirkland"),
        ("Congregant at Islamic Center of Boston.", "Islamic Center of Boston"),
        ("Patient seen at Urgent Care of Springfield.", "Urgent Care of Springfield"),
        ("Seen at Pediatric Associates of Dallas.", "Pediatric Associates of Dallas"),
        ("Member of the YMCA of Greater Seattle.", "YMCA of Greater Seattle"),
        ("Seen at Children's Hospital of Philadelphia.", "Children's Hospital of Philadelphia"),
    ],
)
def test_an_institution_named_by_its_town_is_one_institution(text: str, institution: str) -> None:
    """The town alone was taken, and the institution's words left beside the mask."""
    assert stretches(text, "en", "INSTITUTION") == [institution]


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Member of First Baptist Church; Pastor Jim reported.", "First Baptist Church"),
        ("She is a Student of Lincoln High School.", "Lincoln High School"),
    ],
)
def test_a_persons_role_before_of_is_no_part_of_the_name(text: str, institution: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == [institution]


@pytest.mark.parametrize(
    "text", ["Health Center of Excellence", "a Center of Gravity shift", "Care of Patients"]
)
def test_no_town_after_of_names_no_institution(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []


def test_an_organisation_ends_after_the_place_a_conjunction_joins() -> None:
    """ "Castilla y León" is one region: the organisation's name stopped at "y" and left
    "León" to be read alone."""
    text = "Notificada por el Centro Autonómico de Farmacovigilancia de Castilla y León; tel."
    assert stretches(text, "es", "ORGANISATION") == [
        "Centro Autonómico de Farmacovigilancia de Castilla y León"
    ]
