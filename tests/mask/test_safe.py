"""Safe terms and the keep list in the masking: what is spared, what never is (issue 14)."""

from __future__ import annotations

from maskhelp import Case, marked

from deid_studio.core import Suggestion
from deid_studio.mask import MaskingPolicy, find_leaks
from deid_studio.mask.safe import KeptTerm, Term, fold_words, protected_spans, spare


def _at(text: str, piece: str, category: str, confidence: float = 0.9) -> Suggestion:
    start = text.index(piece)
    return Suggestion(start, start + len(piece), category, confidence, "crf")


TEXT = "Mr Bell got the Pfizer vaccine and developed Bell's palsy; Pepcid helped."


def _terms(text: str) -> list[Term]:
    found = []
    for piece, rule in (("Pfizer", "vaccine_name"), ("Bell's palsy", "eponym_term"),
                        ("Pepcid", "drug_name")):  # fmt: skip
        if piece in text:
            start = text.index(piece)
            found.append(Term(start, start + len(piece), rule))
    return found


def test_a_suggestion_inside_a_safe_term_is_spared_and_says_why() -> None:
    suggestions = [_at(TEXT, "Pfizer", "ORGANIZATION"), _at(TEXT, "Pepcid", "LOCATION"),
                   _at(TEXT, "Bell", "PATIENT")]  # fmt: skip
    masked, spared = spare(TEXT, suggestions, terms=_terms(TEXT))
    assert [TEXT[s.start : s.end] for s in masked] == ["Bell"]  # Mr Bell: no term there
    assert sorted(s.reason for s in spared) == [
        "kept: drug name (dictionary)",
        "kept: vaccine or maker (dictionary)",
    ]


def test_a_dictionary_word_the_case_annotates_as_phi_is_not_spared() -> None:
    """A patient who works at Pfizer: the case's gold marks it, so no suggestion of it is
    spared; a term read from its context ("Bell's palsy") is spared all the same."""
    suggestions = [_at(TEXT, "Pfizer", "ORGANIZATION"), _at(TEXT, "Bell's", "PATIENT")]
    masked, spared = spare(TEXT, suggestions, terms=_terms(TEXT), gold_strings=["Pfizer", "Bell"])
    assert [TEXT[s.start : s.end] for s in masked] == ["Pfizer"]
    assert [s.reason for s in spared] == ["kept: eponym in its term"]


def test_the_keep_list_spares_suggestions_made_only_of_kept_words() -> None:
    text = "Vaccinated at Riverside Pharmacy by Ana Ruiz; Riverside again."
    keep = {fold_words("Riverside"): KeptTerm("Riverside", "steward", "our clinic's town")}
    suggestions = [_at(text, "Riverside Pharmacy", "ORGANIZATION"),
                   _at(text, "Ana Ruiz", "PROFESSIONAL")]  # fmt: skip
    second = text.rindex("Riverside")
    suggestions.append(Suggestion(second, second + 9, "LOCATION", 0.8, "crf"))
    masked, spared = spare(text, suggestions, keep=keep)
    assert [text[s.start : s.end] for s in masked] == ["Riverside Pharmacy", "Ana Ruiz"]
    assert spared[0].reason == "kept: keep list, added by steward (our clinic's town)"
    # a kept word the case annotates as PHI is masked all the same
    masked, spared = spare(text, suggestions, keep=keep, gold_strings=["Riverside"])
    assert len(masked) == 3 and not spared


def test_a_patient_called_bell_is_masked_and_his_palsy_is_kept() -> None:
    """The issue's test: the annotated name goes wherever it stands, the eponym stays, and
    no leak is reported for the "Bell" of "Bell's palsy"."""
    document = marked(
        "[Mr Bell|PATIENT] got the Pfizer vaccine and developed Bell's palsy. Bell was seen again."
    )
    terms = _terms(document.text)
    policy = MaskingPolicy()
    case = Case([document], policy)
    masked = case.mask(document, protected=protected_spans(terms))
    assert "Bell's palsy" in masked.text and "Mr Bell" not in masked.text
    assert "Bell was" not in masked.text  # the other mention of the patient: masked too
    assert masked.leaks == ()


def test_the_leak_check_refuses_an_annotated_string_outside_a_protected_term() -> None:
    text = "[PATIENT] has Bell's palsy; Bell called."
    palsy = text.index("Bell's palsy")
    protected = [(palsy, palsy + len("Bell's palsy"))]
    leaks = find_leaks(text, {"Bell": "PATIENT"}, [], protected=protected)
    assert [text[k.offset : k.offset + k.length] for k in leaks] == ["Bell"]
    assert leaks[0].offset == text.index("Bell called")
