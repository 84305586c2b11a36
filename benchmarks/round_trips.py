"""Round trips per action: how many SQL statements each annotator and reviewer action sends,
on PostgreSQL (a server started from the ``pgserver`` wheel, the actors logged in as
themselves) and on SQLite.

One annotator works through documents as ``team_load.py``'s clients do — claim, open, then
accept a suggestion, add a span, change one, undo the change, submit (a read of the
document, ``load``, before each edit) — and a reviewer takes each submitted document and
signs it off. Every statement the driver executes is counted per action (SQLAlchemy's
``before_cursor_execute``), and on PostgreSQL also what else costs a round trip: the pool's
liveness ping on checkout (when it pings), the driver's ``BEGIN``, the ``COMMIT`` or
``ROLLBACK``. On
SQLite only statements are counted (no network). The figures are the median over the
documents (and the largest). Prints a table and one JSON line.

    .venv/bin/python benchmarks/round_trips.py                 # 12 documents, both databases
    .venv/bin/python benchmarks/round_trips.py --skip-sqlite --documents 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

KINDS = (
    "claim", "open", "load", "accept", "add", "change", "undo", "submit", "next_for_review",
    "sign_off",
)  # fmt: skip


class RoundTrips:
    """Counts what an engine sends, attributed to the action being measured."""

    def __init__(self, engine: Any) -> None:
        from sqlalchemy import event

        self.server = engine.dialect.name == "postgresql"
        self.current: str | None = None
        self.statements: dict[str, list[int]] = defaultdict(list)
        self.trips: dict[str, list[int]] = defaultdict(list)
        self._statements = self._trips = 0
        self.seen: dict[str, list[str]] = defaultdict(list)
        event.listen(engine, "before_cursor_execute", self._statement)
        for name in ("begin", "commit", "rollback"):
            event.listen(engine, name, self._transaction)
        ping = engine.dialect.do_ping

        def counted_ping(dbapi_connection: Any) -> bool:
            self._trips += self.current is not None
            return bool(ping(dbapi_connection))

        engine.dialect.do_ping = counted_ping

    def _statement(self, _conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if self.current is not None:
            self._statements += 1
            self._trips += 1
            self.seen[self.current].append(" ".join(statement.split())[:110])

    def _transaction(self, *_args: Any) -> None:
        if self.current is not None:
            self._trips += 1

    def measure(self, kind: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``call(*args, **kwargs)``, counting what it sends as one ``kind`` action."""
        self.current, self._statements, self._trips = kind, 0, 0
        self.seen[kind].clear()
        try:
            return call(*args, **kwargs)
        finally:
            self.statements[kind].append(self._statements)
            self.trips[kind].append(self._trips)
            self.current = None


def work(annotator: RoundTrips, reviewer: RoundTrips, projects: tuple, actors: tuple,
         documents: int) -> None:  # fmt: skip
    """An annotator's session over ``documents`` documents, each then signed off."""
    from deid_studio.core.document import Span
    from deid_studio.services import annotating as svc
    from deid_studio.services import submitting
    from deid_studio.services.queue import next_document
    from deid_studio.services.reviewing import next_for_review, sign_off

    project, review_project = projects
    actor, review_actor = actors
    m, r = annotator.measure, reviewer.measure
    for _ in range(documents):
        doc = m("claim", next_document, project, actor=actor)
        assert doc is not None, "the queue ran dry"
        state = m("open", svc.open_for_annotation, project, doc, actor=actor)
        tokens = svc.TokenIndex(state.info.text)
        state = m("load", svc.load_document, project, doc, actor=actor)
        if state.suggestions:
            s, v = state.suggestions[0], state.info.version
            m("accept", svc.accept_suggestion, project, s.id, actor=actor, expected_version=v)
            state = m("load", svc.load_document, project, doc, actor=actor)
        taken = {(a.start, a.end) for a in state.gold} | {
            (x.start, x.end) for x in state.suggestions
        }
        free = next(
            i for i in range(len(tokens.starts)) if (tokens.starts[i], tokens.ends[i]) not in taken
        )
        span = Span(tokens.starts[free], tokens.ends[free], "OTHER")
        v = state.info.version
        m("add", svc.add_span, project, doc, span, actor=actor, expected_version=v)
        state = m("load", svc.load_document, project, doc, actor=actor)
        a = state.gold[0]
        changed = Span(a.start, a.end, "PROFESSION" if a.category != "PROFESSION" else "OTHER")
        v = state.info.version
        edit = m(
            "change", svc.change_span, project, a.id, changed, actor=actor, expected_version=v,
            document_id=doc,
        )  # fmt: skip
        state = m("load", svc.load_document, project, doc, actor=actor)
        v = state.info.version
        m("undo", svc.revert, project, edit, actor=actor, expected_version=v)
        state = m("load", svc.load_document, project, doc, actor=actor)
        v = state.info.version
        m(
            "submit", submitting.submit, project, doc, actor=actor, expected_version=v,
            resolve="reject_rest",
        )  # fmt: skip
        found = r("next_for_review", next_for_review, review_project, actor=review_actor)
        assert found == doc, f"the reviewer took {found}, not {doc}"
        r("sign_off", sign_off, review_project, doc, actor=review_actor)


