"""Scoring the current model on a file with gold spans: ``deid-studio evaluate``.

The file's narratives are tagged like ``tag`` tags them and compared with the file's own
spans, whose labels are first mapped onto the project's scheme (as an import maps them). The
report is DESIGN.md's evaluate JSON (entity strict/covering/overlap, token figures).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from deid_studio.core.categories import LabelMap
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, never_cancelled, no_progress
from deid_studio.services._detector import current_detector
from deid_studio.services._reading import read_input
from deid_studio.services._scoring import evaluation_report
from deid_studio.services.importing import with_mapped_labels
from deid_studio.services.tagging import predict
from deid_studio.store.project import Project


def evaluate_file(
    project: Project,
    format_name: str,
    path: Path,
    *,
    mode: str = "default",
    label_map: Mapping[str, str] | None = None,
    json_out: Path | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> dict[str, Any]:
    """The evaluate report of the current model on ``path``'s gold spans (also written to
    ``json_out`` when given)."""
    started = time.perf_counter()
    current = current_detector(project)
    documents, _ = read_input(format_name, path, cancelled=cancelled)
    with project.reading() as tx:
        scheme = tx.scheme()
    labels = LabelMap(scheme, dict(label_map or {}))
    unknown = labels.unknown(s.category for d in documents for s in d.spans)
    if unknown:
        raise InputError(
            str(path),
            f"labels not in the project's {scheme.name} scheme: {', '.join(unknown)}; "
            "map them with --map LABEL=CATEGORY",
        )
    gold = [with_mapped_labels(d, labels) for d in documents]
    predicted, _ = predict(
        gold, current.detector, mode=mode, progress=progress, cancelled=cancelled
    )
    report = evaluation_report(
        gold, [list(d.spans) for d in predicted], seconds=time.perf_counter() - started
    )
    report["mode"] = mode
    report["model_version"] = current.version_number
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n", "utf-8")
    return report
