"""Spans joined across line breaks where the gold joins them; the queue's diversity term."""

from __future__ import annotations

from deid_studio.core.document import Document, Span, Suggestion
from deid_studio.detect.diversity import diversified
from deid_studio.detect.joins import join_lines, line_joins

ADDRESS = "Send to\n12 Elm Street\n Apt. 4\nSpringfield\nthanks"


def test_categories_the_gold_writes_over_several_lines_are_joined() -> None:
    one = Span(8, 40, "ADDRESS")  # "12 Elm Street\n Apt. 4\nSpringfield"
    apart = "Dates:\n03/04/2020\n05/06/2021\n"
    dates = (Span(7, 17, "DATE"), Span(18, 28, "DATE"))
    gold = [Document(ADDRESS, (one,))] * 3 + [Document(apart, dates)] * 3
    joins = line_joins(gold)
    assert joins == {"ADDRESS": 1.0, "DATE": 0.0}
    pieces = [
        Suggestion(8, 21, "ADDRESS", 0.9, "crf"),
        Suggestion(23, 29, "ADDRESS", 0.8, "crf"),
        Suggestion(30, 41, "ADDRESS", 0.7, "crf"),
    ]
    [joined] = join_lines(ADDRESS, pieces, joins)
    assert (joined.start, joined.end, joined.confidence) == (8, 41, 0.7)
    two_dates = [Suggestion(7, 17, "DATE", 1.0, "crf"), Suggestion(18, 28, "DATE", 1.0, "crf")]
    assert join_lines(apart, two_dates, joins) == two_dates  # the gold keeps dates apart
    same_line = [
        Suggestion(8, 10, "ADDRESS", 1.0, "crf"),
        Suggestion(11, 21, "ADDRESS", 1.0, "crf"),
    ]
    assert join_lines(ADDRESS, same_line, joins) == same_line  # only across a line break


def test_the_diverse_queue_skips_near_copies_of_what_was_just_annotated() -> None:
    texts = [
        "Ana Garcia vive en Madrid y tiene fiebre",
        "Ana Garcia vive en Madrid y tiene fiebre alta",
        "Pedro Lopez ingresa en Toledo por tos",
        "informe sin datos",
    ]
    scores = [0.9, 0.8, 0.5, 0.1]
    assert diversified(texts, scores, count=2, weight=0.0) == [0, 1]  # uncertainty alone
    assert diversified(texts, scores, count=2) == [0, 2]  # not the copy of the first pick
    just_annotated = ["Ana Garcia vive en Madrid y tiene fiebre"]
    assert diversified(texts, scores, just_annotated, count=1) == [2]
    assert diversified([], [], count=3) == []
