"""GUI latency: opening a long narrative, the accept key, the queue over 20,000 documents, and
the event loop's longest stall while a model retrains and re-suggests.

Runs the real window offscreen (``QT_QPA_PLATFORM=offscreen`` unless a platform is set) on
projects built in a temporary folder; needs no shared data. Targets (issue 5): open a
10,000-character narrative with 150 spans < 100 ms to painted; accept key to repaint < 16 ms;
the queue scrolls without loading all its rows; longest stall during retrain and re-suggest
< 100 ms.

    python benchmarks/gui_latency.py [--repeat 20] [--queue 20000] [--demo 200]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report


def long_narrative(seed: int, length: int = 10_000) -> tuple[str, list[tuple[int, int, str]]]:
    """A ~10,000-character narrative with CRLF line ends, and 150 (start, end, category)."""
    rng = random.Random(seed)
    words = "patient fever rash dose hospital reported after vaccine day onset severe".split()
    names = ["Ana Ruiz", "John Smith", "St Mary", "03/04/2021", "Lyon", "555-0101"]
    parts: list[str] = []
    marks: list[tuple[int, int, str]] = []
    size = 0
    while size < length:
        if len(marks) < 150 and rng.random() < 0.12:
            name = rng.choice(names)
            marks.append((size, size + len(name), "DATE" if "/" in name else "PATIENT"))
            piece = name
        else:
            piece = rng.choice(words)
        piece += "\r\n" if rng.random() < 0.05 else " "
        parts.append(piece)
        size += len(piece)
    return "".join(parts)[:length], marks[:150]


def build_long_project(folder: Path) -> tuple[Path, list[int]]:
    from sqlalchemy import insert

    from deid_studio.core.document import Document, Span
    from deid_studio.services.importing import import_documents
    from deid_studio.services.project import init_project
    from deid_studio.store import models as m

    path = folder / "long.sqlite"
    with init_project(path, scheme="pv", actor="bench") as project:
        ids = []
        for seed in range(2):
            text, marks = long_narrative(seed)
            gold = [Span(s, e, c) for s, e, c in marks[::2]]
            [doc] = import_documents(
                project, [Document(text, tuple(gold), external_id=f"LONG{seed}", language="en")],
                origin="bench", actor="bench", gold=True,
            ).document_ids  # fmt: skip
            ids.append(doc)
            with project.engine.begin() as c:  # the other half as suggestions
                c.execute(
                    insert(m.SuggestionRow),
                    [
                        {"document_id": doc, "start": s, "end": e, "category": cat,
                         "confidence": 0.5 + (i % 50) / 100, "source": "crf"}
                        for i, (s, e, cat) in enumerate(marks[1::2])
                    ],
                )  # fmt: skip
    return path, ids


def painted(app, view) -> None:
    """Run the event loop until the view's decorations are applied and it has painted them."""
    view.flush()
    paints: list[int] = []
    view.repainted.connect(lambda: paints.append(1))
    view.viewport().update()  # a paint is due even when nothing changed
    try:
        while not paints:
            app.processEvents()
    finally:
        view.repainted.disconnect()


def until_painted(app, view, action) -> float:
    """Milliseconds from ``action()`` until the view has painted after applying decorations."""
    events: list[tuple[str, float]] = []
    view.painted.connect(lambda: events.append(("applied", time.perf_counter())))
    view.repainted.connect(lambda: events.append(("painted", time.perf_counter())))

    def done() -> float | None:
        applied = [t for kind, t in events if kind == "applied"]
        if not applied:
            return None
        after = [t for kind, t in events if kind == "painted" and t >= applied[0]]
        return after[0] if after else None

    try:
        started = time.perf_counter()
        action()
        while done() is None:
            app.processEvents()
        return ((done() or started) - started) * 1000
    finally:
        view.painted.disconnect()
        view.repainted.disconnect()


