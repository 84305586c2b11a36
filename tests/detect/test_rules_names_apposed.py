"""Names whose first word is a word too (Hope, Will, April, Summer, Pat), known by what stands
beside them: a bare age or a job between commas after them ("Hope Martinez, 34, developed",
"Pat Ward, pharmacist, reported"), a contact's key or a consumer's or caller's word before
them ("Contact: Summer Lee", "Consumer April Jones"); with the words and dates of the same
shape that name no one."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Hope Martinez, 34, developed Guillain-Barre syndrome.", "Hope Martinez"),
        ("Will Anderson, 44, received the booster.", "Will Anderson"),
        ("Will Anderson, 44 y/o, received the booster.", "Will Anderson"),
        ("Pat Ward, pharmacist, reported the error.", "Pat Ward"),
        ("Contact: Summer Lee, mother, 312-555-0199.", "Summer Lee"),
        ("Consumer April Jones reported that her son vomited.", "April Jones"),
        ("Caller Sarah Miller said the arm hurt.", "Sarah Miller"),
    ],
)
def test_a_word_first_name_beside_who_it_is_names_a_person(text: str, name: str) -> None:
    assert name in stretches(text, "en", "PERSON") + stretches(text, "en", "STAFF")


@pytest.mark.parametrize(
    "text",
    [
        "Lot Number, 34, was recorded.",
        "my friend April 3rd",
        "Consumer Reports, 2021, rated it.",
        "The caller, May, said.",
        "Hope Street, 34, Liverpool",
    ],
)
def test_a_thing_or_a_date_beside_the_same_words_names_no_one(text: str) -> None:
    assert stretches(text, "en", "PERSON") + stretches(text, "en", "STAFF") == []
