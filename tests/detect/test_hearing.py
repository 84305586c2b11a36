"""Which rule suggestions join the CRF's in default mode, learnt per rule out of fold."""

from __future__ import annotations

from dataclasses import replace

from toycorpus import toy_corpus

from deid_studio.core.categories import preset
from deid_studio.core.document import Span, Suggestion
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.combine import combine
from deid_studio.detect.detector import (
    Detector,
    DetectorSettings,
    Replay,
    _beside,
    _house_numbers,
    _joins,
    _outside,
    _outside_widened,
    _split_wholes,
    categories_of,
    kin_and_name_apart,
    places_cut_off,
    replayed,
    trimmed,
    whole_words,
)
from deid_studio.detect.hearing import (
    RuleRecord,
    hearing,
    merge_records,
    rule_record,
)
from deid_studio.detect.recall import is_word
from deid_studio.detect.rules import confidences


def rule(start: int, end: int, category: str, name: str, confidence: float = 0.9) -> Suggestion:
    return Suggestion(start, end, category, confidence, "rule", name)


def crf(start: int, end: int, category: str) -> Suggestion:
    return Suggestion(start, end, category, 1.0, "crf")


TEXT = "Vive en 41500 Alcalá de Guadaira con su familia y su hija."
#       0123456789012345678901234567890123456789012345678901234567
TOWN = rule(14, 32, "TERRITORIO", "town_after_postcode")  # "Alcalá de Guadaira"
FAMILY = rule(40, 47, "FAMILIARES", "kin_word", 0.65)  # "familia", not PHI here
DAUGHTER = rule(53, 57, "FAMILIARES", "kin_word", 0.65)  # "hija", PHI


def words(text: str) -> list:
    return [t for t in tokenize(text) if is_word(t)]


def test_the_record_counts_word_tokens_alone_and_beyond_the_crf() -> None:
    gold = [Span(14, 32, "TERRITORIO"), Span(53, 57, "FAMILIARES")]
    found = rule_record([TOWN, FAMILY, DAUGHTER], [crf(14, 20, "TERRITORIO")], words(TEXT), gold)
    # "de Guadaira" lies beyond the CRF's "Alcalá": two tokens, both PHI; the town is a span
    town = found["town_after_postcode"]
    assert (town.beyond_phi, town.beyond, town.beyond_exact, town.beyond_spans) == (2, 2, 1, 1)
    assert town.alone == town.alone_spans == 0
    # "familia" alone and wrong, "hija" alone and right
    kin = found["kin_word"]
    assert (kin.alone_phi, kin.alone, kin.alone_exact, kin.alone_spans) == (1, 2, 1, 2)
    # a rule the CRF covers whole says nothing about either situation
    assert rule_record([TOWN], [crf(14, 32, "TERRITORIO")], words(TEXT), gold) == {}
    assert merge_records([found, found])["kin_word"] == kin + kin
    assert (kin + kin).to_list() == [2 * n for n in kin.to_list()]


def test_a_rule_right_often_enough_out_of_fold_is_heard_whatever_its_confidence() -> None:
    prior = {"kin_word": 0.65, "first_name": 0.5, "place_gazetteer": 0.95}
    record = {
        "kin_word": RuleRecord(12, 20),  # right 60% of the time where the CRF had nothing
        "first_name": RuleRecord(1, 11),  # right once in eleven
        "place_gazetteer": RuleRecord(2, 20),  # a confident rule often wrong: quiet
    }
    decided = hearing(record, prior)
    assert decided.heard == {"kin_word"}
    assert decided.quiet == {"first_name", "place_gazetteer"}


def test_little_evidence_leans_on_the_rules_confidence() -> None:
    prior = {"town_after_postcode": 0.95, "institution_suffixed": 0.95, "first_name": 0.5}
    # never seen beside the CRF: the confidence decides (a town after a postcode extends)
    assert "town_after_postcode" in hearing({}, prior).extending
    assert "town_after_postcode" in hearing({}, prior).heard
    # one wrong token does not outweigh a confident rule; twenty do
    assert (
        "town_after_postcode"
        in hearing({"town_after_postcode": RuleRecord(0, 0, 0, 1)}, prior).extending
    )
    wrong = {"institution_suffixed": RuleRecord(0, 0, 1, 22)}
    assert "institution_suffixed" not in hearing(wrong, prior).extending
    # only name and place rules extend: the others join beyond the CRF anyway
    assert "date_numeric" not in hearing({}, {"date_numeric": 1.0}).extending


