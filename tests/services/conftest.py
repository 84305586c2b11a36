from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from deid_studio.services.project import init_project
from deid_studio.store.project import Project


@pytest.fixture
def project(tmp_path: Path) -> Iterator[Project]:
    """A fresh project with the pv scheme."""
    with init_project(tmp_path / "project.sqlite", scheme="pv", actor="ann") as p:
        yield p
