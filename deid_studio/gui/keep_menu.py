"""The narrative's context menu entry "Never mask “X”": a word of the narrative onto the
project's keep list, with why.

X is the selection, else the span under the mouse, else the word under it. A small dialog asks
why (kept in the audit trail); the word then goes on the keep list at once, as
``deid-studio keep add`` does, and Ctrl+Z takes it off again (the command sits on the open
document's undo stack). A refusal (not a steward on a team project, a term too long) shows in
one line in the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

import regex
from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QUndoCommand
from PySide6.QtWidgets import QInputDialog, QMenu

from deid_studio.core.errors import DeidError
from deid_studio.gui.narrative import NarrativeView
from deid_studio.gui.session import DocumentSession
from deid_studio.mask.safe import fold_words
from deid_studio.services.keep import add_to_keep_list, keep_list, remove_from_keep_list

_WORD = regex.compile(r"[\p{L}\p{M}\d]+(?:['\u2019&-][\p{L}\p{M}\d]+)*")
LONGEST = 60
"""A selection longer than this is no word to keep: the entry is not offered."""


def _quoted(word: str) -> str:
    return f"“{word}”"


class NeverMask(QObject):
    """The "Never mask “X”" entry of a narrative view's context menu."""

    changed = Signal()
    """The keep list changed (what the masking keeps must be read again)."""
    message = Signal(str)
    """A line for the status bar: what was done, or why it was refused."""

    def __init__(
        self, session: DocumentSession, view: NarrativeView, actor: Callable[[], str]
    ) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        self.actor = actor
        self.word: str | None = None
        self.dialog: QInputDialog | None = None
        self.action = QAction("Never mask…", view)
        self.action.setObjectName("neverMask")
        self.action.setStatusTip("Put the word on the keep list: never masked unless annotated")
        self.action.triggered.connect(lambda _checked=False: self.ask())
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._show_menu)

    def word_at(self, offset: int | None) -> str | None:
        """What the entry would keep: the selection, else the smallest span at ``offset``,
        else the word there (None: nothing to keep)."""
        text = self.session.text
        selected = self.view.selected_offsets()
        if selected is not None:
            start, end = selected
        elif offset is None:
            return None
        else:
            under = [i for i in self.session.items if i.start <= offset < i.end]
            if under:
                item = min(under, key=lambda i: i.end - i.start)
                start, end = item.start, item.end
            else:
                found = next(
                    (m for m in _WORD.finditer(text) if m.start() <= offset < m.end()), None
                )
                if found is None:
                    return None
                start, end = found.span()
        word = " ".join(text[start:end].split())
        return word if word and len(word) <= LONGEST and fold_words(word) else None

    def menu(self, point: QPoint) -> QMenu:
        """The view's context menu at ``point`` (viewport coordinates), with the entry when
        there is a word to keep."""
        menu = self.view.createStandardContextMenu()
        self.word = self.word_at(self.view.offset_at(point))
        if self.word is not None and self.session.document_id is not None:
            self.action.setText(f"Never mask {_quoted(self.word)}…")
            menu.addSeparator()
            menu.addAction(self.action)
        return menu

    def _show_menu(self, point: QPoint) -> None:
        menu = self.menu(point)
        menu.exec(self.view.viewport().mapToGlobal(point))
        menu.deleteLater()

    def ask(self) -> None:
        """Ask why the word is no PHI, then keep it (a word on the list already: say so)."""
        word = self.word
        if word is None:
            return
        if any(fold_words(e.term) == fold_words(word) for e in keep_list(self.session.project)):
            self.message.emit(f"{_quoted(word)} is on the keep list already")
            return
        dialog = QInputDialog(self.view)
        dialog.setObjectName("neverMaskDialog")
        dialog.setWindowTitle("Never mask")
        dialog.setLabelText(
            f"Never mask {_quoted(word)} unless annotated: why is it no PHI?\n"
            "(kept in the audit trail; Settings → Keep list shows and changes the list)"
        )
        dialog.setTextValue("")
        dialog.textValueSelected.connect(lambda reason: self.keep(word, reason.strip()))
        dialog.finished.connect(lambda _result: self._closed(dialog))
        self.dialog = dialog
        dialog.open()

    def _closed(self, dialog: QInputDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        self.view.window().activateWindow()  # the keys go back to the narrative (Ctrl+Z)
        self.view.setFocus()

    def keep(self, word: str, reason: str) -> bool:
        """Put ``word`` on the keep list now (undoable with Ctrl+Z); False when refused."""
        if not self.change_list(lambda: add_to_keep_list(
            self.session.project, [word], actor=self.actor(), reason=reason
        )):  # fmt: skip
            return False
        stack = self.session.undo_stack()
        if stack is not None:
            stack.push(_KeepCommand(self, word, reason))
        self.message.emit(
            f"{_quoted(word)} is never masked unless annotated (on the keep list) — "
            "Ctrl+Z takes it off"
        )
        return True

    def change_list(self, change: Callable[[], object]) -> bool:
        """Run a change of the keep list; a refusal goes to the status bar."""
        try:
            change()
        except DeidError as err:
            self.message.emit(str(err))
            return False
        self.changed.emit()
        return True


class _KeepCommand(QUndoCommand):
    """A word put on the keep list from the narrative: undo takes it off, redo puts it back."""

    def __init__(self, menu: NeverMask, word: str, reason: str) -> None:
        super().__init__(f"never mask {_quoted(word)}")
        self._menu = menu
        self._word = word
        self._reason = reason
        self._pushed = False

    def redo(self) -> None:
        """Skipped on push (the word is on the list); afterwards puts it back."""
        if not self._pushed:
            self._pushed = True
            return
        menu = self._menu
        if menu.change_list(lambda: add_to_keep_list(
            menu.session.project, [self._word], actor=menu.actor(), reason=self._reason
        )):  # fmt: skip
            menu.message.emit(f"redid: {_quoted(self._word)} back on the keep list")
        else:
            self.setObsolete(True)

    def undo(self) -> None:
        """Take the word off the keep list."""
        menu = self._menu
        if menu.change_list(lambda: remove_from_keep_list(
            menu.session.project, [self._word], actor=menu.actor(), reason="undo"
        )):  # fmt: skip
            menu.message.emit(f"undid: {_quoted(self._word)} off the keep list")
        else:
            self.setObsolete(True)
