"""The ``cli`` fixture: the command line against a new project, batch runs on two workers."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from deid_studio.cli import main

WORKERS = "2"


class Run:
    """Runs the command line in-process and keeps what it printed."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path, scheduler: str) -> None:
        self.capsys = capsys
        self.db = db
        self.scheduler = scheduler

    def __call__(self, *args: str) -> tuple[int, str, str]:
        code = main(["--db", str(self.db), "--user", "tester", "--quiet", *args])
        out, err = self.capsys.readouterr()
        return code, out, err

    def batch(
        self, source: Path, out: Path, *options: str, local: bool = False
    ) -> tuple[int, str, str]:
        """``batch`` on the tests' two-worker cluster (its own LocalCluster with ``local``)."""
        where = ["--workers", WORKERS] if local else ["--scheduler", self.scheduler]
        return self("batch", str(source), str(out), *where, "--partition-size", "7", *options)


@pytest.fixture(scope="session")
def scheduler() -> Iterator[str]:
    """The address of a two-worker LocalCluster shared by the batch tests."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=int(WORKERS),
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def cli(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    scheduler: str,
) -> Run:
    """The command line against a new ``pv`` project (model version 0: the rules alone)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    run = Run(capsys, tmp_path / "project.sqlite", scheduler)
    assert run("init", "--scheme", "pv")[0] == 0
    return run
