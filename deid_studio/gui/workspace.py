"""An open project's parts: the annotation, review and quality pages and background retraining,
wired together. The main window shows one workspace at a time."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QTabWidget, QWidget

from deid_studio.gui.adjudicate_page import AdjudicatePage
from deid_studio.gui.annotate_page import AnnotatePage
from deid_studio.gui.dashboard import DashboardPage
from deid_studio.gui.preferences import Preferences
from deid_studio.gui.retrain import RetrainController
from deid_studio.gui.review_page import ReviewPage
from deid_studio.gui.session import DocumentSession
from deid_studio.gui.team_watch import TeamWatch
from deid_studio.gui.workers import debounced
from deid_studio.services.quality import current_model, micro_f1
from deid_studio.services.queue import ANNOTATABLE, exists, queue_size
from deid_studio.services.settings import project_settings
from deid_studio.store.project import Project


def status_line(project: Project) -> tuple[str, str]:
    """(model version and its cross-validated F1, queue size) for the status bar."""
    model = current_model(project)
    if model is None:
        model_text = "model v0 · rules only"
    else:
        f1 = micro_f1(model.metrics)
        model_text = f"model v{model.id} · CV F1 {'n/a' if f1 is None else f'{f1:.3f}'}"
    return model_text, f"queue {queue_size(project, statuses=ANNOTATABLE):,}"


class Workspace(QTabWidget):
    """The pages of one open project."""

    message = Signal(str)
    statusChanged = Signal()

    def __init__(
        self,
        project: Project,
        preferences: Preferences,
        undo_group: QUndoGroup,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("workspace")
        self.setDocumentMode(True)
        self.project = project
        self.preferences = preferences

        def actor() -> str:  # on a server, the database login: no name can be typed
            return (project.login or "") if project.server else preferences.user_name

        self.actor = actor
        threshold = project_settings(project).accept_threshold
        self.annotate = AnnotatePage(project, actor, undo_group, threshold)
        self.review = ReviewPage(project, actor, undo_group)
        self.dashboard = DashboardPage(project)
        self.adjudicate = AdjudicatePage(project, actor)
        self.retrain = RetrainController(project, actor, self)
        self.addTab(self.annotate, "Annotate")
        self.addTab(self.review, "Review")
        self.addTab(self.dashboard, "Quality")
        self.addTab(self.adjudicate, "Adjudicate")
        for page in (self.annotate, self.review, self.adjudicate):
            page.message.connect(self.message)
        self.adjudicate.adjudicated.connect(lambda _d: self._decided(_d, "adjudicated"))
        self.watch = TeamWatch(project, actor, self._open_documents, self)
        self.watch.changed.connect(self._published_elsewhere)
        self.annotate.submitted.connect(self._submitted)
        self.review.decided.connect(self._decided)
        self.retrain.started.connect(self.message)
        self.retrain.finished.connect(self.message)
        self.retrain.failed.connect(self.message)
        self.retrain.modelChanged.connect(self._model_changed)
        self.retrain.suggestionsChanged.connect(self._suggestions_changed)
        for page in (self.annotate, self.review):  # a document without suggestions yet
            page.preview.pending.connect(lambda _doc: self.retrain.suggest_new())
            page.never_mask.changed.connect(self.keep_list_changed)
        self.currentChanged.connect(self._page_changed)
        self._remember = [
            self._remembering(name, page.session)
            for name, page in (("annotate", self.annotate), ("review", self.review))
        ]
        for page, remember in zip((self.annotate, self.review), self._remember, strict=True):
            # written a moment later, off the key press that opened the document (and when
            # the project closes)
            page.session.loaded.connect(debounced(self, 1500, remember))
        self.apply_preferences()

    def _remembering(self, name: str, session: DocumentSession) -> Callable[[], None]:
        def remember() -> None:
            location = self.project.location
            self.preferences.set_last_document(location, name, session.document_id)

        return remember

    def reopen_last(self) -> None:
        """Open again the documents that were open when the project was last left."""
        location = self.project.location
        annotate = self.preferences.last_document(location, "annotate")
        review = self.preferences.last_document(location, "review")
        if review is not None and exists(self.project, review):
            self.review.open_document(review)
        if annotate is not None and exists(self.project, annotate):
            self.annotate.open_document(annotate)

    def current_session(self) -> DocumentSession | None:
        """The editing session of the page shown (None on the dashboard)."""
        page = self.currentWidget()
        return page.session if isinstance(page, AnnotatePage | ReviewPage) else None

    def next_document(self) -> None:
        """Next: skip the document open on this page and open the next of its queue (the
        top one when none is open)."""
        page = self.currentWidget()
        if isinstance(page, AnnotatePage | ReviewPage):
            page.queue.take_next(skip_open=True)

    def submit(self) -> None:
        """Submit the document being annotated and open the next one."""
        if self.currentWidget() is self.annotate:
            self.annotate.submit_and_next()
        else:
            self.message.emit("submit on the Annotate page (Ctrl+1); Ctrl+Shift+Enter signs off")

    def open_selected(self) -> None:
        """Open the document of the row selected in this page's queue."""
        page = self.currentWidget()
        if isinstance(page, AnnotatePage | ReviewPage):
            page.queue.open_selected()

    def apply_preferences(self) -> None:
        """Font size and preview visibility from the preferences."""
        for page in (self.annotate, self.review):
            page.view.set_point_size(self.preferences.font_size)
            page.preview.view.set_point_size(self.preferences.font_size)
        self.annotate.set_preview_visible(self.preferences.preview_visible)

    def _page_changed(self, _index: int) -> None:
        session = self.current_session()
        if session is not None:
            session.activate()
        if self.currentWidget() is self.dashboard:
            self.dashboard.refresh()
        if self.currentWidget() is self.adjudicate:
            self.adjudicate.refresh()

    def _open_documents(self) -> list[int]:
        return [
            d for d in (self.annotate.session.document_id, self.review.session.document_id)
            if d is not None
        ]  # fmt: skip

    def _published_elsewhere(self) -> None:
        """Someone retrained or re-suggested: new suggestions, new queue order, new model."""
        if self.retrain.running:
            return  # this window's own work refreshes when it ends
        self._suggestions_changed()
        self._model_changed()
        self.message.emit("a new model version or new suggestions were published: refreshed")

    def _submitted(self, _document_id: int) -> None:
        self.statusChanged.emit()
        self.review.queue.refresh()
        self.retrain.note_submission()

    def _decided(self, _document_id: int, _decision: str) -> None:
        self.annotate.queue.refresh()  # a document sent back is annotatable again
        self.review.queue.refresh()  # an adjudicated one waits for sign-off
        self.statusChanged.emit()

    def project_settings_changed(self) -> None:
        """Take up edited project settings and scheme."""
        self.annotate.threshold.setValue(project_settings(self.project).accept_threshold)
        for page in (self.annotate, self.review):
            page.session.reload()
        if self.review.session.document_id is not None:
            self.review.open_document(self.review.session.document_id)

    def keep_list_changed(self) -> None:
        """The keep list changed (here, in the settings, in the export dialog): the open
        narratives' tooltips and masked previews catch up."""
        for page in (self.annotate, self.review):
            page.session.forget_kept()

    def _model_changed(self) -> None:
        self.statusChanged.emit()
        if self.currentWidget() is self.dashboard:
            self.dashboard.refresh()

    def _suggestions_changed(self) -> None:
        for page in (self.annotate, self.review):
            page.queue.refresh()
            page.session.reload()
        self.statusChanged.emit()

    def shutdown(self) -> None:
        """Remember the documents open; stop background work before the project closes."""
        for remember in self._remember:
            remember()
        self.watch.stop()
        if self.retrain.job is not None:
            self.retrain.cancel()
            self.retrain.job.wait(60_000)
