from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from deid_studio.services.project import init_project
from deid_studio.store.engine import StoredModel
from deid_studio.store.project import Project


@pytest.fixture
def project(project_target) -> Iterator[Project]:
    """A fresh project with the pv scheme, on SQLite and on PostgreSQL."""
    with init_project(project_target, scheme="pv", actor="ann") as p:
        yield p


def copy_version(
    project: Project,
    stored: StoredModel,
    *,
    kind: str,
    metrics: Mapping[str, Any],
    training_documents: int,
) -> int:
    """A copy of the model version ``stored`` as a ``kind`` version with other ``metrics``
    (what decides which model is in use), stored and audited as training does; its id."""
    with project.transaction("ann") as tx:
        version = tx.add_model_version(
            kind=kind,
            params=stored.params,
            training_documents=training_documents,
            training_seconds=1.0,
            metrics=metrics,
            model=stored.model,
        )
        tx.audit("train", after={"model_version": version, "kind": kind})
    return version
