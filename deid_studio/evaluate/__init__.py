"""Evaluation: span and token metrics, cross-validation, learning curves. No DB, no Qt.

How true and false positives are counted under each matching is in :mod:`.metrics`.
"""

from __future__ import annotations

from deid_studio.evaluate.crossval import (
    CVResult,
    Fold,
    cross_validate,
    folds,
    groups_of,
    mean_sd,
)
from deid_studio.evaluate.curve import FRACTIONS, CurvePoint, LearningCurve, learning_curve
from deid_studio.evaluate.metrics import (
    MATCHINGS,
    Averages,
    CategoryMap,
    Counts,
    Evaluation,
    Scores,
    TokenScores,
    category_map,
    collapse,
    entity_scores,
    evaluate,
    mapped,
    token_scores,
)
from deid_studio.evaluate.report import report, report_of

__all__ = [
    "FRACTIONS",
    "MATCHINGS",
    "Averages",
    "CVResult",
    "CategoryMap",
    "Counts",
    "CurvePoint",
    "Evaluation",
    "Fold",
    "LearningCurve",
    "Scores",
    "TokenScores",
    "category_map",
    "collapse",
    "cross_validate",
    "entity_scores",
    "evaluate",
    "folds",
    "groups_of",
    "learning_curve",
    "mapped",
    "mean_sd",
    "report",
    "report_of",
    "token_scores",
]
