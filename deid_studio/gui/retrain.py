"""Background retraining: after every N submitted documents and on demand.

A :class:`~deid_studio.gui.workers.Job` thread calls the training service, which trains in a
child process (python-crfsuite holds the GIL for its whole loop, so a thread alone would
freeze the window) and reports iterations; then the new model re-suggests the documents not
yet annotated, in a child process too (tagging in a thread stalls the window now and then),
and the queue re-orders. The window stays responsive throughout.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from deid_studio.core.errors import DeidError
from deid_studio.gui.child import call_in_child
from deid_studio.gui.workers import Job
from deid_studio.services import training  # with the window: see below
from deid_studio.services.annotating import submitted_count
from deid_studio.services.quality import current_model, models
from deid_studio.services.settings import project_settings
from deid_studio.services.suggesting import stale_documents
from deid_studio.services.training import gold_count
from deid_studio.store.project import Project

# The training service is imported with the window, not on the worker thread when a retrain
# starts: importing numpy there holds the GIL for a few hundred milliseconds and would freeze
# the window at that moment.


RESUGGEST = "deid_studio.services.suggesting:resuggest"
IDLE_SECONDS = 300
"""After this long without a submission or a training, the window trains the best model."""
CANCELLED = {
    "training": "training cancelled; no model version was stored",
    "suggesting": "re-suggesting stopped; the documents done so far keep their new suggestions",
}


class RetrainController(QObject):
    """Starts, follows and cancels retraining and the re-suggestion that follows it."""

    started = Signal(str)
    progress = Signal(str, int, int)
    stage = Signal(str)
    finished = Signal(str)
    failed = Signal(str)
    modelChanged = Signal()
    suggestionsChanged = Signal()

    def __init__(
        self, project: Project, actor: Callable[[], str], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.project = project
        self.actor = actor
        self.job: Job | None = None
        self.phase = ""
        self._then: Callable[[], object] | None = None
        """What starts when the running job ends (a retrain asked during a re-suggestion)."""
        self.train_options: dict[str, Any] = {}
        """Extra keyword arguments for the training service (folds, params...)."""
        self.label = ""
        """What the running job does, for the status bar."""
        self._wants_new = False
        """Documents arrived (an import) while something ran: suggest for them after it."""
        self.best_options: dict[str, Any] = {}
        """The same for the best model (tests make it quick)."""
        self.idle = QTimer(self)
        self.idle.setSingleShot(True)
        self.idle.setInterval(IDLE_SECONDS * 1000)
        self.idle.timeout.connect(self.train_best_when_idle)
        self.idle.start()

    @property
    def running(self) -> bool:
        """True while training or re-suggesting."""
        return self.job is not None and self.job.running

    def note_submission(self) -> bool:
        """After a submission: retrain when N documents were submitted since the last model.

        Returns True when a retrain started.
        """
        self.idle.start()  # the loop is busy: the best model waits for a quiet moment
        if self.running and self.phase != "suggesting":  # a re-suggestion gives way
            return False
        every = project_settings(self.project).retrain_every
        if every <= 0 or submitted_count(self.project) < every:
            return False
        return self.retrain(reason=f"{every} documents submitted since the last model")

    def train_best_when_idle(self) -> bool:
        """When the annotation loop has been idle for :data:`IDLE_SECONDS`: train the best
        model if the gold has changed since the last one (or there is none). True when it
        started."""
        if self.running or not gold_count(self.project):
            return False
        found = models(self.project)
        if found.fast is None:
            return False
        if found.best is not None and found.best.training_documents >= gold_count(self.project):
            return False
        return self.retrain(reason="the best model, while idle", best=True)

    def retrain(self, *, reason: str = "on demand", best: bool = False) -> bool:
        """Train a new model version in the background (the best model with ``best``);
        False when one is already running.

        A re-suggestion in progress gives way: it is stopped and the training starts when it
        has ended (the new model re-suggests every document anyway)."""
        if self.running:
            if self.phase != "suggesting" or self.job is None or self._then is not None:
                return False
            self._then = lambda: self.retrain(reason=reason, best=best)
            self.job.cancel()
            self.started.emit(f"retraining ({reason})")
            return True
        project, actor, stage = self.project, self.actor(), self.stage
        options = {**self.best_options, "best": True} if best else self.train_options

        def work(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            return training.train_model(
                project, actor=actor, progress=progress, cancelled=cancelled,
                stage=stage.emit, **options,
            )  # fmt: skip

        self._start("training", work, self._trained)
        self.started.emit(f"retraining ({reason})")
        return True

    def resuggest(
        self, document_ids: list[int] | None = None, *, label: str = "Re-suggesting"
    ) -> bool:
        """Regenerate suggestions and queue scores with the current model, in a child
        process (see :mod:`deid_studio.gui.child`)."""
        if self.running:
            return False
        location = self.project.engine.url.render_as_string(hide_password=False)

        def work(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            return call_in_child(
                RESUGGEST, location, {"document_ids": document_ids},
                progress=progress, cancelled=cancelled,
            )  # fmt: skip

        self.label = label
        self._start("suggesting", work, self._suggested, quiet=True)
        return True

    def suggest_new(self) -> bool:
        """Suggest for the documents nobody suggested for yet (imported since the current
        model, or before any model: with the rules alone), in the background, and score
        them for the queue. When something else runs, they are suggested for as soon as it
        ends. False when nothing started now."""
        if self.running:
            self._wants_new = True
            return False
        self._wants_new = False
        stale = stale_documents(self.project)
        if not stale:
            return False
        model = current_model(self.project)
        by = "the rules alone (no model yet)" if model is None else f"model v{model.id}"
        count = f"{len(stale):,} new narrative{'s' if len(stale) != 1 else ''}"
        started = self.resuggest(stale, label=f"Suggesting for {count}")
        if started:
            self.started.emit(f"suggesting for {count} with {by}; the queue scores them too")
        return started

    def cancel(self) -> None:
        """Stop the training (its child process ends) or the re-suggestion."""
        if self._then is not None:  # a retrain waiting for a re-suggestion to give way
            self._then = None
            self.phase = "training"  # what the user cancels is the training they asked for
        if self.job is not None:
            self.job.cancel()

    def _start(
        self, phase: str, work: Any, done: Callable[[object], None], *, quiet: bool = False
    ) -> None:
        # a re-suggestion is quiet: closing the window stops it without asking (the next
        # opening suggests again for whatever it did not reach); a training asks first
        self.phase = phase
        job = Job(phase, work, self, quiet=quiet)
        job.progress.connect(lambda d, t: self.progress.emit(phase, d, t))
        job.finished.connect(done)
        job.failed.connect(lambda message: self.failed.emit(f"{phase} failed: {message}"))
        job.cancelled.connect(lambda: self._then or self.finished.emit(CANCELLED[self.phase]))
        job.ended.connect(self._ended)
        self.job = job
        job.start()

    def _ended(self) -> None:
        """After any ending: run what waited for this job (a retrain asked meanwhile)."""
        if self.job is not None and not self.job.running:
            self.job = None
        then, self._then = self._then, None
        if then is not None:
            then()
        elif self._wants_new and not self.running:
            self.suggest_new()

    def _trained(self, result: Any) -> None:
        self.job = None
        self.idle.start()
        self.modelChanged.emit()
        f1 = result.f1
        trained = (
            f"model version {result.model_version_id} trained on {result.documents} documents"
            f"{'' if f1 is None else f', cross-validated F1 {f1:.3f}'}"
        )
        try:
            found = models(self.project)
            in_use = found.in_use
            if in_use is not None and in_use.id != result.model_version_id:
                # the suggestions stay the model in use's; re-suggesting still brings in the
                # documents it has not seen and the queue's novelty against the new gold
                why = found.why_fast or f"model version {in_use.id} scores higher"
                trained += f"; not used: {why}"
            self.finished.emit(f"{trained}; re-suggesting")
            self.resuggest()
        except DeidError as err:
            self.failed.emit(str(err))

    def _suggested(self, result: Any) -> None:
        self.job = None
        self.suggestionsChanged.emit()
        by = " by the rules alone (no model yet)" if result.model_version_id is None else ""
        self.finished.emit(
            f"{result.suggestions} suggestions on {result.documents} documents{by}; "
            "the queue is re-ordered"
        )


class RetrainStatus(QWidget):
    """Status-bar widget: what runs, its progress in iterations, and a cancel button."""

    def __init__(self, controller: RetrainController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("retrainStatus")
        self.controller = controller
        self.label = QLabel()
        self.label.setFixedWidth(250)
        self.bar = QProgressBar()
        self.bar.setFixedWidth(190)
        self.bar.setTextVisible(True)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("cancelRetrain")
        self.cancel_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.cancel_button.clicked.connect(controller.cancel)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.label, self.bar, self.cancel_button):
            # Showing the progress must not re-lay out the window (that costs ~100 ms).
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)
            layout.addWidget(widget)
        controller.started.connect(self._started)
        controller.progress.connect(self._progress)
        controller.stage.connect(self._stage)
        controller.finished.connect(self._ended)
        controller.failed.connect(self._ended)
        self._show_parts(False)

    def _show_parts(self, visible: bool) -> None:
        for widget in (self.label, self.bar, self.cancel_button):
            widget.setVisible(visible)

    @property
    def active(self) -> bool:
        """True while it shows work in progress."""
        return self.cancel_button.isVisible()

    def _started(self, text: str) -> None:
        self._show_parts(True)
        training = text.startswith("retraining")
        self._set_label("Starting the training process" if training else self.controller.label)
        self.bar.setRange(0, 0)

    def _set_label(self, text: str) -> None:
        metrics = self.label.fontMetrics()
        self.label.setText(metrics.elidedText(text, Qt.TextElideMode.ElideRight, 245))
        self.label.setToolTip(text)

    def _stage(self, name: str) -> None:
        self._set_label(name[:1].upper() + name[1:])

    def _progress(self, phase: str, done: int, total: int) -> None:
        self._show_parts(True)
        unit = "iterations" if phase == "training" else "documents"
        if phase == "suggesting":
            self._set_label(self.controller.label)
        self.bar.setRange(0, max(total, 0))
        self.bar.setValue(done)
        self.bar.setFormat(f"%v / %m {unit}" if total else f"{done} {unit}")

    def _ended(self, _text: str) -> None:
        if not self.controller.running:
            self._show_parts(False)
