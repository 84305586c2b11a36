"""Team load: simulated annotators (separate processes, each its own database login) against one
PostgreSQL server — claim, accept, add, change, undo, submit — while a steward retrains once
and two reviewers sign off; then the same with 2 processes on one SQLite file.

Each client logs every action it saw succeed (the service's returned edit) to its own JSONL
file. At the end the gold of every document is rebuilt from the logs alone and compared with
the database: an edit missing from the database is lost, one present twice is duplicated.
Errors are failures the design does not explain; refusals by design (a suggestion replaced
by the retrain meanwhile, a stale version) are counted apart. Prints a table and one JSON
line.

    .venv/bin/python benchmarks/team_load.py                   # 8 annotators, 180 s each run
    .venv/bin/python benchmarks/team_load.py --seconds 30 --annotators 4 --skip-sqlite
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

PASSWORD = "load-test-pw"
HBA = "local all postgres trust\nlocal all all scram-sha-256\n"
DESIGNED = ("no longer exists", "changed meanwhile", "already gold", "changed since")


def start_server(folder: Path):
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp())
    import pgserver

    server = pgserver.get_server(folder, cleanup_mode="stop")
    (folder / "pg_hba.conf").write_text(HBA)
    server.psql("SELECT pg_reload_conf();")
    server.psql("ALTER SYSTEM SET max_connections = 100;")
    return server


@contextmanager
def database(folder: Path, name: str) -> Iterator[Path]:
    """A PostgreSQL server in ``folder``/pg holding an empty database ``name``; its socket
    folder (for :func:`url`). The server stops when the block ends."""
    data = folder / "pg"
    data.mkdir()
    server = start_server(data)
    try:
        server.psql(f"CREATE DATABASE {name};")
        yield data
    finally:
        server.cleanup()


def url(folder: Path, database: str, user: str = "postgres", password: str | None = None) -> str:
    secret = f":{password}" if password else ""
    return f"postgresql+psycopg://{user}{secret}@/{database}?host={quote(str(folder), safe='')}"


def prepare(
    target: str, annotators: list[str], reviewers: list[str], server: bool, documents: int = 1200
) -> None:
    """A project of ``documents`` synthetic narratives: 80 signed-off gold ones (to train on),
    the rest new with suggestions from the rules."""
    from deid_studio.services.importing import import_documents
    from deid_studio.services.project import init_project
    from deid_studio.services.settings import update_settings
    from deid_studio.services.suggesting import resuggest
    from deid_studio.services.team import add_member
    from deid_studio.synth import generate

    narratives = generate(documents, seed=7)
    actor = "" if server else "steward"
    with init_project(target, scheme="pv", actor=actor) as project:
        import_documents(
            project, narratives[:80], origin="gold", actor=actor, gold=True, signed_off=True
        )
        import_documents(project, narratives[80:], origin="new", actor=actor)
        update_settings(project, actor=actor, retrain_every=0)
        resuggest(project, actor=actor)
        if server:
            for name in annotators:
                add_member(project, name, "annotator", password=PASSWORD, actor=actor)
            for name in reviewers:
                add_member(project, name, "reviewer", password=PASSWORD, actor=actor)


# -- the clients ------------------------------------------------------------------------------


def _edit_record(edit) -> dict:
    def spans(items):
        return [[a.start, a.end, a.category] for a in items]

    return {
        "doc": edit.document_id,
        "added": spans(edit.added),
        "removed": spans(edit.removed),
        "updated": [
            [[b.start, b.end, b.category], [a.start, a.end, a.category]] for b, a in edit.updated
        ],
    }


def annotator(
    target: str, actor: str, seconds: float, log: str, seed: int, think: float = 0.0
) -> None:
    """Claim the next document; accept, add, change, undo, submit; log every action."""
    from deid_studio.core.document import Span
    from deid_studio.core.errors import DeidError
    from deid_studio.services import annotating as svc
    from deid_studio.services import submitting
    from deid_studio.services.project import open_project
    from deid_studio.services.queue import next_document

    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    with open_project(target) as project, open(log, "w", encoding="utf-8") as out:

        def record(kind: str, started: float, edit=None, error: str | None = None) -> None:
            entry = {"kind": kind, "ms": (time.perf_counter() - started) * 1000}
            if edit is not None:
                entry |= _edit_record(edit)
            if error is not None:
                entry["error"] = error
                entry["designed"] = any(d in error for d in DESIGNED)
            out.write(json.dumps(entry) + "\n")

        def act(kind: str, call):
            if think:  # a person reads and decides between two keys
                time.sleep(think * rng.uniform(0.5, 1.5))
            started = time.perf_counter()
            try:
                edit = call()
            except DeidError as err:
                record(kind, started, error=str(err))
                return None
            except Exception as err:
                frames = traceback.extract_tb(err.__traceback__)
                where = " <- ".join(f"{f.name}:{f.lineno}" for f in reversed(frames[-4:]))
                record(kind, started, error=f"{err.__class__.__name__}: {err} ({kind} at {where})")
                return None
            record(kind, started, edit=edit if hasattr(edit, "added") else None)
            return edit

        while time.monotonic() < deadline:
            doc = act("claim", lambda: next_document(project, actor=actor))
            if doc is None:
                break
            state = act("open", lambda d=doc: svc.open_for_annotation(project, d, actor=actor))
            if state is None:
                continue
            version = state.info.version
            tokens = svc.TokenIndex(state.info.text)
            last = None
            for _ in range(rng.randint(3, 7)):
                if time.monotonic() >= deadline:
                    break
                choice = rng.random()
                current = svc.load_document(project, doc, actor=actor)
                version = current.info.version
                if choice < 0.35 and current.suggestions:
                    s = rng.choice(current.suggestions)
                    edit = act(
                        "accept",
                        lambda s=s, v=version: svc.accept_suggestion(
                            project, s.id, actor=actor, expected_version=v
                        ),
                    )
                elif choice < 0.6:
                    i = rng.randrange(len(tokens.starts))
                    span = Span(tokens.starts[i], tokens.ends[i], rng.choice(["OTHER", "AGE"]))
                    edit = act(
                        "add",
                        lambda sp=span, v=version, d=doc: svc.add_span(
                            project, d, sp, actor=actor, expected_version=v
                        ),
                    )
                elif choice < 0.8 and current.gold:
                    a = rng.choice(current.gold)
                    category = "PROFESSION" if a.category != "PROFESSION" else "OTHER"
                    edit = act(
                        "change",
                        lambda a=a, c=category, v=version, d=doc: svc.change_span(
                            project,
                            a.id,
                            Span(a.start, a.end, c),
                            actor=actor,
                            expected_version=v,
                            document_id=d,
                        ),
                    )
                elif last is not None:
                    edit = act(
                        "undo",
                        lambda e=last, v=version: svc.revert(
                            project, e, actor=actor, expected_version=v
                        ),
                    )
                    last = None
                    continue
                else:
                    continue
                if edit is not None and not edit.empty:
                    last = edit
            version = svc.load_document(project, doc, actor=actor).info.version
            act(
                "submit",
                lambda v=version, d=doc: submitting.submit(
                    project, d, actor=actor, expected_version=v, resolve="reject_rest"
                ),
            )


def reviewer(target: str, actor: str, seconds: float, log: str) -> None:
    """Take the next submitted document and sign it off."""
    from deid_studio.core.errors import DeidError
    from deid_studio.services.project import open_project
    from deid_studio.services.reviewing import next_for_review, sign_off

    deadline = time.monotonic() + seconds
    with open_project(target) as project, open(log, "w", encoding="utf-8") as out:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                doc = next_for_review(project, actor=actor)
                if doc is None:
                    time.sleep(0.5)
                    continue
                sign_off(project, doc, actor=actor)
                entry = {"kind": "sign_off", "doc": doc}
            except DeidError as err:
                entry = {
                    "kind": "sign_off",
                    "error": str(err),
                    "designed": any(d in str(err) for d in DESIGNED),
                }
            entry["ms"] = (time.perf_counter() - started) * 1000
            out.write(json.dumps(entry) + "\n")


def steward(target: str, actor: str, delay: float, log: str) -> None:
    """One retrain (a quick model) and the re-suggestion that follows it."""
    from deid_studio.detect.crf import CrfParams
    from deid_studio.services.project import open_project
    from deid_studio.services.suggesting import resuggest
    from deid_studio.services.training import train_model

    time.sleep(delay)
    started = time.perf_counter()
    with open_project(target) as project:
        result = train_model(project, actor=actor, params=CrfParams(iterations=3), folds=0)
        suggested = resuggest(project, actor=actor)
    Path(log).write_text(
        json.dumps(
            {
                "kind": "retrain",
                "model_version": result.model_version_id,
                "documents": suggested.documents,
                "seconds": time.perf_counter() - started,
            }
        )
        + "\n"
    )


# -- checking ---------------------------------------------------------------------------------


def expected_gold(logs: list[Path]) -> dict[int, Counter]:
    """Each document's gold rebuilt from the clients' own logs of what they saw saved."""
    gold: dict[int, Counter] = {}
    for log in logs:
        for line in log.read_text().splitlines():
            entry = json.loads(line)
            if "error" in entry or "added" not in entry:
                continue
            spans = gold.setdefault(entry["doc"], Counter())
            for s in entry["removed"]:
                spans[tuple(s)] -= 1
            for before, after in entry["updated"]:
                spans[tuple(before)] -= 1
                spans[tuple(after)] += 1
            for s in entry["added"]:
                spans[tuple(s)] += 1
    return gold


def check(target: str, logs: list[Path]) -> tuple[int, int, int]:
    """(documents checked, edits lost, edits duplicated)."""
    from deid_studio.services.project import open_project

    expected = expected_gold(logs)
    lost = duplicated = 0
    with open_project(target) as project, project.reading() as tx:
        for doc, spans in expected.items():
            actual = Counter((a.start, a.end, a.category) for a in tx.annotations(doc))
            for key in set(spans) | set(actual):
                want = max(spans.get(key, 0), 0)
                have = actual.get(key, 0)
                lost += max(want - have, 0)
                duplicated += max(have - want, 0)
    return len(expected), lost, duplicated


def run(
    think: float,
    retrain: bool,
    label: str,
    target: str,
    annotators: list[str],
    reviewers: list[str],
    seconds: float,
    folder: Path,
    server: bool,
) -> dict:
    prepare(target, annotators, reviewers, server)
    context = multiprocessing.get_context("spawn")
    logs: list[Path] = []

    def login(name: str) -> str:
        return target.replace("postgres@", f"{name}:{PASSWORD}@") if server else target

    processes = []
    for i, name in enumerate(annotators):
        logs.append(folder / f"{label}-{name}.jsonl")
        actor = "" if server else name
        processes.append(
            context.Process(
                target=annotator, args=(login(name), actor, seconds, str(logs[-1]), i, think)
            )
        )
    review_logs = []
    for name in reviewers:
        review_logs.append(folder / f"{label}-{name}.jsonl")
        actor = "" if server else name
        processes.append(
            context.Process(
                target=reviewer, args=(login(name), actor, seconds, str(review_logs[-1]))
            )
        )
    retrain_log = folder / f"{label}-retrain.jsonl"
    if retrain:
        processes.append(
            context.Process(
                target=steward,
                args=(target, "" if server else "steward", seconds / 4, str(retrain_log)),
            )
        )
    started = time.perf_counter()
    for p in processes:
        p.start()
    for p in processes:
        p.join(seconds + 600)
        if p.is_alive():
            p.terminate()
    wall = time.perf_counter() - started
    entries = [
        json.loads(line)
        for log in logs + review_logs
        if log.exists()
        for line in log.read_text().splitlines()
    ]
    edits = [e for e in entries if e["kind"] in ("accept", "add", "change", "undo", "submit")]
    latencies = sorted(e["ms"] for e in entries)
    errors = [e for e in entries if "error" in e and not e.get("designed")]
    designed = [e for e in entries if "error" in e and e.get("designed")]
    documents, lost, duplicated = check(target, logs)
    retrain = json.loads(retrain_log.read_text()) if retrain_log.exists() else {}
    return {
        "run": label,
        "think_s": think,
        "clients": len(annotators),
        "reviewers": len(reviewers),
        "seconds": round(wall, 1),
        "actions": len(entries),
        "edits": len(edits),
        "sign_offs": sum(1 for e in entries if e["kind"] == "sign_off" and "error" not in e),
        "documents_checked": documents,
        "lost": lost,
        "duplicated": duplicated,
        "errors": len(errors),
        "refused_by_design": len(designed),
        "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1], 1) if latencies else None,
        "retrain_seconds": round(retrain.get("seconds", 0.0), 1),
        "p99_ms_by_kind": {
            kind: round(times[max(int(len(times) * 0.99) - 1, 0)], 1)
            for kind in sorted({e["kind"] for e in entries})
            if (times := sorted(e["ms"] for e in entries if e["kind"] == kind))
        },
        "first_errors": [e["error"] for e in errors[:3]],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=180.0)
    parser.add_argument("--annotators", type=int, default=8)
    parser.add_argument(
        "--think",
        type=float,
        default=0.25,
        help="mean seconds an annotator takes between two actions (0: flat out)",
    )
    parser.add_argument("--no-retrain", action="store_true", help="no steward retraining")
    parser.add_argument("--reviewers", type=int, default=2)
    parser.add_argument("--skip-sqlite", action="store_true")
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    results = []
    with tempfile.TemporaryDirectory(prefix="deidload") as tmp:
        folder = Path(tmp)
        if not args.skip_postgres:
            with database(folder, "load") as data:
                names = [f"annotator{i + 1}" for i in range(args.annotators)]
                results.append(
                    run(
                        args.think,
                        not args.no_retrain,
                        "postgresql",
                        url(data, "load"),
                        names,
                        [f"reviewer{i + 1}" for i in range(args.reviewers)],
                        args.seconds,
                        folder,
                        True,
                    )
                )
        if not args.skip_sqlite:
            target = str(folder / "load.sqlite")
            results.append(
                run(
                    args.think,
                    not args.no_retrain,
                    "sqlite",
                    target,
                    ["ann", "bob"],
                    [],
                    args.seconds,
                    folder,
                    False,
                )
            )
    columns = (
        "run",
        "think_s",
        "clients",
        "reviewers",
        "seconds",
        "edits",
        "sign_offs",
        "documents_checked",
        "lost",
        "duplicated",
        "errors",
        "refused_by_design",
        "p50_ms",
        "p99_ms",
        "retrain_seconds",
    )
    print(" | ".join(columns))
    for r in results:
        print(" | ".join(str(r[c]) for c in columns))
        for error in r["first_errors"]:
            print(f"  error: {error}")
    print(json.dumps({"benchmark": "team_load", "machine": "2 cores, shared", "results": results}))
    return 0


if __name__ == "__main__":
    threading.current_thread().name = "main"
    sys.exit(main())
