"""Record and identity numbers after short keys that end with their "#" or their dot ("MR#
445566", "Hosp # 99812", "C.F. BNCLRA40A41F205Z", "D.N.I.: 12.345.678-Z"): the key pattern
asked for a word's end after them, which a "#" or a dot never is."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "code"),
    [
        ("MR# 445566", "en", "445566"),
        ("MR #: 4455667 on the label", "en", "4455667"),
        ("Hosp # 99812", "en", "99812"),
        ("Hosp. no. 99812", "en", "99812"),
        ("C.F. BNCLRA40A41F205Z (codice con errore di trascrizione).", "it", "BNCLRA40A41F205Z"),
        ("D.N.I.: 12.345.678-Z", "es", "12.345.678-Z"),
    ],
)
def test_a_code_after_a_short_key_is_an_id(text: str, language: str, code: str) -> None:
    assert stretches(text, language, "ID") == [code]


@pytest.mark.parametrize("text", ["Echo showed MR# 3 and TR 2.", "Mr # 2 was seen first."])
def test_a_grade_after_a_short_key_is_no_id(text: str) -> None:
    assert stretches(text, "en", "ID") == []


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("Patient flew on Delta flight DL1234 from Atlanta on 6/1/2022.", ["DL1234"]),
        ("Passenger Lin Wei, seat 32B, flight CA981 from Beijing.", ["32B", "CA981"]),
        ("Passenger in seat 23C had anaphylaxis; vuelo IB3166 a Madrid", ["23C", "IB3166"]),
    ],
)
def test_a_flights_number_and_a_passengers_seat_are_ids(text: str, codes: list[str]) -> None:
    """With the day of the flight they name the passenger; a dose's guard read "23C" as
    23 °C."""
    assert stretches(text, None, "ID") == codes


@pytest.mark.parametrize(
    "text", ["flight 2 hours later", "a flight of stairs", "seat 2 times a day", "car seat 3"]
)
def test_a_count_after_a_flights_or_a_seats_word_is_no_id(text: str) -> None:
    assert stretches(text, "en", "ID") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Reddit user u/vaxxedmama22 reported tinnitus.", "u/vaxxedmama22"),
        ("my IG is jenny_runs_22 if you want to see", "jenny_runs_22"),
        ("Snapchat: bigmike99", "bigmike99"),
    ],
)
def test_a_user_name_after_a_networks_name_is_found(text: str, name: str) -> None:
    """A user name without its "@" after the network's name, as consumers write it."""
    assert stretches(text, "en", "URL") == [name]


@pytest.mark.parametrize(
    "text", ["big 12 trial", "the insta story was 2.5 min", "snap 3 times a day"]
)
def test_a_networks_name_before_no_user_name_finds_none(text: str) -> None:
    assert stretches(text, "en", "URL") == []
