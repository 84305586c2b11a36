"""A form's keyed fields and their values: "Domicilio:", "Address:", "Localidad:",
"País:", "Hospital:" (rules ``field_street``, ``field_city``, ``field_country``,
``field_institution``); where a value ends, an abbreviation's full stop and a Spanish flat
kept inside it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import regex

from deid_studio.detect.gazetteers import common_words, fold
from deid_studio.detect.geography import place_tokens, places, us_counties
from deid_studio.detect.rules.base import RuleHit, alternation
from deid_studio.detect.rules.places.common import _ABBREVIATIONS, _PARTICLE_WORDS
from deid_studio.detect.rules.places.street_words import (
    _SIDE,
    _STOREY_DOOR,
    _STOREY_SIDE,
    _STREET_TYPE_WORDS,
    _UNIT_PART,
)
from deid_studio.detect.rules.words import STREET_TYPES, Cues, cues

_FIELD_KEYS: Mapping[str, str] = {
    "STREET": "domicilio|dirección|direccion|address|adresse|anschrift|calle|street|"
    "home address|morada|indirizzo",
    "CITY": "localidad|provincia|localidad/provincia|localidad/ provincia|ciudad|city|town|"
    "ville|ort|wohnort|municipio|población|poblacion|state|comunidad|comunidad autónoma|"
    "comunidad autonoma|county|"
    "département|kanton|bundesland|cidade|città|"
    "lugar de nacimiento|place of birth|town of birth|city of birth|lieu de naissance|"
    "ville de naissance|geburtsort|heimatort",
    "COUNTRY": "país|pais|country|pays|land|nationality of residence|"
    "país de nacimiento|pais de nacimiento|país de origen|país de residencia|"
    "country of birth|country of residence|country of origin|pays de naissance|"
    "pays de résidence|geburtsland|herkunftsland",
    "INSTITUTION": "hospital|centro|institution|klinik|établissement|facility|clinic|"
    "centro de trabajo|lugar de trabajo|employer|empresa|arbeitgeber|nursing home|care home|"
    "residencia de ancianos|ehpad|pflegeheim",
}
_NO_VALUE = frozenset(
    "yes no none unknown n/a na nil si sí ninguno ninguna desconocido oui non aucun inconnu "
    "ja nein keine unbekannt -".split()
)
"""Form answers that are no value ("Hospital: No")."""
_NOT_POSTAL = regex.compile(r"(?i:e-?mail|ip|web|mac|mailing\s+list)[ \t]*\Z")
"""The words before "address" that make it no street's ("E-mail address:", "IP address:")."""
_FIELD_END = regex.compile(r"\n|\.[ \t]|\.\Z|;|[ \t]{2,}|\Z")


_FIELDS: tuple[tuple[str, str, Cues], ...] = tuple(
    (kind, f"field_{kind.lower()}", cues(keys.split("|"), colon=True))
    for kind, keys in _FIELD_KEYS.items()
)


def _fields(text: str, index: dict[str, list[int]]) -> Iterator[RuleHit]:
    for kind, rule, family in _FIELDS:
        for match in family.finditer(text, index):
            if kind == "STREET" and _NOT_POSTAL.search(
                text, max(0, match.start() - 24), match.start()
            ):
                continue  # "E-mail address:", "IP address:"
            start = match.end()
            limit = min(len(text), start + 120)
            end = _FIELD_END.search(text, start, limit)
            flat = None
            while end and end.group()[:1] == ".":
                if _abbreviated(text, start, end):
                    end = _FIELD_END.search(text, end.end(), limit)  # "C. Mayor 3", "Avda. X"
                    continue
                if kind == "STREET":
                    flat = _FLAT_AFTER.match(text, end.end())  # "C Bizkarreta, 1. Bajo A"
                break
            if flat is not None:
                stop = flat.end()
            elif end is not None and (end.group() or end.start() == len(text)):
                stop = end.start()
            else:  # the value runs to its limit: not cut inside a word
                stop = _last_blank(text, start, limit)
            value = text[start:stop].rstrip(" \t.,")
            if kind == "STREET" and (town := _TOWN_IN_STREET_FIELD.search(value)) is not None:
                value = value[: town.start()]  # "C. de Loida Franco 19, 33168 Cuenca"
            elif text.startswith("..", start + len(value)) and _SIDE_AT_END.search(value):
                value += "."  # "4 izq..": the side's abbreviation keeps its full stop
            if kind == "INSTITUTION":
                value = _name_before_sentence(value)
            if fold(value) in _NO_VALUE or (kind == "CITY" and _said_of_the_patient(value)):
                continue
            if value and any(c.isalpha() or c.isdigit() for c in value):
                yield RuleHit(start, start + len(value), kind, rule)


