"""A project: its database, and transactions that speak in core types.

Services never see a session or an ORM object. They open a :class:`Transaction` for one user
action, call its methods, and record at least one audit event for any change; a transaction
that changed something without an audit event refuses to commit.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Engine, text
from sqlalchemy.exc import (
    DataError,
    DBAPIError,
    IntegrityError,
    OperationalError,
    ProgrammingError,
)
from sqlalchemy.orm import Session, sessionmaker

from deid_studio.core.errors import DeidError, printable
from deid_studio.store import cipher, team
from deid_studio.store.database import (
    ProjectError,
    connection_problem,
    database_url,
    open_database,
    sqlite_path,
    without_password,
)
from deid_studio.store.documents import DocumentQueries, StoredDocument
from deid_studio.store.double import DoubleQueries
from deid_studio.store.editing import EditingQueries
from deid_studio.store.engine import EngineQueries
from deid_studio.store.masking import MaskingQueries
from deid_studio.store.queue import QueueEntry, QueueQueries
from deid_studio.store.transaction import AuditEvent, TransactionBase

SYSTEM_ACTOR = "deid-studio"  # the audit trail's name for what the engine does on its own


class ConnectionLost(ProjectError):
    """The database could not be reached, or the connection broke, during an action: the
    action was rolled back as a whole and can be retried once the server is back."""


class ProjectConflict(ProjectError):
    """Another command changed the project while this one ran; nothing of this one was kept,
    and running it again sees the other's changes."""


class ProjectBusy(ProjectError):
    """Another command held the project for writing too long; nothing was changed."""


class Project:
    """An open project database.

    On SQLite one person works and the actor is the name the caller gives. On a server
    (PostgreSQL) the actor is the database login (:attr:`login`); a transaction for another
    name acts as that login through ``SET ROLE``, which the database allows only to a
    superuser or a member of that role, and is refused otherwise.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self.server = engine.dialect.name == "postgresql"
        self.login: str | None = None
        if self.server:
            with engine.connect() as connection:
                self.login = team.login(connection)

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
        url = self.engine.url.render_as_string(False)
        path = sqlite_path(url)
        return str(path) if path is not None else without_password(url)

    def actor_for(self, name: str) -> str:
        """Who acts when ``name`` is asked for: on a server the login, unless another login
        is named (the database then decides whether the session may act as it)."""
        if not self.server:
            return name
        assert self.login is not None
        return self.login if name in ("", SYSTEM_ACTOR, self.login) else name

    def roles(self, actor: str = "") -> frozenset[str]:
        """The project roles of ``actor`` (on SQLite, one person holds every role)."""
        if not self.server:
            return frozenset(team.ROLES)
        with self.transaction(actor) as tx:
            return tx.roles()

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
        :class:`ProjectConflict` or :class:`ProjectBusy`, a lost connection to a server in
        :class:`ConnectionLost`; their messages hold no data.
        """
        with self._guard(writing=True):
            with self._sessions() as session, session.begin():
                tx = Transaction(session, self._act_as(session, actor))
                tx.server = self.server
                yield tx
                tx.finish()

    @contextmanager
    def reading(self, actor: str = "") -> Iterator[Transaction]:
        """A read-only view; any write in it is a programming error."""
        with self._guard():
            with self._sessions() as session, session.begin():
                tx = Transaction(session, actor="", read_only=True)
                tx.server = self.server
                if actor or self.server:
                    tx.actor = self._act_as(session, actor)
                yield tx
                session.rollback()

    def _act_as(self, session: Session, actor: str) -> str:
        name = self.actor_for(actor)
        if self.server and name != self.login:
            try:
                with session.begin_nested():
                    session.execute(text(f"SET LOCAL ROLE {team.quote(name)}"))
            except (ProgrammingError, DataError):  # not granted; no such role (22023)
                raise team.PermissionRefused(
                    f"signed in as {self.login}, you cannot act as {name}"
                ) from None
        return name

    @contextmanager
    def _guard(self, *, writing: bool = False) -> Iterator[None]:
        """Turn a lost connection into one line; refusals by the database into another; and
        for a write, a clash with another command into :class:`ProjectConflict` or
        :class:`ProjectBusy`."""
        try:
            yield
        except DBAPIError as err:
            if self.server and (err.connection_invalidated or _is_connection_error(err)):
                raise ConnectionLost(
                    f"{self.location}: lost the connection to the database "
                    f"({connection_problem(err)}); nothing of this action was saved — "
                    "retry when the server is back"
                ) from None
            if _is_refusal(err):
                raise team.PermissionRefused(
                    f"the database refused it: {connection_problem(err)}"
                ) from None
            if not writing:
                raise
            if isinstance(err, IntegrityError):
                raise ProjectConflict(
                    f"{self.location}: another command stored the same records while this one "
                    "ran; nothing was changed (run it again to see the project as it is now)"
                ) from None
            if isinstance(err, OperationalError):
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
            raise


def _is_connection_error(err: DBAPIError) -> bool:
    name = err.orig.__class__.__name__ if err.orig is not None else ""
    return name in ("OperationalError", "InterfaceError") and "lock" not in str(err.orig)


def _is_refusal(err: DBAPIError) -> bool:
    code = getattr(err.orig, "sqlstate", None)
    return code in ("42501", "P0001")  # insufficient privilege; raised by a trigger


class Transaction(
    team.TeamQueries,
    DoubleQueries,
    DocumentQueries,
    QueueQueries,
    EditingQueries,
    MaskingQueries,
    EngineQueries,
    TransactionBase,
):
    """Every store operation, within one transaction (see the query modules)."""


__all__ = [
    "SYSTEM_ACTOR",
    "AuditEvent",
    "ConnectionLost",
    "DeidError",
    "Project",
    "ProjectBusy",
    "ProjectConflict",
    "QueueEntry",
    "StoredDocument",
    "Transaction",
]
