"""Shared fixtures: the shared data folder, a fresh project."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))  # the tests' helper modules
SHARED_DATA = Path(os.environ.get("DEID_SHARED_DATA", ROOT.parent / "shared" / "data"))


@pytest.fixture(autouse=True)
def _own_state_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch) -> None:
    """Notes a run leaves for the next (unfinished exports) and the error log go to a
    temporary folder, never the user's (a test may point XDG_STATE_HOME elsewhere)."""
    if "XDG_STATE_HOME" not in os.environ:
        monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-state"))


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data``; tests that need it skip with a message when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"shared data not found at {SHARED_DATA} (set DEID_SHARED_DATA)")
    return SHARED_DATA


BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def pg_server():
    """A real PostgreSQL server, started once for the whole session (see pgserver_fixture)."""
    from pgserver_fixture import start

    yield from start()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database a store or services test runs on: each such test runs on both."""
    return str(request.param)


@pytest.fixture
def project_target(backend: str, request: pytest.FixtureRequest, tmp_path: Path):
    """Where a fresh project goes: a SQLite file, or a migrated database of the test server
    reached as its superuser (who may act as any of the tests' names)."""
    if backend == "sqlite":
        yield tmp_path / "project.sqlite"
        return
    server = request.getfixturevalue("pg_server")
    name = server.new_database()
    yield server.url(name)
    server.drop_database(name)