def test_every_rule_has_a_prior() -> None:
    prior = confidences()
    assert prior["first_name"] == 0.5 and prior["town_after_postcode"] > 0.8
    assert all(0.0 < value <= 1.0 for value in prior.values())


def test_an_extending_rule_adds_what_the_crf_left_out_and_stands_for_its_span() -> None:
    alcala = crf(14, 20, "TERRITORIO")
    # by default a place rule that overlaps the CRF is left out: the CRF's boundaries win
    assert _beside([TOWN], [alcala], TEXT, {}) == []
    extending = frozenset({"town_after_postcode"})
    assert _beside([TOWN], [alcala], TEXT, {}, extending) == [TOWN]
    # the CRF's "Alcalá" gives way to the rule's whole town, of the same category
    assert _outside_widened([alcala], [TOWN], extending) == []
    # not when the CRF says something else there, or reaches beyond the rule
    other = crf(14, 20, "NOMBRE")
    assert _outside_widened([other], [TOWN], extending) == [other]
    longer = crf(8, 20, "TERRITORIO")
    assert _outside_widened([longer], [TOWN], extending) == [longer]


def test_learnt_decisions_reach_the_detector(toy_model) -> None:
    text = "Llamar al 612 345 678 mañana."
    loud = Detector(toy_model, preset("pv"), DetectorSettings())
    [phone] = [s for s in loud.detect([(text, "es")])[0].suggestions if s.source == "rule"]
    assert phone.rule is not None
    # below the floor, a rule's suggestions are the CRF's features only...
    floored = DetectorSettings(rule_floor=1.01)
    assert not Detector(toy_model, preset("pv"), floored).detect([(text, "es")])[0].suggestions
    # ...unless training heard it out of fold
    heard = replace(floored, heard_rules=frozenset({phone.rule}))
    found = Detector(toy_model, preset("pv"), heard).detect([(text, "es")])[0]
    assert [s.rule for s in found.suggestions] == [phone.rule]
    assert phone.rule in {c.rule for c in found.candidates}
    metrics = {"heard_rules": ["kin_word"], "extending_rules": ["field_city"], "quiet_rules": []}
    settings = DetectorSettings.of_model(None, metrics)
    assert settings.heard_rules == {"kin_word"} and settings.extending_rules == {"field_city"}
    assert DetectorSettings.of_model(None, {}).heard_rules == frozenset()  # older versions


def test_a_detection_replayed_under_other_settings_is_what_they_detect(toy_model) -> None:
    """Training merges each held-out document's tagging again under the rules heard out of
    the fold's reach: the replay must give what a detector with those settings gives."""
    texts = [d.text for d in toy_corpus(6, seed=9)] + [
        "Llamar al 612 345 678 mañana; vive en 41500 Alcalá de Guadaira con su hija.",
    ]
    narratives = [(text, "es") for text in texts]
    found = Detector(toy_model, preset("pv"), DetectorSettings()).detect(narratives)
    rules = sorted({c.rule for f in found for c in f.candidates if c.rule})
    assert len(rules) >= 3
    variants = [
        DetectorSettings(),
        DetectorSettings(rule_floor=1.01),
        DetectorSettings(rule_floor=1.01, heard_rules=frozenset(rules[::2])),
        DetectorSettings(quiet_rules=frozenset(rules), extending_rules=frozenset(rules[1::2])),
    ]
    for settings in variants:
        direct = Detector(toy_model, preset("pv"), settings).detect(narratives)
        for (text, _), first, again in zip(narratives, found, direct, strict=True):
            replay = replayed(Replay.of(first), text, settings, preset("pv"))
            assert replay == again.suggestions
    (text, _), last = narratives[-1], Replay.of(found[-1])
    outcomes = {tuple(replayed(last, text, v, preset("pv"))) for v in variants}
    assert len(outcomes) >= 3  # the settings matter here: floored, heard, quiet


