from __future__ import annotations

import pytest
from toycorpus import toy_corpus

from deid_studio.core.document import Span
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.crf import CrfModel
from deid_studio.detect.recall import (
    TokenEvidence,
    calibrate,
    calibrate_scale,
    curve,
    flag_scores,
    recall_spans,
    recall_suggestions,
)
from deid_studio.detect.tagger import CrfTagger, TaggedDocument


def tagged_by_hand(
    text: str,
    p_outside: list[float],
    categories: list[str],
    p_category: list[float] | None = None,
    labels: list[str] | None = None,
) -> TaggedDocument:
    """One line; by default all of a token's PHI probability is its category's, best path O."""
    tokens = tokenize(text)
    return TaggedDocument(
        tokens,
        labels or ["O"] * len(tokens),
        [(0, len(tokens))],
        p_outside,
        categories,
        p_category or [1.0 - p for p in p_outside],
        [0.0] * len(tokens),
        [1.0],
    )


def test_tokens_below_tau_become_spans_of_their_category() -> None:
    tagged = tagged_by_hand(
        "visto por Ana Garcia en Madrid",
        [0.99, 0.97, 0.4, 0.6, 0.95, 0.7],
        ["X", "X", "PATIENT", "PATIENT", "LOCATION", "LOCATION"],
    )
    assert recall_spans(tagged, 0.3) == []
    # "Garcia" (0.6) beside the more doubtful "Ana" (0.4): 0.6 squared, but not below 0.4
    assert flag_scores(tagged)[3] == pytest.approx(0.4)
    assert recall_spans(tagged, 0.5) == [Span(10, 20, "PATIENT")]
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
    # "y" and the second "de" only touch a more doubtful token of their category: squared
    assert scores[4] == pytest.approx(0.999**2) and scores[5] == pytest.approx(0.99**2)
    assert recall_spans(tagged, 0.5) == [Span(0, 18, "ORG"), Span(24, 30, "LOC")]
    rule = [Span(21, 23, "LOC")]  # a rule catches "de": it scores 0, and joins its run
    assert recall_spans(tagged, 0.5, rule) == [Span(0, 18, "ORG"), Span(21, 30, "LOC")]


def test_doubt_spread_over_many_categories_counts_less_than_doubt_on_one() -> None:
    # both tokens have P(O) 0.6; the first's other 0.4 is all PATIENT, the second's is spread
    # thinly (its likeliest category has 0.05): P(O) against that category alone is 0.6 / 0.65
    tagged = tagged_by_hand("Ana viene", [0.6, 0.6], ["PATIENT", "CITY"], p_category=[0.4, 0.05])
    first, second = flag_scores(tagged)
    assert first == pytest.approx(0.6) and second == pytest.approx(0.6 / 0.65)
    assert recall_spans(tagged, 0.7) == [Span(0, 3, "PATIENT")]


def test_a_token_beside_a_more_doubtful_one_of_its_category_is_doubted_twice() -> None:
    tagged = tagged_by_hand(
        "calle Mayor 5 bajo",
        [0.9, 0.3, 0.8, 0.95],
        ["STREET", "STREET", "STREET", "CITY"],
    )
    scores = flag_scores(tagged)
    assert scores[0] == pytest.approx(0.81) and scores[2] == pytest.approx(0.64)
    assert scores[1] == 0.3  # the most doubtful one keeps its own score
    assert scores[3] == 0.95  # its neighbour is of another category
    # a neighbour only a little more doubtful: the token cannot drop below it
    close = tagged_by_hand("Ana Garcia", [0.5, 0.6], ["PATIENT", "PATIENT"])
    assert flag_scores(close) == [0.5, 0.5]
    # punctuation does not extend an entity ("Lugo ," keeps its comma)
    comma = tagged_by_hand("Lugo , ayer", [0.2, 0.8, 0.99], ["CITY", "CITY", "CITY"])
    assert flag_scores(comma)[1] == 0.8
    assert recall_spans(comma, 0.7) == [Span(0, 4, "CITY")]


def test_a_word_marked_anywhere_in_the_narrative_is_flagged_everywhere_in_it() -> None:
    text = "Nombre Maialen de Prado . Maialen mostró de nuevo fiebre"
    tagged = tagged_by_hand(
        text,
        [0.999, 0.01, 0.3, 0.02, 0.999, 0.97, 0.99, 0.999, 0.999, 0.999],
        ["X", "PATIENT", "PATIENT", "PATIENT"] + ["PATIENT"] * 6,
        labels=["O", "B-PATIENT", "I-PATIENT", "I-PATIENT"] + ["O"] * 6,
    )
    scores = flag_scores(tagged)
    assert scores[5] == 0.0  # the second "Maialen" (P(O) 0.97), marked in the header
    assert scores[7] > 0.9  # "de" is marked in the header too, but it is a stopword
    [header, story] = recall_spans(tagged, 0.5)
    assert (header.start, header.end, story.category) == (7, 23, "PATIENT")
    assert text[story.start : story.end] == "Maialen"
    # a rule's mark counts too, and gives its category
    plain = tagged_by_hand(
        "Vive en Lugo y trabaja en Lugo", [0.99, 0.99, 0.95, 0.99, 0.99, 0.99, 0.95], ["CITY"] * 7
    )
    assert recall_spans(plain, 0.5) == []
    rule = [Span(8, 12, "TOWN")]
    assert recall_spans(plain, 0.5, rule) == [Span(8, 12, "TOWN"), Span(26, 30, "TOWN")]


def test_the_scale_kept_is_the_one_masking_least_at_the_target() -> None:
    phi = [True] * 4 + [False] * 6  # the last PHI token decides τ (target 1.0)
    sharp = TokenEvidence([0.0, 0.1, 0.2, 0.9, 0.5, 0.6, 0.7, 0.8, 0.95, 0.99], phi)
    soft = TokenEvidence([0.0, 0.1, 0.2, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99], phi)
    [best, other] = calibrate_scale([(8.0, sharp), (4.0, soft)], target=1.0)
    assert (best.scale, other.scale) == (4.0, 8.0)
    assert best.tau == pytest.approx(0.5) and best.other_masked == 0.0
    assert other.tau == pytest.approx(0.9) and other.other_masked == pytest.approx(4 / 6)
    # equals: the first given wins
    [first, _] = calibrate_scale([(8.0, soft), (4.0, soft)], target=1.0)
    assert first.scale == 8.0 and first.to_dict()["other_masked"] == 0.0
