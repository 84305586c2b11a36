"""Month names and abbreviations in the languages of spontaneous reports.

One table for the date rules of ``detect`` and the date parser of ``mask``, so that a month
the rules find is a month the masker can shift. Keys are lowercase and without a trailing dot.
"""

from __future__ import annotations

from collections.abc import Mapping

_NAMES: Mapping[str, tuple[tuple[str, ...], ...]] = {
    # language: twelve tuples, each the full name then its abbreviations
    "en": (
        ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
        ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
        ("september", "sep", "sept"), ("october", "oct"), ("november", "nov"),
        ("december", "dec"),
    ),
    "es": (
        ("enero", "ene"), ("febrero", "feb"), ("marzo", "mar"), ("abril", "abr"),
        ("mayo", "may"), ("junio", "jun"), ("julio", "jul"), ("agosto", "ago"),
        ("septiembre", "setiembre", "sep", "sept", "set"), ("octubre", "oct"),
        ("noviembre", "nov"), ("diciembre", "dic"),
    ),
    "fr": (
        ("janvier", "janv", "jan"), ("février", "fevrier", "févr", "fevr", "fév", "fev"),
        ("mars", "mar"), ("avril", "avr"), ("mai",), ("juin",), ("juillet", "juil"),
        ("août", "aout", "aoû"), ("septembre", "sept", "sep"), ("octobre", "oct"),
        ("novembre", "nov"), ("décembre", "decembre", "déc", "dec"),
    ),
    "de": (
        ("januar", "jänner", "jan", "jän"), ("februar", "feb"), ("märz", "maerz", "mär", "mrz"),
        ("april", "apr"), ("mai",), ("juni", "jun"), ("juli", "jul"), ("august", "aug"),
        ("september", "sep", "sept"), ("oktober", "okt"), ("november", "nov"),
        ("dezember", "dez"),
    ),
    "sv": (
        ("januari", "jan"), ("februari", "feb"), ("mars", "mar"), ("april", "apr"),
        ("maj",), ("juni", "jun"), ("juli", "jul"), ("augusti", "aug"),
        ("september", "sep", "sept"), ("oktober", "okt"), ("november", "nov"),
        ("december", "dec"),
    ),
    "pt": (
        ("janeiro", "jan"), ("fevereiro", "fev"), ("março", "marco", "mar"), ("abril", "abr"),
        ("maio", "mai"), ("junho", "jun"), ("julho", "jul"), ("agosto", "ago"),
        ("setembro", "set"), ("outubro", "out"), ("novembro", "nov"), ("dezembro", "dez"),
    ),
    "it": (
        ("gennaio", "gen"), ("febbraio", "feb"), ("marzo", "mar"), ("aprile", "apr"),
        ("maggio", "mag"), ("giugno", "giu"), ("luglio", "lug"), ("agosto", "ago"),
        ("settembre", "set", "sett"), ("ottobre", "ott"), ("novembre", "nov"),
        ("dicembre", "dic"),
    ),
}  # fmt: skip

LANGUAGES: tuple[str, ...] = tuple(_NAMES)


def month_words(language: str | None = None) -> dict[str, int]:
    """Lowercase month word -> month number (1-12), for one language or all of them.

    Across languages a word means the same month everywhere it appears ("mar" is March in
    English, Spanish, French and Swedish), so merging the tables is safe.
    """
    languages = (language,) if language else LANGUAGES
    words: dict[str, int] = {}
    for lang in languages:
        for number, names in enumerate(_NAMES.get(lang, ()), start=1):
            for name in names:
                words.setdefault(name, number)
    return words


def full_names(language: str) -> tuple[str, ...]:
    """The twelve full month names of a language (English when unknown), lowercase."""
    table = _NAMES.get(language, _NAMES["en"])
    return tuple(names[0] for names in table)


def abbreviations(language: str) -> tuple[str, ...]:
    """The twelve usual short forms (first abbreviation, else the full name), lowercase."""
    table = _NAMES.get(language, _NAMES["en"])
    return tuple(names[1] if len(names) > 1 else names[0] for names in table)