MAIL = "E-mail: charles.franklin@outlook.com. Tel 0276"
#       0123456789012345678901234567890123456789
EMAIL = rule(8, 36, "CONTACT", "email", 0.98)


def test_an_e_mail_the_crf_read_as_a_name_and_a_contact_is_one_contact() -> None:
    split = [crf(8, 15, "PATIENT"), crf(15, 36, "CONTACT")]  # "charles" | ".franklin@..."
    wholes = _split_wholes([EMAIL], split)
    assert wholes == [EMAIL]
    merged = combine([*_beside([EMAIL], split, MAIL, {}), *wholes, *_outside(split, wholes)])
    assert [(s.start, s.end, s.category) for s in merged] == [(8, 36, "CONTACT")]


def test_an_e_mail_the_crf_found_whole_or_beyond_stays_the_crfs() -> None:
    assert _split_wholes([EMAIL], [crf(8, 36, "CONTACT")]) == []  # whole: the CRF's
    assert _split_wholes([EMAIL], [crf(0, 36, "CONTACT")]) == []  # beyond its edge
    assert _split_wholes([EMAIL], [crf(40, 44, "CONTACT")]) == []  # elsewhere
    assert _split_wholes([rule(8, 36, "CONTACT", "phone_number")], [crf(8, 15, "PATIENT")]) == []
    assert _split_wholes([EMAIL], [crf(8, 15, "PATIENT")]) == [EMAIL]  # a name alone inside


def test_an_e_mail_the_crf_cut_short_is_one_contact() -> None:
    short = [crf(8, 33, "CONTACT")]  # "charles.franklin@outlook" without ".com"
    wholes = _split_wholes([EMAIL], short)
    assert wholes == [EMAIL]
    merged = combine([*_beside([EMAIL], short, MAIL, {}), *wholes, *_outside(short, wholes)])
    assert [(s.start, s.end, s.category) for s in merged] == [(8, 36, "CONTACT")]


def test_an_ip_address_the_crf_cut_in_pieces_is_one_address() -> None:
    text = "address 6e40:4041:c617:e898:c11:40d2:c669:2eb4 blocked"
    #       0123456789012345678901234567890123456789012345678
    whole = rule(8, 46, "IP_ADDRESS", "ipv6", 0.99)
    pieces = [crf(8, 12, "IP_ADDRESS"), crf(13, 22, "IP_ADDRESS"), crf(37, 46, "IP_ADDRESS")]
    wholes = _split_wholes([whole], pieces)
    assert wholes == [whole]
    merged = combine([*_beside([whole], pieces, text, {}), *wholes, *_outside(pieces, wholes)])
    assert [(s.start, s.end) for s in merged] == [(8, 46)]  # "e898" and "40d2" were left out
    card = rule(3, 19, "ID", "card_number", 0.99)
    assert _split_wholes([card], [crf(3, 10, "ID"), crf(11, 19, "ID")]) == [card]


PHONE = "España Tfno. 670.97.10.26 E-mail"
#        0123456789012345678901234567890
NUMBER = rule(13, 25, "NUMERO_TELEFONO", "phone_after_key", 0.98)  # "670.97.10.26"


def test_a_phone_number_the_crf_cut_in_pieces_is_one_number() -> None:
    pieces = [crf(13, 16, "NUMERO_TELEFONO"), crf(23, 25, "NUMERO_TELEFONO")]  # "670", "26"
    wholes = _split_wholes([NUMBER], pieces)
    assert wholes == [NUMBER]
    merged = combine([*_beside([NUMBER], pieces, PHONE, {}), *wholes, *_outside(pieces, wholes)])
    assert [(s.start, s.end) for s in merged] == [(13, 25)]  # not "[670][.97.10.][26]"


def test_a_phone_rule_keeps_the_crfs_number_of_another_kind_or_found_whole() -> None:
    assert _split_wholes([NUMBER], [crf(13, 25, "NUMERO_TELEFONO")]) == []  # whole: the CRF's
    assert _split_wholes([NUMBER], [crf(13, 16, "ID_SUJETO_ASISTENCIA")]) == []  # another kind


