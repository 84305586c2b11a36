"""Safe terms in the detector (issue 14): where the term rules read a term and where a name,
how the detector keeps suggestions out of terms, and that a term is never PHI — no
suggestion, no weight in the queue of model version 0."""

from __future__ import annotations

import pytest

from deid_studio.core import Suggestion, preset
from deid_studio.detect.detector import Detector, DetectorSettings, outside_terms
from deid_studio.detect.rules import RuleHit, find, rule_suggestions

TERMS = (
    "Developed Bell's palsy and Stevens-Johnson syndrome after the Johnson & Johnson vaccine; "
    "a Pfizer and a Moderna dose before; given Benadryl 25 mg and Pepcid; Hashimoto's "
    "thyroiditis and Parkinson's disease known."
)


def _words(text: str, hits: list[RuleHit], kind: str) -> list[str]:
    return [text[h.start : h.end] for h in hits if h.kind == kind]


@pytest.mark.parametrize(
    ("text", "terms", "names"),
    [
        ("Dr. Parkinson follows her Parkinson's disease.", ["Parkinson's disease"], ["Parkinson"]),
        ("Dr. Bell saw Bell's palsy.", ["Bell's palsy"], ["Bell"]),
        ("Mr Johnson got the Johnson & Johnson vaccine.", ["Johnson & Johnson"], ["Johnson"]),
        ("Dr. Hashimoto: Hashimoto's thyroiditis.", ["Hashimoto's thyroiditis"], ["Hashimoto"]),
        # a maker's name of several words wins over the person's name of the same words
        ("Mr Eli Smith reported to Eli Lilly.", ["Eli Lilly"], ["Eli Smith"]),
        ("Dr. Roche wrote to Hoffmann-La Roche.", ["Hoffmann-La Roche"], ["Roche"]),
        ("Sent by Bristol-Myers Squibb to Mary Myers.", ["Bristol-Myers Squibb"], ["Mary Myers"]),
    ],
)
def test_the_rules_read_the_name_and_the_term_apart(text, terms, names) -> None:
    hits = find(text, "en")
    assert _words(text, hits, "TERM") == terms
    found = [text[h.start : h.end] for h in hits if h.kind in ("PERSON", "STAFF")]
    assert found == names


def test_a_word_of_both_lists_is_a_term_only_in_its_context() -> None:
    """A contraceptive that is also a first name ("Camila"): a drug with its dose only,
    and then with the dose (which outranks the first-name rule)."""
    dosed = "Took Camila 0.35 mg daily."
    assert _words(dosed, find(dosed, "en"), "TERM") == ["Camila 0.35 mg"]
    assert _words(dosed, find(dosed, "en"), "PERSON") == []
    named = "Her sister Camila called."
    assert _words(named, find(named, "en"), "TERM") == []


def test_outside_terms_drops_what_lies_inside_a_term_and_trims_what_reaches_into_one() -> None:
    text = "Mr Bell has Bell's palsy; Pfizer Ltd called."
    palsy, pfizer = text.index("Bell's palsy"), text.index("Pfizer")
    terms = [
        RuleHit(palsy, palsy + 12, "TERM", "eponym_term"),
        RuleHit(pfizer, pfizer + 6, "TERM", "vaccine_name"),
    ]
    first = text.index("Bell")
    suggestions = [
        Suggestion(first, first + 4, "PATIENT", 0.9, "crf"),  # the patient: stays
        Suggestion(palsy, palsy + 4, "PATIENT", 0.6, "crf"),  # inside the palsy: dropped
        Suggestion(pfizer, pfizer + 10, "ORGANIZATION", 0.7, "crf"),  # "Pfizer Ltd": "Ltd"
    ]
    kept = outside_terms(suggestions, terms, text)
    assert [(text[s.start : s.end], s.category) for s in kept] == [
        ("Bell", "PATIENT"),
        ("Ltd", "ORGANIZATION"),
    ]
    assert outside_terms(suggestions, [], text) == suggestions


@pytest.mark.parametrize("scheme", ["pv", "i2b2-2014", "meddocan"])
def test_a_term_is_no_suggestion_in_any_scheme(scheme: str) -> None:
    hits = find(TERMS, "en")
    assert len(_words(TERMS, hits, "TERM")) >= 8
    assert rule_suggestions(TERMS, preset(scheme), "en", hits=hits) == []


def test_model_version_0_suggests_nothing_for_terms_and_ranks_them_as_no_phi() -> None:
    """The cold start (rules alone): the terms are found, none becomes a suggestion, and the
    queue's rule density of a narrative made of terms is that of one without PHI."""
    detector = Detector(None, preset("pv"), DetectorSettings())
    plain = "Developed a rash and a headache after the second dose; given fluids and rest."
    terms, nothing = detector.detect([(TERMS, "en"), (plain, "en")])
    assert terms.suggestions == [] and terms.rules == []
    assert {TERMS[t.start : t.end] for t in terms.terms} >= {
        "Bell's palsy", "Stevens-Johnson syndrome", "Johnson & Johnson", "Pfizer", "Benadryl",
    }  # fmt: skip
    assert terms.uncertainty is not None and nothing.uncertainty is not None
    assert terms.uncertainty.flagged == 0 and terms.uncertainty.score == 0.0
    assert nothing.uncertainty.score == 0.0


