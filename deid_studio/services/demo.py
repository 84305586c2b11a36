"""The demo project: synthetic narratives at every stage of the workflow; and synthetic
reports at scale, written to a file with their gold spans kept aside.

The gold of the demo is the work of named synthetic people, so that whoever runs the demo can
review and sign off at once (four eyes refuses a sign-off by the person who annotated): the
annotators in :data:`DEMO_ANNOTATORS` submitted it, and the reviewer :data:`DEMO_REVIEWER`
signed off most of it. The rest waits in the review queue for you.
"""

from __future__ import annotations

import json
import os
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, replace
from pathlib import Path

from deid_studio.core.document import Document
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Progress, no_progress
from deid_studio.formats.jsonl import jsonl_record
from deid_studio.formats.parquet import ParquetSink
from deid_studio.services.importing import import_documents
from deid_studio.services.paths import data_dir
from deid_studio.services.project import init_project, open_project
from deid_studio.services.reviewing import sign_off
from deid_studio.store.project import Project
from deid_studio.synth import generate, generate_range

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


# -- synthetic reports at scale ----------------------------------------------------------

EXPORT_FORMATS = ("parquet", "jsonl")
BLOCK = 10_000
"""Reports generated per range: ranges share no case and are made in parallel processes."""


@dataclass(frozen=True, slots=True)
class ReportsExport:
    """What ``demo --export-reports`` wrote."""

    reports: int
    characters: int
    out: Path
    gold: Path
    seconds: float


def gold_path(out: Path) -> Path:
    """Where the gold spans of an export of synthetic reports are kept aside."""
    return out.with_name(f"{out.stem}.gold.jsonl")


def export_reports(
    count: int,
    out: Path,
    *,
    seed: int = 0,
    workers: int | None = None,
    progress: Progress = no_progress,
) -> ReportsExport:
    """Write ``count`` synthetic reports to ``out`` (Parquet or JSONL, by its suffix) without
    their spans, and the same reports with their gold spans to :func:`gold_path` (JSONL).

    The reports are made :data:`BLOCK` at a time (see :func:`~deid_studio.synth.generate_range`)
    in ``workers`` processes (default: every core) and written in order as they come, so the
    output is the same whatever the number of processes. Both files appear only when complete;
    an existing ``out`` is refused.
    """
    started = time.perf_counter()
    kind = out.suffix.lower().lstrip(".")
    if kind not in EXPORT_FORMATS:
        raise DeidError(f"{out}: the name must end in .parquet or .jsonl")
    gold = gold_path(out)
    for target in (out, gold):
        if target.exists():
            raise DeidError(f"{target}: already exists; choose another name")
    out.parent.mkdir(parents=True, exist_ok=True)
    staged, staged_gold = (t.with_name(f".{t.name}.partial") for t in (out, gold))
    ranges = [(seed, start, min(start + BLOCK, count)) for start in range(0, count, BLOCK)]
    characters = done = 0
    sink = ParquetSink(staged) if kind == "parquet" else None
    try:
        with (
            ProcessPoolExecutor(workers or os.cpu_count() or 1) as pool,
            staged_gold.open("wb") as gold_file,
            staged.open("wb") if sink is None else nullcontext() as plain,
        ):
            for block in pool.map(_block, ranges):
                bare = [replace(d, spans=()) for d in block]
                if sink is not None:
                    sink.add(bare)
                else:
                    plain.write(_jsonl(bare))
                gold_file.write(_jsonl(block))
                done += len(block)
                characters += sum(len(d.text) for d in block)
                progress(done, count)
        if sink is not None:
            sink.close()
            sink = None
        staged.rename(out)
        staged_gold.rename(gold)
    finally:
        if sink is not None:
            sink.close()
        staged.unlink(missing_ok=True)
        staged_gold.unlink(missing_ok=True)
    return ReportsExport(done, characters, out, gold, time.perf_counter() - started)


def _block(job: tuple[int, int, int]) -> list[Document]:
    return generate_range(*job)


def _jsonl(documents: list[Document]) -> bytes:
    lines = (json.dumps(jsonl_record(d), ensure_ascii=False) for d in documents)
    return "".join(f"{line}\n" for line in lines).encode("utf-8")
