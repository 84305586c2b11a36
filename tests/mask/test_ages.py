"""Ages: number and unit read as years; above the threshold the span becomes [AGE > 89]."""

from __future__ import annotations

import pytest
from maskhelp import marked

from deid_studio.mask.ages import age_in_years


@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("67 años", 67),
        ("41-year-old", 41),
        ("9 y/o", 9),
        ("18 months", 1.5),
        ("6 semanas", 6 / 52.1775),
        ("10 días", 10 / 365.2425),
        ("2 años y 3 meses", 2.25),
        ("80-90 years", 90),
        ("in her 90s", 90),
        ("noventa y dos años", 92),
        ("forty-two-year-old", 42),
        ("trece años", 13),
        ("92", 92),
        ("89 años y 6 meses", 89.5),
        ("nineties", 90),  # "in her nineties": a decade read as its first year
        ("sixties", 60),
        ("nonagenarian", 90),
        ("Anfang neunzig", 90),  # "ein Mann Anfang neunzig": German tens
        ("na casa dos oitenta", 80),
        ("noventa y tantos años", 90),
        ("centenarian", 100),
        ("8ª década de la vida", 70),  # a decade of life by its ordinal: its first year
        ("novena década de la vida", 80),
        ("décima década", 90),
        ("her eighth decade", 70),
        ("in den Neunzigern", 90),
    ],
)
def test_reads_the_age_in_years(text: str, years: float) -> None:
    assert age_in_years(text) == pytest.approx(years)


@pytest.mark.parametrize("text", ["anciano", "Recién nacida", "adult"])
def test_an_age_without_a_number_is_unknown(text: str) -> None:
    assert age_in_years(text) is None


def test_ages_above_the_threshold_are_capped_whatever_the_policy(mask) -> None:
    document = marked(
        "A [92-year-old|AGE] man, his [89 years|AGE] old wife, a [1100 months|AGE] old baby? "
        "Twins of [3 weeks|AGE] and an [elderly|AGE] aunt."
    )
    kept = mask(document, "surrogates")
    assert kept.text == (
        "A [AGE > 89] man, his 89 years old wife, a [AGE > 89] old baby? "
        "Twins of 3 weeks and an [AGE] aunt."
    )
    assert [r.action for r in kept.replacements] == ["cap", "keep", "cap", "keep", "tag"]
    assert kept.replacements[-1].fallback  # no number: cannot be shown to be under 90
    tagged = mask(document, "tags", actions={"AGE": "tag"})
    assert tagged.text.startswith("A [AGE > 89] man, his [AGE] old wife")


def test_a_decade_of_life_is_capped_from_its_tenth(mask) -> None:
    """The tenth decade of life is 90 to 99: capped; the eighth, 70 to 79, kept as written."""
    document = marked("De la [décima década de la vida|AGE]; su hija, de la [8ª década|AGE].")
    masked = mask(document, "surrogates")
    assert masked.text == "De la [AGE > 89]; su hija, de la 8ª década."


def test_the_threshold_is_an_option(mask) -> None:
    document = marked("Aged [70 years|AGE].")
    assert mask(document, "tags", age_threshold=65).text == "Aged [AGE > 65]."
    assert mask(document, "tags").text == "Aged 70 years."


def test_a_number_no_one_could_be_is_tagged_not_capped(mask) -> None:
    document = marked("61 ans, habite [522|AGE], boulevard de Regnier; [1100 months|AGE] old.")
    masked = mask(document, "tags")
    assert masked.text == "61 ans, habite [AGE], boulevard de Regnier; [AGE > 89] old."
    assert [r.action for r in masked.replacements] == ["tag", "cap"]  # 91.7 years: an age


@pytest.mark.parametrize(
    ("text", "years"),
    [("one hundred and two years", 102.0), ("a hundred years", 100.0), ("one hundred", 100.0)],
)
def test_an_english_hundred_is_read_whole(text: str, years: float) -> None:
    """ "one hundred and two years" read as 2: an age over 89 the masking kept as written."""
    assert age_in_years(text) == years
