"""A project: its database, and transactions that speak in core types.

Services never see a session or an ORM object. They open a :class:`Transaction` for one user
action, call its methods, and record at least one audit event for any change; a transaction
that changed something without an audit event refuses to commit.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, func, insert, select
from sqlalchemy.orm import Session, sessionmaker

from deid_studio.core.categories import Category, Scheme
from deid_studio.core.document import Document, Span
from deid_studio.store import models as m
from deid_studio.store.database import database_url, open_database, sqlite_path

_CHUNK = 500  # bound parameters per IN (...) query stay well under SQLite's limit


@dataclass(frozen=True, slots=True)
class AuditEvent:
    """An entry of the audit trail, as services and the GUI see it."""

    at: datetime
    actor: str
    action: str
    document_id: int | None
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None
    reason: str


@dataclass(frozen=True, slots=True)
class StoredDocument:
    """A stored narrative with its workflow status and its gold spans."""

    document: Document
    status: str


class Project:
    """An open project database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def open(cls, target: str | os.PathLike[str], *, create: bool = False) -> Project:
        """Open the project at a path or URL, migrating it to the current schema."""
        return cls(open_database(target, create=create))

    @staticmethod
    def exists(target: str | os.PathLike[str]) -> bool:
        """True when a SQLite project file exists (always True for server URLs)."""
        path = sqlite_path(database_url(target))
        return path is None or path.exists()

    @property
    def location(self) -> str:
        """Where the project lives: its file path, or its URL without password."""
        path = sqlite_path(self.engine.url.render_as_string(False))
        return str(path) if path is not None else self.engine.url.render_as_string(True)

    def close(self) -> None:
        """Release every connection."""
        self.engine.dispose()

    def __enter__(self) -> Project:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self, actor: str) -> Iterator[Transaction]:
        """One user action: committed as a whole at the end, rolled back on any error."""
        with self._sessions() as session, session.begin():
            tx = Transaction(session, actor)
            yield tx
            tx._check_audited()

    @contextmanager
    def reading(self) -> Iterator[Transaction]:
        """A read-only view; any write in it is a programming error."""
        with self._sessions() as session, session.begin():
            tx = Transaction(session, actor="", read_only=True)
            yield tx
            session.rollback()


class Transaction:
    """The store's operations within one transaction, in core types."""

    def __init__(self, session: Session, actor: str, *, read_only: bool = False) -> None:
        self._session = session
        self.actor = actor
        self._read_only = read_only
        self._changed = False
        self._audited = False

    # -- bookkeeping ---------------------------------------------------------------------

    def _write(self) -> Session:
        if self._read_only:
            raise RuntimeError("write attempted in a read-only transaction")
        self._changed = True
        return self._session

    def _check_audited(self) -> None:
        if self._changed and not self._audited:
            raise RuntimeError("a transaction changed the project without an audit event")

    # -- audit trail ---------------------------------------------------------------------

    def audit(
        self,
        action: str,
        *,
        document_id: int | None = None,
        before: Mapping[str, Any] | None = None,
        after: Mapping[str, Any] | None = None,
        reason: str = "",
    ) -> None:
        """Append one event to the audit trail."""
        self.audit_many(action, [(document_id, before, after)], reason=reason)

    def audit_many(
        self,
        action: str,
        events: Iterable[tuple[int | None, Mapping[str, Any] | None, Mapping[str, Any] | None]],
        *,
        reason: str = "",
    ) -> None:
        """Append one event per (document id, before, after), all at the same moment."""
        at = m.utcnow()
        rows = [
            {
                "at": at,
                "actor": self.actor,
                "action": action,
                "document_id": doc,
                "before": dict(before) if before is not None else None,
                "after": dict(after) if after is not None else None,
                "reason": reason,
            }
            for doc, before, after in events
        ]
        if rows:
            self._write().execute(insert(m.AuditEventRow), rows)
            self._audited = True

    def audit_trail(self, document_id: int | None = None) -> list[AuditEvent]:
        """Audit events, oldest first; of one document when ``document_id`` is given."""
        query = select(m.AuditEventRow).order_by(m.AuditEventRow.id)
        if document_id is not None:
            query = query.where(m.AuditEventRow.document_id == document_id)
        return [
            AuditEvent(r.at, r.actor, r.action, r.document_id, r.before, r.after, r.reason)
            for r in self._session.scalars(query)
        ]

    # -- settings and scheme -------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        """A project setting, or ``default`` when unset."""
        row = self._session.get(m.SettingRow, key)
        return default if row is None else row.value

    def set_setting(self, key: str, value: Any) -> None:
        """Set a project setting (the caller audits it)."""
        session = self._write()
        row = session.get(m.SettingRow, key)
        if row is None:
            session.add(m.SettingRow(key=key, value=value))
        else:
            row.value = value

    def scheme(self) -> Scheme:
        """The project's category scheme."""
        rows = self._session.scalars(select(m.CategoryRow).order_by(m.CategoryRow.position))
        categories = tuple(
            Category(r.name, r.colour, r.key, r.hipaa, r.parent, r.description) for r in rows
        )
        return Scheme(self.setting("scheme", "custom"), categories)

    def set_scheme(self, scheme: Scheme) -> None:
        """Replace the project's categories by ``scheme`` (the caller audits it)."""
        session = self._write()
        session.query(m.CategoryRow).delete()
        session.add_all(
            m.CategoryRow(
                name=c.name,
                position=i,
                colour=c.colour,
                key=c.key,
                hipaa=c.hipaa,
                parent=c.parent,
                description=c.description,
            )
            for i, c in enumerate(scheme.categories)
        )
        self.set_setting("scheme", scheme.name)

    # -- documents -----------------------------------------------------------------------

    def known_hashes(self, hashes: Iterable[str]) -> dict[str, tuple[int, str]]:
        """Of the given content hashes, those already stored: hash -> (id, external id)."""
        wanted = list(dict.fromkeys(hashes))
        found: dict[str, tuple[int, str]] = {}
        for i in range(0, len(wanted), _CHUNK):
            query = select(
                m.DocumentRow.content_hash, m.DocumentRow.id, m.DocumentRow.external_id
            ).where(m.DocumentRow.content_hash.in_(wanted[i : i + _CHUNK]))
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
        for i in range(0, len(document_ids), _CHUNK):
            query = (
                select(a.document_id, a.start, a.end, a.category, a.group)
                .where(a.document_id.in_(document_ids[i : i + _CHUNK]))
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
