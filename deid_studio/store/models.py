"""The project database: typed SQLAlchemy 2 models. ORM objects never leave ``store/``.

Every relationship is ``lazy="raise"``: a query says what it loads, so the GUI never triggers
hidden SQL on attribute access.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# Named constraints: SQLite batch migrations can only alter what they can name.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

STATUSES = ("new", "in_progress", "submitted", "signed_off", "exported")
ORIGINS = ("human", "accepted", "imported")
SUGGESTION_SOURCES = ("rule", "crf")
DECISIONS = ("signed_off", "sent_back")


def utcnow() -> datetime:
    """Now, in UTC, timezone-aware."""
    return datetime.now(UTC)


def _one_of(column: str, values: tuple[str, ...]) -> str:
    quoted = ", ".join(f"'{v}'" for v in values)
    return f"{column} IN ({quoted})"


class Base(DeclarativeBase):
    """Declarative base with the constraint naming convention and JSON for dicts."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        datetime: DateTime(timezone=True),
    }


class DocumentRow(Base):
    """A narrative as imported, with its workflow status."""

    __tablename__ = "documents"
    __table_args__ = (CheckConstraint(_one_of("status", STATUSES), name="status"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    external_id: Mapped[str] = mapped_column(String(255), index=True)
    case_id: Mapped[str] = mapped_column(String(255), index=True)
    source: Mapped[str] = mapped_column(String(1024))
    text: Mapped[str] = mapped_column(Text)
    meta: Mapped[dict[str, Any]] = mapped_column(default=dict)
    language: Mapped[str | None] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), index=True, default="new")
    content_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # who has the document open for annotation or review, so "Next" skips it for others
    claimed_by: Mapped[str | None] = mapped_column(String(128))
    claimed_at: Mapped[datetime | None] = mapped_column()
    # optimistic concurrency: every change to the document or its gold adds one; a write
    # that read an older version is refused instead of overwriting someone else's
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # how the suggestions left undecided at the last submission were resolved in bulk
    # ({"choice", "threshold", "accepted", "rejected"}); None when every one was decided
    resolved_on_submit: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    annotations: Mapped[list[AnnotationRow]] = relationship(
        back_populates="document", lazy="raise", order_by="AnnotationRow.start"
    )


class AnnotationRow(Base):
    """A gold span: what a person (or a trusted import) says is PHI."""

    __tablename__ = "annotations"
    __table_args__ = (
        CheckConstraint('start >= 0 AND start < "end"', name="offsets"),
        CheckConstraint(_one_of("origin", ORIGINS), name="origin"),
        Index("ix_annotations_document_start", "document_id", "start"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id", ondelete="CASCADE"))
    start: Mapped[int] = mapped_column(Integer)
    end: Mapped[int] = mapped_column(Integer)
    category: Mapped[str] = mapped_column(String(64))
    group: Mapped[str | None] = mapped_column(String(64))
    author: Mapped[str] = mapped_column(String(128))
    origin: Mapped[str] = mapped_column(String(16), default="human")
    model_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("model_versions.id", ondelete="SET NULL")
    )
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    document: Mapped[DocumentRow] = relationship(back_populates="annotations", lazy="raise")


class ModelVersionRow(Base):
    """A trained model with its parameters, data size, metrics and the serialized model."""

    __tablename__ = "model_versions"

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), default="crf")
    params: Mapped[dict[str, Any]] = mapped_column(default=dict)
    training_documents: Mapped[int] = mapped_column(Integer, default=0)
    metrics: Mapped[dict[str, Any]] = mapped_column(default=dict)
    training_seconds: Mapped[float] = mapped_column(Float, default=0.0)
    model: Mapped[bytes | None] = mapped_column(LargeBinary)
    model_path: Mapped[str | None] = mapped_column(String(1024))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class SuggestionRow(Base):
    """What a model version proposed for a document. Disposable: regenerated after retraining."""

    __tablename__ = "suggestions"
    __table_args__ = (
        CheckConstraint('start >= 0 AND start < "end"', name="offsets"),
        CheckConstraint(_one_of("source", SUGGESTION_SOURCES), name="source"),
        Index("ix_suggestions_document_start", "document_id", "start"),
    )
    # a re-suggestion in another process may replace a suggestion while it is being accepted
    __mapper_args__: ClassVar[dict[str, Any]] = {"confirm_deleted_rows": False}

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(ForeignKey("documents.id", ondelete="CASCADE"))
    model_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("model_versions.id", ondelete="CASCADE")
    )
    start: Mapped[int] = mapped_column(Integer)
    end: Mapped[int] = mapped_column(Integer)
    category: Mapped[str] = mapped_column(String(64))
    confidence: Mapped[float] = mapped_column(Float)
    source: Mapped[str] = mapped_column(String(8))
    rule: Mapped[str | None] = mapped_column(String(64))


