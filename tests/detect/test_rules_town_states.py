"""A US town and its state's code with no place word before them, as lists, signatures and
short reports write them ("Boston, MA", "Dayton OH", "houston, tx"): the town when the state
holds a town of that name; with the words and codes of the same shape that stay."""

from __future__ import annotations

import pytest
from rulefinds import stretches

from deid_studio.detect import geography


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Boston, MA", "Boston"),
        ("Reporter: Dr. Lee, Boston MA.", "Boston"),
        ("Dayton OH", "Dayton"),
        ("houston, tx", "houston"),
        ("springfield, il", "springfield"),
        ("New York, NY", "New York"),
        ("St. Louis, MO", "St. Louis"),
        ("pharmacy in the mall, san antonio, tx", "san antonio"),
    ],
)
def test_a_town_before_its_states_code_is_a_town(text: str, town: str) -> None:
    assert town in stretches(text, "en", "CITY")


@pytest.mark.parametrize(
    "text",
    [
        "The dose, IN the arm, was given.",
        "Patient, ME, no history.",
        "Boston, TX",  # no Boston in Texas that GeoNames lists
        "ABDOMINAL PAIN, OR NAUSEA",
        "went to the ER OR theatre",
    ],
)
def test_a_word_or_a_town_its_state_does_not_hold_is_no_town(text: str) -> None:
    assert stretches(text, "en") == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("i live at 12 oak st in dayton", "12 oak st"),
        ("address 45 w 34th st new york ny 10001", "45 w 34th st"),
        ("he lives at 221 baker street", "221 baker street"),
        ("we moved to 14 maple ave", "14 maple ave"),
        ("gillespie 3747 3911 fourth avenue suite 112", "3747 3911 fourth avenue"),
    ],
)
def test_a_street_typed_in_lower_case_with_its_number_is_a_street(text: str, street: str) -> None:
    """Only capitalised streets were read: a message's lower-case address was left whole."""
    assert street in stretches(text, "en", "STREET")


@pytest.mark.parametrize(
    "text", ["give 5 mg st", "2 more miles down the road", "in 2 weeks st", "took 2 tabs po"]
)
def test_a_dose_or_a_count_before_a_streets_word_is_no_street(text: str) -> None:
    assert stretches(text, "en", "STREET") == []


def test_the_towns_of_each_state_are_read_from_the_users_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Parsing GeoNames' file of every town of 5,000 cost each process 120 MB for a moment
    (a batch worker's peak) and half a second: once the towns are in the user's cache, a
    process reads them from there."""
    first = geography.us_town_states()
    assert (("boston",), "MA") in first
    geography.us_town_states.cache_clear()

    def never(path: object) -> dict[str, set[str]]:
        raise AssertionError(f"{path} parsed again")

    monkeypatch.setattr(geography, "_read_us_towns", never)
    assert geography.us_town_states() == first


def test_a_town_and_its_state_typed_in_lower_case_without_a_comma() -> None:
    """ "from houston tx": the comma was what told the state before; a treatment's "tx"
    after a word that is no town of Texas stays."""
    assert stretches("moved here from houston tx last year", "en", "CITY") == ["houston", "tx"]
    assert stretches("given steroid tx for a week", "en", "CITY") == []


def test_an_american_citys_side_is_a_district() -> None:
    """ "Lives on the Upper East Side": where someone lives, as narrowly as a district; a
    side in lower case is a body's or a building's."""
    assert stretches("Lives on the Upper East Side.", "en", "CITY") == ["Upper East Side"]
    assert "South Side" in stretches("grew up on the South Side of Chicago", "en", "CITY")
    assert stretches("pain on the left side; the West side of the building", "en", "CITY") == []
