"""The annotation queue: documents in uncertainty order, paged, filtered, and claimed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import Select, func, or_, select, update

from deid_studio.store import models as m
from deid_studio.store.transaction import TransactionBase

PREVIEW_CHARS = 120
CLAIM_TIMEOUT = timedelta(hours=8)  # a claim nobody released (a crash) lapses after a day's work


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """One row of the queue: enough to list a document without loading its narrative."""

    document_id: int
    external_id: str
    status: str
    language: str | None
    score: float | None
    claimed_by: str | None
    preview: str
    details: Mapping[str, Any] = field(default_factory=dict)
    """The parts of the score (and ``reasons``: why it is high), empty when unscored."""
    resolved_on_submit: Mapping[str, Any] | None = None
    """How undecided suggestions were resolved in bulk at submission (None: all decided)."""


class QueueQueries(TransactionBase):
    """Reading the queue in its order; claiming and releasing documents."""

    def _queue_query(self, statuses: Sequence[str] | None, search: str | None) -> Select:
        d, s = m.DocumentRow, m.DocumentScoreRow
        query = select(
            d.id,
            d.external_id,
            d.status,
            d.language,
            s.score,
            d.claimed_by,
            func.substr(d.text, 1, PREVIEW_CHARS),
            s.details,
            d.resolved_on_submit,
        ).outerjoin(s, s.document_id == d.id)
        if statuses:
            query = query.where(d.status.in_(statuses))
        if search:
            pattern = f"%{search}%"
            query = query.where(or_(d.text.ilike(pattern), d.external_id.ilike(pattern)))
        return query

    def queue(
        self,
        *,
        statuses: Sequence[str] | None = None,
        search: str | None = None,
        offset: int = 0,
        limit: int = 100,
    ) -> list[QueueEntry]:
        """A page of the queue: most uncertain first, unscored documents after, then by id."""
        s = m.DocumentScoreRow
        query = (
            self._queue_query(statuses, search)
            .order_by(s.score.is_(None), s.score.desc(), m.DocumentRow.id)
            .offset(offset)
            .limit(limit)
        )
        return [
            QueueEntry(*row[:7], details=row[7] or {}, resolved_on_submit=row[8])
            for row in self._session.execute(query)
        ]

    def queue_size(
        self, *, statuses: Sequence[str] | None = None, search: str | None = None
    ) -> int:
        """How many documents the queue holds with these filters."""
        query = select(func.count()).select_from(self._queue_query(statuses, search).subquery())
        return self._session.scalar(query) or 0

    def claim_next(self, statuses: Sequence[str], skip: Sequence[int] = ()) -> int | None:
        """Claim the first document of the queue that nobody else holds (and that is not
        in ``skip``); its id, or None."""
        d = m.DocumentRow
        lapsed = m.utcnow() - CLAIM_TIMEOUT
        free = or_(d.claimed_by.is_(None), d.claimed_by == self.actor, d.claimed_at < lapsed)
        s = m.DocumentScoreRow
        query = (
            select(d.id)
            .outerjoin(s, s.document_id == d.id)
            .where(d.status.in_(statuses), free, d.id.notin_(list(skip)))
            .order_by(s.score.is_(None), s.score.desc(), d.id)
            .limit(1)
        )
        found = self._session.scalar(query)
        if found is not None:
            self.claim(found)
        return found

    def claim(self, document_id: int) -> None:
        """Mark a document as held by the actor (the caller audits it)."""
        self._write().execute(
            update(m.DocumentRow)
            .where(m.DocumentRow.id == document_id)
            .values(claimed_by=self.actor, claimed_at=m.utcnow())
        )

    def held_by(self, name: str) -> list[int]:
        """The documents ``name`` holds (whatever their status), in id order."""
        d = m.DocumentRow
        query = select(d.id).where(d.claimed_by == name).order_by(d.id)
        return list(self._session.scalars(query))

    def release(self, document_id: int) -> None:
        """Let go of a document the actor holds (the caller audits it)."""
        self._write().execute(
            update(m.DocumentRow)
            .where(m.DocumentRow.id == document_id, m.DocumentRow.claimed_by == self.actor)
            .values(claimed_by=None, claimed_at=None)
        )
