"""The annotation page: queue on the left, the narrative in the centre (the masked preview
beside it), the document's spans and the inspector on the right."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from deid_studio.gui.actions import EditorActions
from deid_studio.gui.fields import confidence_box
from deid_studio.gui.keep_menu import NeverMask
from deid_studio.gui.narrative import NarrativeView
from deid_studio.gui.painter import SpanPainter
from deid_studio.gui.preview import MaskedPreview
from deid_studio.gui.queue_panel import QueuePanel
from deid_studio.gui.session import DocumentSession
from deid_studio.gui.spans_panel import Inspector, SpansPanel
from deid_studio.gui.submit_prompt import SubmitPrompt
from deid_studio.gui.workers import debounced
from deid_studio.services.submitting import Resolution
from deid_studio.store.project import Project

WARNING = "#b35c00"
"""Warning colour of the header: undecided suggestions, suggestions being computed."""


class DocumentHeader(QLabel):
    """Report id of the open document, its undecided suggestions and gold, status, language,
    and why it is read only. It takes the width it is given and two lines (a longer header is
    clipped, the whole of it in the tooltip), so the panes never move when it changes."""

    def __init__(self, session: DocumentSession) -> None:
        super().__init__()
        self.setObjectName("documentHeader")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(1)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 2 + 4)  # two lines, always
        self.session = session
        session.loaded.connect(self.refresh)
        session.spansChanged.connect(debounced(self, 50, self.refresh))

    def refresh(self) -> None:
        """Describe the open document: what needs doing first, then what it is."""
        state = self.session.state
        if state is None:
            self.setText("<i>No document open: <b>Next</b> or pick one.</i>")
            self.setToolTip("Press Next, or double-click a row of the queue (or Enter on it).")
            return
        info = state.info
        gold = sum(1 for i in self.session.items if i.kind == "gold")
        undecided = len(self.session.items) - gold
        if state.suggestions_pending:
            todo = f"<b style='color:{WARNING}'>suggestions being computed…</b>"
        elif undecided and state.editable:
            todo = f"<b style='color:{WARNING}'>{undecided} unresolved</b>"
        else:
            todo = f"{undecided} suggestions"
        text = (
            f"<b>{info.external_id or info.id}</b> · {todo} · {gold} gold · "
            f"{info.status.replace('_', ' ')} · {info.language or '?'} · "
            f"{len(info.text):,} characters"
        )
        if not state.editable:
            text += f" · <span style='color:#b00020'>read only: {state.read_only_reason}</span>"
        self.setText(text)
        self.setToolTip(text)


class AnnotatePage(QWidget):
    """Where an annotator works through the queue."""

    submitted = Signal(int)
    message = Signal(str)

    def __init__(
        self,
        project: Project,
        actor: Callable[[], str],
        undo_group: QUndoGroup,
        threshold: float,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("annotatePage")
        self.project = project
        self.session = DocumentSession(project, actor, undo_group, self)
        self.queue = QueuePanel(project, actor, holding=lambda: self.session.held)
        self.view = NarrativeView()
        self.painter = SpanPainter(self.session, self.view)
        self.spans = SpansPanel(self.session)
        self.inspector = Inspector(self.session)
        self.preview = MaskedPreview(self.session)
        self.header = DocumentHeader(self.session)
        self.never_mask = NeverMask(self.session, self.view, actor)
        self.prompt: SubmitPrompt | None = None
        """The submit prompt while it is open."""

        self.threshold = confidence_box(
            threshold,
            "acceptThreshold",
            "Confidence above which “Accept all” makes suggestions gold",
        )
        self.editor_actions = EditorActions(
            self.session, self.view, [self.view, self.spans], self.threshold.value
        )
        accept_all = QPushButton("Accept all ≥")
        accept_all.setToolTip("Accept every suggestion at or above this confidence (Ctrl+Shift+A)")
        accept_all.clicked.connect(self.editor_actions.accept_all.trigger)
        submit = QPushButton("Submit && next")
        submit.setObjectName("submitButton")
        submit.setToolTip(
            "Submit for review and open the next document (Ctrl+Enter; undecided suggestions: "
            "you are asked first)"
        )
        submit.clicked.connect(self.submit_and_next)
        bar = QHBoxLayout()
        bar.addWidget(self.header, 1)
        bar.addWidget(accept_all)
        bar.addWidget(self.threshold)
        bar.addWidget(submit)
        centre = QWidget()
        centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(0, 0, 0, 0)
        centre_layout.addLayout(bar)
        self.text_split = QSplitter(Qt.Orientation.Horizontal)
        self.text_split.setObjectName("textSplit")
        self.text_split.addWidget(self.view)
        self.text_split.addWidget(self.preview)
        self.text_split.setStretchFactor(0, 3)
        self.text_split.setStretchFactor(1, 2)
        centre_layout.addWidget(self.text_split, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.spans)
        right.addWidget(self.inspector)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setObjectName("annotateSplit")
        self.split.addWidget(self.queue)
        self.split.addWidget(centre)
        self.split.addWidget(right)
        self.split.setStretchFactor(1, 1)
        self.split.setSizes([520, 740, 300])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.split)

        self.queue.documentActivated.connect(self.open_document)
        self.queue.message.connect(self.message)
        self.session.failed.connect(self.message)
        self.session.saved.connect(self.message)
        self.never_mask.message.connect(self.message)
        self.header.refresh()

    def open_document(self, document_id: int) -> None:
        """Open a document for annotation and put the keyboard in the narrative."""
        self.session.open(document_id)
        self.view.setFocus()
        if self.session.current is None and self.session.items:
            self.session.step(1, from_offset=0)
        self.queue.refresh()
        self.queue.select_document(document_id)

    def submit_and_next(self) -> None:
        """Submit the open document and open the next one of the queue. With suggestions
        still undecided, the submit prompt asks first (going back is its default)."""
        doc = self.session.document_id
        if doc is None:
            self.queue.take_next()
            return
        if self.prompt is not None:
            return
        state = self.session.state
        undecided = self.session.undecided
        if undecided and state is not None and state.editable:
            confidences = [i.confidence or 0.0 for i in undecided]
            prompt = SubmitPrompt(confidences, self.threshold.value(), self)
            prompt.chosen.connect(lambda how, above: self._submit(doc, how, above))
            prompt.finished.connect(self._prompt_closed)
            self.prompt = prompt
            prompt.open()
            prompt.activateWindow()  # the keys go to the prompt at once
            return
        self._submit(doc, None, None)

    def _prompt_closed(self, _result: int) -> None:
        if self.prompt is not None:
            self.prompt.deleteLater()
            self.prompt = None
        self.window().activateWindow()
        self.view.setFocus()

    def _submit(self, doc: int, how: Resolution | None, above: float | None) -> None:
        if self.session.document_id != doc:
            return
        if self.session.submit(how, above if how == "accept_above" else None):
            self.submitted.emit(doc)
            if self.queue.take_next() is None:
                self.session.clear()
                self.queue.refresh()

    def set_preview_visible(self, visible: bool) -> None:
        """Show or hide the masked preview beside the narrative."""
        self.preview.setVisible(visible)
