"""The ``cli`` fixture: the command line against a new project, batch runs on two workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from deid_studio.cli import main

WORKERS = "2"


class Run:
    """Runs the command line in-process and keeps what it printed."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.db = db

    def __call__(self, *args: str) -> tuple[int, str, str]:
        code = main(["--db", str(self.db), "--user", "tester", "--quiet", *args])
        out, err = self.capsys.readouterr()
        return code, out, err

    def batch(self, source: Path, out: Path, *options: str) -> tuple[int, str, str]:
        """``batch`` on two local workers."""
        return self(
            "batch", str(source), str(out), "--workers", WORKERS, "--partition-size", "7", *options
        )


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """The command line against a new ``pv`` project (model version 0: the rules alone)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    run = Run(capsys, tmp_path / "project.sqlite")
    assert run("init", "--scheme", "pv")[0] == 0
    return run
