"""Opening a project database: URL resolution, SQLite pragmas, migrations to head.

The engine is created by an explicit :func:`open_database`, never at import time. Every SQLite
connection gets ``foreign_keys=ON`` and WAL; a new SQLite project file is created readable by
its owner only. A PostgreSQL URL (any form SQLAlchemy accepts; ``postgresql://`` means the
psycopg 3 driver) opens a shared team project: only its owner migrates it, and after a
migration the owner's connection sets up the team's roles, grants and row-level security
(:mod:`deid_studio.store.team`).
"""

from __future__ import annotations

import os
import selectors
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.pool import QueuePool

from deid_studio.core.errors import DeidError
from deid_studio.core.resources import migrations_dir
from deid_studio.store import cipher


class ProjectError(DeidError):
    """The project cannot be opened: missing, unreadable, or from a newer version."""


_DRIVERS = {"postgresql": "postgresql+psycopg", "postgres": "postgresql+psycopg"}
CONNECT_TIMEOUT = 10  # seconds before an unreachable server is reported


def database_url(target: str | os.PathLike[str]) -> str:
    """A SQLAlchemy URL for ``--db``: a URL as given (``postgresql://`` gets the psycopg 3
    driver), or a file path made absolute."""
    text = os.fspath(target)
    if "://" in text:
        try:
            url = make_url(text)
        except (ArgumentError, ValueError) as err:
            raise ProjectError(f"{text}: not a database URL ({err})") from None
        if url.drivername in _DRIVERS:
            return url.set(drivername=_DRIVERS[url.drivername]).render_as_string(False)
        return text
    path = Path(text).expanduser().resolve()
    # URL.create quotes what a URL would misread ("@", "%", "?", "#" in a file name)
    return URL.create("sqlite", database=str(path)).render_as_string(hide_password=False)


def is_server(url: str) -> bool:
    """True for a PostgreSQL URL (a shared team project)."""
    return make_url(url).get_backend_name() == "postgresql"


def without_password(url: str) -> str:
    """The URL as it may be shown or remembered: no password."""
    return make_url(url)._replace(password=None).render_as_string(False)


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL, or None for other databases and in-memory SQLite."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _check_alive(dialect: Any, dbapi_connection: Any) -> None:
    """A pooled server connection is checked before use, so that a restarted server costs
    no error. A server ending a connection (restart, administrator, idle timeout) tells the
    client — an error message, then the end of the stream — so a connection with nothing to
    read is as alive as a ping could tell, and only one with something to read is pinged:
    one round trip saved on every action. A dead one is replaced (and every connection
    pooled before it: the server probably restarted)."""
    from sqlalchemy.exc import InvalidatePoolError

    if dbapi_connection.closed or dbapi_connection.broken:
        raise InvalidatePoolError("connection closed")
    with selectors.DefaultSelector() as selector:
        selector.register(dbapi_connection.pgconn.socket, selectors.EVENT_READ)
        if not selector.select(timeout=0):
            return
    try:
        dialect.do_ping(dbapi_connection)
    except Exception as err:
        raise InvalidatePoolError(f"connection lost ({err.__class__.__name__})") from None


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def alembic_config(engine: Engine | None = None) -> Config:
    """An Alembic configuration over the shipped migrations (and ``engine``, if given)."""
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    if engine is not None:
        # the configuration interpolates "%": a quoted file name ("a%40b"), a server URL
        # with a percent-encoded socket path or a URL-escaped passphrase would break it
        url = engine.url.render_as_string(False).replace("%", "%%")
        config.set_main_option("sqlalchemy.url", url)
    return config


def head_revision() -> str:
    """The newest migration shipped with this version of the product."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "no migrations shipped"
    return head


def current_revision(engine: Engine) -> str | None:
    """The migration the database is at (None for an empty database)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply migrations up to ``revision`` inside the database's own transaction(s).

    On SQLite, foreign keys are off while migrating: a batch migration rebuilds a table by
    copying it, and dropping the old copy with foreign keys on would cascade-delete the rows
    that point at it (annotations of documents, say). The keys are checked once it is done.
    """
    config = alembic_config(engine)
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()  # ends the autobegun transaction; the pragma stays in force
        try:
            with connection.begin():
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise ProjectError(f"migration left broken references: {broken[:5]}")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def create_project_file(path: Path) -> None:
    """Create an empty SQLite file that only its owner may read or write."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    os.close(fd)


