"""The narrative view: a read-only text view with spans drawn as extra selections.

Decorations are grouped by kind (suggestions under gold under the current span; within a kind
smaller spans are drawn on top) and applied together, debounced, so a burst of changes costs
one repaint. The view speaks Python offsets; :mod:`deid_studio.gui.offsets` converts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QMouseEvent,
    QPaintEvent,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from deid_studio.gui.offsets import OffsetMap
from deid_studio.gui.style import Look

KINDS = ("suggestion", "gold", "disagreement", "current")
"""Decoration kinds, bottom to top."""

_LINES = {
    "single": QTextCharFormat.UnderlineStyle.SingleUnderline,
    "dash": QTextCharFormat.UnderlineStyle.DashUnderline,
    "wave": QTextCharFormat.UnderlineStyle.WaveUnderline,
}


@dataclass(frozen=True, slots=True)
class Decoration:
    """A span to draw: Python offsets and its look."""

    start: int
    end: int
    look: Look


class NarrativeView(QPlainTextEdit):
    """Read-only narrative with spans; selection by mouse or keyboard (Shift+arrows).

    ``tooltip_for`` (offset -> text or None) gives the tooltip of what is under the mouse.
    """

    clickedAt = Signal(int)
    """A Python offset the user clicked (without selecting)."""

    painted = Signal()
    """The decorations were applied (for latency measurement)."""

    repainted = Signal()
    """The viewport finished painting (for latency measurement)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setCursorWidth(2)
        self.setObjectName("narrative")
        self.offsets = OffsetMap("")
        self.tooltip_for: Callable[[int], str | None] = lambda offset: None
        self._decorations: dict[str, list[QTextEdit.ExtraSelection]] = {k: [] for k in KINDS}
        self._cache: dict[tuple[int, int, Look], QTextEdit.ExtraSelection] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.apply_decorations)
        self._press: QPoint | None = None

    # -- content ---------------------------------------------------------------------------

    def set_narrative(self, text: str) -> None:
        """Show a narrative (removing every decoration)."""
        self.offsets = OffsetMap(text)
        self._cache.clear()
        for kind in KINDS:
            self._decorations[kind] = []
        self.setExtraSelections([])
        self.setPlainText(self.offsets.display)
        self.moveCursor(QTextCursor.MoveOperation.Start)

    def set_point_size(self, size: int) -> None:
        """The narrative's font size."""
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont)
        font.setPointSize(size)
        font.setStyleHint(QFont.StyleHint.SansSerif)
        self.setFont(font)

    def set_decorations(self, kind: str, decorations: Sequence[Decoration]) -> None:
        """Replace the decorations of one kind; drawn at the next turn of the event loop."""
        length = len(self.offsets.text)
        made: list[QTextEdit.ExtraSelection] = []
        cache = self._cache
        for d in sorted(decorations, key=lambda d: d.start - d.end):  # larger first, below
            if not 0 <= d.start < d.end <= length:
                continue
            key = (d.start, d.end, d.look)
            selection = cache.get(key)
            if selection is None:
                selection = cache[key] = self._selection(d)
            made.append(selection)
        if len(cache) > 20_000:  # a long session of edits on one narrative
            cache.clear()
        self._decorations[kind] = made
        self._timer.start()

    def _selection(self, d: Decoration) -> QTextEdit.ExtraSelection:
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self.document())
        start, end = self.offsets.span_to_qt(d.start, d.end)
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        fmt = QTextCharFormat()
        if d.look.fill is not None:
            fmt.setBackground(QColor(d.look.fill))
        if d.look.ink is not None:
            fmt.setForeground(QColor(d.look.ink))
        if d.look.underline is not None:
            fmt.setUnderlineStyle(_LINES.get(d.look.line, _LINES["single"]))
            fmt.setUnderlineColor(QColor(d.look.underline))
        selection.cursor = cursor  # type: ignore[misc]
        selection.format = fmt  # type: ignore[misc]
        return selection

    def flush(self) -> None:
        """Draw pending decorations now rather than at the next turn of the event loop."""
        if self._timer.isActive():
            self.apply_decorations()

    def apply_decorations(self) -> None:
        """Draw every kind now (normally called by the debounce timer)."""
        self._timer.stop()
        self.setExtraSelections([s for kind in KINDS for s in self._decorations[kind]])
        self.viewport().update()
        self.painted.emit()

    # -- selection and scrolling ------------------------------------------------------------

    def selected_offsets(self) -> tuple[int, int] | None:
        """The selection as Python (start, end), or None when nothing is selected."""
        cursor = self.textCursor()
        if not cursor.hasSelection():
            return None
        start, end = self.offsets.span_from_qt(cursor.anchor(), cursor.position())
        return (start, end) if start < end else None

    def cursor_offset(self) -> int:
        """The text cursor's Python offset."""
        return self.offsets.from_qt(self.textCursor().position())

    def reveal(self, start: int, end: int) -> None:
        """Put the text cursor at a span (no selection) and scroll it into view."""
        qt_start, qt_end = self.offsets.span_to_qt(start, end)
        cursor = self.textCursor()
        cursor.setPosition(qt_end)
        self.setTextCursor(cursor)
        self.ensureCursorVisible()
        cursor.setPosition(qt_start)
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def select(self, start: int, end: int) -> None:
        """Select a span of the narrative, as a person would with the mouse."""
        qt_start, qt_end = self.offsets.span_to_qt(start, end)
        cursor = self.textCursor()
        cursor.setPosition(qt_start)
        cursor.setPosition(qt_end, QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cursor)

    def clear_selection(self) -> None:
        """Drop the selection, keeping the cursor where it is."""
        cursor = self.textCursor()
        cursor.clearSelection()
        self.setTextCursor(cursor)

    def offset_at(self, point: QPoint) -> int:
        """The Python offset under a point of the viewport."""
        return self.offsets.from_qt(self.cursorForPosition(point).position())

    # -- events ----------------------------------------------------------------------------

    def viewportEvent(self, event: QEvent) -> bool:
        """Tooltips: what is under the mouse."""
        if event.type() == QEvent.Type.ToolTip:
            point = event.pos()  # type: ignore[attr-defined]
            text = self.tooltip_for(self.offset_at(point))
            if text:
                QToolTip.showText(event.globalPos(), text, self)  # type: ignore[attr-defined]
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint, then say so (the latency benchmark listens)."""
        super().paintEvent(event)
        self.repainted.emit()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        """Remember where a click starts, to tell a click from a drag."""
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        """A click without a drag picks the span under the mouse."""
        super().mouseReleaseEvent(event)
        point = event.position().toPoint()
        if self._press is not None and (point - self._press).manhattanLength() < 4:
            if not self.textCursor().hasSelection():
                self.clickedAt.emit(self.offset_at(point))
        self._press = None
