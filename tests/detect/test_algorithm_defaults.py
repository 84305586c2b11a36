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


class _Appended:
    """A stand-in trainer that keeps what training appends (labels per line)."""

    def __init__(self) -> None:
        self.lines: list[list[str]] = []

    def append(self, features: object, labels: list[str]) -> None:
        self.lines.append(labels)


def test_beyond_the_floor_only_a_share_of_the_lines_without_phi_is_trained_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from toycorpus import toy_corpus

    from deid_studio.detect import crf

    documents = toy_corpus(400)  # each: a name line, a date line, a line without PHI

    def appended(share: float) -> list[list[str]]:
        trainer = _Appended()
        params = CrfParams(negatives=share)
        crf._append_all(trainer, documents, params, lambda *a: None, lambda: False, 0, None)
        return trainer.lines

    monkeypatch.setattr(crf, "NEGATIVE_FLOOR", 1_000_000)  # a small corpus: every line
    assert len(appended(0.5)) == len(appended(1.0)) == 3 * 400
    monkeypatch.setattr(crf, "NEGATIVE_FLOOR", 100)
    everything, half = appended(1.0), appended(0.5)
    with_phi = [labels for labels in everything if set(labels) != {"O"}]
    assert [labels for labels in half if set(labels) != {"O"}] == with_phi  # every PHI line
    kept = len(half) - len(with_phi)
    assert 400 * 0.4 < kept < 400 * 0.6  # about half of the 400 lines without PHI


def test_the_sample_of_lines_without_phi_is_decided_by_their_text() -> None:
    from deid_studio.core.tokenize import tokenize
    from deid_studio.detect.crf import _sampled

    lines = [f"El paciente presenta fiebre {n} y tos desde hace {n % 7} dias." for n in range(2000)]
    kept = [line for line in lines if _sampled(line, tokenize(line), 0.25)]
    assert 2000 * 0.2 < len(kept) < 2000 * 0.3
    text = "otra cosa.\n" + kept[0]  # the same line elsewhere in another narrative
    tokens = [t for t in tokenize(text) if t.start >= text.index("\n")]
    assert _sampled(text, tokens, 0.25)
    assert all(_sampled(line, tokenize(line), 1.0) for line in lines[:50])


def test_the_share_of_lines_without_phi_is_the_algorithms_and_checked() -> None:
    assert CrfParams().negatives == ALGORITHM_DEFAULTS["pa"].negatives == 1 / 3
    assert CrfParams(algorithm="lbfgs").negatives == 1.0  # L-BFGS reads everything
    assert CrfParams.from_dict({"algorithm": "pa"}).negatives == 1 / 3
    with pytest.raises(ValueError, match="lines without PHI"):
        CrfParams(negatives=0.0)
