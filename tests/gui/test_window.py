"""The window's other parts: masked preview, export (refused on a leak), import, settings,
shortcut sheet, dashboard, remembered layout, and the command line opening the window."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from sqlalchemy import insert

from deid_studio.core.document import Document, Span
from deid_studio.services.importing import import_documents
from deid_studio.store import models as m

pytestmark = pytest.mark.gui


def test_masked_preview_follows_the_gold(qtbot, window) -> None:
    page = window.workspace.annotate
    page.queue.take_next()
    preview = page.preview
    if preview.masked is None:
        qtbot.waitSignal(preview.updated, timeout=10_000).wait()
    shown = preview.view.toPlainText()
    assert "[PATIENT] Robertson" in shown  # the suggestion above the policy's threshold
    assert "45" in shown and "03/04/2021" not in shown  # a weak suggestion stays; dates shift
    page.view.select(8, 24)
    with qtbot.waitSignal(preview.updated, timeout=10_000):
        qtbot.keyClick(page.view, Qt.Key.Key_P)
    assert "Robertson" not in preview.view.toPlainText()
    assert "[PATIENT]" in preview.view.toPlainText()


def test_export_is_refused_on_a_leak_and_says_where(qtbot, window, tmp_path) -> None:
    from deid_studio.gui.export_dialog import ExportDialog
    from deid_studio.mask import keyed_hash

    project = window.project
    text = "Stone, Bob: seen by Dr Lee on 04/05/2021."
    spans = (Span(0, 10, "PATIENT"), Span(23, 26, "PROFESSIONAL"), Span(30, 40, "DATE"))
    import_documents(
        project, [Document(text, spans, external_id="LEAKY", language="en")],
        origin="t", actor="steward", gold=True, signed_off=True,
    )  # fmt: skip
    with project.reading() as tx:
        secret = bytes.fromhex(tx.setting("vault_secret"))
    with project.engine.begin() as c:  # an old surrogate turns the surname into the doctor's
        c.execute(
            insert(m.SurrogateRow).values(
                case_id="LEAKY", category="name", surrogate="Lee",
                original_hash=keyed_hash(secret, "LEAKY", "name", "Stone"),
            )
        )  # fmt: skip
    dialog = ExportDialog(project, lambda: "steward", window)
    qtbot.addWidget(dialog)
    assert "3</b> not yet signed off" in dialog.counts.text()
    dialog.preset.setCurrentText("surrogates")
    dialog.format.setCurrentText("jsonl")
    out = tmp_path / "masked.jsonl"
    dialog.out.setText(str(out))
    with qtbot.waitSignal(dialog.ended, timeout=20_000) as ended:
        dialog.start()
    assert ended.args == [False]
    report = dialog.report.toPlainText()
    assert "Nothing was exported" in report and "report LEAKY, offset 0" in report
    assert "PROFESSIONAL" in report and not out.exists()


def _dialog_with_one_signed_report(qtbot, window, report_id: str):
    """The export dialog over the window's project, which gets one signed-off report."""
    from deid_studio.gui.export_dialog import ExportDialog

    text, spans = "Ann Lee was seen on 03/01/2021.", (Span(0, 7, "PATIENT"),)
    import_documents(
        window.project, [Document(text, spans, external_id=report_id)],
        origin="t", actor="steward", gold=True, signed_off=True,
    )  # fmt: skip
    dialog = ExportDialog(window.project, lambda: "steward", window)
    qtbot.addWidget(dialog)
    return dialog


def test_export_writes_masked_reports(qtbot, window, tmp_path) -> None:
    dialog = _dialog_with_one_signed_report(qtbot, window, "OK")
    dialog.format.setCurrentText("jsonl")
    out = tmp_path / "ok.jsonl"
    dialog.out.setText(str(out))
    endings: list[bool] = []
    dialog.ended.connect(endings.append)
    with qtbot.waitSignal(dialog.ended, timeout=20_000):
        dialog.start()
    assert endings == [True]  # one ending, a success
    assert "Exported 1 documents" in dialog.report.toPlainText()
    written = json.loads(out.read_text("utf-8").splitlines()[0])
    assert written["text"].startswith("[PATIENT] was seen on ")


def test_import_dialog_runs_in_the_background(qtbot, window, tmp_path) -> None:
    from deid_studio.gui.import_dialog import ImportDialog

    source = tmp_path / "in.jsonl"
    source.write_text(
        json.dumps({"id": "J1", "text": "Mia Wong fainted.", "spans": [
            {"start": 0, "end": 8, "label": "PATIENT"}]}) + "\n",
        "utf-8",
    )  # fmt: skip
    dialog = ImportDialog(window.project, lambda: "steward", window)
    qtbot.addWidget(dialog)
    dialog.format.setCurrentIndex(dialog.format.findData("jsonl"))
    dialog.path.setText(str(source))
    dialog.gold.setChecked(True)
    with qtbot.waitSignal(dialog.imported, timeout=20_000) as done:
        dialog.start()
    assert done.args[0].documents == 1 and done.args[0].status == "submitted"
    assert dialog.format.findData("vaers") >= 0  # the VAERS preset is offered


