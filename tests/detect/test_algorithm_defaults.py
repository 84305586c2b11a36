"""Each algorithm trains with its own defaults; lbfgs alone is not pa's 10 iterations."""

from __future__ import annotations

from pathlib import Path

import pytest

from deid_studio.core.categories import preset
from deid_studio.detect.crf import ALGORITHM_DEFAULTS, ALGORITHMS, CrfParams, train_crf
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.evaluate import evaluate
from deid_studio.formats.brat import read_brat


def test_every_algorithm_has_defaults_and_switching_algorithm_takes_them() -> None:
    assert set(ALGORITHMS) == set(ALGORITHM_DEFAULTS)
    pa = CrfParams()
    assert (pa.algorithm, pa.iterations, pa.c) == ("pa", 10, 1.0)
    lbfgs = pa.with_overrides(algorithm="lbfgs")
    assert lbfgs.iterations == ALGORITHM_DEFAULTS["lbfgs"].iterations > pa.iterations
    assert (lbfgs.c1, lbfgs.c2, lbfgs.delta) == (0.05, 0.05, 1e-2)
    assert lbfgs.trainer_params()["period"] == ALGORITHM_DEFAULTS["lbfgs"].period
    assert pa.with_overrides(algorithm="lbfgs", iterations=7).iterations == 7
    assert pa.with_overrides(iterations=3).algorithm == "pa"
    # a stored model version's params keep their settings whatever the defaults become
    stored = {"algorithm": "lbfgs", "iterations": 100, "c1": 0.1, "c2": 0.01}
    again = CrfParams.from_dict(stored)
    assert (again.iterations, again.c1, again.delta) == (100, 0.1, 1e-2)


def test_lbfgs_with_its_defaults_beats_an_underfit_model(shared_data: Path) -> None:
    documents = read_brat(shared_data / "meddocan" / "train")
    train, test = documents[:20], documents[20:30]
    scheme = preset("meddocan")

    def f1(params: CrfParams) -> float:
        model = train_crf(train, params)
        detector = Detector(model, scheme, DetectorSettings(rules=False))
        found = detector.detect([(d.text, "es") for d in test])
        predicted = [[s.span for s in f.suggestions] for f in found]
        return evaluate(test, predicted).entity["strict"].micro.f1

    defaults = CrfParams().with_overrides(algorithm="lbfgs")
    underfit = CrfParams(algorithm="lbfgs", iterations=3)
    good, poor = f1(defaults), f1(underfit)
    assert good > poor + 0.1, (good, poor)
    assert good > 0.6


@pytest.mark.parametrize("algorithm", ["ap", "l2sgd", "arow"])
def test_the_other_algorithms_train_with_their_defaults(algorithm: str) -> None:
    from toycorpus import toy_corpus

    model = train_crf(toy_corpus(6), CrfParams(algorithm=algorithm))
    assert model.iterations <= ALGORITHM_DEFAULTS[algorithm].iterations
    assert model.labels


def test_a_small_corpus_takes_more_epochs_of_the_online_learner() -> None:
    pa = CrfParams()
    assert pa.epochs_for(270_000) == pa.iterations == 10  # MEDDOCAN train: as before
    assert pa.epochs_for(27_000) == 30  # fifty documents: until 800,000 tokens are seen
    assert pa.epochs_for(100) == 50  # at most five times the iterations
    assert pa.trainer_params(27_000)["max_iterations"] == 30
    # iterations asked for are the iterations trained, whatever the corpus
    assert pa.with_overrides(iterations=10).epochs_for(27_000) == 10
    assert CrfParams(algorithm="lbfgs").epochs_for(100) == ALGORITHM_DEFAULTS["lbfgs"].iterations


def test_a_toy_corpus_trains_its_grown_epochs() -> None:
    from toycorpus import toy_corpus

    model = train_crf(toy_corpus(6), CrfParams(token_passes=20_000))
    assert model.iterations > CrfParams().iterations
