"""Learning curve: how the model's quality grows with the size of the gold standard.

For each fraction of the training documents, ``repeats`` models are trained on samples drawn
with different seeds and scored on one fixed test set: the mean and standard deviation of
the strict micro F1 and of the binary token recall are what the data steward reads. Saved as
JSON and drawn as a PNG (matplotlib with the Agg backend, imported only to draw).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from deid_studio.core import Document
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.evaluate.crossval import Fit, M, Predict, folds, groups_of, mean_sd
from deid_studio.evaluate.metrics import CategoryMap, evaluate

FRACTIONS: tuple[float, ...] = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """The runs at one fraction of the training documents."""

    fraction: float
    documents: int
    f1: tuple[float, ...]
    token_recall: tuple[float, ...]

    @property
    def f1_mean(self) -> float:
        """Mean strict micro F1 over the repeats."""
        return mean_sd(self.f1)[0]

    @property
    def f1_sd(self) -> float:
        """Sample standard deviation of the strict micro F1 (0.0 for a single run)."""
        return mean_sd(self.f1)[1]

    @property
    def token_recall_mean(self) -> float:
        """Mean binary token recall over the repeats."""
        return mean_sd(self.token_recall)[0]

    @property
    def token_recall_sd(self) -> float:
        """Sample standard deviation of the binary token recall."""
        return mean_sd(self.token_recall)[1]


@dataclass(frozen=True, slots=True)
class LearningCurve:
    """Points in increasing order of fraction, and the size of the test set they share."""

    points: tuple[CurvePoint, ...]
    test_documents: int
    seed: int

    def as_dict(self) -> dict[str, object]:
        """The JSON form: each point with its runs, means and standard deviations."""
        return {
            "seed": self.seed,
            "test_documents": self.test_documents,
            "points": [
                {
                    **asdict(p),
                    "f1_mean": p.f1_mean,
                    "f1_sd": p.f1_sd,
                    "token_recall_mean": p.token_recall_mean,
                    "token_recall_sd": p.token_recall_sd,
                }
                for p in self.points
            ],
        }

    def save_json(self, path: Path) -> Path:
        """Write :meth:`as_dict` to ``path`` (UTF-8, indented) and return the path."""
        path.write_text(json.dumps(self.as_dict(), indent=2) + "\n", "utf-8")
        return path

    def save_png(self, path: Path, title: str = "Learning curve") -> Path:
        """Draw F1 and token recall (mean ± sd) against training documents into a PNG."""
        import matplotlib

        matplotlib.use("Agg")
        from matplotlib import pyplot

        sizes = [p.documents for p in self.points]
        figure, axes = pyplot.subplots(figsize=(6.4, 4.0), dpi=100)
        try:
            for label, mean, sd in (
                (
                    "strict micro F1",
                    [p.f1_mean for p in self.points],
                    [p.f1_sd for p in self.points],
                ),
                (
                    "token recall",
                    [p.token_recall_mean for p in self.points],
                    [p.token_recall_sd for p in self.points],
                ),
            ):
                axes.errorbar(sizes, mean, yerr=sd, marker="o", capsize=3, label=label)
            axes.set_xlabel("training documents")
            axes.set_ylabel("score")
            axes.set_ylim(0.0, 1.02)
            axes.set_title(f"{title} ({self.test_documents} test documents)")
            axes.grid(alpha=0.3)
            axes.legend(loc="lower right")
            figure.tight_layout()
            figure.savefig(path, format="png")
        finally:
            pyplot.close(figure)
        return path


def learning_curve(
    documents: Sequence[Document],
    fit: Fit[M],
    predict: Predict[M],
    fractions: Sequence[float] = FRACTIONS,
    repeats: int = 3,
    seed: int = 0,
    test: Sequence[Document] | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    mapping: CategoryMap | None = None,
) -> LearningCurve:
    """Train on growing samples of ``documents`` and score each model on a test set.

    The test set is ``test`` when given; otherwise one fold in five of ``documents`` (split by
    case, as :func:`~deid_studio.evaluate.crossval.folds` does with ``seed``) is held out and
    the rest is the training pool. A sample is whole cases drawn with
    ``random.Random(seed + repeat)`` until it has ``round(fraction * pool)`` documents (at
    least one case). At fraction 1.0 every repeat trains on the whole pool. ``progress``
    hears (runs done, runs in all); ``cancelled`` is checked before each run.
    """
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, not {repeats}")
    if any(not 0.0 < f <= 1.0 for f in fractions):
        raise ValueError(f"fractions must lie in (0, 1]: {list(fractions)}")
    if test is None:
        held_out = set(folds(documents, 5, seed)[0])
        pool = [d for i, d in enumerate(documents) if i not in held_out]
        test_docs = [documents[i] for i in sorted(held_out)]
    else:
        pool, test_docs = list(documents), list(test)
    groups = groups_of(pool)
    total, done = len(fractions) * repeats, 0
    points: list[CurvePoint] = []
    progress(0, total)
    for fraction in sorted(fractions):
        target = max(1, round(fraction * len(pool)))
        f1s: list[float] = []
        recalls: list[float] = []
        size = 0
        for repeat in range(repeats):
            check(cancelled)
            order = groups[:]
            random.Random(seed + repeat).shuffle(order)
            chosen: list[int] = []
            for group in order:
                if len(chosen) >= target:
                    break
                chosen.extend(group)
            sample = [pool[i] for i in sorted(chosen)]
            predicted = predict(fit(sample), test_docs)
            evaluation = evaluate(test_docs, predicted, mapping)
            f1s.append(evaluation.entity["strict"].micro.f1)
            recalls.append(evaluation.token.binary.recall)
            size = len(sample)
            done += 1
            progress(done, total)
        points.append(CurvePoint(fraction, size, tuple(f1s), tuple(recalls)))
    return LearningCurve(tuple(points), len(test_docs), seed)
