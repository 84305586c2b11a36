"""Long work off the GUI thread: a service function run on a QThread, reporting by signals.

The work is a plain function taking ``progress`` and ``cancelled`` callables (see
:mod:`deid_studio.core.progress`); a :class:`Job` runs it on its own thread, turns its progress
into a signal (at most every 50 ms), and ends with ``finished(result)``, ``failed(message)`` or
``cancelled()``. The window never waits for it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, QTimer, Signal
from PySide6.QtWidgets import QProgressBar

from deid_studio.core.errors import DeidError, describe_bug
from deid_studio.core.progress import Cancelled, Progress, WorkCancelled
from deid_studio.services.privacy import log_failure

Work = Callable[[Progress, Cancelled], Any]

_RUNNING: set[Job] = set()  # a job stays alive until it ends, whoever holds it


class _Thread(QThread):
    reported = Signal(int, int)
    done = Signal(object)
    broke = Signal(str, bool)
    raised = Signal(object)

    def __init__(self, work: Work, stop: threading.Event) -> None:
        super().__init__()
        self._work = work
        self._stop = stop
        self._last = 0.0

    def _progress(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._last >= 0.05 or (total and done >= total):
            self._last = now
            self.reported.emit(int(done), int(total))

    def run(self) -> None:
        try:
            result = self._work(self._progress, self._stop.is_set)
        except WorkCancelled:
            self.broke.emit("cancelled", True)
        except DeidError as err:
            self.raised.emit(err)
            self.broke.emit(str(err), False)
        except Exception as err:  # a bug: one line without its message, the trace in the log
            try:
                where = f"details in {log_failure(err, 'background work')}"
            except OSError:
                where = "the error log could not be written"
            self.raised.emit(err)
            self.broke.emit(f"internal error: {describe_bug(err)} ({where})", False)
        else:
            if self._stop.is_set():
                self.broke.emit("cancelled", True)
            else:
                self.done.emit(result)


class Job(QObject):
    """One piece of background work with progress and cancellation."""

    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)
    error = Signal(object)
    """The exception behind ``failed`` (emitted just before it)."""
    cancelled = Signal()
    ended = Signal()
    """After any of finished, failed or cancelled."""

    def __init__(
        self, title: str, work: Work, parent: QObject | None = None, *, quiet: bool = False
    ) -> None:
        super().__init__(parent)
        self.title = title
        self.quiet = quiet
        """A job whose loss costs nothing (a preview, a re-suggestion): closing the window
        stops it and waits rather than asking."""
        self._stop = threading.Event()
        self._thread = _Thread(work, self._stop)
        self._thread.reported.connect(self.progress)
        self._thread.done.connect(self._done)
        self._thread.broke.connect(self._broke)
        self._thread.raised.connect(self.error)
        self._running = False

    @property
    def running(self) -> bool:
        """True from start until the work ends."""
        return self._running

    def start(self) -> Job:
        """Start the work on its thread; returns itself."""
        self._running = True
        _RUNNING.add(self)
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Ask the work to stop (it notices at its next ``cancelled()`` check)."""
        self._stop.set()

    def wait(self, ms: int = 30_000) -> bool:
        """Block until the thread ends (tests and shutdown only)."""
        return bool(self._thread.wait(ms))

    def _done(self, result: object) -> None:
        self._end()
        self.finished.emit(result)
        self.ended.emit()

    def _broke(self, message: str, was_cancelled: bool) -> None:
        self._end()
        if was_cancelled:
            self.cancelled.emit()
        else:
            self.failed.emit(message)
        self.ended.emit()

    def _end(self) -> None:
        self._running = False
        self._thread.wait()
        _RUNNING.discard(self)


def run(title: str, work: Work, parent: QObject | None = None) -> Job:
    """Start ``work`` on a thread and return its job."""
    return Job(title, work, parent).start()


def show_progress(job: Job, bar: QProgressBar) -> None:
    """Show ``job``'s progress on ``bar``: the bar appears now, busy until the first report."""

    def report(done: int, total: int) -> None:
        bar.setRange(0, total)
        bar.setValue(done)

    bar.setVisible(True)
    bar.setRange(0, 0)
    job.progress.connect(report)


def running_jobs(*, quiet: bool | None = None) -> list[Job]:
    """Jobs not yet ended (the window asks before closing while a long one runs)."""
    return [j for j in _RUNNING if quiet is None or j.quiet == quiet]


def debounced(parent: QObject, ms: int, slot: Callable[[], object]) -> Callable[[], None]:
    """A trigger that calls ``slot`` once, ``ms`` after the last of a burst of triggers.

    Panels beside the narrative refresh this way, so a key press repaints the narrative first.
    """
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(ms)
    timer.timeout.connect(lambda: slot())
    return lambda *_args: timer.start()
