"""Leaks a third outside reader's probe lines found (``benchmarks/probes/third-*.tsv``, written
blind to the rules, third session of 2026-12-03): the part of a month in German, Spanish,
Portuguese and Italian ("Mitte Februar", "meados de maio", "a metà marzo") and phone numbers
read out in words in a call's transcript."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "month"),
    [
        ("Seit Mitte Februar Übelkeit und Erbrechen.", "de", "Februar"),
        ("Anfang März begann der Ausschlag.", "de", "März"),
        ("bis Ende Mai keine Besserung", "de", "Mai"),
        ("Meados de maio: início de omeprazol.", "pt", "maio"),
        ("Na primeira semana de abril referiu prurido.", "pt", "abril"),
        ("no final de maio teve hiponatremia", "pt", "maio"),
        ("Empeoró a fines de mayo.", "es", "mayo"),
        ("Comparsa di prurito a metà marzo.", "it", "marzo"),
        ("Ricoverata nel mese di maggio.", "it", "maggio"),
    ],
)
def test_the_part_of_a_month_dates_the_month(text: str, language: str, month: str) -> None:
    """The month alone was left when a word for its middle, start or end came before it."""
    assert month in stretches(text, language, "DATE")


@pytest.mark.parametrize(
    ("text", "language"),
    [("Das Ende der Therapie kam.", "de"), ("No final de semana tomou.", "pt")],
)
def test_a_part_of_something_else_is_no_date(text: str, language: str) -> None:
    assert stretches(text, language, "DATE") == []


@pytest.mark.parametrize(
    ("text", "language", "number"),
    [
        (
            "—Sí, apunte: seis cinco cuatro, doce, treinta y cuatro, cincuenta y seis.",
            "es",
            "seis cinco cuatro, doce, treinta y cuatro, cincuenta y seis",
        ),
        (
            "Rückrufnummer laut Anruferin: null eins sieben sechs, zwei drei vier, fünf sechs.",
            "de",
            "null eins sieben sechs, zwei drei vier, fünf sechs",
        ),
        (
            "il numero è zero cinque sette quattro, sei due tre, otto nove uno.",
            "it",
            "zero cinque sette quattro, sei due tre, otto nove uno",
        ),
        (
            "O meu número é o nove um dois, três quatro cinco, seis sete oito.",
            "pt",
            "nove um dois, três quatro cinco, seis sete oito",
        ),
        (
            "Caller: It's oh-seven-seven-one-two, four-five-six, eight-nine-oh.",
            "en",
            "oh-seven-seven-one-two, four-five-six, eight-nine-oh",
        ),
    ],
)
def test_a_phone_number_read_out_in_words_is_a_phone(text: str, language: str, number: str) -> None:
    assert number in stretches(text, language, "PHONE")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Take one or two tablets three or four times a day for five days.", "en"),
        ("Tomó dos o tres comprimidos, cuatro veces al día.", "es"),
        ("Scores: one, two, three.", "en"),
    ],
)
def test_a_few_number_words_are_no_phone(text: str, language: str) -> None:
    assert stretches(text, language, "PHONE") == []


@pytest.mark.parametrize(
    ("text", "language", "authors"),
    [
        (
            "Cite as: Okonkwo CE, Bello AA, Danjuma I. Lamivudine-associated aplasia.",
            "en",
            ["Okonkwo CE", "Bello AA"],
        ),
        (
            "Caso clínico. López-Ibor Alcocer J.¹, Díez de los Ríos M.ª Á.². ¹Servicio de",
            "es",
            ["López-Ibor Alcocer J.", "Díez de los Ríos M.ª Á."],
        ),
        ("Fallbericht. Weiß-Zimmermann A¹, Nowak P². ¹Klinik für", "de", ["Nowak P"]),
        ("Caso clinico. De Luca G.¹, Ferraro-Salvi M.². ¹Dipartimento", "it", ["De Luca G."]),
        ("As described by Nolan B et al. in 2019.", "en", ["Nolan B"]),
    ],
)
def test_the_authors_of_a_literature_report_are_professionals(
    text: str, language: str, authors: list[str]
) -> None:
    """A literature report's byline names its reporters: every author leaked."""
    found = stretches(text, language, "STAFF")
    assert all(author in found for author in authors)


