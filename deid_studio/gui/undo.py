"""Undo and redo of saved edits: a QUndoCommand that reverts through the service."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from deid_studio.services.annotating import Edit

if TYPE_CHECKING:
    from deid_studio.gui.session import DocumentSession


class EditCommand(QUndoCommand):
    """An edit already saved; undo and redo revert it through the service."""

    def __init__(self, session: DocumentSession, edit: Edit, text: str) -> None:
        super().__init__(text)
        self._session = session
        self._edit = edit
        self._inverse: Edit | None = None
        self._pushed = False

    def redo(self) -> None:
        """Skipped on push (the edit is done); afterwards re-applies it."""
        if not self._pushed:
            self._pushed = True
            return
        if self._inverse is None:
            return
        done = self._session.revert(self._inverse, "redo", self.text())
        if done is None:
            self.setObsolete(True)
        else:
            self._edit = done

    def undo(self) -> None:
        """Revert the edit."""
        inverse = self._session.revert(self._edit, "undo", self.text())
        if inverse is None:
            self.setObsolete(True)
        else:
            self._inverse = inverse
