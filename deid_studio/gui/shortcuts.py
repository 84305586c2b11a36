"""The shortcut sheet (F1): every action with a shortcut, by section, read from the actions
themselves so it cannot drift from what the keys do."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from deid_studio.gui.actions import SHEET

ORDER = ("Documents", "Moving", "Editing", "Categories", "Review", "Window")


def sheet_html(actions: Iterable[QAction]) -> str:
    """An HTML table of the actions' shortcuts, grouped by their sheet section."""
    sections: dict[str, dict[str, str]] = {}
    for action in actions:
        section = action.property(SHEET)
        keys = [k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts()]
        if not section or not keys:
            continue
        text = action.text().replace("&", "")
        sections.setdefault(str(section), {})[text] = " or ".join(dict.fromkeys(keys))
    parts = ["<p>Select text with Shift+arrows or the mouse, then press a category key.</p>"]
    for section in sorted(sections, key=lambda s: (ORDER.index(s) if s in ORDER else 99, s)):
        rows = "".join(
            f"<tr><td style='padding-right:16px'><b>{escape(keys)}</b></td>"
            f"<td>{escape(text)}</td></tr>"
            for text, keys in sections[section].items()
        )
        parts.append(f"<h3>{escape(section)}</h3><table>{rows}</table>")
    return "".join(parts)


class ShortcutSheet(QDialog):
    """A window listing every shortcut."""

    def __init__(self, actions: Iterable[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.setObjectName("shortcutSheet")
        self.resize(560, 640)
        browser = QTextBrowser()
        browser.setObjectName("shortcutText")
        browser.setHtml(sheet_html(actions))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(browser)
        layout.addWidget(buttons)
