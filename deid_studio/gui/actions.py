"""Keyboard-first editing: the actions an annotator triggers, with their shortcuts.

Every action is a QAction (so it is in a menu, in the F1 sheet and testable by key press) acting
on a :class:`~deid_studio.gui.session.DocumentSession`. Shortcuts work while the focus is in the
widgets the actions are attached to (the narrative and the span list), so typing in a search
box never triggers them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from deid_studio.gui.narrative import NarrativeView
from deid_studio.gui.session import DocumentSession

SHEET = "sheet"
"""QAction property naming the shortcut sheet's section an action belongs to."""


def make_action(
    parent: QObject,
    text: str,
    keys: Sequence[str | QKeySequence.StandardKey],
    slot: Callable[[], object],
    *,
    section: str,
    tip: str = "",
) -> QAction:
    """A QAction with shortcuts, a tooltip and its section of the shortcut sheet."""
    action = QAction(text, parent)
    sequences: list[QKeySequence] = []
    for key in keys:
        if isinstance(key, QKeySequence.StandardKey):
            sequences.extend(QKeySequence.keyBindings(key))
        else:
            sequences.append(QKeySequence(key))
    action.setShortcuts(sequences)
    action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
    action.setProperty(SHEET, section)
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    return action


class EditorActions(QObject):
    """The editing actions of one session/view pair."""

    def __init__(
        self,
        session: DocumentSession,
        view: NarrativeView,
        targets: Sequence[QWidget],
        threshold: Callable[[], float],
    ) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        self._targets = list(targets)
        self._threshold = threshold
        s, v = session, view
        edit = "Editing"
        move = "Moving"

        def step(direction: int, only: bool) -> Callable[[], None]:
            return lambda: s.step(direction, from_offset=v.cursor_offset(), suggestions_only=only)

        self.accept = make_action(
            self, "Accept suggestion", ["Return", "Enter"], s.accept_current, section=edit
        )
        self.reject = make_action(
            self,
            "Reject suggestion / delete span",
            ["Delete", "Backspace"],
            s.reject_current,
            section=edit,
        )
        self.change_category = make_action(
            self, "Change category…", ["F2"], self.choose_category, section=edit
        )
        self.grow_end = make_action(
            self, "Grow end by a token", ["Alt+Right"], lambda: s.resize("end", True), section=edit
        )
        self.shrink_end = make_action(
            self, "Shrink end by a token", ["Alt+Left"], lambda: s.resize("end", False),
            section=edit,
        )  # fmt: skip
        self.grow_start = make_action(
            self, "Grow start by a token", ["Alt+Shift+Left"], lambda: s.resize("start", True),
            section=edit,
        )  # fmt: skip
        self.shrink_start = make_action(
            self, "Shrink start by a token", ["Alt+Shift+Right"],
            lambda: s.resize("start", False), section=edit,
        )  # fmt: skip
        self.accept_all = make_action(
            self,
            "Accept all suggestions above the threshold",
            ["Ctrl+Shift+A"],
            lambda: s.accept_all(self._threshold()),
            section=edit,
        )
        self.next_suggestion = make_action(
            self, "Next suggestion", ["Tab"], step(1, True), section=move
        )
        self.previous_suggestion = make_action(
            self, "Previous suggestion", ["Shift+Tab"], step(-1, True), section=move
        )
        self.next_span = make_action(self, "Next span", ["Alt+Down"], step(1, False), section=move)
        self.previous_span = make_action(
            self, "Previous span", ["Alt+Up"], step(-1, False), section=move
        )
        self.deselect = make_action(self, "Clear selection", ["Escape"], self.clear, section=move)
        self.editing = [
            self.accept, self.reject, self.change_category, self.grow_end, self.shrink_end,
            self.grow_start, self.shrink_start, self.accept_all,
        ]  # fmt: skip
        self.moving = [
            self.next_suggestion, self.previous_suggestion, self.next_span, self.previous_span,
            self.deselect,
        ]  # fmt: skip
        self.categories: list[QAction] = []
        self._signature: tuple[tuple[str, str | None], ...] = ()
        self._attach(self.editing + self.moving)
        self._scheme_keys()
        session.loaded.connect(self._scheme_keys)

    def _attach(self, actions: list[QAction]) -> None:
        for target in self._targets:
            target.addActions(actions)

    def _scheme_keys(self) -> None:
        scheme = self.session.scheme
        signature = tuple((c.name, c.key) for c in scheme)
        if signature == self._signature:
            return
        self._signature = signature
        for action in self.categories:
            for target in self._targets:
                target.removeAction(action)
            action.deleteLater()
        self.categories = []
        for category in scheme:
            if not category.key:
                continue
            key = category.key.upper()
            exact = make_action(
                self, f"Mark as {category.name}", [key], self._marker(category.name, snap=True),
                section="Categories",
            )  # fmt: skip
            loose = make_action(
                self, f"Mark as {category.name}, exact selection (no snapping)", [f"Shift+{key}"],
                self._marker(category.name, snap=False), section="Categories",
            )  # fmt: skip
            exact.setData(category.name)
            loose.setData(category.name)
            self.categories += [exact, loose]
        self._attach(self.categories)

    def _marker(self, category: str, *, snap: bool) -> Callable[[], None]:
        return lambda: self.apply_category(category, snap=snap)

    def apply_category(self, category: str, *, snap: bool) -> None:
        """A category key: mark the selection, or recategorise the current span."""
        selected = self.view.selected_offsets()
        if selected is not None:
            self.session.add_span(*selected, category, snap=snap)
            self.view.clear_selection()
        else:
            self.session.set_category(category)

    def choose_category(self) -> None:
        """A menu of the scheme's categories at the current span."""
        scheme = self.session.scheme
        if self.session.current is None and not self.view.selected_offsets():
            return
        menu = QMenu(self.view)
        for category in scheme:
            label = f"{category.name}\t{(category.key or '').upper()}"
            action = menu.addAction(label)
            action.setData(category.name)
        rect = self.view.cursorRect()
        chosen = menu.exec(self.view.viewport().mapToGlobal(rect.bottomLeft()))
        if chosen is not None:
            self.apply_category(str(chosen.data()), snap=True)

    def clear(self) -> None:
        """Escape: drop the selection, then the current span."""
        if self.view.selected_offsets() is not None:
            self.view.clear_selection()
        else:
            self.session.set_current(None)