def make_engine(url: str) -> Engine:
    """An engine with the SQLite pragmas installed on every connection (an encrypted file
    keyed by SQLCipher); on a server, pooled
    connections are checked before use (a restarted server costs no error) and an
    unreachable one is reported within seconds. Its errors never show the statement's
    parameters (they would carry narratives)."""
    if is_server(url):
        psycopg = make_url(url).get_driver_name() == "psycopg"
        engine = create_engine(
            url,
            pool_pre_ping=not psycopg,  # psycopg 3: a check without a round trip instead
            connect_args={"connect_timeout": CONNECT_TIMEOUT},
            hide_parameters=True,
        )
        if psycopg:
            dialect = engine.dialect
            event.listen(engine, "checkout", lambda c, _r, _p: _check_alive(dialect, c))
        return engine
    # An encrypted file pools its connections like a plain one (the pysqlcipher dialect would
    # keep one per thread): each new connection derives the key again, which takes a while.
    if cipher.is_keyed(url):
        cipher.load_driver()
        engine = create_engine(url, poolclass=QueuePool, hide_parameters=True)
    else:
        engine = create_engine(url, hide_parameters=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def connection_problem(err: DBAPIError) -> str:
    """The driver's reason for a failed connection or statement, on one line."""
    lines = [line.strip() for line in str(err.orig).splitlines() if line.strip()]
    text = " ".join(lines) or err.__class__.__name__
    text = text.replace("connection failed: ", "").replace("FATAL:  ", "")
    return text


def open_database(
    target: str | os.PathLike[str], *, create: bool = False, passphrase: str | None = None
) -> Engine:
    """Open (or with ``create``, create) a project database and migrate it to head.

    A new file is encrypted with SQLCipher when a ``passphrase`` is given; an encrypted file
    opens with the first passphrase from the key source that fits (see :mod:`.cipher`).
    Raises :class:`ProjectError` when the file does not exist and ``create`` is false, when it
    is not a project database, when no passphrase opens it, or when it was written by a newer
    version of the product.
    """
    url = database_url(target)
    path = sqlite_path(url)
    created = False
    if path is not None and not path.exists():
        if not create:
            raise ProjectError(
                f"{path}: no project here; create one with `deid-studio --db {path} init`"
            )
        create_project_file(path)
        created = True
        if passphrase is not None:
            url = cipher.keyed_url(path, passphrase)
            cipher.remember(url)
    elif path is not None and not cipher.is_keyed(url):
        url = cipher.remembered(path) or (
            cipher.unlock(path) if cipher.is_encrypted_file(path) else url
        )
    try:
        return _open_engine(url, path)
    except BaseException:
        if created and path is not None:
            remove_project_file(path)  # a failed init leaves no stub behind
        raise


def _open_engine(url: str, path: Path | None) -> Engine:
    where = path if path is not None else without_password(url)
    try:
        engine = make_engine(url)
    except ArgumentError as err:
        raise ProjectError(f"{where}: cannot open the database ({err})") from None
    try:
        if is_server(url):
            from deid_studio.store.team import check_access

            check_access(engine, where=str(where))
        _check_is_project(engine, path)
        _check_not_newer(engine)
        if is_server(url):
            from deid_studio.store.team import prepare_server

            prepare_server(engine, where=str(where))
        else:
            upgrade(engine)
    except DBAPIError as err:
        engine.dispose()
        problem = connection_problem(err)
        raise ProjectError(f"{where}: cannot open the database ({problem})") from None
    except BaseException:
        engine.dispose()
        raise
    return engine


def remove_project_file(path: Path) -> None:
    """Delete a SQLite project file with its WAL and shared-memory files, if present."""
    for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        leftover.unlink(missing_ok=True)


def _check_is_project(engine: Engine, path: Path | None) -> None:
    tables = set(inspect(engine).get_table_names())
    if tables and "alembic_version" not in tables:
        where = path if path is not None else engine.url.render_as_string(True)
        raise ProjectError(f"{where}: not a DeID Studio project (it has other tables)")


def _check_not_newer(engine: Engine) -> None:
    current = current_revision(engine)
    if current is None:
        return
    script = ScriptDirectory.from_config(alembic_config())
    try:
        known = script.get_revision(current) is not None
    except CommandError:
        known = False
    if not known:
        raise ProjectError(
            f"{engine.url.database}: written by a newer DeID Studio (schema {current}); "
            "update the application to open it"
        )


def needs_upgrade(engine: Engine) -> bool:
    """True when the database is behind the migrations this version ships."""
    return current_revision(engine) != head_revision()


def with_password(url: str, password: str) -> str:
    """The URL carrying ``password`` (kept in memory only, never written anywhere)."""
    return make_url(url).set(password=password).render_as_string(False)


def needs_password(url: str) -> bool:
    """True for a server URL that names no password (one is asked for, or read from the
    OS keyring)."""
    return is_server(url) and not make_url(url).password
