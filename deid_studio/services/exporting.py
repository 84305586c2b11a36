"""Exporting the gold standard (documents with their gold spans) in a standard format."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats import format_named, writer
from deid_studio.services.staging import staged_output
from deid_studio.store.project import Project


@dataclass(frozen=True, slots=True)
class ExportResult:
    """What an export wrote."""

    documents: int
    spans: int
    out: Path
    files: int
    seconds: float
    notes: tuple[str, ...] = ()  # how the writer resolved what the format cannot hold


def export_gold(
    project: Project,
    format_name: str,
    out: Path,
    *,
    actor: str,
    statuses: Sequence[str] | None = None,
    overwrite: bool = False,
    predictions: bool = True,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> ExportResult:
    """Write the project's documents and gold spans to ``out`` in the named format.

    The output appears whole or not at all: it is written beside ``out``, the export is
    audited, and only then is it moved into place, readable by its owner only (the gold
    standard is PHI). An existing ``out`` is refused unless ``overwrite``. A format that
    carries predictions (Label Studio) gets the current model's suggestions for every
    document, unless ``predictions`` is False.
    """
    started = time.perf_counter()
    try:
        write = writer(format_name)
    except ValueError as err:
        raise DeidError(str(err)) from None
    check_target(out, overwrite=overwrite)
    found = format_named(format_name)
    notes: list[str] = []
    extras: dict[str, Any] = {"notes": notes} if found is not None and found.notes else {}
    current = None
    if found is not None and found.predictions and predictions:
        from deid_studio.services._detector import current_detector  # the engine: lazily

        current = current_detector(project)
    with staged_output(out, overwrite=overwrite) as stage, project.transaction(actor) as tx:
        tx.require("steward", "export")
        stored = tx.documents(statuses=statuses)
        if not stored:
            wanted = ", ".join(statuses) if statuses else "any status"
            raise DeidError(f"no documents to export ({wanted}); nothing was written")
        documents = [s.document for s in stored]
        scheme = tx.scheme()
        if current is not None:
            from deid_studio.services._detector import suggest_documents

            extras["predictions"], _ = suggest_documents(
                current.detector, documents, progress=progress, cancelled=cancelled
            )
            extras["model_version"] = current.name
        files = write(
            documents, stage.path, scheme=scheme, progress=progress, cancelled=cancelled, **extras
        )
        check(cancelled)
        tx.audit_many(
            "export_gold",
            ((d.id, None, {"format": format_name, "out": str(out)}) for d in documents),
        )
    return ExportResult(
        documents=len(documents),
        spans=sum(len(d.spans) for d in documents),
        out=out,
        files=len(files),
        seconds=time.perf_counter() - started,
        notes=tuple(notes),
    )


def check_target(out: Path, *, overwrite: bool) -> None:
    """Refuse an existing ``out`` (other than an empty folder) unless ``overwrite``."""
    if out.exists() and not overwrite and not _empty_dir(out):
        raise DeidError(f"{out}: already exists; choose another place or add --overwrite")


def _empty_dir(path: Path) -> bool:
    return path.is_dir() and not any(path.iterdir())
