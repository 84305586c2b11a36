"""Review and sign-off: four eyes, single-person mode, send back, the audit trail."""

from __future__ import annotations

import pytest

from deid_studio.core.document import Document, Span
from deid_studio.services.annotating import add_span, open_for_annotation
from deid_studio.services.importing import import_documents
from deid_studio.services.reviewing import (
    FourEyesError,
    audit_of,
    disagreements,
    model_view,
    next_for_review,
    open_for_review,
    send_back,
    sign_off,
)
from deid_studio.services.settings import update_settings
from deid_studio.services.submitting import submit
from deid_studio.store.editing import StoredAnnotation, StoredSuggestion
from deid_studio.store.project import Project

TEXT = "Patient John Smith, 45, seen at St Mary on 03/04/2021."


def annotated(project: Project, by: str = "ann") -> int:
    [doc] = import_documents(
        project, [Document(TEXT, external_id="r1")], origin="t", actor="steward"
    ).document_ids
    open_for_annotation(project, doc, actor=by)
    add_span(project, doc, Span(8, 18, "PATIENT"), actor=by)
    submit(project, doc, actor=by)
    return doc


def test_a_second_person_signs_off(project: Project) -> None:
    doc = annotated(project)
    state = open_for_review(project, doc, actor="rev")
    assert state.can_sign_off and state.annotators == {"ann"}
    add_span(project, doc, Span(43, 53, "DATE"), actor="rev")  # a correction, as the reviewer
    assert sign_off(project, doc, actor="rev", comment="fine") == "signed_off"
    events = audit_of(project, doc)
    assert [e.action for e in events][-3:] == ["claim", "add_annotation", "sign_off"]
    assert events[-2].actor == "rev" and events[-1].after["single_person"] is False
    reopened = open_for_review(project, doc, actor="rev")
    assert reopened.document.info.status == "signed_off" and not reopened.can_sign_off
    assert [r.decision for r in reopened.reviews] == ["signed_off"]
    assert {a.author for a in reopened.document.gold} == {"ann", "rev"}


def test_four_eyes_refuses_the_annotator(project: Project) -> None:
    doc = annotated(project)
    state = open_for_review(project, doc, actor="ann")
    assert not state.can_sign_off and "four eyes" in (state.sign_off_refusal or "")
    with pytest.raises(FourEyesError, match="four eyes"):
        sign_off(project, doc, actor="ann")
    assert open_for_review(project, doc, actor="rev").document.info.status == "submitted"


def test_single_person_mode_is_allowed_and_audited(project: Project) -> None:
    update_settings(project, actor="steward", four_eyes=False)
    doc = annotated(project)
    assert open_for_review(project, doc, actor="ann").can_sign_off
    sign_off(project, doc, actor="ann")
    last = audit_of(project, doc)[-1]
    assert last.action == "sign_off" and last.after["single_person"] is True
    assert "single-person mode" in last.reason


def test_send_back_returns_it_to_the_queue(project: Project) -> None:
    doc = annotated(project)
    open_for_review(project, doc, actor="rev")
    assert send_back(project, doc, actor="rev", comment="missed the date") == "in_progress"
    state = open_for_annotation(project, doc, actor="ann")
    assert state.editable and state.info.status == "in_progress"
    assert audit_of(project, doc)[-2].reason == "missed the date"


def test_imported_gold_counts_its_importer_as_annotator(project: Project) -> None:
    [doc] = import_documents(
        project, [Document(TEXT, (Span(8, 18, "PATIENT"),), external_id="g")],
        origin="t", actor="steward", gold=True,
    ).document_ids  # fmt: skip
    barred = open_for_review(project, doc, actor="steward")
    assert barred.annotators == {"steward"} and not barred.can_sign_off
    assert barred.document.info.claimed_by is None  # left for another reviewer to take
    assert open_for_review(project, doc, actor="rev").can_sign_off


def test_next_for_review_skips_own_work_and_what_others_hold(project: Project) -> None:
    mine = annotated(project, by="ann")
    docs = [Document(TEXT + f" ({i})", external_id=f"o{i}") for i in range(2)]
    others = list(import_documents(project, docs, origin="t", actor="x").document_ids)
    for doc in others:
        open_for_annotation(project, doc, actor="bob")
        submit(project, doc, actor="bob")
    assert next_for_review(project, actor="ann") == others[0]  # not her own
    assert next_for_review(project, actor="ann") == others[0]  # still hers
    assert next_for_review(project, actor="cat") == mine
    assert next_for_review(project, actor="bob") is None  # his own, or held
    assert next_for_review(project, actor="dan") == others[1]


def test_model_view_needs_a_model(project: Project) -> None:
    doc = annotated(project)
    assert model_view(project, doc) is None


def test_disagreements() -> None:
    def g(s, e, c, origin="human"):
        return StoredAnnotation(1, 1, s, e, c, "ann", origin)

    def s(st, e, c):
        return StoredSuggestion(1, 1, st, e, c, 0.5, "crf", None)

    found = disagreements(
        [g(0, 4, "PATIENT"), g(10, 14, "DATE"), g(20, 24, "AGE", "accepted"), g(30, 34, "ID")],
        [s(0, 4, "PATIENT"), s(10, 12, "DATE"), s(40, 44, "LOCATION"), s(30, 34, "CONTACT")],
    )
    assert [(d.kind, d.start) for d in found] == [
        ("boundary", 10),
        ("category", 30),
        ("model_only", 40),
    ]
    assert [d.kind for d in disagreements([g(0, 4, "PATIENT")], [])] == ["gold_only"]
