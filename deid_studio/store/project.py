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
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import sessionmaker

from deid_studio.core.errors import printable
from deid_studio.store.database import ProjectError, database_url, open_database, sqlite_path
from deid_studio.store.documents import DocumentQueries, StoredDocument
from deid_studio.store.editing import EditingQueries
from deid_studio.store.engine import EngineQueries
from deid_studio.store.masking import MaskingQueries
from deid_studio.store.queue import QueueEntry, QueueQueries
from deid_studio.store.transaction import AuditEvent, TransactionBase


class ProjectConflict(ProjectError):
    """Another command changed the project while this one ran; nothing of this one was kept,
    and running it again sees the other's changes."""


class ProjectBusy(ProjectError):
    """Another command held the project for writing too long; nothing was changed."""


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
        """One user action: committed as a whole at the end, rolled back on any error.

        A clash with another command writing at the same moment ends in
        :class:`ProjectConflict` or :class:`ProjectBusy`, whose messages hold no data.
        """
        try:
            with self._sessions() as session, session.begin():
                tx = Transaction(session, actor)
                yield tx
                tx._check_audited()
        except IntegrityError:
            raise ProjectConflict(
                f"{self.location}: another command stored the same records while this one "
                "ran; nothing was changed (run it again to see the project as it is now)"
            ) from None
        except OperationalError as err:
            problem = str(err.orig).splitlines()[0] if err.orig is not None else "error"
            if "locked" in problem or "busy" in problem:
                raise ProjectBusy(
                    f"{self.location}: another command is writing to the project; nothing "
                    "was changed (try again when it has finished)"
                ) from None
            raise ProjectError(
                f"{self.location}: cannot write to the project ({printable(problem, 120)}); "
                "nothing was changed"
            ) from None

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


__all__ = [
    "AuditEvent",
    "Project",
    "ProjectBusy",
    "ProjectConflict",
    "QueueEntry",
    "StoredDocument",
    "Transaction",
]
