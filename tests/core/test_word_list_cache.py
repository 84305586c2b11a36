"""Word lists read once through nltk, then from the user's cache until a source changes."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from deid_studio.core.resources import KEPT_VERSIONS, cached_word_lists, resident


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


def test_lists_that_other_code_made_from_the_same_sources_are_not_read(tmp_path: Path) -> None:
    """An upgrade that reads an unchanged source (Faker's name lists) differently, or two
    checkouts sharing one environment: the older code's lists must not come back."""
    source = tmp_path / "words.txt"
    source.write_text("b\na\n", "utf-8")
    readers = {}
    for version, words in (("old", "a b"), ("new", "a")):
        module = tmp_path / f"reader_{version}.py"
        module.write_text(f"def read():\n    return {{'words': {words.split()!r}}}\n", "utf-8")
        namespace: dict[str, object] = {}
        exec(compile(module.read_text("utf-8"), str(module), "exec"), namespace)
        readers[version] = namespace["read"]
    assert cached_word_lists("test", [source], readers["old"]) == {"words": ["a", "b"]}
    assert cached_word_lists("test", [source], readers["new"]) == {"words": ["a"]}
    assert cached_word_lists("test", [source], readers["old"]) == {"words": ["a", "b"]}


def test_files_made_from_older_sources_are_removed_but_the_newest(tmp_path: Path) -> None:
    """An upgrade or another checkout writes a new file for the same list; the folder kept
    every old one (600 MB on a developer's machine)."""
    source = tmp_path / "words.txt"
    other = tmp_path / "other.txt"
    other.write_text("o\n", "utf-8")
    cached_word_lists("other", [other], lambda: {"w": ["o"]})
    for version in range(KEPT_VERSIONS + 3):
        source.write_text("x" * (version + 1), "utf-8")
        os.utime(source, ns=(version, version))
        cached_word_lists("test", [source], lambda: {"w": ["x"]})
    folder = tmp_path / "cache"
    assert len(list(folder.rglob("test-*.json"))) == KEPT_VERSIONS
    assert len(list(folder.rglob("other-*.json"))) == 1  # another list's file stays
    # the newest stays: read again without building
    assert cached_word_lists("test", [source], lambda: {"w": ["rebuilt"]}) == {"w": ["x"]}


def test_a_corrupt_cache_is_read_again(tmp_path: Path) -> None:
    source = tmp_path / "words.txt"
    source.write_text("x\n", "utf-8")
    cached_word_lists("test", [source], lambda: {"w": ["x"]})
    for leftover in (tmp_path / "cache").rglob("test-*.json"):
        leftover.write_text("{not json", "utf-8")
    assert cached_word_lists("test", [source], lambda: {"w": ["y"]}) == {"w": ["y"]}


def test_a_resident_list_loads_once_per_argument_and_leaves_the_collector_alone() -> None:
    calls: list[str] = []

    @resident
    def words(language: str) -> frozenset[str]:
        calls.append(language)
        return frozenset(f"{language}{n}" for n in range(1000))

    first = words("es")
    assert gc.is_tracked(first)  # a frozenset stays tracked: what the freeze is for
    # frozen: in none of the collector's generations, so no collection walks it again
    assert not any(o is first for o in gc.get_objects())
    assert words("es") is first and words(language="en") is not first
    assert calls == ["es", "en"]
    words.cache_clear()  # type: ignore[attr-defined]
    assert words("es") is not first and calls == ["es", "en", "es"]


def test_a_list_not_resident_stays_in_the_collectors_generations() -> None:
    made = frozenset(f"w{n}" for n in range(10))
    assert any(o is made for o in gc.get_objects())  # what the test above tells apart
