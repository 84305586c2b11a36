"""The learning curve of the project's gold standard: ``deid-studio curve``.

How much better would the model be with more gold? Models are trained on growing fractions
of the gold documents (whole cases, several random samples per fraction) and scored on one
held-out fifth of the gold; the curve is written as JSON and drawn as a PNG. Training runs in
this process: the command line has no window to keep responsive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Cancelled, Progress, never_cancelled, no_progress
from deid_studio.detect.crf import CrfModel, CrfParams, train_crf
from deid_studio.detect.detector import Detector
from deid_studio.evaluate.curve import FRACTIONS, LearningCurve, learning_curve
from deid_studio.services.training import default_params, read_gold
from deid_studio.store.project import Project

MIN_DOCUMENTS = 10  # below this a held-out fifth has too few documents to score


@dataclass(frozen=True, slots=True)
class CurveFiles:
    """The curve and where it was written."""

    curve: LearningCurve
    json: Path
    png: Path


def write_learning_curve(
    project: Project,
    out_dir: Path,
    *,
    fractions: Sequence[float] = FRACTIONS,
    repeats: int = 3,
    seed: int = 0,
    params: CrfParams | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> CurveFiles:
    """Train on growing samples of the gold, score on a held-out fifth, and write
    ``learning_curve.json`` and ``learning_curve.png`` into ``out_dir``."""
    gold, scheme, settings = read_gold(project)
    if len(gold) < MIN_DOCUMENTS:
        raise DeidError(
            f"a learning curve needs at least {MIN_DOCUMENTS} gold documents; "
            f"the project has {len(gold)}"
        )
    chosen = params or default_params()

    def fit(sample: Sequence[Document]) -> CrfModel:
        return train_crf(sample, chosen, cancelled=cancelled)

    def predict(model: CrfModel, documents: Sequence[Document]) -> list[list[Span]]:
        detector = Detector(model, scheme, settings)
        found = detector.detect([(d.text, d.language) for d in documents])
        return [[s.span for s in f.suggestions] for f in found]

    try:
        curve = learning_curve(
            gold,
            fit,
            predict,
            fractions=fractions,
            repeats=repeats,
            seed=seed,
            progress=progress,
            cancelled=cancelled,
        )
    except ValueError as err:
        raise DeidError(str(err)) from None
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path = curve.save_json(out_dir / "learning_curve.json")
    png_path = curve.save_png(
        out_dir / "learning_curve.png", title=f"Learning curve, {scheme.name}"
    )
    return CurveFiles(curve, json_path, png_path)