@pytest.mark.parametrize(
    "text",
    [
        "Serologies: Hepatitis B, Hepatitis C negative.",
        "Cirrhosis Child-Pugh A, Child-Pugh B at follow-up.",
        "Supplements: Vitamin D, Vitamin K.",
        "Leads II, III and Type I, Type II.",
    ],
)
def test_grades_and_serologies_written_like_authors_are_none(text: str) -> None:
    assert stretches(text, "en", "STAFF") == []


@pytest.mark.parametrize(
    ("text", "language", "code"),
    [
        ("Währinger Gürtel 18\u201320, 1090 Wien.", "de", "1090"),
        ("44 Anna Salai, Teynampet, Chennai 600018, Tamil Nadu", "en", "600018"),
        ("ROAD NO 12, BANJARA HILLS, HYDERABAD - 500034", "en", "500034"),
        ("3/17 Beach Rd, Coogee NSW 2034, Australia", "en", "2034"),
        ("lives at Kirribilli NSW 2061", "en", "2061"),
    ],
)
def test_a_postcode_of_four_or_six_digits_beside_its_town_is_one(
    text: str, language: str, code: str
) -> None:
    """Four digits before a known town after an address's comma (Austria, Belgium,
    Switzerland), six after one (India), four after an Australian state: the town was found
    and its postcode left."""
    assert code in stretches(text, language, "POSTCODE")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Im Jahr 2019 Wien besucht.", "de"),
        ("platelets 150000, Chennai trip", "en"),
        ("Chennai 600018.5 mg", "en"),
    ],
)
def test_a_year_or_a_count_beside_a_town_is_no_postcode(text: str, language: str) -> None:
    assert stretches(text, language, "POSTCODE") == []


@pytest.mark.parametrize(
    ("text", "language", "kind", "surname"),
    [
        ('Chukwuemeka "Emeka" Okonkwo, 45, civil servant in Abuja', "en", "PERSON", "Okonkwo"),
        ("Patrick \u201cPaddy\u201d O'Sullivan, 81, Skibbereen", "en", "PERSON", "O'Sullivan"),
        ("Pt Peggy (Margaret) Flanagan, 85, says", "en", "PERSON", "Flanagan"),
        ('Segnalatore: Dott. Gianluigi "Gigi" Esposito, farmacista', "it", "STAFF", "Esposito"),
    ],
)
def test_the_surname_after_a_nickname_belongs_to_the_name(
    text: str, language: str, kind: str, surname: str
) -> None:
    """The quoted or bracketed nickname broke the pair of names: the surname leaked."""
    assert surname in stretches(text, language, kind)


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Servicio de Oncología. 36211 Vigo (Pontevedra) E-mail: x@y.es", "es"),
        ("Tylenol (Acetaminophen) Extra Strength", "en"),
        ("John (Jack) Then went home", "en"),
    ],
)
def test_a_town_a_drug_or_a_stopword_around_brackets_is_no_surname(
    text: str, language: str
) -> None:
    assert not any(h in ("E-mail", "Extra", "Then") for h in stretches(text, language, "PERSON"))


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("grandmother Edith Crowther, 97, died on 2nd Feb", "97"),
        ("Hope Martinez, 34, developed a rash", "34"),
    ],
)
def test_an_age_between_commas_after_a_name_is_an_age(text: str, age: str) -> None:
    assert age in stretches(text, "en", "AGE")


def test_a_house_number_between_commas_after_a_name_is_no_age() -> None:
    text = "Domicilio: Av. Nuestra Señora del Pilar, 34, 4B. Zaragoza"
    assert "34" not in stretches(text, "es", "AGE")


@pytest.mark.parametrize(
    ("text", "name"),
    [("WR: pt seen by Dr Okafor + SpR Leung, rash", "Leung"), ("reviewed by SHO Patel", "Patel")],
)
def test_a_british_doctors_grade_is_a_title(text: str, name: str) -> None:
    assert name in stretches(text, "en", "STAFF")


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Callback requested Monday the 6th after 2pm on landline.", "6th"),
        ("pt admitted to Wexford General since Sat 14th, daughter informed.", "14th"),
        ("She took the last dose last Tuesday the 3rd and the rash was worse.", "3rd"),
        ("COVID vaccine on Monday, the 18th (18Jan2021), in which", "18th"),
    ],
)
def test_an_ordinal_day_after_its_weekday_is_a_date(text: str, day: str) -> None:
    """A day the weekday names leaked: nine such in the VAERS narratives."""
    assert day in stretches(text, "en", "DATE")


