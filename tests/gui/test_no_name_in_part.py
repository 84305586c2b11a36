"""No name in part, in the window: a name the model split across the confidence threshold
is masked whole in the preview and in a forced export, which says it masked in recall mode."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import insert

from deid_studio.core.document import Document
from deid_studio.services.importing import import_documents
from deid_studio.store import models as m
from tests.gui.conftest import suggest

pytestmark = pytest.mark.gui

TEXT = "Notificante: Adelia Lasa Galan [farmacéutica]. Su marido, Reyes, refiere fiebre."


@pytest.fixture
def split_name(window) -> int:
    project = window.project
    [doc] = import_documents(
        project, [Document(TEXT, external_id="ES1", language="es")], origin="t", actor="steward"
    ).document_ids
    suggest(
        project, doc, TEXT,
        ("Adelia", "PROFESSIONAL", 0.483), ("Lasa Galan", "PROFESSIONAL", 0.747),
        ("marido", "RELATIVE", 0.81), ("Reyes", "RELATIVE", 0.25),
    )  # fmt: skip

    from deid_studio.services.suggesting import resuggest  # noqa: F401  (scores: below)

    with project.engine.begin() as connection:
        connection.execute(
            insert(m.DocumentScoreRow), [{"document_id": doc, "score": 0.99, "details": {}}]
        )
    window.workspace.annotate.queue.refresh()
    return doc


def test_the_split_name_is_masked_whole_in_the_preview(qtbot, window, split_name) -> None:
    page = window.workspace.annotate
    page.open_document(split_name)
    qtbot.waitUntil(lambda: page.preview.masked is not None, timeout=10_000)
    shown = page.preview.view.toPlainText()
    assert shown.startswith("Notificante: [PROFESSIONAL] [farmacéutica]. Su [RELATIVE], refiere")
    for word in ("Adelia", "Lasa", "Galan", "Reyes"):
        assert word not in shown


def test_a_forced_export_masks_in_recall_mode_and_says_so(qtbot, window, split_name, tmp_path):
    from deid_studio.gui.export_dialog import ExportDialog

    window.export()
    [dialog] = [d for d in window.findChildren(ExportDialog) if d.isVisible()]
    dialog.format.setCurrentText("jsonl")
    out = tmp_path / "forced.jsonl"
    dialog.out.setText(str(out))
    dialog.force.setChecked(True)
    assert dialog.recall.isEnabled() and dialog.recall.isChecked()  # recall unless told otherwise
    dialog.reason.setText("urgent signal")
    with qtbot.waitSignal(dialog.ended, timeout=30_000) as ended:
        dialog.start()
    assert ended.args == [True], dialog.report.toPlainText()
    report = dialog.report.toPlainText()
    assert "masked in recall mode: no model is trained yet, so the rules alone" in report
    texts = {
        json.loads(line)["id"]: json.loads(line)["text"] for line in out.read_text().splitlines()
    }
    assert texts["ES1"].startswith("Notificante: [PROFESSIONAL] [farmacéutica]")
