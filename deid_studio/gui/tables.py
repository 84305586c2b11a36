"""What the table models share: a fixed set of titled columns."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

ModelIndex = QModelIndex | QPersistentModelIndex


class TitledTableModel(QAbstractTableModel):
    """A flat table whose columns are ``columns``; subclasses give the rows and cells."""

    columns: tuple[str, ...] = ()

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One column per title."""
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section]
        return None
