"""Places as patients type them in their messages, in lower case and without accents: a town
that is no large city after where they live ("j'habite a roubaix", "moramos em vila nova de
gaia") and a hospital by its town ("la llevamos al hospital de mostoles", "krankenhaus in
essen"); with the kinds of hospital and the everyday words that stay."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("j'habite a roubaix depuis 10 ans", "fr", "roubaix"),
        ("je vis à lens", "fr", "lens"),
        ("moramos em vila nova de gaia. obrigada", "pt", "vila nova de gaia"),
        ("vivo en mostoles con mi hija", "es", "mostoles"),
    ],
)
def test_a_town_typed_after_where_someone_lives_is_a_town(
    text: str, language: str, town: str
) -> None:
    """Only a large city was taken: a town of some thousands was left."""
    assert stretches(text, language, "CITY") == [town]


@pytest.mark.parametrize(
    ("text", "language", "hospital"),
    [
        ("la llevamos al hospital de mostoles", "es", "hospital de mostoles"),
        ("me atendieron en el hospital de getafe", "es", "hospital de getafe"),
        ("je suis allee aux urgences de l'hopital de lens", "fr", "hopital de lens"),
        ("fui ao hospital de são joão com falta de ar", "pt", "hospital de são joão"),
        ("sono stata al pronto soccorso di rimini", "it", "pronto soccorso di rimini"),
        ("war im krankenhaus in essen wegen der schwellung", "de", "krankenhaus in essen"),
    ],
)
def test_a_hospital_typed_with_its_town_is_an_institution(
    text: str, language: str, hospital: str
) -> None:
    assert stretches(text, language, "INSTITUTION") == [hospital]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("los riñones son de tamaño normal", "es"),
        ("estuve en el hospital de dia", "es"),
        ("lo trasladaron al hospital de agudos", "es"),
        ("vivo en el centro", "es"),
        ("l'hôpital de jour", "fr"),
        ("j'habite à la campagne", "fr"),
        ("moro em casa com a minha mãe", "pt"),
        ("abito a casa", "it"),
    ],
)
def test_a_hospitals_kind_or_an_everyday_word_is_no_place(text: str, language: str) -> None:
    assert stretches(text, language, "CITY") + stretches(text, language, "INSTITUTION") == []


@pytest.mark.parametrize(
    ("text", "language", "street", "postcode"),
    [
        (
            "La Mancha-Centro Avenida de la Constitución 13600 Alcázar de San Juan",
            "es",
            "Avenida de la Constitución",
            "13600",
        ),
        ("habite 522, boulevard de Regnier, 34609 Laroche.", "fr", None, "34609"),
    ],
)
def test_five_digits_before_a_town_after_a_street_are_its_postcode(
    text: str, language: str, street: str | None, postcode: str
) -> None:
    """A street's house number was read to the postcode after it ("Avenida de la Constitución
    13600", "boulevard de Regnier, 34609"): MEDDOCAN's gold holds no postcode inside a street,
    and 381 after one."""
    streets = stretches(text, language, "STREET")
    assert all(postcode not in s for s in streets)
    if street is not None:
        assert street in streets
    assert postcode in stretches(text, language, "POSTCODE")
