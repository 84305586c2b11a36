"""Keeping the window in step with the team: the heartbeat that keeps the open documents
claimed, and the watcher that hears of a model version or suggestions published elsewhere
(LISTEN/NOTIFY on PostgreSQL, polling otherwise) and asks the window to refresh."""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from deid_studio.services.queue import HEARTBEAT, keep_claim
from deid_studio.services.watching import change_marker, watch
from deid_studio.store.project import Project


class TeamWatch(QObject):
    """Heartbeat for the open documents; ``changed`` when someone published a new model
    version or new suggestions."""

    changed = Signal()
    _heard = Signal()

    def __init__(
        self,
        project: Project,
        actor: Callable[[], str],
        open_documents: Callable[[], list[int]],
        parent: QObject | None = None,
        *,
        poll_seconds: float = 10.0,
    ) -> None:
        super().__init__(parent)
        self.project = project
        self.actor = actor
        self.open_documents = open_documents
        self._stop = threading.Event()
        self._heard.connect(self.changed)  # from the watcher's thread to the GUI thread
        self.heartbeat = QTimer(self)
        self.heartbeat.setInterval(int(HEARTBEAT.total_seconds() * 1000))
        self.heartbeat.timeout.connect(self.beat)
        self.heartbeat.start()
        try:
            since = change_marker(project)
        except Exception:  # a project that cannot be read now: the watcher retries
            since = 0
        self._thread = threading.Thread(
            target=watch,
            args=(project, since, lambda _marker: self._heard.emit(), self._stop.is_set),
            kwargs={"poll_seconds": poll_seconds},
            name="deid-studio-watch",
            daemon=True,
        )
        self._thread.start()

    def beat(self) -> None:
        """Renew the claims of the open documents (a lapsed claim is taken up by others)."""
        for document_id in self.open_documents():
            try:
                keep_claim(self.project, document_id, actor=self.actor())
            except Exception:  # a lost connection: the next beat tries again
                return

    def stop(self) -> None:
        """Stop the heartbeat and the watcher."""
        self.heartbeat.stop()
        self._stop.set()
        self._thread.join(3)
