"""GUI fixtures: isolated QSettings per test, a project with narratives and suggestions, the
main window on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import insert

from deid_studio.core.document import Document
from deid_studio.services.importing import import_documents
from deid_studio.services.project import init_project
from deid_studio.store import models as m
from deid_studio.store.project import Project

pytestmark = pytest.mark.gui

NARRATIVES = [
    "Patient Ashlee Robertson, 45, was seen at St Mary Hospital on 03/04/2021 by Dr Jones.\r\n"
    "She developed a rash after the second dose.",
    "Report from Dr Alan Smith (phone 555-0101): the patient, aged 67, collapsed on 12 May 2021.",
    "The 😀 patient Joan Baker had a fever on 2021-06-01 in Lyon.",
]


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own QSettings folder and user data folder."""
    from PySide6.QtCore import QSettings

    folder = tmp_path / "qsettings"
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    monkeypatch.setenv("DEID_STUDIO_USER", "ann")
    return folder


def suggest(project: Project, document_id: int, text: str, *found: tuple[str, str, float]) -> None:
    """Insert suggestion rows for the first occurrence of each (words, category, confidence)."""
    rows = []
    for words, category, confidence in found:
        start = text.index(words)
        rows.append(
            {
                "document_id": document_id,
                "start": start,
                "end": start + len(words),
                "category": category,
                "confidence": confidence,
                "source": "rule" if category == "DATE" else "crf",
            }
        )
    with project.engine.begin() as connection:
        connection.execute(insert(m.SuggestionRow), rows)


@pytest.fixture
def project_path(tmp_path: Path) -> Iterator[Path]:
    """A project with three narratives (CRLF, emoji) and suggestions on them."""
    path = tmp_path / "project.sqlite"
    with init_project(path, scheme="pv", actor="steward") as project:
        documents = [Document(t, external_id=f"R{i + 1}") for i, t in enumerate(NARRATIVES)]
        ids = import_documents(project, documents, origin="test", actor="steward").document_ids
        suggest(
            project, ids[0], NARRATIVES[0],
            ("Ashlee", "PATIENT", 0.62), ("03/04/2021", "DATE", 1.0),
            ("St Mary Hospital", "ORGANIZATION", 0.93), ("45", "AGE", 0.55),
        )  # fmt: skip
        suggest(project, ids[1], NARRATIVES[1], ("Alan Smith", "PROFESSIONAL", 0.97))
        suggest(project, ids[2], NARRATIVES[2], ("Joan Baker", "PATIENT", 0.91))
        with project.engine.begin() as connection:  # R1 first in the queue
            connection.execute(
                insert(m.DocumentScoreRow),
                [
                    {"document_id": d, "score": s, "details": {}}
                    for d, s in zip(ids, (0.9, 0.5, 0.1), strict=True)
                ],
            )
    yield path


@pytest.fixture
def window(qtbot, project_path: Path):
    """The main window on the test project, as user ``ann``."""
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    win = MainWindow(Preferences())
    qtbot.addWidget(win)
    assert win.open_project(project_path)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close_project()


def gold_rows(path: Path, external_id: str) -> list[tuple[int, int, str, str, str]]:
    """(start, end, category, origin, author) of a document's gold, read straight from the file."""
    import sqlite3

    with sqlite3.connect(path) as c:
        return c.execute(
            'SELECT a.start, a."end", a.category, a.origin, a.author FROM annotations a '
            "JOIN documents d ON d.id = a.document_id WHERE d.external_id = ? ORDER BY a.start",
            (external_id,),
        ).fetchall()


def status_of(path: Path, external_id: str) -> str:
    import sqlite3

    with sqlite3.connect(path) as c:
        return c.execute(
            "SELECT status FROM documents WHERE external_id = ?", (external_id,)
        ).fetchone()[0]


def submit_by_keys(qtbot, page, answer=None) -> None:
    """Ctrl+Enter in the narrative; when the submit prompt opens (suggestions undecided),
    answer it with a key: ``Qt.Key.Key_A`` (accept above), ``Key_R`` (reject the rest) or
    ``Key_Escape`` (go back)."""
    from PySide6.QtCore import Qt

    qtbot.keyClick(page.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    prompt = page.prompt
    if prompt is not None:
        assert answer is not None, "the submit prompt opened: undecided suggestions"
        wait_active(qtbot, prompt)
        qtbot.keyClick(prompt.focusWidget() or prompt, answer)
        wait_active(qtbot, page.window())  # back in the window, as after any dialog


def wait_active(qtbot, dialog) -> None:
    """Wait until a dialog that just opened is the active window (so that keys go to it)."""
    from PySide6.QtWidgets import QApplication

    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=2_000)
