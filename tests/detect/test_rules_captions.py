"""The parties of a lawsuit's caption, which product-liability reports name: a person's name
before or after "v.", no maker, company or government."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Case: Johnson v. Janssen Pharmaceuticals, Docket No. 19-CV-4455.", ["Johnson"]),
        ("The court in Doe v. Pfizer dismissed the claim.", ["Doe"]),
        ("Mary A. Jones v. Pfizer Inc.", ["Mary A. Jones"]),
        ("O'Neil v. Merck", ["O'Neil"]),
        ("Jones v. Smith", ["Jones", "Smith"]),
        ("United States v. Smith", ["Smith"]),
    ],
)
def test_a_person_in_a_caption_is_a_name(text: str, names: list[str]) -> None:
    assert stretches(text, "en", "PERSON") == names


@pytest.mark.parametrize(
    "text", ["In Efficacy v. Safety trials", "PEA vs VFib on the monitor", "HIV v. placebo"]
)
def test_words_on_either_side_of_versus_are_no_parties(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []
