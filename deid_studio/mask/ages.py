"""Ages: the number and its unit, in years, to decide whether an age is above the threshold.

"67 años", "41-year-old", "9 y/o", "18 months", "3 semanas", "2 años y 3 meses", "80-90
years", "in her 90s", "in her nineties", "a nonagenarian", "noventa y dos años". A number
counts in years unless a unit after it says days, weeks or months. Parts in different units
add up ("2 años y 3 meses" is 2.25); a range counts as its upper end. Number words are read
in English and Spanish up to 99 and English hundreds ("one hundred and two years"), decades
of life in English and German ("in den Neunzigern"), and by their ordinal in five languages
("la 8ª década de la vida" is 70, "novena década" 80, "décima década" 90).
"""

from __future__ import annotations

import regex

from deid_studio.core.ordinals import DECADE_WORDS, ORDINALS

_UNITS: dict[str, float] = {}
for _words, _per_year in (
    ("year years yr yrs y yo años año anos ano ans an jahre jahr j år", 1.0),
    ("month months mo mos m meses mes mois monate monat månad månader", 12.0),
    ("week weeks wk wks w semana semanas semaine semaines woche wochen vecka veckor", 52.1775),
    ("day days d días día dias dia jours jour tage tag dagar dag", 365.2425),
):
    _UNITS.update(dict.fromkeys(_words.split(), _per_year))

_ONES = {
    **dict.fromkeys(("one", "uno", "un", "una"), 1),
    **dict.fromkeys(("two", "dos"), 2),
    **dict.fromkeys(("three", "tres"), 3),
    **dict.fromkeys(("four", "cuatro"), 4),
    **dict.fromkeys(("five", "cinco"), 5),
    **dict.fromkeys(("six", "seis"), 6),
    **dict.fromkeys(("seven", "siete"), 7),
    **dict.fromkeys(("eight", "ocho"), 8),
    **dict.fromkeys(("nine", "nueve"), 9),
    **dict.fromkeys(("ten", "diez"), 10),
    **dict.fromkeys(("eleven", "once"), 11),
    **dict.fromkeys(("twelve", "doce"), 12),
    **dict.fromkeys(("thirteen", "trece"), 13),
    **dict.fromkeys(("fourteen", "catorce"), 14),
    **dict.fromkeys(("fifteen", "quince"), 15),
    **dict.fromkeys(("sixteen", "dieciséis", "dieciseis"), 16),
    **dict.fromkeys(("seventeen", "diecisiete"), 17),
    **dict.fromkeys(("eighteen", "dieciocho"), 18),
    **dict.fromkeys(("nineteen", "diecinueve"), 19),
}
_TENS = {
    **dict.fromkeys(("twenty", "veinte", "vinte", "zwanzig"), 20),
    **dict.fromkeys(("thirty", "treinta", "trinta", "dreißig", "dreissig"), 30),
    **dict.fromkeys(("forty", "cuarenta", "quarenta", "vierzig"), 40),
    **dict.fromkeys(("fifty", "cincuenta", "cinquenta", "fünfzig"), 50),
    **dict.fromkeys(("sixty", "sesenta", "sessenta", "sechzig"), 60),
    **dict.fromkeys(("seventy", "setenta", "siebzig"), 70),
    **dict.fromkeys(("eighty", "ochenta", "oitenta", "achtzig"), 80),
    **dict.fromkeys(("ninety", "noventa", "neunzig"), 90),
}
_DECADES = {
    **{f"{word[:-1]}ies": value for word, value in _TENS.items() if word.endswith("y")},
    "sexagenarian": 60,
    "septuagenarian": 70,
    "octogenarian": 80,
    "nonagenarian": 90,
    "centenarian": 100,
    "supercentenarian": 110,
    **{f"{word}ern": value for word, value in _TENS.items() if word.endswith("zig")},
}
"""A decade of life ("in her nineties", "a nonagenarian", "in den Neunzigern"): its first
year."""
_TOKEN = regex.compile(r"\d+(?:[.,]\d+)?|\p{L}+")
_RANGE = regex.compile(r"\d\s*(?:-|\u2013|to|a)\s*\d")


def age_in_years(text: str) -> float | None:
    """The age an age span states, in years; None when it states no number."""
    decade = _decade_of_life(text)
    if decade is not None:
        return decade
    parts: list[tuple[float, float | None]] = []  # (number, per-year divisor of its unit)
    number: float | None = None
    tokens = [t.casefold() for t in _TOKEN.findall(text)]
    for i, token in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token == "hundred":  # "one hundred and two years", "a hundred years"
            number = (number or 1.0) * 100
            continue
        value = _number(token)
        if value is not None:
            if number is not None and not (
                (number in _TENS.values() and value < 10)
                or (number >= 100 and number % 100 == 0 and value < 100)
            ):
                parts.append((number, None))
                number = value
            else:
                number = value if number is None else number + value
        elif token in _UNITS and number is not None and not _joins_numbers(token, following):
            parts.append((number, _UNITS[token]))
            number = None
    if number is not None:
        parts.append((number, None))
    if not parts:
        return None
    last_unit = next((u for _, u in reversed(parts) if u is not None), 1.0)
    years = [n / (u if u is not None else last_unit) for n, u in parts]
    units = {u for _, u in parts if u is not None}
    if _RANGE.search(text) or len(units) <= 1:
        return max(years)
    return sum(years)


def _decade_of_life(text: str) -> float | None:
    """The first year of a decade of life its ordinal names ("8ª década de la vida", "her
    eighth decade": 70), or None when ``text`` names none."""
    words = [w.casefold() for w in _TOKEN.findall(text)]
    if not DECADE_WORDS.intersection(words):
        return None
    for word in words:
        number = int(word) if word.isdigit() else ORDINALS.get(word)
        if number:
            return float((number - 1) * 10)
    return None


def _number(token: str) -> float | None:
    if token[0].isdigit():
        return float(token.replace(",", "."))
    if token in _TENS:
        return float(_TENS[token])
    if token in _DECADES:
        return float(_DECADES[token])
    if token in _ONES:
        return float(_ONES[token])
    return None


def _joins_numbers(token: str, following: str) -> bool:
    """Spanish "y" between two numbers ("noventa y dos") is "and", not "years"."""
    return token == "y" and bool(following) and _number(following) is not None


OLDEST = 125.0
"""No one has lived longer: a span read as an older age is a number that is no age (a house
number the detector took for one, "habite [522], boulevard de Regnier"), and capping it
would state "[AGE > 89]" of whoever the narrative is about."""


def above(text: str, threshold: float) -> bool | None:
    """True when the age is above ``threshold`` years; None when no age can be read, or the
    number read is no one's age (over :data:`OLDEST` years): the span is then tagged."""
    years = age_in_years(text)
    return None if years is None or years > OLDEST else years > threshold
