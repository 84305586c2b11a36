"""What an annotator does, by key press: open, accept, add, undo, submit; the gold lands."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from tests.gui.conftest import NARRATIVES, gold_rows, status_of, submit_by_keys, wait_active

pytestmark = pytest.mark.gui


def put_cursor(view, offset: int) -> None:
    cursor = view.textCursor()
    cursor.setPosition(view.offsets.to_qt(offset))
    view.setTextCursor(cursor)


def select_by_keys(qtbot, view, start: int, length: int) -> None:
    """Place the cursor and extend the selection with Shift+Right, as a person would."""
    put_cursor(view, start)
    for _ in range(length):
        qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)


def test_annotate_a_document_by_keyboard(qtbot, window, project_path) -> None:
    page = window.workspace.annotate
    qtbot.mouseClick(page.queue.next_button, Qt.MouseButton.LeftButton)
    session, view = page.session, page.view
    assert session.state.info.external_id == "R1"  # the most uncertain first
    assert session.state.info.status == "in_progress" and view.hasFocus()
    assert session.current is not None and session.current.kind == "suggestion"  # first one

    # Tab walks the suggestions; Return accepts the current one
    text = NARRATIVES[0]
    while session.current.category != "DATE":
        qtbot.keyClick(view, Qt.Key.Key_Tab)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    date = text.index("03/04/2021")
    assert (date, date + 10, "DATE", "accepted", "ann") in gold_rows(project_path, "R1")

    # select part of a name and press its category's key: the span snaps to whole words
    start = text.index("shlee")
    select_by_keys(qtbot, view, start, len("shlee Rob"))
    qtbot.keyClick(view, Qt.Key.Key_P)
    name = text.index("Ashlee Robertson")
    assert (name, name + 16, "PATIENT", "human", "ann") in gold_rows(project_path, "R1")
    assert not view.textCursor().hasSelection()

    # undo removes it from the project, redo puts it back, undo again
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not [g for g in gold_rows(project_path, "R1") if g[2] == "PATIENT" and g[0] == name]
    qtbot.keyClick(
        view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert [g for g in gold_rows(project_path, "R1") if g[0] == name]
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)

    # Shift+key keeps the exact selection (no snapping)
    select_by_keys(qtbot, view, start, 3)
    qtbot.keyClick(view, Qt.Key.Key_P, Qt.KeyboardModifier.ShiftModifier)
    assert (start, start + 3, "PATIENT", "human", "ann") in gold_rows(project_path, "R1")

    # Ctrl+Enter submits and opens the next document of the queue (the suggestions left
    # undecided are rejected in the submit prompt)
    submit_by_keys(qtbot, page, Qt.Key.Key_R)
    assert status_of(project_path, "R1") == "submitted"
    assert session.state.info.external_id == "R2"
    assert {g[2] for g in gold_rows(project_path, "R1")} == {"DATE", "PATIENT"}


def test_reject_grow_and_recategorise(qtbot, window, project_path) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    session, view = page.session, page.view
    text = NARRATIVES[0]
    while session.current.category != "AGE":
        qtbot.keyClick(view, Qt.Key.Key_Tab)
    qtbot.keyClick(view, Qt.Key.Key_Delete)  # reject: the suggestion row goes, audited
    assert "AGE" not in {i.category for i in session.items}
    while session.current.category != "PATIENT":
        qtbot.keyClick(view, Qt.Key.Key_Tab)
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)  # grow the end
    name = text.index("Ashlee Robertson")
    assert (name, name + 16, "PATIENT", "accepted", "ann") in gold_rows(project_path, "R1")
    qtbot.keyClick(view, Qt.Key.Key_R)  # the current gold span becomes a RELATIVE
    assert (name, name + 16, "RELATIVE", "accepted", "ann") in gold_rows(project_path, "R1")
    qtbot.keyClick(view, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)  # shrink it back
    assert (name, name + 6, "RELATIVE", "accepted", "ann") in gold_rows(project_path, "R1")
    with window.project.reading() as tx:
        actions = [e.action for e in tx.document_audit(session.document_id)]
    assert "reject_suggestion" in actions and actions.count("change_annotation") == 2


def test_accept_all_above_the_threshold(qtbot, window, project_path) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    page.threshold.setValue(0.9)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(page.view, Qt.Key.Key_A, ctrl_shift)
    assert sorted(g[2] for g in gold_rows(project_path, "R1")) == ["DATE", "ORGANIZATION"]
    assert sorted(i.category for i in page.session.items if i.kind == "suggestion") == [
        "AGE",
        "PATIENT",
    ]
    qtbot.keyClick(page.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert gold_rows(project_path, "R1") == []


def test_spans_on_emoji_and_crlf_narratives_land_on_the_right_characters(
    qtbot, window, project_path
) -> None:
    page = window.workspace.annotate
    for _ in range(3):
        page.queue.take_next()
        session, view = page.session, page.view
        text = session.text
        word = "Lyon" if "Lyon" in text else ("rash" if "rash" in text else "collapsed")
        start = text.index(word)
        select_by_keys(qtbot, view, start, len(word))
        assert view.textCursor().selectedText() == word
        qtbot.keyClick(view, Qt.Key.Key_L)
        assert (start, start + len(word), "LOCATION") in [
            g[:3] for g in gold_rows(project_path, session.state.info.external_id)
        ]
        submit_by_keys(qtbot, page, Qt.Key.Key_R)


def test_a_document_held_by_someone_else_opens_read_only(qtbot, window, project_path) -> None:
    from deid_studio.services.queue import next_document

    other = next_document(window.project, actor="bob")
    page = window.workspace.annotate
    page.open_document(other)
    assert not page.session.state.editable and "held by bob" in page.header.text()
    messages = []
    page.message.connect(messages.append)
    put_cursor(page.view, 0)
    page.view.moveCursor(QTextCursor.MoveOperation.EndOfWord, QTextCursor.MoveMode.KeepAnchor)
    qtbot.keyClick(page.view, Qt.Key.Key_P)
    assert messages and "read only" in messages[-1]
    assert gold_rows(project_path, "R1") == []


def test_clicking_a_span_and_the_span_list(qtbot, window) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    session = page.session
    qtbot.waitUntil(lambda: page.spans.model().rowCount() == len(session.items))
    row = next(i for i, item in enumerate(session.items) if item.category == "ORGANIZATION")
    page.spans.selectRow(row)
    assert session.current.category == "ORGANIZATION"
    assert "ORGANIZATION" in page.painter.tooltip(session.current.start)
    assert "93%" in page.painter.tooltip(session.current.start)
    page.session.select_at(0)
    assert session.current is None


def test_a_refused_save_goes_back_on_screen(qtbot, window, project_path) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    session = page.session
    current = session.current
    pending = [i.key for i in session.items]
    with window.project.transaction("rev") as tx:  # meanwhile, elsewhere: signed off
        tx.set_status(session.document_id, "signed_off")
        tx.audit("test", document_id=session.document_id)
    messages = []
    page.message.connect(messages.append)
    qtbot.keyClick(page.view, Qt.Key.Key_Return)
    assert messages and "signed off" in messages[-1]
    assert [i.key for i in session.items] == pending and session.current == current
    assert gold_rows(project_path, "R1") == []


def test_a_stale_edit_shows_the_other_change_and_saves_nothing_of_its_own(
    qtbot, window, project_path
) -> None:
    from deid_studio.core.document import Span
    from deid_studio.services.annotating import add_span

    page = window.workspace.annotate
    qtbot.mouseClick(page.queue.next_button, Qt.MouseButton.LeftButton)
    session, view = page.session, page.view
    messages: list[str] = []
    session.failed.connect(messages.append)
    text = NARRATIVES[0]
    start = text.index("Jones")
    # meanwhile, the same document changes through another window (its claim had lapsed)
    add_span(
        window.project, session.document_id, Span(start, start + 5, "PROFESSIONAL"), actor="ann"
    )
    qtbot.keyClick(view, Qt.Key.Key_Return)  # accept the current suggestion: stale
    assert messages and "changed meanwhile" in messages[-1]
    assert [(a.start, a.category) for a in session.gold] == [(start, "PROFESSIONAL")]
    assert [r[:3] for r in gold_rows(project_path, "R1")] == [(start, start + 5, "PROFESSIONAL")]
    qtbot.keyClick(view, Qt.Key.Key_Return)  # again, on the fresh version: saved
    assert len(gold_rows(project_path, "R1")) == 2


def test_submit_asks_for_a_decision_on_every_suggestion(qtbot, window, project_path) -> None:
    """The issue's case: accept one, reject one, add one, Ctrl+Enter with the rest undecided."""
    page = window.workspace.annotate
    page.queue.take_next()
    session, view = page.session, page.view
    qtbot.keyClick(view, Qt.Key.Key_Return)  # accept the first suggestion
    qtbot.keyClick(view, Qt.Key.Key_Delete)  # reject the next
    text = NARRATIVES[0]
    start = text.index("Jones")
    select_by_keys(qtbot, view, start, len("Jones"))
    qtbot.keyClick(view, Qt.Key.Key_D)  # add one (PROFESSIONAL)
    assert len(session.undecided) == 2
    qtbot.waitUntil(lambda: "2 unresolved" in page.header.text())  # in the warning colour
    assert "color:#b35c00'>2 unresolved" in page.header.text()

    # Ctrl+Enter opens the prompt; Enter (its default) goes back: nothing is submitted
    qtbot.keyClick(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    prompt = page.prompt
    assert prompt is not None and prompt.isVisible()
    wait_active(qtbot, prompt)
    assert "2 suggestions are still undecided" in prompt.intro.text()
    qtbot.keyClick(prompt.focusWidget(), Qt.Key.Key_Return)
    assert page.prompt is None and status_of(project_path, "R1") == "in_progress"
    assert session.state.info.external_id == "R1"
    wait_active(qtbot, window)

    # again, and A: accept those at or above the confidence, reject the rest
    qtbot.keyClick(view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    wait_active(qtbot, page.prompt)
    page.prompt.threshold.setValue(0.95)
    assert "1 accepted, 1 rejected" in page.prompt.split_label.text()
    qtbot.keyClick(page.prompt.focusWidget(), Qt.Key.Key_A)
    assert status_of(project_path, "R1") == "submitted"
    assert session.state.info.external_id == "R2"  # the next document is open
    categories = sorted(g[2] for g in gold_rows(project_path, "R1"))
    assert categories == ["DATE", "PATIENT", "PROFESSIONAL"]  # St Mary Hospital (0.93) rejected
    with window.project.reading() as tx:
        [event] = [e for e in tx.audit_trail() if e.action == "resolve_on_submit"]
    assert event.actor == "ann" and event.after["accepted"] == 1 and event.after["rejected"] == 1

    # the review queue marks the document submitted that way
    window.workspace.setCurrentIndex(1)
    review_queue = window.workspace.review.queue
    row = review_queue.model.row_of(_id_of(window, "R1"))
    why = review_queue.model.index(row, review_queue.model.columns.index("Why"))
    assert "1 accepted (≥ 0.95), 1 rejected" in why.data()


def _id_of(window, external_id: str) -> int:
    with window.project.reading() as tx:
        return next(d.document.id for d in tx.documents() if d.document.external_id == external_id)
