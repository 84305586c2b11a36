"""Names and institutions written all in capitals or all in lower case, where the case of a
word says nothing: a surname that is a rare word too after a first name ("PATIENT JOHN DOE",
"reporter: jane doe"), a saint's abbreviation or a large town opening a hospital's name in
capitals ("ST. LUKE'S HOSPITAL", "BOSTON CHILDREN'S HOSPITAL"), and a middle initial after a
given name written after the surname ("Patient: Doe, John A.")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("PATIENT JOHN DOE RECEIVED DOSE 1.", "JOHN DOE"),
        ("reporter: jane doe", "jane doe"),
        ("Patient JOHN DOE received dose 1.", "JOHN DOE"),
    ],
)
def test_a_rare_word_after_a_first_name_is_its_surname(text: str, name: str) -> None:
    """The word "doe" is in the common-word list: after a first name in capitals or lower
    case it was left out of the name, and "JOHN" alone was found."""
    assert name in stretches(text, "en")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("PATIENT JOHN HURT HIS ARM", "JOHN"),  # "hurt" is a surname too, and a frequent word
        ("PATIENT WILL DOE CALLED", None),  # a first name that is a word: no name to go on
        ("patient john faint", None),  # a first name after a weak cue in lower case: none
    ],
)
def test_a_frequent_word_or_a_doubtful_first_name_takes_no_surname(
    text: str, name: str | None
) -> None:
    found = stretches(text, "en", "PERSON")
    assert (found == [name]) if name else not any(" " in f for f in found)


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("SEEN BY DR. JONES AT ST. LUKE'S HOSPITAL ON 3/3/21", "ST. LUKE'S HOSPITAL"),
        ("SEEN AT ST. MARY'S HOSPITAL", "ST. MARY'S HOSPITAL"),
        (
            "REPORTER: DR. SARAH KLEIN, BOSTON CHILDREN'S HOSPITAL, 617-555-0100",
            "BOSTON CHILDREN'S HOSPITAL",
        ),
        ("TRANSFERRED TO DALLAS METHODIST HOSPITAL", "DALLAS METHODIST HOSPITAL"),
    ],
)
def test_an_institution_in_capitals_keeps_its_first_word(text: str, institution: str) -> None:
    """The saint's "ST." matched only as "St.", and a town in capitals was never a name:
    "LUKE'S HOSPITAL", "CHILDREN'S HOSPITAL" were found, or nothing."""
    assert institution in stretches(text, "en", "INSTITUTION")


@pytest.mark.parametrize(
    "text",
    ["PATIENT WENT TO MERCY HOSPITAL", "PT WAS SEEN AT ST JOSEPH HOSPITAL"],
)
def test_the_sentence_before_an_institution_in_capitals_stays_out(text: str) -> None:
    (found,) = stretches(text, "en", "INSTITUTION")
    assert found.split()[0] in ("MERCY", "ST")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Patient: Doe, John A.", "Doe, John A."),
        ("Patient: Smith, John A. received dose 1", "Smith, John A."),
        ("Patient: SMITH, MARY J; DOB 3/4/50", "SMITH, MARY J"),
    ],
)
def test_a_middle_initial_after_the_given_name_belongs_to_the_name(text: str, name: str) -> None:
    """The initial after a given name written after the surname's comma was left: the leak
    check cannot see a single letter, and "A." stayed in the masked text."""
    assert name in stretches(text, "en", "PERSON")


def test_a_sentence_after_the_given_name_is_no_initial() -> None:
    assert stretches("Patient: Smith, John. A rash developed", "en", "PERSON") == ["Smith, John"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("i am kevin and my son is 8", "kevin"),
        ("Hi, this is Faith from Dr. Ahmed's office.", "Faith"),
        ("im jessica, 34 f", "jessica"),
        ("I am Mark and I had a rash", "Mark"),
    ],
)
def test_a_speaker_introducing_themselves_names_themselves(text: str, name: str) -> None:
    """A caller's or a writer's own first name after "i am", "this is" was left."""
    assert name in stretches(text, "en", "PERSON")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("I am tired and my son is 8", "en"),
        ("This is Major concern", "en"),
        ("I am Frank about it", "en"),
        ("this is grace period", "en"),
        ("this is mark from cvs", "en"),  # a name that is a word, in lower case: no saying
        ("I am Hispanic and 34", "en"),
        ("Im Ernst, der Patient hatte die Tabletten doppelt genommen.", "de"),
    ],
)
def test_what_a_speaker_says_they_are_is_no_name(text: str, language: str) -> None:
    assert not [s for s in stretches(text, language, "PERSON") if s.lower() != "christian"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Baby Girl Jones was born via C-section.", "Jones"),
        ("BABY GIRL JONES DELIVERED AT 38 WEEKS", "JONES"),
    ],
)
def test_a_newborn_is_named_by_the_mothers_surname(text: str, name: str) -> None:
    assert name in stretches(text, "en", "PERSON")


def test_a_newborn_without_a_name_names_no_one() -> None:
    assert stretches("the baby girl was born healthy", "en", "PERSON") == []


def test_a_short_line_in_capitals_is_read_as_capitals() -> None:
    """A narrative of fewer than 21 letters was never taken for one written in capitals, so
    "PT" was no patient's word in it."""
    assert stretches("PT JOHN SMITH 45M", "en", "PERSON") == ["JOHN SMITH"]
    assert stretches("PT ROSE FROM BED", "en", "PERSON") == []
