"""Looking at a project database without changing it: reachable, encrypted, which revision."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.pool import NullPool

from deid_studio.core.errors import DeidError
from deid_studio.store import cipher
from deid_studio.store.database import current_revision, database_url, head_revision, sqlite_path


@dataclass(frozen=True, slots=True)
class DatabaseState:
    """What ``deid-studio doctor`` reports about the project database."""

    url: str  # without password or passphrase
    path: Path | None  # the project file, for SQLite
    exists: bool
    encrypted: bool
    reachable: bool
    revision: str | None
    head: str
    problem: str = ""


def probe(target: str | os.PathLike[str]) -> DatabaseState:
    """Connect to the project database and read its migration revision: no file is created,
    nothing is migrated or written. An encrypted file asks the key source for its passphrase.
    """
    url = database_url(target)
    path = sqlite_path(url)
    shown = str(path) if path is not None else make_url(url).render_as_string(True)
    head = head_revision()
    if path is not None and not path.exists():
        return DatabaseState(shown, path, False, False, False, None, head, "no project file yet")
    encrypted = cipher.is_keyed(url) or (path is not None and cipher.is_encrypted_file(path))
    try:
        if encrypted and not cipher.is_keyed(url):
            url = cipher.unlock(path)  # type: ignore[arg-type]
        if encrypted:
            cipher.load_driver()
        engine = create_engine(url, poolclass=NullPool)  # no pragmas: it only reads
    except (DeidError, SQLAlchemyError) as err:
        return DatabaseState(shown, path, True, encrypted, False, None, head, _first_line(err))
    try:
        revision = current_revision(engine)
    except DBAPIError as err:
        return DatabaseState(shown, path, True, encrypted, False, None, head, _first_line(err.orig))
    finally:
        engine.dispose()
    return DatabaseState(shown, path, True, encrypted, True, revision, head)


def _first_line(err: object) -> str:
    return (str(err).strip().splitlines() or [type(err).__name__])[0]
