"""A child process's lifeline to its parent: it dies when the parent dies.

On Linux the kernel sends the child SIGKILL when its parent ends (``prctl(PR_SET_PDEATHSIG)``,
through ctypes); elsewhere a watchdog thread exits when the parent changes. The request
survives ``exec`` but not ``fork``, so each child makes it for itself: first, as early as
possible, when the ``deid_studio`` package is imported in a process whose parent named itself
in :data:`ENV` before spawning it (:func:`bind_early`, in a few tens of milliseconds rather
than after seconds of imports); then again, with the parent's pid passed explicitly, at the
top of the child's entry point (``services.children.bind_to_parent``), which also exits at
once if the parent already died. No imports beyond the standard library: this runs before
anything else of the package.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

ENV = "DEID_STUDIO_PARENT_PID"
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
WATCH_SECONDS = 0.5

_bound: int | None = None


def bind(parent_pid: int) -> None:
    """Die with ``parent_pid`` (this process's parent); exit now if it is already gone."""
    global _bound
    if _bound != parent_pid:
        if not _death_signal():
            threading.Thread(target=_watch, args=(parent_pid,), daemon=True).start()
        _bound = parent_pid
    if os.getppid() != parent_pid:
        os._exit(1)
    os.environ[ENV] = str(os.getpid())  # this process's own children bind to it in turn


def bind_early() -> None:
    """Bind to the parent when it announced itself in :data:`ENV` and is still there; exit
    at once when the process that announced itself has died while this one was starting
    (the kernel could not kill a child not yet bound, and its own late check would come only
    after seconds of imports)."""
    announced = os.environ.get(ENV, "")
    if not announced.isdigit():
        return
    if int(announced) == os.getppid() and os.getppid() > 1:
        bind(int(announced))
    elif _gone(int(announced)):
        os._exit(1)


def announce() -> None:
    """Call before spawning children: they bind to this process as they start."""
    os.environ[ENV] = str(os.getpid())


def _gone(pid: int) -> bool:
    """Whether ``pid`` has ended: no such process, or a zombie nobody has reaped yet."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OSError):
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] == b"Z"
    except (OSError, IndexError):
        return False


def _death_signal() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(WATCH_SECONDS)
    os._exit(1)
