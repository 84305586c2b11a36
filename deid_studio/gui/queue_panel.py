"""The active-learning queue: a lazily paged table over the queue service, with filters.

The model holds the rows fetched so far (ids and what a row shows); Qt asks for more as the
view scrolls (canFetchMore/fetchMore), one page of :data:`PAGE` rows at a time, so a queue of
20,000 documents loads only what has been scrolled past.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.errors import DeidError
from deid_studio.gui.tables import ModelIndex, TitledTableModel
from deid_studio.services import queue as queue_service
from deid_studio.services import reviewing
from deid_studio.services.queue import ANNOTATABLE, QueueEntry
from deid_studio.services.submitting import describe_resolution
from deid_studio.store.project import Project

PAGE = 100

FILTERS: tuple[tuple[str, tuple[str, ...] | None], ...] = (
    ("To annotate", ("new", "in_progress")),
    ("New", ("new",)),
    ("In progress", ("in_progress",)),
    ("Submitted", ("submitted",)),
    ("Signed off", ("signed_off",)),
    ("Exported", ("exported",)),
    ("All", None),
)
COLUMNS = ("Score", "Why", "Report", "Status", "Lang", "Held by", "Narrative")
WHY, NARRATIVE = COLUMNS.index("Why"), COLUMNS.index("Narrative")
WARNING = QColor("#b35c00")


class QueueModel(TitledTableModel):
    """Rows of the queue in its order, fetched a page at a time."""

    columns = COLUMNS

    def __init__(self, project: Project, parent: Any = None) -> None:
        super().__init__(parent)
        self.project = project
        self.statuses: Sequence[str] | None = ("new", "in_progress")
        self.search: str | None = None
        self._entries: list[QueueEntry] = []
        self._total = 0

    # -- filters and refresh ---------------------------------------------------------------

    def set_filter(self, statuses: Sequence[str] | None, search: str | None) -> None:
        """Show other statuses or a text search; starts again from the top."""
        self.statuses, self.search = statuses, (search or None)
        self.refresh(keep=False)

    def refresh(self, *, keep: bool = True) -> None:
        """Read the queue again (its order changes after re-suggesting).

        With ``keep``, as many rows as were loaded are loaded again.
        """
        loaded = max(len(self._entries), PAGE) if keep else PAGE
        self.beginResetModel()
        self._total = queue_service.queue_size(
            self.project, statuses=self.statuses, search=self.search
        )
        self._entries = self._page(0, loaded)
        self.endResetModel()

    def _page(self, offset: int, limit: int) -> list[QueueEntry]:
        return queue_service.queue_page(
            self.project, statuses=self.statuses, search=self.search, offset=offset, limit=limit
        )

    @property
    def total(self) -> int:
        """How many documents match the filters."""
        return self._total

    @property
    def rows_loaded(self) -> int:
        """How many rows have been fetched so far."""
        return len(self._entries)

    def entry(self, row: int) -> QueueEntry | None:
        """The entry shown in a row."""
        return self._entries[row] if 0 <= row < len(self._entries) else None

    def row_of(self, document_id: int) -> int | None:
        """The row of a document, if loaded."""
        for row, entry in enumerate(self._entries):
            if entry.document_id == document_id:
                return row
        return None

    # -- Qt model --------------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Rows fetched so far."""
        return 0 if parent.isValid() else len(self._entries)

    def canFetchMore(self, parent: ModelIndex) -> bool:
        """True while rows remain beyond those fetched."""
        return not parent.isValid() and len(self._entries) < self._total

    def fetchMore(self, parent: ModelIndex) -> None:
        """Fetch the next page."""
        if parent.isValid():
            return
        more = self._page(len(self._entries), PAGE)
        if not more:
            self._total = len(self._entries)
            return
        first = len(self._entries)
        self.beginInsertRows(QModelIndex(), first, first + len(more) - 1)
        self._entries.extend(more)
        self.endInsertRows()

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """What a cell shows."""
        entry = self.entry(index.row())
        if entry is None:
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(entry, column)
        if role == Qt.ItemDataRole.ToolTipRole and column == NARRATIVE:
            return entry.preview
        if role == Qt.ItemDataRole.ToolTipRole and column == WHY:
            return why(entry) or None
        if role == Qt.ItemDataRole.ForegroundRole and column == WHY and entry.resolved_on_submit:
            return WARNING
        if role == Qt.ItemDataRole.UserRole:
            return entry.document_id
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


def _cell(entry: QueueEntry, column: int) -> str:
    name = COLUMNS[column]
    if name == "Score":
        if entry.score is None:
            return "…" if entry.status in ANNOTATABLE else ""
        return f"{entry.score:.3f}"
    if name == "Why":
        return why(entry)
    if name == "Report":
        return entry.external_id
    if name == "Status":
        return entry.status.replace("_", " ")
    if name == "Lang":
        return entry.language or ""
    if name == "Held by":
        return entry.claimed_by or ""
    return " ".join(entry.preview.split())


def why(entry: QueueEntry) -> str:
    """Why a document is where it is: how a bulk submission resolved its suggestions, or
    what makes its score high ("new vocabulary", "uncertain names"...)."""
    if entry.resolved_on_submit:
        return "⚠ " + describe_resolution(entry.resolved_on_submit)
    if entry.score is None:
        return "suggestions being computed" if entry.status in ANNOTATABLE else ""
    return ", ".join(str(r) for r in entry.details.get("reasons", ()))