def test_settings_dialog_changes_name_project_and_scheme(qtbot, window) -> None:
    from deid_studio.gui.settings_dialog import SettingsDialog
    from deid_studio.services.settings import project_settings, scheme_of

    dialog = SettingsDialog(window.preferences, window.project, window)
    qtbot.addWidget(dialog)
    dialog.user_name.setText("Dr Reviewer")
    dialog.four_eyes.setChecked(False)
    dialog.retrain_every.setValue(3)
    dialog.scheme_editor.set_colour(0, "#112233")
    dialog.masking_editor.age.setValue(80)
    dialog.apply()
    assert dialog.error.text() == ""
    assert window.preferences.user_name == "Dr Reviewer"
    assert "Dr Reviewer" in window.user_label.text()
    assert project_settings(window.project).retrain_every == 3
    assert scheme_of(window.project)[0].categories[0].colour == "#112233"
    with window.project.reading() as tx:
        events = [(e.actor, e.action) for e in tx.audit_trail()][-3:]
    assert events == [
        ("Dr Reviewer", "settings"),
        ("Dr Reviewer", "scheme"),
        ("Dr Reviewer", "set_masking_policy"),
    ]


def test_f1_shows_every_shortcut(qtbot, window) -> None:
    from deid_studio.gui.shortcuts import sheet_html

    html = sheet_html(window.findChildren(type(window.undo_action)))
    for words in ("Accept suggestion", "Next suggestion", "Mark as PATIENT", "Submit", "Undo"):
        assert words in html
    window.workspace.annotate.view.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    from deid_studio.gui.shortcuts import ShortcutSheet

    sheets = window.findChildren(ShortcutSheet)
    assert sheets and sheets[0].isVisible()


def test_dashboard_shows_the_model_metrics(qtbot, window) -> None:
    metrics = {
        "f1": 0.91,
        "per_category": {
            "DATE": {"precision": 0.97, "recall": 0.95, "f1": 0.96, "support": 120},
            "PATIENT": {"precision": 0.9, "recall": 0.8, "f1": 0.85, "support": 40},
        },
        "tau": 0.4,
        "tau_curve": [
            {"tau": t / 10, "recall": 0.8 + t / 60, "precision": 0.95 - t / 20, "masked": t / 40}
            for t in range(11)
        ],
    }
    with window.project.engine.begin() as c:
        c.execute(insert(m.ModelVersionRow), [
            {"metrics": {"f1": 0.8}, "training_documents": 20, "params": {}},
            {"metrics": metrics, "training_documents": 80, "params": {}},
        ])  # fmt: skip
    window.refresh_status()
    assert "model v2" in window.model_label.text() and "0.910" in window.model_label.text()
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    dashboard = window.workspace.dashboard
    assert window.workspace.currentWidget() is dashboard
    assert "micro F1 <b>0.910</b>" in dashboard.summary.text()
    assert len(dashboard.categories.chart().series()) == 1
    [axis] = dashboard.categories.chart().axes(Qt.Orientation.Horizontal)
    assert axis.categories() == ["DATE<br>(120)", "PATIENT<br>(40)"]  # whole, level
    header = dashboard.agreement.horizontalHeader()  # no double annotation: no row
    for i in range(header.count()):
        title = dashboard.agreement.horizontalHeaderItem(i).text()
        assert header.sectionSize(i) >= header.sectionSizeHint(i), title  # not cut short
    assert dashboard.quality.learning_curve == ((20, 0.8), (80, 0.91))
    dashboard.slider.setValue(100)
    assert "recall 96.7%" in dashboard.tau_label.text()
    assert "masked 25.0%" in dashboard.tau_label.text()


def test_the_quality_page_says_why_a_best_model_that_misses_more_phi_is_not_used(
    qtbot, window
) -> None:
    def scored(f1: float, caught: float) -> dict:
        return {
            "entity": {"strict": {"micro": {"f1": f1}}},
            "token": {"binary": {"recall": caught}},
        }

    with window.project.engine.begin() as c:
        c.execute(insert(m.ModelVersionRow), [
            {"kind": "crf", "metrics": scored(0.90, 0.99), "training_documents": 50,
             "params": {"algorithm": "pa"}},
            {"kind": "crf-best", "metrics": scored(0.95, 0.98), "training_documents": 50,
             "params": {"algorithm": "lbfgs"}},
        ])  # fmt: skip
    window.refresh_status()
    assert "model v1" in window.model_label.text()  # the fast one suggests
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    text = window.workspace.dashboard.summary.text()
    assert "fast model v1 (pa, 50 documents" in text
    assert "CV F1 0.900, PHI tokens caught 99.00% — <b>in use</b>" in text
    assert "best model v2 (lbfgs, 50 documents" in text and "PHI tokens caught 98.00%" in text
    assert (
        "The best model is not used: it catches fewer PHI tokens out of fold (98.00% against "
        "99.00%), though its F1 is higher." in text
    )
    # the Model menu says the rule where the best model is trained
    assert "at least as many PHI tokens" in window.train_best_action.statusTip()