@pytest.mark.parametrize("text", ["on Monday the 2nd dose was given", "Sunday 3rd floor ward"])
def test_an_ordinal_after_a_weekday_before_a_dose_or_a_floor_is_no_date(text: str) -> None:
    assert stretches(text, "en", "DATE") == []


@pytest.mark.parametrize(
    ("text", "language", "age"),
    [
        ("my mum (shes 91!!) got the shingles jab at boots", "en", "91"),
        ("my nan? she\u2019s 93 and lives alone", "en", "93"),
        ("I\u2019m 34, female, took ibuprofen", "en", "34"),
        ("Mme De Smet, nonante-deux ans, de Schaerbeek", "fr", "nonante-deux ans"),
        ("Sig.ra Felice Di Benedetto, anni 95, residente a Caserta", "it", "95"),
    ],
)
def test_an_age_a_consumer_or_a_form_writes_is_an_age(text: str, language: str, age: str) -> None:
    """ "shes", a curly apostrophe, Belgian and Swiss "nonante", an Italian form's "anni 95"."""
    assert age in stretches(text, language, "AGE")


def test_the_nineties_in_italian_are_no_age() -> None:
    assert stretches("negli anni 90 assumeva già il farmaco", "it", "AGE") == []


@pytest.mark.parametrize(
    ("text", "language", "code"),
    [
        ("Nomvula Dlamini, 27, ID 9603150423087, Soweto", "en", "9603150423087"),
        ("Infant DOB 30/10/2022, NHI ZAC5361, discharged home", "en", "ZAC5361"),
        ("Aadhaar 4512 8890 1123 and mobile provided", "en", "4512 8890 1123"),
        ("Medicare card 2953 71845 1 (IRN 2), DVA Gold Card holder.", "en", "2953 71845 1"),
        ("device s/n 4A7Q-22981-K returned for investigation", "en", "4A7Q-22981-K"),
        ("Cpl Dean Whitfield, service no. 25012345, Tidworth", "en", "25012345"),
        ("Tarjeta sanitaria CAM: 0123456789", "es", "0123456789"),
        ("Marcapasos Medtronic, n.º de serie RNZ604213S, implantado", "es", "RNZ604213S"),
        ("Notificado por la Farm. Verónica Szpilman (MP 12.345) de la", "es", "12.345"),
        ("Name,Vorname:ÖZTÜRK,Mehmet Ali Kasse:TK VersNr:T451237890", "de", "T451237890"),
        ("Sig.ROSSIMARIO n.il15/07/1934 CF:RSSMRA34L15H501Z", "it", "RSSMRA34L15H501Z"),
        ("Cédula Profissional n.º 45678.", "pt", "45678"),
        ("com o número de episódio 22045871 em 14-03-2022", "pt", "22045871"),
        ("Dra. Raimunda Nonata Oliveira (CRF-PA 4521), da Drogaria", "pt", "4521"),
    ],
)
def test_an_identifier_under_a_key_the_rules_lacked_is_one(
    text: str, language: str, code: str
) -> None:
    """Keys of other countries (New Zealand, India, Australia, the Philippines, Argentina,
    Brazil's states), keys run into their code, a device's serial in lower case."""
    assert code in stretches(text, language, "ID")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Hospital Río Júcar, s/n E-28935 Móstoles", "es"),
        ("VAERS ID 0912345 linked", "en"),
        ("Presión arterial: PA 130/85", "es"),
    ],
)
def test_an_address_without_number_a_case_or_a_pressure_is_no_identifier(
    text: str, language: str
) -> None:
    assert stretches(text, language, "ID") == []


def test_a_date_of_birth_run_together_is_a_date() -> None:
    assert "19790228" in stretches("D.2.1 Date of birth: 19790228   D.5 Sex: 2", "en", "DATE")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("le patient a pris de l'Efferalgan codéiné en plus de son Doliprane, soit", "fr"),
        ("anybody know if valtrex makes u hallucinate? asking for my dad, hes 78", "en"),
    ],
)
def test_a_word_of_the_narratives_language_is_no_relatives_cue_nor_name(
    text: str, language: str
) -> None:
    """French "son" (his) read as the English son before a drug; "hes" (he's) as a name."""
    assert stretches(text, language, "RELATIVE") == []


