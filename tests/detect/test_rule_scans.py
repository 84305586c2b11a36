"""The rules' shortcuts find what a scan of the whole narrative finds.

For speed, several rule families try a pattern only where its match can start (digit runs,
cue words) instead of scanning the whole narrative; these properties pin each shortcut to
the scan it replaces, on texts built from the pieces those patterns are made of.
"""

from __future__ import annotations

import re
import unicodedata

import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

from deid_studio.detect import gazetteers, geography
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules import checksums, matching, terms, unknown, words
from deid_studio.detect.rules.anchors import (
    _AGE_UNIT_AFTER,
    _NUMBER_BEFORE,
    _PHONE_REACH,
    _SEVEN_DIGITS,
    Anchors,
    _needles,
)
from deid_studio.detect.rules.base import matches_at, trie
from deid_studio.detect.rules.checksums import find_checked
from deid_studio.detect.rules.matching import RULES
from deid_studio.detect.rules.names import finder as name_finder
from deid_studio.detect.rules.names import pairs as name_pairs
from deid_studio.detect.rules.names import relatives as name_relatives
from deid_studio.detect.rules.places import common as place_common
from deid_studio.detect.rules.places import gazetteer as place_gazetteer
from deid_studio.detect.rules.places import institutions, organisations, postcodes, streets


def _texts(pieces: list[str], max_size: int, sep: str = "") -> st.SearchStrategy[str]:
    """Texts made of up to ``max_size`` of ``pieces`` joined by ``sep``: the fragments a
    rule's shortcut must see as its scan does."""
    return st.lists(st.sampled_from(pieces), max_size=max_size).map(sep.join)


_NUMBERS = _texts(
    ["4111 1111 1111 1111", "4454794511390933", "GB82WEST12345698765432", "DE89 3704 0044",
     "180016070420458", "2623322164608847", "501864667909", "gb42nawi04454264788619",
     "2021", "12/2025",
     "12345678Z", "X1234567L", "536-90-4399", "123", "-", " ", "\t", "AB", "D-", "12345",
     "2021", "7", "x", "Elm Street", "Main St", "Berlin", "MD", ", ", "0", "99", "\n",
     "B", "N. ", "Dr.", "É"],
    max_size=14,
)  # fmt: skip


def _scan_checked(text: str) -> list[tuple[int, int, str]]:
    """The checksum finder as one scan per pattern (what it was before its shortcuts)."""
    hits: list[tuple[int, int, str]] = []
    end = 0  # past a card only: a number failing its checks may hold a card's start
    for m in checksums._CARD.finditer(text, overlapped=True):
        number = checksums._digits(m.group())
        if m.start() >= end and checksums._issued(number) and checksums.luhn.is_valid(number):
            hits.append((*m.span(), "card_number"))
            end = m.end()
    hits += [
        (*m.span(), "iban")
        for m in checksums._IBAN.finditer(text)
        if checksums.iban.is_valid(m.group())
    ]
    hits += [
        (*m.span(), "national_id")
        for m in checksums._DNI.finditer(text)
        if checksums.dni.is_valid(m.group()) or checksums.nie.is_valid(m.group())
    ]
    hits += [
        (*m.span(), "national_id")
        for m in checksums._SSN.finditer(text)
        if checksums.ssn.is_valid(m.group())
    ]
    for _, pattern, valid in checksums._SHAPES:  # a French NIR, a Swiss AHV number, ...
        hits += [(*m.span(), "national_id") for m in pattern.finditer(text) if valid(m.group())]
    return hits


@settings(max_examples=300, deadline=None)
@given(_NUMBERS)
def test_checked_numbers_tried_at_digit_runs_are_what_a_scan_finds(text: str) -> None:
    assert [(h.start, h.end, h.rule) for h in find_checked(text, None)] == _scan_checked(text)


@settings(max_examples=300, deadline=None)
@given(_NUMBERS)
def test_postcodes_states_and_us_streets_tried_at_digit_runs_are_what_a_scan_finds(
    text: str,
) -> None:
    at_runs = [
        m.span()
        for m in matches_at(postcodes._CODE_BEFORE_WORD, text, postcodes._code_starts(text))
    ]
    assert at_runs == [m.span() for m in postcodes._CODE_BEFORE_WORD.finditer(text)]
    assert postcodes._state_before_zip(text) == (
        postcodes._CODE_AFTER_STATE.search(text) is not None
    )
    numbers = streets._house_numbers(text)
    at_numbers = [m.span() for m in matches_at(streets._STREET_US, text, numbers)]
    assert at_numbers == [m.span() for m in streets._STREET_US.finditer(text)]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab -", max_size=30))
