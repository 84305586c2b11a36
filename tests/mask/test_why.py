"""What the tooltips say of a span (issue 14): kept and why, or masked and by what."""

from __future__ import annotations

from deid_studio.core import preset
from deid_studio.mask import MaskingPolicy
from deid_studio.mask.safe import KeptTerm, Term, fold_words
from deid_studio.mask.why import Why, masked_line

TEXT = "Ann Lee, 45, got Benadryl at Riverside; Bell's palsy. Riverside again."


def _why(**kwargs) -> Why:
    benadryl, palsy = TEXT.index("Benadryl"), TEXT.index("Bell's palsy")
    terms = (Term(benadryl, benadryl + 8, "drug_name"), Term(palsy, palsy + 12, "eponym_term"))
    keep = {fold_words("Riverside"): KeptTerm("Riverside", "steward", "our town")}
    return Why(TEXT, terms, keep, scheme=preset("pv"), **kwargs)


def _at(word: str, nth: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(nth + 1):
        start = TEXT.index(word, start + 1)
    return start, start + len(word)


def test_a_suggestion_is_kept_with_the_reason_the_masking_gives() -> None:
    why = _why()
    assert why.of_suggestion(*_at("Benadryl"), "PATIENT", 0.9, "CRF 90%") == (
        "kept: drug name (dictionary)"
    )
    assert why.of_suggestion(*_at("Bell"), "PATIENT", 0.9, "CRF 90%") == (
        "kept: eponym in its term"
    )
    assert why.of_suggestion(*_at("Riverside"), "LOCATION", 0.9, "CRF 90%") == (
        "kept: keep list, added by steward (our town)"
    )


def test_a_suggestion_is_masked_and_says_by_what_or_why_not() -> None:
    why = _why()
    assert why.of_suggestion(*_at("Ann Lee"), "PATIENT", 0.93, "CRF 93%") == "masked: CRF 93%"
    assert why.of_suggestion(*_at("Ann Lee"), "PATIENT", 0.3, "CRF 30%") == (
        "masked only beside a masked name or address: CRF 30% is under the masking policy's 50%"
    )
    assert why.of_suggestion(*_at("45"), "AGE", 1.0, "rule: age_apposition 100%") == (
        "kept: the masking policy keeps AGE (above 89 it is capped)"
    )


def test_gold_is_never_kept_unless_the_policy_keeps_its_category() -> None:
    assert _why().of_gold("PATIENT") == "masked: gold"
    keeping = _why(policy=MaskingPolicy(actions={"PATIENT": "keep"}))
    assert keeping.of_gold("PATIENT") == "kept: the masking policy keeps PATIENT"


def test_the_case_gold_overrules_the_keep_list_and_a_dictionary_word_not_a_term() -> None:
    why = _why(gold_strings=("Riverside", "Benadryl", "Bell"))
    assert why.of_suggestion(*_at("Riverside"), "LOCATION", 0.9, "CRF 90%") == "masked: CRF 90%"
    assert why.of_suggestion(*_at("Benadryl"), "PATIENT", 0.9, "CRF 90%") == "masked: CRF 90%"
    assert why.of_suggestion(*_at("Bell"), "PATIENT", 0.9, "CRF 90%") == (
        "kept: eponym in its term"
    )
    assert [(TEXT[k.start : k.end], k.reason) for k in why.stretches()] == [
        ("Bell's palsy", "kept: eponym in its term")
    ]


def test_the_kept_stretches_word_by_word() -> None:
    assert [(TEXT[k.start : k.end], k.reason) for k in _why().stretches()] == [
        ("Benadryl", "kept: drug name (dictionary)"),
        ("Riverside", "kept: keep list, added by steward (our town)"),
        ("Bell's palsy", "kept: eponym in its term"),
        ("Riverside", "kept: keep list, added by steward (our town)"),
    ]


def test_the_preview_line_of_a_replaced_stretch() -> None:
    assert (
        masked_line("PATIENT", "surrogate", ["CRF 93%"]) == "masked: PATIENT (surrogate) · CRF 93%"
    )
    assert masked_line("DATE", "shift", []) == "masked: DATE (date shifted)"
