"""Take the README's cold-start screenshot: a new project, the 2,946 VAERS 2021 narratives
imported from the command line, no model trained — the first narrative opened in the window
with the suggestions of the rules alone (model version 0).

    xvfb-run -s "-screen 0 1600x1000x24" python docs/take_cold_start_screenshot.py [--work DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
VAERS = Path(os.environ.get("DEID_SHARED_DATA", DOCS.parents[1] / "shared" / "data")) / "vaers"
CLI = [sys.executable, "-m", "deid_studio"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/deid-cold-start"))
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    os.environ["XDG_CONFIG_HOME"] = str(args.work / "config")  # fresh preferences
    path = args.work / "vaers.sqlite"
    path.unlink(missing_ok=True)
    # as a new user would: init, import (which suggests at once with the rules alone)
    subprocess.run([*CLI, "--db", str(path), "-q", "init"], check=True)
    subprocess.run(
        [*CLI, "--db", str(path), "-q", "import", "vaers", str(VAERS / "2021VAERSDATA.csv")],
        check=True,
    )

    from PySide6.QtCore import QEventLoop, QTimer

    from deid_studio.gui.app import application
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    def settle(ms: int) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    app = application()
    preferences = Preferences()
    preferences.override_user("annotator")
    window = MainWindow(preferences)
    window.setGeometry(0, 0, 1600, 1000)
    window.show()
    window.open_project(path)
    window.activateWindow()
    settle(1500)
    page = window.workspace.annotate
    page.queue.take_next()  # the head of the queue: the narrative the rules flag most
    settle(1500)
    page.open_document(_varied(window.project))  # one with several kinds of PHI, to show them
    settle(1500)
    subprocess.run(["import", "-window", "root", str(DOCS / "cold-start-vaers.png")], check=True)
    print("wrote docs/cold-start-vaers.png", flush=True)
    window.close()
    del app
    sys.exit(0)


def _varied(project: object) -> int:
    """A short narrative whose rule suggestions have the most distinct categories."""
    from deid_studio.services.queue import queue_page
    from deid_studio.services.suggesting import suggestions_for

    best, best_id = (-1, 0), 0
    for entry in queue_page(project, limit=400):  # type: ignore[arg-type]
        found = suggestions_for(project, entry.document_id)  # type: ignore[arg-type]
        kinds = len({s.category for s in found})
        key = (kinds, -len(entry.preview))
        if kinds >= 3 and key > best:
            best, best_id = key, entry.document_id
    return best_id


if __name__ == "__main__":
    main()
