"""The model's quality as the status bar and the quality dashboard show it.

Reads the metrics the training service stores with each model version (cross-validated
per-category precision, recall and F1; the recall-mode threshold tau and the curve of token
recall, precision and share of text masked as tau moves) and the history of versions (the
learning curve: F1 against the number of training documents).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deid_studio.store.editing import ModelSummary
from deid_studio.store.project import Project

__all__ = [
    "CategoryScore",
    "CurvePoint",
    "ModelSummary",
    "Quality",
    "current_model",
    "quality",
]


@dataclass(frozen=True, slots=True)
class CategoryScore:
    """Cross-validated entity scores of one category."""

    category: str
    precision: float
    recall: float
    f1: float
    support: int


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """Recall mode at one threshold: token recall, precision and share of the text masked."""

    tau: float
    recall: float
    precision: float
    masked: float


@dataclass(frozen=True, slots=True)
class Quality:
    """What the dashboard draws for the current model version."""

    model: ModelSummary | None
    micro_f1: float | None
    per_category: tuple[CategoryScore, ...]
    tau: float | None
    curve: tuple[CurvePoint, ...]
    learning_curve: tuple[tuple[int, float], ...]

    def at_tau(self, tau: float) -> CurvePoint | None:
        """The curve's point nearest to ``tau`` (None without a curve)."""
        if not self.curve:
            return None
        return min(self.curve, key=lambda p: abs(p.tau - tau))


def current_model(project: Project) -> ModelSummary | None:
    """The newest model version (without its serialized model), if any was trained."""
    with project.reading() as tx:
        versions = tx.model_versions(latest_only=True)
    return versions[0] if versions else None


def quality(project: Project) -> Quality:
    """The current model's cross-validated scores, its recall curve and the learning curve."""
    with project.reading() as tx:
        history = tx.model_versions()
    model = history[-1] if history else None
    metrics: Mapping[str, Any] = model.metrics if model is not None else {}
    learning: list[tuple[int, float]] = []
    for version in history:
        f1 = micro_f1(version.metrics)
        if f1 is not None:
            learning.append((version.training_documents, f1))
    own_curve = metrics.get("learning_curve")
    if isinstance(own_curve, Sequence) and own_curve:
        learning = [(int(_get(p, "documents", 0)), float(_get(p, "f1", 0.0))) for p in own_curve]
    return Quality(
        model=model,
        micro_f1=micro_f1(metrics),
        per_category=tuple(_per_category(metrics)),
        tau=_float(metrics.get("tau")),
        curve=tuple(_curve(metrics)),
        learning_curve=tuple(sorted(learning)),
    )


def micro_f1(metrics: Mapping[str, Any]) -> float | None:
    """The cross-validated micro F1 in a model version's metrics, wherever it is kept."""
    for path in (("f1",), ("micro", "f1"), ("entity", "strict", "micro", "f1"), ("cv", "f1")):
        value: Any = metrics
        for key in path:
            value = value.get(key) if isinstance(value, Mapping) else None
        if isinstance(value, int | float):
            return float(value)
    return None


def _per_category(metrics: Mapping[str, Any]) -> list[CategoryScore]:
    table = metrics.get("per_category")
    if not isinstance(table, Mapping):
        strict = metrics.get("entity", {})
        table = (
            strict.get("strict", {}).get("per_category") if isinstance(strict, Mapping) else None
        )
    if not isinstance(table, Mapping):
        return []
    return [
        CategoryScore(
            str(name),
            float(_get(row, "precision", 0.0)),
            float(_get(row, "recall", 0.0)),
            float(_get(row, "f1", 0.0)),
            int(_get(row, "support", _get(row, "tp", 0) + _get(row, "fn", 0))),
        )
        for name, row in sorted(table.items())
        if isinstance(row, Mapping)
    ]


def _curve(metrics: Mapping[str, Any]) -> list[CurvePoint]:
    raw = metrics.get("tau_curve") or metrics.get("recall_curve") or metrics.get("curve")
    if not isinstance(raw, Sequence):
        return []
    points = [
        CurvePoint(
            float(_get(p, "tau", 0.0)),
            float(_get(p, "recall", 0.0)),
            float(_get(p, "precision", 0.0)),
            float(_get(p, "masked", _get(p, "share_masked", 0.0))),
        )
        for p in raw
        if isinstance(p, Mapping)
    ]
    return sorted(points, key=lambda p: p.tau)


def _get(row: Any, key: str, default: Any) -> Any:
    value = row.get(key, default) if isinstance(row, Mapping) else default
    return default if value is None else value


def _float(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) else None
