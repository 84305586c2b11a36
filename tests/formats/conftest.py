"""Fixtures for the format tests: the sample files under ``data/`` and a file writer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="session")
def sample_data() -> Path:
    """The hand-written sample files next to these tests."""
    return DATA


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str | bytes], Path]:
    """Write text (as UTF-8 bytes, line ends untouched) or bytes to ``tmp_path/name``."""

    def _write(name: str, content: str | bytes) -> Path:
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
        return target

    return _write