def test_an_english_relatives_word_still_cues_in_english() -> None:
    assert "Pierre" in stretches("her son Pierre called", "en", "RELATIVE")


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("@sarahj_runs same!! my endo in tampa said push thru lol", "en", "tampa"),
        ("so my GP (dr o'brien in ballina, lovely man) finally admitted it", "en", "ballina"),
        ("hola soy pepe de getafe, mi madre (87) empezo con sintrom", "es", "getafe"),
        ("o meu pai foi parar às urgências do amadora-sintra", "pt", "amadora-sintra"),
    ],
)
def test_a_town_in_a_message_typed_in_lower_case_is_a_town(
    text: str, language: str, town: str
) -> None:
    assert town in stretches(text, language, "CITY")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("my mum has a bath in the morning and lives near reading", "en"),
        ("tomo un vaso de leche en casa", "es"),
        ("The patient was seen in Tampa. Later she moved.", "en"),
    ],
)
def test_a_word_or_a_sentence_cased_narrative_gives_no_lower_case_town(
    text: str, language: str
) -> None:
    """A common word that names a town ("bath", "reading") is none; a narrative in sentence
    case is left to the capitalised rules."""
    assert not any(h.islower() for h in stretches(text, language, "CITY"))


@pytest.mark.parametrize(
    ("text", "language", "institution"),
    [
        ("Park Ji-hoon, 33, Samsung Medical Center, Gangnam-gu", "en", "Samsung Medical Center"),
        (
            "Dept of Medicine, Amrita Institute of Medical Sciences, Kochi",
            "en",
            "Amrita Institute of Medical Sciences",
        ),
        ("Vu au CHUV à Lausanne le 3 mars", "fr", "CHUV"),
        (
            "Hospitalisée à l'Hôpital européen Georges-Pompidou (Paris)",
            "fr",
            "Hôpital européen Georges-Pompidou",
        ),
        ("ricoverato all'Humanitas di Rozzano", "it", "Humanitas"),
        ("pt admitted to Wexford General since Sat 14th", "en", "Wexford General"),
        ("seen at Erasmus MC, Rotterdam", "en", "Erasmus MC"),
    ],
)
def test_a_hospital_known_by_its_name_or_its_town_is_an_institution(
    text: str, language: str, institution: str
) -> None:
    """Hospitals no institution's word names (an elided article before a known one hid it:
    "l'Hôpital", "all'Humanitas"), and a town's "General"."""
    assert institution in stretches(text, language, "INSTITUTION")


@pytest.mark.parametrize("text", ["the Attorney General said", "the Surgeon General warned"])
def test_a_general_of_no_town_is_no_hospital(text: str) -> None:
    assert stretches(text, "en", "INSTITUTION") == []


def test_an_italian_wifes_married_surname_after_in_is_a_name() -> None:
    text = "Sig.ra Rosa Maria Cuomo in Sorrentino, 77 anni, affetta da rosacea"
    assert "Sorrentino" in stretches(text, "it", "PERSON")


@pytest.mark.parametrize(
    ("text", "language"),
    [("il Dott. Rossi in Pronto Soccorso", "it"), ("I'm in Harstad, at the conference", "en")],
)
def test_in_before_a_ward_or_in_english_marries_no_one(text: str, language: str) -> None:
    assert not any(
        w in ("Pronto Soccorso", "Pronto", "Harstad") for w in stretches(text, language, "PERSON")
    )


@pytest.mark.parametrize(
    "text",
    [
        "Posted by u/grace_under_fire77 · 3y ago — took cipro for a UTI",
        "Replying to u/hopefulnurse2019: no joy here either",
    ],
)
def test_a_reddit_users_name_by_its_prefix_alone_is_one(text: str) -> None:
    assert any(h.startswith("u/") for h in stretches(text, "en", "URL"))


def test_units_per_a_measure_are_no_reddit_user() -> None:
    assert stretches("heparin 18 u/kg/hr; 5000 u/day; 0.5 u/ml", "en", "URL") == []


@pytest.mark.parametrize(
    ("text", "language", "institution"),
    [
        (
            "Martin-Laval C.¹, Ouédraogo A.². ¹Service de dermatologie ; ²Université Jean-Monnet.",
            "fr",
            "Université Jean-Monnet",
        ),
        (
            "López-Ibor J.¹. ¹Servicio de Neurología, Santander. ²Universidad de Cantabria.",
            "es",
            "Universidad de Cantabria",
        ),
    ],
)
def test_an_affiliations_mark_against_its_institution_hides_it_no_more(
    text: str, language: str, institution: str
) -> None:
    assert institution in stretches(text, language, "INSTITUTION")


