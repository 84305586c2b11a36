"""kill -9 at many points of import, train and export: what is left behind?

Each operation runs as the command a user types (`deid-studio import`, `train`, `export
--masked`, `export` of the gold), in a session of its own, on a fresh copy of one project of
synthetic gold narratives. A reference run measures how long it takes and what it produces;
then the command is started again and killed with SIGKILL at evenly spread moments of that
time. After each kill the harness checks:

- survivors: no process of the command's session is alive 3 s after the kill;
- integrity: `PRAGMA integrity_check` is ok and no foreign key is broken;
- all or nothing: the import stored every document or none (with as many audit events), a
  training stored one model version with its audit event or nothing, an export's output is
  either absent or identical to the reference run's — never partial — and an output in place
  is always audited (the audit is committed before the output appears);
- recovery: the next command (`status`) removes what a killed export left in its hidden
  staging folder, and the output stays as it was.

    python benchmarks/kill_harness.py [--points 10] [--documents 120] [--ops import,train,...]

Prints a table per operation and one JSON line; exits 1 when any check failed.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report
from _processes import session_processes, wait_until

from deid_studio.formats import writer
from deid_studio.services.importing import import_documents
from deid_studio.services.project import init_project
from deid_studio.services.staging import staging_folder
from deid_studio.synth import generate

CLI = [sys.executable, "-m", "deid_studio", "--quiet"]
OPS = ("import", "train", "export-masked", "export-gold")


@dataclass
class Run:
    """One run of an operation: its project and output, whether it was killed, the processes
    left 3 s after, when its work began and when it ended (seconds from its start)."""

    db: Path
    out: Path
    killed: bool
    left: list
    work: float | None
    end: float


@dataclass
class Tally:
    """What the kills of one operation left."""

    points: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    survivors: int = 0
    failures: list[str] = field(default_factory=list)
    reference_seconds: float = 0.0


class Harness:
    """A base project and the inputs of every operation, in a temporary folder."""

    def __init__(self, folder: Path, documents: int) -> None:
        self.folder = folder
        self.env = {
            **os.environ,
            "XDG_STATE_HOME": str(folder / "state"),
            "XDG_DATA_HOME": str(folder / "data"),
        }
        self.base = folder / "base.sqlite"
        gold = generate(documents, seed=17)
        with init_project(self.base, scheme="pv", actor="harness") as project:
            import_documents(
                project, gold, origin="synth", actor="harness", gold=True, signed_off=True
            )
        with sqlite3.connect(self.base) as c:
            c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.source = folder / "new.jsonl"
        fresh = [d.with_spans(()) for d in generate(documents * 5, seed=18)]
        writer("jsonl")([d for d in fresh if d.text], self.source)

    def command(self, op: str, db: Path, out: Path) -> list[str]:
        base = [*CLI, "--db", str(db)]
        return {
            "import": [*base, "import", "jsonl", str(self.source)],
            "train": [*base, "train", "--no-suggest"],
            "export-masked": [*base, "export", str(out), "--masked", "--format", "brat"],
            "export-gold": [*base, "export", str(out), "--format", "brat"],
        }[op]

    def fresh_copy(self, name: str) -> tuple[Path, Path]:
        place = self.folder / name
        place.mkdir()
        db = place / "project.sqlite"
        shutil.copyfile(self.base, db)
        return db, place / "out"

    def started(self, op: str, pid: int, db: Path, out: Path) -> bool:
        """Whether the operation's real work has begun (after the interpreter's start-up):
        an export's staging folder exists, training has a child process, an import writes."""
        if op.startswith("export"):
            return staging_folder(out).exists()
        if op == "train":
            return any("multiprocessing" in p[2] for p in session_processes(pid))
        wal = db.with_name(db.name + "-wal")
        return wal.exists() and wal.stat().st_size > 0

    def run(self, op: str, name: str, kill: tuple[str, float] | None) -> Run:
        """Run ``op`` on a fresh copy; with ``kill`` = (``"start"`` or ``"work"``, seconds),
        SIGKILL it that long after it started or after its work began."""
        db, out = self.fresh_copy(name)
        begun = time.perf_counter()
        process = subprocess.Popen(
            self.command(op, db, out),
            env=self.env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        work: float | None = None
        deadline = None if kill is None else (kill[1] if kill[0] == "start" else None)
        while process.poll() is None:
            now = time.perf_counter() - begun
            if work is None and self.started(op, process.pid, db, out):
                work = now
                if kill is not None and kill[0] == "work":
                    deadline = now + kill[1]
            if deadline is not None and now >= deadline:
                os.kill(process.pid, signal.SIGKILL)
                break
            time.sleep(0.01)
        killed = process.poll() is None or process.wait() == -signal.SIGKILL
        code = process.wait()
        end = time.perf_counter() - begun
        if kill is None and code != 0:
            sys.exit(f"{op} failed without a kill: {process.stderr.read().decode().strip()}")
        process.stderr.close()
        wait_until(lambda: not session_processes(process.pid), 3.0)
        left = session_processes(process.pid)
        for pid, _, _ in left:  # report them, but never leave them running
            os.kill(pid, signal.SIGKILL)
        return Run(db, out, killed, left, work, end)

    def next_run(self, db: Path) -> None:
        subprocess.run([*CLI, "--db", str(db), "status"], env=self.env, capture_output=True)


def counts(db: Path) -> dict[str, int]:
    """Rows that tell what an operation did."""
    with sqlite3.connect(db) as c:
        one = lambda sql: int(c.execute(sql).fetchone()[0])  # noqa: E731
        return {
            "documents": one("SELECT count(*) FROM documents"),
            "imports": one("SELECT count(*) FROM audit_events WHERE action = 'import'"),
            "models": one("SELECT count(*) FROM model_versions"),
            "trainings": one("SELECT count(*) FROM audit_events WHERE action = 'train'"),
            "masked": one("SELECT count(*) FROM audit_events WHERE action = 'export_masked'"),
            "gold": one("SELECT count(*) FROM audit_events WHERE action = 'export_gold'"),
            "exported": one("SELECT count(*) FROM documents WHERE status = 'exported'"),
        }


def integrity(db: Path) -> list[str]:
    with sqlite3.connect(db) as c:
        problems = [r[0] for r in c.execute("PRAGMA integrity_check") if r[0] != "ok"]
        problems += [f"foreign key {r}" for r in c.execute("PRAGMA foreign_key_check")]
    return problems


def same_tree(a: Path, b: Path) -> bool:
    if a.is_file() or b.is_file():
        return a.is_file() and b.is_file() and filecmp.cmp(a, b, shallow=False)
    compared = filecmp.dircmp(a, b)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, compared.common_files, shallow=False)
    return (
        not mismatch and not errors and all(same_tree(a / d, b / d) for d in compared.common_dirs)
    )


