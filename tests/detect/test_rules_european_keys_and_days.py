"""Keys and dates of German, French, Spanish, Italian and Portuguese reports that the rules
left: a health insurance's or an identity card's number under its long German key, a French
social security number after "SS", a compact date after the words of a form's date ("Fecha de
inicio de la reacción: 20240303"), a day and month in digits without their last dot ("Am
3.3 Beginn", "Il 15.03 ha sospeso") or after an admission's word ("Internado a 3/3"); a
Spanish health card's letters, a Portuguese citizen's card's, an Italian doctor's
registration, French birth and used names under their keys, a surname elided after a title
("Dr d'Aubigné"), a speaker's own name ("je suis helene"), an Italian province's code ("(FG)")
and a Portuguese or Italian job before a name ("a enfermeira Aparecida dos Anjos")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "code"),
    [
        ("Krankenversichertennummer M123456789", "de", "M123456789"),
        ("Versichertennr.: M123456789", "de", "M123456789"),
        ("Krankenversicherungsnummer: A123456780", "de", "A123456780"),
        ("Personalausweis-Nr. L01X00T47.", "de", "L01X00T47"),
        ("N° SS 284121305508943", "fr", "284121305508943"),
    ],
)
def test_a_number_under_its_key_is_an_identifier(text: str, language: str, code: str) -> None:
    assert stretches(text, language, "ID") == [code]


@pytest.mark.parametrize(
    ("text", "language"),
    [("SS 12 Tage nach der Impfung", "de"), ("SS 2", "fr"), ("Nr. 3 der Liste", "de")],
)
def test_a_short_number_after_the_same_letters_is_none(text: str, language: str) -> None:
    assert stretches(text, language, "ID") == []


@pytest.mark.parametrize(
    ("text", "language", "date"),
    [
        ("Fecha de inicio de la reacción: 20240303.", "es", "20240303"),
        ("Date de début : 20240303.", "fr", "20240303"),
        ("Am 3.3 Beginn der Therapie.", "de", "3.3"),
        ("Am Montag, dem 3.3., kam es zum Kollaps.", "de", "3.3."),
        ("Il 15.03 ha sospeso il farmaco.", "it", "15.03"),
    ],
)
def test_a_date_a_form_or_a_letter_writes_short_is_a_date(
    text: str, language: str, date: str
) -> None:
    assert stretches(text, language, "DATE") == [date]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("am 3.5 mmol/l gemessen", "de"),
        ("Am 2.5 mg gegeben", "de"),
        ("il 10.10 mg al giorno", "it"),
        ("Lot 20240303", "es"),
    ],
)
def test_a_value_written_the_same_way_is_no_date(text: str, language: str) -> None:
    assert stretches(text, language, "DATE") == []


@pytest.mark.parametrize(
    "text",
    [
        "Der Schüler besucht das Goethe-Gymnasium in Frankfurt.",
        "Der Patient wurde in Frankfurt behandelt.",
    ],
)
def test_a_large_town_named_without_its_river_is_a_town(text: str) -> None:
    """GeoNames lists "Frankfurt am Main" and "Frankfurt (Oder)", no "Frankfurt": a large
    town's first word before its river or region is its name too."""
    assert stretches(text, "de", "CITY") == ["Frankfurt"]


@pytest.mark.parametrize(
    ("text", "language", "kind", "found"),
    [
        # a health card's letters, the holder's names', before its digits
        ("Tarjeta sanitaria: MRRZ 4510 1234 56.", "es", "ID", "MRRZ 4510 1234 56"),
        # a Portuguese citizen's card ends with two letters and a digit
        ("Tem cartão de cidadão nº 12345678 9 ZZ4.", "pt", "ID", "12345678 9 ZZ4"),
        # an Italian doctor's registration number
        (
            "Dott.ssa Chiara D'Angelo, iscritta all'Ordine dei Medici di Torino n. 12345.",
            "it",
            "ID",
            "12345",
        ),
        # a French birth name and used name under their keys
        ("Nom de naissance : MARTIN ; nom d'usage : DUPONT.", "fr", "PERSON", "MARTIN"),
        ("Nom de naissance : MARTIN ; nom d'usage : DUPONT.", "fr", "PERSON", "DUPONT"),
        # a surname elided with its particle right after the title
        ("Avis du Dr d'Aubigné.", "fr", "STAFF", "d'Aubigné"),
        ("Vue par le Dr d'Arcy.", "fr", "STAFF", "d'Arcy"),
        # a day and month after an admission's word and its preposition
        ("Internado a 3/3 por exantema.", "pt", "DATE", "3/3"),
        ("Internada em 15/03 por exantema.", "pt", "DATE", "15/03"),
        # a speaker's own first name after "je suis", "ich bin", in lower case too
        ("je suis helene, 45 ans, et j'ai une éruption", "fr", "PERSON", "helene"),
        ("ich bin anna und habe seit gestern Fieber", "de", "PERSON", "anna"),
        # an Italian province's code in brackets after the town
        ("Residente a San Giovanni Rotondo (FG).", "it", "CITY", "FG"),
        ("Ricoverato a Rozzano (MI) per rash.", "it", "CITY", "MI"),
    ],
)
def test_a_key_a_title_a_speaker_or_a_town_the_rules_now_read(
    text: str, language: str, kind: str, found: str
) -> None:
    assert found in stretches(text, language, kind)


@pytest.mark.parametrize(
    ("text", "language", "kind"),
    [
        ("tarjeta sanitaria: con 3 meses", "es", "ID"),
        ("l'Ordine dei Medici ha 3 sedi", "it", "ID"),
        ("tomou a 1/2 dose", "pt", "DATE"),
        ("le Dr l'a vu hier", "fr", "STAFF"),
    ],
)
def test_their_words_alone_read_nothing(text: str, language: str, kind: str) -> None:
    assert stretches(text, language, kind) == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("je suis malade depuis lundi", "fr"),
        ("je suis marie depuis 10 ans", "fr"),
        ("ich bin müde, ich bin gut", "de"),
        ("Paziente con pressione arteriosa (PA) elevata", "it"),
    ],
)
def test_a_state_or_an_abbreviation_is_no_name_nor_province(text: str, language: str) -> None:
    assert stretches(text, language, "PERSON") == [] and stretches(text, language, "CITY") == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("A enfermeira Aparecida dos Anjos administrou a vacina.", "pt", "Aparecida dos Anjos"),
        ("A farmacêutica Rosa Lima notificou.", "pt", "Rosa Lima"),
        ("L'infermiera Giulia Bianchi ha somministrato il vaccino.", "it", "Giulia Bianchi"),
    ],
)
def test_a_portuguese_or_italian_job_before_a_name_is_a_title(
    text: str, language: str, name: str
) -> None:
    """ "Aparecida" was read as the Brazilian town; a job's word cued no name outside four
    languages."""
    assert name in stretches(text, language, "STAFF")
    assert stretches("A enfermeira de serviço administrou.", "pt", "STAFF") == []
