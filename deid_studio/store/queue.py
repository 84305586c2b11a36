"""The annotation queue: documents in uncertainty order, paged, filtered, and claimed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from sqlalchemy import Select, and_, exists, func, or_, select, update

from deid_studio.store import models as m
from deid_studio.store.transaction import TransactionBase

PREVIEW_CHARS = 120
# a claim lapses when its window stops heart-beating (closed, crashed, network gone)
CLAIM_TIMEOUT = timedelta(minutes=5)
HEARTBEAT = timedelta(minutes=1)


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
        in ``skip``); its id, or None.

        A document of a blind double annotation goes only to its two annotators (first in
        their queue, and not claimed: both work on it at once, each on their own copy).
        """
        d, a = m.DocumentRow, m.AssignmentRow
        lapsed = m.utcnow() - CLAIM_TIMEOUT
        unclaimed = or_(d.claimed_by.is_(None), d.claimed_by == self.actor, d.claimed_at < lapsed)
        mine = exists().where(
            a.document_id == d.id, a.annotator == self.actor, a.submitted_at.is_(None)
        )
        double = exists().where(a.document_id == d.id, a.adjudicated_at.is_(None))
        s = m.DocumentScoreRow
        query = (
            select(d.id, mine)
            .outerjoin(s, s.document_id == d.id)
            .where(
                d.status.in_(statuses),
                or_(mine, and_(~double, unclaimed)),
                d.id.notin_(list(skip)),
            )
            .order_by(mine.desc(), s.score.is_(None), s.score.desc(), d.id)
            .limit(8)
        )
        if self.server:  # the row another claimer is taking is skipped, not waited for
            query = query.limit(1).with_for_update(of=d, skip_locked=True)
        for found, blind in self._session.execute(query).all():
            if blind:
                return int(found)
            if self.claim(found):  # only if still free: two claimers, one winner
                return int(found)
        return None

    def claim(self, document_id: int) -> bool:
        """Mark a document as held by the actor, unless someone else holds it (their claim
        not lapsed); True when the actor holds it now (the caller audits it)."""
        d = m.DocumentRow
        lapsed = m.utcnow() - CLAIM_TIMEOUT
        if self._read_only:
            raise RuntimeError("write attempted in a read-only transaction")
        taken = self._session.execute(
            update(d)
            .where(
                d.id == document_id,
                or_(d.claimed_by.is_(None), d.claimed_by == self.actor, d.claimed_at < lapsed),
            )
            .values(claimed_by=self.actor, claimed_at=m.utcnow())
        )
        won = bool(getattr(taken, "rowcount", 0))
        self._changed = self._changed or won  # a claim lost to someone else changed nothing
        return won

    def keep_claim(self, document_id: int) -> bool:
        """Renew the actor's claim on a document (a heartbeat); False when they no longer
        hold it. Bookkeeping, not an action: it needs no audit event."""
        d = m.DocumentRow
        result = self._session.execute(
            update(d)
            .where(d.id == document_id, d.claimed_by == self.actor)
            .values(claimed_at=m.utcnow())
        )
        return bool(getattr(result, "rowcount", 0))

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
