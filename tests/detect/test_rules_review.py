"""What an outside review of the fourth session's rules found they took for PHI, or lost
(fifth session of 2026-12-01): a scale's word hid a name or a town before it, an institution's
field was cut at its first lower-case word, and decades in words were read in vital signs and
durations."""

from __future__ import annotations

import pytest
from rulefinds import stretches

from deid_studio.detect.rules import find


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Carl's index finger was cut on a lid.", "Carl"),
        ("He said Carl's score was 5.", "Carl"),
        ("Carl's stage 2 cancer was found in 2019.", "Carl"),
        ("Amanda's COVID test was positive.", "Amanda"),
        ("John's MRI showed a lesion.", "John"),
    ],
)
def test_a_persons_possessive_before_a_scales_or_a_tests_word_is_a_name(
    text: str, name: str
) -> None:
    """A scale's word after a first name made it an eponym ("Tanner stage"), its possessive
    too; and a possessive before an acronym was a name of its own, like "Valentine's Day"."""
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize(
    "text", ["the Bishop score was 8", "Tanner stage 3", "Barthel index 60", "Wells score 4"]
)
def test_a_scales_eponym_is_still_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []
    assert stretches(text, "en", "CITY") == []


def test_a_capitalised_stage_opens_a_sentence_after_a_town() -> None:
    assert stretches("Seattle Stage 3 CKD was diagnosed.", "en", "CITY") == ["Seattle"]


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Facility: Kaiser permanente riverside", "Kaiser permanente riverside"),
        ("Hospital: Johns hopkins bayview", "Johns hopkins bayview"),
        ("Hospital: Mount sinai queens", "Mount sinai queens"),
        ("Employer: Tyson foods plant 4", "Tyson foods plant 4"),
        ("Facility: CVS pharmacy #1234", "CVS pharmacy #1234"),
        ("Clinic: Valley Health gave the second dose.", "Valley Health"),
    ],
)
def test_an_institutions_field_keeps_its_lower_case_words(text: str, institution: str) -> None:
    """The field ended at its first lower-case word, leaving "permanente riverside" and
    "foods plant 4" readable; now only at a clause's verb or preposition."""
    assert stretches(text, "en", "INSTITUTION") == [institution]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Her BP was 80-something systolic.", "en"),
        ("sats were 90-something on room air", "en"),
        ("HR 80-something, afebrile", "en"),
        ("a 60-something dollar co-pay", "en"),
        ("it took 30-something seconds to recover", "en"),
        ("platelets 90-something thousand", "en"),
        ("90-odd patients were seen", "en"),
        ("The 90-some pills", "en"),
        ("hace 20 y tantos años que toma enalapril", "es"),
        ("llevo 30 y pico años tomándolo", "es"),
        ("desde hace más de 20 y tantos años", "es"),
        ("há 20 e poucos anos que toma", "pt"),
        ("saturação na casa dos 90", "pt"),
        ("pressão sistólica na casa dos 80", "pt"),
        ("RR Ende 90 systolisch", "de"),
        ("SpO2 Anfang 90, Puls Mitte 80", "de"),
        ("Ende 90 wurde er operiert", "de"),
        ("Thrombozyten Mitte 80 Tausend", "de"),
        ("Gewicht Ende 60 Kilo", "de"),
    ],
)
def test_a_decade_in_words_of_a_reading_or_a_duration_is_no_age(text: str, language: str) -> None:
    assert stretches(text, language, "AGE") == []


@pytest.mark.parametrize(
    ("text", "language", "age"),
    [
        ("she is 80-something and lives alone", "en", "80-something"),
        ("aged 90-something, she fell", "en", "90-something"),
        ("The patient is 90-something.", "en", "90-something"),
        ("tiene 80 y pico años", "es", "80 y pico años"),
        ("ela está na casa dos noventa", "pt", "na casa dos noventa"),
        ("sie ist Ende 80 und lebt allein", "de", "Ende 80"),
        ("im Alter von Mitte 80", "de", "Mitte 80"),
        ("sixty-some years old", "en", "sixty-some"),
        ("a 90-odd-year-old man", "en", "90-odd"),
        ("she is 90-ish and frail", "en", "90-ish"),
    ],
)
def test_a_decade_in_words_of_a_person_is_an_age(text: str, language: str, age: str) -> None:
    assert stretches(text, language, "AGE") == [age]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("mi madre mía me duele", "es"),
        ("mi hijo justo antes de la vacuna", "es"),
        ("mi madre dolores de cabeza fuertes", "es"),
        ("mi marido domingo fue al médico", "es"),
        ("mi hijo julio pasado tuvo fiebre", "es"),
        ("sa fille max 3 comprimés", "fr"),
        ("sa mère rose pâle", "fr"),
        ("ihr Mann mark hatte Fieber", "de"),
        ("sua madre donna anziana", "it"),
        ("minha filha clara melhora", "pt"),
        ("meu pai dom", "pt"),
    ],
)
def test_a_word_after_a_relatives_word_in_lower_case_is_no_name(text: str, language: str) -> None:
    """What a narrative says of the relative or of the day after the relative's word: the
    language's people bear these words as names too."""
    assert [h for h in find(text, language) if h.rule == "name_after_relative"] == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("mi marido antonio me llevó al hospital", "es", "antonio"),
        ("mi hija lucía garcía tiene fiebre", "es", "lucía garcía"),
        ("mein Mann peter schon wieder krank", "de", "peter"),
        ("meu marido joão teve febre", "pt", "joão"),
    ],
)
def test_a_name_after_a_relatives_word_in_lower_case_still_is_one(
    text: str, language: str, name: str
) -> None:
    assert stretches(text, language, "RELATIVE") == [name]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("baby Rose to 39.5 overnight", "en"),
        ("Toddler Mark on the arm", "en"),
        ("Lait bébé Gallia donné", "fr"),
    ],
)
def test_a_word_after_a_childs_word_is_no_name_where_the_sentence_says_so(
    text: str, language: str
) -> None:
    """A temperature rose, a toddler's mark, a formula milk for babies."""
    assert stretches(text, language, "PERSON") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Her baby Rose had a rash", "Rose"),
        ("baby Emma in the NICU", "Emma"),
        ("the baby, Jacob, 6 weeks old", "Jacob"),
    ],
)
def test_a_childs_name_after_a_childs_word_still_is_one(text: str, name: str) -> None:
    assert stretches(text, "en", "PERSON") == [name]
