"""The review page: the review queue; the annotator's spans, the model's disagreements and the
masked preview side by side; sign-off (with a comment) or send back.

Corrections made here go through the same editing session, so the audit trail records them as
the reviewer's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.errors import DeidError
from deid_studio.gui.actions import EditorActions, make_action
from deid_studio.gui.annotate_page import WARNING, DocumentHeader
from deid_studio.gui.keep_menu import NeverMask
from deid_studio.gui.narrative import Decoration, NarrativeView
from deid_studio.gui.painter import SpanPainter
from deid_studio.gui.preview import MaskedPreview
from deid_studio.gui.queue_panel import QueuePanel
from deid_studio.gui.session import DocumentSession
from deid_studio.gui.style import Look
from deid_studio.gui.workers import Job
from deid_studio.services import reviewing
from deid_studio.services.annotating import StaleEdit
from deid_studio.services.reviewing import Disagreement, ReviewState
from deid_studio.services.submitting import describe_resolution
from deid_studio.store.editing import StoredSuggestion
from deid_studio.store.project import Project

DISAGREEMENT = Look(None, None, underline="#c0392b", line="wave")
KIND_TEXT = {
    "model_only": "model suggests, not gold",
    "gold_only": "gold the model missed",
    "boundary": "boundaries differ",
    "category": "categories differ",
}
ModelIndex = QModelIndex | QPersistentModelIndex


class DisagreementModel(QAbstractListModel):
    """The disagreements of the open document (recomputed as its spans change)."""

    def __init__(self, session: DocumentSession) -> None:
        super().__init__(session)
        self.session = session
        self.rows: list[Disagreement] = []

    def set_rows(self, rows: list[Disagreement]) -> None:
        """Show other disagreements."""
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per disagreement."""
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """What kind of disagreement, the categories, and the words."""
        if not 0 <= index.row() < len(self.rows):
            return None
        d = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            words = " ".join(self.session.text[d.start : d.end].split())[:40]
            cats = " / ".join(
                c for c in (d.gold and d.gold.category, d.suggestion and d.suggestion.category) if c
            )
            return f"{KIND_TEXT[d.kind]} · {cats} · “{words}”"
        return None


