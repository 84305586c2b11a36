"""The keep list in the window: the Settings tab that edits it, and the list of the words a
masked export masked most often, each one key away from the keep list.

Every change goes to the project at once (audited with who and why), as the command line's
``deid-studio keep add`` does; a refusal (not a steward on a team project) shows in one line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.errors import DeidError
from deid_studio.services.keep import add_to_keep_list, keep_list, remove_from_keep_list
from deid_studio.services.masking import MaskedWord
from deid_studio.store.project import Project

ERROR_STYLE = "color: #b00020"


def _table(headers: Sequence[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class KeepEditor(QWidget):
    """The Settings tab: the keep list, a word to add with why, and Remove."""

    changed = Signal()

    def __init__(
        self, project: Project, actor: Callable[[], str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("keepEditor")
        self.project = project
        self.actor = actor
        intro = QLabel(
            "Words a masked export leaves as written when only a suggestion marks them "
            "(a gold span is always masked, and so is a kept word that a case's gold marks as "
            "PHI). Drugs, vaccines and eponyms in their term are kept without being listed."
        )
        intro.setWordWrap(True)
        self.table = _table(["Word", "Added by", "Why"])
        self.table.setObjectName("keepTable")
        self.term = QLineEdit()
        self.term.setObjectName("keepTerm")
        self.term.setPlaceholderText("A word or words (Pfizer)")
        self.reason = QLineEdit()
        self.reason.setObjectName("keepReason")
        self.reason.setPlaceholderText("Why (kept in the audit trail)")
        add = QPushButton("Add")
        add.setObjectName("keepAdd")
        add.setAutoDefault(False)
        add.clicked.connect(self.add)
        for field in (self.term, self.reason):  # Return adds (and does not close Settings)
            field.installEventFilter(self)
        remove = QPushButton("Remove")
        remove.setObjectName("keepRemove")
        remove.setAutoDefault(False)
        remove.clicked.connect(self.remove_selected)
        QShortcut(QKeySequence(Qt.Key.Key_Delete), self.table, self._delete_key)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        for field in (self.term, self.reason):  # the hint of what to type reads whole
            hint = field.fontMetrics().horizontalAdvance(field.placeholderText())
            field.setMinimumWidth(hint + 24)
        row = QHBoxLayout()
        row.addWidget(self.term, 1)
        row.addWidget(self.reason, 2)
        row.addWidget(add)
        row.addWidget(remove)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.error)
        self.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Return in the word or the reason field adds the word; the dialog around stays
        open (its OK button would otherwise take the key)."""
        if (
            watched in (self.term, self.reason)
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            self.add()
            return True
        return super().eventFilter(watched, event)

    def refresh(self) -> None:
        """Show the list as the project has it."""
        entries = keep_list(self.project)
        self.table.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            for column, value in enumerate((entry.term, entry.added_by, entry.reason)):
                self.table.setItem(row, column, QTableWidgetItem(value))

    def add(self) -> None:
        """Add the typed word with its reason."""
        term = self.term.text().strip()
        if not term:
            return
        if self._call(lambda: add_to_keep_list(
            self.project, [term], actor=self.actor(), reason=self.reason.text().strip()
        )):  # fmt: skip
            self.term.clear()
            self.reason.clear()

    def remove_selected(self) -> None:
        """Take the selected words off the list."""
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        terms = [self.table.item(r, 0).text() for r in rows if self.table.item(r, 0)]
        if terms:
            self._call(lambda: remove_from_keep_list(self.project, terms, actor=self.actor()))

    def _delete_key(self) -> None:
        """Delete in the table: the selected words, or the row the keyboard stands on (the
        table takes the focus on its first row without selecting it)."""
        if not self.table.selectedIndexes() and self.table.currentRow() >= 0:
            self.table.selectRow(self.table.currentRow())
        self.remove_selected()

    def _call(self, change: Callable[[], object]) -> bool:
        try:
            change()
        except DeidError as err:
            self.error.setText(str(err))
            return False
        self.error.clear()
        self.refresh()
        self.changed.emit()
        return True


class MostMasked(QWidget):
    """The words an export masked most often, each one key (K) from the keep list."""

    kept = Signal(str)

    def __init__(
        self, project: Project, actor: Callable[[], str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mostMasked")
        self.project = project
        self.actor = actor
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.table = _table(["Word", "Masked", "Reports", ""])
        self.table.setObjectName("mostMaskedTable")
        keep = QPushButton("Keep (K)")
        keep.setObjectName("keepWord")
        keep.clicked.connect(self.keep_selected)
        QShortcut(QKeySequence(Qt.Key.Key_K), self.table, self.keep_selected)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.error, 1)
        buttons.addWidget(keep)
        layout.addLayout(buttons)
        self.setVisible(False)

    def show_words(self, words: Sequence[MaskedWord], min_reports: int) -> None:
        """Show ``words`` (nothing to show: hidden)."""
        self.table.setRowCount(len(words))
        for row, word in enumerate(words):
            for column, value in enumerate((word.word, word.count, word.reports, "")):
                self.table.setItem(row, column, QTableWidgetItem(str(value)))
        self.title.setText(
            f"Masked most often by suggestions (in {min_reports} reports or more). A word "
            "that is no PHI: select it and press K to keep it in the next exports."
        )
        self.setVisible(bool(words))
        if words:
            self.table.selectRow(0)

    def keep_selected(self) -> None:
        """Put the selected word on the keep list (audited)."""
        row = self.table.currentRow()
        item = self.table.item(row, 0) if row >= 0 else None
        if item is None:
            return
        word = item.text()
        try:
            add_to_keep_list(
                self.project, [word], actor=self.actor(), reason="from the export summary"
            )
        except DeidError as err:
            self.error.setText(str(err))
            return
        self.error.clear()
        self.table.setItem(row, 3, QTableWidgetItem("kept"))
        self.kept.emit(word)