HOME = "habite 522, boulevard de Regnier, 34609 Laroche."
#       0123456789012345678901234567890123456789012345678
STREET = rule(7, 39, "LOCATION", "street_prefixed", 0.95)  # "522, boulevard de Regnier, 34609"


def test_a_house_number_the_crf_read_as_an_age_is_the_streets() -> None:
    split = [crf(7, 10, "AGE"), crf(12, 32, "LOCATION"), crf(34, 47, "LOCATION")]
    assert _house_numbers([STREET], split, HOME, "AGE") == []  # "34609 Laroche" goes beyond
    split[-1] = crf(34, 39, "LOCATION")
    wholes = _house_numbers([STREET], split, HOME, "AGE")
    assert wholes == [STREET]
    merged = combine([*_beside([STREET], split, HOME, {}), *wholes, *_outside(split, wholes)])
    assert [(s.start, s.end, s.category) for s in merged] == [(7, 39, "LOCATION")]
    assert HOME[7:39] == "522, boulevard de Regnier, 34609"


FIELD = "Localidad/ Provincia: Cdad. Real.\nLocalidad/ Provincia: Úbeda, Jaén."
#        0123456789012345678901234567890123456 7890123456789012345678901234567890
CITY = rule(22, 32, "TERRITORIO", "field_city", 0.97)  # "Cdad. Real"


def test_a_town_the_crf_cut_at_an_abbreviations_dot_is_one_town() -> None:
    split = [crf(22, 26, "TERRITORIO"), crf(28, 32, "TERRITORIO")]  # "Cdad" | "Real"
    assert _joins([CITY], split, FIELD) == [CITY]
    merged = combine([*_joins([CITY], split, FIELD), *_outside(split, [CITY])])
    assert [(s.start, s.end) for s in merged] == [(22, 32)]


def test_a_town_and_its_province_stay_apart() -> None:
    both = rule(56, 67, "TERRITORIO", "field_city", 0.97)  # "Úbeda, Jaén"
    assert FIELD[56:67] == "Úbeda, Jaén"
    assert _joins([both], [crf(56, 61, "TERRITORIO"), crf(63, 67, "TERRITORIO")], FIELD) == []
    split = [crf(22, 26, "TERRITORIO"), crf(28, 32, "TERRITORIO")]
    assert _joins([CITY], [split[0], replace(split[1], category="CALLE")], FIELD) == []
    assert _joins([CITY], split[:1], FIELD) == []  # one CRF span: nothing to join
    assert _joins([replace(CITY, rule="date_numeric")], split, FIELD) == []  # not a word rule


SENDER = "Instituto Colombiano del Dolor Medellín, Colombia; Hospital de Getafe"
#         0123456789012345678901234567890123456789012345678901234567890123456789
INSTITUTIONS = categories_of(preset("meddocan"), "INSTITUTION", "ORGANISATION")
PLACES = categories_of(preset("meddocan"), "CITY", "COUNTRY", "POSTCODE") - INSTITUTIONS
STREETS = categories_of(preset("meddocan"), "STREET")


def test_a_town_after_an_institutions_name_is_its_address() -> None:
    assert SENDER[31:39] == "Medellín"
    crf_spans = [crf(0, 39, "INSTITUCION"), crf(41, 49, "PAIS")]
    town = rule(31, 39, "TERRITORIO", "address_continued")
    cut = places_cut_off(crf_spans, [town], SENDER, INSTITUTIONS, PLACES, STREETS)
    assert [(s.start, s.end, s.category, s.source) for s in cut] == [
        (0, 30, "INSTITUCION", "crf"),
        (31, 39, "TERRITORIO", "crf"),
        (41, 49, "PAIS", "crf"),
    ]