def judge(
    op: str,
    counted: tuple[dict[str, int], dict[str, int], dict[str, int]],
    out: Path,
    reference: Path,
) -> tuple[str, list[str]]:
    """The outcome of one kill and what was wrong with it; ``counted`` holds the counts of
    the base project, of the reference run's and of the killed run's."""
    base, expected, after = counted
    problems = []
    if op == "import":
        added = after["documents"] - base["documents"]
        if after["documents"] not in (base["documents"], expected["documents"]):
            problems.append(f"{added} documents added: neither none nor all")
        if after["imports"] - base["imports"] != added:
            problems.append(f"{added} documents but {after['imports']} import events")
        return ("complete" if added else "nothing"), problems
    if op == "train":
        models = after["models"] - base["models"]
        if models != after["trainings"] - base["trainings"] or models not in (0, 1):
            problems.append(f"{models} model versions, {after['trainings']} train events")
        return ("complete" if models else "nothing"), problems
    audited = after["masked" if op == "export-masked" else "gold"] > 0
    visible = out.exists()
    if visible and not same_tree(out, reference):
        problems.append("the output in place differs from the reference run's (partial?)")
    if visible and not audited:
        problems.append("an output in place without its audit events")
    if op == "export-masked" and audited != (after["exported"] > 0):
        problems.append("the audit and the documents' status disagree")
    staged = staging_folder(out)
    outcome = "complete" if visible else "audited, not moved into place" if audited else "nothing"
    return outcome + (" (staging left)" if staged.exists() else ""), problems


