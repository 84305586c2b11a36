"""A project: its database, and transactions that speak in core types.

Services never see a session or an ORM object. They open a :class:`Transaction` for one user
action, call its methods, and record at least one audit event for any change; a transaction
that changed something without an audit event refuses to commit.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine
from sqlalchemy.orm import sessionmaker

from deid_studio.store import cipher
from deid_studio.store.database import ProjectError, database_url, open_database, sqlite_path
from deid_studio.store.documents import DocumentQueries, StoredDocument
from deid_studio.store.editing import EditingQueries
from deid_studio.store.engine import EngineQueries
from deid_studio.store.masking import MaskingQueries
from deid_studio.store.queue import QueueEntry, QueueQueries
from deid_studio.store.transaction import AuditEvent, TransactionBase


class Project:
    """An open project database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def open(
        cls, target: str | os.PathLike[str], *, create: bool = False, passphrase: str | None = None
    ) -> Project:
        """Open the project at a path or URL, migrating it to the current schema (a new file
        is encrypted when a ``passphrase`` is given)."""
        return cls(open_database(target, create=create, passphrase=passphrase))

    @staticmethod
    def exists(target: str | os.PathLike[str]) -> bool:
        """True when a SQLite project file exists (always True for server URLs)."""
        path = sqlite_path(database_url(target))
        return path is None or path.exists()

    @property
    def encrypted(self) -> bool:
        """True when the project file is encrypted (SQLCipher)."""
        return cipher.is_keyed(self.engine.url.render_as_string(False))

    def change_passphrase(self, passphrase: str) -> None:
        """Re-encrypt the project file under a new passphrase, or encrypt a plain one. Every
        connection is closed for it: nothing else may use the project meanwhile."""
        url = self.engine.url.render_as_string(False)
        path = sqlite_path(url)
        if path is None:
            raise ProjectError(f"{self.location}: only a project file can be encrypted")
        if cipher.is_keyed(url):
            cipher.rekey(self.engine, passphrase)
        else:
            cipher.encrypt(self.engine, path, passphrase)
        self.engine.dispose()
        url = cipher.keyed_url(path, passphrase)
        cipher.remember(url)
        self.engine = open_database(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

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


class Transaction(
    DocumentQueries,
    QueueQueries,
    EditingQueries,
    MaskingQueries,
    EngineQueries,
    TransactionBase,
):
    """Every store operation, within one transaction (see the query modules)."""


__all__ = ["AuditEvent", "Project", "QueueEntry", "StoredDocument", "Transaction"]
