"""Word lists read once through nltk, then from the user's cache until a source changes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deid_studio.core.resources import cached_word_lists


@pytest.fixture(autouse=True)
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_read_once_then_cached_until_a_source_changes(tmp_path: Path) -> None:
    source = tmp_path / "words.txt"
    source.write_text("b\na\n", "utf-8")
    calls: list[int] = []

    def read() -> dict[str, set[str]]:
        calls.append(1)
        return {"words": set(source.read_text("utf-8").split())}

    assert cached_word_lists("test", [source], read) == {"words": ["a", "b"]}
    assert cached_word_lists("test", [source], read) == {"words": ["a", "b"]}
    assert len(calls) == 1

    source.write_text("c\n", "utf-8")
    os.utime(source, ns=(1, 1))  # a different size and time: another cache file
    assert cached_word_lists("test", [source], read) == {"words": ["c"]}
    assert len(calls) == 2


def test_a_corrupt_cache_is_read_again(tmp_path: Path) -> None:
    source = tmp_path / "words.txt"
    source.write_text("x\n", "utf-8")
    cached_word_lists("test", [source], lambda: {"w": ["x"]})
    for leftover in (tmp_path / "cache").rglob("test-*.json"):
        leftover.write_text("{not json", "utf-8")
    assert cached_word_lists("test", [source], lambda: {"w": ["y"]}) == {"w": ["y"]}
