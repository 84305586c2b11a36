"""How common a word is in a language: its Zipf frequency, from ``wordfreq``.

``wordfreq`` (Robyn Speer's word frequencies, 40+ languages, from subtitles, Wikipedia, news
and books) gives ``log10`` of a word's occurrences per billion words: 7 for "the", 3 for a
rare word, 0 for an unknown one. The rules ask it whether a capitalised word that names a
small town somewhere is more likely a word of the narrative's language ("Tamaño", "Grado",
"Guía" are Spanish words and towns); the CRF can take it as a feature. Loading a language's
list costs about half a second, once per process; a look-up then costs about a microsecond.
"""

from __future__ import annotations

from functools import lru_cache

_SUPPORTED = frozenset(
    "ar bn bs bg ca zh hr cs da nl en fi fr de el he hi hu is id it ja ko lv lt mk ms nb fa "
    "pl pt ro ru sl sk sr es sv fil ta tr uk ur vi".split()
)


@lru_cache(maxsize=1 << 16)
def zipf(word: str, language: str | None) -> float:
    """The Zipf frequency of ``word`` (any case) in ``language`` (English when unknown or
    not covered); 0.0 for a word wordfreq has never seen."""
    from wordfreq import zipf_frequency

    code = language if language in _SUPPORTED else "en"
    return float(zipf_frequency(word, code))
