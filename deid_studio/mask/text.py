"""Comparing PHI strings the way the leak check does: case-insensitive, whitespace normalised.

One matcher serves both the masker (finding every other occurrence of a masked string, so it
is masked too) and the leak check (finding what survived), so the two can never disagree about
what "the same string" means. A match is token-aligned: it neither starts nor ends inside a
run of letters or digits ("Ana" is not found in "Mariana", "2004" is found in "13/05/2004").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

MIN_CHARS = 2
"""PHI strings with fewer letters or digits than this are not searched for: one character
("H", "M" for sex in MEDDOCAN, an initial) cannot identify anyone, and searching for it would
find every such letter of the narrative."""

# [^\W_] is a letter or a digit.
_SPACE = re.compile(r"\s+")
_SPACE_RUNS = re.compile(r"\s{2,}")
_SPACE_SPLIT = re.compile(r"(\s+)")
_ALNUM = re.compile(r"[^\W_]")


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

    The text is case-folded with its whitespace runs as one space (keeping where each
    character came from) and every string looked for with ``str.find``: one document's PHI
    strings are searched once or twice, so compiling them into one regular expression per
    document (which this replaced) cost several times the search itself.
    """

    def __init__(self, strings: Iterable[str], *, case_sensitive_start: bool = False) -> None:
        keys = sorted({normalise(s) for s in strings if searchable(s)}, key=lambda k: (-len(k), k))
        self.keys: tuple[str, ...] = tuple(keys)
        self._capitalised = case_sensitive_start
        # (key, needs a word edge before, needs one after)
        self._edges = [(k, k[0].isalnum(), k[-1].isalnum()) for k in keys]

    def __bool__(self) -> bool:
        return bool(self.keys)

    def find(self, text: str, *, overlapped: bool = False) -> Iterator[Hit]:
        """Every occurrence, left to right: non-overlapping, or with ``overlapped`` one (the
        longest) at every position where one starts.

        With ``case_sensitive_start`` only occurrences whose first letter is upper case count
        (a surname token such as "Delgado" is then not found in "intestino delgado").
        """
        if not self.keys:
            return
        folded, places = _folded(text)
        size = len(folded)
        found: list[tuple[int, int, int, str]] = []
        for key, before, after in self._edges:
            width = len(key)
            start = folded.find(key)
            while start >= 0:
                end = start + width
                if (not before or start == 0 or not folded[start - 1].isalnum()) and (
                    not after or end == size or not folded[end].isalnum()
                ):
                    found.append((start, -width, end, key))
                start = folded.find(key, start + 1)
        found.sort()
        position = 0
        last_start = -1
        for start, _, end, key in found:
            if overlapped:
                if start == last_start:
                    continue
                last_start = start
            elif start < position:
                continue
            else:
                position = max(end, start + 1)
            first = places.start(start) if places is not None else start
            if self._capitalised and not text[first : first + 1].isupper():
                continue
            last = places.end(end) if places is not None else end
            yield Hit(first, last, key)


class _Places:
    """Where the characters of a folded text come from (see :func:`_folded`)."""

    def __init__(self, starts: list[int], removed: list[int]) -> None:
        self._starts = starts  # folded position of each collapsed whitespace run
        self._removed = removed  # characters removed up to and including that run

    def start(self, position: int) -> int:
        """The original offset of the folded character at ``position``."""
        k = bisect_left(self._starts, position)
        return position + (self._removed[k - 1] if k else 0)

    def end(self, position: int) -> int:
        """The original end offset of a stretch ending (exclusive) at ``position``."""
        return self.start(position - 1) + 1


@lru_cache(maxsize=16)
def _folded(text: str) -> tuple[str, _Places | None]:
    """``text`` case-folded with each whitespace run as one space, and where its characters
    come from (None: the same places)."""
    folded = text.casefold()
    if len(folded) != len(text):  # ß -> ss, İ -> i̇: rare, character by character
        return _folded_slowly(text)
    runs = [(m.start(), m.end()) for m in _SPACE_RUNS.finditer(folded)]
    folded = _SPACE.sub(" ", folded)
    if not runs:
        return folded, None
    starts: list[int] = []
    removed: list[int] = []
    gone = 0
    for start, end in runs:
        starts.append(start - gone)
        gone += end - start - 1
        removed.append(gone)
    return folded, _Places(starts, removed)


class _Map:
    """Explicit places, for texts whose case folding changes their length."""

    def __init__(self, starts: list[int], ends: list[int]) -> None:
        self._starts = starts
        self._ends = ends

    def start(self, position: int) -> int:
        return self._starts[position]

    def end(self, position: int) -> int:
        return self._ends[position - 1]


def _folded_slowly(text: str) -> tuple[str, _Places | None]:
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    at = 0
    for part in _SPACE_SPLIT.split(text):
        if not part:
            continue
        if part[0].isspace():
            pieces.append(" ")
            starts.append(at)
            ends.append(at + len(part))
        else:
            for offset, char in enumerate(part):
                lowered = char.casefold()
                pieces.append(lowered)
                starts.extend([at + offset] * len(lowered))
                ends.extend([at + offset + 1] * len(lowered))
        at += len(part)
    return "".join(pieces), _Map(starts, ends)  # type: ignore[return-value]
