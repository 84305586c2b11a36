"""Running a user action again when another command changed the project under it."""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from deid_studio.store.project import ProjectBusy, ProjectConflict

T = TypeVar("T")
P = ParamSpec("P")

ATTEMPTS = 3
PAUSE_SECONDS = 0.2


def retried(action: Callable[[], T], attempts: int = ATTEMPTS) -> T:
    """``action()``, run again (up to ``attempts`` times in all) when it ended in a clash with
    another command: its transaction was rolled back, and a new run sees the other's changes
    (two imports of one file: the second then refuses the duplicates by name)."""
    for attempt in range(1, attempts + 1):
        try:
            return action()
        except (ProjectConflict, ProjectBusy):
            if attempt == attempts:
                raise
            time.sleep(PAUSE_SECONDS * attempt)
    raise AssertionError("unreachable")


def retrying(action: Callable[P, T]) -> Callable[P, T]:
    """A user action that :func:`retried` runs again after a clash with another command."""

    @functools.wraps(action)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        return retried(lambda: action(*args, **kwargs))

    return run
