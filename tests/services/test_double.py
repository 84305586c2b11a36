"""Blind double annotation, agreement and adjudication — on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError
from deid_studio.services.annotating import (
    EditRefused,
    add_span,
    change_span,
    load_document,
    open_for_annotation,
    revert,
)
from deid_studio.services.double import (
    adjudicate,
    adjudication_queue,
    agreement_report,
    assign_double,
    open_for_adjudication,
)
from deid_studio.services.importing import import_documents
from deid_studio.services.queue import next_document
from deid_studio.services.reviewing import sign_off
from deid_studio.services.submitting import submit
from deid_studio.store.project import Project

TEXT = "Patient John Smith, 45, seen at St Mary on 03/04/2021 by Dr Jones."
JOHN, AGE, MARY, DATE, JONES = (8, 18), (20, 22), (32, 39), (43, 53), (57, 66)


def seed(project: Project, count: int = 10) -> list[int]:
    documents = [Document(f"{TEXT} #{i}", external_id=f"r{i}") for i in range(count)]
    return list(import_documents(project, documents, origin="t", actor="s").document_ids)


def copy(project: Project, doc: int, actor: str, *spans: tuple[tuple[int, int], str]) -> None:
    state = open_for_annotation(project, doc, actor=actor)
    assert state.blind and state.editable and not state.suggestions
    for (start, end), category in spans:
        add_span(project, doc, Span(start, end, category), actor=actor)
    submit(project, doc, actor=actor)


def test_a_share_goes_to_two_annotators_each_in_turn(project: Project) -> None:
    seed(project)
    result = assign_double(project, ["bob", "ann", "cat"], actor="s", share=0.3, seed=1)
    assert len(result.pairs) == 3
    assert sorted(result.pairs.values()) == [("ann", "bob"), ("ann", "cat"), ("bob", "cat")]
    again = assign_double(project, ["ann", "bob"], actor="s", share=0.1, seed=1)
    assert not set(again.pairs) & set(result.pairs)  # never the same document twice
    with pytest.raises(DeidError, match="at least two annotators"):
        assign_double(project, ["ann"], actor="s", share=0.5)


def test_copies_are_blind_and_the_queue_offers_them_to_their_annotators_only(
    project: Project,
) -> None:
    docs = seed(project, 3)
    assign_double(project, ["ann", "bob"], actor="s", document_ids=[docs[2]])
    assert next_document(project, actor="ann") == docs[2]  # their assignment first
    assert next_document(project, actor="bob") == docs[2]  # both at once: no claim
    assert next_document(project, actor="cat") == docs[0]  # never to a third person
    add_span(project, docs[2], Span(*JOHN, "PATIENT"), actor="ann")
    bob = open_for_annotation(project, docs[2], actor="bob")
    assert bob.gold == () and bob.editable  # bob does not see ann's span
    cat = open_for_annotation(project, docs[2], actor="cat")
    assert "blind double annotation by ann and bob" in cat.read_only_reason
    with pytest.raises(EditRefused, match="blind double annotation"):
        add_span(project, docs[2], Span(*AGE, "AGE"), actor="cat")
    assert load_document(project, docs[2]).gold == ()  # the gold stays empty until adjudicated


def test_edits_of_a_copy_undo_and_submit(project: Project) -> None:
    [doc] = seed(project, 1)
    assign_double(project, ["ann", "bob"], actor="s", document_ids=[doc])
    first = add_span(project, doc, Span(*JOHN, "PATIENT"), actor="ann")
    changed = change_span(
        project, first.added[0].id, Span(*JOHN, "RELATIVE"), actor="ann", document_id=doc
    )
    revert(project, changed, actor="ann")
    assert [a.category for a in open_for_annotation(project, doc, actor="ann").gold] == ["PATIENT"]
    submit(project, doc, actor="ann")
    state = open_for_annotation(project, doc, actor="ann")
    assert "submitted; it waits for adjudication" in state.read_only_reason
    assert adjudication_queue(project) == []  # bob is not done


def test_agreement_and_adjudication_make_the_gold(project: Project) -> None:
    docs = seed(project, 2)
    assign_double(project, ["ann", "bob"], actor="s", document_ids=docs)
    for doc in docs:
        copy(project, doc, "ann", (JOHN, "PATIENT"), (AGE, "AGE"), (DATE, "DATE"))
        copy(project, doc, "bob", (JOHN, "PATIENT"), ((43, 48), "DATE"), (JONES, "PROFESSIONAL"))
    report = agreement_report(project)
    assert report.documents == 2
    rows = {r.category: r for r in report.per_category}
    assert rows["PATIENT"].f1_strict == 1.0 and rows["PATIENT"].kappa == 1.0
    assert rows["DATE"].f1_strict == 0.0 and rows["DATE"].f1_overlap == 1.0
    assert rows["AGE"].f1_strict == 0.0 and rows["AGE"].spans_second == 0
    assert 0 < report.overall.kappa < 1 and 0 < report.overall.alpha < 1
    assert report.overall.f1_strict == pytest.approx(1 / 3)

    assert [d for d, _, _ in adjudication_queue(project)] == docs
    with pytest.raises(EditRefused, match="another reviewer adjudicates"):
        open_for_adjudication(project, docs[0], actor="ann")
    view = open_for_adjudication(project, docs[0], actor="rev")
    assert view.annotators == ("ann", "bob")
    assert [(u.start, u.end, u.agreed) for u in view.units] == [
        (*JOHN, True),
        (*AGE, False),
        (*DATE, False),
        (*JONES, False),
    ]
    gold = [Span(*JOHN, "PATIENT"), Span(*AGE, "AGE"), Span(*DATE, "DATE")]
    assert adjudicate(project, docs[0], gold, actor="rev") == 3
    state = load_document(project, docs[0])
    assert state.info.status == "submitted"
    assert [(a.start, a.end, a.category) for a in state.gold] == [
        (s.start, s.end, s.category) for s in gold
    ]
    with project.reading() as tx:
        [event] = [e for e in tx.audit_trail(docs[0]) if e.action == "adjudicate"]
    assert event.actor == "rev" and event.before["bob"][1] == [43, 48, "DATE"]
    assert len(event.before["ann"]) == 3 and len(event.after["gold"]) == 3
    assert [d for d, _, _ in adjudication_queue(project)] == [docs[1]]
    with pytest.raises(EditRefused, match="four eyes"):  # the adjudicator made the gold
        sign_off(project, docs[0], actor="rev")
    assert sign_off(project, docs[0], actor="dan") == "signed_off"
    assert agreement_report(project).documents == 2  # the copies stay
