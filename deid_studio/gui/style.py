"""How spans look: one colour per category (the scheme's colour-blind-safe palette), gold as a
solid fill, suggestions lighter with a dashed underline and a shade that follows confidence, the
current span inverted.

Looks hold colours as ``#rrggbb`` strings, so they are hashable and can be cached; Qt colours
are made from them only when a span is first drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtGui import QColor

WHITE = "#ffffff"
INK = "#1b1b1b"
FALLBACK = "#bbbbbb"


@dataclass(frozen=True, slots=True)
class Look:
    """The drawing of one span: fill, text colour, and an optional underline.

    ``fill`` None leaves the background to what lies below; ``line`` is ``single``, ``dash``
    or ``wave``.
    """

    fill: str | None
    ink: str | None = None
    underline: str | None = None
    line: str = "single"


def blend(colour: QColor, share: float) -> QColor:
    """``colour`` mixed with white: ``share`` 1.0 keeps it, 0.0 gives white."""
    share = max(0.0, min(1.0, share))
    return QColor(
        round(255 + (colour.red() - 255) * share),
        round(255 + (colour.green() - 255) * share),
        round(255 + (colour.blue() - 255) * share),
    )


def category_colour(hex_colour: str | None) -> QColor:
    """The category's colour (grey when the scheme gives none or an invalid one)."""
    colour = QColor(hex_colour or FALLBACK)
    return colour if colour.isValid() else QColor(FALLBACK)


@cache
def gold_look(hex_colour: str | None) -> Look:
    """A gold span: the category colour as a solid fill."""
    return Look(category_colour(hex_colour).name(), INK)


@cache
def _suggestion_look(hex_colour: str | None, percent: int) -> Look:
    base = category_colour(hex_colour)
    return Look(
        blend(base, 0.15 + 0.45 * percent / 100).name(),
        INK,
        underline=base.darker(170).name(),
        line="dash",
    )


def suggestion_look(hex_colour: str | None, confidence: float) -> Look:
    """A suggestion: lighter than gold, paler the less sure the model is, dashed underline."""
    return _suggestion_look(hex_colour, round(max(0.0, min(1.0, confidence)) * 100))


@cache
def current_look(hex_colour: str | None) -> Look:
    """The span the keyboard acts on: dark fill, light text."""
    return Look(category_colour(hex_colour).darker(260).name(), WHITE, underline=INK)


def swatch_text(hex_colour: str | None) -> QColor:
    """Black or white, whichever reads better on the colour."""
    colour = category_colour(hex_colour)
    return QColor(INK if colour.lightnessF() > 0.55 else WHITE)