def test_matches_at_every_position_is_a_scan(text: str) -> None:
    pattern = re.compile(r"a[ab]*|b -")
    everywhere = range(len(text) + 1)
    assert [m.span() for m in matches_at(pattern, text, everywhere)] == [
        m.span() for m in pattern.finditer(text)
    ]


def test_the_cue_word_index_finds_each_cue_word_as_a_word() -> None:
    text = "Lives in Madrid; went to the hospital, INhospital, hospitals. Hospital!"
    index = words.word_index(text, "en")
    # neither "INhospital" nor "hospitals"
    assert index["hospital"] == [text.index("hospital"), text.rindex("Hospital")]
    assert index["lives"] == [0]
    expected = {}
    for match in re.finditer(r"\w+", text.lower()):
        if match.group() in words.triggers("en"):
            expected.setdefault(match.group(), []).append(match.start())
    assert index == expected


def test_a_trie_matches_each_word_and_prefers_the_longest() -> None:
    pattern = re.compile(rf"\b{trie(['in', 'inside', 'into', 'at'])}\b")
    assert pattern.findall("go inside, into it at in") == ["inside", "into", "at", "in"]


def test_phrases_start_only_where_their_first_two_words_are_a_phrase() -> None:
    hits = terms.find_terms("single chain antibodies and single dose of Pfizer", "en")
    spans = [
        ("single chain antibodies and single dose of Pfizer"[h.start : h.end], h.rule) for h in hits
    ]
    assert spans == [("single chain antibodies", "vaccine_name"), ("Pfizer", "vaccine_name")]


_INSTITUTIONS = _texts(
    ["Mercy", " ", "Hospital", "hospital", "of", "St.", "x", "Dr.", "Medical Center", "2",
     "\t", "'s", "the", "University", "Texas", "and", "Surgery", "surgery", "(", ")", "Vater",
     "mother", "Adolf", "Anna", "ñ", "é", "Ü", "-"],
    max_size=12,
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(_INSTITUTIONS)
def test_the_gates_before_a_scan_never_skip_a_narrative_it_would_match(text: str) -> None:
    starts = institutions._suffixed_starts(text, words.word_index(text, "en"))
    tried = [m.span() for m in matches_at(institutions._INSTITUTION_SUFFIXED, text, starts)]
    assert tried == [m.span() for m in institutions._INSTITUTION_SUFFIXED.finditer(text)]
    if not name_relatives._bracketed_relative(text):
        assert name_relatives._RELATIVE_IN_BRACKETS.search(text) is None


_STREETS = _texts(
    ["Haupt", "straße", "Wald", "weg", "Löbder", "graben", "Monito", "ring", " ", "\t", ",",
     "12", "3a", "nº", "Nr.", "#", "s/n", "\n", "07743", "Jena", "during", "Innen", "hof",
     "İ", "ß", "x", "-", "No.", "no", "nº.", "n", "r", ".", "gaten", "vegen", "Weg"],
    max_size=10,
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(_STREETS)
def test_the_street_endings_gate_never_skips_a_narrative_the_pattern_matches(text: str) -> None:
    if streets._STREET_SUFFIXED.search(text):
        assert streets._may_hold_suffixed_street(text, text.lower())


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab A.\tºé", max_size=20))
def test_middle_initials_are_one_lower_case_letter_between_blanks(text: str) -> None:
    found = [
        m.start()
        for m in name_pairs._MIDDLE_INITIAL.finditer(text)
        if unicodedata.category(m.group(1)) == "Ll"
    ]
    assert found == [m.start() for m in regex.finditer(r"[ \t]\p{Ll}(?=\.?[ \t])", text)]


_LATIN1 = _texts(
    ["Smith", "McDonald", "MacLeod", "O'Brien", "D'Angelo", "Mary-Jane", "mc", " ", ".", "-",
     "'s", "'", "@", "/", "x", "a", "Q", "3", "Pfizer-BioNTech", "don't", "Madrid", "\n",
     "e.g.", "St.", "SMITH", "Van", "de", "X-ray", "-ish", "Ab", "Müller", "José", "Núñez",
     "ÁLVAREZ", "Ñ", "ñ", "Mc", "Ö", "ß", "ª", "º", "µg", "ÿ", "\u00d7", "÷", "Þór", "é", "·",
     "«", "»", "²", "¿", "¡", "Mª", "Dª", "O'Ñ", "Mcé"],
    max_size=12,
)  # fmt: skip
_TWINS = {
    "terms": terms._WORD,
    "names": name_finder._CAPITALISED,
    "unknown": unknown._CANDIDATE,
    "places": place_common._CAPITALISED_WORD,
}


@settings(max_examples=600, deadline=None)
@given(_LATIN1)
def test_each_latin1_twin_finds_what_its_pattern_finds_in_latin1_text(text: str) -> None:
    for twin in _TWINS.values():
        assert twin.of(text) is twin.latin1
        found = [m.span() for m in twin.latin1.finditer(text)]
        assert found == [m.span() for m in twin.pattern.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0xFF), max_size=16))
