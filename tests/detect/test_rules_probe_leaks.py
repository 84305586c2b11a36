"""Leaks the third outside reader's probe lines showed (fifth session of 2026-12-03): names
joined by hyphens or with Dutch, Flemish and German particles, an Arabic surname's article, a
street key that names an e-mail's address, Québec's, Italian, Mexican and Australian
addresses, French streets after their number in an English letter, a French firm's CEDEX and
a city's postal district."""

from __future__ import annotations

import pytest
from rulefinds import stretches

_PEOPLE = ("PERSON", "STAFF", "RELATIVE")


def _people(text: str, language: str) -> list[str]:
    return [s for kind in _PEOPLE for s in stretches(text, language, kind)]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Nurse Kerry-Ann reports pt c/o frank haematuria", "Kerry-Ann"),
        ("Nurse Mary-Jane reports", "Mary-Jane"),
        ("Kerry-Ann was admitted on Monday", "Kerry-Ann"),
        ("Mary-Jane Smith reported a rash", "Mary-Jane"),
        ("PER DR. ABDULLAH AL-HARBI THE EVENT IS NOT RELATED TO SUSPECT DRUG", "ABDULLAH AL-HARBI"),
    ],
)
def test_names_joined_by_a_hyphen_are_read_whole(text: str, name: str) -> None:
    assert name in _people(text, "en")


@pytest.mark.parametrize(
    "text",
    [
        "Stevens-Johnson syndrome",
        "the Kaplan-Meier curve",
        "Creutzfeldt-Jakob disease",
        "estimated by the Harris-Benedict equation",
        "PATIENT RECEIVED AL-HARBI",
    ],
)
def test_eponyms_and_bare_surnames_joined_by_a_hyphen_name_no_one(text: str) -> None:
    assert _people(text, "en") == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Annelies de Vries reported to Lareb on behalf of her mother.", "en", "Annelies de Vries"),
        ("John de Boer was seen", "en", "John de Boer"),
        ("Iris Van den Broeck developed darkening of the iris.", "en", "Iris Van den Broeck"),
        ("Jan Van Dam called", "en", "Jan Van Dam"),
        ("Der Patient, Jakob zu Stolberg, 90 Jahre, verwitwet", "de", "Jakob zu Stolberg"),
        (
            "Nom : VAN DEN BERGHE Nicole \u2013 NISS : 47.03.12-284.61",
            "fr",
            "VAN DEN BERGHE Nicole",
        ),
    ],
)
def test_a_surname_after_a_germanic_particle_goes_with_the_name(
    text: str, language: str, name: str
) -> None:
    assert name in _people(text, language)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Anna zu Hause", "de"),
        ("Maria zu Ostern", "de"),
        ("They met in Quinta de São Tiago", "en"),
        ("Rosa de Lima", "en"),
    ],
)
def test_a_particle_before_a_word_or_a_place_makes_no_surname(text: str, language: str) -> None:
    assert not any(" zu " in s or " de " in s for s in _people(text, language))


def test_an_e_mail_address_key_is_no_street() -> None:
    text = "E-mail address: r.hussain@leeds.ac.uk (R. Hussain)."
    assert stretches(text, "en", "STREET") == []
    assert stretches(text, "en", "EMAIL") == ["r.hussain@leeds.ac.uk"]
    assert stretches("IP address: 192.168.0.1", "en", "STREET") == []
    assert stretches("Address: 12 Elm Street, Boston", "en", "STREET") == ["12 Elm Street, Boston"]


@pytest.mark.parametrize(
    ("text", "language", "street"),
    [
        ("Hôpital du Sacré-Cœur, 5400, boul. Gouin Ouest, Montréal", "fr", "boul. Gouin Ouest"),
        ("Residenza: Contrada Pantano, 17 \u2013 97015 Modica (RG).", "it", "Contrada Pantano, 17"),
        ("abita in C.da Pantano 17, Modica", "it", "C.da Pantano 17"),
        ("Mrs Eileen Murtagh, 12 Grand Canal Quay, Dublin 2", "en", "12 Grand Canal Quay"),
        ("Contact me at 3/17 Beach Rd, Coogee NSW 2034", "en", "3/17 Beach Rd"),
        (
            "or 2150 rue Sainte-Catherine O., Montréal (QC) H3H 1M6.",
            "en",
            "2150 rue Sainte-Catherine O",
        ),
        ("She lives at 14 calle Mayor, Madrid", "en", "14 calle Mayor"),
        ("it is 143 31 rue de la Hulotais Apt. 087", "en", "31 rue de la Hulotais"),
    ],
)
def test_streets_of_other_countries_are_read(text: str, language: str, street: str) -> None:
    assert street in stretches(text, language, "STREET")


