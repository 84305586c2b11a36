"""Word frequencies from memory-mapped tries equal wordfreq's own."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from wordfreq import iter_wordlist, zipf_frequency

from deid_studio.detect import frequency

ODD = [
    *"the Madrid tamaño Reading 12 2021 3.5mg COVID-19 o'neil ¿qué Straße l'hôpital".split(),
    *"aujourd'hui 123-456 5,000 Xqzvvk xqzvvk benedryl tyelnol i ist istanbul".split(),
    "",
    "de la",
]


@pytest.mark.parametrize("language", ["en", "es", "de", "fr", "tr", None, "xx"])
def test_zipf_is_wordfreqs_figure(language: str | None) -> None:
    code = language if language in ("en", "es", "de", "fr", "tr") else "en"
    rng = random.Random(7)
    listed = list(iter_wordlist(code))
    words = ODD + rng.sample(listed, 500) + [w.upper() for w in rng.sample(listed, 50)]
    for word in words:
        assert frequency.zipf(word, language) == zipf_frequency(word, code), word


@pytest.mark.parametrize("language", ["en", "de", "tr", None])
@pytest.mark.parametrize("floor", [0.5, 3.5, 6.0])
def test_frequent_says_what_any_zipf_at_the_floor_says(language: str | None, floor: float) -> None:
    """The spelling corrector's question, answered without a look-up for the edits no list
    holds: the same answer as asking zipf about each word."""
    rng = random.Random(11)
    listed = list(iter_wordlist("en"))
    for _ in range(200):
        words = [*rng.sample(listed, 3), *rng.sample(ODD, 3), "xqzvvk", "tyelnol"]
        rng.shuffle(words)
        size = rng.randint(0, len(words))
        expected = any(frequency.zipf(w, language) >= floor for w in words[:size])
        assert frequency.frequent(iter(words[:size]), language, floor) is expected, words[:size]


def test_the_trie_is_kept_in_the_cache_and_mapped_by_the_next_process(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    script = "from deid_studio.detect.frequency import zipf; print(zipf('hospital', 'fr'))"
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    [kept] = list(tmp_path.rglob("wordfreq-fr-*.marisa"))
    again = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert again.stdout == first.stdout == f"{zipf_frequency('hospital', 'fr')}\n"
    kept.write_bytes(b"damaged")  # a damaged cache file is built again, not trusted
    fixed = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert fixed.stdout == first.stdout, fixed.stderr
