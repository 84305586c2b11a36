"""A day of the month written alone, whose month the words beside it name, as letters and
patients' messages in Spanish, French, German, Italian and Portuguese write it: after the day
("el 3 del presente mes", "le 3 courant", "am 15. d. M.", "il 20 u.s.", "no dia 21 p.p."; rule
``date_day_this_month``) or before it, a weekday ("jeudi 12", "el lunes 3"; rule
``date_weekday_day``, the weekday in the span: left beside a shifted day, it would tell the
month); a day written as a word before its month ("el tres de marzo", "le trois mars", "am
dritten März"; rule ``date_day_in_words``). No shift reads them; the masker writes the date's
tag.

A day alone after "el día", "le", "il giorno" stays: in a clinical case it counts the days of
a stay or a treatment ("el día 22, tras 48 horas", "Il giorno 3 di terapia") as often as it
dates. The patterns are tried only where the word index or a substring search finds the words
that name the month, or a weekday: most narratives have none.
"""

from __future__ import annotations

import regex

from deid_studio.core.months import full_names
from deid_studio.detect.rules.base import (
    MONTH,
    NUMBER_WORD,
    NUMBER_WORDS,
    Finder,
    RuleHit,
    alternation,
    lowered,
    words,
)
from deid_studio.detect.rules.words import register_triggers, word_index

_DAY = r"(?:0?[1-9]|[12]\d|3[01])"


def _of(table: dict[str, frozenset[str]], language: str | None) -> frozenset[str]:
    """The words of ``table`` for ``language``: every language's when it is unknown."""
    if language is None:
        return frozenset().union(*table.values())
    return table.get(language, frozenset())


_THIS_MONTH = (
    r"del\s+(?:presente|corriente|actual)(?:\s+mes)?|de(?:l)?\s+(?:este|mismo|dicho)\s+mes"
    r"|del\s+mes\s+(?:pasado|anterior|en\s+curso|actual|corriente|próximo|proximo|siguiente)"
    r"|do\s+(?:corrente|presente)(?:\s+m[êe]s)?|deste\s+m[êe]s|do\s+mesmo\s+m[êe]s"
    r"|do\s+m[êe]s\s+(?:passado|corrente|anterior|seguinte)"
    r"|du\s+mois\s+(?:dernier|précédent|precedent|prochain|suivant|en\s+cours)|courant"
    r"|de\s+ce\s+mois|du\s+même\s+mois"
    r"|di\s+questo\s+mese|del(?:lo)?\s+(?:stesso|corrente|scorso)\s+mese"
    r"|del\s+mese\s+(?:scorso|corrente|precedente|successivo)"
    r"|(?-i:c\.\s?m\.|u\.\s?s\.|m\.\s?s\.|p\.\s?p\.)"
)
"""What names the month of a day after it, in Spanish, Portuguese, French and Italian: "el 3
del presente mes", "a 15 do corrente mês", "le 3 courant", "il 20 u.s." (*ultimo scorso*),
"no dia 21 p.p." (*próximo passado*). The abbreviations only in lower case: "20 U.S. states"
is no date."""
_THIS_MONTH_DE = (
    r"(?-i:d\.\s?M\.)|des\s+(?:laufenden\s+|selben\s+|gleichen\s+)?Monats|des\s+Vormonats"
    r"|(?:letzten|vorigen|dieses|nächsten|kommenden)\s+Monats"
)
"""The same in German, after the day's dot: "am 15. d. M.", "am 3. des Monats"."""
_DAY_OF_THIS_MONTH = regex.compile(
    rf"(?<![\d.,/-])(?:(?:día|dia|giorno)\s+)?{_DAY}(?:er|º|°)?\s+(?:{_THIS_MONTH})"
    rf"(?![\p{{L}}\d])|(?<![\d.,/-]){_DAY}\.\s*(?:{_THIS_MONTH_DE})(?![\p{{L}}\d])",
    regex.IGNORECASE,
)
_MONTH_WORDS: dict[str, frozenset[str]] = {
    "es": frozenset({"mes", "presente", "corriente"}),
    "pt": frozenset({"mês", "mes", "presente", "corrente"}),
    "fr": frozenset({"mois", "courant"}),
    "it": frozenset({"mese"}),
    "de": frozenset({"monats", "vormonats"}),
}
"""A word of each language's phrases after the day, which :func:`word_index` finds."""
_ABBREVIATIONS = ("c.m.", "u.s.", "m.s.", "p.p.", "c. m.", "u. s.", "m. s.", "p. p.")
_ABBREVIATIONS_DE = ("d. m.", "d.m.")
_REACH = 32
"""No day and phrase before a month's word are longer."""

