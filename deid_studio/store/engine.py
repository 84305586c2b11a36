"""The detection engine's rows: model versions, suggestions and uncertainty scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select

from deid_studio.core.document import Suggestion
from deid_studio.store import models as m
from deid_studio.store.transaction import CHUNK, TransactionBase


@dataclass(frozen=True, slots=True)
class StoredModel:
    """A model version with its serialized model."""

    id: int
    kind: str
    created_at: datetime
    params: Mapping[str, Any]
    training_documents: int
    training_seconds: float
    metrics: Mapping[str, Any]
    model: bytes


@dataclass(frozen=True, slots=True)
class DocumentScore:
    """A document's place in the queue: its uncertainty under one model version."""

    document_id: int
    score: float
    details: Mapping[str, Any]
    model_version_id: int | None


class EngineQueries(TransactionBase):
    """Storing model versions; replacing suggestions and queue scores after a retrain."""

    # -- model versions ------------------------------------------------------------------

    def add_model_version(
        self,
        *,
        kind: str,
        params: Mapping[str, Any],
        training_documents: int,
        training_seconds: float,
        metrics: Mapping[str, Any],
        model: bytes,
    ) -> int:
        """Store a trained model; its id (the caller audits it)."""
        row = m.ModelVersionRow(
            kind=kind,
            params=dict(params),
            training_documents=training_documents,
            training_seconds=training_seconds,
            metrics=dict(metrics),
            model=model,
        )
        session = self._write()
        session.add(row)
        session.flush()
        return row.id

    def current_model(self, kind: str | None = None) -> StoredModel | None:
        """The newest model version with its serialized model (of ``kind`` when given), or
        None before any training."""
        v = m.ModelVersionRow
        query = select(v).where(v.model.is_not(None))
        if kind is not None:
            query = query.where(v.kind == kind)
        row = self._session.scalars(query.order_by(v.id.desc()).limit(1)).first()
        if row is None or row.model is None:
            return None
        return StoredModel(
            row.id,
            row.kind,
            row.created_at,
            row.params,
            row.training_documents,
            row.training_seconds,
            row.metrics,
            row.model,
        )

    # -- suggestions and scores ----------------------------------------------------------

    def document_ids(self, statuses: Sequence[str]) -> list[int]:
        """Ids of the documents in these statuses, in import order."""
        d = m.DocumentRow
        query = select(d.id).where(d.status.in_(statuses)).order_by(d.id)
        return list(self._session.scalars(query))

    def replace_suggestions(
        self,
        suggestions: Mapping[int, Sequence[Suggestion]],
        model_version_id: int | None,
    ) -> int:
        """Drop every suggestion of these documents and store the new ones; how many."""
        session = self._write()
        ids = list(suggestions)
        s = m.SuggestionRow
        for i in range(0, len(ids), CHUNK):
            session.execute(delete(s).where(s.document_id.in_(ids[i : i + CHUNK])))
        rows = [
            {
                "document_id": document_id,
                "model_version_id": model_version_id,
                "start": x.start,
                "end": x.end,
                "category": x.category,
                "confidence": x.confidence,
                "source": x.source,
                "rule": x.rule,
            }
            for document_id, found in suggestions.items()
            for x in found
        ]
        if rows:
            session.execute(insert(s), rows)
        return len(rows)

    def replace_scores(
        self, scores: Mapping[int, tuple[float, Mapping[str, Any]]], model_version_id: int | None
    ) -> None:
        """Set the queue score (and its parts) of these documents."""
        session = self._write()
        ids = list(scores)
        s = m.DocumentScoreRow
        for i in range(0, len(ids), CHUNK):
            session.execute(delete(s).where(s.document_id.in_(ids[i : i + CHUNK])))
        rows = [
            {
                "document_id": document_id,
                "model_version_id": model_version_id,
                "score": score,
                "details": dict(details),
                "computed_at": m.utcnow(),
            }
            for document_id, (score, details) in scores.items()
        ]
        if rows:
            session.execute(insert(s), rows)

    def clear_scores(self, document_ids: Sequence[int]) -> None:
        """Forget the queue scores of these documents (once they are annotated)."""
        session = self._write()
        s = m.DocumentScoreRow
        ids = list(document_ids)
        for i in range(0, len(ids), CHUNK):
            session.execute(delete(s).where(s.document_id.in_(ids[i : i + CHUNK])))

    def document_scores(self, document_ids: Sequence[int] | None = None) -> list[DocumentScore]:
        """Stored queue scores, highest first (of these documents, if given)."""
        s = m.DocumentScoreRow
        query = select(s.document_id, s.score, s.details, s.model_version_id)
        if document_ids is not None:
            query = query.where(s.document_id.in_(list(document_ids)))
        query = query.order_by(s.score.desc(), s.document_id)
        return [DocumentScore(*row) for row in self._session.execute(query)]
