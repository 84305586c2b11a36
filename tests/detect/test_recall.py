from __future__ import annotations

import pytest
from toycorpus import toy_corpus

from deid_studio.core.document import Span
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.crf import CrfModel
from deid_studio.detect.recall import (
    TokenEvidence,
    calibrate,
    curve,
    flag_scores,
    recall_spans,
    recall_suggestions,
)
from deid_studio.detect.tagger import CrfTagger, TaggedDocument


def tagged_by_hand(text: str, p_outside: list[float], categories: list[str]) -> TaggedDocument:
    tokens = tokenize(text)
    return TaggedDocument(
        tokens,
        ["O"] * len(tokens),
        [(0, len(tokens))],
        p_outside,
        categories,
        [1.0 - p for p in p_outside],
        [0.0] * len(tokens),
        [1.0],
    )


def test_tokens_below_tau_become_spans_of_their_category() -> None:
    tagged = tagged_by_hand(
        "visto por Ana Garcia en Madrid",
        [0.99, 0.97, 0.4, 0.6, 0.95, 0.7],
        ["X", "X", "PATIENT", "PATIENT", "LOCATION", "LOCATION"],
    )
    assert recall_spans(tagged, 0.5) == [Span(10, 13, "PATIENT")]
    assert recall_spans(tagged, 0.8) == [Span(10, 20, "PATIENT"), Span(24, 30, "LOCATION")]
    [first, _] = recall_suggestions(tagged, 0.8)
    assert first.source == "crf" and first.confidence == pytest.approx(0.5)


def test_raising_tau_never_loses_recall_and_masks_more() -> None:
    evidence = TokenEvidence(
        [0.001, 0.2, 0.6, 0.9, 0.99, 0.3, 0.999, 0.9999, 0.95],
        [True, True, True, True, True, False, False, False, False],
    )
    points = curve(evidence, [0.01, 0.1, 0.5, 0.95, 0.999, 1.0])
    recalls = [p.recall for p in points]
    masked = [p.other_masked for p in points]
    assert recalls == sorted(recalls) and masked == sorted(masked)
    assert points[0].recall == pytest.approx(0.2) and points[-1].recall == 1.0
    assert points[2].precision == pytest.approx(2 / 3)  # two PHI and one other below 0.5


def test_calibration_picks_the_smallest_tau_reaching_the_target() -> None:
    phi = [i / 1000 for i in range(1000)]  # P(O) of 1000 PHI tokens: 0.000 ... 0.999
    evidence = TokenEvidence(phi + [0.9995] * 50, [True] * 1000 + [False] * 50)
    tau = calibrate(evidence, 0.995)
    [below, at] = curve(evidence, [tau - 1e-6, tau])  # the curve is in τ order
    assert at.recall >= 0.995 and below.recall < 0.995
    assert calibrate(evidence, 1.0) > 0.999 and calibrate(evidence, 0.5) < 0.5


def test_calibration_reaches_the_target_on_a_toy_model(toy_model: CrfModel) -> None:
    tagger = CrfTagger(toy_model)
    documents = toy_corpus(20, seed=21)
    parts = [
        TokenEvidence.collect(tagger.tag(d.text, "es", marginals=True), d.spans) for d in documents
    ]
    evidence = TokenEvidence.merge(parts)
    for target in (0.9, 0.995, 1.0):
        tau = calibrate(evidence, target)
        [point] = curve(evidence, [tau])
        assert point.recall >= target
    # and in use: recall mode at that τ catches at least that share of the PHI tokens
    tau = calibrate(evidence, 0.995)
    caught = total = 0
    for document in documents:
        tagged = tagger.tag(document.text, "es", marginals=True)
        found = recall_spans(tagged, tau)
        for token in tagged.tokens:
            if any(s.start <= token.start < s.end for s in document.spans) and token.text.isalnum():
                total += 1
                caught += any(s.start <= token.start < s.end for s in found)
    assert caught / total >= 0.995


def test_recall_mode_needs_marginals(toy_model: CrfModel) -> None:
    tagged = CrfTagger(toy_model).tag("Nombre: Ana Garcia", "es")
    with pytest.raises(ValueError, match="marginals"):
        recall_spans(tagged, 0.5)


def test_short_gaps_between_flagged_tokens_of_one_category_are_flagged_with_them() -> None:
    tagged = tagged_by_hand(
        "Hospital de la Paz y de Madrid",
        [0.3, 0.99, 0.99, 0.2, 0.999, 0.99, 0.4],
        ["ORG", "ORG", "ORG", "ORG", "ORG", "LOC", "LOC"],
    )
    scores = flag_scores(tagged)
    assert scores[:4] == [0.3, 0.3, 0.3, 0.2]  # "de la" takes the larger of its neighbours
    assert scores[4] == 0.999 and scores[5] == 0.99  # neighbours of other categories: no gap
    assert recall_spans(tagged, 0.5) == [Span(0, 18, "ORG"), Span(24, 30, "LOC")]
    rule = [Span(21, 23, "LOC")]  # a rule catches "de": it scores 0, and joins its run
    assert recall_spans(tagged, 0.5, rule) == [Span(0, 18, "ORG"), Span(21, 30, "LOC")]
