"""Cross-validation folds, the learning curve files and the ``evaluate --json`` report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deid_studio.core import Document, Span
from deid_studio.core.progress import WorkCancelled
from deid_studio.evaluate import (
    MATCHINGS,
    cross_validate,
    evaluate,
    folds,
    learning_curve,
    report,
)

TEXT = "abcd efgh ijkl mnop qrst uvwx"


def corpus(n: int, cases: dict[int, str] | None = None) -> list[Document]:
    """``n`` documents, each with a NAME at 0-4 and a DATE at 15-19."""
    cases = cases or {}
    return [
        Document(
            TEXT,
            (Span(0, 4, "NAME"), Span(15, 19, "DATE")),
            external_id=f"r{i}",
            case_id=cases.get(i, ""),
        )
        for i in range(n)
    ]


def test_report_has_the_schema_of_design_md() -> None:
    docs = corpus(2)
    predicted = [[Span(0, 4, "NAME")], [Span(0, 4, "NAME"), Span(15, 19, "DATE")]]
    result = report(docs, predicted, seconds=1.5)
    assert set(result) == {"entity", "token", "documents", "seconds"}
    assert result["documents"] == 2 and result["seconds"] == 1.5
    assert set(result["entity"]) == set(MATCHINGS)
    for matching in MATCHINGS:
        block = result["entity"][matching]
        assert set(block) == {"micro", "macro", "per_category"}
        assert set(block["micro"]) == {"precision", "recall", "f1", "tp", "fp", "fn"}
        assert set(block["macro"]) == {"precision", "recall", "f1"}
        assert set(block["per_category"]) == {"DATE", "NAME"}
    # strict: NAME tp 2; DATE tp 1, fn 1 -> micro tp 3, fp 0, fn 1 -> R 3/4
    assert result["entity"]["strict"]["micro"] == {
        "precision": 1.0,
        "recall": 0.75,
        "f1": pytest.approx(6 / 7),  # 2 * 1 * 0.75 / 1.75
        "tp": 3,
        "fp": 0,
        "fn": 1,
    }
    # macro recall: NAME 1, DATE 1/2 -> 3/4; macro F1: (1 + 2/3) / 2 = 5/6
    assert result["entity"]["strict"]["macro"]["f1"] == pytest.approx(5 / 6)
    assert set(result["token"]) == {"binary", "per_category"}
    assert result["token"]["binary"]["tp"] == 3
    json.dumps(result)  # serialisable as it is


def test_folds_partition_the_documents_deterministically() -> None:
    docs = corpus(23)
    split = folds(docs, k=5, seed=7)
    assert len(split) == 5
    flat = sorted(i for fold in split for i in fold)
    assert flat == list(range(23))
    assert sorted(len(f) for f in split) == [4, 4, 5, 5, 5]
    assert folds(docs, k=5, seed=7) == split
    assert folds(docs, k=5, seed=8) != split


def test_folds_keep_a_case_together() -> None:
    cases = {0: "A", 5: "A", 9: "A", 1: "B", 2: "B"}
    split = folds(corpus(12, cases), k=3, seed=0)
    where = {i: n for n, fold in enumerate(split) for i in fold}
    assert where[0] == where[5] == where[9]
    assert where[1] == where[2]


def test_folds_refuse_impossible_splits() -> None:
    with pytest.raises(ValueError, match="k >= 2"):
        folds(corpus(5), k=1)
    with pytest.raises(ValueError, match="3 cases cannot fill 4 folds"):
        folds(corpus(3), k=4)


def test_cross_validate_trains_on_the_rest_and_pools_every_prediction() -> None:
    docs = corpus(10)
    seen: list[tuple[int, int]] = []

    def fit(train: list[Document]) -> int:
        return len(train)

    def predict(model: int, test: list[Document]) -> list[list[Span]]:
        seen.append((model, len(test)))
        return [[Span(0, 4, "NAME")] for _ in test]  # finds the NAME, misses the DATE

    progress: list[tuple[int, int]] = []
    result = cross_validate(
        docs, fit, predict, k=5, seed=3, progress=lambda d, t: progress.append((d, t))
    )
    assert seen == [(8, 2)] * 5  # each model trained on the 8 documents it did not test
    assert progress == [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    assert sorted(i for f in result.folds for i in f.test) == list(range(10))
    for fold in result.folds:
        assert not set(fold.train) & set(fold.test)
        assert len(fold.train) + len(fold.test) == 10
    # pooled strict: 10 NAME tp, 10 DATE fn -> P 1, R 1/2
    pooled = result.pooled.entity["strict"].micro
    assert (pooled.tp, pooled.fp, pooled.fn) == (10, 0, 10)
    assert result.pooled == evaluate(docs, [list(p) for p in result.predictions])
    assert result.fold_f1() == (pytest.approx(2 / 3), 0.0)


def test_cross_validate_can_be_cancelled() -> None:
    calls = iter([False, False, True])
    with pytest.raises(WorkCancelled):
        cross_validate(
            corpus(6), len, lambda m, d: [[] for _ in d], k=3, cancelled=lambda: next(calls)
        )


def test_learning_curve_writes_json_and_png(tmp_path: Path) -> None:
    docs = corpus(20)

    def fit(train: list[Document]) -> int:
        return len(train)

    def predict(model: int, test: list[Document]) -> list[list[Span]]:
        # a model that finds the DATE only once it has seen 10 documents
        spans = [Span(0, 4, "NAME")] + ([Span(15, 19, "DATE")] if model >= 10 else [])
        return [list(spans) for _ in test]

    curve = learning_curve(docs, fit, predict, fractions=(0.25, 1.0), repeats=2, seed=1)
    assert curve.test_documents == 4  # one fold in five of 20 held out
    small, full = curve.points
    assert (small.fraction, small.documents, full.documents) == (0.25, 4, 16)
    # 4 documents: NAME found, DATE missed -> strict P 1, R 1/2, F1 2/3 in both repeats
    assert small.f1 == pytest.approx((2 / 3, 2 / 3)) and small.f1_sd == 0.0
    assert (full.f1_mean, full.token_recall_mean) == (1.0, 1.0)

    saved = json.loads(curve.save_json(tmp_path / "curve.json").read_text("utf-8"))
    assert saved["test_documents"] == 4
    assert [p["documents"] for p in saved["points"]] == [4, 16]
    assert saved["points"][0]["f1_mean"] == pytest.approx(2 / 3)
    png = curve.save_png(tmp_path / "curve.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_learning_curve_on_a_given_test_set_and_bad_arguments() -> None:
    docs, test = corpus(6), corpus(3)
    curve = learning_curve(docs, len, lambda m, d: [[] for _ in d], fractions=(0.5,), test=test)
    assert curve.test_documents == 3 and curve.points[0].documents == 3
    # nothing predicted: strict tp 0, fn 6 -> F1 0; three repeats of the same
    assert curve.points[0].f1 == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="fractions"):
        learning_curve(docs, len, lambda m, d: [], fractions=(0.0,), test=test)
    with pytest.raises(ValueError, match="repeats"):
        learning_curve(docs, len, lambda m, d: [], repeats=0, test=test)
