"""Guess a narrative's language from its overlap with the nltk stopword lists."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import regex

from deid_studio.core.resources import cached_word_lists, nltk_data_dir

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
    folder = nltk_data_dir() / "corpora" / "stopwords"
    lists = cached_word_lists(
        "stopwords", [folder / name for name in sorted(LANGUAGES)], _read_with_nltk
    )
    return {code: frozenset(words) for code, words in lists.items()}


def _read_with_nltk() -> dict[str, frozenset[str]]:
    import nltk
    from nltk.corpus.reader import WordListCorpusReader

    root = nltk_data_dir()
    if str(root) not in nltk.data.path:
        nltk.data.path.insert(0, str(root))
    reader = WordListCorpusReader(str(root / "corpora" / "stopwords"), list(LANGUAGES))
    return {code: frozenset(reader.words(name)) for name, code in LANGUAGES.items()}


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
