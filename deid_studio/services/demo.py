"""The demo project: synthetic narratives at every stage of the workflow.

The gold of the demo is the work of named synthetic people, so that whoever runs the demo can
review and sign off at once (four eyes refuses a sign-off by the person who annotated): the
annotators in :data:`DEMO_ANNOTATORS` submitted it, and the reviewer :data:`DEMO_REVIEWER`
signed off most of it. The rest waits in the review queue for you.
"""

from __future__ import annotations

import os
from pathlib import Path

from deid_studio.core.progress import Progress, no_progress
from deid_studio.services.importing import import_documents
from deid_studio.services.paths import data_dir
from deid_studio.services.project import init_project, open_project
from deid_studio.services.reviewing import sign_off
from deid_studio.store.project import Project
from deid_studio.synth import generate

DEMO_ACTOR = "demo"
DEMO_ANNOTATORS = ("amira.haddad", "bruno.keller", "chen.li")
"""Synthetic annotators: each submitted a share of the demo's gold."""
DEMO_REVIEWER = "dana.okafor"
"""The synthetic reviewer who signed off the demo's signed-off gold."""
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
    try:
        gold = documents[:submitted]
        for n, annotator in enumerate(DEMO_ANNOTATORS):
            share = gold[n :: len(DEMO_ANNOTATORS)]
            import_documents(project, share, origin=origin, actor=annotator, gold=True)
        import_documents(project, documents[submitted:], origin=origin, actor=actor)
        with project.reading() as tx:
            ids = {s.document.external_id: s.document.id for s in tx.documents()}
        for document in documents[:signed]:
            sign_off(project, ids[document.external_id], actor=DEMO_REVIEWER, comment="checked")
    except BaseException:
        project.close()
        _remove(path)  # a half-made demo would only confuse; the next run starts afresh
        raise
    progress(len(documents), len(documents))
    return project, True


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
