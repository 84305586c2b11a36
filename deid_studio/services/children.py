"""Child processes that never outlive the process that started them.

Training, its pool of workers and the window's background re-suggestion run in spawned
processes. A parent killed with ``kill -9`` cannot stop them itself, so each child binds its
life to its parent's (see :mod:`deid_studio._lifeline`: the kernel kills it when the parent
dies, on Linux; a watchdog thread elsewhere): the parent calls :func:`announce` before
spawning, and the child calls :func:`bind_to_parent` first thing in its entry point. The
top-level child also leads a process group of its own, which its workers join, so that
:func:`stop` ends all of them together, and Ctrl-C in a terminal reaches only the parent.
"""

from __future__ import annotations

import os
import signal
from typing import Any

from deid_studio._lifeline import announce, bind

__all__ = ["announce", "bind_to_parent", "stop"]


def bind_to_parent(parent_pid: int, *, new_group: bool = False) -> None:
    """Make this process die with ``parent_pid`` (exit now if it is gone); with
    ``new_group``, lead a process group that this process's own children will join."""
    if new_group and hasattr(os, "setpgid"):
        os.setpgid(0, 0)
    bind(parent_pid)


def stop(child: Any, grace: float = 2.0) -> None:
    """Let a finishing ``multiprocessing.Process`` exit within ``grace`` seconds; otherwise
    end it and its process group (its workers): SIGTERM, then SIGKILL."""
    child.join(timeout=grace)
    if child.is_alive():
        _signal_group(child, signal.SIGTERM)
        child.join(timeout=5.0)
    if child.is_alive():
        _signal_group(child, getattr(signal, "SIGKILL", signal.SIGTERM))
        child.join()


def _signal_group(child: Any, signum: int) -> None:
    """Signal the child's process group (it leads one once started), else the child alone.
    Called only while the child is alive and unreaped, so its pid is still its own."""
    if hasattr(os, "killpg"):
        try:
            os.killpg(child.pid, signum)
            return
        except (ProcessLookupError, PermissionError):
            pass  # not a group leader yet: still starting
    if signum == signal.SIGTERM:
        child.terminate()
    else:
        child.kill()
