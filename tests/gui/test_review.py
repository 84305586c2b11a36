"""Review and sign-off in the window: four eyes, a second person signs off, send back, audit."""

from __future__ import annotations

import sqlite3

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import status_of, submit_by_keys

pytestmark = pytest.mark.gui


def submit_first(qtbot, window) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    qtbot.keyClick(page.view, Qt.Key.Key_Return)  # accept the first suggestion
    submit_by_keys(qtbot, page, Qt.Key.Key_R)  # and reject the rest


def test_four_eyes_then_a_second_person_signs_off(qtbot, window, project_path) -> None:
    submit_first(qtbot, window)  # as ann
    assert status_of(project_path, "R1") == "submitted"
    window.workspace.setCurrentIndex(1)
    review = window.workspace.review
    messages = []
    review.message.connect(messages.append)
    qtbot.mouseClick(review.queue.next_button, Qt.MouseButton.LeftButton)
    assert review.session.state is None and "someone else annotated" in messages[-1]
    review.queue.table.selectRow(0)  # she opens it herself from the review queue
    review.queue.table.activated.emit(review.queue.table.currentIndex())
    assert review.session.state.info.external_id == "R1"
    assert not review.sign_off_button.isEnabled()
    assert "four eyes" in review.refusal.text()
    review.sign_off()  # the shortcut path refuses too
    assert status_of(project_path, "R1") == "submitted"

    window.preferences.override_user("rev")  # another person at the keyboard
    qtbot.mouseClick(review.queue.next_button, Qt.MouseButton.LeftButton)
    assert review.sign_off_button.isEnabled() and "ann" in review.who.text()
    # the reviewer corrects a span: recorded as theirs
    text = review.session.text
    start = text.index("Robertson")
    review.view.select(start, start + len("Robertson"))
    qtbot.keyClick(review.view, Qt.Key.Key_P)
    review.comment.setPlainText("checked against the source")
    qtbot.mouseClick(review.sign_off_button, Qt.MouseButton.LeftButton)
    assert status_of(project_path, "R1") == "signed_off"
    with sqlite3.connect(project_path) as c:
        reviews = c.execute("SELECT reviewer, decision, comment FROM reviews").fetchall()
        query = "SELECT category, author FROM annotations WHERE start = ?"
        authors = dict(c.execute(query, (start,)))
        sign = c.execute(
            "SELECT actor, reason FROM audit_events WHERE action = 'sign_off'"
        ).fetchall()
    assert reviews == [("rev", "signed_off", "checked against the source")]
    assert authors == {"PATIENT": "rev"}
    assert sign == [("rev", "checked against the source")]


def test_single_person_mode_says_so_in_the_audit(qtbot, window, project_path) -> None:
    from deid_studio.services.settings import update_settings

    update_settings(window.project, actor="steward", four_eyes=False)
    submit_first(qtbot, window)
    review = window.workspace.review
    window.workspace.setCurrentIndex(1)
    review.queue.take_next()
    assert review.sign_off_button.isEnabled()
    qtbot.keyClick(
        review.view, Qt.Key.Key_Return,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )  # fmt: skip
    assert status_of(project_path, "R1") == "signed_off"
    with sqlite3.connect(project_path) as c:
        [(reason,)] = c.execute("SELECT reason FROM audit_events WHERE action = 'sign_off'")
    assert "single-person mode" in reason


def test_send_back_and_the_audit_view(qtbot, window, project_path) -> None:
    from deid_studio.gui.audit_view import AuditDialog

    submit_first(qtbot, window)
    window.preferences.override_user("rev")
    review = window.workspace.review
    window.workspace.setCurrentIndex(1)
    review.queue.take_next()
    doc = review.session.document_id
    # the reviewer is told that the annotator left suggestions undecided and rejected them
    assert "3 undecided at submission: 3 rejected" in review.who.text()
    review.comment.setPlainText("the age is missing")
    qtbot.mouseClick(review.send_back_button, Qt.MouseButton.LeftButton)
    assert status_of(project_path, "R1") == "in_progress"
    dialog = AuditDialog(window.project, doc, "R1", window)
    qtbot.addWidget(dialog)
    actions = [e.action for e in dialog.model.events]
    assert actions[:2] == ["import", "claim"] and actions[-1] == "send_back"
    assert {e.actor for e in dialog.model.events} >= {"steward", "ann", "rev"}
    assert dialog.model.data(dialog.model.index(len(actions) - 1, 4)) == "the age is missing"


def test_the_review_queue_spends_no_room_on_the_annotation_score(qtbot, window) -> None:
    """Submitted documents have no score: its column gives way to the report and its
    status, and comes back when the reviewer lists what is still to annotate. Why stays (it
    marks a document submitted with suggestions undecided)."""
    review = window.workspace.review
    queue = review.queue
    assert queue.filter.currentText() == "Submitted"
    assert queue.table.isColumnHidden(0) and not queue.table.isColumnHidden(1)  # Score, Why
    queue.filter.setCurrentIndex(queue.filter.findText("To annotate"))
    assert not queue.table.isColumnHidden(0)
    assert not window.workspace.annotate.queue.table.isColumnHidden(0)