def test_a_square_metre_keeps_its_superscript() -> None:
    assert stretches("BSA 1.8 m² and 10⁹/L platelets", "en") == []


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("got the booster at the walgreens on Ridge Ave and we both", "Ridge Ave"),
        ("the Rite Aid on Oak Blvd. told me", "Oak Blvd"),
    ],
)
def test_a_street_by_its_abbreviated_type_after_on_is_a_street(text: str, street: str) -> None:
    assert street in stretches(text, "en", "STREET")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Reporter Name (please print): K A T H L E E N   B Y R N E",
            "K A T H L E E N   B Y R N E",
        ),
        ("Could you spell the surname? Caller: W-A-R-S-A-M-E, Warsame.", "W-A-R-S-A-M-E"),
    ],
)
def test_a_name_spelt_out_letter_by_letter_is_a_name(text: str, name: str) -> None:
    assert name in stretches(text, "en", "PERSON")


@pytest.mark.parametrize("text", ["Options: A B C D E", "grades A-B-C-D were", "S-O-A-P notes"])
def test_letters_that_spell_no_name_are_none(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


def test_a_hospitals_site_names_its_town() -> None:
    text = "établie par la Dre Séverine Rochat-Bonvin, Hôpital du Valais, site de Martigny."
    assert "Martigny" in stretches(text, "fr", "CITY")


def test_an_injection_site_is_no_town() -> None:
    assert (
        stretches("douleur au site d'injection et sur le site de prélèvement", "fr", "CITY") == []
    )


@pytest.mark.parametrize(
    ("text", "language", "kind", "name"),
    [
        ("Pte.:RUIZ ORTEGA,Manuela NHC:0033871", "es", "PERSON", "RUIZ ORTEGA,Manuela"),
        ("Pat.:Müller,Karl-Heinz Geb.-Dat.:03.04.1950", "de", "PERSON", "Müller,Karl-Heinz"),
        ("Enf.ª Conceição Dias \u2013 ULS de Matosinhos", "pt", "STAFF", "Conceição Dias"),
    ],
)
def test_a_forms_run_in_key_and_a_nurses_title_cue_the_name(
    text: str, language: str, kind: str, name: str
) -> None:
    """ "Pte." (paciente), a key run into its value without a blank, "Enf.ª" (enfermeira)."""
    assert name in stretches(text, language, kind)


def test_a_shortened_patients_word_before_a_symptom_names_no_one() -> None:
    assert stretches("Pat.:Fieber seit 3 Tagen", "de", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Paciente Maria do Socorro Lima, 58 anos, lavradora", "pt", "Maria do Socorro Lima"),
        ("Paciente Ana Dias. Sem antecedentes.", "pt", "Ana Dias"),
    ],
)
def test_a_surname_that_is_a_word_too_closes_a_name_after_a_weak_cue(
    text: str, language: str, name: str
) -> None:
    """ "Lima" (lime) and "Dias" (days) left the surname out after "Paciente"."""
    assert name in stretches(text, language, "PERSON")


def test_a_common_word_after_a_name_that_goes_on_stays_out() -> None:
    assert "Ana Dias" not in stretches("Paciente Ana dias depois", "pt", "PERSON")


def test_two_words_no_list_holds_before_an_age_in_apposition_are_a_name() -> None:
    text = "Thabo Mokoena, a 39-year-old miner from Rustenburg, developed hepatitis."
    assert "Thabo Mokoena" in stretches(text, "en", "PERSON")


@pytest.mark.parametrize(
    "text",
    ["Depression Test, a 3-year-old diagnosis", "Lisinopril Tablets, a 2-year-old prescription"],
)
def test_words_of_a_list_before_an_age_are_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


def test_a_second_surname_closing_an_arabic_name_belongs_to_it() -> None:
    text = "Paciente marroquí, Fatima Zahra El Amrani Bouzid, acompañada por su hijo Youssef."
    assert "Fatima Zahra El Amrani Bouzid" in stretches(text, "es", "PERSON")


def test_a_word_after_an_arabic_name_that_goes_on_is_no_surname() -> None:
    text = "Fatima Al Zahrani Hospital was"
    assert "Fatima Al Zahrani Hospital" not in stretches(text, "en", "PERSON")
