"""False positives an outside review found in three new rules (vehicles' plates, days in
words, handles of letters alone), and the true hits those rules keep."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Se colocó una placa C5-C6 por hernia discal.", "es"),
        ("Foi colocada placa C5-C6.", "pt"),
        ("Fractura de cadera tratada con placa DHS 135.", "es"),
        ("Osteossíntese com placa LCP 3.5 no rádio.", "pt"),
        ("placa DCP 4.5 de 8 orificios", "es"),
        ("Kennzeichen: HLA-B27 positiv.", "de"),
        ("Kennzeichen: COVID-19 Pneumonie.", "de"),
        ("se colocó una placa de osteosíntesis", "es"),
    ],
)
def test_a_surgeons_plate_or_a_medical_code_is_no_vehicles_plate(text: str, language: str) -> None:
    """ "placa" is a surgeon's plate or a vertebra's in Spanish and Portuguese reports, and
    "Kennzeichen" a disease's mark in German ones."""
    assert stretches(text, language, rule="id_vehicle") == []


@pytest.mark.parametrize(
    ("text", "language", "plate"),
    [
        ("Placa do carro ABC1D23.", "pt", "ABC1D23"),
        ("El carro de placa ABC-123 lo atropelló.", "es", "ABC-123"),
        ("Kennzeichen: M-AB 1234", "de", "M-AB 1234"),
    ],
)
def test_a_plate_beside_a_vehicles_word_is_a_plate(text: str, language: str, plate: str) -> None:
    assert stretches(text, language, rule="id_vehicle") == [plate]


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("Paciente de 55 anos, motorista, placa ABC-1234, envolvido em acidente.", "ABC-1234"),
        ("Veículo de placa ignorada; placa BRA2E19 anotada pela polícia.", "BRA2E19"),
    ],
)
def test_a_brazilian_plates_shape_after_placa_is_a_plate(text: str, plate: str) -> None:
    """The old Brazilian plate and Mercosur's are no surgeon's plate: after "placa" they
    need no vehicle's word ("placa LCP 3.5", "placa DHS 135" stay none)."""
    assert stretches(text, "pt", rule="id_vehicle") == [plate]


@pytest.mark.parametrize(
    "text",
    [
        "In September fifth disease was diagnosed in her son.",
        "In June sixth nerve palsy developed.",
        "In May first degree burn on the arm.",
        "In March third party payers were billed.",
        "April second opinion was sought.",
        "In May second course of steroids.",
        "In March second MRI showed no lesion.",
        "In June first aid was given.",
        "In May first responders arrived.",
        "In June first symptoms began.",
        "In March the first thing she noticed was a rash.",
        "Dr May first saw her in clinic.",
        "June first had a rash, then her sister.",
        "Seen by Nurse April second",
    ],
)
def test_what_an_ordinal_counts_or_a_person_of_a_months_name_is_no_day(text: str) -> None:
    assert stretches(text, "en", rule="date_ordinal_words") == []


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("She was born on the first of April.", "first of April"),
        ("Seen Apr. first, 2021 at the clinic.", "Apr. first, 2021"),
        ("On March third she fainted.", "March third"),
        ("The rash began on May second at 10 am.", "May second"),
        ("She had a sixth nerve palsy since March sixth.", "March sixth"),
    ],
)
def test_a_day_in_words_ends_with_the_date(text: str, date: str) -> None:
    """A full month's name takes no sentence's dot; an abbreviation keeps its own."""
    assert stretches(text, "en", rule="date_ordinal_words") == [date]


@pytest.mark.parametrize(
    "text",
    [
        "She posted @baseline and again at week 4.",
        "reply @triage if worse",
        "Twitter @school said the nurse would call",
        "posted @onset of the rash",
        "comment @cardiology: no change",
        "shared @discharge with her GP",
        "said @pharmacy they had no stock",
        "user @clinic reported it",
        "post @email to the team",
        "wrote @bedside in the notes",
    ],
)
def test_a_common_word_after_a_posts_word_is_no_handle(text: str) -> None:
    """A ward, a time or a place written with "@" ("@triage", "@baseline") is no user."""
    assert stretches(text, "en", rule="handle") == []


@pytest.mark.parametrize(
    ("text", "handle"),
    [
        ("Posted by @kaylasmith: my arm swelled.", "@kaylasmith"),
        ("Reply from @maryjones: same here.", "@maryjones"),
        ("TikTok @ashleyfitmom: day 5 of the rash.", "@ashleyfitmom"),
        ("Please follow @frank for updates.", "@frank"),
    ],
)
def test_a_name_of_letters_after_a_posts_word_is_a_handle(text: str, handle: str) -> None:
    """A familiar first name is a common word too, and a handle all the same."""
    assert stretches(text, "en", rule="handle") == [handle]


@pytest.mark.parametrize(
    ("text", "handle"),
    [
        ("tweet by @DrJaneSmith about her shot", "@DrJaneSmith"),
        ("@JaneSmith", "@JaneSmith"),
        ("@drjanesmith", "@drjanesmith"),
        ("Discord user mike#1234 posted", "mike#1234"),
    ],
)
def test_a_handle_its_capitals_or_its_length_say_is_one(text: str, handle: str) -> None:
    """A handle of letters alone with no network's word before it: its capitals part its
    words, or it is eight letters or more of no word; a Discord user's tag."""
    assert stretches(text, "en", "URL") == [handle]


@pytest.mark.parametrize(
    "text", ["given @nighttime", "seen @Home", "the @CHOP team met", "@hospital", "@bedtime"]
)
def test_a_word_after_an_at_sign_is_no_handle(text: str) -> None:
    assert stretches(text, "en", "URL") == []


@pytest.mark.parametrize(
    ("text", "flight"),
    [
        ("flight DL 1234 to Atlanta", "DL 1234"),
        ("on UA 887 to Beijing", "UA 887"),
        ("Passenger in seat 23C on United 887 had anaphylaxis.", "United 887"),
    ],
)
def test_a_flight_by_its_airlines_code_or_name_is_an_identifier(text: str, flight: str) -> None:
    """An airline's code and a blank before the flight's number, or an airline's name or code
    after a word of travelling."""
    assert flight in stretches(text, "en", "ID")


@pytest.mark.parametrize(
    "text", ["on Delta 8 variant", "took American 3 weeks", "on UA 500 mg", "on AA 2 times"]
)
def test_an_airlines_word_before_a_count_or_a_dose_is_no_flight(text: str) -> None:
    assert stretches(text, "en", "ID") == []
