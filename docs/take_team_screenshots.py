"""Screenshots of team mode for the README: the adjudication view and the agreement table.

    xvfb-run -s "-screen 0 1600x1000x24" .venv/bin/python docs/take_team_screenshots.py

A project of 40 synthetic narratives; 12 are annotated twice, blind, by two simulated
annotators who each miss, stretch or re-categorise some of the generator's gold spans
(a fixed seed); the window then opens as a third person on the Adjudicate and Quality pages.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
WORK = Path("/tmp/deid-team-screenshots")


def prepare(path: Path) -> None:
    from deid_studio.core.document import Span
    from deid_studio.services.annotating import add_span, open_for_annotation
    from deid_studio.services.double import assign_double
    from deid_studio.services.importing import import_documents
    from deid_studio.services.project import init_project
    from deid_studio.services.submitting import submit
    from deid_studio.synth import generate

    documents = [d for d in generate(60, seed=3) if d.language == "en"][:40]
    with init_project(path, scheme="pv", actor="sofia") as project:
        ids = import_documents(project, documents, origin="synthetic", actor="sofia").document_ids
        chosen = list(ids[:12])
        assign_double(project, ["anna", "ahmed"], actor="sofia", document_ids=chosen)
        rng = random.Random(11)
        swaps = {"PATIENT": "RELATIVE", "PROFESSIONAL": "PATIENT", "ORGANIZATION": "LOCATION"}
        for doc, document in zip(chosen, documents[:12], strict=True):
            for who, care in (("anna", 0.9), ("ahmed", 0.8)):
                open_for_annotation(project, doc, actor=who)
                for s in document.spans:
                    roll = rng.random()
                    if roll > care + 0.05:
                        continue  # missed
                    category = s.category
                    end = s.end
                    if roll > care:
                        category = swaps.get(category, category)
                    elif roll < 0.04 and end < len(document.text) - 2:
                        end = document.text.find(" ", end + 1)
                        end = end if end > 0 else s.end
                    add_span(project, doc, Span(s.start, end, category), actor=who)
                submit(project, doc, actor=who)


def settle(ms: int = 600) -> None:
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def shoot(name: str) -> None:
    subprocess.run(["import", "-window", "root", str(DOCS / f"{name}.png")], check=True)
    print(f"wrote docs/{name}.png", flush=True)


def main() -> None:
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(parents=True)
    os.environ["XDG_CONFIG_HOME"] = str(WORK / "config")
    path = WORK / "team.sqlite"
    prepare(path)

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from deid_studio.gui.app import application
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    application()
    preferences = Preferences()
    preferences.override_user("rene")
    window = MainWindow(preferences)
    window.setGeometry(0, 0, 1600, 1000)
    window.show()
    window.open_project(path)
    window.activateWindow()
    window.raise_()
    settle()
    workspace = window.workspace
    page = workspace.adjudicate
    workspace.setCurrentWidget(page)
    settle()
    page.queue.setCurrentRow(0)
    settle(300)
    QTest.keyClick(page.table, Qt.Key.Key_Right)  # decide the first difference by keyboard
    settle(600)
    shoot("adjudicate")
    workspace.setCurrentWidget(workspace.dashboard)
    settle(900)
    shoot("agreement")
    window.close()
    sys.exit(0)


if __name__ == "__main__":
    main()
