"""The active-learning queue: what to annotate next, most uncertain first."""

from __future__ import annotations

from collections.abc import Sequence

from deid_studio.store.project import Project, QueueEntry
from deid_studio.store.queue import HEARTBEAT

ANNOTATABLE = ("new", "in_progress")

__all__ = [
    "ANNOTATABLE",
    "HEARTBEAT",
    "QueueEntry",
    "exists",
    "held_documents",
    "keep_claim",
    "next_document",
    "queue_page",
    "queue_size",
    "release",
    "release_all",
]


def queue_page(
    project: Project,
    *,
    statuses: Sequence[str] | None = ANNOTATABLE,
    search: str | None = None,
    offset: int = 0,
    limit: int = 100,
) -> list[QueueEntry]:
    """One page of the queue in its order: the engine's uncertainty score, highest first;
    documents the current model has not scored come after, in import order."""
    with project.reading() as tx:
        return tx.queue(statuses=statuses, search=search, offset=offset, limit=limit)


def queue_size(
    project: Project, *, statuses: Sequence[str] | None = ANNOTATABLE, search: str | None = None
) -> int:
    """How many documents the queue holds with these filters."""
    with project.reading() as tx:
        return tx.queue_size(statuses=statuses, search=search)


def next_document(
    project: Project,
    *,
    actor: str,
    statuses: Sequence[str] = ANNOTATABLE,
    skip: Sequence[int] = (),
) -> int | None:
    """Claim the top document nobody else holds, other than those in ``skip`` (the one the
    actor is leaving, those skipped before), and return its id (None when there is none)."""
    with project.transaction(actor) as tx:
        found = tx.claim_next(statuses, skip)
        if found is not None:
            tx.audit("claim", document_id=found)
        return found


def keep_claim(project: Project, document_id: int, *, actor: str) -> bool:
    """The open window's heartbeat: renew the actor's hold on a document (claims lapse a few
    minutes after the last one). False when the actor no longer holds it."""
    with project.transaction(actor) as tx:
        return tx.keep_claim(document_id)


def release(project: Project, document_id: int, *, actor: str, reason: str = "") -> bool:
    """Let go of a document the actor holds, so that anyone may take it (audited); False
    when the actor did not hold it."""
    with project.transaction(actor) as tx:
        if document_id not in tx.held_by(actor):
            return False
        tx.release(document_id)
        tx.audit("release", document_id=document_id, reason=reason)
        return True


def held_documents(project: Project, *, actor: str) -> list[int]:
    """The documents ``actor`` holds (opened and not yet submitted or decided)."""
    with project.reading() as tx:
        return tx.held_by(actor)


def release_all(project: Project, *, actor: str, reason: str = "") -> int:
    """Let go of every document ``actor`` holds (audited one by one); how many."""
    with project.transaction(actor) as tx:
        held = tx.held_by(actor)
        for document_id in held:
            tx.release(document_id)
            tx.audit("release", document_id=document_id, reason=reason)
        return len(held)


def exists(project: Project, document_id: int) -> bool:
    """True when the project has a document with this id."""
    with project.reading() as tx:
        return tx.document_info(document_id) is not None
