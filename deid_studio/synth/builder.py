"""Compose a narrative piece by piece and record the gold span of every PHI value as it goes.

A template is text with ``{slot}`` placeholders. Each slot resolves to pieces: ``(text, None)``
for words that are not PHI, ``(text, CATEGORY)`` for a PHI value whose span is the whole text.
Spans are taken from the builder's running length when a value is appended, never by searching
the finished narrative.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache

from deid_studio.core.document import Span

Piece = tuple[str, str | None]
"""A run of text and its PHI category, or None when it is not PHI."""

SlotValue = Sequence[Piece] | Callable[[], Sequence[Piece]]
"""What a slot resolves to: fixed pieces, or a callable that picks pieces on each use."""

Context = Mapping[str, SlotValue]

_SLOT = re.compile(r"\{(\w+)\}")


def plain(text: str) -> tuple[Piece]:
    """Text that is not PHI, as a slot value."""
    return ((text, None),)


def phi(text: str, category: str) -> tuple[Piece]:
    """A PHI value labelled with ``category``, as a slot value."""
    return ((text, category),)


@cache
def slots_of(template: str) -> frozenset[str]:
    """The slot names a template uses."""
    return frozenset(_SLOT.findall(template))


def usable(templates: Iterable[str], context: Context) -> list[str]:
    """The templates whose every slot the context can fill."""
    names = context.keys()
    return [t for t in templates if slots_of(t) <= names]


def render(template: str, context: Context) -> list[Piece]:
    """The pieces of a template with its slots filled from ``context``."""
    pieces: list[Piece] = []
    parts = _SLOT.split(template)
    for i, part in enumerate(parts):
        if i % 2 == 0:
            if part:
                pieces.append((part, None))
            continue
        value = context[part]
        pieces.extend(value() if callable(value) else value)
    return pieces


def pick(rng: random.Random, templates: Sequence[str], context: Context) -> list[Piece]:
    """One usable template, chosen by ``rng`` and rendered; no pieces when none is usable."""
    options = usable(templates, context)
    return render(rng.choice(options), context) if options else []


class TextBuilder:
    """Appends pieces to a narrative and records a span for every PHI value.

    ``newline`` replaces every ``\\n`` of the non-PHI text appended, so a CRLF narrative is
    composed directly and its spans index the exact text.
    """

    def __init__(self, newline: str = "\n") -> None:
        self.newline = newline
        self._parts: list[str] = []
        self._length = 0
        self._spans: list[Span] = []

    def __len__(self) -> int:
        return self._length

    def text(self, text: str) -> None:
        """Append text that is not PHI."""
        if self.newline != "\n":
            text = text.replace("\n", self.newline)
        self._parts.append(text)
        self._length += len(text)

    def value(self, text: str, category: str) -> None:
        """Append a PHI value and record its span."""
        if not text or text != text.strip() or "\n" in text or "\r" in text:
            raise ValueError(f"{category} value {text!r} is empty, padded or spans lines")
        start = self._length
        self._parts.append(text)
        self._length += len(text)
        self._spans.append(Span(start, self._length, category))

    def extend(self, pieces: Iterable[Piece]) -> None:
        """Append pieces in order."""
        for text, category in pieces:
            if category is None:
                self.text(text)
            else:
                self.value(text, category)

    def build(self) -> tuple[str, tuple[Span, ...]]:
        """The narrative and its spans, in order."""
        return "".join(self._parts), tuple(self._spans)


def pieces_length(pieces: Iterable[Piece]) -> int:
    """Characters the pieces take with LF line ends (a CRLF narrative is a little longer)."""
    return sum(len(text) for text, _ in pieces)