def test_a_town_an_institutions_name_holds_after_a_preposition_stays_in_it() -> None:
    assert SENDER[51:69] == "Hospital de Getafe"
    getafe = crf(51, 69, "HOSPITAL")
    town = rule(63, 69, "TERRITORIO", "place_gazetteer")
    assert places_cut_off([getafe], [town], SENDER, INSTITUTIONS, PLACES, STREETS) == [getafe]
    alone = [crf(0, 39, "INSTITUCION")]  # no place rule ends it, or a street's does
    assert places_cut_off(alone, [], SENDER, INSTITUTIONS, PLACES, STREETS) == alone
    street = rule(31, 39, "TERRITORIO", "street_prefixed")
    assert places_cut_off(alone, [street], SENDER, INSTITUTIONS, PLACES, STREETS) == alone


def test_a_relatives_word_and_first_name_the_crf_took_as_one_are_two() -> None:
    text = "acompañada de su madre Carmen y de su madre Teresa Rodríguez"
    at = text.index
    mother = at("madre")
    carmen = crf(mother, at("Carmen") + 6, "FAMILIARES")
    teresa = crf(at("madre", mother + 1), len(text), "FAMILIARES")
    candidates = [
        rule(mother, mother + 5, "FAMILIARES", "kin_word"),
        rule(at("Carmen"), at("Carmen") + 6, "FAMILIARES", "name_after_relative"),
        rule(teresa.start, teresa.start + 5, "FAMILIARES", "kin_word"),
        rule(at("Teresa"), len(text), "FAMILIARES", "name_after_relative"),
    ]
    apart = kin_and_name_apart([carmen, teresa], candidates, text)
    assert [text[s.start : s.end] for s in apart] == [
        "madre",
        "Carmen",
        "madre Teresa Rodríguez",  # a whole name: one span, as MEDDOCAN marks it
    ]
    assert kin_and_name_apart([carmen], candidates[1:], text) == [carmen]  # no kin word found


def test_a_postcode_at_a_streets_end_is_a_place_of_its_own() -> None:
    text = "Avenida de la Constitución 13600 Alcázar de San Juan; Calle Mayor 12"
    at = text.index
    street = crf(0, at("13600") + 5, "CALLE")
    postcode = rule(at("13600"), at("13600") + 5, "TERRITORIO", "postcode_before_town")
    cut = places_cut_off([street], [postcode], text, INSTITUTIONS, PLACES, STREETS)
    assert [(text[s.start : s.end], s.category) for s in cut] == [
        ("Avenida de la Constitución", "CALLE"),
        ("13600", "TERRITORIO"),
    ]
    mayor = crf(at("Calle"), len(text), "CALLE")  # a house number: no place rule ends it
    number = rule(len(text) - 2, len(text), "CALLE", "street_prefixed")
    assert places_cut_off([mayor], [number], text, INSTITUTIONS, PLACES, STREETS) == [mayor]


def test_only_a_bare_number_inside_a_street_rule_gives_way() -> None:
    home = [crf(12, 32, "LOCATION")]
    assert _house_numbers([STREET], [crf(7, 10, "LOCATION"), *home], HOME, "AGE") == []
    assert _house_numbers([STREET], [crf(7, 10, "AGE"), *home], HOME, None) == []  # no age
    town = rule(7, 39, "LOCATION", "field_city", 0.95)
    assert _house_numbers([town], [crf(7, 10, "AGE"), *home], HOME, "AGE") == []
    age = "edad 61 ans, boulevard"
    assert (
        _house_numbers(
            [rule(5, 22, "LOCATION", "street_prefixed")], [crf(5, 11, "AGE")], age, "AGE"
        )
        == []
    )


def test_a_span_cut_inside_a_hyphenated_word_takes_the_rest_of_it() -> None:
    text = "Nurse Kallio-oja and Dr. Jean-pierre Smith-Jones, a 45-year-old, Mäki-petäjä."
    at = text.index
    cut = [crf(at("Kallio"), at("-oja"), "STAFF"), crf(at("Jean"), at("-pierre"), "STAFF")]
    found = whole_words(cut, text)
    assert [text[s.start : s.end] for s in found] == ["Kallio-oja", "Jean-pierre"]
    two = [crf(at("Smith"), at("-Jones"), "STAFF"), crf(at("Jones"), at(","), "STAFF")]
    assert whole_words(two, text) == two  # another suggestion begins in the rest
    age = [crf(at("45"), at("-year"), "AGE")]
    assert whole_words(age, text) == age  # a number keeps its end
    last = [crf(at("Mäki"), at("-petäjä"), "PATIENT")]
    assert text[whole_words(last, text)[0].end - 1] == "ä"  # up to the full stop


