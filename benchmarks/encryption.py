"""What encrypting the project file (SQLCipher) costs: import, annotation actions, training.

The same work on a plain and on an encrypted project (`init --encrypt`, the passphrase in
DEID_STUDIO_KEY):

- import: `deid-studio import brat meddocan/train --gold` (500 documents, 11,333 gold spans),
  the whole command in a new process, into a fresh project; median of --repeat runs;
- accept: 1,000 "accept suggestion" actions through the service the window calls (each its own
  transaction with its audit events, as a key press does) on MEDDOCAN train imported without
  gold, so that the rules' suggestions wait; total and per-action median and 95th percentile;
  one plain and one encrypted action in turn;
- train: `deid-studio train` (default settings: 5-fold cross-validation beside the final model)
  on the gold of the import, the whole command; --train-repeat runs.

The kinds alternate run by run, so that a shared machine's drifting load falls on both.

    python benchmarks/encryption.py [--repeat 3] [--train-repeat 1] [--accepts 1000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

CLI = [sys.executable, "-m", "deid_studio", "--quiet", "--user", "bench"]
KEY = "correct horse battery staple"


def command(db: Path, *args: str) -> float:
    """Run one deid-studio command; its wall time."""
    started = time.perf_counter()
    done = subprocess.run([*CLI, "--db", str(db), *args], capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed: {done.stderr.strip()}")
    return elapsed


def fresh(folder: Path, name: str, encrypted: bool, scheme: str = "meddocan") -> Path:
    db = folder / f"{name}.sqlite"
    command(db, "init", "--scheme", scheme, *(["--encrypt"] if encrypted else []))
    return db


KINDS = (False, True)  # plain, encrypted


def imports(folder: Path, repeat: int) -> tuple[dict[bool, list[float]], dict[bool, Path]]:
    """Import times per kind, the kinds alternating (the load of a shared machine drifts)."""
    train = str(shared("meddocan", "train"))
    times: dict[bool, list[float]] = {kind: [] for kind in KINDS}
    last: dict[bool, Path] = {}
    for i in range(repeat):
        for encrypted in KINDS:
            db = fresh(folder, f"import{i}-{encrypted}", encrypted)
            times[encrypted].append(command(db, "import", "brat", train, "--gold"))
            last[encrypted] = db
    return times, last


def suggestions_to_accept(project) -> Iterator[tuple[int, int]]:
    """(document id, suggestion id) in queue order, each document opened as the window does."""
    from deid_studio.services.annotating import open_for_annotation

    with project.reading() as tx:
        ids = [d.document.id for d in tx.documents()]
    for document_id in ids:
        state = open_for_annotation(project, document_id, actor="bench")
        for suggestion in state.suggestions:
            yield document_id, suggestion.id


def accepts(folder: Path, count: int) -> dict[bool, list[float]]:
    """Seconds per accept action, ``count`` of each kind, alternating plain and encrypted."""
    from deid_studio.core.errors import DeidError
    from deid_studio.services.annotating import accept_suggestion
    from deid_studio.services.project import open_project

    projects, queues, gone = {}, {}, {}
    for encrypted in KINDS:
        db = fresh(folder, f"accept-{encrypted}", encrypted)
        command(db, "import", "brat", str(shared("meddocan", "train")))  # rules suggest
        projects[encrypted] = open_project(db)
        queues[encrypted] = suggestions_to_accept(projects[encrypted])
        gone[encrypted] = set()
    times: dict[bool, list[float]] = {kind: [] for kind in KINDS}
    try:
        while min(len(t) for t in times.values()) < count:
            for encrypted in KINDS:
                for _document_id, suggestion_id in queues[encrypted]:
                    if suggestion_id in gone[encrypted]:
                        continue  # superseded by an earlier accept
                    started = time.perf_counter()
                    try:
                        edit = accept_suggestion(projects[encrypted], suggestion_id, actor="bench")
                    except DeidError:
                        continue
                    times[encrypted].append(time.perf_counter() - started)
                    gone[encrypted].update(s.id for s in edit.suggestions_removed)
                    break
                else:
                    sys.exit(f"only {len(times[encrypted])} suggestions to accept")
    finally:
        for project in projects.values():
            project.close()
    return times


def trains(dbs: dict[bool, Path], repeat: int) -> dict[bool, list[float]]:
    times: dict[bool, list[float]] = {kind: [] for kind in KINDS}
    for _ in range(repeat):
        for encrypted in KINDS:
            times[encrypted].append(command(dbs[encrypted], "train"))
    return times


def overhead(plain: float, encrypted: float) -> str:
    return f"{100 * (encrypted - plain) / plain:+.0f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="imports per kind (median)")
    parser.add_argument("--train-repeat", type=int, default=1, help="trainings per kind")
    parser.add_argument("--accepts", type=int, default=1000)
    args = parser.parse_args()
    os.environ["DEID_STUDIO_KEY"] = KEY
    figures: dict[str, float | int] = {"repeat": args.repeat, "accepts": args.accepts}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        imported, dbs = imports(folder, args.repeat)
        accepted = accepts(folder, args.accepts)
        trained = trains(dbs, args.train_repeat)
    for encrypted in KINDS:
        kind = "encrypted" if encrypted else "plain"
        actions = accepted[encrypted]
        figures[f"import_s_{kind}"] = round(statistics.median(imported[encrypted]), 2)
        figures[f"accept_total_s_{kind}"] = round(sum(actions), 2)
        figures[f"accept_median_ms_{kind}"] = round(1000 * statistics.median(actions), 1)
        figures[f"accept_p95_ms_{kind}"] = round(1000 * statistics.quantiles(actions, n=20)[-1], 1)
        figures[f"train_s_{kind}"] = round(statistics.median(trained[encrypted]), 1)
    for label, key in (
        ("import MEDDOCAN train as gold, median s", "import_s"),
        (f"{args.accepts} accept actions, total s", "accept_total_s"),
        ("one accept action, median ms", "accept_median_ms"),
        ("one accept action, 95th percentile ms", "accept_p95_ms"),
        ("train (default settings), s", "train_s"),
    ):
        plain, encrypted = figures[f"{key}_plain"], figures[f"{key}_encrypted"]
        rows.append((label, f"{plain} -> {encrypted} ({overhead(plain, encrypted)})"))
        figures[f"{key}_overhead_pct"] = round(100 * (encrypted - plain) / plain, 1)
    report("encryption (plain -> encrypted)", rows, figures)


if __name__ == "__main__":
    main()