def run_op(harness: Harness, op: str, points: int) -> Tally:
    """Half the kills at moments spread over the whole run, half over its work only (the
    interpreter's start-up takes most of a short command's time)."""
    tally = Tally(points=points)
    reference = harness.run(op, f"{op}-reference", None)
    tally.reference_seconds = reference.end
    work = reference.work if reference.work is not None else 0.0
    base = counts(harness.base)
    expected = counts(reference.db)
    for n in range(points):
        fraction = (n // 2 + 0.5) / ((points + 1) // 2)
        kill = (
            ("start", reference.end * fraction)
            if n % 2 == 0
            else ("work", (reference.end - work) * fraction)
        )
        done = harness.run(op, f"{op}-{n}", kill)
        where = f"{op} killed {kill[1]:.2f} s after its {kill[0]}"
        tally.survivors += len(done.left)
        if done.left:
            tally.failures.append(f"{where}: {len(done.left)} processes survived: {done.left}")
        tally.failures += [f"{where}: {p}" for p in integrity(done.db)]
        outcome, problems = judge(op, (base, expected, counts(done.db)), done.out, reference.out)
        tally.failures += [f"{where}: {p}" for p in problems]
        tally.outcomes[outcome if done.killed else "finished before the kill"] += 1
        if op.startswith("export"):
            before_next = done.out.exists()
            harness.next_run(done.db)
            if staging_folder(done.out).exists():
                tally.failures.append(f"{where}: the next run left the staging folder")
            if done.out.exists() != before_next:
                tally.failures.append(f"{where}: the next run changed the output")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=10, help="kill points per operation")
    parser.add_argument("--documents", type=int, default=120, help="gold documents")
    parser.add_argument("--ops", default=",".join(OPS), help=f"some of {','.join(OPS)}")
    args = parser.parse_args()
    if not Path("/proc/self/stat").exists():
        sys.exit("the kill harness reads the process table from /proc (Linux)")
    ops = [o for o in args.ops.split(",") if o]
    unknown = sorted(set(ops) - set(OPS))
    if unknown:
        sys.exit(f"unknown operations: {', '.join(unknown)}")
    tallies: dict[str, Tally] = {}
    with tempfile.TemporaryDirectory(prefix="deid-kill-") as tmp:
        harness = Harness(Path(tmp), args.documents)
        for op in ops:
            tallies[op] = run_op(harness, op, args.points)
    rows = []
    for op, t in tallies.items():
        outcomes = ", ".join(f"{n} {what}" for what, n in sorted(t.outcomes.items()))
        rows.append((op, f"{t.points} kills over {t.reference_seconds:.1f} s: {outcomes}"))
        rows.append(("", f"survivors {t.survivors}, failed checks {len(t.failures)}"))
    failures = [f for t in tallies.values() for f in t.failures]
    report(
        "kill -9 harness",
        rows,
        {
            "documents": args.documents,
            "kill_points": sum(t.points for t in tallies.values()),
            "survivors": sum(t.survivors for t in tallies.values()),
            "failed_checks": len(failures),
            "operations": {
                op: {
                    "points": t.points,
                    "seconds": round(t.reference_seconds, 2),
                    "outcomes": dict(t.outcomes),
                    "survivors": t.survivors,
                    "failed_checks": len(t.failures),
                }
                for op, t in tallies.items()
            },
        },
    )
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
