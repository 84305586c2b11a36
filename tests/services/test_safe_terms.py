"""The safe-term guard's contexts both ways, through what a masked export runs (issue 14): the
rules alone find the names, :func:`safe_terms_of` the terms, :func:`mask_reports` masks —
the eponym, the drug, the vaccine and its maker come through; the physician, the patient and
whatever the gold marks do not."""

from __future__ import annotations

from deid_studio.core import Document, Span, Suggestion, preset
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.mask import MaskingPolicy, mask_reports
from deid_studio.services.safe_terms import safe_terms_of

SCHEME = preset("pv")
SECRET = b"terms test secret"


def _detected(*documents: Document) -> list[tuple[Document, list[Suggestion]]]:
    """Each document with what model version 0 (the rules alone) suggests for it."""
    detector = Detector(None, SCHEME, DetectorSettings())
    found = detector.detect([(d.text, d.language) for d in documents])
    return [(d, f.suggestions) for d, f in zip(documents, found, strict=True)]


def _masked(reports: list[tuple[Document, list[Suggestion]]]) -> list[str]:
    batch = mask_reports(reports, MaskingPolicy(), SECRET, SCHEME, terms=safe_terms_of)
    assert all(m.leaks == () for m in batch.masked)
    return [m.text for m in batch.masked]


def _doc(text: str, *gold: tuple[str, str], ext: str = "R1", case: str = "C1") -> Document:
    spans = [Span(text.index(w), text.index(w) + len(w), c) for w, c in gold]
    return Document(text, tuple(spans), external_id=ext, case_id=case, language="en", id=hash(ext))


def test_doctor_parkinson_is_masked_and_parkinsons_disease_is_kept() -> None:
    text = "Dr. Parkinson examined her; she has had Parkinson's disease since 2019."
    [masked] = _masked(_detected(_doc(text)))
    assert masked.startswith("Dr. [PROFESSIONAL] examined her")
    assert "Parkinson's disease" in masked
    assert masked.count("Parkinson") == 1


def test_stevens_johnson_jj_and_pfizer_are_kept_beside_a_patient_named_johnson() -> None:
    """The patient's name is masked wherever it stands; the syndrome, the Johnson & Johnson
    vaccine and the maker are not touched by that search."""
    text = (
        "Mrs. Johnson had Stevens-Johnson syndrome after the Johnson & Johnson vaccine; "
        "Johnson then got a Pfizer booster."
    )
    [masked] = _masked(_detected(_doc(text)))
    assert masked.startswith("Mrs. [PATIENT] had Stevens-Johnson syndrome")
    assert "the Johnson & Johnson vaccine" in masked and "a Pfizer booster" in masked
    assert "; [PATIENT] then" in masked  # the other mention of the patient


def test_bells_palsy_is_kept_while_the_annotated_patient_bell_is_masked() -> None:
    text = "Bell, 54, developed Bell's palsy after Benadryl 25 mg. Bell recovered."
    [masked] = _masked(_detected(_doc(text, ("Bell", "PATIENT"))))
    assert masked.startswith("[PATIENT], 54, developed Bell's palsy after Benadryl 25 mg.")
    assert masked.endswith("[PATIENT] recovered.")


def test_a_gold_annotation_on_a_dictionary_word_is_never_kept() -> None:
    """The patient works at Pfizer: the annotated mention and a suggested one are masked
    (the gold marks the string as PHI in this case); the vaccine's eponym still is not."""
    text = "Works at Pfizer as a chemist; a colleague at Pfizer saw Bell's palsy."
    document = _doc(text, ("Pfizer", "ORGANIZATION"))
    second = text.rindex("Pfizer")
    suggested = Suggestion(second, second + 6, "ORGANIZATION", 0.9, "crf")
    [masked] = _masked([(document, [suggested])])
    assert "Pfizer" not in masked and masked.count("[ORGANIZATION]") == 2
    assert "Bell's palsy" in masked


def test_a_string_annotated_as_phi_in_another_report_of_the_case_is_not_kept() -> None:
    """The follow-up's suggestion of "Pfizer" is a safe term on its own, but the initial
    report annotates it as the patient's employer: masked in both. In another case it is
    kept."""
    initial = _doc("Employer: Pfizer.", ("Pfizer", "ORGANIZATION"), ext="R1")
    follow = _doc("Her manager at Pfizer called.", ext="R1-FU")
    elsewhere = _doc("Her manager at Pfizer called.", ext="R9", case="C9")
    at = follow.text.index("Pfizer")
    suggestion = [Suggestion(at, at + 6, "ORGANIZATION", 0.9, "crf")]
    masked = _masked([(initial, []), (follow, suggestion), (elsewhere, suggestion)])
    assert masked[:2] == ["Employer: [ORGANIZATION].", "Her manager at [ORGANIZATION] called."]
    assert masked[2] == "Her manager at Pfizer called."
