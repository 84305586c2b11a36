"""Ordinal words one to eleven in the languages of spontaneous reports, and the words for a
decade: one table for the age rules of ``detect`` ("la 8ª década de la vida", "in her eighth
decade") and the age reader of ``mask``, so that a decade of life the rules find is one the
masker can read (the eighth decade is 70 to 79). Keys are lowercase.
"""

from __future__ import annotations

from collections.abc import Mapping

_BY_NUMBER = (
    "first primera primero primer première premier primeira primeiro prima primo",
    "second segunda segundo deuxième seconde second seconda secondo",
    "third tercera tercero troisième terceira terceiro terza terzo",
    "fourth cuarta cuarto quatrième quarta quarto",
    "fifth quinta quinto cinquième",
    "sixth sexta sexto sixième sesta sesto",
    "seventh séptima septima séptimo septimo septième sétima sétimo settima settimo",
    "eighth octava octavo huitième oitava oitavo ottava ottavo",
    "ninth novena noveno neuvième nona nono",
    "tenth décima decima décimo decimo dixième",
    "eleventh undécima undecima onceava onzième undicesima",
)
ORDINALS: Mapping[str, int] = {
    word: number for number, words in enumerate(_BY_NUMBER, start=1) for word in words.split()
}
"""Ordinal word → its number ("octava" → 8, "huitième" → 8)."""
DECADE_WORDS = frozenset({"década", "decada", "decade", "décennie", "decennie", "decennio"})
"""The word for a decade, as an age's ("la 8ª década de la vida")."""
