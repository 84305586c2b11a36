"""Kill -9 the client or a worker of a batch run: ``--resume`` (or Dask itself, for a worker)
finishes the missing partitions only, and the output is byte for byte an uninterrupted run's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from batchhelp import synthetic, tree, write_jsonl

PARTITIONS = 75
SIZE = "4"


def _start(db: Path, source: Path, out: Path, *options: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "deid_studio", "--db", str(db), "--quiet", "batch",
               str(source), str(out), "--partition-size", SIZE, *options]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _records(out: Path) -> int:
    return len(list((out / ".batch").glob("part-*.json")))


def _wait_for_records(process: subprocess.Popen[bytes], out: Path, at_least: int) -> None:
    deadline = time.monotonic() + 120
    while _records(out) < at_least:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the run never got going"
        time.sleep(0.005)


@pytest.fixture
def reference(cli, tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """300 synthetic reports and the output of an uninterrupted run on them."""
    source = write_jsonl(synthetic(300), tmp_path / "reports.jsonl")
    code, _, err = cli.batch(source, tmp_path / "reference", "--partition-size", SIZE)
    assert code == 0, err
    files = tree(tmp_path / "reference")
    assert sum(name.startswith("part-") for name in files) == PARTITIONS
    return source, files


def test_kill_the_client_then_resume(cli, tmp_path: Path, reference) -> None:
    source, expected = reference
    out = tmp_path / "out"
    process = _start(cli.db, source, out, "--workers", "2")
    _wait_for_records(process, out, 5)
    family = psutil.Process(process.pid).children(recursive=True)
    process.send_signal(signal.SIGKILL)  # the client dies; so does its machine's cluster
    for child in family:
        child.kill() if child.is_running() else None
    process.wait()
    done = _records(out)
    assert 0 < done < PARTITIONS and not (out / "manifest.json").exists()

    code, _, err = cli.batch(source, out)  # without --resume: refused, nothing touched
    assert code == 1 and "add --resume" in err and _records(out) == done
    code, printed, err = cli.batch(source, out, "--partition-size", SIZE, "--resume")
    assert code == 0, err
    assert f"({done} were already done)" in printed
    assert tree(out) == expected


def test_kill_a_worker_and_the_run_finishes_the_same(cli, tmp_path: Path, reference) -> None:
    source, expected = reference
    out = tmp_path / "out"
    process = _start(cli.db, source, out, "--workers", "2")
    _wait_for_records(process, out, 3)
    workers = [
        p for p in psutil.Process(process.pid).children() if "spawn_main" in " ".join(p.cmdline())
    ]
    assert len(workers) == 2
    os.kill(workers[0].pid, signal.SIGKILL)
    assert _records(out) < PARTITIONS
    printed, err = process.communicate(timeout=300)
    assert process.returncode == 0, err.decode()
    assert b"masked 300 of 300 reports" in printed
    assert tree(out) == expected


def test_resume_with_other_settings_is_refused(cli, tmp_path: Path) -> None:
    source = write_jsonl(synthetic(10), tmp_path / "reports.jsonl")
    out = tmp_path / "out"
    assert cli.batch(source, out)[0] == 0
    before = tree(out)
    code, printed, err = cli.batch(source, out, "--resume")
    assert code == 0 and "(2 were already done)" in printed  # nothing left to do
    assert tree(out) == before
    code, _, err = cli.batch(source, out, "--resume", "--preset", "redact")
    assert code == 1 and "started with other settings (policy" in err
    assert err.count("\n") == 1 and tree(out) == before
