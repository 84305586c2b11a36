"""A batch run masks with what the window suggests with: the model version in use and what
its training learnt of the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from deid_studio.services._detector import current_detector
from deid_studio.services.batching import batch_model
from deid_studio.services.importing import import_documents
from deid_studio.services.project import init_project, open_project
from deid_studio.services.training import BEST_KIND, FAST_KIND, train_model
from deid_studio.store.project import Project
from deid_studio.synth import generate
from tests.services.conftest import copy_version


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project whose 40 synthetic reports are gold, with one trained model version."""
    db = tmp_path_factory.mktemp("batching") / "project.sqlite"
    with init_project(db, scheme="pv", actor="ann") as project:
        import_documents(project, generate(40, 3), origin="synthetic", actor="ann",
                         gold=True, signed_off=True)  # fmt: skip
        train_model(project, actor="ann", folds=2)
    return db


def suggestions(detector, texts: list[tuple[str, str | None]]) -> list[list]:
    return [list(found.suggestions) for found in detector.detect(texts)]


def test_a_batch_suggests_as_the_window_does(trained: Path) -> None:
    with open_project(trained) as project:
        batch = batch_model(project, actor="ann")
        window = current_detector(project)
    assert batch.model_version == window.version_number
    # what training learnt of the rules is part of it (the stored settings alone lack it)
    assert batch.settings == window.detector.settings
    assert batch.settings.heard_rules and batch.settings.extending_rules
    texts = [(d.text, d.language) for d in generate(12, 11)]
    assert suggestions(batch.detector(), texts) == suggestions(window.detector, texts)


def add_version(project: Project, kind: str, f1: float) -> int:
    """A copy of the newest model version as a ``kind`` version with cross-validated F1
    ``f1``; its id."""
    with project.reading() as tx:
        stored = tx.current_model()
    assert stored is not None
    metrics = {**stored.metrics, "entity": {"strict": {"micro": {"f1": f1}}}}
    return copy_version(project, stored, kind=kind, metrics=metrics, training_documents=40)


def test_a_batch_masks_with_the_best_model_while_it_is_better(tmp_path: Path, trained) -> None:
    db = tmp_path / "copy.sqlite"
    db.write_bytes(trained.read_bytes())
    with open_project(db) as project:
        best = add_version(project, BEST_KIND, 0.99)
        add_version(project, FAST_KIND, 0.50)  # newer, worse in cross-validation
        assert batch_model(project, actor="ann").model_version == best
        assert current_detector(project).version_number == best
        newest = add_version(project, FAST_KIND, 0.995)  # a fast one on more gold does better
        assert batch_model(project, actor="ann").model_version == newest
