"""Guess a narrative's language from its overlap with the nltk stopword lists."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import platformdirs
import regex

from deid_studio.core.resources import nltk_data_dir

# nltk's file names for the languages of spontaneous reports we expect, with ISO 639-1 codes.
LANGUAGES: Mapping[str, str] = {
    "english": "en",
    "spanish": "es",
    "french": "fr",
    "german": "de",
    "italian": "it",
    "portuguese": "pt",
    "dutch": "nl",
    "swedish": "sv",
    "danish": "da",
    "norwegian": "no",
    "finnish": "fi",
    "romanian": "ro",
    "hungarian": "hu",
    "turkish": "tr",
    "greek": "el",
    "russian": "ru",
}
_WORD = regex.compile(r"\p{L}+")


@cache
def stopwords() -> Mapping[str, frozenset[str]]:
    """ISO code -> stopword set, read through nltk's corpus reader from ``resources/``.

    Importing nltk costs about two and a half seconds (it pulls in SciPy and scikit-learn), so
    the lists nltk reads are kept in the user's cache folder and reused while the shipped
    corpus is unchanged: a command that guesses languages pays nltk's import once, not every
    time.
    """
    cache_file = _cache_file()
    try:
        cached = json.loads(cache_file.read_text("utf-8"))
        return {code: frozenset(words) for code, words in cached.items()}
    except (OSError, ValueError, AttributeError):
        pass
    lists = _read_with_nltk()
    try:
        cache_file.parent.mkdir(parents=True, exist_ok=True)
        staged = cache_file.with_suffix(f".{os.getpid()}.tmp")
        staged.write_text(json.dumps({c: sorted(w) for c, w in lists.items()}), "utf-8")
        os.replace(staged, cache_file)
    except OSError:
        pass  # an unwritable cache only costs time
    return lists


def _read_with_nltk() -> dict[str, frozenset[str]]:
    import nltk
    from nltk.corpus.reader import WordListCorpusReader

    root = nltk_data_dir()
    if str(root) not in nltk.data.path:
        nltk.data.path.insert(0, str(root))
    reader = WordListCorpusReader(str(root / "corpora" / "stopwords"), list(LANGUAGES))
    return {code: frozenset(reader.words(name)) for name, code in LANGUAGES.items()}


def _cache_file() -> Path:
    """A cache file named after the shipped lists' sizes and times, so edits invalidate it."""
    folder = nltk_data_dir() / "corpora" / "stopwords"
    key = hashlib.sha256()
    for name in sorted(LANGUAGES):
        info = (folder / name).stat()
        key.update(f"{name}:{info.st_size}:{info.st_mtime_ns};".encode())
    cache_root = Path(platformdirs.user_cache_dir("deid-studio", appauthor=False))
    return cache_root / f"stopwords-{key.hexdigest()[:16]}.json"


def guess_language(text: str, default: str = "en", sample: int = 4000) -> str:
    """ISO code of the language whose stopwords cover most words of ``text``.

    Only the first ``sample`` characters are read. A text with fewer than three stopword hits
    in every language is too short to tell and gets ``default``.
    """
    words = [w.lower() for w in _WORD.findall(text[:sample])]
    best, best_hits = default, 2
    for code, stops in stopwords().items():
        hits = sum(1 for w in words if w in stops)
        if hits > best_hits:
            best, best_hits = code, hits
    return best
