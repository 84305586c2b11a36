"""Text to tokens with exact character offsets.

A token is a run of letters (with their combining marks), a run of decimal digits, or a single
other visible character. Whitespace separates tokens and belongs to none. So letters and digits
never share a token ("11/20/2073CPT" gives ... "2073" | "CPT"), punctuation always stands alone,
and ``text[t.start:t.end] == t.text`` for every token, whatever the line endings.
"""

from __future__ import annotations

from itertools import accumulate, repeat
from typing import NamedTuple

import regex

# a letter and the letters and marks after it (``(?:\p{L}\p{M}*)+`` without its nesting, which
# is slower), digits, another visible character and its marks, stray marks. Captured, so that
# splitting on it gives whitespace, token, whitespace, ..., whitespace.
_SPLIT = regex.compile(r"(\p{L}[\p{L}\p{M}]*|\p{Nd}+|[^\s\p{M}]\p{M}*|\p{M}+)", regex.VERSION1)
_LINE = regex.compile(r"[^\r\n]+")
_new_tuple = tuple.__new__


class Token(NamedTuple):
    """A token and where it sits in the narrative (end exclusive)."""

    start: int
    end: int
    text: str


def tokenize(text: str, offset: int = 0) -> list[Token]:
    """Tokens of ``text``; ``offset`` is added to every position (for a slice of a narrative)."""
    # one split and running lengths, not a match object per token: about twice as fast
    pieces = _SPLIT.split(text)
    bounds = list(accumulate(map(len, pieces), initial=offset))
    return list(
        map(_new_tuple, repeat(Token), zip(bounds[1:-1:2], bounds[2::2], pieces[1::2], strict=True))
    )


def line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every non-empty line; ``\\r\\n``, ``\\n`` and ``\\r`` all end a line."""
    return [m.span() for m in _LINE.finditer(text)]
