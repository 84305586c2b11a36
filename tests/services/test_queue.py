from __future__ import annotations

from sqlalchemy import insert

from deid_studio.core.document import Document
from deid_studio.services.importing import import_documents
from deid_studio.services.queue import next_document, queue_page, queue_size
from deid_studio.store import models as m
from deid_studio.store.project import Project


def seed(project: Project, n: int = 5) -> list[int]:
    docs = [Document(f"Narrative number {i} about a rash.", external_id=f"r{i}") for i in range(n)]
    return list(import_documents(project, docs, origin="x", actor="ann").document_ids)


def score(project: Project, scores: dict[int, float]) -> None:
    with project.engine.begin() as c:
        c.execute(
            insert(m.DocumentScoreRow),
            [{"document_id": d, "score": s, "details": {}} for d, s in scores.items()],
        )


def test_queue_puts_the_most_uncertain_first_then_unscored_in_order(project: Project) -> None:
    ids = seed(project)
    score(project, {ids[3]: 0.9, ids[1]: 0.2})
    page = queue_page(project)
    assert [e.document_id for e in page] == [ids[3], ids[1], ids[0], ids[2], ids[4]]
    assert page[0].score == 0.9 and page[2].score is None
    assert page[0].preview.startswith("Narrative number 3")


def test_queue_pages_filters_and_searches(project: Project) -> None:
    ids = seed(project, 12)
    assert queue_size(project) == 12
    assert [e.document_id for e in queue_page(project, offset=10, limit=5)] == ids[10:]
    assert [e.external_id for e in queue_page(project, search="number 7")] == ["r7"]
    assert queue_size(project, statuses=["signed_off"]) == 0


def test_next_claims_and_skips_what_others_hold(project: Project) -> None:
    ids = seed(project, 3)
    first = next_document(project, actor="ann")
    assert first == ids[0]
    assert next_document(project, actor="ann") == ids[0]  # still hers
    assert next_document(project, actor="bob") == ids[1]
    entries = {e.document_id: e.claimed_by for e in queue_page(project)}
    assert entries == {ids[0]: "ann", ids[1]: "bob", ids[2]: None}
    with project.reading() as tx:
        claims = [(e.actor, e.document_id) for e in tx.audit_trail() if e.action == "claim"]
    assert claims == [("ann", ids[0]), ("ann", ids[0]), ("bob", ids[1])]


def test_next_skips_what_it_is_told_and_claims_are_released_audited(project: Project) -> None:
    from deid_studio.services.queue import held_documents, release, release_all
    from deid_studio.services.reviewing import next_for_review

    ids = seed(project, 4)
    score(project, {ids[0]: 0.9, ids[1]: 0.8, ids[2]: 0.7})
    first = next_document(project, actor="ann")
    assert first == ids[0]
    assert next_document(project, actor="ann") == ids[0]  # what you hold comes back...
    assert next_document(project, actor="ann", skip=[ids[0]]) == ids[1]  # ...unless skipped
    assert held_documents(project, actor="ann") == [ids[0], ids[1]]
    assert release(project, ids[0], actor="ann", reason="skipped")
    assert not release(project, ids[0], actor="ann")  # not held any more: nothing to audit
    assert not release(project, ids[1], actor="bob")  # someone else's
    assert release_all(project, actor="ann", reason="renamed to ann.s") == 1
    assert held_documents(project, actor="ann") == []
    with project.reading() as tx:
        reasons = [e.reason for e in tx.audit_trail() if e.action == "release"]
    assert reasons == ["skipped", "renamed to ann.s"]
    assert next_for_review(project, actor="rev", skip=[ids[0]]) is None  # nothing submitted
