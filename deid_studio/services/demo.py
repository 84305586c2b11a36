"""The demo project: synthetic narratives at every stage of the workflow."""

from __future__ import annotations

import os
from pathlib import Path

from deid_studio.core.progress import Progress, no_progress
from deid_studio.services.importing import import_documents
from deid_studio.services.paths import data_dir
from deid_studio.services.project import init_project, open_project
from deid_studio.store.project import Project
from deid_studio.synth import generate

DEMO_ACTOR = "demo"
# Shares of the generated narratives by status: signed-off gold trains the first model,
# submitted gold fills the review queue, the rest waits in the annotation queue.
SIGNED_OFF_SHARE = 0.4
SUBMITTED_SHARE = 0.1


def demo_project_path() -> Path:
    """Where ``deid-studio demo`` keeps its project."""
    return data_dir() / "demo.sqlite"


def open_demo(
    target: str | os.PathLike[str],
    *,
    count: int = 200,
    seed: int = 0,
    reset: bool = False,
    actor: str = DEMO_ACTOR,
    progress: Progress = no_progress,
) -> tuple[Project, bool]:
    """Open the demo project, creating it first when absent (or when ``reset``).

    Returns the project and whether it was created now. Works without ``../shared``: the
    narratives come from the generator in ``deid_studio.synth``.
    """
    path = Path(target)
    if reset:
        _remove(path)
    if path.exists():
        return open_project(path), False
    documents = generate(count, seed)
    progress(0, len(documents))
    signed = round(len(documents) * SIGNED_OFF_SHARE)
    submitted = signed + round(len(documents) * SUBMITTED_SHARE)
    project = init_project(path, scheme="pv", actor=actor)
    origin = f"demo generator (seed {seed})"
    stages = (
        (documents[:signed], {"gold": True, "signed_off": True}),
        (documents[signed:submitted], {"gold": True}),
        (documents[submitted:], {}),
    )
    try:
        for batch, how in stages:
            import_documents(project, batch, origin=origin, actor=actor, **how)
    except BaseException:
        project.close()
        _remove(path)  # a half-made demo would only confuse; the next run starts afresh
        raise
    progress(len(documents), len(documents))
    return project, True


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