class DocumentScoreRow(Base):
    """How unsure a model version is about a document: the active-learning queue's order.

    ``score`` orders the queue (higher first); ``details`` keeps its parts (mean and max token
    entropy, least confidence of the best path, tokens near the threshold, rule/CRF
    disagreement). Disposable like suggestions.
    """

    __tablename__ = "document_scores"

    document_id: Mapped[int] = mapped_column(
        ForeignKey("documents.id", ondelete="CASCADE"), primary_key=True
    )
    model_version_id: Mapped[int | None] = mapped_column(
        ForeignKey("model_versions.id", ondelete="CASCADE")
    )
    score: Mapped[float] = mapped_column(Float, index=True)
    details: Mapped[dict[str, Any]] = mapped_column(default=dict)
    computed_at: Mapped[datetime] = mapped_column(default=utcnow)


class ReviewRow(Base):
    """A reviewer's decision on a submitted document."""

    __tablename__ = "reviews"
    __table_args__ = (CheckConstraint(_one_of("decision", DECISIONS), name="decision"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(
        ForeignKey("documents.id", ondelete="CASCADE"), index=True
    )
    reviewer: Mapped[str] = mapped_column(String(128))
    decision: Mapped[str] = mapped_column(String(16))
    comment: Mapped[str] = mapped_column(Text, default="")
    at: Mapped[datetime] = mapped_column(default=utcnow)


class AuditEventRow(Base):
    """One entry of the append-only audit trail: who, when, what, on which document, why."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    actor: Mapped[str] = mapped_column(String(128))
    action: Mapped[str] = mapped_column(String(64), index=True)
    document_id: Mapped[int | None] = mapped_column(
        ForeignKey("documents.id", ondelete="RESTRICT"), index=True
    )
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(Text, default="")


class SurrogateRow(Base):
    """A case's consistent surrogate for one original, which is kept only as a keyed hash."""

    __tablename__ = "surrogate_vault"
    __table_args__ = (UniqueConstraint("case_id", "category", "original_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    case_id: Mapped[str] = mapped_column(String(255))
    category: Mapped[str] = mapped_column(String(64))
    original_hash: Mapped[str] = mapped_column(String(64))
    surrogate: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class DateOffsetRow(Base):
    """The one date shift of a case, in days, applied to every date of all its reports."""

    __tablename__ = "date_offsets"

    case_id: Mapped[str] = mapped_column(String(255), primary_key=True)
    days: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class CategoryRow(Base):
    """A category of the project's scheme (the scheme is data, editable per project)."""

    __tablename__ = "categories"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    colour: Mapped[str] = mapped_column(String(16))
    key: Mapped[str | None] = mapped_column(String(8))
    hipaa: Mapped[bool] = mapped_column(Boolean, default=True)
    parent: Mapped[str | None] = mapped_column(String(64))
    description: Mapped[str] = mapped_column(Text, default="")


class SettingRow(Base):
    """A project setting (scheme name, masking policy, secrets, retrain frequency...)."""

    __tablename__ = "settings"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[Any] = mapped_column(JSON)


class AssignmentRow(Base):
    """A document given to one annotator of a blind double annotation.

    Each of the two annotators annotates their own copy (:class:`BlindSpanRow`) without
    seeing the other's; ``submitted_at`` is set when they submit it; adjudication then makes
    the gold and sets ``adjudicated_at`` on both.
    """

    __tablename__ = "assignments"
    __table_args__ = (UniqueConstraint("document_id", "annotator"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    document_id: Mapped[int] = mapped_column(
        ForeignKey("documents.id", ondelete="CASCADE"), index=True
    )
    annotator: Mapped[str] = mapped_column(String(128))
    assigned_by: Mapped[str] = mapped_column(String(128))
    assigned_at: Mapped[datetime] = mapped_column(default=utcnow)
    submitted_at: Mapped[datetime | None] = mapped_column()
    adjudicated_at: Mapped[datetime | None] = mapped_column()


class BlindSpanRow(Base):
    """A span of one annotator's blind copy of a double-annotated document."""

    __tablename__ = "blind_spans"
    __table_args__ = (
        CheckConstraint('start >= 0 AND start < "end"', name="offsets"),
        CheckConstraint(_one_of("origin", ORIGINS), name="origin"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), index=True
    )
    start: Mapped[int] = mapped_column(Integer)
    end: Mapped[int] = mapped_column(Integer)
    category: Mapped[str] = mapped_column(String(64))
    group: Mapped[str | None] = mapped_column(String(64))
    author: Mapped[str] = mapped_column(String(128))
    origin: Mapped[str] = mapped_column(String(16), default="human")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