def test_a_foreign_street_word_needs_its_house_number_before_it() -> None:
    assert stretches("the rue de la Paix was busy", "en", "STREET") == []


@pytest.mark.parametrize(
    ("text", "district"),
    [
        ("Av. Cuauhtémoc 330, Col. Doctores, C.P. 06720", "Doctores"),
        ("vive en la Colonia Roma Norte", "Roma Norte"),
        ("Ixtaccihuatl 11 Col. Condesa México D.F. 6100", "Condesa"),
    ],
)
def test_a_mexican_colonia_is_a_district(text: str, district: str) -> None:
    assert district in stretches(text, "es", rule="district_named")


def test_a_colony_of_bacteria_is_no_district() -> None:
    assert stretches("Colonias de Staphylococcus aureus", "es", rule="district_named") == []


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("Service de pharmacologie, 44093 Nantes Cedex 1", "fr", "Nantes Cedex 1"),
        ("CHU de Nantes, 44093 NANTES CEDEX 1", "fr", "NANTES CEDEX 1"),
        ("St James's Hospital, Dublin 8, Ireland", "en", "Dublin 8"),
        ("in Dublin 6W.", "en", "Dublin 6W"),
        ("quartier de la Guillotière, Lyon 7e.", "fr", "Lyon 7e"),
    ],
)
def test_a_towns_postal_box_or_district_goes_with_it(text: str, language: str, town: str) -> None:
    assert town in stretches(text, language, "CITY")


@pytest.mark.parametrize("text", ["Dublin 3 times", "moved to Dublin 2 years ago"])
def test_a_count_after_a_town_is_no_district(text: str) -> None:
    assert stretches(text, "en", "CITY") == ["Dublin"]


@pytest.mark.parametrize(
    ("text", "language", "employer"),
    [
        ("He works nights at the Amazon warehouse in Swindon", "en", "Amazon"),
        ("Trabaja como reponedora en el Mercadona de Martorell.", "es", "Mercadona de Martorell"),
        ("Salah Trabelsi, 62 ans, chauffeur chez Transdev à Vénissieux.", "fr", "Transdev"),
        ("Ernst Ahlers arbeitet bei der Sparkasse Emsland in Meppen", "de", "Sparkasse Emsland"),
        ("Graziella lavora alla Ferrero di Alba e segue il nonno.", "it", "Ferrero"),
        ("trabalha nas Lojas Americanas do Shopping Iguatemi.", "pt", "Lojas Americanas"),
    ],
)
def test_an_employer_after_its_article_or_a_job_is_read(
    text: str, language: str, employer: str
) -> None:
    assert employer in stretches(text, language, rule="employer")


@pytest.mark.parametrize(
    ("text", "language"),
    [("er arbeitet bei der Post", "de"), ("lavora al Comune", "it")],
)
def test_a_noun_of_the_language_is_no_employer(text: str, language: str) -> None:
    assert stretches(text, language, rule="employer") == []


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("Geb. 18.9.1948 in Oppeln (heute Opole, Polen)", "de", "Oppeln"),
        ("geb. am 18.9.1948 in Oppeln", "de", "Oppeln"),
        ("born 1950 in Smallville", "en", "Smallville"),
    ],
)
def test_the_place_of_birth_after_the_date_of_birth_is_read(
    text: str, language: str, town: str
) -> None:
    assert town in stretches(text, language, "CITY")


def test_a_month_after_a_birth_year_stays_a_month() -> None:
    assert stretches("born 2020 in April", "en", "CITY") == []


