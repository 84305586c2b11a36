"""Python offsets <-> Qt positions, against a real QTextDocument (emoji, CRLF, combining marks)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deid_studio.gui.offsets import OffsetMap

pytestmark = pytest.mark.gui

FRAGMENTS = [
    "a", "Z", "7", " ", ".", "é", "e\u0301", "\u0301", "😀", "👨\u200d👩", "🇪🇸", "\U0001d538",
    "\r\n", "\r", "\n", "\ufeff", "\u2028", "\t", "\ud800", "\x00", "中",
]  # fmt: skip
texts = st.lists(st.sampled_from(FRAGMENTS) | st.characters(), max_size=40).map("".join)


def qt_view(text: str):
    from PySide6.QtGui import QTextDocument

    document = QTextDocument()
    document.setPlainText(OffsetMap(text).display)
    return document


def expected(piece: str) -> str:
    """What Qt's selectedText() shows for a piece of narrative."""
    piece = piece.replace("\r\n", "\u2029").replace("\r", "\u2029").replace("\n", "\u2029")
    piece = piece.replace("\ufeff", "\u2060")
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in piece)


def inside_crlf(text: str, i: int) -> bool:
    return 0 < i < len(text) and text[i - 1] == "\r" and text[i] == "\n"


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(texts)
def test_lengths_agree_with_qt(qapp, text: str) -> None:
    offsets = OffsetMap(text)
    assert qt_view(text).characterCount() - 1 == offsets.qt_length == offsets.to_qt(len(text))


@SETTINGS
@given(texts, st.data())
def test_a_span_selects_exactly_its_characters_in_qt(qapp, text: str, data) -> None:
    from PySide6.QtGui import QTextCursor

    boundaries = [i for i in range(len(text) + 1) if not inside_crlf(text, i)]
    start = data.draw(st.sampled_from(boundaries))
    end = data.draw(st.sampled_from([b for b in boundaries if b >= start]))
    offsets = OffsetMap(text)
    document = qt_view(text)  # kept alive while the cursor uses it
    cursor = QTextCursor(document)
    cursor.setPosition(offsets.to_qt(start))
    cursor.setPosition(offsets.to_qt(end), QTextCursor.MoveMode.KeepAnchor)
    assert cursor.selectedText() == expected(text[start:end])
    assert offsets.span_from_qt(cursor.anchor(), cursor.position()) == (start, end)


@SETTINGS
@given(texts)
def test_round_trips(qapp, text: str) -> None:
    offsets = OffsetMap(text)
    for i in range(len(text) + 1):
        if not inside_crlf(text, i):
            assert offsets.from_qt(offsets.to_qt(i)) == i
    for p in range(offsets.qt_length + 1):
        back = offsets.to_qt(offsets.from_qt(p))
        assert back <= p and p - back <= 1  # inside a surrogate pair: the character's start


def test_examples() -> None:
    crlf = OffsetMap("Name:\r\nJohn\r\n")
    assert crlf.display == "Name:\nJohn\n"
    assert crlf.span_to_qt(7, 11) == (6, 10)
    assert crlf.span_from_qt(6, 10) == (7, 11)
    emoji = OffsetMap("😀 Ana")
    assert emoji.span_to_qt(2, 5) == (3, 6) and emoji.from_qt(1) == 0
    plain = OffsetMap("plain text")
    assert plain.display == "plain text" and plain.to_qt(5) == 5
    with pytest.raises(IndexError):
        plain.to_qt(11)
