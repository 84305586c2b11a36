"""What encrypting the project file (SQLCipher) costs: import, annotation actions, training.

The same work on a plain and on an encrypted project (`init --encrypt`, the passphrase in
DEID_STUDIO_KEY):

- import: `deid-studio import brat meddocan/train --gold` (500 documents, 11,333 gold spans),
  the whole command in a new process, into a fresh project; median of --repeat runs;
- accept: 1,000 "accept suggestion" actions through the service the window calls (each its own
  transaction with its audit events, as a key press does) on MEDDOCAN train imported without
  gold, so that the rules' suggestions wait; total and per-action median and 95th percentile;
- train: `deid-studio train` (default settings: 5-fold cross-validation beside the final model)
  on the gold of the import, the whole command; --train-repeat runs.

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


def imports(folder: Path, encrypted: bool, repeat: int) -> tuple[list[float], Path]:
    train = str(shared("meddocan", "train"))
    times = []
    for i in range(repeat):
        db = fresh(folder, f"import{i}-{encrypted}", encrypted)
        times.append(command(db, "import", "brat", train, "--gold"))
    return times, db


def accepts(folder: Path, encrypted: bool, count: int) -> list[float]:
    """Seconds per accept action, ``count`` of them, in this process."""
    from deid_studio.core.errors import DeidError
    from deid_studio.services.annotating import accept_suggestion, open_for_annotation
    from deid_studio.services.project import open_project

    db = fresh(folder, f"accept-{encrypted}", encrypted)
    command(db, "import", "brat", str(shared("meddocan", "train")))  # suggests with the rules
    times: list[float] = []
    with open_project(db) as project:
        with project.reading() as tx:
            ids = [d.document.id for d in tx.documents()]
        for document_id in ids:
            state = open_for_annotation(project, document_id, actor="bench")
            gone: set[int] = set()
            for suggestion in state.suggestions:
                if len(times) == count:
                    return times
                if suggestion.id in gone:
                    continue  # superseded by an earlier accept
                started = time.perf_counter()
                try:
                    edit = accept_suggestion(project, suggestion.id, actor="bench")
                except DeidError:
                    continue
                times.append(time.perf_counter() - started)
                gone.update(s.id for s in edit.suggestions_removed)
    sys.exit(f"only {len(times)} suggestions to accept; asked for {count}")


def trains(db: Path, repeat: int) -> list[float]:
    return [command(db, "train") for _ in range(repeat)]


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
        results = {}
        for encrypted in (False, True):
            kind = "encrypted" if encrypted else "plain"
            imported, gold_db = imports(folder, encrypted, args.repeat)
            accepted = accepts(folder, encrypted, args.accepts)
            trained = trains(gold_db, args.train_repeat)
            results[kind] = (imported, accepted, trained)
            figures[f"import_s_{kind}"] = round(statistics.median(imported), 2)
            figures[f"accept_total_s_{kind}"] = round(sum(accepted), 2)
            figures[f"accept_median_ms_{kind}"] = round(1000 * statistics.median(accepted), 1)
            figures[f"accept_p95_ms_{kind}"] = round(
                1000 * statistics.quantiles(accepted, n=20)[-1], 1
            )
            figures[f"train_s_{kind}"] = round(statistics.median(trained), 1)
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
