"""Editing one document: its gold spans, its suggestions, its status, reviews and audit.

What the annotation and review services need, one document at a time. Services audit every
change they make here; these methods only read and write rows, and speak in the frozen types
below (never ORM objects).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import case, delete, exists, func, insert, or_, select, update

from deid_studio.core.document import Span, Suggestion
from deid_studio.store import models as m
from deid_studio.store.queue import CLAIM_TIMEOUT
from deid_studio.store.transaction import AuditEvent, TransactionBase


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """A document as the editor opens it: its narrative, status and who holds it."""

    id: int
    external_id: str
    case_id: str
    source: str
    text: str
    meta: Mapping[str, Any]
    language: str | None
    status: str
    claimed_by: str | None
    claimed_at: datetime | None
    version: int = 0
    resolved_on_submit: Mapping[str, Any] | None = None
    """How the last submission resolved undecided suggestions in bulk (None: it did not)."""


@dataclass(frozen=True, slots=True)
class StoredAnnotation:
    """A gold span with its row id, who made it and how."""

    id: int
    document_id: int
    start: int
    end: int
    category: str
    author: str
    origin: str
    model_version_id: int | None = None
    group: str | None = None

    @property
    def span(self) -> Span:
        """The annotation as a core span."""
        return Span(self.start, self.end, self.category, self.group)


@dataclass(frozen=True, slots=True)
class StoredSuggestion:
    """A model version's suggestion with its row id."""

    id: int
    document_id: int
    start: int
    end: int
    category: str
    confidence: float
    source: str
    model_version_id: int | None
    rule: str | None = None

    @property
    def suggestion(self) -> Suggestion:
        """The suggestion as a core type."""
        return Suggestion(
            self.start, self.end, self.category, self.confidence, self.source, self.rule
        )


@dataclass(frozen=True, slots=True)
class Review:
    """A reviewer's decision on a document."""

    reviewer: str
    decision: str
    comment: str
    at: datetime


def trained_as(algorithm: str, committee: int) -> str:
    """What a model version is, as ``train`` and the Quality page say it: "lbfgs", "a
    committee of 3 pa models" (weights averaged: ``detect.crf.CrfModel``)."""
    return algorithm if committee == 1 else f"a committee of {committee} {algorithm} models"


@dataclass(frozen=True, slots=True)
class ModelSummary:
    """A model version without its serialized model: what the status bar and dashboard show."""

    id: int
    kind: str
    created_at: datetime
    training_documents: int
    training_seconds: float
    params: Mapping[str, Any]
    metrics: Mapping[str, Any]

    @property
    def trained_as(self) -> str:
        """Its algorithm, or its committee ("a committee of 3 pa models")."""
        return trained_as(str(self.params.get("algorithm", "?")), self.metrics.get("committee", 1))


_d, _a, _s = m.DocumentRow, m.AnnotationRow, m.SuggestionRow
_INFO_COLUMNS = (
    _d.id, _d.external_id, _d.case_id, _d.source, _d.text, _d.meta, _d.language, _d.status,
    _d.claimed_by, _d.claimed_at, _d.version, _d.resolved_on_submit,
)  # fmt: skip
_ANNOTATION_COLUMNS = (
    _a.id, _a.document_id, _a.start, _a.end, _a.category, _a.author, _a.origin,
    _a.model_version_id, _a.group,
)  # fmt: skip
_SUGGESTION_COLUMNS = (
    _s.id, _s.document_id, _s.start, _s.end, _s.category, _s.confidence, _s.source,
    _s.model_version_id, _s.rule,
)  # fmt: skip


def _annotation(r: m.AnnotationRow) -> StoredAnnotation:
    return StoredAnnotation(
        r.id, r.document_id, r.start, r.end, r.category, r.author, r.origin,
        r.model_version_id, r.group,
    )  # fmt: skip


def _suggestion(r: m.SuggestionRow) -> StoredSuggestion:
    return StoredSuggestion(
        r.id, r.document_id, r.start, r.end, r.category, r.confidence, r.source,
        r.model_version_id, r.rule,
    )  # fmt: skip


_Row = TypeVar("_Row", m.AnnotationRow, m.SuggestionRow)