class ReviewPage(QWidget):
    """Where a reviewer signs off or sends back submitted documents."""

    message = Signal(str)
    decided = Signal(int, str)
    modelRead = Signal()
    """The current model's view of the open document is in."""

    def __init__(
        self,
        project: Project,
        actor: Callable[[], str],
        undo_group: QUndoGroup,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("reviewPage")
        self.project = project
        self.actor = actor
        self.review: ReviewState | None = None
        self.model_suggestions: list[StoredSuggestion] | None = None
        self._model_job: Job | None = None
        self.session = DocumentSession(project, actor, undo_group, self)
        self.queue = QueuePanel(project, actor, review=True, holding=lambda: self.session.held)
        self.view = NarrativeView()
        self.painter = SpanPainter(self.session, self.view)
        self.preview = MaskedPreview(self.session)
        self.header = DocumentHeader(self.session)
        self.editor_actions = EditorActions(self.session, self.view, [self.view], lambda: 1.0)
        self.never_mask = NeverMask(self.session, self.view, actor)
        self.disagreements = DisagreementModel(self.session)
        self.disagreement_list = QListView()
        self.disagreement_list.setObjectName("disagreements")
        self.disagreement_list.setModel(self.disagreements)
        self.disagreement_list.setWordWrap(True)
        self.disagreement_list.setAlternatingRowColors(True)
        self.disagreement_list.clicked.connect(self._go_to)

        self.who = QLabel()
        self.who.setWordWrap(True)
        self.refusal = QLabel()
        self.refusal.setObjectName("signOffRefusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00020")
        self.comment = QPlainTextEdit()
        self.comment.setObjectName("reviewComment")
        self.comment.setPlaceholderText(
            "Comment (optional for sign-off; say why when sending back)"
        )
        self.comment.setMaximumHeight(80)
        self.sign_off_button = QPushButton("Sign off")
        self.sign_off_button.setObjectName("signOffButton")
        self.send_back_button = QPushButton("Send back")
        self.send_back_button.setObjectName("sendBackButton")
        self.sign_off_action = make_action(
            self, "Sign off the document and open the next", ["Ctrl+Shift+Return"],
            self.sign_off, section="Review",
        )  # fmt: skip
        self.addAction(self.sign_off_action)
        self.sign_off_button.clicked.connect(self.sign_off)
        self.send_back_button.clicked.connect(self.send_back)

        decision = QGroupBox("Decision")
        buttons = QHBoxLayout()
        buttons.addWidget(self.sign_off_button)
        buttons.addWidget(self.send_back_button)
        box = QVBoxLayout(decision)
        box.addWidget(self.who)
        box.addWidget(self.comment)
        box.addLayout(buttons)
        box.addWidget(self.refusal)
        middle = QWidget()
        middle_layout = QVBoxLayout(middle)
        middle_layout.setContentsMargins(0, 0, 0, 0)
        self.disagreement_title = QLabel("<b>Where the model disagrees</b>")
        middle_layout.addWidget(self.disagreement_title)
        middle_layout.addWidget(self.disagreement_list, 1)
        middle_layout.addWidget(decision)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(QLabel("<b>Annotator's spans</b>"))
        left_layout.addWidget(self.view, 1)
        side = QSplitter(Qt.Orientation.Horizontal)
        side.addWidget(left)
        side.addWidget(middle)
        side.addWidget(self.preview)
        side.setSizes([520, 330, 430])
        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.addWidget(self.header)
        centre_layout.addWidget(side, 1)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setObjectName("reviewSplit")
        self.split.addWidget(self.queue)
        self.split.addWidget(centre)
        self.split.setStretchFactor(1, 1)
        self.split.setSizes([400, 1200])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.split)

        self.queue.documentActivated.connect(self.open_document)
        self.queue.message.connect(self.message)
        self.session.failed.connect(self.message)
        self.session.saved.connect(self.message)
        self.never_mask.message.connect(self.message)
        self.session.spansChanged.connect(self._refresh_disagreements)
        self._show_decision()

    def open_document(self, document_id: int) -> None:
        """Open a submitted document for review."""
        try:
            self.review = reviewing.open_for_review(self.project, document_id, actor=self.actor())
        except DeidError as err:
            self.message.emit(str(err))
            return
        self.comment.clear()
        self.model_suggestions = None
        self.session.show(self.review.document)
        self._ask_model(document_id)
        self._show_decision()
        self.view.setFocus()
        self.queue.refresh()
        self.queue.select_document(document_id)

    def _ask_model(self, document_id: int) -> None:
        """The current model reads the narrative on a worker; its view replaces the stored
        suggestions in the comparison."""
        project = self.project
        job = Job(
            "model view",
            lambda _p, _c: reviewing.model_view(project, document_id),
            self,
            quiet=True,
        )
        job.finished.connect(lambda found, doc=document_id: self._model_read(doc, found))
        job.failed.connect(self.message)
        self._model_job = job
        job.start()

    def _model_read(self, document_id: int, found: list[StoredSuggestion] | None) -> None:
        if document_id != self.session.document_id:
            return
        self.model_suggestions = found
        self._refresh_disagreements()
        self.modelRead.emit()

    def _refresh_disagreements(self) -> None:
        state = self.session.state
        if state is None:
            self.disagreements.set_rows([])
            self.view.set_decorations("disagreement", [])
            return
        if self.model_suggestions is not None:
            self.disagreement_title.setText("<b>Where the current model disagrees</b>")
            rows = reviewing.disagreements(self.session.gold, self.model_suggestions, fresh=True)
        else:
            self.disagreement_title.setText("<b>Suggestions the annotator left undecided</b>")
            rows = reviewing.disagreements(self.session.gold, self.session.suggestions)
        self.disagreements.set_rows(rows)
        self.view.set_decorations(
            "disagreement", [Decoration(d.start, d.end, DISAGREEMENT) for d in rows]
        )

    def _go_to(self, index: QModelIndex) -> None:
        row = self.disagreements.rows[index.row()]
        self.session.select_at(row.start)
        self.view.setFocus()

    def _show_decision(self) -> None:
        review = self.review
        open_ = review is not None and self.session.state is not None
        self.sign_off_button.setEnabled(bool(open_ and review and review.can_sign_off))
        self.send_back_button.setEnabled(
            bool(open_ and review and review.document.info.status == "submitted")
        )
        if review is None:
            self.who.setText("Open a submitted document from the review queue.")
            self.refusal.setText("")
            return
        annotators = ", ".join(sorted(review.annotators)) or "unknown"
        history = "; ".join(
            f"{r.decision.replace('_', ' ')} by {r.reviewer}" for r in review.reviews
        )
        bulk = review.document.info.resolved_on_submit
        self.who.setText(
            f"Annotated by <b>{annotators}</b>; you review as <b>{self.actor()}</b>."
            + (f"<br>Earlier: {history}" if history else "")
            + (
                f"<br><b style='color:{WARNING}'>⚠ {describe_resolution(bulk)}</b> — "
                "check what the annotator did not decide one by one"
                if bulk
                else ""
            )
        )
        self.refusal.setText(
            "" if review.can_sign_off else f"Cannot sign off: {review.sign_off_refusal}"
        )

    def _decide(self, decision: Callable[..., str], verb: str) -> None:
        doc = self.session.document_id
        if doc is None:
            return
        try:
            decision(
                self.project, doc, actor=self.actor(), comment=self.comment.toPlainText(),
                expected_version=self.session.version,
            )  # fmt: skip
        except DeidError as err:
            self.message.emit(str(err))
            self.refusal.setText(str(err))
            if isinstance(err, StaleEdit):  # show what changed meanwhile
                self.open_document(doc)
                self.refusal.setText(str(err))
            return
        self.message.emit(f"{verb} document {self.session.state.info.external_id or doc}")  # type: ignore[union-attr]
        self.decided.emit(doc, verb)
        self.review = None
        if self.queue.take_next() is None:
            self.session.clear()
            self._show_decision()
            self.queue.refresh()

    def sign_off(self) -> None:
        """Sign off the open document (refused under four eyes if you annotated it)."""
        self._decide(reviewing.sign_off, "signed off")

    def send_back(self) -> None:
        """Send the open document back to the annotation queue with the comment."""
        self._decide(reviewing.send_back, "sent back")
