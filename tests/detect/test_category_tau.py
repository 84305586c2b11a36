"""Recall mode's per-category thresholds, its precision floor, and the detector's merge of
rule suggestions beside the CRF's."""

from __future__ import annotations

import random

import pytest
from test_recall import tagged_by_hand

from deid_studio.core.document import Suggestion
from deid_studio.detect.detector import _beside
from deid_studio.detect.recall import (
    TokenEvidence,
    calibrate,
    category_offsets,
    curve,
    floored,
    recall_spans,
    shift,
)


def evidence() -> TokenEvidence:
    """DATE: PHI sure (scores near 0), many other tokens at 0.2-0.4; NAME: PHI doubtful
    (0.3-0.7), few other tokens. One τ for both has to mask DATE's others to reach NAME's."""
    rng = random.Random(0)
    scores, phi, kinds = [], [], []
    for _ in range(400):
        scores.append(rng.uniform(0.0, 0.05))
        phi.append(True)
        kinds.append("DATE")
    for _ in range(2000):
        scores.append(rng.uniform(0.2, 0.4))
        phi.append(False)
        kinds.append("DATE")
    for _ in range(400):
        scores.append(rng.uniform(0.3, 0.7))
        phi.append(True)
        kinds.append("NAME")
    for _ in range(300):
        scores.append(rng.uniform(0.6, 0.95))
        phi.append(False)
        kinds.append("NAME")
    return TokenEvidence(scores, phi, kinds)


def test_per_category_offsets_reach_the_target_masking_less_than_one_tau() -> None:
    found = evidence()
    target = 0.99
    one = curve(found, [calibrate(found, target)])[0]
    offsets = category_offsets(found, target)
    assert offsets["DATE"] < 0 < offsets["NAME"]  # DATE's threshold down, NAME's up
    shifted = found.shifted(offsets)
    both = curve(shifted, [calibrate(shifted, target)])[0]
    assert both.recall >= target and one.recall >= target
    assert both.other_masked < one.other_masked / 2
    # too few PHI tokens of a category for a threshold of its own: the common τ
    assert category_offsets(found, target, minimum=1000) == {}


def test_an_offset_moves_one_category_and_the_slider_still_moves_everything() -> None:
    assert shift(0.5, 0.0) == 0.5 and shift(0.0, 3.0) == 0.0
    assert shift(0.5, 1.0) < 0.5 < shift(0.5, -1.0)
    tagged = tagged_by_hand(
        "visto por Ana en Madrid",
        [0.99, 0.97, 0.6, 0.95, 0.6],
        ["X", "X", "PATIENT", "LOCATION", "LOCATION"],
    )
    assert recall_spans(tagged, 0.5) == []
    offsets = {"PATIENT": 1.0}  # PATIENT's threshold higher than the common τ
    assert [s.category for s in recall_spans_with(tagged, 0.5, offsets)] == ["PATIENT"]
    # τ (the slider) still moves every category, each from its own threshold
    assert {s.category for s in recall_spans_with(tagged, 0.7, offsets)} == {
        "PATIENT",
        "LOCATION",
    }


def recall_spans_with(tagged, tau, offsets):
    from deid_studio.detect.recall import recall_suggestions

    return [s.span for s in recall_suggestions(tagged, tau, (), offsets)]


def test_with_little_gold_the_threshold_stops_at_the_precision_floor() -> None:
    # a model unsure of everything: PHI and other tokens score alike above 0.1
    rng = random.Random(1)
    scores = [rng.uniform(0.0, 0.1) for _ in range(80)]  # PHI the model is sure of
    scores += [rng.uniform(0.1, 1.0) for _ in range(2040)]  # 40 PHI among 2,000 others
    phi = [True] * 120 + [False] * 2000
    found = TokenEvidence(scores, phi)
    tau = calibrate(found, 0.995)
    assert curve(found, [tau])[0].precision < 0.5  # the target would mask most of the text
    kept = floored(found, tau, 0.5)
    point = curve(found, [kept])[0]
    assert kept < tau and point.precision >= 0.5 and point.recall >= 0.6
    assert floored(found, kept, 0.5) == kept  # a τ above the floor stays


def rule(start: int, end: int, category: str, name: str) -> Suggestion:
    return Suggestion(start, end, category, 0.9, "rule", name)


def crf(start: int, end: int, category: str) -> Suggestion:
    return Suggestion(start, end, category, 1.0, "crf")


def test_a_rule_that_only_recuts_what_the_crf_covers_is_left_out() -> None:
    text = "C/ Esquerdo, 46 28009 Madrid"
    street, postcode = crf(0, 15, "CALLE"), crf(16, 21, "TERRITORIO")
    across = rule(13, 21, "NUMERO_TELEFONO", "phone_possible")  # "46 28009"
    assert _beside([across], [street, postcode], text, {}) == []
    # a letter or digit the CRF missed: the rule stays (nothing covered is ever lost)
    assert _beside([across], [street], text, {}) == [across]
    # the project prefers the rules for the category: the rule stays
    assert _beside([across], [street, postcode], text, {"NUMERO_TELEFONO": "rule"}) == [across]
    # a name rule joins only where the CRF has nothing
    name = rule(22, 28, "NOMBRE", "name_pair")
    assert _beside([name], [crf(22, 28, "TERRITORIO")], text, {}) == []
    assert _beside([name], [street], text, {}) == [name]


