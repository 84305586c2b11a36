"""The audit view of one document: who did what to it, when, and why."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deid_studio.gui.tables import ModelIndex, TitledTableModel
from deid_studio.services.reviewing import audit_of
from deid_studio.store.project import AuditEvent, Project

COLUMNS = ("When (local time)", "Who", "What", "Change", "Why")


def _brief(value: Mapping[str, Any] | None) -> str:
    if not value:
        return ""
    return json.dumps(dict(value), ensure_ascii=False, sort_keys=True, default=str)


class AuditModel(TitledTableModel):
    """Audit events, oldest first (the trail is append-only; nothing here edits it)."""

    columns = COLUMNS

    def __init__(self, events: Sequence[AuditEvent], parent: Any = None) -> None:
        super().__init__(parent)
        self.events = list(events)

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per event."""
        return 0 if parent.isValid() else len(self.events)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell of the trail."""
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        e = self.events[index.row()]
        column = index.column()
        if column == 0:
            return e.at.astimezone().strftime("%Y-%m-%d %H:%M:%S")
        if column == 1:
            return e.actor
        if column == 2:
            return e.action.replace("_", " ")
        if column == 3:
            before, after = _brief(e.before), _brief(e.after)
            return f"{before} → {after}" if before and after else before or after
        return e.reason


class AuditDialog(QDialog):
    """The audit trail of one document."""

    def __init__(
        self, project: Project, document_id: int, title: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Audit trail — {title}")
        self.setObjectName("auditDialog")
        self.resize(900, 420)
        self.model = AuditModel(audit_of(project, document_id), self)
        table = QTableView()
        table.setObjectName("auditTable")
        table.setModel(self.model)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.verticalHeader().setVisible(False)
        table.setWordWrap(False)
        header = table.horizontalHeader()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{len(self.model.events)} events, oldest first; append-only."))
        layout.addWidget(table, 1)
        layout.addWidget(buttons)
