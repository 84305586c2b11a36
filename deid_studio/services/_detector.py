"""The project's current detector: its newest model version, scheme and detector settings.

A project nobody has trained a model for has model version 0: the rules alone (regex
rules, cue words, dictionaries), so that the first narrative opened already has
suggestions. The first trained model replaces it; the rules stay in the hybrid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deid_studio.core.document import Document, Suggestion
from deid_studio.core.errors import DeidError
from deid_studio.core.language import guess_language
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.detect.crf import CrfModel, model_from_bytes
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.services.quality import choose
from deid_studio.services.training import BEST_KIND, DETECTOR_SETTING, FAST_KIND
from deid_studio.store.engine import StoredModel
from deid_studio.store.project import Project

RULES_ONLY = 0
"""The number the interface gives model version 0, the rules alone (stored as no version)."""

BATCH_DOCUMENTS = 128


@dataclass(frozen=True, slots=True)
class CurrentDetector:
    """A ready detector and the model version it comes from (None: the rules alone)."""

    detector: Detector
    model_version_id: int | None

    @property
    def version_number(self) -> int:
        """The model version as the interface shows it (0 for the rules alone)."""
        return RULES_ONLY if self.model_version_id is None else self.model_version_id

    @property
    def name(self) -> str:
        """How exports name the model version: "deid-studio model version 3"."""
        if self.model_version_id is None:
            return "deid-studio model version 0 (rules)"
        return f"deid-studio model version {self.model_version_id}"


def current_detector(project: Project) -> CurrentDetector:
    """The detector of the newest model version; the rules alone when none was trained."""
    with project.reading() as tx:
        stored = model_in_use(tx)
        scheme = tx.scheme()
        configured = tx.setting(DETECTOR_SETTING)
    model, settings = model_and_settings(stored, configured)
    return CurrentDetector(
        Detector(model, scheme, settings), stored.id if stored is not None else None
    )


def model_and_settings(
    stored: StoredModel | None, configured: Mapping[str, Any] | None
) -> tuple[CrfModel | None, DetectorSettings]:
    """A stored model version read (None for the rules alone), and the detector settings
    with what its training learnt: τ, the per-category offsets, the quiet, heard and
    extending rules, the line joins. What the window suggests with, and a batch run masks
    with."""
    if stored is None:
        return None, DetectorSettings.from_dict(configured)
    metrics = stored.metrics
    try:
        model = model_from_bytes(
            stored.model, stored.params, scale=float(metrics.get("scale", 1.0))
        )
    except (ValueError, TypeError) as err:
        raise unreadable_model(stored.id, err) from None
    return model, DetectorSettings.of_model(configured, metrics)


def suggest_documents(
    detector: Detector,
    documents: Sequence[Document],
    *,
    mode: str = "default",
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> tuple[list[list[Suggestion]], int]:
    """Per document, what ``detector`` suggests (tagged in batches), and how many tokens it
    read. A narrative without a language gets the guessed one, as an import would give it:
    the stopword features depend on it."""
    found: list[list[Suggestion]] = []
    tokens = 0
    for first in range(0, len(documents), BATCH_DOCUMENTS):
        check(cancelled)
        batch = documents[first : first + BATCH_DOCUMENTS]
        narratives = [(d.text, d.language or guess_language(d.text)) for d in batch]
        for detection in detector.detect(narratives, mode=mode):
            found.append(list(detection.suggestions))
            tokens += len(detection.tagged.tokens)
        progress(len(found), len(documents))
    return found, tokens


def unreadable_model(version: int, err: Exception) -> DeidError:
    """The one-line error of a stored model that cannot be read."""
    return DeidError(f"model version {version} cannot be read: {err}; retrain with `train`")


def model_in_use(tx: Any) -> StoredModel | None:
    """The model version that suggests, orders the queue and masks: the newest fast model,
    or the newest best model while it is better (``services.quality.choose``; a best model
    trained on less gold gives way once a fast one on more gold does better); None before
    any."""
    in_use, _ = choose(tx.current_model(kind=FAST_KIND), tx.current_model(kind=BEST_KIND))
    return in_use if in_use is not None else tx.current_model()