@pytest.mark.parametrize(
    ("text", "language", "institution"),
    [
        ("vue à l'urgence du CLSC de Rosemont le 3 février", "fr", "CLSC de Rosemont"),
        ("résidente du CHSLD Saint-Joseph", "fr", "CHSLD Saint-Joseph"),
        ("derivada desde el CESFAM Dr. Salvador Allende", "es", "CESFAM Dr"),
    ],
)
def test_quebecs_and_chiles_health_centres_by_their_acronyms(
    text: str, language: str, institution: str
) -> None:
    assert institution in stretches(text, language, "INSTITUTION")


def test_a_swiss_postcode_after_its_key() -> None:
    text = "AVS : 756.4821.9937.05 ; NPA/localité : 1950 Sion."
    assert stretches(text, "fr", "POSTCODE") == ["1950"]


def test_a_name_an_e_mail_address_spells_is_read_where_it_stands() -> None:
    text = "E-mail address: r.hussain@leeds.ac.uk (R. Hussain)."
    assert stretches(text, "en", rule="name_in_email") == ["R. Hussain"]


def test_an_address_of_words_spells_no_name() -> None:
    text = "Contact: info@pfizer.com or safety@hospital.org, Pfizer Safety"
    assert stretches(text, "en", rule="name_in_email") == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        (
            "Universitätsklinik, Währinger Gürtel 18\u201320, 1090 Wien.",
            "Währinger Gürtel 18\u201320",
        ),
        ("Franz-Josefs-Kai 3, 1010 Wien", "Franz-Josefs-Kai 3"),
        ("Mittlerer Ring 5, München", "Mittlerer Ring 5"),
    ],
)
def test_viennas_and_munichs_street_types_with_a_house_number(text: str, street: str) -> None:
    assert any(s.startswith(street) for s in stretches(text, "de", "STREET"))


def test_a_belt_with_a_count_is_no_street() -> None:
    assert stretches("Er trug einen Schwarzer Gürtel 2 Mal", "de", "STREET") == []


def test_a_town_and_its_district_after_a_postcode() -> None:
    text = "Adresse: Lindenweg 3a, 37079 Göttingen-Weende; Mobil 0171 2345 678."
    assert "Göttingen-Weende" in stretches(text, "de", "CITY")


def test_an_addresss_part_of_digits_is_its_postcode() -> None:
    text = "Währinger Gürtel 18\u201320, 1090 Wien."
    assert "1090" in stretches(text, "de", "POSTCODE")
    assert "1090" not in stretches(text, "de", "CITY")


def test_a_phones_extension_in_portuguese_and_spanish() -> None:
    text = "Contato: (11) 3069-5123 ramal 214, das 8h às 17h."
    assert stretches(text, "pt", "PHONE") == ["(11) 3069-5123", "214"]


@pytest.mark.parametrize(
    ("text", "kind", "number"),
    [
        ("TEL 02O 7946 0321 FAX 02O 7946 0322", "PHONE", "02O 7946 0321"),
        ("DOB:O4/O7/1948 Hosp No:K1O4S592", "DATE", "O4/O7/1948"),
    ],
)
def test_a_number_with_a_capital_o_for_a_zero_is_read(text: str, kind: str, number: str) -> None:
    assert number in stretches(text, "en", kind)


@pytest.mark.parametrize(
    "text", ["R 28 O2 97. EMS was activated", "HR 88, O2 99%, alert", "T 99.1, O2 87-91."]
)
def test_oxygen_before_a_reading_stays_oxygen(text: str) -> None:
    assert stretches(text, "en", "DATE") == []
    assert stretches(text, "en", "PHONE") == []


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Die Lehrerin der Grundschule am Rosenhof in Kassel bemerkte", "Grundschule am Rosenhof"),
        ("Sie wohnt im Seniorenheim am Stadtpark Nord", "Seniorenheim am Stadtpark Nord"),
    ],
)
def test_a_german_school_or_home_named_after_where_it_stands(text: str, institution: str) -> None:
    assert institution in stretches(text, "de", "INSTITUTION")


@pytest.mark.parametrize("text", ["die Schule in der Stadt", "Kita im Ort", "Praxis am Montag"])
def test_a_german_place_word_before_a_noun_or_a_day_names_nothing(text: str) -> None:
    assert stretches(text, "de", "INSTITUTION") == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("farmacéutico titular de la Farmacia Central, Pza. de España, 3, Villanueva", "es"),
        ("pela Dra. Rosário Almeida, Farmácia Central, Rua das Flores, 3, 4700-000 Braga", "pt"),
    ],
)
def test_a_pharmacy_of_an_everyday_name_before_its_address(text: str, language: str) -> None:
    assert any(s.startswith("Farm") for s in stretches(text, language, "INSTITUTION"))