_LETTERS = regex.compile(r"[\p{L}\p{M}]+")


def _said_of_the_patient(value: str) -> bool:
    """Whether a town's field holds what is said of the patient, no place: a value typed
    without a capital whose first word is a common word and which names no town or county
    ("Mental state: alert and oriented", "State: stable", "County: 12 cases reported"; not
    "County: cook", "Town: reading", "Ort: 80331 münchen", a state's code "State: ma")."""
    if any(c.isupper() for c in value):
        return False
    first = _LETTERS.search(value)
    if first is None or len(first.group()) < 3 or fold(first.group()) not in common_words():
        return False
    words = place_tokens(value)
    named = places(None)
    return not any(named.match(words[n:]) or words[n:] in us_counties() for n in range(len(words)))


_VALUE_WORD = regex.compile(r"[^ \t]+")
_JOINERS = _PARTICLE_WORDS | {"of", "the", "and", "&", "am", "an", "im", "zum", "zur"}


def _name_before_sentence(value: str) -> str:
    """An institution's field value up to where a sentence goes on: its first lower-case word
    that reads as a clause's verb or preposition (:func:`_goes_on`; "Travel clinic: [Passport
    Health Denver] administered yellow fever vaccine"; not "Hospital: [Mercy hospital]",
    "Facility: [Kaiser permanente riverside]", "Employer: [Tyson foods plant 4]"); nothing
    when the value opens with a lower-case article or pronoun ("Hospital: the patient was
    admitted on 20/01/2023"); a value typed in lower case all the same ("Empresa:
    construcciones garcía")."""
    for n, word in enumerate(_VALUE_WORD.finditer(value)):
        text = word.group().strip(",.;:()")
        folded = fold(text)
        if n == 0:
            if text[:1].islower() and (folded in _JOINERS or folded in _SENTENCE_OPENINGS):
                return ""  # "Hospital: the patient was admitted"
            if text[:1].islower():
                return value  # a name typed in lower case ("Empresa: construcciones garcía")
            continue
        if text[:1].islower() and folded not in _JOINERS and _goes_on(folded):
            return value[: word.start()].rstrip(" \t,.;:(")
    return value


def _goes_on(folded: str) -> bool:
    """Whether a lower-case word in a field's value goes on as a sentence: a past participle
    ("administered", "dispensed") or a word of :data:`_CLAUSE_WORDS`."""
    return folded in _CLAUSE_WORDS or (len(folded) > 4 and folded.endswith("ed"))


_CLAUSE_WORDS = frozenset(
    "was is were are has had have gave gives give did does said says reports told called "
    "on at to for with by from after before when where who which that because but then "
    "administro administrado administrada fue se le con por para "
    "administre par pour avec dans est hat hatte wurde mit um fur".split()
)
"""Lower-case words after which a field's value reads as a sentence going on."""


_SENTENCE_OPENINGS = frozenset(
    "a an this that he she it they we i patient pt was is el la los las un una le les il "
    "der die das er sie es o os as".split()
)
"""Lower-case words that open a sentence after a field's key, no name."""


_PHARMACY_FIELD = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:dispensing[ \t]+pharmacy|pharmacy|farmacia|farmácia|pharmacie|apotheke)"
    r"[ \t]*:[ \t]*"
    r"((?-i:\p{Lu})[\p{L}\p{M}'\u2019&.-]*(?:[ \t]+(?:(?-i:\p{Lu})[\p{L}\p{M}'\u2019&.-]*|#?\d{1,6}"
    r"|(?i:de|del|da|do|di|of|the|&)(?![\p{L}\p{M}])))*)"
)
"""A pharmacy's field: capitalised words and a store's number, up to what is no part of a
name ("Pharmacy: [Boots UK #2134], Trinity Leeds", "Farmacia: [Farmacia Central]"); not a
sentence ("Pharmacy: dispensed 30 tablets on 12/03/2021")."""


_PHARMACY_KEYS = ("pharmacy", "farmacia", "farmácia", "pharmacie", "apotheke")


def pharmacy_fields(text: str) -> Iterator[RuleHit]:
    """The values of a pharmacy's field (:data:`_PHARMACY_FIELD`), looked for only where a
    key's word stands (the pattern's scan of a whole narrative cost 2% of the rules' time)."""
    if ":" not in text:
        return
    lower = text.lower()
    if not any(key in lower for key in _PHARMACY_KEYS):
        return
    for match in _PHARMACY_FIELD.finditer(text):
        start, end = match.span(1)
        value = text[start:end].rstrip(" \t.-&")
        words = fold(value).split()
        if words and words[0] not in _NO_VALUE and fold(value) not in _NO_VALUE:
            yield RuleHit(start, start + len(value), "INSTITUTION", "field_institution")


def _abbreviated(text: str, start: int, end: regex.Match[str]) -> bool:
    """Whether the dot at ``end`` (a field's end) closes an abbreviation the value goes on
    after (:data:`_STREET_ABBREVIATION`): a street type's or a town's before a capital, or
    before a word in lower case when it opens the value ("Av. del puerto 177"); a title's or
    a saint's only inside a street's name, after a street type or a particle ("Carrer del Dr.
    Trueta", not "10 Oak Dr. The patient"); a flat's before a number."""
    word = _STREET_ABBREVIATION.search(text, start, end.start() + 1)
    if word is None:
        return False
    after = text[end.end() : end.end() + 1]
    if word.group("street"):
        return after.isupper() or (
            after.isalpha()
            and len(word.group("street")) > 1
            and not text[start : word.start()].strip()
        )
    if word.group("compass"):
        return after.isalnum()  # "77 W. 5th St.", "W. Smith Street 4"
    if word.group("title"):
        before = _WORD_BEFORE.search(text, start, word.start())
        return (
            after.isupper()
            and before is not None
            and (fold(before.group(1)) in _TITLE_AFTER or before.group(1) in _PARTICLE_WORDS)
        )
    return after.isdigit()


_TITLE_AFTER = _STREET_TYPE_WORDS | STREET_TYPES
"""Where a title's abbreviation starts a street's name ("Calle Dr. Fleming", "Carrer del Dr.
Trueta", after a particle)."""
_WORD_BEFORE = regex.compile(r"([\p{L}\p{M}]+)/?\.?[ \t]+\Z")


def _last_blank(text: str, start: int, stop: int) -> int:
    """``stop``, or the last blank before it when it falls inside a word: a value cut at
    its longest is not cut inside a name ("... by Dr. Jonath")."""
    if stop >= len(text) or not (text[stop - 1].isalnum() and text[stop].isalnum()):
        return stop
    blank = max(text.rfind(" ", start, stop), text.rfind("\t", start, stop))
    return blank if blank > start else stop


_TOWN_IN_STREET_FIELD = regex.compile(
    r"(?<=\d[\p{L}º°ª]{0,2}|\d[º°ª][ \t]?\p{Lu}|(?i:s/n))"
    r"[ \t]*,[ \t]*(?=(?:[A-Z]-?)?\d{5}(?:[ \t]+\p{Lu}|[ \t]*\Z))"
)
"""Where a street field's value goes on after the house number (or the flat's door) to a
five-digit postcode and the town ("C. de Loida Franco 19, 33168 Cuenca", "45, 2º B, 41001
Sevilla"): the street ends there, the place rules read the rest; not before a four-digit
house number ("Lot 7, 1500 County Line")."""
_SIDE_AT_END = regex.compile(rf"(?<![\p{{L}}\p{{M}}])(?:{_SIDE}|{_STOREY_SIDE}|(?i:bajo))\Z")
_FLAT_AFTER = regex.compile(rf"(?:{_STOREY_DOOR}|{_UNIT_PART})(?=[ \t]*(?:[.,;\n\r]|\Z))")
"""The flat of a street field's address after a full stop ("C Bizkarreta, 1. Bajo A")."""


_STREET_ABBREVIATION = regex.compile(
    r"(?<![\p{L}\p{M}])(?:(?P<street>C|Avda|Av|Pza|Ctra|Urb|Pº|Pso|Bd|Str|Cdad|Pto|Nvo|Nva)"
    rf"|(?P<title>{alternation(_ABBREVIATIONS)})|(?P<compass>N|S|E|W|NE|NW|SE|SW)"
    r"|(?i:apt|apto|dpto|no|n[º°]))\.\Z"
)
"""A street's abbreviated type word, a title's or a saint's, or a town's ("Cdad. Real", "Pto.
de la Cruz") before a field value's dot, a letter after it, an English compass point's before
a letter or a digit, or a flat's before a number: the dot ends no field ("Domicilio: C. Jaime
Quintero 77", "Av. del puerto 177", "Carrer del Dr. Trueta, 16", "Calle de Teresita Pizarro
44 Apt. 95", "Address: 77 W. 5th St.", "W. Smith Street 4")."""
