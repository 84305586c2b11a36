"""Annotating: every edit in its own transaction with an audit event, and revertible."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, insert

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError
from deid_studio.services.annotating import (
    EditRefused,
    TokenIndex,
    accept_all,
    accept_suggestion,
    add_span,
    change_span,
    delete_span,
    load_document,
    open_for_annotation,
    reject_suggestion,
    revert,
)
from deid_studio.services.importing import import_documents
from deid_studio.services.submitting import submit
from deid_studio.store import models as m
from deid_studio.store.project import Project, Transaction

TEXT = "Patient John Smith, 45, seen at St Mary on 03/04/2021 by Dr Jones."


def seed(project: Project) -> int:
    result = import_documents(project, [Document(TEXT, external_id="r1")], origin="t", actor="x")
    return result.document_ids[0]


def suggest(project: Project, doc: int, *rows: tuple[int, int, str, float]) -> None:
    with project.engine.begin() as c:
        c.execute(
            insert(m.SuggestionRow),
            [
                {
                    "document_id": doc,
                    "start": s,
                    "end": e,
                    "category": cat,
                    "confidence": p,
                    "source": "crf",
                }
                for s, e, cat, p in rows
            ],
        )


def actions(project: Project, doc: int) -> list[str]:
    with project.reading() as tx:
        return [e.action for e in tx.document_audit(doc)]


def gold(project: Project, doc: int) -> list[tuple[int, int, str, str]]:
    state = load_document(project, doc)
    return [(a.start, a.end, a.category, a.origin) for a in state.gold]


def test_open_claims_and_starts(project: Project) -> None:
    doc = seed(project)
    state = open_for_annotation(project, doc, actor="ann")
    assert state.editable and state.info.status == "in_progress"
    assert state.info.claimed_by == "ann"
    other = open_for_annotation(project, doc, actor="bob")
    assert not other.editable and "held by ann" in (other.read_only_reason or "")
    with pytest.raises(EditRefused):
        add_span(project, doc, Span(8, 12, "PATIENT"), actor="bob")
    assert actions(project, doc) == ["import", "claim", "start"]


def test_add_change_delete_and_undo_redo(project: Project) -> None:
    doc = seed(project)
    open_for_annotation(project, doc, actor="ann")
    added = add_span(project, doc, Span(8, 12, "PATIENT"), actor="ann")
    assert gold(project, doc) == [(8, 12, "PATIENT", "human")]
    changed = change_span(project, added.added[0].id, Span(8, 18, "PATIENT"), actor="ann")
    assert gold(project, doc) == [(8, 18, "PATIENT", "human")]
    undone = revert(project, changed, actor="ann")
    assert gold(project, doc) == [(8, 12, "PATIENT", "human")]
    revert(project, undone, actor="ann", reason="redo")
    assert gold(project, doc) == [(8, 18, "PATIENT", "human")]
    undone = revert(project, changed, actor="ann")  # undo again, then undo the add
    undo_add = revert(project, added, actor="ann")
    assert gold(project, doc) == []
    revert(project, undo_add, actor="ann", reason="redo")  # a new row id; found by value
    revert(project, undone, actor="ann", reason="redo")
    assert gold(project, doc) == [(8, 18, "PATIENT", "human")]
    [a] = load_document(project, doc).gold
    gone = delete_span(project, a.id, actor="ann")
    assert gold(project, doc) == []
    revert(project, gone, actor="ann")
    assert gold(project, doc) == [(8, 18, "PATIENT", "human")]
    assert actions(project, doc).count("change_annotation") == 5


def test_accept_reject_and_their_undo(project: Project) -> None:
    doc = seed(project)
    suggest(project, doc, (8, 18, "PATIENT", 0.8), (8, 12, "PATIENT", 0.6), (20, 22, "AGE", 0.4))
    open_for_annotation(project, doc, actor="ann")
    inner, first, age = load_document(project, doc, actor="ann").suggestions
    accepted = accept_suggestion(project, first.id, actor="ann")
    assert gold(project, doc) == [(8, 18, "PATIENT", "accepted")]
    assert {s.id for s in accepted.suggestions_removed} == {first.id, inner.id}  # inside it
    assert [s.start for s in load_document(project, doc).suggestions] == [20]
    rejected = reject_suggestion(project, age.id, actor="ann")
    assert load_document(project, doc).suggestions == ()
    revert(project, rejected, actor="ann")
    revert(project, accepted, actor="ann")
    state = load_document(project, doc)
    assert state.gold == ()
    assert sorted((s.start, s.end, s.confidence) for s in state.suggestions) == [
        (8, 12, 0.6),
        (8, 18, 0.8),
        (20, 22, 0.4),
    ]
    assert "reject_suggestion" in actions(project, doc)


def test_accept_with_another_category(project: Project) -> None:
    doc = seed(project)
    suggest(project, doc, (32, 40, "LOCATION", 0.7))
    open_for_annotation(project, doc, actor="ann")
    [s] = load_document(project, doc).suggestions
    accept_suggestion(project, s.id, actor="ann", category="ORGANIZATION")
    assert gold(project, doc) == [(32, 40, "ORGANIZATION", "accepted")]


def test_accept_all_above_a_threshold_skips_overlaps(project: Project) -> None:
    doc = seed(project)
    add_span(project, doc, Span(60, 65, "PROFESSIONAL"), actor="ann")
    suggest(
        project, doc,
        (8, 18, "PATIENT", 0.95), (8, 12, "PATIENT", 0.97), (43, 53, "DATE", 0.99),
        (20, 22, "AGE", 0.5), (57, 65, "PROFESSIONAL", 0.99),
    )  # fmt: skip
    edit = accept_all(project, doc, threshold=0.9, actor="ann")
    assert sorted((a.start, a.end) for a in edit.added) == [(8, 12), (43, 53)]
    left = sorted((s.start, s.end) for s in load_document(project, doc).suggestions)
    assert left == [(8, 18), (20, 22), (57, 65)]
    revert(project, edit, actor="ann")
    assert len(load_document(project, doc).suggestions) == 5


def test_submit_releases_and_signed_off_refuses_edits(project: Project) -> None:
    doc = seed(project)
    open_for_annotation(project, doc, actor="ann")
    assert submit(project, doc, actor="ann").status == "submitted"
    state = load_document(project, doc, actor="ann")
    assert state.info.status == "submitted" and state.info.claimed_by is None
    with project.transaction("rev") as tx:
        tx.set_status(doc, "signed_off")
        tx.audit("test")
    with pytest.raises(EditRefused, match="signed off"):
        add_span(project, doc, Span(8, 12, "PATIENT"), actor="ann")


def test_bad_spans_are_refused(project: Project) -> None:
    doc = seed(project)
    with pytest.raises(DeidError, match="not a category"):
        add_span(project, doc, Span(0, 3, "NOPE"), actor="ann")
    with pytest.raises(DeidError, match="beyond"):
        add_span(project, doc, Span(0, 300, "DATE"), actor="ann")
    assert add_span(project, doc, Span(8, 12, "PATIENT"), actor="ann").added
    assert add_span(project, doc, Span(8, 12, "PATIENT"), actor="ann").empty  # no duplicate


def test_token_index_snaps_and_grows() -> None:
    text = "Dr  John-Paul Smith, 03/04"
    idx = TokenIndex(text)
    assert idx.snap(5, 7) == (4, 8)  # inside "John" -> John
    assert idx.snap(2, 3) is None  # whitespace only
    assert text[slice(*idx.snap(5, 15))] == "John-Paul Smith"
    start, end = 4, 8
    end = idx.grow_end(start, end)
    assert text[start:end] == "John-"
    assert text[start : idx.shrink_end(start, end)] == "John"
    assert idx.shrink_end(4, 8) == 8  # one token left
    assert text[idx.grow_start(4, 8) : 8] == "Dr  John"
    assert idx.shrink_start(4, 13) == 8
    assert idx.grow_end(21, 26) == 26  # last token


def test_submit_refuses_undecided_suggestions_unless_told_how_to_resolve(
    project: Project,
) -> None:
    from deid_studio.services.submitting import UndecidedSuggestions, undecided_count

    doc = seed(project)
    open_for_annotation(project, doc, actor="ann")
    suggest(
        project, doc,
        (8, 12, "PATIENT", 0.48), (13, 18, "PATIENT", 0.75), (43, 53, "DATE", 0.99),
        (20, 22, "AGE", 0.5),
    )  # fmt: skip
    accept_suggestion(project, _suggestion_at(project, doc, 43), actor="ann")
    assert undecided_count(project, doc) == 3
    with pytest.raises(UndecidedSuggestions, match="3 undecided suggestions"):
        submit(project, doc, actor="ann")
    assert load_document(project, doc).info.status == "in_progress"  # nothing changed

    edit = submit(project, doc, actor="ann", resolve="accept_above", threshold=0.7)
    assert edit.status == "submitted"
    assert [(a.start, a.end) for a in edit.added] == [(13, 18)]
    state = load_document(project, doc)
    assert state.suggestions == ()
    assert gold(project, doc) == [(13, 18, "PATIENT", "accepted"), (43, 53, "DATE", "accepted")]
    assert state.info.resolved_on_submit == {
        "choice": "accept_above", "threshold": 0.7, "undecided": 3, "accepted": 1, "rejected": 2,
    }  # fmt: skip
    with project.reading() as tx:
        [event] = [e for e in tx.document_audit(doc) if e.action == "resolve_on_submit"]
    assert event.actor == "ann" and "1 accepted (≥ 0.70), 2 rejected" in event.reason
    assert [s["start"] for s in event.after["rejected_spans"]] == [8, 20]
    with project.reading() as tx:
        [submitted] = [e for e in tx.document_audit(doc) if e.action == "submit"]
    assert submitted.after["gold"] == 2 and submitted.after["resolved_on_submit"]["accepted"] == 1


def test_a_new_span_uses_up_the_suggestions_inside_it_each_in_the_audit(
    project: Project,
) -> None:
    doc = seed(project)
    suggest(project, doc, (8, 12, "PATIENT", 0.6), (13, 18, "PATIENT", 0.6), (20, 22, "AGE", 0.5))
    open_for_annotation(project, doc, actor="ann")
    edit = add_span(project, doc, Span(8, 18, "PATIENT"), actor="ann")
    assert [(s.start, s.end) for s in edit.suggestions_removed] == [(8, 12), (13, 18)]
    assert [(s.start, s.end) for s in load_document(project, doc).suggestions] == [(20, 22)]
    with project.reading() as tx:
        events = tx.document_audit(doc)
    trail = [(e.action, (e.before or e.after or {}).get("start")) for e in events]
    assert trail[-3:] == [
        ("add_annotation", 8), ("supersede_suggestion", 8), ("supersede_suggestion", 13),
    ]  # fmt: skip
    revert(project, edit, actor="ann")
    assert gold(project, doc) == []
    assert len(load_document(project, doc).suggestions) == 3


def test_reject_the_rest_and_a_later_full_decision_clears_the_mark(project: Project) -> None:
    from deid_studio.services.reviewing import send_back

    doc = seed(project)
    open_for_annotation(project, doc, actor="ann")
    suggest(project, doc, (8, 12, "PATIENT", 0.98), (20, 22, "AGE", 0.5))
    submit(project, doc, actor="ann", resolve="reject_rest")
    assert gold(project, doc) == []
    info = load_document(project, doc).info
    assert info.resolved_on_submit["rejected"] == 2
    send_back(project, doc, actor="rev", comment="the name was right")
    add_span(project, doc, Span(8, 12, "PATIENT"), actor="ann")
    submit(project, doc, actor="ann")  # nothing undecided: a plain submission
    assert load_document(project, doc).info.resolved_on_submit is None


def _suggestion_at(project: Project, doc: int, start: int) -> int:
    return next(s.id for s in load_document(project, doc).suggestions if s.start == start)


def _raced(monkeypatch: pytest.MonkeyPatch, method: str, doc: int, *, before: bool = False) -> None:
    """Make ``Transaction.method`` behave as if a re-suggestion (which takes no document
    lock) replaced the document's suggestions right after the read (or, ``before``, just
    before the call)."""
    real = getattr(Transaction, method)

    def replace(self: Transaction) -> None:
        self._session.execute(delete(m.SuggestionRow).where(m.SuggestionRow.document_id == doc))

    def raced(self: Transaction, *args: object, **kwargs: object) -> object:
        if before:
            replace(self)
        found = real(self, *args, **kwargs)
        if not before:
            replace(self)
        return found

    monkeypatch.setattr(Transaction, method, raced)


def test_a_suggestion_replaced_after_it_was_read_is_refused_in_one_line(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = seed(project)
    suggest(project, doc, (8, 18, "PATIENT", 0.8))
    open_for_annotation(project, doc, actor="ann")
    [s] = load_document(project, doc, actor="ann").suggestions
    _raced(monkeypatch, "suggestion", doc)
    with pytest.raises(DeidError, match="no longer exists"):
        accept_suggestion(project, s.id, actor="ann")
    with pytest.raises(DeidError, match="no longer exists"):
        reject_suggestion(project, s.id, actor="ann")
    assert gold(project, doc) == []


def test_a_new_span_over_suggestions_replaced_meanwhile_is_saved(
    project: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc = seed(project)
    suggest(project, doc, (8, 12, "PATIENT", 0.6), (13, 18, "PATIENT", 0.6))
    open_for_annotation(project, doc, actor="ann")
    _raced(monkeypatch, "delete_suggestions", doc, before=True)
    edit = add_span(project, doc, Span(8, 18, "PATIENT"), actor="ann")
    assert edit.suggestions_removed == ()
    assert gold(project, doc) == [(8, 18, "PATIENT", "human")]