class QueuePanel(QWidget):
    """The queue with its status filter, text search and the Next button.

    A single click or Enter on a row opens its document. **Next** skips the document you
    hold: it lets go of it (anyone may take it, you too) and opens the top document other
    than it and those you skipped before (once every one was skipped, it starts over).
    """

    documentActivated = Signal(int)
    message = Signal(str)

    def __init__(
        self,
        project: Project,
        actor: Callable[[], str],
        *,
        review: bool = False,
        holding: Callable[[], int | None] = lambda: None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.project = project
        self.actor = actor
        self.review = review
        self.holding = holding
        """The document open beside the queue (the one Next skips)."""
        self.skipped: list[int] = []
        """Documents skipped with Next in this session, skipped again until all were."""
        self.model = QueueModel(project, self)
        self.filter = QComboBox()
        self.filter.setObjectName("queueFilter")
        for label, statuses in FILTERS:
            self.filter.addItem(label, statuses)
        self.filter.setCurrentIndex(3 if review else 0)
        self.search = QLineEdit()
        self.search.setObjectName("queueSearch")
        self.search.setPlaceholderText("Search narratives and report ids")
        self.search.setClearButtonEnabled(True)
        self.next_button = QPushButton("Next")
        self.next_button.setObjectName("queueNext")
        self.next_button.setToolTip(
            "Open the most uncertain document nobody else holds"
            if not review
            else "Open the next submitted document nobody else holds"
        )
        self.count = QLabel()
        self.table = QTableView()
        self.table.setObjectName("queueTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((48, 200, 130, 72, 36, 64)):
            self.table.setColumnWidth(column, width)

        top = QHBoxLayout()
        top.addWidget(self.filter)
        top.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.count)

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(250)
        self._debounce.timeout.connect(self._apply_filter)
        self.search.textChanged.connect(lambda _text: self._debounce.start())
        self.filter.currentIndexChanged.connect(lambda _i: self._apply_filter())
        self.table.activated.connect(self._activated)  # Enter (and a double click)
        self.table.clicked.connect(self._activated)
        self.next_button.clicked.connect(lambda: self.take_next(skip_open=True))
        self.model.modelReset.connect(self._count)
        self.model.rowsInserted.connect(lambda *_: self._count())
        self._apply_filter()

    def _apply_filter(self) -> None:
        self._debounce.stop()
        statuses = self.filter.currentData()
        # the score is the annotation queue's: a list of submitted or signed-off documents
        # has none, and its room goes to the report and its status (Why stays: it marks a
        # document submitted with suggestions left undecided)
        scored = statuses is None or any(s in ANNOTATABLE for s in statuses)
        self.table.setColumnHidden(COLUMNS.index("Score"), not scored)
        self.model.set_filter(statuses, self.search.text().strip())

    def _count(self) -> None:
        self.count.setText(f"{self.model.total} documents ({self.model.rows_loaded} loaded)")

    def _activated(self, index: QModelIndex) -> None:
        document_id = self.model.data(index, Qt.ItemDataRole.UserRole)
        if document_id is not None:
            self.documentActivated.emit(int(document_id))

    def refresh(self) -> None:
        """Read the queue again, keeping the selected document selected."""
        selected = self.selected_document()
        self.model.refresh()
        if selected is not None:
            self.select_document(selected)

    def selected_document(self) -> int | None:
        """The document of the selected row."""
        rows = self.table.selectionModel().selectedRows()
        return self.model.data(rows[0], Qt.ItemDataRole.UserRole) if rows else None

    def select_document(self, document_id: int) -> None:
        """Select a document's row if it is loaded."""
        row = self.model.row_of(document_id)
        if row is not None:
            self.table.selectRow(row)
            self.table.scrollTo(self.model.index(row, 0))

    def open_selected(self) -> None:
        """Open the document of the selected row (as Enter does in the queue)."""
        index = self.table.currentIndex()
        if index.isValid():
            self._activated(index)
        else:
            self.message.emit("select a row of the queue first")

    def take_next(self, *, skip_open: bool = False) -> int | None:
        """Claim the top document not held by someone else and open it. With ``skip_open``
        (Next), the document open now is skipped and let go of."""
        leaving = self.holding() if skip_open else None
        actor = self.actor()
        found = self._claim_next([*self.skipped, *([leaving] if leaving else [])], actor)
        if found is None and self.skipped:  # everything was skipped once: start over
            self.skipped.clear()
            found = self._claim_next([leaving] if leaving else [], actor)
        if found is None:
            self.message.emit(
                "no other document to open: this one stays open"
                if leaving is not None
                else "nothing to review that someone else annotated and nobody holds"
                if self.review
                else "the queue is empty: nothing left that nobody else holds"
            )
            return None
        if leaving is not None and leaving != found:
            self.skipped.append(leaving)
            try:
                queue_service.release(self.project, leaving, actor=actor, reason="skipped")
            except DeidError as err:
                self.message.emit(str(err))
        self.refresh()
        self.select_document(found)
        self.documentActivated.emit(found)
        return found

    def _claim_next(self, skip: list[int], actor: str) -> int | None:
        try:
            if self.review:
                found = reviewing.next_for_review(self.project, actor=actor, skip=skip)
            else:
                found = queue_service.next_document(self.project, actor=actor, skip=skip)
        except DeidError as err:
            self.message.emit(str(err))
            return None
        return found
