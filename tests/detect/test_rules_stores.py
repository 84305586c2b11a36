"""Where a consumer got the dose or filled the prescription: a grocer's, a supermarket's or a
drugstore chain's name after "at", "@", "from" or "to", or before the pharmacy's word, typed
as the chain writes it or in lower case; with the cardiovascular system and the words of the
same letters that stay."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "store"),
    [
        ("Vaccinated at CVS.", "CVS"),
        ("Vaccinated at a CVS in Boise, Idaho.", "CVS"),
        ("she got her booster at the CVS on Elm.", "CVS"),
        ("my son got the shot at walgreens on 3/4/21", "walgreens"),
        ("2nd dose given @ riteaid store 3321 on 3/29", "riteaid store 3321"),
        ("a pharmacist (Will Turner) at Kroger in Cincinnati.", "Kroger"),
        ("Patient received dose at Costco in Issaquah.", "Costco"),
        ("Vaccinated at Safeway.", "Safeway"),
        ("H-E-B pharmacy gave the vaccine.", "H-E-B pharmacy"),
        ("Seen at MinuteClinic.", "MinuteClinic"),
        ("Prescription filled at WALMART #1234 on Main.", "WALMART #1234"),
    ],
)
def test_a_chain_store_where_the_dose_was_given_is_an_institution(text: str, store: str) -> None:
    assert store in stretches(text, "en", "INSTITUTION")


@pytest.mark.parametrize(
    "text",
    [
        "CVS: S1 S2 normal, no murmur.",
        "Exam: CVS normal, RS clear.",
        "He works at the cost of his sleep.",
        "Boots were removed in the ED.",
        "the patient writes that the safety of the cvs exam",
    ],
)
def test_a_body_system_or_a_word_of_the_same_letters_is_no_store(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []
