"""Every metric on small cases whose numbers are worked out by hand in the comments."""

from __future__ import annotations

import pytest

from deid_studio.core import Document, Span, preset
from deid_studio.evaluate import (
    Counts,
    Scores,
    collapse,
    entity_scores,
    evaluate,
    mapped,
    token_scores,
)

# Six four-letter tokens: 0 "abcd" 0-4, 1 "efgh" 5-9, 2 "ijkl" 10-14, 3 "mnop" 15-19,
# 4 "qrst" 20-24, 5 "uvwx" 25-29.
TEXT = "abcd efgh ijkl mnop qrst uvwx"
GOLD = [Span(0, 9, "NAME"), Span(15, 19, "DATE"), Span(25, 29, "DATE")]
PRED = [
    Span(0, 9, "NAME"),  # exact
    Span(15, 24, "DATE"),  # covers the DATE at 15-19 and one token more
    Span(25, 29, "NAME"),  # right place, wrong category
]


def approx(*values: float) -> tuple[object, ...]:
    return tuple(pytest.approx(v) for v in values)


def prf(counts: Counts) -> tuple[float, float, float]:
    return counts.precision, counts.recall, counts.f1


def test_strict() -> None:
    scores = entity_scores(TEXT, GOLD, PRED, "strict")
    # NAME: 0-9 matches (tp 1); 25-29 NAME has no identical gold (fp 1); no NAME missed.
    assert scores.per_category["NAME"] == Counts(tp=1, fp=1, fn=0)
    # DATE: 15-24 is not 15-19 (fp 1); 15-19 and 25-29 are both missed (fn 2).
    assert scores.per_category["DATE"] == Counts(tp=0, fp=1, fn=2)
    # micro: tp 1, fp 2, fn 2 -> P = 1/3, R = 1/3, F1 = 1/3
    assert scores.micro == Counts(1, 2, 2)
    assert prf(scores.micro) == approx(1 / 3, 1 / 3, 1 / 3)
    # macro: NAME P 1/2 R 1 F1 2/3; DATE P 0 R 0 F1 0 -> P 1/4, R 1/2, F1 1/3
    macro = scores.macro
    assert (macro.precision, macro.recall, macro.f1) == approx(1 / 4, 1 / 2, 1 / 3)


def test_covering() -> None:
    scores = entity_scores(TEXT, GOLD, PRED, "covering")
    # NAME: gold 0-9 covered (tp 1); predicted 25-29 NAME overlaps no NAME gold (fp 1).
    assert scores.per_category["NAME"] == Counts(tp=1, fp=1, fn=0)
    # DATE: 15-19 lies inside 15-24 (tp 1); 25-29 has no DATE prediction (fn 1);
    # 15-24 overlaps a DATE gold, so it is no fp.
    assert scores.per_category["DATE"] == Counts(tp=1, fp=0, fn=1)
    # micro: tp 2, fp 1, fn 1 -> P = 2/3, R = 2/3, F1 = 2/3
    assert prf(scores.micro) == approx(2 / 3, 2 / 3, 2 / 3)


def test_overlap() -> None:
    # Same as covering here: every overlapping prediction also covers its gold span.
    scores = entity_scores(TEXT, GOLD, PRED, "overlap")
    assert scores.per_category == {"DATE": Counts(1, 0, 1), "NAME": Counts(1, 1, 0)}


def test_partial_prediction_counts_for_overlap_not_for_covering() -> None:
    gold = [Span(10, 19, "DATE")]  # "ijkl mnop"
    pred = [Span(10, 14, "DATE")]  # "ijkl" only
    # strict: 10-14 != 10-19 -> tp 0, fp 1, fn 1
    assert entity_scores(TEXT, gold, pred, "strict").micro == Counts(0, 1, 1)
    # covering: "mnop" is not hidden -> fn 1; the prediction overlaps the gold -> fp 0
    assert entity_scores(TEXT, gold, pred, "covering").micro == Counts(0, 0, 1)
    # overlap: they share "ijkl" -> tp 1, fp 0, fn 0
    assert entity_scores(TEXT, gold, pred, "overlap").micro == Counts(1, 0, 0)


def test_one_prediction_over_two_gold_spans() -> None:
    gold = [Span(0, 4, "NAME"), Span(5, 9, "NAME")]
    pred = [Span(0, 9, "NAME")]
    # strict: neither gold span is 0-9 -> tp 0, fp 1, fn 2 -> P 0, R 0, F1 0
    strict = entity_scores(TEXT, gold, pred, "strict").micro
    assert strict == Counts(0, 1, 2)
    assert prf(strict) == (0.0, 0.0, 0.0)
    # covering: both gold spans are hidden by 0-9 -> tp 2, fp 0, fn 0 -> P 1, R 1
    assert entity_scores(TEXT, gold, pred, "covering").micro == Counts(2, 0, 0)
    # overlap: both overlap 0-9 -> tp 2, fp 0, fn 0
    assert entity_scores(TEXT, gold, pred, "overlap").micro == Counts(2, 0, 0)


def test_two_predictions_over_one_gold_span() -> None:
    gold = [Span(0, 9, "NAME")]  # "abcd efgh"
    pred = [Span(0, 4, "NAME"), Span(5, 9, "NAME")]
    # strict: tp 0, fp 2, fn 1
    assert entity_scores(TEXT, gold, pred, "strict").micro == Counts(0, 2, 1)
    # covering: "abcd" and "efgh" are covered, the space between needs no cover -> tp 1
    assert entity_scores(TEXT, gold, pred, "covering").micro == Counts(1, 0, 0)
    # a gap that is not whitespace leaves the gold span uncovered: "efgh" is only half hidden
    half = [Span(0, 4, "NAME"), Span(7, 9, "NAME")]
    assert entity_scores(TEXT, gold, half, "covering").micro == Counts(0, 0, 1)
    assert entity_scores(TEXT, gold, half, "overlap").micro == Counts(1, 0, 0)


def test_adjacent_spans_are_distinct() -> None:
    gold = [Span(0, 4, "NAME"), Span(4, 9, "NAME")]  # touching at 4, no shared character
    pred = [Span(0, 4, "NAME")]
    # strict and overlap: 0-4 matches the first; 4-9 is untouched -> tp 1, fp 0, fn 1
    assert entity_scores(TEXT, gold, pred, "strict").micro == Counts(1, 0, 1)
    assert entity_scores(TEXT, gold, pred, "overlap").micro == Counts(1, 0, 1)
    assert entity_scores(TEXT, gold, pred, "covering").micro == Counts(1, 0, 1)


def test_nested_spans_and_mapping() -> None:
    gold = [Span(0, 14, "LOCATION"), Span(5, 9, "CITY")]  # a city inside a location
    pred = [Span(5, 9, "CITY")]
    # per category: CITY tp 1; LOCATION fn 1 -> micro tp 1, fp 0, fn 1 -> P 1, R 1/2
    strict = entity_scores(TEXT, gold, pred, "strict")
    assert strict.per_category == {"CITY": Counts(1, 0, 0), "LOCATION": Counts(0, 0, 1)}
    assert prf(strict.micro) == approx(1.0, 0.5, 2 / 3)
    # mapped CITY -> LOCATION: gold LOCATION 0-14 and 5-9, predicted LOCATION 5-9
    mapping = {"CITY": "LOCATION"}
    # covering: 0-14 is not covered (fn), 5-9 is (tp) -> tp 1, fn 1
    assert entity_scores(TEXT, gold, pred, "covering", mapping).micro == Counts(1, 0, 1)
    # overlap: 5-9 overlaps both -> tp 2
    assert entity_scores(TEXT, gold, pred, "overlap", mapping).micro == Counts(2, 0, 0)


def test_mapping_by_function_drops_none_and_collapse_uses_the_scheme() -> None:
    spans = [Span(0, 4, "DOCTOR"), Span(5, 9, "PATIENT"), Span(10, 14, "OTHER")]
    assert mapped(spans, lambda c: None if c == "OTHER" else c) == {
        Span(0, 4, "DOCTOR"),
        Span(5, 9, "PATIENT"),
    }
    assert {s.category for s in mapped(spans, collapse(preset("i2b2-2014")))} == {
        "NAME",
        "OTHER",  # not in the scheme: kept as it is
    }


def test_duplicate_spans_count_once() -> None:
    gold = [Span(0, 4, "NAME"), Span(0, 4, "NAME")]
    assert entity_scores(TEXT, gold, gold, "strict").micro == Counts(1, 0, 0)


