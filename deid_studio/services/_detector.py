"""The project's current detector: its newest model version, scheme and detector settings."""

from __future__ import annotations

from dataclasses import dataclass

from deid_studio.core.errors import DeidError
from deid_studio.detect.crf import model_from_bytes
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.services.training import DETECTOR_SETTING
from deid_studio.store.project import Project


@dataclass(frozen=True, slots=True)
class CurrentDetector:
    """A ready detector and the model version it comes from."""

    detector: Detector
    model_version_id: int


def current_detector(project: Project) -> CurrentDetector:
    """The detector of the newest model version; DeidError when none was trained yet."""
    with project.reading() as tx:
        stored = tx.current_model()
        scheme = tx.scheme()
        configured = tx.setting(DETECTOR_SETTING)
    if stored is None:
        raise DeidError("no model yet: train a model first (`deid-studio train`)")
    metrics = stored.metrics
    try:
        model = model_from_bytes(
            stored.model, stored.params, scale=float(metrics.get("scale", 1.0))
        )
    except (ValueError, TypeError) as err:
        raise DeidError(f"model version {stored.id} cannot be read: {err}") from None
    tau = metrics.get("tau")
    settings = DetectorSettings.from_dict(configured, tau=float(tau) if tau is not None else None)
    return CurrentDetector(Detector(model, scheme, settings), stored.id)
