"""Concurrent work without lost edits: document versions (optimistic concurrency), claims
that lapse without a heartbeat, and announcements of new model versions — on SQLite and on
PostgreSQL."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from sqlalchemy import text, update

from deid_studio.core.document import Document, Span
from deid_studio.services.annotating import (
    EditRefused,
    StaleEdit,
    add_span,
    change_span,
    load_document,
    open_for_annotation,
)
from deid_studio.services.importing import import_documents
from deid_studio.services.queue import keep_claim, next_document
from deid_studio.services.reviewing import open_for_review, sign_off
from deid_studio.services.submitting import submit
from deid_studio.services.suggesting import resuggest
from deid_studio.services.watching import change_marker, watch
from deid_studio.store import models as m
from deid_studio.store.project import Project

TEXT = "Patient John Smith, 45, seen at St Mary on 03/04/2021 by Dr Jones."


def seed(project: Project, count: int = 1) -> list[int]:
    documents = [Document(f"{TEXT} ({i})", external_id=f"r{i}") for i in range(count)]
    return list(import_documents(project, documents, origin="t", actor="s").document_ids)


def test_a_stale_write_is_refused_with_the_fresh_state(project: Project) -> None:
    [doc] = seed(project)
    read = open_for_annotation(project, doc, actor="ann").info.version
    first = add_span(project, doc, Span(8, 18, "PATIENT"), actor="ann", expected_version=read)
    assert first.version == read + 1
    with pytest.raises(StaleEdit, match="r0 changed meanwhile.*not saved") as caught:
        add_span(project, doc, Span(20, 22, "AGE"), actor="ann", expected_version=read)
    fresh = caught.value.state
    assert [(a.start, a.category) for a in fresh.gold] == [(8, "PATIENT")]
    assert fresh.info.version == first.version
    assert [(a.start, a.category) for a in load_document(project, doc).gold] == [(8, "PATIENT")]
    second = add_span(
        project, doc, Span(20, 22, "AGE"), actor="ann", expected_version=fresh.info.version
    )
    assert second.version == first.version + 1


def test_the_second_writer_is_told_who_changed_it(project: Project) -> None:
    [doc] = seed(project)
    version = open_for_annotation(project, doc, actor="ann").info.version
    gold = add_span(project, doc, Span(8, 18, "PATIENT"), actor="ann", expected_version=version)
    submit(project, doc, actor="ann", expected_version=gold.version)
    with pytest.raises(StaleEdit, match=r"by ann \(submit"):
        sign_off(project, doc, actor="rev", expected_version=version)
    assert sign_off(project, doc, actor="rev", expected_version=gold.version + 1) == "signed_off"


def test_writers_of_one_document_queue_and_exactly_one_wins(project: Project) -> None:
    [doc] = seed(project)
    state = open_for_annotation(project, doc, actor="ann")
    annotation = add_span(project, doc, Span(8, 18, "PATIENT"), actor="ann").added[0]
    version = load_document(project, doc).info.version
    outcomes: list[str] = []
    barrier = threading.Barrier(4)

    def write(category: str) -> None:
        barrier.wait()
        try:
            change_span(
                project, annotation.id, Span(8, 18, category), actor="ann", expected_version=version
            )
            outcomes.append(category)
        except StaleEdit:
            outcomes.append("stale")

    threads = [
        threading.Thread(target=write, args=(c,))
        for c in ("RELATIVE", "PROFESSIONAL", "OTHER", "PATIENT")
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [o for o in outcomes if o != "stale"]
    assert len(outcomes) == 4 and len(winners) == 1, outcomes
    assert load_document(project, doc).gold[0].category == winners[0]
    assert state.info.claimed_by == "ann"


def test_claims_lapse_without_a_heartbeat(project: Project) -> None:
    doc, other = seed(project, 2)
    assert next_document(project, actor="ann") == doc
    assert next_document(project, actor="bob") == other  # ann holds the first
    assert keep_claim(project, doc, actor="ann") and not keep_claim(project, doc, actor="bob")
    with project.engine.begin() as c:  # ann's window stopped heart-beating six minutes ago
        c.execute(
            update(m.DocumentRow)
            .where(m.DocumentRow.id == doc)
            .values(claimed_at=m.utcnow() - timedelta(minutes=6))
        )
    assert next_document(project, actor="cat") == doc
    assert not keep_claim(project, doc, actor="ann")
    assert open_for_annotation(project, doc, actor="ann").read_only_reason.startswith("held by cat")


def test_an_edit_waits_for_a_lapsed_claim_and_a_refused_one_changes_nothing(
    project: Project,
) -> None:
    [doc] = seed(project)
    version = open_for_annotation(project, doc, actor="cat").info.version  # cat holds it
    with pytest.raises(EditRefused, match="held by cat"):
        add_span(project, doc, Span(8, 18, "PATIENT"), actor="ann", expected_version=version)
    assert load_document(project, doc).info.version == version
    with project.engine.begin() as c:  # cat's window stopped heart-beating
        c.execute(
            update(m.DocumentRow)
            .where(m.DocumentRow.id == doc)
            .values(claimed_at=m.utcnow() - timedelta(minutes=6))
        )
    edit = add_span(project, doc, Span(8, 18, "PATIENT"), actor="ann", expected_version=version)
    assert edit.version == version + 1
    with pytest.raises(StaleEdit, match="changed meanwhile by ann"):
        add_span(project, doc, Span(20, 22, "AGE"), actor="cat", expected_version=version)
    submitted = submit(project, doc, actor="ann", expected_version=edit.version)
    assert load_document(project, doc).info.claimed_by == "cat"  # lapsed, not ann's to drop
    assert open_for_review(project, doc, actor="rev").document.info.claimed_by == "rev"
    sign_off(project, doc, actor="rev", expected_version=submitted.version)
    signed = load_document(project, doc).info
    assert signed.status == "signed_off" and signed.claimed_by is None
    signed = signed.version
    with pytest.raises(EditRefused, match="signed off"):
        add_span(project, doc, Span(20, 22, "AGE"), actor="ann", expected_version=signed)
    after = load_document(project, doc)
    assert after.info.version == signed
    assert [(a.start, a.category) for a in after.gold] == [(8, "PATIENT")]


def test_a_new_model_version_is_announced_to_every_watcher(project: Project) -> None:
    seed(project, 2)
    since = change_marker(project)
    heard: list[int] = []
    stop = threading.Event()
    watcher = threading.Thread(
        target=watch, args=(project, since, heard.append, stop.is_set), kwargs={"poll_seconds": 0.3}
    )
    watcher.start()
    try:
        resuggest(project, actor="ann")  # what a retrain does once its model is stored
        for _ in range(100):
            if heard:
                break
            threading.Event().wait(0.1)
    finally:
        stop.set()
        watcher.join(5)
    assert heard and heard[-1] == change_marker(project) > since
    if project.server:  # announced by the database itself
        with project.engine.connect() as c:
            trigger = c.execute(
                text("SELECT count(*) FROM pg_trigger WHERE tgname = 'audit_events_announce'")
            ).scalar()
        assert trigger == 1


def test_postgresql_announces_by_listen_notify(project: Project) -> None:
    if not project.server:
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's; SQLite windows poll")
    from deid_studio.store.notify import listen

    seed(project)
    payloads: list[str] = []
    stop = threading.Event()
    listening = threading.Thread(
        target=listen,
        args=(project.engine, payloads.append, stop.is_set),
        kwargs={"wake_seconds": 0.1},
    )
    listening.start()
    threading.Event().wait(0.5)  # LISTEN is in place
    resuggest(project, actor="ann")
    for _ in range(50):
        if payloads:
            break
        threading.Event().wait(0.1)
    stop.set()
    listening.join(5)
    assert payloads and payloads[0] == f"resuggest:{change_marker(project)}"


def test_claimers_racing_for_the_queue_never_get_the_same_document(project: Project) -> None:
    seed(project, 4)
    names = ["ann", "bob", "cat", "dan", "rev", "rita"]
    got: dict[str, int | None] = {}
    barrier = threading.Barrier(len(names))

    def claim(name: str) -> None:
        barrier.wait()
        got[name] = next_document(project, actor=name)

    threads = [threading.Thread(target=claim, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    claimed = [d for d in got.values() if d is not None]
    assert len(claimed) == 4 and len(set(claimed)) == 4, got
    with project.reading() as tx:
        holders = {i.id: i.claimed_by for i in map(tx.document_info, claimed)}
    assert all(holders[d] == n for n, d in got.items() if d is not None)


def test_reviewers_racing_for_the_review_queue_never_share_a_document(project: Project) -> None:
    from deid_studio.services.reviewing import next_for_review

    docs = seed(project, 3)
    for doc in docs:
        open_for_annotation(project, doc, actor="ann")
        submit(project, doc, actor="ann")
    names = ["bob", "cat", "dan", "rev", "rita"]
    got: dict[str, int | None] = {}
    barrier = threading.Barrier(len(names))

    def review(name: str) -> None:
        barrier.wait()
        got[name] = next_for_review(project, actor=name)

    threads = [threading.Thread(target=review, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    claimed = [d for d in got.values() if d is not None]
    assert sorted(claimed) == sorted(docs), got