@pytest.mark.parametrize("matching", ["strict", "covering", "overlap"])
def test_empty_cases(matching: str) -> None:
    # nothing to find, nothing predicted: every ratio has a zero denominator -> 1, 1, 1
    empty = entity_scores(TEXT, [], [], matching)
    assert empty.micro == Counts()
    assert prf(empty.micro) == (1.0, 1.0, 1.0)
    assert (empty.macro.precision, empty.macro.recall, empty.macro.f1) == (1.0, 1.0, 1.0)
    # nothing to find, one prediction: tp 0 fp 1 -> P 0, R 1 (nothing missed), F1 0
    spurious = entity_scores(TEXT, [], [Span(0, 4, "NAME")], matching).micro
    assert prf(spurious) == (0.0, 1.0, 0.0)
    # one gold span, no prediction: tp 0 fn 1 -> P 1 (no false claim), R 0, F1 0
    silent = entity_scores(TEXT, [Span(0, 4, "NAME")], [], matching).micro
    assert prf(silent) == (1.0, 0.0, 0.0)


def test_unknown_matching() -> None:
    with pytest.raises(ValueError, match="unknown matching"):
        entity_scores(TEXT, GOLD, PRED, "fuzzy")


def test_token_binary_and_per_category() -> None:
    scores = token_scores(TEXT, GOLD, PRED)
    # gold tokens: 0, 1 (NAME 0-9), 3 (DATE 15-19), 5 (DATE 25-29) -> {0, 1, 3, 5}
    # predicted tokens: 0, 1 (0-9), 3, 4 (15-24), 5 (25-29) -> {0, 1, 3, 4, 5}
    # binary: tp {0, 1, 3, 5} = 4, fp {4} = 1, fn 0 -> P 4/5, R 1, F1 8/9
    assert scores.binary == Counts(4, 1, 0)
    assert prf(scores.binary) == approx(4 / 5, 1.0, 8 / 9)
    # NAME: gold {0, 1}, predicted {0, 1, 5} -> tp 2, fp 1, fn 0
    # DATE: gold {3, 5}, predicted {3, 4} -> tp 1, fp 1, fn 1
    assert scores.per_category.per_category == {"DATE": Counts(1, 1, 1), "NAME": Counts(2, 1, 0)}
    # six tokens, four of them PHI: the one other token ("ijkl") is not masked, "qrst" is
    assert scores.tokens == 6
    assert scores.masked_share == pytest.approx(1 / 2)  # fp 1 of the 2 non-PHI tokens


def test_token_touched_by_a_span_edge_counts() -> None:
    # gold "41" inside the token "41yo"? Tokens never mix letters and digits, so use a span
    # ending inside a word: "abc" of "abcd" still makes token 0 PHI.
    scores = token_scores(TEXT, [Span(0, 3, "NAME")], [Span(2, 4, "NAME")])
    assert scores.binary == Counts(1, 0, 0)


def test_token_empty_cases() -> None:
    assert prf(token_scores(TEXT, [], []).binary) == (1.0, 1.0, 1.0)
    assert prf(token_scores("", [], []).binary) == (1.0, 1.0, 1.0)
    assert token_scores("", [], []).masked_share == 0.0


def test_evaluate_sums_documents() -> None:
    first = Document(TEXT, tuple(GOLD))
    second = Document(TEXT, (Span(0, 4, "NAME"),))
    result = evaluate([first, second], [PRED, []])
    assert result.documents == 2
    # strict: first doc tp 1 fp 2 fn 2, second tp 0 fp 0 fn 1 -> tp 1, fp 2, fn 3
    assert result.entity["strict"].micro == Counts(1, 2, 3)
    # token binary: first tp 4 fp 1 fn 0; second: token 0 missed -> fn 1 -> (4, 1, 1)
    assert result.token.binary == Counts(4, 1, 1)
    assert result.token.tokens == 12
    with pytest.raises(ValueError, match="2 documents but 1"):
        evaluate([first, second], [PRED])


def test_scores_add_per_category() -> None:
    a = Scores({"NAME": Counts(1, 0, 0)})
    b = Scores({"NAME": Counts(0, 1, 0), "DATE": Counts(0, 0, 1)})
    assert (a + b).per_category == {"DATE": Counts(0, 0, 1), "NAME": Counts(1, 1, 0)}
