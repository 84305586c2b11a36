"""The import and export dialogs with the annotation tools' formats: their options appear for
the formats that take them, the notes of the summary are shown."""

from __future__ import annotations

import json

import pytest

from deid_studio.core.document import Document, Span
from deid_studio.formats.inception import write_inception
from deid_studio.services.importing import import_documents

pytestmark = pytest.mark.gui


def test_import_dialog_asks_for_a_layer_only_where_it_applies(qtbot, window, tmp_path) -> None:
    from deid_studio.gui.import_dialog import ImportDialog

    source = tmp_path / "xmi"
    write_inception([Document("Ana 😀 Li fainted.", (Span(0, 9, "PATIENT"),), "X1")], source)
    dialog = ImportDialog(window.project, lambda: "steward", window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.format.setCurrentIndex(dialog.format.findData("csv"))
    assert not dialog.tool_box.isVisible()
    dialog.format.setCurrentIndex(dialog.format.findData("label-studio"))
    assert dialog.tool_fields["text_field"].isVisible()
    assert not dialog.tool_fields["layer"].isVisible()
    dialog.format.setCurrentIndex(dialog.format.findData("inception"))
    assert dialog.tool_box.isVisible() and dialog.tool_fields["layer"].isVisible()
    assert not dialog.tool_fields["text_field"].isVisible()

    dialog.path.setText(str(source))
    dialog.gold.setChecked(True)
    qtbot.keyClicks(dialog.tool_fields["layer"], "webanno.custom.Nope")
    dialog.start()
    qtbot.waitUntil(lambda: "not in the type system" in dialog.report.text(), timeout=20_000)
    assert "layer webanno.custom.Nope is not in the type system" in dialog.report.text()
    qtbot.waitUntil(lambda: not dialog.job.running, timeout=5_000)

    dialog.tool_fields["layer"].clear()
    with qtbot.waitSignal(dialog.imported, timeout=20_000) as done:
        dialog.start()
    assert done.args[0].documents == 1 and done.args[0].spans == 1
    assert "Note: spans from layer webanno.custom.PHI" in dialog.report.text()


def test_export_dialog_writes_label_studio_tasks_and_shows_the_notes(
    qtbot, window, tmp_path
) -> None:
    from deid_studio.gui.export_dialog import ExportDialog

    import_documents(
        window.project,
        [Document("Ann Lee was seen on 03/01/2021.", (Span(0, 7, "PATIENT"),), external_id="OK")],
        origin="t", actor="steward", gold=True, signed_off=True,
    )  # fmt: skip
    dialog = ExportDialog(window.project, lambda: "steward", window)
    qtbot.addWidget(dialog)
    dialog.gold.setChecked(True)
    formats = [dialog.format.itemText(i) for i in range(dialog.format.count())]
    assert {"inception", "inception-json", "label-studio", "prodigy", "spacy"} <= set(formats)
    dialog.format.setCurrentText("label-studio")
    out = tmp_path / "ls"
    dialog.out.setText(str(out))
    with qtbot.waitSignal(dialog.ended, timeout=30_000) as ended:
        dialog.start()
    assert ended.args == [True]
    report = dialog.report.toPlainText()
    assert "Note: Label Studio: paste label_config.xml" in report
    assert "leak check" not in report  # a gold export is not masked
    (task,) = json.loads((out / "tasks.json").read_text("utf-8"))
    assert task["data"]["report_id"] == "OK" and task["predictions"]