def test_layout_and_recent_projects_are_remembered_per_user(qtbot, project_path) -> None:
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    first = MainWindow(Preferences())
    qtbot.addWidget(first)
    first.show()
    first.open_project(project_path)
    first.workspace.annotate.split.setSizes([250, 900, 300])
    first.close()
    second = MainWindow(Preferences())
    qtbot.addWidget(second)
    second.show()
    second.resize(1500, 900)  # the offscreen screen is smaller than the saved geometry
    assert second.preferences.last_project == str(project_path)
    second.open_project(second.preferences.last_project)
    qtbot.wait(10)
    assert second.workspace.annotate.split.sizes()[0] == 250
    second.preferences.override_user("someone-else")  # layouts are kept per user name
    assert second.preferences.window_state("split-annotate") is None
    second.close()


def test_command_line_opens_the_window(monkeypatch, tmp_path, capsys) -> None:
    import deid_studio.cli.project as cli_project
    import deid_studio.gui.app as app
    from deid_studio.cli import main

    assert main(["--db", str(tmp_path / "x.sqlite")]) == 1  # offscreen: no display
    assert "no display" in capsys.readouterr().err
    opened = []
    monkeypatch.setattr(cli_project, "_has_display", lambda: True)
    monkeypatch.setattr(
        app,
        "run",
        lambda project, user=None, first_model=False: (
            opened.append((project, user, first_model)) or 0
        ),
    )
    db = tmp_path / "demo.sqlite"
    assert main(["--db", str(db), "demo", "--count", "5"]) == 0
    assert main(["--user", "zoe"]) == 0
    # the demo trains its first model as it opens; a project of one's own is left as it is
    assert opened == [(str(db), None, True), (None, "zoe", False)]
    assert main(["--db", str(db), "demo", "--no-window"]) == 0 and len(opened) == 2


def test_no_first_model_without_gold(window) -> None:
    assert not window.train_first_model()
    assert not window.workspace.retrain.running


def test_build_window_opens_the_last_project(qtbot, project_path) -> None:
    from deid_studio.gui.app import build_window
    from deid_studio.gui.preferences import Preferences

    Preferences().add_recent(str(project_path))
    window = build_window(None, user="ann")
    qtbot.addWidget(window)
    assert window.project is not None and window.project.location == str(project_path)
    window.close()
    missing = build_window(None)
    qtbot.addWidget(missing)
    assert missing.project is not None
    missing.close()


def test_create_a_project_from_the_welcome_page(qtbot, tmp_path) -> None:
    from deid_studio.gui.main_window import MainWindow, Welcome
    from deid_studio.gui.preferences import Preferences

    window = MainWindow(Preferences())
    qtbot.addWidget(window)
    assert isinstance(window.centralWidget(), Welcome) and not window.import_action.isEnabled()
    assert window.create_project_at(tmp_path / "new.sqlite", "meddocan")
    assert window.import_action.isEnabled() and "queue 0" in window.queue_label.text()
    assert window.workspace.annotate.session.scheme.name == "meddocan"
    assert window.preferences.recent_projects == [str(tmp_path / "new.sqlite")]
    window.close()


def test_export_files_are_private_unless_the_person_chooses(qtbot, window, tmp_path) -> None:
    dialog = _dialog_with_one_signed_report(qtbot, window, "M")
    assert dialog.readable.currentData() == "me"  # masked exports: private by default

    def export_brat(name: str) -> tuple[int, set[int]]:
        """Export as BRAT to tmp_path/name; the folder's mode and its files' modes."""
        dialog.format.setCurrentText("brat")
        dialog.out.setText(str(tmp_path / name))
        with qtbot.waitSignal(dialog.ended, timeout=20_000):
            dialog.start()
        folder = tmp_path / name
        return folder.stat().st_mode & 0o777, {p.stat().st_mode & 0o777 for p in folder.iterdir()}

    dialog.readable.setCurrentIndex(dialog.readable.findData("group"))
    assert export_brat("masked") == (0o750, {0o640})
    dialog.gold.setChecked(True)  # the gold standard: owner only, whatever was chosen
    assert not dialog.readable.isEnabled() and dialog.readable.currentData() == "me"
    assert export_brat("gold") == (0o700, {0o600})


