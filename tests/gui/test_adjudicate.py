"""Adjudication in the window, by keyboard: both blind copies side by side, differences
marked, one side or the other or an edit per unit, Ctrl+Enter makes the gold; the agreement
table on the Quality page."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import Qt

from deid_studio.core.document import Span
from deid_studio.services.annotating import add_span, open_for_annotation
from deid_studio.services.double import assign_double
from deid_studio.services.submitting import submit
from deid_studio.store.project import Project
from tests.gui.conftest import NARRATIVES, gold_rows, status_of

pytestmark = pytest.mark.gui
TEXT = NARRATIVES[1]  # "Report from Dr Alan Smith (phone 555-0101): the patient, aged 67, ..."


def where(words: str) -> tuple[int, int]:
    start = TEXT.index(words)
    return start, start + len(words)


@pytest.fixture
def double(project_path):
    """R2 annotated twice, blind, by ann and bob (both copies submitted)."""
    with Project.open(project_path) as project:
        assign_double(project, ["ann", "bob"], actor="steward", document_ids=[2])
        copies = {
            "ann": [(where("Alan Smith"), "PROFESSIONAL"), (where("67"), "AGE"),
                    (where("12 May 2021"), "DATE")],
            "bob": [(where("Dr Alan Smith"), "PROFESSIONAL"), (where("555-0101"), "CONTACT"),
                    (where("12 May 2021"), "DATE")],
        }  # fmt: skip
        for who, spans in copies.items():
            open_for_annotation(project, 2, actor=who)
            for (start, end), category in spans:
                add_span(project, 2, Span(start, end, category), actor=who)
            submit(project, 2, actor=who)
    return project_path


def test_an_adjudicator_makes_the_gold_by_keyboard(qtbot, window, double) -> None:
    window.preferences.override_user("rev")
    qtbot.keyClick(window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    page = window.workspace.adjudicate
    assert window.workspace.currentWidget() is page
    assert page.queue.count() == 1 and "ann / bob" in page.queue.item(0).text()
    page.queue.setCurrentRow(0)
    assert page.view is not None and page.view.annotators == ("ann", "bob")
    assert page.left.toPlainText() == page.right.toPlainText() == TEXT
    units = page.view.units
    assert [u.agreed for u in units] == [False, False, False, True]  # the date agrees
    assert page.table.rowCount() == 4 and page.table.item(3, 3).text().startswith("DATE")
    assert page.table.currentRow() == 0  # the first difference

    qtbot.keyClick(page.table, Qt.Key.Key_Right)  # Dr Alan Smith: bob's boundaries
    assert page.table.currentRow() == 1
    qtbot.keyClick(page.table, Qt.Key.Key_Right)  # the phone: bob saw it
    qtbot.keyClick(page.table, Qt.Key.Key_Left)  # the age: ann saw it
    assert page.table.currentRow() == 2  # nothing undecided after it: it stays
    qtbot.keyClick(page.table, Qt.Key.Key_Up)
    assert page.table.currentRow() == 1
    qtbot.keyClick(page.table, Qt.Key.Key_Down)  # back to the age, to edit it
    qtbot.keyClick(page.table, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)  # "67,"
    assert page.decisions[2] == (Span(*where("67,"), "AGE"),)
    qtbot.keyClick(page.table, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)  # back
    assert "all decided" in page.status.text()
    qtbot.keyClick(page.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)

    assert gold_rows(double, "R2") == [
        (*where("Dr Alan Smith"), "PROFESSIONAL", "human", "rev"),
        (*where("555-0101"), "CONTACT", "human", "rev"),
        (*where("67"), "AGE", "human", "rev"),
        (*where("12 May 2021"), "DATE", "human", "rev"),
    ]
    assert status_of(double, "R2") == "submitted"
    with sqlite3.connect(double) as c:
        before, after = c.execute(
            "SELECT before, after FROM audit_events WHERE action = 'adjudicate'"
        ).fetchone()
    assert '"ann"' in before and '"bob"' in before and "CONTACT" in after
    assert page.queue.count() == 0


def test_an_undecided_unit_keeps_the_gold_unwritten(qtbot, window, double) -> None:
    window.preferences.override_user("rev")
    window.workspace.setCurrentWidget(window.workspace.adjudicate)
    page = window.workspace.adjudicate
    page.queue.setCurrentRow(0)
    qtbot.keyClick(page.table, Qt.Key.Key_1)  # one unit decided, two left
    qtbot.keyClick(page.table, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "2 units undecided" in page.status.text()
    assert gold_rows(double, "R2") == []


def test_one_of_the_annotators_cannot_adjudicate(qtbot, window, double) -> None:
    window.workspace.setCurrentWidget(window.workspace.adjudicate)  # the window's user is ann
    page = window.workspace.adjudicate
    page.queue.setCurrentRow(0)
    assert page.view is None and "another reviewer adjudicates" in page.status.text()


def test_the_quality_page_shows_the_agreement_table(qtbot, window, double) -> None:
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    table = window.workspace.dashboard.agreement
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}
    assert set(rows) == {"PROFESSIONAL", "CONTACT", "DATE", "AGE", "(all)"}
    assert table.item(rows["DATE"], 2).text() == "1.000"  # F1 strict
    assert table.item(rows["PROFESSIONAL"], 2).text() == "0.000"
    assert table.item(rows["PROFESSIONAL"], 3).text() == "1.000"  # they overlap
    assert "1 documents annotated twice" in window.workspace.dashboard.agreement_label.text()


def test_the_unit_table_names_its_columns_before_a_document_is_open(qtbot, window) -> None:
    qtbot.keyClick(window, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    page = window.workspace.adjudicate
    assert page.queue.count() == 0  # nothing annotated twice: the page waits, headed
    titles = [page.table.horizontalHeaderItem(i).text() for i in range(page.table.columnCount())]
    assert titles == ["where", "first", "second", "gold"]