def test_each_latin1_twin_agrees_with_its_pattern_on_any_latin1_characters(text: str) -> None:
    for twin in _TWINS.values():
        found = [m.span() for m in twin.latin1.finditer(text)]
        assert found == [m.span() for m in twin.pattern.finditer(text)]


def test_text_beyond_latin1_is_scanned_with_the_unicode_pattern() -> None:
    text = "Dr. Müller saw José Núñez \u2014 O\u2019Brien"  # "Dr" a word too: the dot is no letter
    for twin in _TWINS.values():
        assert twin.of(text) is twin.pattern
    assert [m.group() for m in name_finder._CAPITALISED.of(text).finditer(text)] == [
        "Dr",
        "Müller",
        "José",
        "Núñez",
        "O\u2019Brien",
    ]
    latin = "Dr. Müller saw José Núñez"
    assert [m.group() for m in name_finder._CAPITALISED.of(latin).finditer(latin)] == [
        "Dr",
        "Müller",
        "José",
        "Núñez",
    ]


@settings(max_examples=500, deadline=None)
@given(
    _LATIN1,
    st.sampled_from(["smith", "mary", "de", "x", "a", "muller", "jose", "nunez", "ß", "ish", "s",
                     "mc", "e", "μg", "y", "thor", "alvarez", "ab"]),
)  # fmt: skip
def test_lower_case_words_are_what_a_scan_of_the_words_finds(text: str, word: str) -> None:
    scanned = {fold(w) for w in words._LOWERCASE_WORD.findall(text)}
    assert (word in words.lowercase_words(text)) == (word in scanned)
    beyond = text + " \u2014"  # a dash beyond Latin-1: no word, and the set of the words
    assert (word in words.lowercase_words(beyond)) == (word in scanned)


_NUMBER_PHRASES = _texts(
    ["treinta y dos", "veintiún", "eleven", "forty-two", "quatre-vingt-dix", "vingt-et-une",
     "einundfünfzig", "DREISSIG", "dix-sept", "tres", "el", "día", "años", "years", "months",
     "mois", "Jahre", " ", "-", "  -", "\t", "\n", "3", "a", "siete", "ans", "de", "año"],
    max_size=10,
    sep=" ",
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(_NUMBER_PHRASES)
def test_number_words_before_a_unit_are_what_the_pattern_alone_finds(text: str) -> None:
    anchors = Anchors(text, None)
    expected = [
        match.start()
        for at in anchors.substrings(_needles(None)[1])
        if at >= 2 and text[at - 1] in " -\t" and text[at - 2].isalpha()
        for match in [_NUMBER_BEFORE.search(text, max(0, at - 32), at)]
        if match
    ]
    assert anchors("number_word") == expected


_ORGANISATIONS = _texts(
    ["Acme", " ", "Corp.", "corp", "S.A.", "s.l.", "S.p.A.", "SA46", "Inc", "& Sons", "and",
     "of", "70", "kg", "Kg", "vitamina", "B", "b.v.", "N.V.", "Cinfa", "\t", ".", ",", "-",
     "GmbH", "Co.", "Ltd", "x", "Ñ", "3"],
    max_size=10,
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(_ORGANISATIONS)
@example("Acme and & Sons")  # the legal form starts at its "&", before the word indexed
def test_organisations_are_looked_for_wherever_one_may_stand(text: str) -> None:
    index = words.word_index(text, None)
    if not organisations._may_name_organisation(text, index):
        assert organisations._ORGANISATION.search(text) is None


_LED = words.cues(["de nombre", "se llama", "mi nombre es", "po box", "a year at", "Paciente"])
_LED_TAILED = words.cues(["po box", "de nombre es"], tail=r"[ \t]*\d{1,4}")
_LED_WORD_END = words.cues(["po box", "de nombre"], tail=r"[ \t]+\d{1,4}", word_end=True)
_CUE_TEXTS = _texts(
    ["de", "De", "DE", "nombre", "NOMBRE", "se", "llama", "mi", "es", "po", "PO", "box",
     "Box", "a", "year", "at", "paciente", " ", "  ", "\t", "\n", "\u00a0", ":", ".", "123",
     "x", "Ana", "denombre", "-", "box123"],
    max_size=12,
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(_CUE_TEXTS)
def test_a_phrase_led_by_its_second_word_is_found_wherever_its_first_word_starts_it(
    text: str,
) -> None:
    assert _LED.led["po"] == {"box"} and "paciente" not in _LED.led
    assert _LED_TAILED.led == {"de": frozenset({"nombre"})}  # "po box123": no word "box"
    assert _LED_WORD_END.led == {"po": {"box"}, "de": {"nombre"}}  # the tail starts blank
    for family in (_LED, _LED_TAILED, _LED_WORD_END):
        lower = text.lower()  # what word_index reads: each cue word where it is a word
        index = {
            w: found
            for w in family.triggers
            if (found := [m.start() for m in re.finditer(rf"\b{re.escape(w)}\b", lower)])
        }
        tried = sorted(p for w in family.firsts.intersection(index) for p in index[w])
        expected = [m.span() for p in tried if (m := family.pattern.match(text, p))]
        assert [m.span() for m in family.finditer(text, index)] == expected


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0xFF), max_size=12))
def test_a_latin1_word_folds_as_its_decomposition_does(word: str) -> None:
    assert gazetteers.fold_word(word) == gazetteers._fold_any(word)
    assert gazetteers.fold_word(word + "\u0301") == gazetteers._fold_any(word + "\u0301")


