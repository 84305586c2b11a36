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
    "keep_claim",
    "next_document",
    "queue_page",
    "queue_size",
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
    project: Project, *, actor: str, statuses: Sequence[str] = ANNOTATABLE
) -> int | None:
    """Claim the top document nobody else holds and return its id (None when all are done)."""
    with project.transaction(actor) as tx:
        found = tx.claim_next(statuses)
        if found is not None:
            tx.audit("claim", document_id=found)
        return found


def keep_claim(project: Project, document_id: int, *, actor: str) -> bool:
    """The open window's heartbeat: renew the actor's hold on a document (claims lapse a few
    minutes after the last one). False when the actor no longer holds it."""
    with project.transaction(actor) as tx:
        return tx.keep_claim(document_id)