def test_a_partition_reads_each_narratives_terms_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch partition asks for a narrative's safe terms twice (its rules, then its
    masking): within ``remembered`` the second answer comes from memory and is the
    same; outside it nothing is remembered (a benchmark's second pass reads again)."""
    import deid_studio.detect.rules.terms as terms_module
    from deid_studio.detect.rules import remembered

    read: list[str] = []
    original = terms_module._find_terms
    monkeypatch.setattr(
        terms_module, "_find_terms", lambda text: read.append(text) or original(text)
    )
    text = "Received Pfizer-BioNTech dose 2; developed Bell's palsy after Tylenol 500 mg."
    first = terms_module.find_terms(text, "en")
    assert [text[h.start : h.end] for h in first] == ["Pfizer-BioNTech", "Bell's palsy", "Tylenol"]
    with remembered():
        assert terms_module.find_terms(text, "en") == first
        assert terms_module.find_terms(text, None) == first
        terms_module.find_terms(text, "en").clear()  # a caller's list is its own
        assert terms_module.find_terms(text, "en") == first
    terms_module.find_terms(text, "en")
    assert read == [text, text, text]


def test_a_makers_phrase_leaves_the_maker_to_the_manufacturer_rule() -> None:
    """A maker's phrase wins over a person's name of the same words, not over the
    manufacturer rule: MEDDOCAN's scheme marks the maker after a product as an institution."""
    text = "triamcinolona intravítrea (Trigon Depot®, Bristol-Myers Squibb) en el OD"
    hits = [(text[h.start : h.end], h.kind, h.rule) for h in find(text, "es")]
    assert ("Bristol-Myers Squibb", "INSTITUTION", "manufacturer") in hits
    assert "TERM" not in [kind for piece, kind, _ in hits if piece == "Bristol-Myers Squibb"]


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("Rocky Mountain spotted fever was ruled out.", "Rocky Mountain spotted fever"),
        ("West Nile virus IgM negative.", "West Nile virus"),
        ("Serology for Ross River virus was sent.", "Ross River virus"),
        ("Colorado tick fever was considered.", "Colorado tick fever"),
        ("Hendra virus exposure denied.", "Hendra virus"),
        ("Triaged by the Manchester triage system.", "Manchester triage system"),
        ("Differential: St. Louis encephalitis.", "St. Louis encephalitis"),
        ("Contains A/Victoria/2570/2019 (H1N1)pdm09-like virus.", "A/Victoria/2570/2019"),
        ("and B/Austria/1359417/2021-like virus", "B/Austria/1359417/2021"),
    ],
)
def test_a_disease_or_a_flu_strain_named_after_a_place_is_a_term(text: str, term: str) -> None:
    """The place (or the name) in a disease's, a scale's or an influenza strain's name is no
    one's town: a term the masking keeps, where the place and name rules took "Rocky
    Mountain" and "West Nile" for persons and "Victoria" for a town."""
    hits = find(text, "en")
    assert _words(text, hits, "TERM") == [term]
    assert [h for h in hits if h.kind in ("PERSON", "CITY", "COUNTRY")] == []


@pytest.mark.parametrize(
    ("text", "language", "term"),
    [
        ("Interacción entre ciclosporina e hierba de San Juan.", "es", "hierba de San Juan"),
        ("Interazione tra erba di San Giovanni e ciclosporina.", "it", "erba di San Giovanni"),
        ("Herpes zóster (fuego de San Antonio) en T5.", "es", "fuego de San Antonio"),
        ("Sospecha de virus del Nilo Occidental.", "es", "virus del Nilo Occidental"),
    ],
)
def test_an_herb_or_a_disease_named_after_a_saint_is_a_term(
    text: str, language: str, term: str
) -> None:
    """St John's wort in Spanish and Italian, shingles and chorea by their saints: no town."""
    hits = find(text, language)
    assert term in _words(text, hits, "TERM")
    assert [h for h in hits if h.kind in ("PERSON", "CITY")] == []


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("Hickman line placed for TPN.", "Hickman line"),
        ("CrCl by Cockcroft-Gault 45 mL/min.", "Cockcroft-Gault"),
        ("Austin Flint murmur heard.", "Austin Flint murmur"),
        ("Ann Arbor stage IIIB Hodgkin lymphoma.", "Ann Arbor stage"),
        ("Patient had Tommy John surgery.", "Tommy John surgery"),
    ],
)
def test_an_eponyms_device_formula_or_operation_is_a_term(text: str, term: str) -> None:
    """Each was a person's or a town's name in a masked report ("Tommy John", "Ann Arbor");
    the same names stay names after a title or a place's cue."""
    hits = find(text, "en")
    assert term in _words(text, hits, "TERM")
    assert [h for h in hits if h.kind in ("PERSON", "CITY")] == []
    assert find("QTc by Bazett 480 ms, by Fridericia 462 ms.", "en") == []
    assert "Hickman" in _words("Mr. Hickman called.", find("Mr. Hickman called.", "en"), "PERSON")
