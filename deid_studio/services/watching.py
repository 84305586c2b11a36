"""Keeping an open window in step with the rest of the team: a new model version or new
suggestions published by anyone (a retrain in another window, ``deid-studio train``).

:func:`watch` blocks (run it on a worker thread): on PostgreSQL it listens (LISTEN/NOTIFY)
and checks the marker when woken; elsewhere, or when listening fails, it polls
:func:`change_marker` every ``poll_seconds``. ``on_change`` is called with the new marker.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from deid_studio.store import notify
from deid_studio.store.project import Project

POLL_SECONDS = 10.0


def change_marker(project: Project) -> int:
    """Grows whenever a model version or new suggestions are published."""
    return notify.change_marker(project.engine)


def watch(
    project: Project,
    since: int,
    on_change: Callable[[int], None],
    stopped: Callable[[], bool],
    *,
    poll_seconds: float = POLL_SECONDS,
) -> None:
    """Report every change after marker ``since`` until ``stopped()``."""
    seen = since

    def check(_payload: str = "") -> None:
        nonlocal seen
        try:
            now = change_marker(project)
        except Exception:  # a lost connection: the next check tries again
            return
        if now > seen:
            seen = now
            on_change(now)

    if project.server:
        try:
            notify.listen(project.engine, check, stopped)
            return
        except Exception:  # no LISTEN (a pooler, a broken connection): poll instead
            pass
    while not stopped():
        deadline = time.monotonic() + poll_seconds
        while time.monotonic() < deadline and not stopped():
            time.sleep(0.2)
        check()