def test_a_component_of_a_word_rule_that_the_crf_left_out_stays() -> None:
    text = "Address: 34555 Colon Burgs Suite 269, Jamesport 10039\nCountry: USA"
    address = rule(9, 53, "LOCATION", "field_street")  # street, town and ZIP code
    street, zip_code = crf(9, 36, "LOCATION"), crf(48, 53, "LOCATION")
    # the CRF's boundaries win, but the town between its two spans is not dropped
    [town] = _beside([address], [street, zip_code], text, {})
    assert text[town.start : town.end] == "Jamesport" and town.rule == "field_street"
    # a part the CRF left out that is no component of its own is dropped with the rule
    name = rule(0, 17, "PERSON", "name_pair")
    assert _beside([name], [crf(0, 4, "PERSON")], "Anna van der Berg", {}) == []
    # nothing left out: nothing added
    assert _beside([address], [crf(9, 53, "LOCATION")], text, {}) == []


def test_an_age_the_crf_marked_without_its_unit_stays_the_crfs() -> None:
    text = "This 79 year old woman, a 38-year-old man and a 31 y/o, aged seventy-nine years"
    ages = [
        (rule(5, 12, "AGE", "age_before_old"), crf(5, 7, "AGE")),  # "79 year" | "79"
        (rule(26, 37, "AGE", "age_compound"), crf(26, 28, "AGE")),  # "38-year-old" | "38"
        (rule(48, 54, "AGE", "age_yo"), crf(48, 50, "AGE")),  # "31 y/o" | "31"
    ]
    for age, number in ages:
        # the gold the CRF learnt from marks the number alone: no "[AGE][AGE] old"
        assert _beside([age], [number], text, {}, age="AGE") == []
        # without the age's category (another scheme's), every letter the CRF missed stays
        assert _beside([age], [number], text, {}) == [age]
    # a number's letters the CRF missed are no unit: the rule stays
    spelt = rule(61, 79, "AGE", "age_after_key")  # "seventy-nine years" | "seventy"
    assert _beside([spelt], [crf(61, 68, "AGE")], text, {}, age="AGE") == [spelt]


@pytest.mark.parametrize("floor", [0.3, 0.5])
def test_the_floor_never_raises_tau(floor: float) -> None:
    found = evidence()
    tau = calibrate(found, 0.99)
    assert floored(found, tau, floor) <= tau


def test_tau_stops_where_it_would_mask_more_than_the_budget_of_other_words() -> None:
    """Fifty documents of dense PHI: precision stays above the floor while the target
    recall would mask most of the other words; τ stops within the budget instead."""
    rng = random.Random(1)
    phi = [rng.uniform(0.0, 0.6) for _ in range(1000)]
    other = [rng.uniform(0.1, 0.7) for _ in range(200)]
    found = TokenEvidence(phi + other, [True] * len(phi) + [False] * len(other))
    tau = calibrate(found, 0.995)
    [wanted] = curve(found, [tau])
    assert wanted.precision >= 0.5 and wanted.other_masked > 0.5  # the floor lets it pass
    stopped = floored(found, tau, budget=0.06)
    [point] = curve(found, [stopped])
    assert stopped < tau and point.other_masked <= 0.06 and point.recall > 0.1
    assert floored(found, tau, budget=1.0) == tau  # no budget: the floor alone


def test_a_quiet_rule_says_nothing_where_the_crf_has_nothing_in_default_mode(toy_model) -> None:
    from dataclasses import replace as changed

    from deid_studio.core.categories import preset
    from deid_studio.detect.detector import Detector, DetectorSettings

    text = "Llamar al 612 345 678 mañana."
    loud = Detector(toy_model, preset("pv"), DetectorSettings())
    [phone] = [s for s in loud.detect([(text, "es")])[0].suggestions if s.source == "rule"]
    assert phone.rule is not None
    quiet = Detector(
        toy_model, preset("pv"), changed(DetectorSettings(), quiet_rules=frozenset({phone.rule}))
    )
    assert not quiet.detect([(text, "es")])[0].suggestions
    recall = quiet.detect([(text, "es")], mode="recall")[0].suggestions
    assert any(s.start <= phone.start and phone.end <= s.end for s in recall)  # recall keeps it


def test_what_a_model_learnt_reaches_the_detector_settings() -> None:
    from deid_studio.detect.detector import DetectorSettings

    metrics = {
        "tau": 0.3,
        "tau_offsets": {"DATE": -1.5},
        "quiet_rules": ["place_gazetteer"],
        "line_joins": {"ADDRESS": 0.8},
    }
    settings = DetectorSettings.of_model({"priority": {"DATE": "rule"}}, metrics)
    assert settings.tau == 0.3 and settings.priority == {"DATE": "rule"}
    assert settings.offsets == {"DATE": -1.5} and settings.joins == {"ADDRESS": 0.8}
    assert settings.quiet_rules == {"place_gazetteer"}
    old = DetectorSettings.of_model(None, {"tau": 0.4})  # a model version stored before
    assert (old.tau, old.offsets, old.quiet_rules, old.joins) == (0.4, {}, frozenset(), {})
