"""The queue's terms beyond the model's doubt: novelty, contradicted names, the reasons."""

from __future__ import annotations

from deid_studio.core.document import Suggestion
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.dictionaries import is_drug_or_vaccine
from deid_studio.detect.medical import medical_terms, shipped_terms
from deid_studio.detect.novelty import (
    contradictions,
    novelty,
    queue_score,
    uncertain_name_count,
)

NAME_LIKE = {"PATIENT", "PROFESSIONAL", "RELATIVE", "LOCATION", "ORGANIZATION"}.__contains__
PERSON = {"PATIENT", "PROFESSIONAL", "RELATIVE"}.__contains__


def at(text: str, words: str, category: str, confidence: float = 0.99) -> Suggestion:
    start = text.index(words)
    return Suggestion(start, start + len(words), category, confidence, "crf")


def test_the_shipped_list_and_the_seam_for_dictionaries() -> None:
    assert {"pepcid", "palsy", "moderna", "regulatory"} <= shipped_terms()
    known = medical_terms(["committees"], also=[{"zyxolol"}.__contains__])
    assert known("Pepcid") and known("Bell's") is False and known("Bells")
    assert known("Committees") and known("ZYXOLOL")  # a project's word, a dictionary's
    assert not known("Adelia") and not known("Madrid")


def test_the_drug_and_vaccine_dictionaries_plug_into_the_seam() -> None:
    known = medical_terms(also=[is_drug_or_vaccine])
    assert "fioricet" not in shipped_terms() and known("Fioricet")  # a drug of the dictionary
    assert known("Comirnaty") and known("JANSSEN")
    # an eponym is a surname too, and a drug that is a first name is no contradiction alone
    assert not known("Johnson") and not known("Camila") and not known("Madrid")


def test_novelty_is_the_share_of_words_the_gold_never_had() -> None:
    tokens = tokenize("The patient had a fever; Pepcid given at 10:00 by EMS.")
    assert novelty(tokens, {"the", "patient", "had", "fever", "given"}) == 2 / 7
    assert novelty(tokens, set()) == 0.0  # without gold nothing is new


def test_contradictions_are_medical_or_common_words_and_digits_in_names() -> None:
    text = (
        "Took Pepcid; Bells Palsy noted; lot EH9899 given by Dr Ana Ruiz in Ohio at the "
        "Trent Vaccination Centre, 317 David Groves; Ethics Committees informed."
    )
    found = [
        at(text, "Pepcid", "LOCATION"),
        at(text, "Bells Palsy", "ORGANIZATION"),
        at(text, "EH9899", "PATIENT"),
        at(text, "Ana Ruiz", "PROFESSIONAL"),
        at(text, "Ohio", "LOCATION"),
        at(text, "Trent Vaccination Centre", "ORGANIZATION"),  # a real one, with a medical word
        at(text, "317 David Groves", "LOCATION"),  # an address has digits
        at(text, "Ethics Committees", "PATIENT"),
        Suggestion(0, 4, "DATE", 0.9, "rule"),  # not name-like: never a contradiction
    ]
    contradicted = contradictions(text, found, NAME_LIKE, medical_terms(), PERSON)
    assert [(text[c.start : c.end], c.word) for c in contradicted] == [
        ("Pepcid", "Pepcid"), ("Bells Palsy", "Bells"), ("EH9899", "EH9899"),
        ("Ethics Committees", "Ethics"),
    ]  # fmt: skip


def test_the_score_rises_with_novelty_and_contradictions_and_says_why() -> None:
    text = "Pepcid"
    confident = queue_score(0.2, {}, novel=0.0)
    novel = queue_score(0.2, {}, novel=0.6)
    pepcid = contradictions(text, [at(text, "Pepcid", "LOCATION")], NAME_LIKE, medical_terms())
    contradicted = queue_score(0.2, {}, novel=0.6, text=text, contradicted=pepcid)
    assert confident.score < novel.score < contradicted.score < 1.0
    assert confident.reasons == ()
    assert novel.reasons == ("new vocabulary 60%",)
    assert contradicted.reasons[0] == "contradicted: “Pepcid” as LOCATION"
    details = contradicted.details()
    assert details["model_score"] == 0.2 and details["contradictions"][0]["word"] == "Pepcid"
    names = [at("Ana Ruiz", "Ana Ruiz", "PATIENT", 0.6), at("Ana Ruiz", "Ruiz", "PATIENT", 0.9)]
    assert uncertain_name_count(names, NAME_LIKE) == 1
    assert "uncertain names (1)" in queue_score(0.1, {}, uncertain_names=1).reasons
