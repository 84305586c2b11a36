"""Documents and their gold spans: storing imports, reading them back, counting."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import func, insert, select

from deid_studio.core.document import Document, Span
from deid_studio.store import models as m
from deid_studio.store.transaction import CHUNK, TransactionBase


@dataclass(frozen=True, slots=True)
class StoredDocument:
    """A stored narrative with its workflow status and its gold spans."""

    document: Document
    status: str


class DocumentQueries(TransactionBase):
    """Operations on documents and annotations."""

    # -- documents -----------------------------------------------------------------------

    def known_hashes(self, hashes: Iterable[str]) -> dict[str, tuple[int, str]]:
        """Of the given content hashes, those already stored: hash -> (id, external id)."""
        wanted = list(dict.fromkeys(hashes))
        found: dict[str, tuple[int, str]] = {}
        for i in range(0, len(wanted), CHUNK):
            query = select(
                m.DocumentRow.content_hash, m.DocumentRow.id, m.DocumentRow.external_id
            ).where(m.DocumentRow.content_hash.in_(wanted[i : i + CHUNK]))
            found.update((h, (doc_id, ext)) for h, doc_id, ext in self._session.execute(query))
        return found

    def add_documents(
        self,
        documents: Sequence[Document],
        *,
        status: str = "new",
        gold: bool = False,
        origin: str = "imported",
    ) -> list[int]:
        """Store documents (and, with ``gold``, their spans as annotations); their new ids."""
        rows = [
            {
                "external_id": d.external_id,
                "case_id": d.case,
                "source": d.source,
                "text": d.text,
                "meta": dict(d.meta),
                "language": d.language,
                "status": status,
                "content_hash": d.content_hash(),
            }
            for d in documents
        ]
        if not rows:
            return []
        session = self._write()
        result = session.execute(
            insert(m.DocumentRow).returning(m.DocumentRow.id, sort_by_parameter_order=True),
            rows,
        )
        ids = list(result.scalars())
        if gold:
            spans = [
                {
                    "document_id": doc_id,
                    "start": s.start,
                    "end": s.end,
                    "category": s.category,
                    "group": s.group,
                    "author": self.actor,
                    "origin": origin,
                }
                for doc_id, d in zip(ids, documents, strict=True)
                for s in d.spans
            ]
            if spans:
                session.execute(insert(m.AnnotationRow), spans)
        return ids

    def add_reviews(self, document_ids: Iterable[int], decision: str, comment: str = "") -> None:
        """Record the actor's review decision on each document (the caller audits it)."""
        rows = [
            {"document_id": i, "reviewer": self.actor, "decision": decision, "comment": comment}
            for i in document_ids
        ]
        if rows:
            self._write().execute(insert(m.ReviewRow), rows)

    def documents(
        self,
        *,
        ids: Sequence[int] | None = None,
        statuses: Sequence[str] | None = None,
    ) -> list[StoredDocument]:
        """Documents in import order with their gold spans, optionally filtered."""
        query = select(m.DocumentRow).order_by(m.DocumentRow.id)
        if ids is not None:
            query = query.where(m.DocumentRow.id.in_(ids))
        if statuses is not None:
            query = query.where(m.DocumentRow.status.in_(statuses))
        rows = list(self._session.scalars(query))
        spans = self._gold_spans([r.id for r in rows])
        return [
            StoredDocument(
                Document(
                    text=r.text,
                    spans=tuple(spans.get(r.id, ())),
                    external_id=r.external_id,
                    case_id=r.case_id,
                    source=r.source,
                    meta=r.meta,
                    language=r.language,
                    id=r.id,
                ),
                r.status,
            )
            for r in rows
        ]

    def _gold_spans(self, document_ids: Sequence[int]) -> dict[int, list[Span]]:
        spans: dict[int, list[Span]] = {}
        a = m.AnnotationRow
        for i in range(0, len(document_ids), CHUNK):
            query = (
                select(a.document_id, a.start, a.end, a.category, a.group)
                .where(a.document_id.in_(document_ids[i : i + CHUNK]))
                .order_by(a.document_id, a.start, a.end)
            )
            for doc_id, start, end, category, group in self._session.execute(query):
                spans.setdefault(doc_id, []).append(Span(start, end, category, group))
        return spans

    def status_counts(self) -> dict[str, int]:
        """How many documents are in each status."""
        query = select(m.DocumentRow.status, func.count()).group_by(m.DocumentRow.status)
        return {status: count for status, count in self._session.execute(query)}

    def annotation_count(self) -> int:
        """How many gold spans the project holds."""
        return self._session.scalar(select(func.count()).select_from(m.AnnotationRow)) or 0
