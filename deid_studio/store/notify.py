"""Announcements between the windows of a project: a new model version, new suggestions.

On PostgreSQL the database itself announces every ``train`` and ``resuggest`` audit event on
a channel (a trigger, see :mod:`deid_studio.store.team`); :func:`listen` waits for them on a
connection of its own (LISTEN/NOTIFY). Everywhere, and as the fallback when listening fails,
:func:`change_marker` is cheap to poll: the newest such audit event.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Engine, func, select

from deid_studio.store import models as m
from deid_studio.store.team import ANNOUNCED, CHANNEL


def change_marker(engine: Engine) -> int:
    """The id of the newest audit event that announces a model version or new suggestions
    (0 before any)."""
    e = m.AuditEventRow
    with engine.connect() as connection:
        found = connection.execute(select(func.max(e.id)).where(e.action.in_(ANNOUNCED)))
        return int(found.scalar() or 0)


def listen(
    engine: Engine,
    on_change: Callable[[str], None],
    stopped: Callable[[], bool],
    *,
    wake_seconds: float = 1.0,
) -> None:
    """Call ``on_change(payload)`` for every announcement until ``stopped()``; returns when
    stopped. Raises the driver's error if the connection cannot be opened or breaks (the
    caller falls back to polling)."""
    import psycopg

    url = engine.url.set(drivername="postgresql")
    params = {
        "host": url.query.get("host") or url.host,
        "port": url.port,
        "dbname": url.database,
        "user": url.username,
        "password": url.password,
    }
    with psycopg.connect(
        **{k: v for k, v in params.items() if v is not None}, autocommit=True
    ) as connection:
        connection.execute(f"LISTEN {CHANNEL}")
        while not stopped():
            for note in connection.notifies(timeout=wake_seconds):
                on_change(note.payload)
                if stopped():
                    return
