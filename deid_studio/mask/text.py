"""Comparing PHI strings the way the leak check does: case-insensitive, whitespace normalised.

One matcher serves both the masker (finding every other occurrence of a masked string, so it
is masked too) and the leak check (finding what survived), so the two can never disagree about
what "the same string" means. A match is token-aligned: it neither starts nor ends inside a
run of letters or digits ("Ana" is not found in "Mariana", "2004" is found in "13/05/2004").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

MIN_CHARS = 2
"""PHI strings with fewer letters or digits than this are not searched for: one character
("H", "M" for sex in MEDDOCAN, an initial) cannot identify anyone, and searching for it would
find every such letter of the narrative."""

# The standard library's re: its compile is a hundred times faster than regex's with case
# folding, which matters for one pattern per document. [^\W_] is a letter or a digit.
_SPACE = re.compile(r"\s+")
_ALNUM = re.compile(r"[^\W_]")
_EDGE_BEFORE = r"(?<![^\W_])"
_EDGE_AFTER = r"(?![^\W_])"


def normalise(text: str) -> str:
    """``text`` case-folded, with runs of whitespace as one space and no outer whitespace."""
    return _SPACE.sub(" ", text).strip().casefold()


def searchable(text: str) -> bool:
    """True when ``text`` has enough letters or digits to be searched for (see MIN_CHARS)."""
    return len(_ALNUM.findall(text)) >= MIN_CHARS


@dataclass(frozen=True, slots=True)
class Hit:
    """Where a searched string occurs: ``[start, end)`` and which string it is (normalised)."""

    start: int
    end: int
    key: str


class Matcher:
    """Finds any of a set of strings in a text, token-aligned, ignoring case and spacing.

    Longer strings are preferred where two start at the same place. Strings that are not
    :func:`searchable` are left out.
    """

    def __init__(self, strings: Iterable[str], *, case_sensitive_start: bool = False) -> None:
        keys = sorted({normalise(s) for s in strings if searchable(s)}, key=lambda k: (-len(k), k))
        self.keys: tuple[str, ...] = tuple(keys)
        self._capitalised = case_sensitive_start
        if not keys:
            self._pattern: re.Pattern[str] | None = None
            return
        # one pair of word edges around the keys that start and end with a letter or digit
        # (almost all); the few others each with the edges they need
        plain = [k for k in keys if _ALNUM.match(k[0]) and _ALNUM.match(k[-1])]
        parts = [_pattern(k) for k in keys if not (_ALNUM.match(k[0]) and _ALNUM.match(k[-1]))]
        if plain:
            words = "|".join(_body(k) for k in plain)
            parts.insert(0, f"{_EDGE_BEFORE}(?:{words}){_EDGE_AFTER}")
        self._pattern = re.compile("|".join(parts), re.IGNORECASE)

    def __bool__(self) -> bool:
        return self._pattern is not None

    def find(self, text: str, *, overlapped: bool = False) -> Iterator[Hit]:
        """Every occurrence, left to right: non-overlapping, or with ``overlapped`` one (the
        longest) at every position where one starts.

        With ``case_sensitive_start`` only occurrences whose first letter is upper case count
        (a surname token such as "Delgado" is then not found in "intestino delgado").
        """
        if self._pattern is None:
            return
        position = 0
        while (match := self._pattern.search(text, position)) is not None:
            found = match.group()
            position = match.start() + 1 if overlapped else max(match.end(), match.start() + 1)
            if self._capitalised and not found[:1].isupper():
                continue
            yield Hit(match.start(), match.end(), normalise(found))


def _body(key: str) -> str:
    return r"\s+".join(re.escape(w) for w in key.split(" "))


def _pattern(key: str) -> str:
    before = _EDGE_BEFORE if _ALNUM.match(key[0]) else ""
    after = _EDGE_AFTER if _ALNUM.match(key[-1]) else ""
    return f"{before}{_body(key)}{after}"