_WEEKDAYS: dict[str, frozenset[str]] = {
    "es": words("lunes martes miércoles miercoles jueves viernes sábado sabado domingo"),
    "fr": words("lundi mardi mercredi jeudi vendredi samedi dimanche"),
    "it": words(
        "lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi "
        "sabato domenica"
    ),
    "pt": words(
        "segunda terça terca quarta quinta sexta sábado sabado domingo segunda-feira "
        "terça-feira terca-feira quarta-feira quinta-feira sexta-feira"
    ),
}

_WEEKDAY_DAY = regex.compile(
    rf"(?<![\p{{L}}-])(?:{alternation(_of(_WEEKDAYS, None))})"
    rf"\s+(?:(?:le|el|il|o)\s+)?{_DAY}(?:er|º|°)?"
    r"(?![\p{L}])"
    rf"(?![\d:.,/-]?\d|\s*(?:(?:de|del|of)\s+)?{MONTH}\b"
    r"|\s*(?:h|hs|hrs?|heures?|horas?|ore|veces|vezes|fois|volte|mg|ml|semanas?|semaines?"
    r"|settimane|dias?|días?|jours?|giorni|de\s+(?:ciclo|tratamiento|tratamento))\b)",
    regex.IGNORECASE,
)
"""A weekday and the day after it, not an hour, a count or the day of a date the month rules
take whole ("jeudi 12 h", "lunes 3 veces", "lunes 3 de marzo")."""


_WORDED = ("es", "fr", "it", "pt", "de")
_FULL_MONTHS: dict[str, frozenset[str]] = {lang: frozenset(full_names(lang)) for lang in _WORDED}
_GERMAN_ORDINALS: dict[str, int] = {
    word: n
    for n, word in enumerate(
        (
            "ersten zweiten dritten vierten fünften sechsten siebten achten neunten zehnten "
            "elften zwölften dreizehnten vierzehnten fünfzehnten sechzehnten siebzehnten "
            "achtzehnten neunzehnten zwanzigsten einundzwanzigsten zweiundzwanzigsten "
            "dreiundzwanzigsten vierundzwanzigsten fünfundzwanzigsten sechsundzwanzigsten "
            "siebenundzwanzigsten achtundzwanzigsten neunundzwanzigsten dreißigsten "
            "einunddreißigsten"
        ).split(),
        start=1,
    )
}
_ITALIAN_DAYS: dict[str, int] = {
    word: n
    for n, spelt in enumerate(
        (
            "uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici "
            "quattordici quindici sedici diciassette diciotto diciannove venti ventuno ventidue "
            "ventitré|ventitre ventiquattro venticinque ventisei ventisette ventotto ventinove "
            "trenta trentuno"
        ).split(),
        start=1,
    )
    for word in spelt.split("|")
}
"""Italian's days in words, which :data:`~.base.NUMBER_WORDS` lacks."""
_DAY_IN_WORDS = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}-])(?:{NUMBER_WORD}|primero|premier|primo|primeiro"
    rf"|{alternation(_GERMAN_ORDINALS)}|{alternation(_ITALIAN_DAYS)})(?:[ \t]+(?:de|of))?[ \t]+\Z",
    regex.IGNORECASE,
)
"""A day written as a word before its month, in Spanish, French, Italian, Portuguese and
German ("el tres de marzo", "le trois mars", "il tre marzo", "no dia três de março", "am
dritten März"), read backwards from the month."""


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _of(_MONTH_WORDS, language) | _of(_WEEKDAYS, language) | _of(_FULL_MONTHS, language)


