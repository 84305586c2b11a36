"""k-fold cross-validation by document, generic over the model being validated.

Folds never split a case: the reports of one case (an initial report and its follow-ups share
``case_id`` and most of their text) go to the same fold, so a model is never tested on a
narrative whose twin it was trained on. Without case ids every document is its own case.
The split is a pure function of the documents' order, their cases and the seed.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from deid_studio.core import Document, Span
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.evaluate.metrics import EMPTY, CategoryMap, Evaluation, evaluate

M = TypeVar("M")

Fit = Callable[[list[Document]], M]
"""Trains a model on documents with gold spans."""
Predict = Callable[[M, list[Document]], list[list[Span]]]
"""Predicts the spans of each document with a trained model."""


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    """Mean and sample standard deviation (0.0 for fewer than two values)."""
    return statistics.fmean(values), statistics.stdev(values) if len(values) > 1 else 0.0


def groups_of(documents: Sequence[Document]) -> list[list[int]]:
    """Indices of ``documents`` grouped by case, in order of first appearance."""
    by_case: dict[str, list[int]] = {}
    for index, document in enumerate(documents):
        key = document.case_id or f"\x00{index}"  # no case id: a case of its own
        by_case.setdefault(key, []).append(index)
    return list(by_case.values())


def folds(documents: Sequence[Document], k: int = 5, seed: int = 0) -> list[list[int]]:
    """``k`` disjoint lists of document indices covering every document, each sorted.

    Cases are shuffled with ``random.Random(seed)`` and dealt out largest first to the
    fold with the fewest documents so far, so fold sizes differ by at most the size of
    one case.
    """
    groups = groups_of(documents)
    if k < 2:
        raise ValueError(f"cross-validation needs k >= 2, not {k}")
    if len(groups) < k:
        raise ValueError(f"{len(groups)} cases cannot fill {k} folds")
    random.Random(seed).shuffle(groups)
    groups.sort(key=len, reverse=True)  # stable: equal sizes keep the shuffled order
    result: list[list[int]] = [[] for _ in range(k)]
    for group in groups:
        min(result, key=len).extend(group)
    return [sorted(fold) for fold in result]


@dataclass(frozen=True, slots=True)
class Fold:
    """One fold: which documents trained and which tested, and how the model scored."""

    train: tuple[int, ...]
    test: tuple[int, ...]
    evaluation: Evaluation
    fit_seconds: float
    predict_seconds: float


@dataclass(frozen=True, slots=True)
class CVResult(Generic[M]):
    """Per-fold results, the pooled evaluation of every held-out prediction, and the
    predictions themselves (``predictions[i]`` belongs to ``documents[i]``)."""

    folds: tuple[Fold, ...]
    pooled: Evaluation
    predictions: tuple[tuple[Span, ...], ...]

    def fold_f1(self, matching: str = "strict") -> tuple[float, float]:
        """Mean and sample standard deviation of the folds' micro F1."""
        return mean_sd([f.evaluation.entity[matching].micro.f1 for f in self.folds])


def cross_validate(
    documents: Sequence[Document],
    fit: Fit[M],
    predict: Predict[M],
    k: int = 5,
    seed: int = 0,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    mapping: CategoryMap | None = None,
) -> CVResult[M]:
    """Train on k-1 folds and predict the k-th, for each fold (see :func:`folds`).

    ``progress`` hears (folds done, k); ``cancelled`` is checked before each fit and each
    predict and stops the work with :class:`~deid_studio.core.progress.WorkCancelled`.
    ``mapping`` renames categories for scoring (see :mod:`.metrics`).
    """
    split = folds(documents, k, seed)
    predictions: list[tuple[Span, ...]] = [() for _ in documents]
    results: list[Fold] = []
    pooled = EMPTY
    progress(0, k)
    for number, test in enumerate(split):
        held_out = set(test)
        train = [i for i in range(len(documents)) if i not in held_out]
        check(cancelled)
        started = time.perf_counter()
        model = fit([documents[i] for i in train])
        fitted = time.perf_counter()
        check(cancelled)
        test_docs = [documents[i] for i in test]
        predicted = predict(model, test_docs)
        predicted_at = time.perf_counter()
        if len(predicted) != len(test_docs):
            raise ValueError(f"predict returned {len(predicted)} lists for {len(test)} documents")
        for index, spans in zip(test, predicted, strict=True):
            predictions[index] = tuple(spans)
        evaluation = evaluate(test_docs, predicted, mapping)
        pooled = pooled + evaluation
        results.append(
            Fold(tuple(train), tuple(test), evaluation, fitted - started, predicted_at - fitted)
        )
        progress(number + 1, k)
    return CVResult(tuple(results), pooled, tuple(predictions))
