"""The project's current detector: its newest model version, scheme and detector settings.

A project nobody has trained a model for has model version 0: the rules alone (regex
rules, cue words, dictionaries), so that the first narrative opened already has
suggestions. The first trained model replaces it; the rules stay in the hybrid.
"""

from __future__ import annotations

from dataclasses import dataclass

from deid_studio.core.errors import DeidError
from deid_studio.detect.crf import model_from_bytes
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.services.training import DETECTOR_SETTING
from deid_studio.store.project import Project

RULES_ONLY = 0
"""The number the interface gives model version 0, the rules alone (stored as no version)."""


@dataclass(frozen=True, slots=True)
class CurrentDetector:
    """A ready detector and the model version it comes from (None: the rules alone)."""

    detector: Detector
    model_version_id: int | None

    @property
    def version_number(self) -> int:
        """The model version as the interface shows it (0 for the rules alone)."""
        return RULES_ONLY if self.model_version_id is None else self.model_version_id


def current_detector(project: Project) -> CurrentDetector:
    """The detector of the newest model version; the rules alone when none was trained."""
    with project.reading() as tx:
        stored = tx.current_model()
        scheme = tx.scheme()
        configured = tx.setting(DETECTOR_SETTING)
    if stored is None:
        return CurrentDetector(Detector(None, scheme, DetectorSettings.from_dict(configured)), None)
    metrics = stored.metrics
    try:
        model = model_from_bytes(
            stored.model, stored.params, scale=float(metrics.get("scale", 1.0))
        )
    except (ValueError, TypeError) as err:
        raise DeidError(f"model version {stored.id} cannot be read: {err}") from None
    settings = DetectorSettings.of_model(configured, metrics)
    return CurrentDetector(Detector(model, scheme, settings), stored.id)
