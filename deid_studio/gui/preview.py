"""The masked preview: what the open document would look like exported, kept up to date as
its spans change (debounced, computed by the masking service on a worker thread). Its
tooltips say why a stretch was masked ("masked: PATIENT (tag) · CRF 93%") or left as written
("kept: drug name (dictionary)", "kept: keep list, added by ann")."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from deid_studio.gui.narrative import Decoration, NarrativeView
from deid_studio.gui.painter import escape
from deid_studio.gui.session import DocumentSession
from deid_studio.gui.style import Look
from deid_studio.gui.workers import Job
from deid_studio.mask import MaskedDocument, Replacement
from deid_studio.mask.why import masked_line
from deid_studio.services import masking

REPLACED = Look("#e4e4e4", "#1b1b1b", underline="#777777")
KEPT = Look(None, None, underline="#999999", line="dash")
LEAK = Look("#ffd6d6", "#8b0000", underline="#c0392b", line="wave")
SPARED = Look(None, None, underline="#2e7d32", line="dash")
"""A suggestion the masking left as written (a safe term, the keep list)."""
PENDING = (
    "The suggestions for this narrative are being computed (it was imported after the "
    "current model, or before any model).\n\nThe masked preview appears as soon as they are "
    "in: until then it would show the narrative as if nothing in it were PHI."
)
PENDING_COLOUR = "#b35c00"


class MaskedPreview(QWidget):
    """A read-only view of the open document as masked by the project's policy."""

    updated = Signal()
    """A new preview is shown (or its computation failed)."""
    pending = Signal(int)
    """The open document has no suggestions yet: it must not be shown as if clean."""

    def __init__(self, session: DocumentSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("maskedPreview")
        self.session = session
        self.title = QLabel("<b>Masked preview</b>")
        self.view = NarrativeView()
        self.view.setObjectName("maskedText")
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.note)
        self._job: Job | None = None
        self.masked: MaskedDocument | None = None
        self._stale = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self.refresh)
        session.spansChanged.connect(self._timer.start)
        session.loaded.connect(self._timer.start)
        session.keptChanged.connect(self._timer.start)
        self.view.tooltip_for = self.tooltip

    def refresh(self) -> None:
        """Recompute the preview now (on a worker)."""
        if not self.isVisible():
            self._stale = True
            return
        self._stale = False
        doc = self.session.document_id
        if doc is None:
            self.view.set_narrative("")
            self.note.setText("")
            return
        state = self.session.state
        if state is not None and state.suggestions_pending:
            self._show_pending(doc)
            return
        if self._job is not None and self._job.running:
            self._timer.start()  # one at a time; try again shortly
            return
        project = self.session.project
        self._job = Job(
            "masked preview", lambda _p, _c: masking.preview(project, doc), self, quiet=True
        )
        self._job.finished.connect(lambda result, doc=doc: self._show(doc, result))
        self._job.failed.connect(self._failed)
        self._job.start()

    def showEvent(self, event: Any) -> None:
        """Catch up when shown after changes made while hidden."""
        super().showEvent(event)
        if self._stale:
            self._timer.start()

    def _show_pending(self, document_id: int) -> None:
        """Nothing but a notice: without its suggestions, the narrative would look clean."""
        self.masked = None
        self.view.set_decorations("gold", [])
        self.view.set_decorations("disagreement", [])
        self.view.set_decorations("suggestion", [])
        self.view.set_narrative(PENDING)
        self.note.setText(f"<b style='color:{PENDING_COLOUR}'>suggestions being computed</b>")
        self.pending.emit(document_id)
        self.updated.emit()

    def _failed(self, message: str) -> None:
        self.note.setText(message)
        self.updated.emit()

    def _show(self, document_id: int, masked: MaskedDocument) -> None:
        if document_id != self.session.document_id:
            return
        self.masked = masked
        self.view.set_narrative(masked.text)
        self.view.set_decorations(
            "gold",
            [
                Decoration(r.new_start, r.new_end, KEPT if r.action == "keep" else REPLACED)
                for r in masked.replacements
                if r.new_end > r.new_start
            ],
        )
        self.view.set_decorations(
            "disagreement",
            [Decoration(k.offset, k.offset + k.length, LEAK) for k in masked.leaks],
        )
        spared = (masked.moved(k.start, k.end) for k in masked.spared)
        self.view.set_decorations(
            "suggestion", [Decoration(*where, SPARED) for where in spared if where is not None]
        )
        changed = sum(1 for r in masked.replacements if r.action != "keep")
        note = f"{changed} stretches masked"
        if spared := len(masked.spared):
            plural = "s" if spared != 1 else ""
            note += f" · {spared} suggestion{plural} left as written (hover: why)"
        if masked.leaks:
            note += f" · <b style='color:#b00020'>{len(masked.leaks)} leak(s)</b>"
        self.note.setText(note)
        self.updated.emit()

    # -- why -------------------------------------------------------------------------------

    def tooltip(self, offset: int) -> str | None:
        """What the masking did at ``offset`` of the masked text, and why."""
        masked = self.masked
        if masked is None:
            return None
        lines = [
            f"<b>leak</b>: a {escape(k.category)} string comes through here: the export "
            "would be refused"
            for k in masked.leaks
            if k.offset <= offset < k.offset + k.length
        ]
        replaced = next((r for r in masked.replacements if r.new_start <= offset < r.new_end), None)
        if replaced is not None:
            lines.append(self._replaced(masked, replaced))
        else:
            kept = self._kept_at(masked, offset)
            if kept is not None:
                lines.append(kept)
        return "<br>".join(lines) or None

    def _replaced(self, masked: MaskedDocument, r: Replacement) -> str:
        words = escape(masked.original.text[r.start : r.end][:60])
        if r.action == "keep":
            why = self.session.reasons
            said = why.of_gold(r.category) if why is not None else "kept by the masking policy"
            return f"{escape(said)}<br><i>{words}</i>"
        said = masked_line(r.category, r.action, self._sources(r))
        return f"{escape(said)}<br>was <i>{words}</i>"

    def _sources(self, r: Replacement) -> list[str]:
        """What marked a replaced stretch: gold, the suggestions under it, or a mention of a
        string masked elsewhere."""
        if r.origin == "repeat":
            return ["another mention of a masked string"]
        under = [i for i in self.session.items if i.start < r.end and r.start < i.end]
        if r.origin == "gold" or any(i.kind == "gold" for i in under):
            return ["gold"]
        return list(dict.fromkeys(i.source_text for i in under))[:3]

    def _kept_at(self, masked: MaskedDocument, offset: int) -> str | None:
        """Why the words at ``offset`` came through: a suggestion spared, or a stretch the
        masking keeps wherever a suggestion marks it (a safe term, the keep list)."""
        session_kept = self.session.kept if self.session.document_id else []
        for stretch in (*masked.spared, *session_kept):
            where = masked.moved(stretch.start, stretch.end)
            if where is not None and where[0] <= offset < where[1]:
                words = escape(masked.original.text[stretch.start : stretch.end][:60])
                return f"{escape(stretch.reason)}<br><i>{words}</i>"
        return None
