"""What a forced export adds for the documents nobody reviewed: recall-mode suggestions.

A document not signed off has only the model's suggestions between its narrative and the
export, and the policy's confidence lets through what the model doubts (a name split into a
part at 0.48 and one at 0.75). So a forced export masks those documents in recall mode unless
told otherwise: the current model reads them again and every token it is not sure is not PHI
(its P(O) below the calibrated τ) is masked, with the rule suggestions. Without a trained
model (version 0) recall mode is the rules alone, and the summary says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from deid_studio.core.document import Document, Suggestion
from deid_studio.core.language import guess_language
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.services._detector import current_detector
from deid_studio.store.project import Project

MODES = ("recall", "default")
BATCH = 64


@dataclass(frozen=True, slots=True)
class RecallReading:
    """Recall-mode suggestions of the documents read (document id -> suggestions, each with
    confidence 1: they are masked whatever the policy's confidence), and by what."""

    suggestions: Mapping[int, list[Suggestion]] = field(default_factory=dict)
    model_version: int = 0
    """The model version that read them; 0: the rules alone (no model trained yet)."""
    tau: float | None = None


def recall_reading(
    project: Project,
    documents: Sequence[Document],
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> RecallReading:
    """Read ``documents`` with the current detector in recall mode."""
    current = current_detector(project)
    detector = current.detector
    found: dict[int, list[Suggestion]] = {}
    progress(0, len(documents))
    for first in range(0, len(documents), BATCH):
        check(cancelled)
        batch = documents[first : first + BATCH]
        narratives = [(d.text, d.language or guess_language(d.text)) for d in batch]
        for document, detection in zip(
            batch, detector.detect(narratives, mode="recall"), strict=True
        ):
            if document.id is not None:
                found[document.id] = [
                    Suggestion(s.start, s.end, s.category, 1.0, s.source, s.rule)
                    for s in detection.suggestions
                ]
        progress(min(first + BATCH, len(documents)), len(documents))
    tau = None if detector.rules_only else detector.settings.tau
    return RecallReading(found, current.version_number, tau)


def describe_mode(mode: str | None, documents: int, reading: RecallReading | None) -> str:
    """One line for the export summary: how the documents not signed off were masked."""
    if not documents:
        return ""
    if mode != "recall" or reading is None:
        return (
            f"{documents} documents not signed off masked with their suggestions at or above "
            "the policy's confidence (default mode, as asked)"
        )
    if reading.model_version == 0:
        return (
            f"{documents} documents not signed off masked in recall mode: no model is trained "
            "yet, so the rules alone read them again"
        )
    return (
        f"{documents} documents not signed off masked in recall mode: model "
        f"v{reading.model_version} read them again and masked every token it is not sure is "
        f"not PHI (τ {reading.tau:.3g})"
    )
