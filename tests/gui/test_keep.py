"""The keep list in the window (issue 14): the Settings tab, the export dialog's most masked
words with their one-key keep, the narrative's "Never mask" entry, and the tooltips of the
narrative and the masked preview saying why a word is kept or masked."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QToolTip
from sqlalchemy import insert

from deid_studio.core.document import Document, Span
from deid_studio.services.importing import import_documents
from deid_studio.services.keep import keep_list
from deid_studio.store import models as m
from tests.gui.conftest import suggest, wait_active

pytestmark = pytest.mark.gui

DRUG = "Given Benadryl 25 mg and Pepcid at the Riverside clinic; Ann Lee fainted on 03/04/2021."


def _open_drug_report(qtbot, window) -> tuple[int, str]:
    """A report naming drugs, with CRF suggestions on Benadryl and Riverside, opened on the
    Annotate page (its masked preview computed)."""
    project = window.project
    [doc] = import_documents(
        project, [Document(DRUG, external_id="DRUG", language="en")], origin="t", actor="steward"
    ).document_ids
    suggest(
        project, doc, DRUG,
        ("Benadryl", "PATIENT", 0.81), ("Riverside", "LOCATION", 0.9), ("Ann Lee", "PATIENT", 0.3),
    )  # fmt: skip
    with project.engine.begin() as connection:  # scored: its suggestions are in
        connection.execute(
            insert(m.DocumentScoreRow), [{"document_id": doc, "score": 0.5, "details": {}}]
        )
    page = window.workspace.annotate
    with qtbot.waitSignal(page.preview.updated, timeout=20_000):
        page.open_document(doc)
    return doc, DRUG


def _hover(qtbot, view, offset: int) -> str:
    """Rest the mouse on a character of a text view, as a person does; the tooltip shown
    (then gone, and the window that was active active again)."""
    active = QApplication.activeWindow()
    QToolTip.hideText()
    cursor = view.textCursor()
    cursor.setPosition(view.offsets.to_qt(offset) + 1)
    point = view.cursorRect(cursor).center() - QPoint(2, 0)
    event = QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point))
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2_000)
    shown = QToolTip.text()
    QToolTip.hideText()
    if active is not None:
        active.activateWindow()
        wait_active(qtbot, active)
    return shown


def test_the_narrative_tooltip_says_why_a_word_is_kept_or_masked(qtbot, window) -> None:
    _doc, text = _open_drug_report(qtbot, window)
    view = window.workspace.annotate.view
    benadryl = _hover(qtbot, view, text.index("Benadryl"))
    assert "PATIENT</b> suggestion" in benadryl and "kept: drug name (dictionary)" in benadryl
    riverside = _hover(qtbot, view, text.index("Riverside"))
    assert "masked: CRF 90%" in riverside
    weak = _hover(qtbot, view, text.index("Ann Lee"))
    assert "masked only beside a masked name or address: CRF 30%" in weak
    # a drug nobody suggested: the tooltip still says the export keeps it
    assert "kept: drug name (dictionary)" in _hover(qtbot, view, text.index("Pepcid"))


def test_the_masked_preview_says_what_it_masked_and_what_it_kept(qtbot, window) -> None:
    _open_drug_report(qtbot, window)
    preview = window.workspace.annotate.preview
    shown = preview.view.toPlainText()
    assert "Benadryl" in shown and "[LOCATION]" in shown
    masked = _hover(qtbot, preview.view, shown.index("[LOCATION]"))
    assert "masked: LOCATION (tag) · CRF 90%" in masked and "Riverside" in masked
    kept = _hover(qtbot, preview.view, shown.index("Benadryl"))
    assert "kept: drug name (dictionary)" in kept
    assert "1 suggestion left as written" in preview.note.text()


def test_settings_keep_tab_adds_and_removes_and_the_tooltips_follow(qtbot, window) -> None:
    from deid_studio.gui.settings_dialog import SettingsDialog

    _doc, text = _open_drug_report(qtbot, window)
    page = window.workspace.annotate
    assert "masked: CRF 90%" in _hover(qtbot, page.view, text.index("Riverside"))
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(SettingsDialog)
    wait_active(qtbot, dialog)
    dialog.tabs.setCurrentWidget(dialog.keep_editor)
    editor = dialog.keep_editor
    for field in (editor.term, editor.reason):  # what to type there reads whole
        hint = field.fontMetrics().horizontalAdvance(field.placeholderText())
        assert field.width() > hint, field.placeholderText()
    qtbot.keyClicks(editor.reason, "our town, no one's")
    qtbot.keyClicks(editor.term, "Riverside")
    with qtbot.waitSignal(page.preview.updated, timeout=20_000):  # the preview catches up
        qtbot.keyClick(editor.term, Qt.Key.Key_Return)
    assert [(e.term, e.reason) for e in keep_list(window.project)] == [
        ("Riverside", "our town, no one's")
    ]
    assert editor.table.item(0, 0).text() == "Riverside" and editor.term.text() == ""
    assert dialog.isVisible()  # Return added the word; it did not close Settings
    assert "Riverside clinic" in page.preview.view.toPlainText()
    tip = _hover(qtbot, page.view, text.index("Riverside"))
    assert "kept: keep list, added by ann (our town, no one's)" in tip
    # and off again: select the row, press Delete
    editor.table.selectRow(0)
    editor.table.setFocus()
    with qtbot.waitSignal(page.session.keptChanged, timeout=2_000):
        qtbot.keyClick(editor.table, Qt.Key.Key_Delete)
    assert keep_list(window.project) == [] and editor.table.rowCount() == 0
    assert "masked: CRF 90%" in _hover(qtbot, page.view, text.index("Riverside"))
    with window.project.reading() as tx:
        events = [e.action for e in tx.audit_trail() if e.action.startswith("keep")]
    assert events == ["keep_add", "keep_remove"]


def test_delete_takes_off_the_row_the_keyboard_stands_on(qtbot, window) -> None:
    """Tab into the keep list's table and press Delete: its first row goes, though focus
    alone selects nothing."""
    from deid_studio.gui.settings_dialog import SettingsDialog
    from deid_studio.services.keep import add_to_keep_list

    add_to_keep_list(window.project, ["Riverside"], actor="ann", reason="our town")
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(SettingsDialog)
    wait_active(qtbot, dialog)
    dialog.tabs.setCurrentWidget(dialog.keep_editor)
    editor = dialog.keep_editor
    editor.table.setFocus()
    qtbot.waitUntil(editor.table.hasFocus)
    assert editor.table.rowCount() == 1 and editor.table.selectedIndexes() == []
    qtbot.keyClick(editor.table, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: keep_list(window.project) == [])
    assert editor.table.rowCount() == 0


def test_the_export_dialog_lists_the_most_masked_words_and_k_keeps_one(
    qtbot, window, tmp_path
) -> None:
    from deid_studio.gui.export_dialog import ExportDialog

    project = window.project
    texts = [f"Report {n}: Ann Lee{n} seen at Riverside clinic, Riverside." for n in range(3)]
    documents = [
        Document(t, (Span(t.index("Ann"), t.index("Ann") + 8, "PATIENT"),), external_id=f"K{n}")
        for n, t in enumerate(texts)
    ]
    ids = import_documents(
        project, documents, origin="t", actor="steward", gold=True, signed_off=True
    ).document_ids
    for doc, text in zip(ids, texts, strict=True):
        suggest(project, doc, text, ("Riverside", "LOCATION", 0.9))
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    dialog = window.findChild(ExportDialog)
    wait_active(qtbot, dialog)
    dialog.format.setCurrentText("jsonl")
    dialog.out.setText(str(tmp_path / "masked.jsonl"))
    with qtbot.waitSignal(dialog.ended, timeout=30_000) as ended:
        dialog.start()
    assert ended.args == [True]
    words = dialog.most_masked
    assert words.isVisible()
    table = words.table
    shown = [table.item(0, c).text() for c in range(3)]
    assert shown == ["Riverside", "6", "3"]  # twice in each of the three reports
    table.setFocus()
    session = window.workspace.annotate.session
    with qtbot.waitSignal(session.keptChanged, timeout=2_000):  # read what is kept again
        with qtbot.waitSignal(words.kept, timeout=2_000) as kept:
            qtbot.keyClick(table, Qt.Key.Key_K)
    assert kept.args == ["Riverside"]
    assert [(e.term, e.added_by) for e in keep_list(project)] == [("Riverside", "ann")]
    assert table.item(0, 3).text() == "kept"


def test_never_mask_from_the_narrative_asks_why_keeps_and_undoes(qtbot, window) -> None:
    _doc, text = _open_drug_report(qtbot, window)
    page = window.workspace.annotate
    view = page.view
    cursor = view.textCursor()
    cursor.setPosition(view.offsets.to_qt(text.index("Riverside")) + 2)
    point = view.cursorRect(cursor).center()
    menu = page.never_mask.menu(point)
    entry = next(a for a in menu.actions() if a.objectName() == "neverMask")
    assert entry.text() == "Never mask “Riverside”…"
    entry.trigger()
    dialog = page.never_mask.dialog
    assert dialog is not None
    wait_active(qtbot, dialog)
    qtbot.keyClicks(dialog.findChild(QLineEdit), "the town of the clinic")
    with qtbot.waitSignal(page.session.keptChanged, timeout=2_000):
        qtbot.keyClick(dialog.findChild(QLineEdit), Qt.Key.Key_Return)
    wait_active(qtbot, window)  # back in the narrative
    assert [(e.term, e.reason) for e in keep_list(window.project)] == [
        ("Riverside", "the town of the clinic")
    ]
    assert "Ctrl+Z" in window.statusBar().currentMessage()
    assert "kept: keep list, added by ann" in _hover(qtbot, view, text.index("Riverside"))
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert keep_list(window.project) == []
    assert "off the keep list" in window.statusBar().currentMessage()
    # a selection is what the entry keeps; one on the list already is said so
    view.select(text.index("Pepcid"), text.index("Pepcid") + 6)
    page.never_mask.menu(point)
    assert page.never_mask.word == "Pepcid"
    page.never_mask.keep("Pepcid", "")
    page.never_mask.ask()
    assert page.never_mask.dialog is None
    assert "on the keep list already" in window.statusBar().currentMessage()
