"""Text to tokens with exact character offsets.

A token is a run of letters (with their combining marks), a run of decimal digits, or a single
other visible character. Whitespace separates tokens and belongs to none. So letters and digits
never share a token ("11/20/2073CPT" gives ... "2073" | "CPT"), punctuation always stands alone,
and ``text[t.start:t.end] == t.text`` for every token, whatever the line endings.
"""

from __future__ import annotations

import re
from itertools import accumulate, repeat
from typing import NamedTuple

import regex

# a letter and the letters and marks after it (``(?:\p{L}\p{M}*)+`` without its nesting, which
# is slower), digits, another visible character and its marks, stray marks. Captured, so that
# splitting on it gives whitespace, token, whitespace, ..., whitespace.
_SPLIT = regex.compile(r"(\p{L}[\p{L}\p{M}]*|\p{Nd}+|[^\s\p{M}]\p{M}*|\p{M}+)", regex.VERSION1)
_SPLIT_LATIN1 = re.compile(
    "([A-Za-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]+|[0-9]+"
    "|[^\t\n\x0b\x0c\r \x85\xa0])"
)
"""``_SPLIT`` for Latin-1 text (nearly every line of our narratives), in the standard
library's ``re``, which splits a line twice as fast: Latin-1 holds no mark, its letters
beyond ASCII are ª µ º and À-ÿ but the multiplication and division signs, its only decimal
digits are 0-9, and its Unicode white space is the ASCII blanks, NEL and the no-break space
(not the separators U+001C-U+001F, which ``str.isspace`` counts)."""
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
    pieces = (_SPLIT_LATIN1 if latin1(text) else _SPLIT).split(text)
    bounds = list(accumulate(map(len, pieces), initial=offset))
    return list(
        map(_new_tuple, repeat(Token), zip(bounds[1:-1:2], bounds[2::2], pieces[1::2], strict=True))
    )


def latin1(text: str) -> bool:
    """Whether every character of ``text`` is in Latin-1 (ASCII and the accented letters of
    the Western European languages): Python stores such a string one byte per character,
    and encoding it is a copy."""
    if text.isascii():
        return True
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every non-empty line; ``\\r\\n``, ``\\n`` and ``\\r`` all end a line."""
    return [m.span() for m in _LINE.finditer(text)]