class EditingQueries(TransactionBase):
    """Reading and changing one document's gold spans, suggestions, status and reviews."""

    # -- the document ----------------------------------------------------------------------

    def document_info(self, document_id: int) -> DocumentInfo | None:
        """The document with its narrative and status, or None when there is no such id."""
        r = self._session.get(m.DocumentRow, document_id)
        if r is None:
            return None
        return DocumentInfo(
            r.id, r.external_id, r.case_id, r.source, r.text, r.meta, r.language, r.status,
            r.claimed_by, r.claimed_at, r.version, r.resolved_on_submit,
        )  # fmt: skip

    def bump_version(self, document_id: int, expected: int | None = None) -> int | None:
        """Add one to the document's version, only if it is still ``expected`` (when given);
        the new version, or None when it moved on (or the row is out of the actor's reach).
        The row stays locked until the transaction ends. Bookkeeping: the change it guards
        is what gets audited."""
        if self._read_only:
            raise RuntimeError("write attempted in a read-only transaction")
        d = m.DocumentRow
        query = update(d).where(d.id == document_id)
        if expected is not None:
            query = query.where(d.version == expected)
        found = self._session.execute(
            query.values(version=d.version + 1).returning(d.version)
        ).scalar()
        return None if found is None else int(found)

    def take_for_edit(
        self, document_id: int, statuses: Sequence[str], expected: int | None
    ) -> DocumentInfo | None:
        """The common case of an edit in one statement: add one to the version of a document
        the actor may change now — in one of ``statuses``, held by nobody else (or their
        claim lapsed), under no double annotation in progress, still at version ``expected``
        (when given) — and read it. The document as it was before (its row stays locked
        until the transaction ends), or None when any condition fails and nothing changed:
        the caller then finds out which, as :meth:`bump_version` and
        :meth:`document_info` let it."""
        if self._read_only:
            raise RuntimeError("write attempted in a read-only transaction")
        d, a = m.DocumentRow, m.AssignmentRow
        lapsed = m.utcnow() - CLAIM_TIMEOUT
        query = update(d).where(
            d.id == document_id,
            d.status.in_(statuses),
            or_(
                d.claimed_by.is_(None), d.claimed_by == "", d.claimed_by == self.actor,
                d.claimed_at.is_(None), d.claimed_at <= lapsed,
            ),
            ~exists().where(a.document_id == d.id, a.adjudicated_at.is_(None)),
        )  # fmt: skip
        if expected is not None:
            query = query.where(d.version == expected)
        row = self._session.execute(
            query.values(version=d.version + 1).returning(*_INFO_COLUMNS)
        ).first()
        if row is None:
            return None
        bumped = DocumentInfo(*row)
        return replace(bumped, version=bumped.version - 1)

    def set_status(self, document_id: int, status: str, *, release: bool = False) -> None:
        """Move a document to another workflow status (the caller checks and audits it); with
        ``release``, let go of it in the same statement if the actor holds it."""
        self._write().execute(
            update(m.DocumentRow)
            .where(m.DocumentRow.id == document_id)
            .values(status=status, **(self._released() if release else {}))
        )

    def mark_submitted(
        self, document_id: int, resolved_on_submit: Mapping[str, Any] | None
    ) -> None:
        """A submission in one statement: the document waits for review, keeps how it resolved
        undecided suggestions (None: all were decided), and the actor lets go of it (the
        caller checks and audits it)."""
        resolution = None if resolved_on_submit is None else dict(resolved_on_submit)
        self._write().execute(
            update(m.DocumentRow)
            .where(m.DocumentRow.id == document_id)
            .values(status="submitted", resolved_on_submit=resolution, **self._released())
        )

    def _released(self) -> dict[str, Any]:
        """The values of an UPDATE that lets go of a document if the actor holds it."""
        d = m.DocumentRow
        mine = d.claimed_by == self.actor
        return {
            "claimed_by": case((mine, None), else_=d.claimed_by),
            "claimed_at": case((mine, None), else_=d.claimed_at),
        }

    # -- gold spans ------------------------------------------------------------------------

    def annotations(self, document_id: int) -> list[StoredAnnotation]:
        """The document's gold spans in reading order."""
        a = m.AnnotationRow
        query = (
            select(*_ANNOTATION_COLUMNS)
            .where(a.document_id == document_id)
            .order_by(a.start, a.end, a.id)
        )
        return [StoredAnnotation(*row) for row in self._session.execute(query)]

    def annotation(self, annotation_id: int) -> StoredAnnotation | None:
        """One gold span by id (None once deleted)."""
        row = self._session.get(m.AnnotationRow, annotation_id)
        return None if row is None else _annotation(row)

    def find_annotation(
        self, document_id: int, start: int, end: int, category: str
    ) -> StoredAnnotation | None:
        """The gold span with exactly these offsets and category, if the document has one."""
        a = m.AnnotationRow
        query = select(a).where(
            a.document_id == document_id, a.start == start, a.end == end, a.category == category
        )
        row = self._session.scalars(query.order_by(a.id).limit(1)).first()
        return None if row is None else _annotation(row)

    def add_annotation(
        self,
        document_id: int,
        span: Span,
        *,
        origin: str = "human",
        model_version_id: int | None = None,
        author: str | None = None,
    ) -> StoredAnnotation:
        """Store a gold span authored by the actor (or ``author``); the stored annotation."""
        row = m.AnnotationRow(
            document_id=document_id,
            start=span.start,
            end=span.end,
            category=span.category,
            group=span.group,
            author=author or self.actor,
            origin=origin,
            model_version_id=model_version_id,
        )
        session = self._write()
        session.add(row)
        session.flush()
        return _annotation(row)

    def add_annotations(
        self,
        document_id: int,
        spans: Sequence[tuple[Span, int | None]],
        *,
        origin: str = "human",
    ) -> list[StoredAnnotation]:
        """Store gold spans authored by the actor, each with the model version it came from,
        in one statement; the stored annotations, in the order given."""
        if not spans:
            return []
        now = m.utcnow()
        rows = [
            {
                "document_id": document_id, "start": span.start, "end": span.end,
                "category": span.category, "group": span.group, "author": self.actor,
                "origin": origin, "model_version_id": version, "created_at": now,
                "updated_at": now,
            }
            for span, version in spans
        ]  # fmt: skip
        query = insert(m.AnnotationRow).returning(
            *_ANNOTATION_COLUMNS, sort_by_parameter_order=True
        )
        return [StoredAnnotation(*row) for row in self._write().execute(query, rows)]

    def update_annotation(
        self, annotation_id: int, span: Span, *, author: str | None = None
    ) -> StoredAnnotation:
        """Give a gold span new offsets or category; it becomes the actor's (or ``author``'s).

        Returns the new value (KeyError when there is no such span); one statement.
        """
        a = m.AnnotationRow
        found = self._write().execute(
            update(a)
            .where(a.id == annotation_id)
            .values(start=span.start, end=span.end, category=span.category,
                    author=author or self.actor)
            .returning(*_ANNOTATION_COLUMNS)
        ).first()  # fmt: skip
        if found is None:
            raise KeyError(annotation_id)
        return StoredAnnotation(*found)

    def delete_annotation(self, annotation_id: int) -> StoredAnnotation:
        """Remove a gold span; what it was (KeyError when there is none)."""
        found = self._delete_row(m.AnnotationRow, annotation_id, _ANNOTATION_COLUMNS)
        if found is None:
            raise KeyError(annotation_id)
        return StoredAnnotation(*found)

    def _delete_row(self, kind: type[_Row], row_id: int, columns: tuple) -> Any:
        """Remove a row by id in one statement; its ``columns``, or None when there is none."""
        query = delete(kind).where(kind.id == row_id).returning(*columns)
        return self._write().execute(query).first()

    # -- suggestions -----------------------------------------------------------------------

    def suggestions(self, document_id: int) -> list[StoredSuggestion]:
        """The document's remaining suggestions in reading order."""
        s = m.SuggestionRow
        query = (
            select(*_SUGGESTION_COLUMNS)
            .where(s.document_id == document_id)
            .order_by(s.start, s.end, s.id)
        )
        return [StoredSuggestion(*row) for row in self._session.execute(query)]

    def suggestions_within(self, document_id: int, start: int, end: int) -> list[StoredSuggestion]:
        """The document's suggestions lying wholly inside ``[start, end)``."""
        s = m.SuggestionRow
        query = (
            select(s)
            .where(s.document_id == document_id, s.start >= start, s.end <= end)
            .order_by(s.start, s.end, s.id)
        )
        return [_suggestion(r) for r in self._session.scalars(query)]

    def suggestion(self, suggestion_id: int) -> StoredSuggestion | None:
        """One suggestion by id (None once accepted, rejected or regenerated)."""
        row = self._session.get(m.SuggestionRow, suggestion_id)
        return None if row is None else _suggestion(row)

    def find_suggestion(self, like: StoredSuggestion) -> StoredSuggestion | None:
        """The document's suggestion with the same offsets, category and source as ``like``."""
        s = m.SuggestionRow
        query = select(s).where(
            s.document_id == like.document_id,
            s.start == like.start,
            s.end == like.end,
            s.category == like.category,
            s.source == like.source,
        )
        row = self._session.scalars(query.order_by(s.id).limit(1)).first()
        return None if row is None else _suggestion(row)

    def delete_suggestion(self, suggestion_id: int) -> StoredSuggestion | None:
        """Remove a suggestion (accepted or rejected); what it was, or None when it is gone
        already (a re-suggestion replaced it since it was read: it takes no document lock)."""
        found = self._delete_row(m.SuggestionRow, suggestion_id, _SUGGESTION_COLUMNS)
        return None if found is None else StoredSuggestion(*found)

    def delete_suggestions(
        self,
        document_id: int,
        *,
        within: tuple[int, int] | None = None,
        ids: Sequence[int] | None = None,
    ) -> list[StoredSuggestion]:
        """Remove the document's suggestions — all, those lying wholly inside ``within``
        (start, end), or those of ``ids`` — in one statement; what they were, in reading
        order (one a re-suggestion replaced meanwhile is not among them)."""
        s = m.SuggestionRow
        query = delete(s).where(s.document_id == document_id)
        if within is not None:
            query = query.where(s.start >= within[0], s.end <= within[1])
        if ids is not None:
            query = query.where(s.id.in_(list(ids)))
        gone = [
            StoredSuggestion(*row)
            for row in self._write().execute(query.returning(*_SUGGESTION_COLUMNS))
        ]
        return sorted(gone, key=lambda x: (x.start, x.end, x.id))

    def restore_suggestion(self, like: StoredSuggestion) -> StoredSuggestion:
        """Put a removed suggestion back (undo); its model version is kept if it still exists."""
        session = self._write()
        version = like.model_version_id
        if version is not None and session.get(m.ModelVersionRow, version) is None:
            version = None
        row = m.SuggestionRow(
            document_id=like.document_id,
            model_version_id=version,
            start=like.start,
            end=like.end,
            category=like.category,
            confidence=like.confidence,
            source=like.source,
        )
        session.add(row)
        session.flush()
        return _suggestion(row)

    # -- reviews, annotators, audit --------------------------------------------------------

    def reviews(self, document_id: int) -> list[Review]:
        """The document's review decisions, oldest first."""
        r = m.ReviewRow
        query = select(r).where(r.document_id == document_id).order_by(r.at, r.id)
        return [
            Review(x.reviewer, x.decision, x.comment, x.at) for x in self._session.scalars(query)
        ]

    def annotators(self, document_id: int) -> set[str]:
        """Who annotated the document: whoever submitted it, or imported it as submitted gold.

        Corrections a reviewer makes while reviewing do not make them an annotator.
        """
        self._flush_audit()
        e = m.AuditEventRow
        query = select(e.actor, e.action, e.after).where(
            e.document_id == document_id,
            e.action.in_(("submit", "import", "submit_blind", "adjudicate")),
        )
        found: set[str] = set()
        for actor, action, after in self._session.execute(query):
            if action != "import" or (after or {}).get("status") == "submitted":
                found.add(actor)
        return found

    def count_events(self, action: str, *, after: datetime | None = None) -> int:
        """How many audit events of one action there are (later than ``after``, if given)."""
        self._flush_audit()
        e = m.AuditEventRow
        query = select(func.count()).select_from(e).where(e.action == action)
        if after is not None:
            query = query.where(e.at > after)
        return self._session.scalar(query) or 0

    def document_audit(self, document_id: int) -> list[AuditEvent]:
        """The document's audit trail, oldest first."""
        return self.audit_trail(document_id)

    # -- categories ------------------------------------------------------------------------

    def has_category(self, name: str) -> bool:
        """True when the scheme has a category of this name."""
        query = select(m.CategoryRow.name).where(m.CategoryRow.name == name)
        return self._session.scalar(query) is not None

    def category_usage(self) -> dict[str, int]:
        """How many gold spans each category has."""
        a = m.AnnotationRow
        query = select(a.category, func.count()).group_by(a.category)
        return {category: count for category, count in self._session.execute(query)}

    def rename_category(self, old: str, new: str) -> int:
        """Rename a category on every gold span and suggestion; how many gold spans changed."""
        session = self._write()
        result = session.execute(
            update(m.AnnotationRow).where(m.AnnotationRow.category == old).values(category=new)
        )
        session.execute(
            update(m.SuggestionRow).where(m.SuggestionRow.category == old).values(category=new)
        )
        return int(getattr(result, "rowcount", 0) or 0)

    # -- model versions --------------------------------------------------------------------

    def model_versions(
        self, *, latest_only: bool = False, kind: str | None = None
    ) -> list[ModelSummary]:
        """Model versions (of ``kind`` when given), oldest first (only the newest with
        ``latest_only``), without blobs."""
        v = m.ModelVersionRow
        columns = (
            v.id, v.kind, v.created_at, v.training_documents, v.training_seconds, v.params,
            v.metrics,
        )  # fmt: skip
        query = select(*columns)
        if kind is not None:
            query = query.where(v.kind == kind)
        if latest_only:
            query = query.order_by(v.id.desc()).limit(1)
        else:
            query = query.order_by(v.id)
        return [ModelSummary(*row) for row in self._session.execute(query)]
