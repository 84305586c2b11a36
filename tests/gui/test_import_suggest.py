"""Suggestions right after an import, without Ctrl+R: in the background, announced, with
the queue scored; the masked preview says they are being computed until they are in."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt

from deid_studio.services.suggesting import stale_documents

pytestmark = pytest.mark.gui

REPORTS = [
    "Pt received dose 1 on 12/22/2020 and developed chills; seen by Dr Alan Smith.",
    "On 01/03/2021 the patient, 67, called 555-0101 to report a rash.",
]


def write_jsonl(path, reports, prefix):
    lines = [json.dumps({"id": f"{prefix}{i}", "text": t}) for i, t in enumerate(reports)]
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def import_in_dialog(qtbot, window, source):
    from deid_studio.gui.import_dialog import ImportDialog

    window.import_reports()
    [dialog] = [d for d in window.findChildren(ImportDialog) if d.isVisible()]
    dialog.format.setCurrentIndex(dialog.format.findData("jsonl"))
    dialog.path.setText(str(source))
    with qtbot.waitSignal(dialog.imported, timeout=20_000) as done:
        qtbot.mouseClick(
            dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton
        )
    return done.args[0]


def test_imported_narratives_get_suggestions_and_scores_without_retraining(
    qtbot, window, tmp_path
) -> None:
    messages: list[str] = []
    window.statusBar().messageChanged.connect(messages.append)
    controller = window.workspace.retrain
    result = import_in_dialog(qtbot, window, write_jsonl(tmp_path / "a.jsonl", REPORTS, "V"))
    assert result.documents == 2
    # announced, in the background, with its progress in the status bar
    assert controller.running and controller.phase == "suggesting"
    assert any("suggesting for 2 new narratives with the rules alone" in m for m in messages)
    assert window.retrain_status.active
    assert "Suggesting for 2 new narratives" in window.retrain_status.label.text()

    # opened at once, the narrative is not shown as if clean
    page = window.workspace.annotate
    new = result.document_ids[0]
    page.open_document(new)
    assert page.session.state.suggestions_pending
    assert "suggestions being computed" in page.header.text()
    qtbot.waitUntil(lambda: "being computed" in page.preview.view.toPlainText(), timeout=5_000)
    assert "12/22/2020" not in page.preview.view.toPlainText()

    # then the suggestions arrive, the queue scores the narratives and the preview masks
    qtbot.waitUntil(lambda: not controller.running, timeout=60_000)
    assert stale_documents(window.project) == []
    assert not page.session.state.suggestions_pending
    assert {i.category for i in page.session.items} >= {"DATE"}
    qtbot.waitUntil(lambda: page.preview.masked is not None, timeout=10_000)
    assert "12/22/2020" not in page.preview.view.toPlainText()
    assert "being computed" not in page.preview.view.toPlainText()
    scores = {e.document_id: e.score for e in page.queue.model._entries}
    assert all(scores[d] is not None for d in result.document_ids)


def test_an_import_while_suggesting_is_suggested_for_when_that_ends(
    qtbot, window, tmp_path
) -> None:
    controller = window.workspace.retrain
    import_in_dialog(qtbot, window, write_jsonl(tmp_path / "a.jsonl", REPORTS[:1], "A"))
    assert controller.running
    second = import_in_dialog(qtbot, window, write_jsonl(tmp_path / "b.jsonl", REPORTS[1:], "B"))
    qtbot.waitUntil(lambda: not controller.running and not stale_documents(window.project),
                    timeout=90_000)  # fmt: skip
    with window.project.reading() as tx:
        assert tx.suggestions(second.document_ids[0])  # the second import too
