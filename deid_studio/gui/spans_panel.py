"""The open document's spans as a list, and an inspector of the current span."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deid_studio.gui.items import Item
from deid_studio.gui.session import DocumentSession
from deid_studio.gui.style import category_colour, swatch_text
from deid_studio.gui.tables import ModelIndex, TitledTableModel
from deid_studio.gui.workers import debounced

COLUMNS = ("Category", "Text", "How")
PANEL_DELAY_MS = 30  # the narrative repaints first; the list and inspector follow


class SpanListModel(TitledTableModel):
    """Rows are the session's items; the model keeps no copy of them."""

    columns = COLUMNS

    def __init__(self, session: DocumentSession) -> None:
        super().__init__(session)
        self.session = session
        self._looks: dict[str, tuple[QColor, QColor]] = {}
        self._muted = QColor("#555555")
        self._italic = QFont()
        self._italic.setItalic(True)
        later = debounced(self, PANEL_DELAY_MS, self._reset)
        session.spansChanged.connect(later)
        session.loaded.connect(later)

    def _reset(self) -> None:
        self.beginResetModel()
        self._looks = {
            c.name: (category_colour(c.colour), swatch_text(c.colour)) for c in self.session.scheme
        }
        self.endResetModel()

    def item(self, row: int) -> Item | None:
        """The item of a row."""
        items = self.session.items
        return items[row] if 0 <= row < len(items) else None

    def row_of(self, item: Item | None) -> int | None:
        """The row of an item."""
        if item is None:
            return None
        for row, candidate in enumerate(self.session.items):
            if candidate.key == item.key:
                return row
        return None

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """One row per span."""
        return 0 if parent.isValid() else len(self.session.items)

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """Category with its colour, the covered text, gold or the suggestion's confidence."""
        item = self.item(index.row())
        if item is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return item.category
            if column == 1:
                return " ".join(self.session.text[item.start : item.end].split())
            if item.kind == "gold":
                return f"gold ({item.origin})"
            return f"{item.confidence or 0:.0%} {item.proposer}"
        if role == Qt.ItemDataRole.BackgroundRole and column == 0:
            fill = self._looks.get(item.category, (category_colour(None), None))[0]
            return fill if item.kind == "gold" else fill.lighter(125)
        if role == Qt.ItemDataRole.ForegroundRole:
            if column == 0:
                return self._looks.get(item.category, (None, swatch_text(None)))[1]
            if item.kind == "suggestion":
                return self._muted
        if role == Qt.ItemDataRole.FontRole and item.kind == "suggestion" and column != 0:
            return self._italic
        return None


class SpansPanel(QTableView):
    """The span list; choosing a row makes that span current."""

    def __init__(self, session: DocumentSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spanList")
        self.session = session
        self.list_model = SpanListModel(session)
        self.setModel(self.list_model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        rows = self.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # no measuring on every change
        rows.setDefaultSectionSize(22)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.setColumnWidth(0, 110)
        self.setColumnWidth(2, 95)
        self.selectionModel().currentRowChanged.connect(self._row_changed)
        session.currentChanged.connect(debounced(self, PANEL_DELAY_MS + 5, self._follow))
        self.list_model.modelReset.connect(self._follow)
        self._following = False

    def _row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not self._following:
            self.session.set_current(self.list_model.item(current.row()))

    def _follow(self) -> None:
        row = self.list_model.row_of(self.session.current)
        self._following = True
        try:
            if row is None:
                self.selectionModel().clearSelection()
            else:
                index = self.list_model.index(row, 0)
                self.selectionModel().setCurrentIndex(
                    index,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect
                    | QItemSelectionModel.SelectionFlag.Rows,
                )
                self.scrollTo(index)
        finally:
            self._following = False


class Inspector(QWidget):
    """Details of the current span; its category can be changed here too."""

    def __init__(self, session: DocumentSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inspector")
        self.session = session
        self.category = QComboBox()
        self.category.setObjectName("inspectorCategory")
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.how = QLabel()
        self.where = QLabel()
        self.status = QLabel()
        self.status.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Category", self.category)
        form.addRow("Text", self.text)
        form.addRow("How", self.how)
        form.addRow("Offsets", self.where)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addStretch(1)
        self._fill_categories()
        session.loaded.connect(self._fill_categories)
        session.currentChanged.connect(debounced(self, PANEL_DELAY_MS, self._show))
        self.category.activated.connect(self._chosen)

    def _fill_categories(self) -> None:
        self.category.blockSignals(True)
        self.category.clear()
        for c in self.session.scheme or ():
            self.category.addItem(f"{c.name}  ({(c.key or '-').upper()})", c.name)
        self.category.blockSignals(False)
        state = self.session.state
        self.status.setText(
            "" if state is None or state.editable else f"Read only: {state.read_only_reason}"
        )
        self._show()

    def _show(self) -> None:
        item = self.session.current
        self.category.setEnabled(item is not None)
        if item is None:
            self.text.setText("—")
            self.how.setText("Tab goes to the next suggestion; select text and press a key.")
            self.where.setText("")
            return
        index = self.category.findData(item.category)
        self.category.setCurrentIndex(index)
        self.text.setText(self.session.text[item.start : item.end])
        if item.kind == "gold":
            self.how.setText(f"gold, {item.origin} by {item.author}")
        else:
            self.how.setText(f"suggestion, {item.confidence or 0:.0%} ({item.proposer})")
        self.where.setText(f"{item.start} to {item.end}")

    def _chosen(self, index: int) -> None:
        name = self.category.itemData(index)
        if name:
            self.session.set_category(str(name))
