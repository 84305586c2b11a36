"""Child processes die with their parent, even when it is killed with SIGKILL (issue 17, item 4).

``deid-studio train`` starts a training process, which starts a pool of workers. The command is
started in a session of its own, so that every process it ever made, orphaned or not, can be
found by its session id; after ``kill -9`` of the command none may survive.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from _processes import session_processes, wait_until

from deid_studio.services.importing import import_documents
from deid_studio.services.project import init_project
from deid_studio.synth import generate

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process table from /proc (Linux)"
)


def kill_and_count_survivors(command: list[str], ready, env: dict[str, str]) -> list:
    """Start ``command`` in a new session, wait for ``ready(processes)``, SIGKILL it, and
    return the processes of its session still alive 10 s later (none: the kernel kills a
    bound child with its parent at once; one still starting exits as soon as it notices)."""
    started = subprocess.Popen(
        command,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    try:
        assert wait_until(lambda: ready(session_processes(started.pid)), 120), (
            "the children never started",
            session_processes(started.pid),
        )
        os.kill(started.pid, signal.SIGKILL)
        started.wait(10)
        wait_until(lambda: not session_processes(started.pid), 10)
        return session_processes(started.pid)
    finally:
        for pid, _, _ in session_processes(started.pid):  # never leave any behind
            os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def gold_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("children") / "project.sqlite"
    with init_project(db, scheme="pv", actor="t") as project:
        import_documents(
            project, generate(150, seed=3), origin="synth", actor="t", gold=True, signed_off=True
        )
    return db


def test_training_and_its_workers_die_with_a_killed_command(gold_project: Path) -> None:
    command = [
        sys.executable, "-m", "deid_studio", "--db", str(gold_project), "-q", "train",
        "--algorithm", "lbfgs", "--iterations", "1000", "--cv", "3", "--no-suggest",
    ]  # fmt: skip
    cores = os.cpu_count() or 1

    def training_with_workers(processes: list) -> bool:
        # the command, the training process (and with 2 cores or more its two workers)
        children = [p for p in processes if "multiprocessing.spawn" in p[2]]
        return len(children) >= (3 if cores > 1 else 1)

    survivors = kill_and_count_survivors(command, training_with_workers, dict(os.environ))
    assert survivors == []


_SLOW = """
import time


def work(project, *, progress, cancelled, seconds):
    for second in range(seconds):
        progress(second, seconds)
        time.sleep(1)
"""

_BACKGROUND = """
import sys
from deid_studio.gui.child import call_in_child

call_in_child(
    "slow_service:work", sys.argv[1], {"seconds": 120},
    progress=lambda done, total: print(done, flush=True), cancelled=lambda: False,
)
"""


def test_the_windows_background_process_dies_with_the_window(
    gold_project: Path, tmp_path: Path
) -> None:
    """The window's re-suggestion child (any ``call_in_child``) dies with the window."""
    (tmp_path / "slow_service.py").write_text(textwrap.dedent(_SLOW))
    command = [sys.executable, "-c", textwrap.dedent(_BACKGROUND), str(gold_project)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    seen: list[float] = []

    def child_working(processes: list) -> bool:
        # the child exists; give it time to start working (imports done, project open)
        if any("multiprocessing.spawn" in p[2] for p in processes):
            seen.append(time.monotonic())
        return bool(seen) and time.monotonic() - seen[0] > 3

    assert kill_and_count_survivors(command, child_working, env) == []


def _dead_pid() -> int:
    finished = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(finished.stdout)


@pytest.mark.parametrize(
    ("announcer", "exits"),
    [(_dead_pid, True), (os.getpid, False)],
    ids=["announcer-died-while-starting", "announcer-alive-but-not-the-parent"],
)
def test_a_child_whose_announcer_died_before_it_could_bind_exits_on_import(
    announcer, exits: bool
) -> None:
    """A spawned child orphaned between its start and its binding (the kernel could not kill
    it: it was not bound yet) exits as soon as it imports the package, not seconds later;
    one started through a process in between (a shell) whose announcer lives goes on."""
    env = {**os.environ, "DEID_STUDIO_PARENT_PID": str(announcer())}
    started = subprocess.run(
        ["sh", "-c", f"{sys.executable} -c 'import deid_studio; print(\"went on\")'; true"],
        env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert ("went on" not in started.stdout) is exits