def idle(app, ms: int = 120) -> None:
    """Let deferred panel updates run, as between two key presses of a person."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def bench_open_and_accept(folder: Path, repeat: int) -> dict[str, float]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from deid_studio.gui.app import application
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    app = application()
    path, ids = build_long_project(folder)
    window = MainWindow(Preferences())
    window.resize(1600, 1000)
    window.show()
    window.open_project(path)
    page = window.workspace.annotate
    page.set_preview_visible(False)  # the preview computes on a worker; not part of this figure
    idle(app)
    session, view = page.session, page.view
    opens = []
    for i in range(repeat):
        opens.append(until_painted(app, view, lambda i=i: session.open(ids[i % 2])))
        idle(app)
    spans = len(session.items)
    accepts = []
    view.setFocus()
    for _ in range(min(repeat, 60)):
        session.step(1, from_offset=0)
        if session.current is None or session.current.kind != "suggestion":
            break
        painted(app, view)
        idle(app)
        accepts.append(until_painted(app, view, lambda: QTest.keyClick(view, Qt.Key.Key_Return)))
    window.close()
    return {
        "open_10k_150_spans_ms": round(statistics.median(opens), 1),
        "open_10k_150_spans_ms_max": round(max(opens), 1),
        "spans_shown": spans,
        "accept_key_to_repaint_ms": round(statistics.median(accepts), 1),
        "accept_key_to_repaint_ms_max": round(max(accepts), 1),
        "accepts": len(accepts),
    }


def bench_queue(folder: Path, count: int) -> dict[str, float]:
    from deid_studio.core.document import Document
    from deid_studio.gui.app import application
    from deid_studio.gui.queue_panel import QueuePanel
    from deid_studio.services.importing import import_documents
    from deid_studio.services.project import init_project

    app = application()
    project = init_project(folder / "queue.sqlite", scheme="pv", actor="bench")
    for first in range(0, count, 5_000):
        batch = [
            Document(f"Report {i}: fever and rash after dose {i % 3}.", external_id=f"Q{i}")
            for i in range(first, min(count, first + 5_000))
        ]
        import_documents(project, batch, origin="bench", actor="bench", language="en")
    started = time.perf_counter()
    panel = QueuePanel(project, lambda: "bench")
    panel.resize(500, 800)
    panel.show()
    app.processEvents()
    first_page = (time.perf_counter() - started) * 1000
    fetches = []
    for _ in range(20):
        before = panel.model.rows_loaded
        started = time.perf_counter()
        panel.table.scrollToBottom()
        app.processEvents()
        if panel.model.rows_loaded > before:
            fetches.append((time.perf_counter() - started) * 1000)
    figures = {
        "queue_documents": panel.model.total,
        "queue_rows_loaded_after_20_scrolls": panel.model.rows_loaded,
        "queue_first_page_ms": round(first_page, 1),
        "queue_fetch_page_ms_max": round(max(fetches), 1) if fetches else 0.0,
    }
    panel.close()
    project.close()
    return figures


def bench_retrain(folder: Path, demo: int) -> dict[str, float]:
    from deid_studio.gui.app import application
    from deid_studio.gui.latency import StallMeter
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences
    from deid_studio.services.demo import open_demo

    app = application()
    project, _ = open_demo(folder / "demo.sqlite", count=demo)
    project.close()
    window = MainWindow(Preferences())
    window.resize(1600, 1000)
    window.show()
    window.open_project(folder / "demo.sqlite")
    controller = window.workspace.retrain
    idle(app, 1500)  # the window's first layout and paint are not part of the figure
    done: list[str] = []
    stalls: dict[str, float] = {}
    meter = StallMeter()
    controller.modelChanged.connect(lambda: stalls.setdefault("training", meter.longest_ms))
    controller.suggestionsChanged.connect(lambda: done.append("ok"))
    controller.failed.connect(done.append)
    started = time.perf_counter()
    meter.start()
    controller.retrain(reason="benchmark")
    trained_at = None
    while not done:
        app.processEvents()
        if trained_at is None and "training" in stalls:
            trained_at = time.perf_counter()
            meter.start()  # the re-suggestion separately
        time.sleep(0.001)
    stalls["suggesting"] = meter.stop()
    ended = time.perf_counter()
    window.close()
    if done[0] != "ok":
        sys.exit(f"retraining failed: {done[0]}")
    return {
        "retrain_documents": demo,
        "retrain_s": round((trained_at or ended) - started, 1),
        "resuggest_s": round(ended - (trained_at or ended), 1),
        "stall_during_retrain_ms": round(stalls["training"], 1),
        "stall_during_resuggest_ms": round(stalls["suggesting"], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--queue", type=int, default=20_000)
    parser.add_argument("--demo", type=int, default=200, help="demo narratives to retrain on")
    parser.add_argument("--skip-retrain", action="store_true", help="leave out the retrain")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_CONFIG_HOME"] = str(Path(tmp) / "config")  # fresh preferences
        figures = {
            **bench_open_and_accept(Path(tmp), args.repeat),
            **bench_queue(Path(tmp), args.queue),
        }
        if not args.skip_retrain:
            figures |= bench_retrain(Path(tmp), args.demo)
    rows = [
        ("open 10,000 chars + 150 spans, to painted (median / max)",
         f"{figures['open_10k_150_spans_ms']} / {figures['open_10k_150_spans_ms_max']} ms "
         "(target < 100)"),
        ("accept key to repaint (median / max)",
         f"{figures['accept_key_to_repaint_ms']} / {figures['accept_key_to_repaint_ms_max']} ms "
         "(target < 16)"),
        ("queue: rows loaded after 20 scrolls to the bottom",
         f"{figures['queue_rows_loaded_after_20_scrolls']:,} of {figures['queue_documents']:,}"),
        ("queue: first page / slowest further page",
         f"{figures['queue_first_page_ms']} / {figures['queue_fetch_page_ms_max']} ms"),
    ]  # fmt: skip
    if not args.skip_retrain:
        rows += [
            (f"retrain on the {args.demo}-narrative demo, then re-suggest",
             f"{figures['retrain_s']} s + {figures['resuggest_s']} s"),
            ("longest event-loop stall: retrain / re-suggest",
             f"{figures['stall_during_retrain_ms']} / {figures['stall_during_resuggest_ms']} ms "
             "(target < 100)"),
        ]  # fmt: skip
    report("gui_latency", rows, figures)


if __name__ == "__main__":
    main()