def test_a_pharmacy_of_an_everyday_name_alone_is_left() -> None:
    assert stretches("Compré en la Farmacia Central.", "es", "INSTITUTION") == []


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Praxis in Freiburg im Breisgau meldet den Fall.", "Freiburg im Breisgau"),
        ("Sie lebt seit 2019 in Freiburg im Breisgau.", "Freiburg im Breisgau"),
    ],
)
def test_a_german_towns_region_goes_with_it(text: str, town: str) -> None:
    assert town in stretches(text, "de", "CITY")


@pytest.mark.parametrize("text", ["wohnt in Berlin am Montag", "in Wien im Sommer"])
def test_a_day_or_a_season_after_a_town_is_no_region(text: str) -> None:
    assert all(" " not in s for s in stretches(text, "de", "CITY"))


def test_a_surname_that_ends_names_elsewhere_closes_a_name() -> None:
    assert "Pat Ward" in _people("Reported by Pat Ward.", "en")


def test_a_ward_after_a_name_and_its_number_stays_a_ward() -> None:
    assert all("Ward 3" not in s for s in _people("seen by Dr Smith Ward 3", "en"))


def test_a_name_in_apposition_to_the_patient_is_read_though_a_word() -> None:
    assert _people("Faith, the patient, kept taking the tablets", "en") == ["Faith"]


@pytest.mark.parametrize(
    "text",
    ["June, the patient was admitted", "Diabetes, the patient has", "Monday, the patient was"],
)
def test_a_month_or_a_condition_before_the_patient_names_no_one(text: str) -> None:
    assert _people(text, "en") == []


@pytest.mark.parametrize(
    ("text", "language", "initials"),
    [
        ("Initiales du patient : J.-P. L. Sexe : M.", "fr", "J.-P. L."),
        ("Initialen: H. W. · Geburtsjahr: 1941", "de", "H. W."),
        ("B.1.1 Patient (name or initials): MxT   B.1.2.2 Age", "en", "MxT"),
    ],
)
def test_initials_after_their_key_with_blanks_or_in_mixed_case(
    text: str, language: str, initials: str
) -> None:
    assert initials in stretches(text, language, rule="initials")


def test_a_colombian_pharmacy_and_its_chemists_title() -> None:
    text = "Q.F. Andrés Felipe Mosquera Palacios, Droguería La Economía, Cra. 43A # 18-95."
    assert "Droguería La Economía" in stretches(text, "es", "INSTITUTION")
    assert "Q.F." not in stretches(text, "es")


def test_a_sex_key_before_a_titles_letter_makes_no_title() -> None:
    text = "Initiales du patient : J.-P. L. Sexe : M. Âge : 67 ans."
    assert "Âge" not in stretches(text, "fr")
    assert "Dupont" in stretches("M. Dupont est venu", "fr")


def test_mexico_city_by_its_spanish_names_in_an_english_narrative() -> None:
    text = "Sra. Guadalupe Hernández, 88, of Colonia Roma, Ciudad de México, had angioedema"
    assert "Ciudad de México" in stretches(text, "en", "CITY")


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Pierrette mais tout le monde l'appelle Pierrot ; elle vit rue Pasteur", "fr", "Pierrot"),
        ("Hallo zusammen, ich bin die Steffi aus Wien-Favoriten", "de", "Steffi"),
        ("Maria Grazia (detta Graziella) lavora alla Ferrero", "it", "Graziella"),
    ],
)
def test_a_nickname_after_the_words_that_give_it(text: str, language: str, name: str) -> None:
    assert name in stretches(text, language, rule="name_introduced")


@pytest.mark.parametrize(
    ("text", "language"),
    [("il l'appelle demain matin", "fr"), ("ich bin der Meinung, dass", "de")],
)
def test_a_call_or_an_opinion_names_no_one(text: str, language: str) -> None:
    assert _people(text, language) == []
