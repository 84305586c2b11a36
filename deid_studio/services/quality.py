"""The model's quality as the status bar and the quality dashboard show it.

Reads the metrics the training service stores with each model version (cross-validated
per-category precision, recall and F1; the recall-mode threshold tau and the curve of token
recall, precision and share of text masked as tau moves) and the history of versions (the
learning curve: F1 against the number of training documents).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from deid_studio.store.editing import ModelSummary
from deid_studio.store.project import Project

__all__ = [
    "CategoryScore",
    "CurvePoint",
    "ModelSummary",
    "Models",
    "Quality",
    "current_model",
    "models",
    "quality",
]

FAST_KIND, BEST_KIND = "crf", "crf-best"  # as services.training stores them


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
    fast: ModelSummary | None = None
    best: ModelSummary | None = None
    tau_floored: bool = False
    """Recall mode stops short of its target recall: reaching it would mask too much."""
    target_recall: float | None = None
    why_fast: str = ""
    """Why the fast model is in use beside a best one (``why_not_best``; "" otherwise)."""

    def at_tau(self, tau: float) -> CurvePoint | None:
        """The curve's point nearest to ``tau`` (None without a curve)."""
        if not self.curve:
            return None
        return min(self.curve, key=lambda p: abs(p.tau - tau))


@dataclass(frozen=True, slots=True)
class Models:
    """The newest fast model, the newest best model, and the one in use (the best one while
    it is better: see ``services._detector.model_in_use``), with why the fast one stays in
    use beside a best one (:func:`why_not_best`; "" otherwise)."""

    fast: ModelSummary | None
    best: ModelSummary | None
    in_use: ModelSummary | None
    why_fast: str = ""


class _Scored(Protocol):
    @property
    def metrics(self) -> Mapping[str, Any]: ...


Version = TypeVar("Version", bound=_Scored)


def choose(fast: Version | None, best: Version | None) -> tuple[Version | None, str]:
    """The one in use of the newest fast and the newest best model version (anything with
    their ``metrics``; either may be None), and why the fast one is kept beside a best one
    ("" otherwise): the one rule of ``services._detector.model_in_use`` and of what the
    window and ``train`` show."""
    if best is None or fast is None:
        return (fast if best is None else best), ""
    why = why_not_best(best.metrics, fast.metrics)
    return (fast if why else best), why


def _models(
    fast: ModelSummary | None, best: ModelSummary | None, newest: ModelSummary | None
) -> Models:
    """``newest``, of any kind, is in use when there is neither a fast nor a best model."""
    in_use, why = choose(fast, best)
    return Models(fast, best, newest if in_use is None else in_use, why)


def _newest(history: Sequence[ModelSummary], kind: str) -> ModelSummary | None:
    """The newest model version of ``kind`` in ``history`` (oldest first)."""
    return next((v for v in reversed(history) if v.kind == kind), None)


def models(project: Project) -> Models:
    """The fast and the best model versions, and which one is in use (read without the
    history: it runs after every submission)."""
    with project.reading() as tx:
        fast, best, newest = (
            next(iter(tx.model_versions(latest_only=True, kind=kind)), None)
            for kind in (FAST_KIND, BEST_KIND, None)
        )
    return _models(fast, best, newest)


def current_model(project: Project) -> ModelSummary | None:
    """The model version in use (without its serialized model), if any was trained."""
    return models(project).in_use


def quality(project: Project) -> Quality:
    """The model in use: its cross-validated scores, its recall curve, the learning curve,
    and the fast and best models beside it."""
    with project.reading() as tx:
        history = tx.model_versions()
    found = _models(
        _newest(history, FAST_KIND), _newest(history, BEST_KIND), history[-1] if history else None
    )
    model = found.in_use
    metrics: Mapping[str, Any] = model.metrics if model is not None else {}
    learning: list[tuple[int, float]] = []
    for version in history:
        if version.kind == BEST_KIND:
            continue  # the learning curve follows the fast model as the gold grows
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
        fast=found.fast,
        best=found.best,
        tau_floored=bool(metrics.get("tau_floored", False)),
        target_recall=_float(metrics.get("target_recall")),
        why_fast=found.why_fast,
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


def better(best: Mapping[str, Any], fast: Mapping[str, Any]) -> bool:
    """Whether a best model replaces the fast one: its cross-validated strict F1 is higher
    and, when both were measured, it catches at least as many of the PHI tokens out of fold
    (see :func:`why_not_best`)."""
    return not why_not_best(best, fast)


def why_not_best(best: Mapping[str, Any], fast: Mapping[str, Any]) -> str:
    """Why the fast model stays in use beside a best model, from their cross-validated
    metrics ("" when the best one is used). Recall first: a model that finds the boundaries
    better but misses more PHI is not used. On 1,500 Presidio texts, five folds, L-BFGS
    scores 0.888 strict F1 against a committee of three passive-aggressive models' 0.874, but
    catches 98.46% of the PHI tokens against 98.64% (README, "The best model beside the fast
    one"). A score that is not a number counts as worse."""
    best_f1, fast_f1 = micro_f1(best), micro_f1(fast)
    if best_f1 is None:
        return "it was not cross-validated"
    if fast_f1 is not None and not _above(best_f1, fast_f1):
        return "its cross-validated F1 is not higher"
    best_recall, fast_recall = cv_token_recall(best), cv_token_recall(fast)
    if best_recall is None or fast_recall is None or not _above(fast_recall, best_recall):
        return ""
    missed = [_get(_get(m.get("token"), "binary", None), "fn", None) for m in (best, fast)]
    counts = (
        f": {missed[0]} missed against {missed[1]}"
        if all(isinstance(n, int) for n in missed)
        else ""
    )
    return (
        f"it catches fewer PHI tokens out of fold ({best_recall:.2%} against "
        f"{fast_recall:.2%}{counts}), though its F1 is higher"
    )


def cv_token_recall(metrics: Mapping[str, Any]) -> float | None:
    """The cross-validated share of PHI tokens caught (default mode) in a model version's
    metrics, if there is one."""
    try:
        return float(metrics["token"]["binary"]["recall"])
    except (KeyError, TypeError, ValueError):
        return None


def _above(a: float, b: float) -> bool:
    """Whether score ``a`` is strictly above ``b``, a score that is not a number below any."""
    if math.isnan(a):
        return False
    return math.isnan(b) or a > b
