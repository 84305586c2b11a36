"""PySide6 6.12.0 on CPython 3.11 drops a reference from None on every void call, until the
process aborts with "deallocating None". The pin in pyproject.toml avoids it; this test
notices if a build with the bug comes back."""

from __future__ import annotations

import sys

import pytest

pytestmark = pytest.mark.gui


def test_void_qt_calls_keep_none_alive(qapp) -> None:
    from PySide6.QtGui import QTextCursor, QTextDocument
    from PySide6.QtWidgets import QLabel

    label = QLabel()
    document = QTextDocument("x" * 100)
    cursor = QTextCursor(document)
    before = sys.getrefcount(None)
    for i in range(3000):
        label.setText(str(i))
        cursor.setPosition(i % 100)
    after = sys.getrefcount(None)
    assert abs(after - before) < 100, f"None lost {before - after} references in 6000 calls"
