"""How long work reports progress and learns it should stop.

Long work (import, export, training, tagging) is a plain function that takes two callables: the
command line passes a progress bar, the GUI a signal, tests a list.append.
"""

from __future__ import annotations

from collections.abc import Callable

from deid_studio.core.errors import DeidError

Progress = Callable[[int, int], None]
"""Called with (done, total) as work advances; total is 0 when unknown."""

Cancelled = Callable[[], bool]
"""Returns True once the user has asked the work to stop."""


class WorkCancelled(DeidError):
    """Raised by work that noticed it was cancelled; nothing it did is kept."""


def no_progress(done: int, total: int) -> None:
    """A progress callable that ignores its reports."""


def never_cancelled() -> bool:
    """A cancellation callable that never asks to stop."""
    return False


def check(cancelled: Cancelled) -> None:
    """Raise :class:`WorkCancelled` when ``cancelled()`` says so."""
    if cancelled():
        raise WorkCancelled("cancelled; nothing was changed")