def test_a_span_cut_between_a_digit_and_a_letter_takes_the_whole_word() -> None:
    """The tokenizer cuts "035F" into "035" and "F"; a CRF span that stops there left the
    "F" of an Eircode in the masked text."""
    text = "Address: Susannah Ville C15 035F\nMRN12345, seen 11/20/2073 CPT"
    at = text.index
    cut = [crf(at("C15"), at("F\n"), "LOCATION"), crf(at("12345"), at(","), "ID")]
    found = whole_words(cut, text)
    assert [text[s.start : s.end] for s in found] == ["C15 035F", "MRN12345"]
    two = [crf(at("C15"), at("F\n"), "LOCATION"), crf(at("F\n"), at("F\n") + 1, "LOCATION")]
    assert whole_words(two, text) == two  # another suggestion takes the rest
    spaced = [crf(at("11/20"), at(" CPT"), "DATE")]
    assert whole_words(spaced, text) == spaced  # a blank ends the word


def test_a_suggestion_loses_the_brackets_it_holds_unpaired() -> None:
    """Recall mode's CRF flagged the "(" after a town ("Getafe (Madrid)" masked
    "[TERRITORIO][TERRITORIO])"); a closing bracket at an edge goes, and an institution with
    its acronym's opening bracket is cut in two. Paired brackets and a bracket inside a
    number stay."""
    text = "Getafe (Madrid); Vigo (CHUVI); Instituto Colombiano del Dolor (INCODOL); (555) 123"
    at = text.index
    found = [
        crf(at("Getafe"), at("Madrid"), "TERRITORIO"),  # "Getafe ("
        crf(at("CHUVI"), at("CHUVI") + 6, "INSTITUCION"),  # "CHUVI)"
        crf(at("Instituto"), at("INCODOL") + 7, "INSTITUCION"),
        crf(at("(555"), at("123") + 3, "NUMERO_TELEFONO"),  # paired: stays whole
        crf(at("555)"), at("123") + 3, "NUMERO_TELEFONO"),  # inside, not at an edge: stays
    ]
    kept = trimmed(found, text)
    assert [text[s.start : s.end] for s in kept] == [
        "Getafe",
        "CHUVI",
        "Instituto Colombiano del Dolor",
        "INCODOL",
        "(555) 123",
        "555) 123",
    ]
    assert {s.category for s in kept[2:4]} == {"INSTITUCION"}
    assert trimmed([kept[0]], text) == [kept[0]]  # nothing unpaired: the same suggestion
    named = "de nombre Natalia Ontiveros Palacios, ademas"
    piece = crf(named.index("Natalia"), named.index("Ontiveros"), "NOMBRE")  # "Natalia "
    assert [named[s.start : s.end] for s in trimmed([piece], named)] == ["Natalia"]


def test_a_key_typed_onto_a_names_last_word_is_no_part_of_the_name() -> None:
    """ "Médico: Begoña IzaNºCol: 28 28 52001": the tokenizer reads "IzaNºCol" as one word,
    and the CRF's name held the key (MEDDOCAN dev, two letters, every model tried)."""
    text = "Médico: Begoña IzaNºCol: 28 28 52001. Dr. Ana Nº 3; Sra. Núñez"
    at = text.index
    found = [
        crf(at("Begoña"), at(":", 10), "NOMBRE_PERSONAL_SANITARIO"),
        crf(at("Ana"), at(";"), "NOMBRE_PERSONAL_SANITARIO"),  # a blank before "Nº": no glue
        crf(at("Núñez"), len(text), "NOMBRE_SUJETO_ASISTENCIA"),
    ]
    assert [text[s.start : s.end] for s in trimmed(found, text)] == [
        "Begoña Iza",
        "Ana Nº 3",
        "Núñez",
    ]
