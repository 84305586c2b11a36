from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from deid_studio.core.document import Suggestion
from deid_studio.detect.combine import combine


def covered(suggestions: list[Suggestion]) -> set[int]:
    return {i for s in suggestions for i in range(s.start, s.end)}


suggestion = st.builds(
    lambda start, length, category, confidence, source: Suggestion(
        start, start + length, category, confidence, source
    ),
    st.integers(0, 60),
    st.integers(1, 15),
    st.sampled_from(["DATE", "PATIENT", "ID"]),
    st.floats(0, 1),
    st.sampled_from(["rule", "crf"]),
)
priority = st.dictionaries(
    st.sampled_from(["DATE", "PATIENT", "ID"]), st.sampled_from(["rule", "crf"])
)
TEXT = "Ana Garcia, 12/03/2020 , NHC 12345; ingreso en Madrid el lunes , dos  veces al dia ..."


@given(st.lists(suggestion, max_size=12), priority, st.booleans())
def test_no_covered_character_is_ever_lost_and_nothing_overlaps(
    found: list[Suggestion], chosen: dict[str, str], with_text: bool
) -> None:
    merged = combine(found, chosen, text=TEXT if with_text else None)
    assert covered(merged) == covered(found)
    ordered = sorted(merged, key=lambda s: s.start)
    assert ordered == merged
    assert all(a.end <= b.start for a, b in itertools.pairwise(ordered))
    assert all(s.source in ("rule", "crf") and 0 <= s.confidence <= 1 for s in merged)


@given(st.lists(suggestion, max_size=12), priority)
def test_a_suggestion_its_category_prefers_keeps_its_whole_extent(
    found: list[Suggestion], chosen: dict[str, str]
) -> None:
    merged = combine(found, chosen)
    for s in found:
        if chosen.get(s.category, "crf") != s.source:
            continue
        rivals = [
            o
            for o in found
            if o is not s
            and o.start < s.end
            and s.start < o.end
            and chosen.get(o.category, "crf") == o.source
        ]
        if not rivals:  # only suggestions of a non-preferred source overlap it
            assert s in merged


def test_priority_decides_which_category_a_contested_stretch_gets() -> None:
    rule = Suggestion(0, 10, "DATE", 1.0, "rule")
    crf = Suggestion(0, 10, "ID", 0.9, "crf")
    assert combine([rule, crf]) == [crf]  # the CRF wins by default
    assert combine([rule, crf], {"DATE": "rule"}) == [rule]
    assert combine([rule, crf], {"DATE": "rule", "ID": "rule"}) == [rule]  # rules first on ties


def test_the_loser_keeps_what_the_winner_does_not_cover() -> None:
    crf = Suggestion(5, 15, "DATE", 0.8, "crf")
    rule = Suggestion(0, 20, "DATE", 1.0, "rule")
    assert combine([crf, rule], {"DATE": "crf"}) == [
        Suggestion(0, 5, "DATE", 1.0, "rule"),
        crf,
        Suggestion(15, 20, "DATE", 1.0, "rule"),
    ]


def test_blank_leftovers_join_a_neighbour() -> None:
    text = "Ana Garcia, Lopez"
    names = Suggestion(0, 10, "PATIENT", 0.9, "crf")
    longer = Suggestion(0, 17, "OTHER", 0.2, "rule")
    merged = combine([names, longer], {"OTHER": "crf"}, text=text)
    assert covered(merged) == set(range(17))
    assert merged == [names, Suggestion(10, 17, "OTHER", 0.2, "rule")]  # ", " stays with Lopez
