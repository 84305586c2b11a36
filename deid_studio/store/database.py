"""Opening a project database: URL resolution, SQLite pragmas, migrations to head.

The engine is created by an explicit :func:`open_database`, never at import time. Every SQLite
connection gets ``foreign_keys=ON`` and WAL; a new SQLite project file is created readable by
its owner only.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.pool import QueuePool

from deid_studio.core.errors import DeidError
from deid_studio.core.resources import migrations_dir
from deid_studio.store import cipher


class ProjectError(DeidError):
    """The project cannot be opened: missing, unreadable, or from a newer version."""


def database_url(target: str | os.PathLike[str]) -> str:
    """A SQLAlchemy URL for ``--db``: a URL as given, or a file path made absolute."""
    text = os.fspath(target)
    if "://" in text:
        try:
            make_url(text)
        except (ArgumentError, ValueError) as err:
            raise ProjectError(f"{text}: not a database URL ({err})") from None
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL, or None for other databases and in-memory SQLite."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


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
        # configparser interpolates %: a URL-escaped password (or passphrase) doubles them
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
    """An engine with the SQLite pragmas installed on every connection."""
    # An encrypted file pools its connections like a plain one (the pysqlcipher dialect would
    # keep one per thread): each new connection derives the key again, which takes a while.
    if cipher.is_keyed(url):
        cipher.load_driver()
        engine = create_engine(url, poolclass=QueuePool)
    else:
        engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


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
    if path is not None and not path.exists():
        if not create:
            raise ProjectError(
                f"{path}: no project here; create one with `deid-studio --db {path} init`"
            )
        create_project_file(path)
        if passphrase is not None:
            url = cipher.keyed_url(path, passphrase)
            cipher.remember(url)
    elif path is not None and not cipher.is_keyed(url):
        url = cipher.remembered(path) or (
            cipher.unlock(path) if cipher.is_encrypted_file(path) else url
        )
    try:
        engine = make_engine(url)
    except ArgumentError as err:
        raise ProjectError(f"{target}: cannot open the database ({err})") from None
    try:
        _check_is_project(engine, path)
        _check_not_newer(engine)
        upgrade(engine)
    except DBAPIError as err:
        engine.dispose()
        where = path if path is not None else make_url(url).render_as_string(True)
        raise ProjectError(f"{where}: cannot open the database ({err.orig})") from None
    except ProjectError:
        engine.dispose()
        raise
    return engine


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
