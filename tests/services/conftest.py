from __future__ import annotations

from collections.abc import Iterator

import pytest

from deid_studio.services.project import init_project
from deid_studio.store.project import Project


@pytest.fixture
def project(project_target) -> Iterator[Project]:
    """A fresh project with the pv scheme, on SQLite and on PostgreSQL."""
    with init_project(project_target, scheme="pv", actor="ann") as p:
        yield p