def find_month_days(text: str, language: str | None) -> list[RuleHit]:
    """Every day whose month the phrase after it names, and every weekday with its day."""
    index = word_index(text, language)
    found: dict[tuple[int, int], RuleHit] = {}
    for at in _month_word_places(text, language, index):
        for match in _DAY_OF_THIS_MONTH.finditer(text, max(0, at - _REACH), at + 12):
            if match.start() < at < match.end():
                found[match.span()] = RuleHit(*match.span(), "DATE", "date_day_this_month")
    for at in (p for word in _of(_WEEKDAYS, language).intersection(index) for p in index[word]):
        match = _WEEKDAY_DAY.match(text, at)
        if match is not None:
            found[match.span()] = RuleHit(*match.span(), "DATE", "date_weekday_day")
    for word in _of(_FULL_MONTHS, language).intersection(index):
        for at in index[word]:
            day = _DAY_IN_WORDS.search(text, max(0, at - 40), at)
            if day is not None and _value(day.group()) is not None:
                end = at + len(word)
                found[(day.start(), end)] = RuleHit(day.start(), end, "DATE", "date_day_in_words")
    return sorted(found.values())


def _month_word_places(text: str, language: str | None, index: dict[str, list[int]]) -> list[int]:
    """Where a word or an abbreviation that names a day's month starts."""
    places = [p for word in _of(_MONTH_WORDS, language).intersection(index) for p in index[word]]
    abbreviations = (
        _ABBREVIATIONS_DE
        if language == "de"
        else _ABBREVIATIONS + _ABBREVIATIONS_DE
        if language is None
        else _ABBREVIATIONS
    )
    lower = lowered(text) if language in (None, "de") else text
    for abbreviation in abbreviations:
        at = lower.find(abbreviation)
        while at >= 0:
            places.append(at)
            at = lower.find(abbreviation, at + 1)
    return places


_DAY_WORDS: dict[str, int] = {
    **dict.fromkeys(("primero", "premier", "primo", "primeiro"), 1),
    **_GERMAN_ORDINALS,
    **_ITALIAN_DAYS,
}
"""Days in words that :data:`~.base.NUMBER_WORDS` lacks: firsts, German ordinals, Italian."""
_JOINS = frozenset({"y", "et", "e", "und", "de", "of", ""})


def _value(words: str) -> int | None:
    """The day a day's words before a month say, when it can be one (1 to 31): "tres" 3,
    "dritten" 3, "trente et un" 31; None for "cincuenta", "quarante"."""
    total = 0
    for word in regex.split(r"[ \t-]+", words.strip().lower()):
        value = _DAY_WORDS.get(word, NUMBER_WORDS.get(word))
        if value is not None:
            total += value
        elif word not in _JOINS:
            return None
    return total if 1 <= total <= 31 else None


MONTH_DAY_FINDER = Finder(
    "days of this month",
    find_month_days,
    {"date_day_this_month": 0.9, "date_weekday_day": 0.9, "date_day_in_words": 0.9},
    (
        "El [3 del presente mes] inició; ingresó el [5 del corriente].",
        "el [día 2 del mes pasado]; el [dia 3 de este mes] tuvo",
        "Hospitalisée le [14 du mois dernier]; arrêt le [3 courant].",
        "In data [3 c.m.] sospende; il [20 u.s.] ha sospeso; il [12 di questo mese]",
        "il [7 dello stesso mese] compare",
        "A [15 do corrente mês] iniciou; no [dia 21 p.p.]; desde o [dia 3 deste mês]",
        "Am [15. d. M.] trat; am [3. des Monats]; seit dem [12. letzten Monats]",
        "Le [jeudi 12], apparition; el [lunes 3] ingresó; il [sabato 5] è caduto",
        "El [tres de marzo] comenzó; le [trois mars]; il [tre marzo]; no dia [três de março]",
        "Am [dritten März] kam es; le [premier avril]; el [treinta y uno de diciembre]",
    ),
    (
        "el día 3 del ciclo; del 3 de este modo; Dosis 1.5 del presente mes",
        "20 U.S. states; 3 courants",
        "jeudi 12 h; lunes 3 veces; el lunes 3 de marzo; jeudi 12/03; quinta 3 dias",
        "hace dos meses; cincuenta de marzo; tres meses de marzo a junio",
    ),
    languages=frozenset({"es", "pt", "fr", "it", "de"}),
)
