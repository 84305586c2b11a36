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
    assert joins == {
        "ADDRESS": 1.0,
        "ADDRESS 0": 1.0,  # "Springfield": no indent
        "ADDRESS 1": 1.0,  # " Apt. 4"
        "DATE": 0.0,
        "DATE 0": 0.0,
    }
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


def test_the_gold_may_join_by_layout_the_share_of_a_layout_decides() -> None:
    """A project whose gold joins an address run on in a sentence but keeps the parts of a
    letter's head apart (after a blank line, one part a line): each is joined as its gold."""
    story = "He lives at 12 Elm Street\n Apt. 4\n Springfield now"
    letter = "Dear Sir\n\n12 Elm Street\n Apt. 4\n Springfield"
    run_on = Span(12, 46, "ADDRESS")
    parts = (Span(10, 23, "ADDRESS"), Span(25, 31, "ADDRESS"), Span(33, 44, "ADDRESS"))
    gold = [Document(story, (run_on,))] * 4 + [Document(letter, parts)] * 3
    joins = line_joins(gold)
    assert joins["ADDRESS 1"] == 1.0 and joins["ADDRESS 1 blank"] == 0.0
    assert joins["ADDRESS"] == 4 / 10  # the category alone would not join the story's

    def found(text: str, spans: tuple[Span, ...]) -> list[tuple[int, int]]:
        pieces = [Suggestion(s.start, s.end, "ADDRESS", 0.9, "crf") for s in spans]
        return [(s.start, s.end) for s in join_lines(text, pieces, joins)]

    story_parts = (Span(12, 25, "ADDRESS"), Span(27, 33, "ADDRESS"), Span(35, 46, "ADDRESS"))
    assert found(story, story_parts) == [(12, 46)]
    assert found(letter, parts) == [(s.start, s.end) for s in parts]
    assert join_lines(story, [], joins) == []


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
