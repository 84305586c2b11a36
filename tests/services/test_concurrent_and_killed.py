"""Two commands at once on one project, and exports killed half-way (issue 17, items 5-6).

Concurrency is made deterministic: the first command is held at a chosen point (inside its
transaction, after it read the project) while the second one runs to the end. A kill is a
real SIGKILL of a child process at a chosen point of an export.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError, InputError
from deid_studio.services.importing import import_documents
from deid_studio.services.masking import export_masked
from deid_studio.services.staging import recover_staged, staging_folder
from deid_studio.store.project import Project, Transaction

NARRATIVE = "Juan García Pérez (NHC 884-221) was seen in Huelva on 12/03/2020."
SPANS = (Span(0, 17, "PATIENT"), Span(23, 30, "ID"), Span(54, 64, "DATE"))


def _documents(n: int = 20) -> list[Document]:
    return [
        Document(f"{NARRATIVE} Report {i}.", SPANS, external_id=f"R{i}", language="en")
        for i in range(n)
    ]


class Held:
    """Holds the thread named ``first`` once, at the point where it is called."""

    def __init__(self) -> None:
        self.reached = threading.Event()
        self.release = threading.Event()

    def __call__(self) -> None:
        if threading.current_thread().name == "first" and not self.reached.is_set():
            self.reached.set()
            assert self.release.wait(30)


def _first(work: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["result"] = work()
        except Exception as err:  # the test inspects it
            outcome["error"] = err

    thread = threading.Thread(target=run, name="first")
    thread.start()
    return thread, outcome


def _audit(project: Project, action: str) -> list[Any]:
    with project.reading() as tx:
        return [e for e in tx.audit_trail() if e.action == action]


def test_two_imports_of_one_file_at_once(project: Project, monkeypatch) -> None:
    held = Held()
    known = Transaction.known_hashes

    def known_then_wait(self: Transaction, hashes: Any) -> Any:
        found = known(self, hashes)
        held()  # the first import has checked for duplicates and not written yet
        return found

    monkeypatch.setattr(Transaction, "known_hashes", known_then_wait)
    documents = _documents()
    thread, outcome = _first(
        lambda: import_documents(project, documents, origin="in.jsonl", actor="ann")
    )
    assert held.reached.wait(30)
    second = import_documents(project, documents, origin="in.jsonl", actor="bob")
    held.release.set()
    thread.join(30)
    assert second.documents == 20
    error = outcome.get("error")
    assert isinstance(error, InputError), outcome
    assert "report R0 (" in str(error) and "is already in the project as document" in str(error)
    for text in ("Juan", "García", "884-221", "Huelva"):
        assert text not in str(error)
    with project.reading() as tx:
        assert sum(tx.status_counts().values()) == 20


def _signed(project: Project) -> None:
    import_documents(
        project, _documents(), origin="in.jsonl", actor="ann", gold=True, signed_off=True
    )


def test_two_masked_exports_at_once_both_succeed(project: Project, tmp_path: Path) -> None:
    _signed(project)
    held = Held()
    thread, outcome = _first(
        lambda: export_masked(
            project, tmp_path / "a.jsonl", "jsonl", actor="ann", progress=lambda d, t: held()
        )
    )
    assert held.reached.wait(30)  # the first has read the project and is masking
    second = export_masked(project, tmp_path / "b.jsonl", "jsonl", actor="bob")
    held.release.set()
    thread.join(60)
    assert "error" not in outcome, outcome
    assert second.documents == outcome["result"].documents == 20
    # the same case keys (date offsets, surrogates) in both
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    assert len(_audit(project, "export_masked")) == 40


def test_a_second_export_to_the_same_place_is_refused_while_the_first_runs(
    project: Project, tmp_path: Path
) -> None:
    _signed(project)
    out = tmp_path / "same.jsonl"
    held = Held()
    thread, outcome = _first(
        lambda: export_masked(project, out, "jsonl", actor="ann", progress=lambda d, t: held())
    )
    assert held.reached.wait(30)
    with pytest.raises(DeidError, match="another export to this place is running"):
        export_masked(project, out, "jsonl", actor="bob")
    held.release.set()
    thread.join(60)
    assert outcome["result"].documents == 20 and out.is_file()
    assert not staging_folder(out).exists()


# -- killed exports ------------------------------------------------------------------------

_KILLED_EXPORT = """
import os, signal, sys
from pathlib import Path
from deid_studio.services import staging
from deid_studio.services.masking import export_masked
from deid_studio.store.project import Project

db, out, where = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
calls = []

def progress(done, total):
    calls.append(done)
    if where == "writing" and len(calls) == total + 3:  # masked all, writing the fourth
        os.kill(os.getpid(), signal.SIGKILL)

def killed(stage, *, overwrite):
    os.kill(os.getpid(), signal.SIGKILL)

if where == "publishing":
    staging._publish = killed  # committed, not yet moved into place
with Project.open(db) as project:
    export_masked(project, out, "brat", actor="ann", progress=progress)
"""


@pytest.mark.parametrize("where", ["writing", "publishing"])
def test_an_export_killed_half_way_leaves_nothing_visible_and_is_cleaned_next_run(
    project: Project, tmp_path: Path, monkeypatch, where: str
) -> None:
    _signed(project)
    state = tmp_path / "state"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    out = tmp_path / "masked"
    db = project.engine.url.render_as_string(hide_password=False)
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(_KILLED_EXPORT), db, str(out), where],
        env={**os.environ, "XDG_STATE_HOME": str(state)},
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == -signal.SIGKILL, done.stderr.decode()
    assert not out.exists()  # nothing half-visible
    staged = staging_folder(out)
    assert staged.is_dir()  # what the killed run left, hidden
    exported = len(_audit(project, "export_masked"))
    with project.reading() as tx:
        statuses = tx.status_counts()
    if where == "writing":  # killed before the commit: nothing recorded
        assert exported == 0 and statuses == {"signed_off": 20}
    else:  # the audit was committed before the output would have appeared
        assert exported == 20 and statuses == {"exported": 20}
    if project.engine.dialect.name == "sqlite":
        with sqlite3.connect(project.engine.url.database) as c:
            assert c.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert recover_staged() == [staged.resolve()]  # the next run removes it
    assert not staged.exists() and not out.exists()
    assert recover_staged() == []
