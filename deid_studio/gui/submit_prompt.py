"""The prompt that stops a submission while suggestions are undecided.

Submitting makes a document training gold, so it needs a decision on every suggestion. The
prompt offers three ways on, by keyboard: go back and decide them (the default: Enter or
Escape), accept those at or above a confidence and reject the rest (A), or reject them all
(R). The choice goes to the submission service, which records it in the audit trail.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deid_studio.gui.fields import confidence_box


class SubmitPrompt(QDialog):
    """Asks what becomes of the undecided suggestions; emits :attr:`chosen` unless the
    person goes back."""

    chosen = Signal(str, float)
    """(``accept_above`` or ``reject_rest``, the confidence for ``accept_above``)."""

    def __init__(
        self, confidences: Sequence[float], threshold: float, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("submitPrompt")
        self.setWindowTitle("Undecided suggestions")
        self.setModal(True)
        self.confidences = list(confidences)
        count = len(self.confidences)
        self.intro = intro = QLabel(
            f"<b>{count} suggestion{'s are' if count != 1 else ' is'} still undecided.</b><br>"
            "A submitted document becomes training gold, so every suggestion needs a decision. "
            "Go back and decide them, or choose what becomes of them (the audit trail and "
            "the review queue will say so)."
        )
        intro.setWordWrap(True)
        intro.setObjectName("submitIntro")
        self.back_button = QPushButton("&Go back and decide them")
        self.back_button.setObjectName("submitGoBack")
        self.back_button.setDefault(True)
        self.back_button.setAutoDefault(True)
        self.accept_button = QPushButton("&Accept those at or above")
        self.accept_button.setObjectName("submitAcceptAbove")
        self.accept_button.setAutoDefault(False)
        self.threshold = confidence_box(threshold, "submitThreshold")
        self.split_label = QLabel()
        self.reject_button = QPushButton("&Reject all of them and submit")
        self.reject_button.setObjectName("submitRejectRest")
        self.reject_button.setAutoDefault(False)
        keys = QLabel(
            "<small>Enter or Esc: go back · A: accept above the confidence · R: reject all</small>"
        )

        accept_row = QHBoxLayout()
        accept_row.addWidget(self.accept_button)
        accept_row.addWidget(self.threshold)
        accept_row.addWidget(self.split_label, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.back_button)
        layout.addLayout(accept_row)
        layout.addWidget(self.reject_button)
        layout.addWidget(keys)

        self.back_button.clicked.connect(self.reject)
        self.accept_button.clicked.connect(self.accept_above)
        self.reject_button.clicked.connect(self.reject_rest)
        self.threshold.valueChanged.connect(lambda _v: self._show_split())
        self._show_split()
        self.back_button.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """A, R and G answer the prompt (letters typed in the confidence box stay there)."""
        slot = {
            Qt.Key.Key_A: self.accept_above,
            Qt.Key.Key_R: self.reject_rest,
            Qt.Key.Key_G: self.reject,
        }.get(Qt.Key(event.key()))
        if slot is not None and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            slot()
            return
        super().keyPressEvent(event)

    def _show_split(self) -> None:
        above = sum(1 for c in self.confidences if c >= self.threshold.value())
        self.split_label.setText(
            f"and reject the rest: {above} accepted, {len(self.confidences) - above} rejected"
        )

    def accept_above(self) -> None:
        """Accept those at or above the confidence, reject the rest, and submit."""
        self.chosen.emit("accept_above", round(self.threshold.value(), 4))
        self.accept()

    def reject_rest(self) -> None:
        """Reject every undecided suggestion and submit."""
        self.chosen.emit("reject_rest", 0.0)
        self.accept()
