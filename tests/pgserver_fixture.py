"""A real PostgreSQL server for the tests, started once per session from the ``pgserver``
wheel (PostgreSQL binaries inside a PyPI package: nothing to install on the machine).

The superuser ``postgres`` connects over the Unix socket without a password; every other
login must give its password (scram-sha-256), so wrong passwords are tested for real.
Each test gets a database of its own, copied from a template that is already migrated.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import psycopg
from psycopg import sql

TEST_ACTORS = ("ann", "bob", "cat", "dan", "rev", "rita", "s", "steward", "x", "tester", "demo")
PASSWORD = "secret-pw"
_HBA = (
    "local all postgres trust\n"
    "local all all scram-sha-256\n"
    "host all all 127.0.0.1/32 scram-sha-256\n"
)


class PgServer:
    """One running server: URLs for its logins, fresh databases."""

    def __init__(self) -> None:
        import os

        os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp())  # platformdirs asks
        import pgserver

        # a short folder: the socket path must stay under 108 bytes
        self.folder = Path(tempfile.mkdtemp(prefix="deidpg"))
        self._server = pgserver.get_server(self.folder, cleanup_mode="stop")
        (self.folder / "pg_hba.conf").write_text(_HBA)
        self.sql("SELECT pg_reload_conf()")
        self._numbers = itertools.count(1)
        self._template: str | None = None

    @property
    def socket(self) -> str:
        """The folder holding the server's socket."""
        return str(self.folder)

    def url(self, database: str, user: str = "postgres", password: str | None = None) -> str:
        """A SQLAlchemy URL, the socket folder percent-encoded in its query."""
        secret = f":{quote(password, safe='')}" if password else ""
        host = quote(self.socket, safe="")
        return f"postgresql+psycopg://{user}{secret}@/{database}?host={host}"

    def connect(
        self, database: str = "postgres", user: str = "postgres", password: str | None = None
    ) -> psycopg.Connection:
        """A plain psycopg connection (autocommit), as any SQL client would open."""
        return psycopg.connect(
            host=self.socket, dbname=database, user=user, password=password, autocommit=True
        )

    def sql(self, statement: str | sql.Composable, database: str = "postgres") -> None:
        """Run one statement as the superuser."""
        with self.connect(database) as c:
            c.execute(statement)

    def create_login(self, name: str, password: str = PASSWORD) -> None:
        """A login (if missing) with this password."""
        with self.connect() as c:
            exists = c.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone()
            verb = "ALTER" if exists else "CREATE"
            c.execute(
                sql.SQL("{} ROLE {} LOGIN PASSWORD {}").format(
                    sql.SQL(verb), sql.Identifier(name), sql.Literal(password)
                )
            )

    def new_database(self, *, migrated: bool = True) -> str:
        """An empty database, or (``migrated``) one at the head revision set up for a team,
        with every name the tests act as holding the steward role."""
        name = f"t{next(self._numbers)}"
        if not migrated:
            self.sql(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            return name
        if self._template is None:
            self._template = self._make_template()
        self.sql(
            sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                sql.Identifier(name), sql.Identifier(self._template)
            )
        )
        return name

    def _make_template(self) -> str:
        from deid_studio.store.database import open_database
        from deid_studio.store.team import add_user

        name = "deid_template"
        self.sql(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        engine = open_database(self.url(name))
        with engine.begin() as connection:
            for actor in TEST_ACTORS:
                add_user(connection, actor, "steward", PASSWORD)
        engine.dispose()
        return name

    def drop_database(self, name: str) -> None:
        """Drop a test database (its open connections are ended first)."""
        self.sql(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))

    def stop(self) -> None:
        """Stop the server and remove its files."""
        self._server.cleanup()
        shutil.rmtree(self.folder, ignore_errors=True)


def start() -> Iterator[PgServer]:
    """Start a server, yield it, stop it."""
    server = PgServer()
    try:
        yield server
    finally:
        server.stop()
