"""After a rename: the documents held under the old name.

A document is held by a name while it is open for annotation or review. Renaming yourself
(Settings ▸ You) would leave those documents held by a name nobody uses any more — nobody
else could take them, and the new name could only read them. So the window offers to
release them, then opens the documents shown again under the new name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox

from deid_studio.services.queue import held_documents, release_all

if TYPE_CHECKING:
    from deid_studio.gui.main_window import MainWindow


class ClaimsOnRename(QObject):
    """Asks, after a rename, whether to release the documents held under the old name."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.box: QMessageBox | None = None
        """The question, while it is open."""
        window.preferences.renamed.connect(self.renamed)

    def renamed(self, old: str, new: str) -> None:
        """Ask (when the old name holds documents of the open project)."""
        project = self.window.project
        if project is None:
            return
        held = held_documents(project, actor=old)
        if not held:
            self._reopen()
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Release your documents?",
            f"As {old} you hold {len(held)} document{'s' if len(held) != 1 else ''} (opened "
            f"and not yet submitted or decided). Nobody else can take them, and as {new} you "
            "could only read them. Release them?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self.window,
        )
        box.setObjectName("releaseClaims")
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.finished.connect(lambda _r: self._answered(box, old, new))
        self.box = box
        box.open()

    def _answered(self, box: QMessageBox, old: str, new: str) -> None:
        self.box = None
        box.deleteLater()
        project = self.window.project
        if project is None:
            return
        if box.standardButton(box.clickedButton()) == QMessageBox.StandardButton.Yes:
            count = release_all(project, actor=old, reason=f"renamed to {new}")
            self.window.say(f"released {count} documents held as {old}")
        else:
            self.window.say(f"the documents stay held by {old}")
        self._reopen()

    def _reopen(self) -> None:
        """Open the documents shown again under the current name (claims, read only)."""
        workspace = self.window.workspace
        if workspace is None:
            return
        annotate, review = workspace.annotate, workspace.review
        if annotate.session.document_id is not None:
            annotate.session.open(annotate.session.document_id)
        if review.session.document_id is not None:
            review.open_document(review.session.document_id)
        annotate.queue.refresh()
        review.queue.refresh()
