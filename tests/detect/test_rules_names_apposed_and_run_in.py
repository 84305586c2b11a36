"""Names the cues announced but the rules cut short or left: a whole name between commas
after the patient's word ("The patient, Nguyen Thi Lan, is"), a first name that is a word
or a stopword too in the same place ("The patient, Will, is"), a relative's name after "is"
("Mother is Hope; father is Will."), a title run into the surname ("DrSmith", "Dr.patel"),
and a judge's title ("Justice Sotomayor")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("The patient, Nguyen Thi Lan, is a 28 yo female.", "Nguyen Thi Lan"),
        ("The patient, Will, is a 12-year-old boy.", "Will"),
        ("The patient, Hope, had a rash after the dose.", "Hope"),
        ("The patient, Will Smith, is a 40-year-old man.", "Will Smith"),
        ("The patient, Mary Ellen Cole.", "Mary Ellen Cole"),
        ("The patient, Jacob, had fever.", "Jacob"),
    ],
)
def test_a_name_between_commas_after_the_patient_is_taken_whole(text: str, name: str) -> None:
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize(
    "text",
    [
        "The patient, However, is fine.",
        "The patient, Sadly, died.",
        "the patient, Rose from the ward",
    ],
)
def test_a_word_between_commas_that_no_list_names_is_none(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Mother is Hope; father is Will.", ["Hope", "Will"]),
        ("her sister was Mary Lee, who came with her", ["Mary Lee"]),
    ],
)
def test_a_relatives_name_after_is_is_the_relatives(text: str, names: list[str]) -> None:
    assert stretches(text, "en", "RELATIVE") == names


@pytest.mark.parametrize(
    "text",
    [
        "mother is Catholic.",
        "father is Deceased.",
        "mother is diabetic and father is well",
        "Su madre es Hope.",  # English words only
    ],
)
def test_what_a_relative_is_said_to_be_is_no_name(text: str) -> None:
    language = "es" if text.startswith("Su") else "en"
    assert stretches(text, language, "RELATIVE") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("seenby DrSmith on 3/4/21 at the clinic", "Smith"),
        ("referred by DrPatel", "Patel"),
        ("seen by Dr.patel today", "patel"),
        ("Mrs.jones called", "jones"),
    ],
)
def test_a_title_run_into_the_surname_names_it(text: str, name: str) -> None:
    found = stretches(text, "en", "STAFF") + stretches(text, "en", "PERSON")
    assert found == [name]


@pytest.mark.parametrize("text", ["DrCare app", "Dr.appointment on monday", "Mr.s"])
def test_a_title_run_into_a_word_is_none(text: str) -> None:
    assert stretches(text, "en", "STAFF") + stretches(text, "en", "PERSON") == []


def test_a_judges_title_names_the_judge() -> None:
    assert stretches("Justice Sotomayor dissented.", "en", "PERSON") == ["Sotomayor"]
    assert stretches("Justice Department officials said", "en", "PERSON") == []
    assert stretches("justice was served", "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("April Lee reported.", "April Lee"),
        ("Will Smith reported.", "Will Smith"),
        ("Summer Lee reported chest pain.", "Summer Lee"),
        ("Hope Jones called the office.", "Hope Jones"),
    ],
)
def test_a_first_name_that_is_a_word_is_a_name_before_a_surname_and_a_persons_verb(
    text: str, name: str
) -> None:
    """A first name that is a word, a stopword or a month and a known surname: a verb only a
    person does after them says whose (the surname an eponym too, "Jones")."""
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize(
    "text", ["In May Brown developed a rash.", "Summer Heat developed", "Will Power said"]
)
def test_a_month_or_a_word_before_a_capitalised_word_is_no_name(text: str) -> None:
    assert not any(" " in s for s in stretches(text, "en", "PERSON"))


def test_a_given_names_hyphened_part_in_lower_case_is_the_names() -> None:
    """Korean given names join their syllables with a hyphen, the second in lower case: the
    name was cut before it ("Kim Soo" of "Kim Soo-jin")."""
    text = "Nurse practitioner Kim Soo-jin administered the vaccine."
    assert stretches(text, "en", "PERSON") == ["Kim Soo-jin"]
    assert stretches("Mary Smith-like symptoms were noted", "en", "PERSON") == ["Mary Smith"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("PATIENT NAME JOHN SMITH", "JOHN SMITH"),
        ("Patient name Mary Jones, DOB 1/2/1950", "Mary Jones"),
        ("PATIENT DOE, JOHN received dose 1.", "DOE, JOHN"),
        ("PATIENT SMITH, MARY J. RECEIVED DOSE 2", "SMITH, MARY J."),
    ],
)
def test_a_forms_patient_name_without_its_colon_is_the_patients(text: str, name: str) -> None:
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize(
    "text",
    [
        "Patient name unknown",
        "PATIENT NAME WAS NOT PROVIDED BY THE REPORTER",
        "PATIENT ALLERGIC, MILD RASH",
        "PT STABLE, WILL FOLLOW UP",
    ],
)
def test_what_follows_the_patients_key_in_capitals_may_be_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Nombre: MARÍA DEL MAR ORTEGA RUIZ", "es", "MARÍA DEL MAR ORTEGA RUIZ"),
        ("Paciente: SOUSA, MARIA DA CONCEIÇÃO.", "pt", "SOUSA, MARIA DA CONCEIÇÃO"),
        ("Patient: JOHN SMITH RECEIVED THE VACCINE", "en", "JOHN SMITH"),
        ("Nombre: JUAN PÉREZ EDAD: 45", "es", "JUAN PÉREZ"),
    ],
)
def test_a_keys_name_in_capitals_takes_its_fields_names(
    text: str, language: str, name: str
) -> None:
    """After a key, a name in capitals goes on to the end of its field through particles and
    names that are words too ("DEL MAR"), not through other words or the next key."""
    assert stretches(text, language, "PERSON") == [name]


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("hallo, wir wohnen in gelsenkirchen. lg petra", "de", ["petra"]),
        ("it itches all over. thanks grace", "en", ["grace"]),
        ("it itches all over. thanks again", "en", []),
        ("merci beaucoup", "fr", []),
    ],
)
def test_a_lower_case_name_after_a_closing_that_ends_the_message_signs_it(
    text: str, language: str, names: list[str]
) -> None:
    assert stretches(text, language, "PERSON") == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("plaintiff Jones filed suit against the maker", ["Jones"]),
        ("her friend Parkinson called the clinic", ["Parkinson"]),
        ("Patient Parkinson en tratamiento", []),  # after the patient's word: the condition
    ],
)
def test_an_eponym_after_an_acquaintances_word_is_a_name_unless_used(
    text: str, names: list[str]
) -> None:
    """A surname that is an eponym too ("Jones" of the Jones criteria) after a plaintiff's,
    a lawyer's or a friend's word names the person, as after a job's, unless its medical use
    follows it."""
    assert stretches(text, "en", "PERSON") == names
