"""Batch de-identification of files with the current model: predictions in a gold format.

``tag brat in/ out/`` reads every narrative of ``in/`` (any readable format), finds its PHI
with the project's newest model version (and the rules), and writes the narratives with the
predicted spans as gold (BRAT .txt/.ann here; JSONL, i2b2 XML or CoNLL when asked). The
output appears whole or not at all. Nothing is written to the project.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deid_studio.core.document import Document
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.detect.detector import Detector
from deid_studio.formats import FORMATS, format_named, writer
from deid_studio.services._detector import current_detector, suggest_documents
from deid_studio.services._reading import read_input
from deid_studio.services.exporting import check_target
from deid_studio.services.staging import staged_output
from deid_studio.store.project import Project


@dataclass(frozen=True, slots=True)
class TagResult:
    """What a tagging run wrote."""

    documents: int
    spans: int
    tokens: int
    out: Path
    out_format: str
    model_version_id: int  # 0: the rules alone
    seconds: float
    notes: tuple[str, ...] = ()  # what the writer had to resolve (spaCy's overlapping spans)


def output_format(format_name: str, out_format: str | None) -> str:
    """The format predictions are written in: the one asked for, else the input's own when
    it can be written, else JSONL."""
    if out_format:
        return out_format
    found = FORMATS.get(format_name)
    return format_name if found is not None and found.write is not None else "jsonl"


def tag_files(
    project: Project,
    format_name: str,
    source: Path,
    out: Path,
    *,
    mode: str = "default",
    out_format: str | None = None,
    overwrite: bool = False,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> TagResult:
    """Tag every narrative of ``source`` and write them with the predicted spans to ``out``."""
    started = time.perf_counter()
    current = current_detector(project)
    written_as = output_format(format_name, out_format)
    try:
        write = writer(written_as)
    except ValueError as err:
        raise DeidError(str(err)) from None
    check_target(out, overwrite=overwrite)
    documents, _ = read_input(format_name, source, cancelled=cancelled)
    found, tokens = suggest_documents(
        current.detector, documents, mode=mode, progress=progress, cancelled=cancelled
    )
    predicted = [d.with_spans(s.span for s in f) for d, f in zip(documents, found, strict=True)]
    with project.reading() as tx:
        scheme = tx.scheme()
    notes: list[str] = []
    fmt = format_named(written_as)
    extras: dict[str, Any] = {"notes": notes} if fmt is not None and fmt.notes else {}
    to_write = predicted
    if fmt is not None and fmt.predictions:
        # a format with a place for predictions (Label Studio) gets them there, with their
        # scores, and no gold: the tool shows them as pre-annotations to confirm
        extras |= {"predictions": found, "model_version": current.name, "gold": False}
        to_write = [d.with_spans(()) for d in documents]
    with staged_output(out, overwrite=overwrite) as stage:  # narratives: owner only
        write(to_write, stage.path, scheme=scheme, cancelled=cancelled, **extras)
        check(cancelled)
    return TagResult(
        documents=len(predicted),
        spans=sum(len(d.spans) for d in predicted),
        tokens=tokens,
        out=out,
        out_format=written_as,
        model_version_id=current.version_number,
        seconds=time.perf_counter() - started,
        notes=tuple(notes),
    )


def predict(
    documents: Sequence[Document],
    detector: Detector,
    *,
    mode: str = "default",
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> tuple[list[Document], int]:
    """The documents with the detector's spans instead of their own, and how many tokens they
    hold (see :func:`suggest_documents`)."""
    found, tokens = suggest_documents(
        detector, documents, mode=mode, progress=progress, cancelled=cancelled
    )
    out = [
        document.with_spans(s.span for s in suggestions)
        for document, suggestions in zip(documents, found, strict=True)
    ]
    return out, tokens
