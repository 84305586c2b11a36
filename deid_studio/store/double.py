"""Blind double annotation: assignments and each annotator's own copy of the spans."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, exists, insert, select, update

from deid_studio.core.document import Span
from deid_studio.store import models as m
from deid_studio.store.editing import StoredAnnotation
from deid_studio.store.transaction import TransactionBase


@dataclass(frozen=True, slots=True)
class Assignment:
    """One annotator's share of a double-annotated document."""

    id: int
    document_id: int
    annotator: str
    assigned_by: str
    submitted_at: datetime | None
    adjudicated_at: datetime | None


_a, _b = m.AssignmentRow, m.BlindSpanRow
_ASSIGNMENT = (_a.id, _a.document_id, _a.annotator, _a.assigned_by, _a.submitted_at,
               _a.adjudicated_at)  # fmt: skip


class DoubleQueries(TransactionBase):
    """Assignments and blind spans."""

    def assign(self, pairs: Sequence[tuple[int, str]]) -> None:
        """Give each (document, annotator) an assignment by the actor (the caller audits)."""
        rows = [{"document_id": d, "annotator": a, "assigned_by": self.actor} for d, a in pairs]
        if rows:
            self._write().execute(insert(m.AssignmentRow), rows)

    def assignments(self, document_id: int | None = None) -> list[Assignment]:
        """Assignments (of one document), in document and annotator order."""
        query = select(*_ASSIGNMENT).order_by(_a.document_id, _a.annotator)
        if document_id is not None:
            query = query.where(_a.document_id == document_id)
        return [Assignment(*row) for row in self._session.execute(query)]

    def assigned_document_ids(self) -> set[int]:
        """Documents that have (or had) a double annotation."""
        return set(self._session.scalars(select(_a.document_id).distinct()))

    def ready_for_adjudication(self) -> list[int]:
        """Documents whose every assignment is submitted and none adjudicated yet."""
        pending = exists().where(
            _a.document_id == m.DocumentRow.id,
            (_a.submitted_at.is_(None)) | (_a.adjudicated_at.is_not(None)),
        )
        some = exists().where(_a.document_id == m.DocumentRow.id)
        query = select(m.DocumentRow.id).where(some, ~pending).order_by(m.DocumentRow.id)
        return list(self._session.scalars(query))

    def submit_assignment(self, assignment_id: int) -> None:
        """Mark the annotator's copy as done (the caller audits it)."""
        self._write().execute(
            update(_a).where(_a.id == assignment_id).values(submitted_at=m.utcnow())
        )

    def mark_adjudicated(self, document_id: int) -> None:
        """Close the document's double annotation (the caller audits it)."""
        self._write().execute(
            update(_a)
            .where(_a.document_id == document_id, _a.adjudicated_at.is_(None))
            .values(adjudicated_at=m.utcnow())
        )

    # -- the blind copies ------------------------------------------------------------------

    def blind_spans(self, assignment_id: int, document_id: int) -> list[StoredAnnotation]:
        """One annotator's spans of a document, in reading order."""
        query = (
            select(_b.id, _b.start, _b.end, _b.category, _b.author, _b.origin, _b.group)
            .where(_b.assignment_id == assignment_id)
            .order_by(_b.start, _b.end, _b.id)
        )
        return [
            StoredAnnotation(i, document_id, s, e, c, a, o, None, g)
            for i, s, e, c, a, o, g in self._session.execute(query)
        ]

    def add_blind_span(self, assignment_id: int, document_id: int, span: Span) -> StoredAnnotation:
        """Add a span to the actor's copy."""
        row = m.BlindSpanRow(
            assignment_id=assignment_id, start=span.start, end=span.end,
            category=span.category, group=span.group, author=self.actor, origin="human",
        )  # fmt: skip
        session = self._write()
        session.add(row)
        session.flush()
        return StoredAnnotation(
            row.id, document_id, row.start, row.end, row.category, row.author, row.origin,
            None, row.group,
        )  # fmt: skip

    def blind_span(self, assignment_id: int, span_id: int) -> m.BlindSpanRow | None:
        """The row of one span of a copy (None when it is not that copy's)."""
        row = self._session.get(m.BlindSpanRow, span_id)
        return row if row is not None and row.assignment_id == assignment_id else None

    def update_blind_span(self, row: m.BlindSpanRow, span: Span) -> None:
        """New offsets or category for a span of a copy."""
        self._write()
        row.start, row.end, row.category = span.start, span.end, span.category
        self._session.flush()

    def delete_blind_span(self, row: m.BlindSpanRow) -> None:
        """Remove a span of a copy."""
        self._write().delete(row)
        self._session.flush()

    def find_blind_span(self, assignment_id: int, span: Span) -> m.BlindSpanRow | None:
        """The copy's span with exactly these offsets and category."""
        query = select(_b).where(
            and_(_b.assignment_id == assignment_id, _b.start == span.start, _b.end == span.end,
                 _b.category == span.category)
        )  # fmt: skip
        return self._session.scalars(query.order_by(_b.id).limit(1)).first()
