"""Navigation that behaves: Next skips the document you hold (and works with none open), a
click or Enter opens a queue row, both in the Document menu; the panes keep their sizes;
renaming yourself offers to release your claims; the last document reopens after a
restart; the undo message says what was undone."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import wait_active

pytestmark = pytest.mark.gui

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def holder(path, external_id: str) -> str | None:
    with sqlite3.connect(path) as c:
        query = "SELECT claimed_by FROM documents WHERE external_id = ?"
        return c.execute(query, (external_id,)).fetchone()[0]


def opened(page) -> str | None:
    state = page.session.state
    return None if state is None else state.info.external_id


def test_next_skips_the_document_you_hold_and_works_with_none_open(
    qtbot, window, project_path
) -> None:
    page = window.workspace.annotate
    # no document open, the keyboard in the queue: Ctrl+Shift+N opens the top one
    page.queue.table.setFocus()
    qtbot.keyClick(page.queue.table, Qt.Key.Key_N, CTRL_SHIFT)
    assert opened(page) == "R1" and holder(project_path, "R1") == "ann"
    # Next skips it: the next one opens, R1 is let go of (anyone may take it)
    qtbot.keyClick(page.view, Qt.Key.Key_N, CTRL_SHIFT)
    assert opened(page) == "R2" and holder(project_path, "R1") is None
    qtbot.mouseClick(page.queue.next_button, Qt.MouseButton.LeftButton)  # the button too
    assert opened(page) == "R3"
    qtbot.keyClick(page.view, Qt.Key.Key_N, CTRL_SHIFT)  # all skipped once: start over
    assert opened(page) == "R1"
    with window.project.reading() as tx:
        releases = [e for e in tx.audit_trail() if e.action == "release"]
    assert [e.reason for e in releases] == ["skipped"] * 3


def test_a_click_or_enter_opens_a_queue_row_and_the_menu_has_both(qtbot, window) -> None:
    page = window.workspace.annotate
    table = page.queue.table
    row = page.queue.model.row_of(_id(window, "R2"))
    rect = table.visualRect(page.queue.model.index(row, 2))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert opened(page) == "R2"  # one click
    table.setFocus()
    table.setCurrentIndex(page.queue.model.index(page.queue.model.row_of(_id(window, "R3")), 0))
    qtbot.keyClick(table, Qt.Key.Key_Return)
    assert opened(page) == "R3"  # Enter
    document_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Document")
    texts = [a.text() for a in document_menu.actions()]
    assert any(t.startswith("&Next document") for t in texts)
    assert any(t.startswith("&Open the queue's selected row") for t in texts)
    assert any(t.startswith("&Submit") for t in texts)
    table.setCurrentIndex(page.queue.model.index(page.queue.model.row_of(_id(window, "R1")), 0))
    window.open_row_action.trigger()
    assert opened(page) == "R1"


def test_the_panes_keep_their_sizes_on_undo_and_a_long_header(qtbot, window) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    qtbot.wait(100)
    before = (page.split.sizes(), page.text_split.sizes())
    qtbot.keyClick(page.view, Qt.Key.Key_Return)  # accept
    qtbot.keyClick(page.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo
    page.header.setText("<b>" + "a very long report id " * 40 + "</b>")
    qtbot.wait(200)
    assert (page.split.sizes(), page.text_split.sizes()) == before


def test_the_undo_message_says_what_was_undone(qtbot, window) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    qtbot.keyClick(page.view, Qt.Key.Key_Return)  # accept "Ashlee" (PATIENT)
    qtbot.keyClick(page.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "undid accept PATIENT “Ashlee”" in messages[-1]
    qtbot.keyClick(page.view, Qt.Key.Key_Z, CTRL_SHIFT)
    assert "redid accept PATIENT “Ashlee”" in messages[-1]


def test_renaming_yourself_offers_to_release_your_claims(qtbot, window, project_path) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    assert holder(project_path, "R1") == "ann"
    window.preferences.set_user_name("ann.smith")  # what the settings dialog does
    box = window.release_box
    assert box is not None and "hold 1 document" in box.text()
    wait_active(qtbot, box)
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Yes is the default
    qtbot.waitUntil(lambda: window.release_box is None)
    # released, then opened again under the new name: still editable
    assert holder(project_path, "R1") == "ann.smith"
    assert page.session.state.editable
    with window.project.reading() as tx:
        [release] = [e for e in tx.audit_trail() if e.action == "release"]
    assert release.actor == "ann" and release.reason == "renamed to ann.smith"


def test_the_last_open_document_reopens_after_a_restart(qtbot, window, project_path) -> None:
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    page = window.workspace.annotate
    page.queue.take_next()
    qtbot.keyClick(page.view, Qt.Key.Key_N, CTRL_SHIFT)
    assert opened(page) == "R2"
    window.close()

    again = MainWindow(Preferences())
    qtbot.addWidget(again)
    assert again.open_project(project_path)
    qtbot.waitUntil(lambda: opened(again.workspace.annotate) == "R2")
    again.close()


def _id(window, external_id: str) -> int:
    with window.project.reading() as tx:
        return next(d.document.id for d in tx.documents() if d.document.external_id == external_id)