@settings(max_examples=300, deadline=None)
@given(_LATIN1, st.sampled_from(["es", "en", "de", None]))
def test_place_starts_are_the_capitalised_words_a_place_may_start_with(
    text: str, language: str | None
) -> None:
    known = geography.places(language)
    scan = place_common._CAPITALISED_WORD.of(text)
    expected = [m.span() for m in scan.finditer(text) if fold(m.group()) in known.longest]
    assert [m.span() for m in place_gazetteer._place_starts(text, language, known)] == expected


def _ipv6_starts(text: str) -> list[int]:
    """Every position the IPv6 rule matches at, tried at each position of the text."""
    (rule,) = [r for r in RULES if r.name == "ipv6"]
    return [at for at in range(len(text)) if rule.compiled.match(text, at)]


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet="0aF9g: x", max_size=24))
def test_the_ipv6_anchor_misses_no_address_and_takes_no_key_colon(text: str) -> None:
    anchors = Anchors(text)("hex_colon")
    assert set(_ipv6_starts(text)) <= set(anchors)
    for at in anchors:  # one to four hex digits, alone, then a colon a group or a colon follows
        colon = text.index(":", at)
        assert 1 <= colon - at <= 4 and text[colon + 1] in "0123456789abcdefABCDEF:"
        assert at == 0 or text[at - 1] not in "0123456789abcdefABCDEF:"


def test_the_ipv6_anchor_finds_both_written_forms() -> None:
    text = "ip 2001:0db8:85a3:0000:0000:8a2e:0370:7334 and fe80::1ff:fe23:4567:890a. Fecha: 1"
    assert _ipv6_starts(text) == [3, 47]
    assert Anchors(text)("hex_colon") == [3, 47]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 60), unique=True).map(sorted),
    st.lists(st.tuples(st.integers(0, 60), st.integers(1, 12))),
)
def test_guards_are_tried_at_the_anchors_inside_a_candidates_reach(
    positions: list[int], stretches: list[tuple[int, int]]
) -> None:
    near = matching._union((start, start + length) for start, length in stretches)
    inside = [p for p in positions if any(start <= p < end for start, end in near)]
    assert matching._within(positions, near) == inside


_NUMBERS_AND_UNITS = _texts(
    ["12", "3", "0221", "/", "4710000", "555", "-", "1234", " ", "(", ")", ".", "y.o.", "y/o",
     "a.o.", "years", "YRS", "años", "Jahre", "jährige", "mg", "to", "or", "a", "o", ",5",
     "\u2013", "\t", "\u00a0", "\u017f", "\u212a", "x", ":", "%", "h", "Std", "ans", "Tage",
     "vecka", "månad"],
    max_size=10,
)  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(_NUMBERS_AND_UNITS)
def test_the_age_and_phone_anchors_skip_only_numbers_their_pattern_rejects(text: str) -> None:
    runs = [m.span() for m in regex.finditer(r"\d+", text)]
    ages = [s for s, e in runs if e - s <= 3 and _AGE_UNIT_AFTER.match(text, e, e + 40)]
    assert Anchors(text)("age") == sorted(set(ages) | set(Anchors(text)("number_word")))
    phones = []
    for start, end in runs:
        if _SEVEN_DIGITS.match(text, start, start + _PHONE_REACH) or (
            3 <= end - start <= 5 and text[start] == "0" and text[end : end + 1] == "/"
        ):
            phones += [start - 1, start] if start and text[start - 1] in "(+" else [start]
    assert Anchors(text)("phone") == sorted(phones)
