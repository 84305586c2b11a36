"""The README's "A first hour with the demo", step by step as written: annotate, submit
(the prompt), review and sign off the synthetic annotators' gold, export — without
renaming yourself. (A smaller demo than ``scripts/demo`` builds, and without waiting for
the first model: the rules suggest meanwhile.)"""

from __future__ import annotations

import json
import sqlite3

import pytest
from PySide6.QtCore import Qt

from tests.gui.conftest import wait_active

pytestmark = pytest.mark.gui

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def demo_window(qtbot, tmp_path):
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences
    from deid_studio.services.demo import open_demo

    path = tmp_path / "demo.sqlite"
    project, _ = open_demo(path, count=40)
    project.close()
    window = MainWindow(Preferences())  # the login of whoever runs it: "ann" here
    qtbot.addWidget(window)
    assert window.open_project(path)
    window.show()
    qtbot.waitExposed(window)
    wait_active(qtbot, window)
    # 1. the window suggests for the narratives waiting (the rules alone before a model)
    qtbot.waitUntil(lambda: not window.workspace.retrain.running, timeout=60_000)
    yield window, path
    window.close_project()


def test_the_readme_walkthrough_from_the_demo_to_the_export(qtbot, demo_window, tmp_path):
    window, path = demo_window
    page = window.workspace.annotate
    assert page.queue.model.entry(0).score is not None  # ordered, with its "why"

    # 2. Annotate: Ctrl+Shift+N opens the top narrative, its first suggestion selected
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL_SHIFT)
    session = page.session
    assert session.state is not None and session.current is not None
    first = session.state.info.external_id
    qtbot.keyClick(page.view, Qt.Key.Key_Return)  # Enter accepts it
    if session.current is not None and session.current.kind == "suggestion":
        qtbot.keyClick(page.view, Qt.Key.Key_Delete)  # Delete rejects the next
    assert any(i.kind == "gold" for i in session.items)

    # 3. Submit with Ctrl+Enter; undecided suggestions: the prompt, A accepts above the bar
    qtbot.keyClick(page.view, Qt.Key.Key_Return, CTRL)
    if page.prompt is not None:
        wait_active(qtbot, page.prompt)
        qtbot.keyClick(page.prompt.focusWidget(), Qt.Key.Key_A)
        wait_active(qtbot, window)
    assert _status(path, first) == "submitted"
    assert session.state.info.external_id != first  # the next one is open

    # 4. Review: Ctrl+2, Next, Ctrl+Shift+Enter signs off what a synthetic annotator did
    qtbot.keyClick(window, Qt.Key.Key_2, CTRL)
    review = window.workspace.review
    qtbot.mouseClick(review.queue.next_button, Qt.MouseButton.LeftButton)
    assert review.session.state is not None and review.sign_off_button.isEnabled()
    reviewed = review.session.state.info.external_id
    assert reviewed != first  # four eyes: not the one you submitted
    assert (
        "amira.haddad" in review.who.text()
        or "bruno.keller" in review.who.text()
        or ("chen.li" in review.who.text())
    )
    qtbot.keyClick(review.view, Qt.Key.Key_Return, CTRL_SHIFT)
    assert _status(path, reviewed) == "signed_off"
    with sqlite3.connect(path) as c:
        [(signer,)] = c.execute(
            "SELECT e.actor FROM audit_events e JOIN documents d ON d.id = e.document_id "
            "WHERE e.action = 'sign_off' AND d.external_id = ?",
            (reviewed,),
        ).fetchall()
    assert signer == "ann"  # as yourself, without renaming

    # 5. Export: Ctrl+E, masked reports of every signed-off narrative
    from deid_studio.gui.export_dialog import ExportDialog

    qtbot.keyClick(window, Qt.Key.Key_E, CTRL)
    [dialog] = [d for d in window.findChildren(ExportDialog) if d.isVisible()]
    dialog.format.setCurrentText("jsonl")
    out = tmp_path / "masked.jsonl"
    dialog.out.setText(str(out))
    with qtbot.waitSignal(dialog.ended, timeout=60_000) as ended:
        qtbot.mouseClick(
            dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton
        )
    assert ended.args == [True], dialog.report.toPlainText()
    records = [json.loads(line) for line in out.read_text("utf-8").splitlines()]
    assert len(records) == 16 + 1  # the synthetic reviewer's sign-offs and yours
    assert reviewed in {r["id"] for r in records}


def _status(path, external_id: str) -> str:
    with sqlite3.connect(path) as c:
        query = "SELECT status FROM documents WHERE external_id = ?"
        return c.execute(query, (external_id,)).fetchone()[0]
