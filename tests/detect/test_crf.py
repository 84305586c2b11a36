from __future__ import annotations

import pytest
from toycorpus import FAST, toy_corpus

from deid_studio.core.progress import WorkCancelled
from deid_studio.detect.crf import CrfModel, CrfParams, model_from_bytes, train_crf
from deid_studio.detect.tagger import CrfTagger


def test_a_tiny_corpus_teaches_the_obvious_pattern(toy_model: CrfModel) -> None:
    tagger = CrfTagger(toy_model)
    held_out = toy_corpus(10, seed=7)
    for document in held_out:
        assert tagger.tag(document.text, "es").spans() == list(document.spans)


def test_training_reports_stages_documents_and_iterations() -> None:
    stages: list[str] = []
    reports: list[tuple[int, int]] = []
    corpus = toy_corpus(12)
    train_crf(
        corpus,
        CrfParams(iterations=5),
        progress=lambda done, total: reports.append((done, total)),
        stage=stages.append,
        total_documents=len(corpus),
    )
    assert stages == ["features", "training"]
    assert reports[: len(corpus)] == [(i, 12) for i in range(1, 13)]
    iterations = [done for done, total in reports[len(corpus) :]]
    assert iterations == sorted(iterations) and len(iterations) >= 2
    # a small corpus: a committee of three models, five iterations each, in one progress
    assert {total for _, total in reports[len(corpus) :]} == {15} and iterations[-1] == 15


def test_cancel_during_iterations_stops_training() -> None:
    seen: list[int] = []
    with pytest.raises(WorkCancelled):
        train_crf(
            toy_corpus(12),
            CrfParams(iterations=50),
            progress=lambda done, total: seen.append(done),
            cancelled=lambda: len(seen) > 14,  # 12 documents, then two iterations
        )
    assert len(seen) == 15


def test_cancel_during_features_stops_before_crfsuite_runs() -> None:
    with pytest.raises(WorkCancelled):
        train_crf(toy_corpus(12), FAST, cancelled=lambda: True)


def test_a_model_survives_its_bytes_and_params(toy_model: CrfModel) -> None:
    again = model_from_bytes(toy_model.data, toy_model.params.to_dict(), scale=0.5)
    assert again.params == toy_model.params and again.labels == toy_model.labels
    assert again.scale == 0.5
    with pytest.raises(ValueError, match="not a crfsuite model"):
        model_from_bytes(b"junk" * 20, {})


def test_parameters_are_checked_and_round_trip() -> None:
    with pytest.raises(ValueError, match="algorithm"):
        CrfParams(algorithm="sgd")
    with pytest.raises(ValueError, match="label scheme"):
        CrfParams(labels="bilou")
    params = CrfParams(algorithm="pa", c=0.5, iterations=7)
    assert CrfParams.from_dict(params.to_dict()) == params
    assert params.trainer_params() == {"max_iterations": 7, "type": 2, "c": 0.5, "averaging": True}
    assert params.with_overrides(c1=None, iterations=3).iterations == 3


def test_no_tokens_is_an_error() -> None:
    from deid_studio.core.document import Document

    with pytest.raises(ValueError, match="no text"):
        train_crf([Document("   \n ")], FAST)


def test_the_same_seed_gives_the_same_model_whatever_ran_before() -> None:
    corpus = toy_corpus(15)
    first = train_crf(corpus, CrfParams(iterations=3))
    train_crf(corpus, CrfParams(iterations=3, seed=9))  # draws from the shuffling's generator
    assert train_crf(corpus, CrfParams(iterations=3)).data == first.data