def test_an_uncaught_error_in_the_window_is_one_line_without_data(
    tmp_path, monkeypatch, capsys
) -> None:
    import sys
    import threading

    from deid_studio.gui.app import install_error_hook

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    install_error_hook()
    try:
        {"Ana": 1}[SECRET_NAME]
    except KeyError as err:
        sys.excepthook(KeyError, err, err.__traceback__)
    line = capsys.readouterr().err
    log = tmp_path / "state" / "deid-studio" / "log" / "errors.log"
    assert line.count("\n") == 1 and "internal error: KeyError" in line and str(log) in line
    assert SECRET_NAME not in line and SECRET_NAME not in log.read_text()
    assert log.stat().st_mode & 0o777 == 0o600


SECRET_NAME = "Juana Pérez de Huelva"


def test_the_first_window_fits_the_screen(qtbot, window) -> None:
    """A screen smaller than the window's first size (offscreen: 800x600) gets a window
    within its free area, or no larger than its contents need; preferences restore later."""
    free = window.screen().availableGeometry()
    needs = window.minimumSizeHint()
    assert window.width() <= max(free.width(), needs.width())
    assert window.height() <= max(free.height(), needs.height())


def test_hovering_a_categorys_bars_names_it_with_its_figures(qtbot, window) -> None:
    """A scheme of many categories slants its labels and may cut them short ("NOMBRE_PERS…"):
    the bars under the mouse say whose they are."""
    from PySide6.QtCore import QEvent, QPoint, QPointF
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QToolTip

    names = [f"CATEGORY_WITH_A_LONG_NAME_{i:02d}" for i in range(20)]
    per_category = {
        n: {"precision": 0.9, "recall": 0.5 + i / 50, "f1": 0.8, "support": 10 + i}
        for i, n in enumerate(names)
    }
    with window.project.engine.begin() as c:
        c.execute(insert(m.ModelVersionRow), [
            {"metrics": {"f1": 0.8, "per_category": per_category}, "training_documents": 20,
             "params": {}},
        ])  # fmt: skip
    window.resize(1400, 900)
    qtbot.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    dashboard = window.workspace.dashboard
    view = dashboard.categories
    qtbot.waitUntil(lambda: view.isVisible() and view.chart().plotArea().width() > 100)
    [axis] = view.chart().axes(Qt.Orientation.Horizontal)
    assert axis.labelsAngle() == -35  # twenty names slant
    [series] = view.chart().series()
    # the recall bar (the second of three) of the seventh category, halfway up
    qtbot.wait(200)  # the page lays out once more after it shows
    inside = view.chart().mapToPosition(QPointF(6.0, 0.3), series)
    at = view.mapFromScene(view.chart().mapToScene(inside))
    QTest.mouseMove(view.viewport(), at - QPoint(0, 100))  # from above the chart
    QTest.mouseMove(view.viewport(), at)
    qtbot.waitUntil(lambda: QToolTip.isVisible() and QToolTip.text() != "")
    assert QToolTip.text().startswith("CATEGORY_WITH_A_LONG_NAME_06: 16 gold spans")
    assert "recall 0.620" in QToolTip.text()
    # the mouse rests: Qt asks the view for its tooltip, and the chart's scene, whose bars
    # have none, would hide the one shown
    rest = QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at))
    QApplication.sendEvent(view.viewport(), rest)
    qtbot.wait(600)  # a tooltip told to hide goes after 300 ms
    assert QToolTip.isVisible()
    assert QToolTip.text().startswith("CATEGORY_WITH_A_LONG_NAME_06: 16 gold spans")
    # away from the bars, the figures go
    QTest.mouseMove(view.viewport(), at - QPoint(0, 100))
    qtbot.waitUntil(lambda: not QToolTip.isVisible())


def test_a_long_status_message_stays_whole_in_the_status_bars_tooltip(qtbot, window) -> None:
    """The retrain's progress keeps its room in the status bar, so a long message is cut at
    the window's usual width; the last message can still be read whole."""
    said = (
        "model version 2 trained on 28 documents, cross-validated F1 0.912; not used: it "
        "catches fewer PHI tokens out of fold (98.46% against 98.64%: 116 missed against "
        "103), though its F1 is higher; re-suggesting"
    )
    window.workspace.message.emit(said)
    bar = window.statusBar()
    assert bar.currentMessage() == said
    assert bar.toolTip() == said
    bar.clearMessage()  # the message times out: the tooltip keeps it
    assert bar.toolTip() == said
    hinted = next(
        a
        for m in window.menuBar().actions()
        for a in m.menu().actions()
        if a.statusTip() and a.isEnabled()
    )
    hinted.showStatusText(window)  # a menu's hint shows in the bar, not in the tooltip
    assert bar.currentMessage() == hinted.statusTip()
    assert bar.toolTip() == said
