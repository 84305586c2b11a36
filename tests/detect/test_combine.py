from __future__ import annotations

import itertools
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from deid_studio.core.document import Suggestion
from deid_studio.detect.combine import combine, consistent


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


NAMED = (
    "Notificador: Francisco Jose Pons Calvo, farmacéutico\n"
    "Francisco Jose Pons Calvo comunica que Rosario Mir Alberdi, paciente; Rosario Mir Alberdi"
)


def _at(string: str, nth: int = 0) -> tuple[int, int]:
    start = -1
    for _ in range(nth + 1):
        start = NAMED.index(string, start + 1)
    return start, start + len(string)


def _spans(found: list[Suggestion]) -> list[tuple[str, str]]:
    return [(NAMED[s.start : s.end], s.category) for s in found]


def test_a_sure_name_is_one_suggestion_of_its_category_wherever_it_recurs() -> None:
    """The CRF split a pharmacist's name in the narrative ("Francisco Jose Pons" a
    professional, "Calvo" a patient) and took the patient for a professional the second
    time: the masked narrative would name two people, or the wrong one."""
    found = [
        Suggestion(*_at("Francisco Jose Pons Calvo"), "PROFESSIONAL", 0.97, "crf"),
        Suggestion(*_at("Francisco Jose Pons", 1), "PROFESSIONAL", 0.71, "crf"),
        Suggestion(*_at("Calvo", 1), "PATIENT", 0.61, "crf"),
        Suggestion(*_at("Rosario Mir Alberdi"), "PATIENT", 0.95, "crf"),
        Suggestion(*_at("Rosario Mir Alberdi", 1), "PROFESSIONAL", 0.38, "crf"),
    ]
    unified = consistent(found, NAMED)
    assert _spans(unified) == [
        ("Francisco Jose Pons Calvo", "PROFESSIONAL"),
        ("Francisco Jose Pons Calvo", "PROFESSIONAL"),
        ("Rosario Mir Alberdi", "PATIENT"),
        ("Rosario Mir Alberdi", "PATIENT"),
    ]
    assert [s.confidence for s in unified] == [0.97, 0.71, 0.95, 0.38]


def test_consistency_adds_nothing_unsure_alone_or_across_an_edge() -> None:
    """An occurrence nothing covers stays uncovered (the suggestions decide what is PHI);
    one word alone says too little ("Calvo"), an unsure name nothing, and a suggestion that
    reaches across the occurrence's edge keeps its extent."""
    nothing = [Suggestion(*_at("Francisco Jose Pons Calvo"), "PROFESSIONAL", 0.97, "crf")]
    assert consistent(nothing, NAMED) == nothing
    alone = [
        Suggestion(*_at("Calvo"), "PROFESSIONAL", 0.99, "crf"),
        Suggestion(*_at("Calvo", 1), "PATIENT", 0.61, "crf"),
    ]
    assert consistent(alone, NAMED) == alone
    unsure = [
        Suggestion(*_at("Rosario Mir Alberdi"), "PATIENT", 0.85, "crf"),
        Suggestion(*_at("Rosario Mir Alberdi", 1), "PROFESSIONAL", 0.38, "crf"),
    ]
    assert consistent(unsure, NAMED) == unsure
    start, end = _at("Francisco Jose Pons Calvo", 1)
    across = [
        Suggestion(*_at("Francisco Jose Pons Calvo"), "PROFESSIONAL", 0.97, "crf"),
        Suggestion(start - 1, start + 8, "PATIENT", 0.6, "crf"),
        Suggestion(start + 9, end, "PATIENT", 0.6, "crf"),
    ]
    assert consistent(across, NAMED) == across


WORDS = ["Ana", "Garcia", "Lopez", "y", "Ana Garcia", "12", "Madrid", ",", "\n"]


@given(
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=25).map(" ".join),
    st.lists(
        st.tuples(st.integers(0, 200), st.integers(1, 20), st.floats(0, 1), st.booleans()),
        max_size=10,
    ),
)
def test_consistency_never_uncovers_a_character_nor_overlaps(
    text: str, pieces: list[tuple[int, int, float, bool]]
) -> None:
    found = combine(
        [
            Suggestion(a, min(a + n, len(text)), "PATIENT" if p else "PROFESSIONAL", c, "crf")
            for a, n, c, p in pieces
            if a < len(text)
        ],
        text=text,
    )
    unified = consistent(found, text)
    assert covered(unified) >= covered(found)
    assert all(a.end <= b.start for a, b in itertools.pairwise(unified))


def test_on_the_best_path_a_crf_name_is_sure_whatever_its_marginal() -> None:
    text = "Reporter: Studio 27, Williams Freeway. Sent from Studio 27, Williams Freeway."
    header = Suggestion(10, 37, "LOCATION", 0.89, "crf")  # below SURE, on the best path
    split = [
        Suggestion(49, 68, "LOCATION", 0.80, "crf"),
        Suggestion(69, 76, "PROFESSIONAL", 0.42, "crf"),
    ]
    # the same spans with the marginals (the window) as without them (tag, batch: all 1.0)
    with_marginals = consistent([header, *split], text, best_path=True)
    without = consistent([replace(s, confidence=1.0) for s in (header, *split)], text)
    spans = [(s.start, s.end, s.category) for s in with_marginals]
    assert spans == [(s.start, s.end, s.category) for s in without]
    assert spans == [(10, 37, "LOCATION"), (49, 76, "LOCATION")]
    # recall mode's spans are no best path: there the marginal decides
    assert consistent([header, *split], text) == [header, *split]
