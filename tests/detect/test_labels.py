from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from deid_studio.core.document import Span
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.labels import decode, encode

TEXT = "Vive en 28036 Madrid , calle Mayor 5 ."


def spans_at(*words: tuple[int, int, str]) -> list[Span]:
    tokens = tokenize(TEXT)
    return [Span(tokens[a].start, tokens[b].end, cat) for a, b, cat in words]


def test_bio_marks_every_start_and_iob1_only_adjacent_ones() -> None:
    tokens = tokenize(TEXT)
    spans = spans_at((2, 2, "TERRITORIO"), (3, 3, "TERRITORIO"), (5, 7, "CALLE"))
    assert encode(tokens, spans, "bio") == [
        "O", "O", "B-TERRITORIO", "B-TERRITORIO", "O", "B-CALLE", "I-CALLE", "I-CALLE", "O",
    ]  # fmt: skip
    assert encode(tokens, spans, "iob1") == [
        "O", "O", "I-TERRITORIO", "B-TERRITORIO", "O", "I-CALLE", "I-CALLE", "I-CALLE", "O",
    ]  # fmt: skip


def test_decode_gives_back_adjacent_spans_in_both_schemes() -> None:
    tokens = tokenize(TEXT)
    spans = spans_at((2, 2, "TERRITORIO"), (3, 3, "TERRITORIO"), (5, 7, "CALLE"))
    for scheme in ("bio", "iob1"):
        assert decode(tokens, encode(tokens, spans, scheme)) == spans


def test_a_span_cutting_a_token_labels_the_whole_token() -> None:
    tokens = tokenize("NHC12345 ok")  # NHC | 12345 | ok
    assert encode(tokens, [Span(4, 8, "ID")]) == ["O", "B-ID", "O"]


def test_decode_starts_a_span_at_a_category_change_and_never_crosses_outside() -> None:
    tokens = tokenize("a b c d")
    labels = ["I-X", "I-Y", "O", "I-Y"]
    assert decode(tokens, labels) == [Span(0, 1, "X"), Span(2, 3, "Y"), Span(6, 7, "Y")]


@st.composite
def token_spans(draw: st.DrawFn) -> list[tuple[int, int, str]]:
    n = len(tokenize(TEXT))
    cuts = sorted(draw(st.sets(st.integers(0, n), max_size=8)))
    out = []
    for a, b in itertools.pairwise(cuts):
        if draw(st.booleans()):
            out.append((a, b - 1, draw(st.sampled_from(["A", "B"]))))
    return out


@given(token_spans(), st.sampled_from(["bio", "iob1"]))
def test_encode_then_decode_is_the_identity_on_token_aligned_spans(
    words: list[tuple[int, int, str]], scheme: str
) -> None:
    tokens = tokenize(TEXT)
    spans = spans_at(*words)
    assert decode(tokens, encode(tokens, spans, scheme)) == spans
