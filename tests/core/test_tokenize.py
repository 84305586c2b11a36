from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from deid_studio.core.tokenize import _SPLIT, _SPLIT_LATIN1, Token, line_spans, tokenize

# Text drawn from letters, digits, punctuation, every kind of line break, combining marks and
# characters outside the Basic Multilingual Plane.
TEXT = st.lists(
    st.one_of(
        st.characters(codec="utf-8", exclude_categories=("Cs",)),
        st.sampled_from(["\r\n", "\n", "\r", " ", "\t", "\u0301", "😀", "/", "-", "1", "a"]),
    ),
    max_size=120,
).map("".join)


@given(TEXT)
@settings(max_examples=300)
def test_tokens_index_the_text_and_never_lose_a_character(text: str) -> None:
    tokens = tokenize(text)
    covered = [False] * len(text)
    previous_end = 0
    for token in tokens:
        assert text[token.start : token.end] == token.text
        assert previous_end <= token.start < token.end
        previous_end = token.end
        for i in range(token.start, token.end):
            covered[i] = True
    for i, char in enumerate(text):
        # Unicode White_Space separates tokens; every other character is in exactly one
        assert covered[i] != bool(regex.match(r"\s", char)), f"character {i} {char!r}"


@given(TEXT, st.integers(min_value=0, max_value=10_000))
def test_offset_shifts_every_token(text: str, offset: int) -> None:
    plain = tokenize(text)
    shifted = tokenize(text, offset)
    assert [(t.start + offset, t.end + offset, t.text) for t in plain] == [
        tuple(t) for t in shifted
    ]


@given(TEXT, st.integers(min_value=0, max_value=10_000))
def test_tokens_are_the_matches_of_the_token_pattern(text: str, offset: int) -> None:
    pattern = regex.compile(r"(?:\p{L}\p{M}*)+|\p{Nd}+|[^\s\p{M}]\p{M}*|\p{M}+", regex.V1)
    tokens = tokenize(text, offset)
    assert all(type(t) is Token for t in tokens)
    assert [(t.start, t.end, t.text) for t in tokens] == [
        (m.start() + offset, m.end() + offset, m.group()) for m in pattern.finditer(text)
    ]


def texts(text: str) -> list[str]:
    return [t.text for t in tokenize(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("11/20/2073CPT", ["11", "/", "20", "/", "2073", "CPT"]),
        ("March 2090Spiritual", ["March", "2090", "Spiritual"]),
        ("12Jan2014", ["12", "Jan", "2014"]),
        ("41-year-old", ["41", "-", "year", "-", "old"]),
        ("nnavcu@hotmail.com", ["nnavcu", "@", "hotmail", ".", "com"]),
        ("Dr.García-López", ["Dr", ".", "García", "-", "López"]),
        ("5/325 mg", ["5", "/", "325", "mg"]),
    ],
)
def test_run_in_tokens_split_at_letter_digit_and_punctuation_boundaries(
    text: str, expected: list[str]
) -> None:
    assert texts(text) == expected


def test_combining_marks_stay_with_their_letter() -> None:
    decomposed = "Jose\u0301 Mun\u0303oz"
    assert texts(decomposed) == ["Jose\u0301", "Mun\u0303oz"]


def test_crlf_offsets_are_exact() -> None:
    text = "Patient: Ana\r\nDate: 03/03/1946\r\n"
    tokens = tokenize(text)
    ana = next(t for t in tokens if t.text == "Ana")
    year = next(t for t in tokens if t.text == "1946")
    assert (ana.start, ana.end) == (9, 12)
    assert text[year.start : year.end] == "1946" and year.start == 26


def test_line_spans_split_on_every_line_break() -> None:
    text = "one\r\ntwo\nthree\rfour\r\n\r\n"
    assert [text[a:b] for a, b in line_spans(text)] == ["one", "two", "three", "four"]


LATIN1_TEXT = st.text(alphabet=st.characters(max_codepoint=0xFF), max_size=120)


@given(LATIN1_TEXT)
@settings(max_examples=300)
def test_latin1_text_splits_as_any_text(text: str) -> None:
    assert _SPLIT_LATIN1.split(text) == _SPLIT.split(text)


def test_latin1_split_agrees_on_every_latin1_character() -> None:
    every = "".join(map(chr, range(256)))
    assert _SPLIT_LATIN1.split(every) == _SPLIT.split(every)
    assert all(_SPLIT_LATIN1.split(c) == _SPLIT.split(c) for c in every)
