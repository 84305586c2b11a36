"""Take the README's screenshots: the demo project with the VAERS 2021 narratives imported, a
model trained on the demo's gold, under Xvfb, captured with ImageMagick's ``import``.

    xvfb-run -s "-screen 0 1600x1000x24" python docs/take_screenshots.py [--work DIR]

Builds the project in DIR (a temporary folder by default; reused when it exists), then opens
the window as a person would and captures the whole screen after each step.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deid_studio.store.project import Project

DOCS = Path(__file__).resolve().parent
VAERS = Path(os.environ.get("DEID_SHARED_DATA", DOCS.parents[1] / "shared" / "data")) / "vaers"


def prepare(work: Path) -> Path:
    """The demo project plus VAERS 2021, trained and re-suggested (made once)."""
    from deid_studio.services.demo import open_demo
    from deid_studio.services.importing import import_file
    from deid_studio.services.suggesting import resuggest
    from deid_studio.services.training import train_model

    path = work / "prepared.sqlite"
    ready = work / "ready"
    if ready.exists():
        return path
    project, _ = open_demo(path, count=200, reset=True)
    with project:
        import_file(project, "vaers", VAERS / "2021VAERSDATA.csv", actor="steward")
        for round_ in range(3):  # as a team works: train, annotate a batch, retrain
            started = time.perf_counter()
            result = train_model(project, actor="steward")
            print(f"trained in {time.perf_counter() - started:.0f} s on {result.documents} "
                  f"documents, F1 {result.f1}", flush=True)  # fmt: skip
            resuggest(project)
            if round_ < 2:
                annotate_batch(project, 20)
    ready.touch()
    return path


def annotate_batch(project: Project, count: int) -> None:
    """An annotator works through the head of the demo queue: accepts the confident
    suggestions and submits."""
    from deid_studio.services.annotating import open_for_annotation
    from deid_studio.services.queue import next_document
    from deid_studio.services.submitting import submit

    for _ in range(count):
        found = next_document(project, actor="annotator", statuses=("new",))
        if found is None:
            return
        open_for_annotation(project, found, actor="annotator")
        submit(project, found, actor="annotator", resolve="accept_above", threshold=0.5)


def shoot(name: str) -> None:
    """Capture the whole (virtual) screen into docs/NAME.png."""
    subprocess.run(["import", "-window", "root", str(DOCS / f"{name}.png")], check=True)
    print(f"wrote docs/{name}.png", flush=True)


def settle(app: object, ms: int = 600) -> None:
    """Run the event loop for ``ms`` (QTest.qWait would hold the GIL and starve workers)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/deid-screenshots"))
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    os.environ["XDG_CONFIG_HOME"] = str(args.work / "config")  # fresh preferences
    prepared = prepare(args.work)
    path = args.work / "screenshots.sqlite"  # a fresh copy: each run starts from the same state
    shutil.copyfile(prepared, path)

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from deid_studio.gui.app import application
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    app = application()
    preferences = Preferences()
    preferences.override_user("annotator")
    window = MainWindow(preferences)
    window.setGeometry(0, 0, 1600, 1000)
    window.show()
    window.open_project(path)
    window.activateWindow()  # keyboard shortcuts need the active window
    window.raise_()
    settle(app)
    workspace = window.workspace
    page = workspace.annotate

    # 1. a demo narrative: the queue filtered, the first suggestion accepted by its key
    page.queue.search.setText("DEMO")
    settle(app, 900)
    page.queue.table.selectRow(0)
    page.open_document(page.queue.model.entry(0).document_id)
    settle(app, 300)
    QTest.keyClick(page.view, Qt.Key.Key_Return)
    wait_for(app, page.preview.updated)
    settle(app, 600)
    shoot("main-window-demo")

    # 1b. Ctrl+Enter with suggestions undecided: the submit prompt (then back, by Escape)
    QTest.keyClick(page.view, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    settle(app, 800)
    shoot("submit-prompt")
    if page.prompt is not None:
        page.prompt.reject()
    settle(app, 300)

    # 2. the imported VAERS narratives, the most uncertain first, and why (the queue widened)
    page.queue.search.setText("")
    settle(app, 600)
    sizes = page.split.sizes()
    page.split.setSizes([820, sum(sizes) - 820 - sizes[2], sizes[2]])
    page.queue.table.setColumnWidth(1, 420)
    settle(app, 600)
    shoot("queue-why")
    page.split.setSizes(sizes)
    settle(app, 300)
    page.queue.take_next()
    QTest.keyClick(page.view, Qt.Key.Key_Return)
    wait_for(app, page.preview.updated)
    workspace.retrain.retrain(reason="screenshot")
    settle(app, 12_000)
    shoot("main-window-vaers")
    workspace.retrain.cancel()
    settle(app, 2000)

    # 3. review: a reviewer on a submitted demo narrative, with the model's disagreements
    preferences.override_user("reviewer")
    workspace.setCurrentIndex(1)
    review = workspace.review
    review.queue.search.setText("DEMO")
    settle(app, 600)
    review.queue.table.selectRow(0)
    review.open_document(review.queue.model.entry(0).document_id)
    wait_for(app, review.modelRead)
    settle(app, 1200)
    shoot("review")

    # 4. the quality dashboard
    workspace.setCurrentIndex(2)
    settle(app, 900)
    shoot("dashboard")
    window.close()
    sys.exit(0)


def wait_for(app: object, signal: object, ms: int = 20_000) -> None:
    """Run the event loop until ``signal`` fires (or ``ms`` pass)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    signal.connect(loop.quit)  # type: ignore[attr-defined]
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
    signal.disconnect(loop.quit)  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
