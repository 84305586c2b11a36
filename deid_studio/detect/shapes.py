"""Word shapes: ``Xxxxx``, ``dd/dd``, and their short forms (``Xx``)."""

from __future__ import annotations

_ASCII_SHAPE = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
    "X" * 26 + "x" * 26 + "d" * 10,
)


def shape(word: str) -> str:
    """``Xxxxx``, ``dd/dd``: letters become X or x, digits d, anything else stays."""
    if word.isascii():
        return word.translate(_ASCII_SHAPE)
    out = []
    for c in word:
        if c.isupper():
            out.append("X")
        elif c.isalpha():
            out.append("x")
        elif c.isdigit():
            out.append("d")
        else:
            out.append(c)
    return "".join(out)


def short_shape(word: str, full: str | None = None) -> str:
    """The shape with repeats collapsed: ``Xxxxx`` -> ``Xx`` (``full``: the shape, if known)."""
    full = shape(word) if full is None else full
    return "".join(c for i, c in enumerate(full) if i == 0 or c != full[i - 1])
