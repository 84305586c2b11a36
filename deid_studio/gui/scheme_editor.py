"""The category scheme editor: name, colour and shortcut key of each category; add, remove,
reorder. Renaming a category carries its gold spans along."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QColorDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.categories import PALETTE, Category, Scheme
from deid_studio.core.errors import DeidError
from deid_studio.gui.style import category_colour, swatch_text

NAME, COLOUR, KEY, USED = range(4)


class SchemeEditor(QWidget):
    """An editable table of the scheme's categories.

    Rows remember the name they had when loaded, so :meth:`edited` can tell a rename from a
    new category.
    """

    def __init__(
        self, scheme: Scheme, usage: dict[str, int], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("schemeEditor")
        self.original = scheme
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("schemeTable")
        self.table.setHorizontalHeaderLabels(["Category", "Colour", "Key", "Gold spans"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for column in (COLOUR, KEY, USED):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self._categories: list[Category] = []
        for category in scheme:
            self._append(category, usage.get(category.name, 0), original=category.name)
        self.table.cellDoubleClicked.connect(self._double_clicked)
        add = QPushButton("Add")
        remove = QPushButton("Remove")
        up = QPushButton("Up")
        down = QPushButton("Down")
        add.clicked.connect(self.add_category)
        remove.clicked.connect(self.remove_selected)
        up.clicked.connect(lambda: self._move(-1))
        down.clicked.connect(lambda: self._move(1))
        buttons = QHBoxLayout()
        for button in (add, remove, up, down):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def _append(self, category: Category, used: int, original: str | None) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        name = QTableWidgetItem(category.name)
        name.setData(Qt.ItemDataRole.UserRole, original)
        self.table.setItem(row, NAME, name)
        colour = QTableWidgetItem(category.colour)
        colour.setFlags(colour.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self._paint(colour, category.colour)
        self.table.setItem(row, COLOUR, colour)
        self.table.setItem(row, KEY, QTableWidgetItem((category.key or "").upper()))
        count = QTableWidgetItem(str(used))
        count.setFlags(count.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.table.setItem(row, USED, count)
        self._categories.insert(row, category)

    def _cell(self, row: int, column: int) -> QTableWidgetItem:
        item = self.table.item(row, column)
        assert item is not None, f"row {row} column {column} is empty"
        return item

    @staticmethod
    def _paint(item: QTableWidgetItem, colour: str) -> None:
        item.setBackground(category_colour(colour))
        item.setForeground(swatch_text(colour))

    def _double_clicked(self, row: int, column: int) -> None:
        if column == COLOUR:
            self.pick_colour(row)

    def pick_colour(self, row: int) -> None:
        """Choose a row's colour."""
        item = self._cell(row, COLOUR)
        chosen = QColorDialog.getColor(QColor(item.text()), self, "Category colour")
        if chosen.isValid():
            self.set_colour(row, chosen.name())

    def set_colour(self, row: int, colour: str) -> None:
        """Give a row another colour."""
        item = self._cell(row, COLOUR)
        item.setText(colour.upper())
        self._paint(item, colour)

    def add_category(self) -> None:
        """Append a new category with the next palette colour."""
        colour = PALETTE[self.table.rowCount() % len(PALETTE)]
        self._append(Category(f"NEW{self.table.rowCount() + 1}", colour), 0, original=None)
        self.table.editItem(self._cell(self.table.rowCount() - 1, NAME))

    def remove_selected(self) -> None:
        """Remove the selected category (the service refuses one with gold spans)."""
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)
            del self._categories[row]

    def _move(self, step: int) -> None:
        row = self.table.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.table.rowCount():
            return
        items = [self.table.takeItem(row, c) for c in range(4)]
        others = [self.table.takeItem(target, c) for c in range(4)]
        for c in range(4):
            self.table.setItem(target, c, items[c])
            self.table.setItem(row, c, others[c])
        self._categories[row], self._categories[target] = (
            self._categories[target],
            self._categories[row],
        )
        self.table.setCurrentCell(target, NAME)

    def edited(self) -> tuple[Scheme, dict[str, str]]:
        """The scheme as edited and the renames (old name -> new); DeidError when invalid."""
        categories: list[Category] = []
        renames: dict[str, str] = {}
        for row, base in enumerate(self._categories):
            name = self._cell(row, NAME).text().strip().upper().replace(" ", "_")
            key = self._cell(row, KEY).text().strip().lower() or None
            if not name:
                raise DeidError(f"row {row + 1}: a category needs a name")
            if key is not None and (len(key) != 1 or not key.isalnum()):
                raise DeidError(f"{name}: a shortcut key is one letter or digit")
            original = self._cell(row, NAME).data(Qt.ItemDataRole.UserRole)
            if original and original != name:
                renames[original] = name
            colour = self._cell(row, COLOUR).text()
            categories.append(replace(base, name=name, colour=colour, key=key))
        renamed = {c.parent: renames.get(c.parent, c.parent) for c in categories if c.parent}
        categories = [
            replace(c, parent=renamed.get(c.parent, c.parent)) if c.parent else c
            for c in categories
        ]
        try:
            return Scheme(self.original.name, tuple(categories)), renames
        except ValueError as err:
            raise DeidError(str(err)) from None
