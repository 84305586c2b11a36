"""Per-user places: the default project, the demo project, the error log."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "deid-studio"


def data_dir() -> Path:
    """The user's data folder for DeID Studio (``$XDG_DATA_HOME/deid-studio`` on Linux)."""
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def default_project() -> Path:
    """The project used when no ``--db`` is given."""
    return data_dir() / "project.sqlite"


def log_dir() -> Path:
    """Where unexpected errors are logged with their traceback."""
    return Path(platformdirs.user_log_dir(APP, appauthor=False))


def state_dir() -> Path:
    """Where a run leaves notes for the next one (unfinished exports to clean up)."""
    return Path(platformdirs.user_state_dir(APP, appauthor=False))
