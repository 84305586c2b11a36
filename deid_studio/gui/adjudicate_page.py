"""Adjudication: the two blind copies of a double-annotated narrative side by side, their
differences highlighted, and the gold made unit by unit from the keyboard.

A unit is a stretch where either annotator marked something. For each, the adjudicator takes
the left copy's spans (Left or 1), the right copy's (Right or 2), both (3), neither (0 or
Delete), or edits what was taken: another category (F2 or the category's key) and other
boundaries by a token (Alt+Right / Alt+Left for the end, Alt+Shift+Left / Alt+Shift+Right
for the start). Up and Down move between units; Ctrl+Enter makes the decisions the gold.
Units where both agree start decided.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.document import Span
from deid_studio.core.errors import DeidError
from deid_studio.gui.actions import make_action
from deid_studio.gui.narrative import Decoration, NarrativeView
from deid_studio.gui.style import Look, current_look, gold_look
from deid_studio.services.annotating import TokenIndex
from deid_studio.services.double import (
    Adjudication,
    adjudicate,
    adjudication_queue,
    open_for_adjudication,
)
from deid_studio.store.project import Project

DIFFERENT = Look(None, underline="#CC3311", line="wave")
UNDECIDED, DECIDED = QColor("#FBE3D6"), QColor("#FFFFFF")


def _describe(spans: tuple[Span, ...], text: str) -> str:
    return "; ".join(f"{s.category} “{text[s.start : s.end]}”" for s in spans) or "—"


class AdjudicatePage(QWidget):
    """The adjudication queue and the side-by-side view."""

    message = Signal(str)
    adjudicated = Signal(int)

    def __init__(
        self, project: Project, actor: Callable[[], str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("adjudicatePage")
        self.project = project
        self.actor = actor
        self.view: Adjudication | None = None
        self.decisions: dict[int, tuple[Span, ...] | None] = {}
        self._tokens: TokenIndex | None = None

        self.queue = QListWidget()
        self.queue.setObjectName("adjudicationQueue")
        self.queue.itemActivated.connect(self._picked)
        self.queue.currentItemChanged.connect(lambda item, _old: self._picked(item))
        self.title = QLabel("Double annotations waiting for adjudication")
        self.title.setObjectName("adjudicationTitle")
        self.title.setWordWrap(True)
        self.left_label, self.right_label = QLabel(), QLabel()
        self.left, self.right = NarrativeView(), NarrativeView()
        self.left.setObjectName("leftCopy")
        self.right.setObjectName("rightCopy")
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("unitTable")
        self._unnamed_columns()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.currentCellChanged.connect(lambda *_a: self._unit_changed())
        self.save_button = QPushButton("Make gold (Ctrl+Enter)")
        self.save_button.setObjectName("adjudicateButton")
        self.save_button.clicked.connect(self.save)
        self.status = QLabel()
        self.status.setObjectName("adjudicationStatus")

        sides = QSplitter(Qt.Orientation.Horizontal)
        for label, view in ((self.left_label, self.left), (self.right_label, self.right)):
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(label)
            column.addWidget(view, 1)
            sides.addWidget(box)
        work = QWidget()
        layout = QVBoxLayout(work)
        layout.addWidget(self.title)
        layout.addWidget(sides, 2)
        layout.addWidget(self.table, 3)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.save_button)
        layout.addLayout(bottom)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(self.queue)
        self.split.addWidget(work)
        self.split.setStretchFactor(1, 4)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.split)
        self._build_actions()

    # -- keys ------------------------------------------------------------------------------

    def _build_actions(self) -> None:
        def add(text: str, keys: list[str], slot: Callable[[], None]) -> None:
            action = make_action(self, text, keys, slot, section="Adjudicate")
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self.addAction(action)

        add("Take the left copy", ["Left", "1"], lambda: self.take("left"))
        add("Take the right copy", ["Right", "2"], lambda: self.take("right"))
        add("Take both copies", ["3"], lambda: self.take("both"))
        add("Take neither", ["0", "Delete"], lambda: self.take("none"))
        add("Choose the category", ["F2"], self.choose_category)
        add("Grow the end by a token", ["Alt+Right"], lambda: self.resize("end", True))
        add("Shrink the end by a token", ["Alt+Left"], lambda: self.resize("end", False))
        add("Grow the start by a token", ["Alt+Shift+Left"], lambda: self.resize("start", True))
        add("Shrink the start", ["Alt+Shift+Right"], lambda: self.resize("start", False))
        add("Make the decisions gold", ["Ctrl+Return", "Ctrl+Enter"], self.save)

    def keyPressEvent(self, event: object) -> None:
        """A category's key gives the taken spans of the unit that category."""
        text = getattr(event, "text", lambda: "")()
        if self.view is not None and text:
            for category in self.view.scheme:
                if category.key and category.key.lower() == text.lower():
                    self.set_category(category.name)
                    return
        super().keyPressEvent(event)  # type: ignore[arg-type]

    # -- queue -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the adjudication queue again."""
        self.queue.blockSignals(True)
        self.queue.clear()
        for doc, external_id, names in adjudication_queue(self.project):
            item = QListWidgetItem(f"{external_id}  ·  {' / '.join(names)}")
            item.setData(Qt.ItemDataRole.UserRole, doc)
            self.queue.addItem(item)
        self.queue.blockSignals(False)
        if self.view is None:
            self.title.setText(
                f"{self.queue.count()} double annotations waiting for adjudication"
                if self.queue.count()
                else "No double annotation waits for adjudication"
            )

    def _picked(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.open_document(int(item.data(Qt.ItemDataRole.UserRole)))

    def open_document(self, document_id: int) -> None:
        """Show both copies of a document and start deciding its units."""
        try:
            view = open_for_adjudication(self.project, document_id, actor=self.actor())
        except DeidError as err:
            self.message.emit(str(err))
            self.status.setText(str(err))
            return
        self.view = view
        self._tokens = None
        self.decisions = {i: (u.first if u.agreed else None) for i, u in enumerate(view.units)}
        first, second = view.annotators
        name = view.info.external_id or str(view.info.id)
        self.title.setText(f"<b>{name}</b> — blind copies of {first} and {second}")
        self.left_label.setText(f"<b>{first}</b> (Left or 1)")
        self.right_label.setText(f"<b>{second}</b> (Right or 2)")
        for narrative in (self.left, self.right):
            narrative.set_narrative(view.info.text)
        self.table.setRowCount(len(view.units))
        self.table.setHorizontalHeaderLabels(["where", first, second, "gold"])
        for row in range(len(view.units)):
            self._fill_row(row)
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        self._draw()
        if view.units:
            undecided = [i for i, d in self.decisions.items() if d is None]
            self.table.setCurrentCell(undecided[0] if undecided else 0, 0)
        self.table.setFocus()
        self._show_status()

    # -- deciding --------------------------------------------------------------------------

    @property
    def current_unit(self) -> int | None:
        """The row of the unit the keys act on."""
        row = self.table.currentRow()
        return row if self.view is not None and 0 <= row < len(self.view.units) else None

    def take(self, side: str) -> None:
        """Decide the current unit: ``left``, ``right``, ``both`` or ``none``."""
        row = self.current_unit
        if row is None or self.view is None:
            return
        unit = self.view.units[row]
        chosen = {
            "left": unit.first,
            "right": unit.second,
            "both": tuple(dict.fromkeys((*unit.first, *unit.second))),
            "none": (),
        }[side]
        self._decide(row, chosen)
        self._next_undecided(row)

    def _decide(self, row: int, spans: tuple[Span, ...]) -> None:
        self.decisions[row] = spans
        self._fill_row(row)
        self._draw()
        self._show_status()

    def _next_undecided(self, row: int) -> None:
        assert self.view is not None
        later = [i for i in range(row + 1, len(self.view.units)) if self.decisions[i] is None]
        if later:
            self.table.setCurrentCell(later[0], 0)

    def choose_category(self) -> None:
        """Pick the category of the current unit's taken spans from a menu."""
        if self.view is None or self.current_unit is None:
            return
        names = list(self.view.scheme.names)
        name, ok = QInputDialog.getItem(self, "Category", "Category of the gold:", names, 0, False)
        if ok:
            self.set_category(name)

    def set_category(self, category: str) -> None:
        """Give the current unit's taken spans (the left copy's, if none) ``category``."""
        row = self.current_unit
        if row is None or self.view is None:
            return
        unit = self.view.units[row]
        taken = self.decisions[row] or unit.first or unit.second
        self._decide(row, tuple(Span(s.start, s.end, category) for s in taken))

    def resize(self, edge: str, grow: bool) -> None:
        """Move the first taken span's start or end of the current unit by one token."""
        row = self.current_unit
        if row is None or self.view is None:
            return
        unit = self.view.units[row]
        taken = list(self.decisions[row] or unit.first or unit.second)
        if not taken:
            return
        if self._tokens is None:
            self._tokens = TokenIndex(self.view.info.text)
        t, s = self._tokens, taken[0]
        start, end = s.start, s.end
        if edge == "end":
            end = t.grow_end(start, end) if grow else t.shrink_end(start, end)
        else:
            start = t.grow_start(start, end) if grow else t.shrink_start(start, end)
        taken[0] = Span(start, end, s.category)
        self._decide(row, tuple(taken))

    def save(self) -> None:
        """Make the decisions the document's gold (every unit must be decided)."""
        if self.view is None:
            return
        open_rows = [i + 1 for i, d in self.decisions.items() if d is None]
        if open_rows:
            self.status.setText(
                f"{len(open_rows)} units undecided (rows {', '.join(map(str, open_rows[:8]))})"
            )
            self.table.setCurrentCell(open_rows[0] - 1, 0)
            return
        gold = [s for spans in self.decisions.values() for s in spans or ()]
        doc = self.view.info.id
        try:
            count = adjudicate(
                self.project, doc, gold, actor=self.actor(),
                expected_version=self.view.info.version,
            )  # fmt: skip
        except DeidError as err:
            self.message.emit(str(err))
            self.status.setText(str(err))
            return
        name = self.view.info.external_id or str(doc)
        self.message.emit(f"{name}: adjudicated, {count} gold spans, waiting for sign-off")
        self.view = None
        self.adjudicated.emit(doc)
        self.refresh()
        if self.queue.count():
            self.queue.setCurrentRow(0)
        else:
            self.table.setRowCount(0)
            self._unnamed_columns()
            for narrative in (self.left, self.right):
                narrative.set_narrative("")
            self.status.setText("every double annotation is adjudicated")

    def _unnamed_columns(self) -> None:
        """The unit table's headers while no document is open (the annotators' names replace
        "first" and "second" when one is)."""
        self.table.setHorizontalHeaderLabels(["where", "first", "second", "gold"])

    # -- drawing ---------------------------------------------------------------------------

    def _fill_row(self, row: int) -> None:
        assert self.view is not None
        unit, text = self.view.units[row], self.view.info.text
        decided = self.decisions[row]
        cells = [
            f"{unit.start}-{unit.end} “{text[unit.start : unit.end][:40]}”",
            _describe(unit.first, text),
            _describe(unit.second, text),
            "undecided" if decided is None else _describe(decided, text),
        ]
        for column, value in enumerate(cells):
            item = QTableWidgetItem(value)
            item.setBackground(UNDECIDED if decided is None else DECIDED)
            if column and not unit.agreed and column < 3:
                item.setForeground(QColor("#A01A0A"))
            self.table.setItem(row, column, item)

    def _draw(self) -> None:
        if self.view is None:
            return
        colours = {c.name: c.colour for c in self.view.scheme}
        current = self.current_unit
        for narrative, side in ((self.left, "first"), (self.right, "second")):
            spans = [s for u in self.view.units for s in getattr(u, side)]
            narrative.set_decorations(
                "gold",
                [Decoration(s.start, s.end, gold_look(colours.get(s.category))) for s in spans],
            )
            narrative.set_decorations(
                "disagreement",
                [Decoration(u.start, u.end, DIFFERENT) for u in self.view.units if not u.agreed],
            )
            marks = []
            if current is not None:
                u = self.view.units[current]
                for s in getattr(u, side):
                    marks.append(Decoration(s.start, s.end, current_look(colours.get(s.category))))
            narrative.set_decorations("current", marks)

    def _unit_changed(self) -> None:
        row = self.current_unit
        if row is None or self.view is None:
            return
        unit = self.view.units[row]
        for narrative in (self.left, self.right):
            narrative.reveal(unit.start, unit.end)
        self._draw()

    def _show_status(self) -> None:
        if self.view is None:
            return
        left = sum(1 for d in self.decisions.values() if d is None)
        differ = sum(1 for u in self.view.units if not u.agreed)
        self.status.setText(
            f"{len(self.view.units)} units, {differ} where the copies differ · "
            + ("all decided: Ctrl+Enter makes them gold" if not left else f"{left} undecided")
        )
