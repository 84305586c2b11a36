"""Encrypted project files: SQLCipher, keyed by a passphrase.

Every page of an encrypted project file is encrypted by SQLCipher (AES-256, its key derived
from the passphrase by PBKDF2-HMAC-SHA512). The engine's URL carries the passphrase,
``sqlite+pysqlcipher://:PASSPHRASE@/PATH``, and SQLAlchemy's ``pysqlcipher`` dialect (over the
``sqlcipher3`` driver) keys every connection with it; so everything above the engine — and the
training processes, which reopen the project from its URL — works unchanged.

Where a passphrase comes from is not the store's business: a *key source* (``DEID_STUDIO_KEY``
by default; the command line and the window install theirs) yields the passphrases to try for
a file, and the store tries each, writing nothing until one opens it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable
from contextlib import closing
from functools import cache
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import NullPool

from deid_studio.core.errors import DeidError

DRIVER = "sqlite+pysqlcipher"
SQLITE_HEADER = b"SQLite format 3\x00"
ENVIRONMENT_KEY = "DEID_STUDIO_KEY"

KeySource = Callable[[Path], Iterable[str]]
"""Passphrases to try for an encrypted file, lazily, best guess first."""


class PassphraseError(DeidError):
    """An encrypted project that no passphrase given opens; nothing was changed."""


def environment_key(_path: Path) -> Iterable[str]:
    """The passphrase in ``DEID_STUDIO_KEY``, for batch work (the default key source)."""
    key = os.environ.get(ENVIRONMENT_KEY)
    return [key] if key else []


_key_source: KeySource = environment_key


def set_key_source(source: KeySource | None) -> None:
    """Where passphrases come from from now on (None: ``DEID_STUDIO_KEY`` only)."""
    global _key_source
    _key_source = source or environment_key


def is_encrypted_file(path: Path) -> bool:
    """True for a file that has the shape of a database (whole 512-byte pages) but that SQLite
    cannot read: an encrypted project (or garbage, which no passphrase will open).

    SQLite itself reads the file: closing a file descriptor of our own would drop the locks
    that this process's open connections hold on it (POSIX locks belong to the process), while
    SQLite defers such closes. The first open of an encrypted file in a process comes here;
    later ones find its URL in :func:`remembered` and never read it outside SQLCipher.
    """
    try:
        size = path.stat().st_size
    except OSError:
        return False
    if size == 0 or size % 512:
        return False
    try:
        with closing(sqlite3.connect(path)) as connection:
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as err:
        return "not a database" in str(err) or "encrypted" in str(err)
    return False


def remembered(path: Path) -> str | None:
    """The keyed URL that opened this file earlier in this process, if it still does (another
    process may have changed the passphrase since)."""
    url = _unlocked.get(path)
    if url is not None and not opens(url):
        del _unlocked[path]
        return None
    return url


def remember(url: str) -> None:
    """Keep the keyed URL that opens a file, for the process's later opens of it."""
    database = make_url(url).database
    if database:
        _unlocked[Path(database)] = url


def forget_unlocked() -> None:
    """Forget every keyed URL of this process: the next open asks for the passphrase again."""
    _unlocked.clear()


_unlocked: dict[Path, str] = {}


def is_keyed(url: str) -> bool:
    """True when the URL opens an encrypted file (it carries the passphrase)."""
    return make_url(url).drivername == DRIVER


def keyed_url(path: Path, passphrase: str) -> str:
    """The URL of an encrypted project file, its passphrase inside."""
    if not passphrase:
        raise PassphraseError(f"{path}: the passphrase is empty")
    url = URL.create(DRIVER, username="", password=passphrase, database=str(path))
    return url.render_as_string(hide_password=False)


def plain_url(url: str) -> str:
    """The same database without the passphrase (to name it in messages and settings)."""
    return make_url(url).set(drivername="sqlite", password=None).render_as_string(False)


@cache
def load_driver() -> None:
    """Load SQLCipher once, with its own logging off: it would print a wrong passphrase's
    decryption errors on stderr, and the user gets one line from us instead."""
    try:
        import sqlcipher3
    except ImportError as err:
        raise DeidError(
            f"encrypted projects need the sqlcipher3 package ({err}); pip install sqlcipher3"
        ) from None
    connection = sqlcipher3.connect(":memory:")
    try:
        connection.execute("PRAGMA cipher_log_level = NONE")  # process-wide
    finally:
        connection.close()


def opens(url: str) -> bool:
    """Whether the passphrase in ``url`` decrypts the file. Reads one page, writes nothing."""
    load_driver()
    probe = create_engine(url, poolclass=NullPool)
    try:
        with probe.connect() as connection:
            connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar()
        return True
    except DBAPIError:
        return False
    finally:
        probe.dispose()


def unlock(path: Path, source: KeySource | None = None) -> str:
    """The keyed URL of an encrypted file, with the first passphrase from the key source that
    opens it. Raises :class:`PassphraseError` (one line) when none does."""
    tried = 0
    for passphrase in (source or _key_source)(path):
        if not passphrase:
            continue
        tried += 1
        url = keyed_url(path, passphrase)
        if opens(url):
            remember(url)
            return url
    if not tried:
        raise PassphraseError(
            f"{path}: encrypted (or not a project file); give its passphrase "
            f"({ENVIRONMENT_KEY}, the system keyring, or type it when asked)"
        )
    raise PassphraseError(f"{path}: wrong passphrase; nothing was changed")


def rekey(engine: Engine, passphrase: str) -> None:
    """Re-encrypt the whole file under a new passphrase (in one transaction of SQLCipher's).

    The engine's other connections still hold the old key: the caller disposes of it.
    """
    if engine.url.drivername != DRIVER:
        raise PassphraseError(f"{engine.url.database}: the project is not encrypted")
    keyed_url(Path(engine.url.database or ""), passphrase)  # refuses an empty passphrase
    quoted = engine.dialect.identifier_preparer.quote_identifier(passphrase)
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.exec_driver_sql(f"PRAGMA rekey={quoted}")
        connection.commit()


def encrypt(engine: Engine, path: Path, passphrase: str) -> None:
    """Encrypt a plain project file in place: an encrypted copy is written beside it (by
    SQLCipher's ``sqlcipher_export``) and moved over it once complete. The engine must have no
    connection in use; the caller disposes of it and opens the file with the new URL.

    The old clear pages may survive in the disk's free blocks: a new project created
    encrypted never has them.
    """
    keyed_url(path, passphrase)  # refuses an empty passphrase
    load_driver()
    import sqlcipher3

    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        version = connection.exec_driver_sql("PRAGMA user_version").scalar()
    engine.dispose()
    copy = path.with_name(path.name + ".encrypting")
    copy.unlink(missing_ok=True)
    os.close(os.open(copy, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    try:
        plain = sqlcipher3.connect(str(path), isolation_level=None)
        try:
            plain.execute("ATTACH DATABASE ? AS encrypted KEY ?", (str(copy), passphrase))
            plain.execute("SELECT sqlcipher_export('encrypted')")
            plain.execute(f"PRAGMA encrypted.user_version = {int(version or 0)}")
            plain.execute("DETACH DATABASE encrypted")
        finally:
            plain.close()
        if not opens(keyed_url(path.with_name(copy.name), passphrase)):
            raise PassphraseError(f"{path}: the encrypted copy does not open; nothing was changed")
        os.replace(copy, path)
    finally:
        copy.unlink(missing_ok=True)
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
