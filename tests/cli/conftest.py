from __future__ import annotations

from pathlib import Path

import pytest

from deid_studio.cli import main


class Run:
    """Runs the command line in-process and keeps what it printed."""

    def __init__(self, capsys: pytest.CaptureFixture[str], db: Path) -> None:
        self.capsys = capsys
        self.db = db

    def __call__(self, *args: str, db: bool = True) -> tuple[int, str, str]:
        argv = (["--db", str(self.db)] if db else []) + ["--user", "tester", "--quiet", *args]
        code = main(argv)
        out, err = self.capsys.readouterr()
        return code, out, err


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """The command line against a project file in tmp_path; user data also under tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
    return Run(capsys, tmp_path / "project.sqlite")