def measure(target: str, server: bool, documents: int, login: Callable[[str], str]) -> dict:
    """Counts per action kind on one database."""
    from deid_studio.services.project import open_project

    sys.path.insert(0, str(Path(__file__).parent))
    from team_load import prepare

    prepare(target, ["annotator1"], ["reviewer1"], server, documents=80 + documents * 2)
    actors = ("", "") if server else ("annotator1", "reviewer1")
    with (
        open_project(login("annotator1")) as project,
        open_project(login("reviewer1")) as review_project,
    ):
        annotator = RoundTrips(project.engine)
        reviewer = RoundTrips(review_project.engine)
        work(annotator, reviewer, (project, review_project), actors, documents)
    result: dict[str, dict[str, Any]] = {}
    for kind in KINDS:
        counter = reviewer if kind in ("next_for_review", "sign_off") else annotator
        statements, trips = counter.statements.get(kind), counter.trips.get(kind)
        if not statements or not trips:
            continue
        result[kind] = {
            "statements": statistics.median(statements),
            "statements_max": max(statements),
            "round_trips": statistics.median(trips) if server else None,
            "round_trips_max": max(trips) if server else None,
            "example": counter.seen[kind],
        }
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=12)
    parser.add_argument("--skip-sqlite", action="store_true")
    parser.add_argument("--skip-postgres", action="store_true")
    parser.add_argument(
        "--show", metavar="KIND", action="append", default=[],
        help="print the statements of the last action of this kind (repeatable)",
    )  # fmt: skip
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.path.insert(0, str(Path(__file__).parent))
    from team_load import PASSWORD, database, url

    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="deidtrips") as tmp:
        folder = Path(tmp)
        if not args.skip_postgres:
            with database(folder, "trips") as data:
                results["postgresql"] = measure(
                    url(data, "trips"),
                    True,
                    args.documents,
                    lambda name: url(data, "trips", name, PASSWORD),
                )
        if not args.skip_sqlite:
            target = str(folder / "trips.sqlite")
            results["sqlite"] = measure(target, False, args.documents, lambda _name: target)
    print("action | PostgreSQL statements | PostgreSQL round trips | SQLite statements")
    for kind in KINDS:
        pg, lite = results.get("postgresql", {}).get(kind), results.get("sqlite", {}).get(kind)
        cells = [
            f"{pg['statements']:g} (≤{pg['statements_max']})" if pg else "-",
            f"{pg['round_trips']:g} (≤{pg['round_trips_max']})" if pg else "-",
            f"{lite['statements']:g} (≤{lite['statements_max']})" if lite else "-",
        ]
        print(f"{kind} | " + " | ".join(cells))
    for kind in args.show:
        for name, per_kind in results.items():
            print(f"\n{name}, {kind}:")
            for line in per_kind.get(kind, {}).get("example", []):
                print(f"  {line}")
    for per_kind in results.values():
        for entry in per_kind.values():
            entry.pop("example")
    print(json.dumps({"benchmark": "round_trips", "documents": args.documents, **results}))
    return 0


if __name__ == "__main__":
    threading.current_thread().name = "main"
    sys.exit(main())
