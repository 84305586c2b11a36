"""How common a word is in a language: its Zipf frequency, from ``wordfreq``.

``wordfreq`` (Robyn Speer's word frequencies, 40+ languages, from subtitles, Wikipedia, news
and books) gives ``log10`` of a word's occurrences per billion words: 7 for "the", 3 for a
rare word, 0 for an unknown one. The rules ask it whether a capitalised word that names a
small town somewhere is more likely a word of the narrative's language ("Tamaño", "Grado",
"Guía" are Spanish words and towns); the CRF takes it as a feature.

wordfreq keeps a language's list as a Python dict of floats (40 MB for English, 60 MB for
German, and its raw lists beside them): four languages cost a batch worker 160 MB. The same
lists are kept here as a ``marisa-trie`` of each word's centibel bucket — the exact figure
wordfreq stores — built once from wordfreq's file, saved in the user's cache folder and
memory-mapped by every later process (the operating system shares the pages between
processes): about 10 MB for the four. :func:`zipf` computes what
``wordfreq.zipf_frequency`` computes (same tokenizer, digit handling and rounding), from the
trie instead of the dict.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType

import marisa_trie

from deid_studio.core.resources import cache_file, save_to_cache

_SUPPORTED = frozenset(
    "ar bn bs bg ca zh hr cs da nl en fi fr de el he hi hu is id it ja ko lv lt mk ms nb fa "
    "pl pt ro ru sl sk sr es sv fil ta tr uk ur vi".split()
)
_SEGMENTED = frozenset({"zh", "ja", "ko"})
"""Languages wordfreq cuts into words with a dictionary of its own: left to wordfreq."""


@lru_cache(maxsize=1 << 16)
def zipf(word: str, language: str | None) -> float:
    """The Zipf frequency of ``word`` (any case) in ``language`` (English when unknown or
    not covered); 0.0 for a word wordfreq has never seen. Equal to
    ``wordfreq.zipf_frequency(word, language)``."""
    code = language if language in _SUPPORTED else "en"
    if code in _SEGMENTED:
        return float(_wordfreq().zipf_frequency(word, code))
    return _zipf(word, code)


def frequent(words: Iterable[str], language: str | None, floor: float) -> bool:
    """Whether one of ``words`` has a Zipf frequency of at least ``floor`` (above 0) in
    ``language``: ``any(zipf(w, language) >= floor for w in words)``, without the lookup
    for a lowercase ASCII word wordfreq's list lacks (the spelling corrector asks about
    hundreds of a word's one-slip edits, nearly all of them no word: each was a cached call
    that also pushed real words out of :func:`zipf`'s cache)."""
    code = language if language in _SUPPORTED else "en"
    if code in _SEGMENTED:
        return any(zipf(word, language) >= floor for word in words)
    buckets = _buckets(code)
    for word in words:
        if word.isascii() and word.isalpha() and word.islower() and word not in buckets:
            continue  # what _zipf makes of it: one token, not in the list, Zipf 0
        if zipf(word, language) >= floor:
            return True
    return False


def _zipf(word: str, code: str) -> float:
    """wordfreq's ``_word_frequency`` with ``minimum`` 0, then its Zipf rounding."""
    wordfreq = _wordfreq()
    cB_to_freq, digit_freq = wordfreq.cB_to_freq, wordfreq.digit_freq
    smash_numbers = wordfreq.smash_numbers
    if word.isascii() and word.isalpha() and word.islower():
        tokens = [word]  # what the tokenizer makes of it in every language (the spelling
        # corrector's edits of a word are such strings, hundreds a word: the tokenizer was
        # a tenth of a training on narratives of no known language)
    else:
        tokens = wordfreq.lossy_tokenize(word, code)
    if not tokens:
        return 0.0
    buckets = _buckets(code)
    one_over_result = 0.0
    for token in tokens:
        smashed = smash_numbers(token)
        found = buckets.get(smashed)
        if not found:
            return 0.0
        freq = cB_to_freq(-found[0][0])
        if smashed != token:
            freq *= digit_freq(token)
        one_over_result += 1.0 / freq
    freq = max(1.0 / one_over_result, wordfreq.zipf_to_freq(0.0))  # wordfreq's minimum: Zipf 0
    leading_zeroes = math.floor(-math.log(freq, 10))
    return round(wordfreq.freq_to_zipf(round(freq, leading_zeroes + 3)), 2)


@cache
def _wordfreq() -> ModuleType:
    """The ``wordfreq`` module, imported on first use (its import reads its data files)."""
    import wordfreq

    return wordfreq


@cache
def _buckets(code: str) -> marisa_trie.RecordTrie:
    """Word -> its centibel bucket in wordfreq's 'best' list of ``code``, memory-mapped
    from the user's cache (built there on first use; an unwritable cache keeps it in
    memory)."""
    from wordfreq import available_languages

    path = cache_file(f"wordfreq-{code}", [Path(available_languages("best")[code])], ".marisa")
    if path.is_file():
        try:
            return marisa_trie.RecordTrie("<H").mmap(str(path))
        except (OSError, RuntimeError):  # unreadable or damaged: built again below
            pass
    built = _build(code)
    if not save_to_cache(path, lambda staged: built.save(str(staged))):
        return built
    try:
        return marisa_trie.RecordTrie("<H").mmap(str(path))
    except (OSError, RuntimeError):
        return built


def _build(code: str) -> marisa_trie.RecordTrie:
    from wordfreq import get_frequency_list

    pack = get_frequency_list(code, "best")
    try:
        return marisa_trie.RecordTrie(
            "<H", ((word, (index,)) for index, bucket in enumerate(pack) for word in bucket)
        )
    finally:
        get_frequency_list.cache_clear()  # the raw lists: as large as the dict
