"""Surnames after particles: elided into the surname ("Marco dell'Acqua", "Agrippa
d'Aubigné"), a Dutch or German particle before a surname the common-word list holds ("Peter de
Vries"), "van" or "von" after a title in lower case ("dr van der merwe"), and Portuguese
surnames joined by "e" ("José Maria de Sousa e Castro"); with the institutions, wards and towns
after a particle that stay out of the name."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Sig. Marco dell'Acqua, 66 anni.", "it", "Marco dell'Acqua"),
        ("Il dott. Luca dell'Acqua, MMG, ha segnalato.", "it", "Luca dell'Acqua"),
        ("Mme Agrippa d'Aubigné est venue.", "fr", "Agrippa d'Aubigné"),
        ("Herr Peter de Vries wurde aufgenommen.", "de", "Peter de Vries"),
        ("O Sr. José Maria de Sousa e Castro foi internado.", "pt", "José Maria de Sousa e Castro"),
        ("Sr. António de Sousa e Castro, 70 anos.", "pt", "António de Sousa e Castro"),
    ],
)
def test_a_surname_after_a_particle_belongs_to_the_name(
    text: str, language: str, name: str
) -> None:
    """The name ended before the particle: "Marco", "Peter", "José Maria de Sousa"."""
    assert name in stretches(text, language, "PERSON") + stretches(text, language, "STAFF")


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Frau Müller von Station 3 kam.", "de", "Müller"),
        (
            "La farmacista, Dott.ssa Serena Colombo della Farmacia Centrale di Bergamo, riferisce.",
            "it",
            "Serena Colombo",
        ),
        ("Mme Dupont d'accord avec le traitement.", "fr", "Dupont"),
    ],
)
def test_a_ward_or_an_institution_after_a_particle_stays_out_of_the_name(
    text: str, language: str, name: str
) -> None:
    assert name in stretches(text, language, "PERSON") + stretches(text, language, "STAFF")
    assert all(len(s) <= len(name) for s in stretches(text, language, "PERSON"))
    assert all(len(s) <= len(name) for s in stretches(text, language, "STAFF"))


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Patiente : Mme LE GOFF Anne, épouse LE BRIS.", "fr", "LE BRIS"),
        ("Mme Martin, ép. Durand, 80 ans", "fr", "Durand"),
        ("Frau Meier, verh. Schulz, kam", "de", "Schulz"),
        ("la sig.ra Maria Rossi ved. Bianchi", "it", "Bianchi"),
        ("Signed: JOHN SMITH.", "en", "JOHN SMITH"),
    ],
)
def test_a_married_name_after_its_word_is_a_name_without_the_full_stop(
    text: str, language: str, name: str
) -> None:
    """The married name after "épouse" was left, and a surname in capitals kept the
    sentence's full stop as an initial's."""
    assert name in stretches(text, language, "PERSON") + stretches(text, language, "STAFF")


@pytest.mark.parametrize(
    ("text", "language"),
    [("Enfant née Prématurée", "fr"), ("als geborene Kölnerin", "de"), ("son épouse", "fr")],
)
def test_a_birth_or_married_names_word_without_a_name_before_names_no_one(
    text: str, language: str
) -> None:
    assert stretches(text, language, "PERSON") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("hcp: dr van der merwe, capetown", "van der merwe"),
        ("seen by dr von der leyen yesterday", "von der leyen"),
        ("seen by dr van dyke", "van dyke"),
    ],
)
def test_van_or_von_after_a_lower_case_title_says_a_surname_follows(text: str, name: str) -> None:
    """Lower case hid the surname no list holds: "dr" alone was left and the name leaked."""
    assert name in stretches(text, "en", "STAFF")


@pytest.mark.parametrize("text", ["told dr van about it", "dr van the driver"])
def test_van_after_a_lower_case_title_takes_no_everyday_word(text: str) -> None:
    """ "van" is a vehicle too: "about" and "the" are no surname."""
    assert not any(s.startswith("van") for s in stretches(text, "en", "STAFF"))
