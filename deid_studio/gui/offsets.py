"""The one place where Python string offsets meet Qt text positions.

Our spans are Python ``str`` indices into the narrative exactly as stored. A ``QTextDocument``
counts UTF-16 code units (an emoji takes two positions), turns ``\\r\\n`` and a lone ``\\r``
into one paragraph break, and drops a byte-order mark at the very start. So the view is given
:attr:`OffsetMap.display` — the narrative with ``\\r\\n`` and ``\\r`` written as ``\\n``, a BOM
as a word joiner and a lone surrogate as U+FFFD — and every position crosses between the two
through :meth:`OffsetMap.to_qt` and :meth:`OffsetMap.from_qt`. Nothing else in the
application does offset arithmetic on Qt positions.
"""

from __future__ import annotations

import re
from bisect import bisect_left

# Characters whose Qt width or treatment differs from one Python character.
_SPECIAL = re.compile(r"[\r\ufeff\ud800-\udfff\U00010000-\U0010ffff]")
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


class OffsetMap:
    """Converts between offsets into ``text`` and positions in a QTextDocument of
    :attr:`display`.

    ``to_qt(i)`` is defined for ``0 <= i <= len(text)``; ``from_qt(p)`` for
    ``0 <= p <= qt_length``. An offset between the two characters of ``\\r\\n`` maps to the
    break's position; a position inside a surrogate pair maps to the character's start.
    """

    __slots__ = ("_at", "_shift", "display", "qt_length", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        # Only the special characters are visited: where each is, and the running difference
        # between Qt positions and Python offsets after it.
        self._at: list[int] = []
        self._shift: list[int] = [0]
        for match in _SPECIAL.finditer(text):
            i = match.start()
            char = text[i]
            if char == "\r":
                if i + 1 < len(text) and text[i + 1] == "\n":
                    self._at.append(i)
                    self._shift.append(self._shift[-1] - 1)
            elif ord(char) > 0xFFFF:
                self._at.append(i)
                self._shift.append(self._shift[-1] + 1)
        self.qt_length = len(text) + self._shift[-1]
        if not self._at and "\r" not in text and "\ufeff" not in text:
            self.display = _LONE_SURROGATE.sub("\ufffd", text)
        else:
            shown = text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "\u2060")
            self.display = _LONE_SURROGATE.sub("\ufffd", shown)

    def to_qt(self, offset: int) -> int:
        """The Qt position of a Python offset."""
        if not 0 <= offset <= len(self.text):
            raise IndexError(f"offset {offset} outside 0..{len(self.text)}")
        if not self._at:
            return offset
        return offset + self._shift[bisect_left(self._at, offset)]

    def from_qt(self, position: int) -> int:
        """The Python offset of a Qt position (the smallest one that maps onto it)."""
        if not 0 <= position <= self.qt_length:
            raise IndexError(f"position {position} outside 0..{self.qt_length}")
        if not self._at:
            return position
        low, high = 0, len(self.text)  # the smallest offset whose position is >= position
        while low < high:
            middle = (low + high) // 2
            if self.to_qt(middle) < position:
                low = middle + 1
            else:
                high = middle
        return low if self.to_qt(low) == position else low - 1

    def span_to_qt(self, start: int, end: int) -> tuple[int, int]:
        """Qt (start, end) of a Python span."""
        return self.to_qt(start), self.to_qt(end)

    def span_from_qt(self, start: int, end: int) -> tuple[int, int]:
        """Python (start, end) of a Qt selection, in order."""
        a, b = sorted((start, end))
        return self.from_qt(a), self.from_qt(b)
