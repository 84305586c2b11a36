"""Finding every process a command started, orphans included (Linux ``/proc``).

A command started with ``start_new_session=True`` leads a session of its own: every process
it ever makes keeps that session id, even once reparented after its parent died, so the
session id finds survivors of a ``kill -9``. Used by the kill harness and the tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path


def session_processes(session: int) -> list[tuple[int, int, str]]:
    """(pid, parent pid, command line) of the live processes of ``session``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        state, parent, sid = fields[0], int(fields[1]), int(fields[3])
        if sid == session and state not in ("Z", "X"):
            found.append((int(entry.name), parent, command[:100]))
    return found


def wait_until(condition: Callable[[], bool], seconds: float, step: float = 0.05) -> bool:
    """Poll ``condition`` until it holds or ``seconds`` pass; its last value."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return condition()
