"""Everything below the GUI works without Qt (scripts/test runs these tests with Qt blocked)."""

from __future__ import annotations

import importlib
import os
import pkgutil

import pytest

import deid_studio

needs_blocked_qt = pytest.mark.skipif(
    os.environ.get("DEID_NO_QT") != "1", reason="only meaningful in the run with Qt blocked"
)


@needs_blocked_qt
def test_qt_really_is_blocked_in_this_run() -> None:
    with pytest.raises(ImportError, match="deliberately unavailable"):
        importlib.import_module("PySide6")


@needs_blocked_qt
def test_every_module_outside_the_gui_imports_without_qt() -> None:
    names = [
        m.name
        for m in pkgutil.walk_packages(deid_studio.__path__, "deid_studio.")
        if not m.name.startswith("deid_studio.gui") and m.name != "deid_studio.__main__"
    ]
    assert "deid_studio.cli" in names and "deid_studio.store.project" in names
    for name in names:
        importlib.import_module(name)
