"""The base of a transaction: bookkeeping, the audit trail, settings and the scheme.

Query modules of the store (``documents``, ...) add their operations as mixins over
:class:`TransactionBase`; :class:`~deid_studio.store.project.Transaction` combines them.
Everything they take and return is a core type.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from deid_studio.core.categories import Category, Scheme
from deid_studio.store import models as m

CHUNK = 500  # bound parameters per IN (...) query stay well under SQLite's limit


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


class TransactionBase:
    """One transaction's session, who acts in it, and whether it changed and audited."""

    def __init__(self, session: Session, actor: str, *, read_only: bool = False) -> None:
        self._session = session
        self.actor = actor
        self._read_only = read_only
        self._changed = False
        self._audited = False
        self.server = False
        self._roles: frozenset[str] | None = None
        self._pending_audit: list[dict[str, Any]] = []
        self.memo: dict[Any, Any] = {}
        """What a service read once in this transaction and needs again (the snapshot
        cannot change under it)."""

    # -- who may ---------------------------------------------------------------------------

    def roles(self) -> frozenset[str]:
        """The actor's project roles: on a server the login's database roles; on SQLite one
        person holds them all."""
        if self._roles is None:
            from deid_studio.store import team

            if self.server:
                self._roles = team.roles_of(self._session.connection())
            else:
                self._roles = frozenset(team.ROLES)
        return self._roles

    def require(self, role: str, what: str) -> None:
        """Refuse in one line unless the actor holds ``role`` (or a higher one)."""
        if role not in self.roles():
            from deid_studio.store.team import PermissionRefused

            held = ", ".join(sorted(self.roles())) or "no role"
            raise PermissionRefused(
                f"{self.actor} ({held}) may not {what}: that needs the {role} role"
            )

    # -- bookkeeping ---------------------------------------------------------------------

    def _write(self) -> Session:
        if self._read_only:
            raise RuntimeError("write attempted in a read-only transaction")
        self._changed = True
        return self._session

    def _check_audited(self) -> None:
        if self._changed and not self._audited:
            raise RuntimeError("a transaction changed the project without an audit event")

    def finish(self) -> None:
        """Before the commit: refuse a change without an audit event, and write the audit
        events the transaction recorded."""
        self._check_audited()
        self._flush_audit()

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
        """Append one event per (document id, before, after), all at the same moment.

        The events are written together, in the order recorded, in one statement when the
        transaction ends (or before anything reads the audit trail in it): an action's
        events cost one round trip to a server, not one each.
        """
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
            self._write()
            self._pending_audit.extend(rows)
            self._audited = True

    def _flush_audit(self) -> None:
        """Write the recorded audit events (every read of the audit trail calls it first)."""
        if self._pending_audit:
            rows, self._pending_audit = self._pending_audit, []
            self._session.execute(insert(m.AuditEventRow), rows)

    def audit_trail(self, document_id: int | None = None) -> list[AuditEvent]:
        """Audit events, oldest first; of one document when ``document_id`` is given."""
        self._flush_audit()
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
        """The project's category scheme (one statement: its name comes with each category)."""
        c, s = m.CategoryRow, m.SettingRow
        name = select(s.value).where(s.key == "scheme").scalar_subquery()
        columns = (c.name, c.colour, c.key, c.hipaa, c.parent, c.description)
        rows = self._session.execute(select(*columns, name).order_by(c.position)).all()
        if not rows:
            return Scheme(self.setting("scheme", "custom"), ())
        named = rows[0][-1]
        return Scheme("custom" if named is None else named, tuple(Category(*r[:-1]) for r in rows))

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
