"""Streets: a street type before the name ("Calle Mayor 3", "Avda. X", "Via Roma 131") or
after it ("Hauptstraße 5", "Lindenweg 3", "12 Elm Street"; rules ``street_prefixed``,
``street_suffixed``, ``street_us``), a German street after a preposition ("Am Mühlbach 3a"),
an English one after "on" ("on Elm Street"), a house number on either side of a name, flats
and post-office boxes, US military mail, street corners, and a Spanish "s/n" before the
postcode. Each pattern is tried only where it can start (digit runs, cue words).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache

import regex

from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import places
from deid_studio.detect.rules.anchors import digit_runs
from deid_studio.detect.rules.base import (
    MONTH_WORDS,
    RuleHit,
    alternation,
    lowered,
    matches_at,
    occurrences,
)
from deid_studio.detect.rules.places.common import (
    _CAP,
    _ELIDED,
    _NAME_PART,
    _TIMES,
    _TOKEN,
    _WORD,
    _trim,
)
from deid_studio.detect.rules.places.street_words import (
    _HOUSE_NUMBER,
    _NO_POSTCODE,
    _STREET_AFTER,
    _STREET_AFTER_ADDRESSED,
    _STREET_AFTER_EN,
    _STREET_AFTER_NUMBERED,
    _STREET_AFTER_USPS,
    _STREET_BEFORE,
    _STREET_WORDS,
)
from deid_studio.detect.rules.words import Cues, cues, lexicon

_NO_NUMBER = regex.compile(r"(?<=[ \t])[Ss]/[Nn](?![\p{L}\d])")
"""A street's "S/N" (sin número: no house number)."""
_SUFFIX_BODY = (
    r"(?<![\p{L}\p{M}])(?:(?!(?i:wohnhaft|wohnt|anschrift|adresse|address|wohnort)[ \t])"
    r"\p{Lu}(?:[\p{L}\p{M}\-]*|\.)[ \t])?\p{Lu}[\p{L}\p{M}\-]*"
)
"""A street's name before its suffix, one word before it or an initial ("C. Beerninckstraat");
not the word that says an address follows ("Wohnhaft Lindenstraße 12")."""
_STREET_SUFFIXED = regex.compile(
    rf"{_SUFFIX_BODY}(?i:{alternation(_STREET_AFTER)})(?![\p{{L}}\p{{M}}]){_HOUSE_NUMBER}?"
    rf"|{_SUFFIX_BODY}(?i:{alternation(_STREET_AFTER_NUMBERED)})(?![\p{{L}}\p{{M}}])"
    rf"{_HOUSE_NUMBER}"
    rf"|{_SUFFIX_BODY}(?i:{alternation(_STREET_AFTER_ADDRESSED)})(?![\p{{L}}\p{{M}}])"
    rf"{_HOUSE_NUMBER}(?=[ \t]*(?:[,;·|\n\r]|\Z|\d{{4,5}}(?!\d)))"
    rf"|(?<![\p{{L}}\p{{M}}])\p{{Lu}}[\p{{L}}\p{{M}}\-]*[ \t]"
    rf"(?:Straße|Strasse|Str\.|Platz|Weg|Gasse|Allee){_HOUSE_NUMBER}?"
    rf"|(?<![\p{{L}}\p{{M}}])\p{{Lu}}[\p{{L}}\p{{M}}\-]*[ \t]"
    r"(?:Gürtel|Kai|Ring|Zeile|Lände|Damm|Ufer)"
    rf"{_HOUSE_NUMBER}(?=[ \t]*(?:[,;·|\n\r]|\Z|\d{{4,5}}(?!\d)))"
    rf"|(?<![\p{{L}}\p{{M}}])(?:\p{{Lu}}[\p{{L}}\p{{M}}\-]*[ \t]){{1,3}}"
    rf"(?:Kalea|Pasealekua|Etorbidea|Hiribidea)(?![\p{{L}}\p{{M}}]){_HOUSE_NUMBER}?",
    regex.UNICODE,
)


@cache
def _street_prefixed(language: str | None) -> Cues | None:
    languages = list(_STREET_BEFORE) if language is None else [language]
    words = {w for lang in languages for w in _STREET_BEFORE.get(lang, "").split()}
    if not words:
        return None
    return cues(
        words, tail=rf"[ \t]*(?:{_NAME_PART}[ \t]+){{0,5}}(?:{_ELIDED})?{_CAP}{_HOUSE_NUMBER}?"
    )


_NUMBERED_ONLY = frozenset(
    "cañada cuesta acceso senda carrera carrer pasadizo costanilla polígono poligono "
    "prolongación prolongacion vial".split()
)
"""Spanish (and Catalan) street types that are everyday words too ("le cuesta", "acceso
venoso", "la carrera", a vaccine's "vial"): a street only when capitalised, with a
capitalised name and a house number ("Cuesta Vito Antúnez 1", "Carrer del Dr. Castany 28")."""
_STREET_NUMBERED_ANY = cues(
    {w for words in _STREET_BEFORE.values() for w in words.split() if len(w.rstrip(".")) > 1}
    | {"ul.", "ulica", "rua", "strada", "calea", "utca"}
    | _NUMBERED_ONLY,
    tail=rf"[ \t]*(?:{_NAME_PART}[ \t]+){{0,4}}(?:{_ELIDED})?{_CAP}[ \t]+{_NO_POSTCODE}\d{{1,5}}"
    r"[ \t]?[a-zA-Z]?"
    r"(?![\p{L}\d])",
)
"""A street written the way of any language, with its house number ("Via Roma 131",
"ul. Biskupa Bogedaina 118", "Rua João Pessoa 1636") — in a narrative of another language
too: the house number makes it an address."""
_STREET_AFTER_NUMBER_ANY = cues(
    "rue boul. boul chemin allée impasse quai calle avenida rua viale piazza".split(),
    tail=rf"[ \t]*(?:{_NAME_PART}[ \t]+){{0,4}}(?:{_ELIDED})?{_CAP}",
)
"""A French, Spanish, Portuguese or Italian street after its house number in a narrative of
another language ("2150 rue Sainte-Catherine" in an English letter from Montréal): the type
words no English word shares, read only after a number (:data:`_NUMBER_BEFORE`)."""
_UNIT_AT_END = regex.compile(r"[ \t]+(?i:apt|apartment|suite|ste|unit|flat)\.?\Z")
"""A flat's word the street's name took ("31 rue de la Hulotais [Apt]. 087"): the unit rule
reads it with its number."""
_CALLE_ABBREVIATED = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}.])C\.[ \t]+(?:{_NAME_PART}[ \t]+){{0,4}}{_CAP}"
    r"[ \t]+\d{1,5}[ \t]?[a-zA-Z]?"
    r"(?![\p{L}\d])(?=[ \t]*(?:[,;\n\r]|\Z|(?i:piso|apt|apto|puerta|bajo|esc)(?![\p{L}])))"
)
"""A Spanish street whose type word is "C." (calle), with its house number where an address's
street ends: before a comma, a line's end or the flat ("C. Prudencio Manrique 18, 29773 La
Coruña", "C. de Araceli Alsina 808,", "C. Leire Mármol 33 Piso 7")."""
_SURNAME_PARTICLES = (
    "de",
    "du",
    "des",
    "van",
    "von",
    "der",
    "den",
    "di",
    "da",
    "del",
    "della",
    "la",
    "le",
)
"""A surname's particles inside a street named after it ("08 de Courcey Street", "12 van
Buren Avenue")."""
_SURNAME_PARTICLE = alternation(_SURNAME_PARTICLES)
_STREET_US = regex.compile(
    rf"(?<![\p{{L}}\d/.\-])(?:\d{{1,4}}[A-Za-z]?/)?\d{{1,6}}[A-Za-z]?[ \t]+(?:[NSEW]\.?[ \t]+)?"
    rf"(?:(?:{_SURNAME_PARTICLE}[ \t]+)?{_CAP}[ \t]+){{1,3}}"
    rf"(?:(?i:{alternation([*_STREET_AFTER_EN, *_STREET_AFTER_USPS])})|Via|Rue)\b\.?"
    rf"(?:,?[ \t]*(?i:apt|apartment|suite|ste|unit|#)\.?[ \t]*#?[\dA-Za-z-]{{1,6}})?",
    regex.UNICODE,
)
_STREET_ON_TYPES = (
    *("Street", "Avenue", "Road", "Drive", "Lane", "Boulevard"),
    *("Ave", "Rd", "Blvd", "Ln", "Hwy", "Pkwy"),  # "the walgreens on Ridge Ave"
)
_STREET_ON = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:on|off|onto|along)[ \t]+"
    rf"(?P<street>(?P<first>{_WORD})[ \t]+(?:{_WORD}[ \t]+){{0,2}}"
    rf"(?:{'|'.join(_STREET_ON_TYPES)}))(?![\p{{L}}\p{{M}}])"
)
"""An English street named without its number after "on", "off", "onto" or "along" ("the
Walgreens on Elm Street in Dayton", "lives off Marsh Lane", "the walgreens on Ridge Ave"):
the whole street types and the abbreviations no other word writes, not "St." (a saint's)
nor "Dr" (a doctor's)."""
_UNIT = cues(
    [
        *"apt apartment suite ste unit box postbox postfach apartado piso puerta wohnung flat"
        " studio".split(),
        *("po box", "p.o. box", "boîte postale"),
    ],
    tail=r"(?i:\.?[ \t]*(?:box[ \t]*)?(?:n[º°o]\.?|#)?[ \t]*)\d{1,6}"
    r"(?:[ \t]?[A-Za-z](?![\p{L}\d]))?(?![\p{L}\d])",
)
"""Apartment, suite, unit and post-office box numbers ("Suite 501", "PO Box 12", the British
"Flat 2", "Studio 37o")."""
_MILITARY = regex.compile(
    r"(?<![\p{L}])(?:(?:PSC|CMR|Unit)[ \t]+\d{3,5}.{0,12}?|(?:USNS|USNV|USS|USCGC)[ \t]+"
    r"\p{Lu}[\p{L}\p{M}]+)\n?[ \t]*(?:APO|FPO|DPO)[ \t]+A[AEP][ \t]+\d{5}",
    regex.IGNORECASE,
)
"""US military mail: a unit and box or a ship, then APO/FPO/DPO, AA/AE/AP and the ZIP."""
_CORNER = regex.compile(
    r"(?<![\p{L}])(?i:(?:the[ \t]+)?corner[ \t]+of)[ \t]+"
    r"(?P<a>(?:[^\n.,;:?!]|\.(?=[ \t])){3,60}?)[ \t]+"
    r"(?i:and|&)[ \t]+(?P<b>[\p{L}\d][\p{L}\p{M}\d'-]*(?:[ \t]+[\p{L}\d][\p{L}\p{M}\d'-]*){0,3})"
    r"(?=[ \t]*(?:[\n.,;:?!]|\Z))",
    regex.UNICODE,
)
"""A street corner ("the corner of 35 Pentelis Str. and Waechter Turnpike"): both streets.
The first may hold a full stop before a blank (an abbreviation's, a house number's)."""
_NUMBER_STREET_NUMBER = regex.compile(
    rf"(?<![\w.,/-])\d{{1,6}}[ \t]+(?:{_WORD}[ \t]+){{1,3}}\d{{1,5}}[A-Za-z]?(?![\w/.,]\d)(?!\w)",
    regex.UNICODE,
)
"""A house number on either side of a street's name ("92597 Jahu 80")."""
_NUMBER_THEN_WORD = re.compile(r"(?<![\w.,/-])\d{1,6}[ \t]+[^\W\d_][^\W\d_]*[ \t]+[^\W_]")


def _numbers_then_words(text: str) -> Iterator[int]:
    """Where :data:`_NUMBER_THEN_WORD` matches, as ``finditer`` finds it: tried only at
    the runs of digits (of six digits or fewer, then a blank) where a match can start."""
    done, size = 0, len(text)
    for start, end in digit_runs(text):
        if start >= done and end - start <= 6 and end < size and text[end] in " \t":
            match = _NUMBER_THEN_WORD.match(text, start)
            if match is not None:
                done = match.end()
                yield start


_NUMBER_BEFORE = regex.compile(
    r"(?r)(?<![\w.,/-])(?:\d{1,6}|\d{1,3},|\d{1,4}[ \t]?(?i:bis|ter|quater),?)[ \t]+\Z"
)
"""A house number before its street ("3247 Rue Dielhère", "54, rue Lefebvre", "14 bis
avenue des Tilleuls")."""


_GRAN_VIA = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])Gran[ \t]+V[ií]a(?:[ \t]+{_NAME_PART}){{0,6}}{_HOUSE_NUMBER}"
)
"""A Spanish city's "Gran Vía" with its house number ("Gran Vía, 111", "Gran Vía Don Diego
López de Haro 25"): its street type stands after a word."""


_GRID_ADDRESS = cues(
    "calle cl. cl cll. cll carrera cra. cra kr. kr kra. kra cr. cr avenida av. av ak. ak ac. ac "
    "diagonal dg. dg transversal tv. tv tr. tr".split(),
    tail=r"(?:[ \t]+(?i:carrera|cra\.?|calle|cl\.?|kr\.?))?"
    r"[ \t]+\d{1,3}[ \t]?(?:[A-Z](?![\p{L}]))?(?:[ \t]+(?i:bis|sur|norte|este|oeste)(?![\p{L}]))*"
    r"[ \t]*(?:[Nn]o\.?|[Nn][º°o]\.?|#|(?i:número))[ \t]*\d{1,3}[ \t]?(?:[A-Z](?![\p{L}]))?"
    r"[ \t]*-[ \t]*\d{1,3}(?!\d)(?:[ \t]+(?i:sur|norte|este|oeste)(?![\p{L}]))?",
)
"""A Colombian grid address: the street's type and number, "No." or "#", the crossing
street's number and the distance from it ("Calle 72 No. 10-34", "Cl. 26 Sur # 48-12", "Av.
Cra. 30 No. 45-03", "Carrera 7 # 45-10")."""
_IN_CORSO_DI = regex.compile(r"(?<![\p{L}\p{M}])in[ \t]+corso[ \t]+di(?![\p{L}\p{M}])")


def _during(text: str, start: int) -> bool:
    """Whether the street type word at ``start`` is the "corso" of Italian "in corso di"
    (during: "Rash in corso di Augmentin 875 mg"), no street's."""
    return _IN_CORSO_DI.search(text, max(0, start - 4), start + 9) is not None


_TYPED_STREET = regex.compile(
    r"(?<![\w.,/-])\d{1,5}[ \t]+(?:[nsew]\.?[ \t]+)?"
    r"(?P<name>(?:[a-z][a-z'-]+|\d{1,3}(?:st|nd|rd|th))(?:[ \t]+[a-z][a-z'-]+)?)[ \t]+"
    r"(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|terrace|highway|hwy|parkway|pkwy)"
    r"(?![\w-]|\.?\d)"
)
"""A US street typed in lower case with its house number, as messages write it ("12 oak st",
"45 w 34th st", "221 baker street"); the street's type word one of those no other word
shares ("dr", "ct", "way" are a doctor, a court, a way)."""
_NOT_STREET_NAMES = frozenset(
    "mg mcg ml cc units unit tabs tab tablets tablet pills pill caps doses dose times days "
    "weeks months years hours hrs minutes mins miles blocks pm am x".split()
)


_SECOND_NUMBER_BEFORE = regex.compile(r"(?r)(?<![\w.,/-])\d{1,5}[ \t]+\Z")
"""A number right before the house number belongs to the address ("3747 3911 fourth avenue"):
left out, it stayed beside the masked street."""


def _typed_streets(text: str, language: str | None) -> Iterator[RuleHit]:
    """The streets :data:`_TYPED_STREET` finds at runs of digits in an English narrative, their
    words no stopword, unit or count ("give 5 mg st", "2 more miles down the road" stay)."""
    if language not in (None, "en"):
        return
    stop = lexicon("en").stop
    for start, _ in digit_runs(text):
        match = _TYPED_STREET.match(text, start)
        if match is None:
            continue
        words = match.group("name").split()
        if any(w in stop or w in _NOT_STREET_NAMES for w in words):
            continue
        before = _SECOND_NUMBER_BEFORE.search(text, max(0, start - 8), start)
        yield RuleHit(before.start() if before else start, match.end(), "STREET", "street_us")


def _streets(text: str, language: str | None, index: dict[str, list[int]]) -> Iterator[RuleHit]:
    yield from _typed_streets(text, language)
    if "Gran V" in text:
        for match in _GRAN_VIA.finditer(text):
            yield RuleHit(*_trim(text, *match.span()), "STREET", "street_prefixed")
    if language in (None, "es"):
        for match in _GRID_ADDRESS.finditer(text, index):
            yield RuleHit(*match.span(), "STREET", "street_prefixed")
    prefixed = _street_prefixed(language)
    english = lexicon().common if language in (None, "en") else frozenset()
    for match in prefixed.finditer(text, index) if prefixed is not None else ():
        words = [fold(w) for w in _TOKEN.findall(match.group())[1:] if w[:1].isupper()]
        if words and all(w in english for w in words):
            continue  # "via Email" in an English narrative
        start, end = _numbered(text, *_trim(text, *match.span()))
        if _NO_NUMBER.match(text, end - 1):
            end += 2  # "Avda. Manuel Siurot S/N": its "S" was read as a word of the name
        if len(_TOKEN.findall(text, start, end)) < 2:
            continue  # the type word alone, the next field's key cut off: "Avda [NºCol]:"
        if _during(text, start):
            continue
        yield RuleHit(start, end, "STREET", "street_prefixed")
    for match in _STREET_NUMBERED_ANY.finditer(text, index):
        if _during(text, match.start()):
            continue
        cue, *words = _TOKEN.findall(match.group())
        if cue == "via" or all(w.isupper() and len(w) <= 3 for w in words if not w.isdigit()):
            continue  # "given via IM 2 doses"
        if cue.lower() in _NUMBERED_ONLY and not cue.istitle():
            continue  # "le cuesta Mucho 3 veces", "1 VIAL ALBUTEROL VIA NEB 1": these are a
            # street's only capitalised
        yield RuleHit(*_numbered(text, *match.span()), "STREET", "street_prefixed")
    if language not in _STREET_BEFORE:
        for match in _STREET_AFTER_NUMBER_ANY.finditer(text, index):
            if _NUMBER_BEFORE.search(text, max(0, match.start() - 12), match.start()):
                start, end = _numbered(text, *_trim(text, *match.span()))
                unit = _UNIT_AT_END.search(text, start, end)
                yield RuleHit(start, unit.start() if unit else end, "STREET", "street_prefixed")
    if language in (None, "es") and "C. " in text:
        for match in _CALLE_ABBREVIATED.finditer(text):
            yield RuleHit(*match.span(), "STREET", "street_prefixed")
    lower = lowered(text)
    if _may_hold_suffixed_street(text, lower):
        for match in _STREET_SUFFIXED.finditer(text):
            if _an_english_word_and_number(match.group(), english):
                continue  # "During 1971", "Gate 12", "Spring 2020"
            span = _numbered(text, *_trim(text, *match.span()))
            yield RuleHit(*span, "STREET", "street_suffixed")
    if language in (None, "en"):
        for match in matches_at(_STREET_US, text, _house_numbers(text)):
            yield RuleHit(*_numbered(text, *_trim(text, *match.span())), "STREET", "street_us")
        if any(street_type in text for street_type in _STREET_ON_TYPES):
            stop = lexicon(language).stop
            for match in _STREET_ON.finditer(text):
                if fold(match.group("first")) not in stop:  # "Focus on The Road ahead"
                    yield RuleHit(*match.span("street"), "STREET", "street_named")
    if language in (None, "de"):
        for match in _GERMAN_PREPOSITION_STREET.finditer(text):
            words = _TOKEN.findall(match.group("name"))
            if any(fold(w) in _TIMES or fold(w) in _TIME_NOUNS for w in words):
                continue  # "Am Montag 3", "Im Jahr 2021"
            if _town_follows(text, match.end()) or not any(
                zipf(w, "de") >= _EVERYDAY_NAME for w in words
            ):
                yield RuleHit(*match.span("street"), "STREET", "street_after_preposition")
        if "wohn" in text:
            for match in _RESIDENT_AT_STREET.finditer(text):
                yield RuleHit(*match.span("street"), "STREET", "street_after_preposition")
    common = lexicon().common
    for start in _numbers_then_words(text):
        match = _NUMBER_STREET_NUMBER.match(text, start)
        if match is None:
            continue
        words = [fold(w) for w in _TOKEN.findall(match.group())]
        if words and not any(w in common or w in MONTH_WORDS for w in words):
            yield RuleHit(*match.span(), "STREET", "street_between_numbers")
    for match in _UNIT.finditer(text, index):
        if match.group().startswith(("flat", "studio")):
            continue  # "flat" and "studio" in lower case: "felt flat 2 days"
        yield RuleHit(*match.span(), "STREET", "unit_number")
    if "apo" in lower or "fpo" in lower or "dpo" in lower:
        for match in _MILITARY.finditer(text):
            yield RuleHit(*match.span(), "STREET", "military_address")
    if "corner" in lower:
        for match in _CORNER.finditer(text):
            words = {fold(w) for w in _TOKEN.findall(match.group("a") + " " + match.group("b"))}
            if any(c.isdigit() for c in match.group()) or words & _STREET_WORDS:
                yield RuleHit(*match.span(), "STREET", "street_corner")


def _an_english_word_and_number(street: str, english: frozenset[str]) -> bool:
    """Whether a street an ending found is one English word and a number ("During 1971":
    "-ring" is a German street's ending; "Gate 12"): in an English narrative, no street."""
    words = _TOKEN.findall(street)
    return len(words) == 1 and fold(words[0]) in english


_GERMAN_PREPOSITION_STREET = regex.compile(
    r"(?<![\p{L}\p{M}])(?P<street>(?:Am|Im|Zum|Zur|Beim|(?:An|In|Auf|Unter|Hinter|Vor|Bei)"
    r"[ \t]+(?:der|dem|den))[ \t]+(?P<name>\p{Lu}[\p{L}\p{M}\-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}\-]+)?)"
    r"[ \t]+\d{1,4}[ \t]?[a-z]?)(?=[ \t]*(?:,|\n|\r|\)|\Z))"
)
"""A German street named with a preposition, with its house number at the end of its line
or before a comma ("Am Mühlbach 3a", "An der Au 12", "Unter den Linden 77"); not "Am Montag
3 Tabletten"."""
_RESIDENT_AT_STREET = regex.compile(
    r"(?<![\p{L}\p{M}])(?:wohnhaft|wohnt)[ \t]+(?:in[ \t]+(?:der[ \t]+)?)?"
    r"(?P<street>\p{Lu}[\p{L}\p{M}.\-]*(?:[ \t]+[\p{L}][\p{L}\p{M}.\-]*){0,3}"
    r"[ \t]+\d{1,4}[ \t]?[a-z]?(?:[/-]\d{1,4})?)(?=,?[ \t]+\d{5}[ \t]+\p{Lu})"
)
"""Where a German narrative says someone lives, the words before the house number when a
postcode and its town follow: a street, whatever its words ("wohnhaft Dussen vanplatz 254,
65080 Groß-Gerau")."""
_EVERYDAY_NAME = 4.8
"""Zipf frequency in German from which the name of such a street is an everyday word and
the phrase a time or a place in a sentence ("Am Montag", "Im Jahr", "Am Ende"; "Markt" 5.0
and "Kirche" 5.2 are lost but before a postcode and its town)."""
_POSTCODE_AND_TOWN = regex.compile(
    r",?[ \t]+\d{5}[ \t]+(\p{Lu}[\p{Ll}\p{M}\-]+(?:[ \t]+[\p{L}\p{M}\-]+){0,2})"
)
"""A postcode and its town after a house number: the address goes on ("Am Markt 3, 09111
Chemnitz")."""


def _town_follows(text: str, end: int) -> bool:
    """Whether a postcode and a town follow ``end`` (:data:`_POSTCODE_AND_TOWN`): a town of
    the gazetteer ("09111 Chemnitz", "60311 Frankfurt am Main") or a word German seldom
    writes; not a dose's unit ("10000 Einheiten Insulin", "10000 IE")."""
    found = _POSTCODE_AND_TOWN.match(text, end)
    if found is None:
        return False
    words = tuple(fold(w) for w in _TOKEN.findall(found.group(1)))
    known = places("de")
    if any(known.match(words[:n]) is not None for n in range(len(words), 0, -1)):
        return True
    return zipf(words[0], "de") < _UNLISTED_TOWN


_UNLISTED_TOWN = 3.5
"""Zipf frequency in German under which the word after a postcode is a town the gazetteer
does not list (not "Einheiten" 4.3, "Tabletten" 3.9)."""
_TIME_NOUNS = frozenset(
    "jahr jahre jahren tag tage tagen woche wochen monat monate monaten ende anfang morgen "
    "abend nacht mittag".split()
)
"""Nouns of time after "Am", "Im", "Zum" ("Im Jahr 2021", "Am Tag 3"): no street's name."""
_ENDINGS_ALONE = (*_STREET_AFTER, " weg", "\tweg")
"""What makes a street alone, without a house number: an ending ("str." with its dot:
"muestra" is no street), or "Weg" as a word of its own ("Haupt Weg")."""
_ENDINGS_NUMBERED = (*_STREET_AFTER_NUMBERED, *_STREET_AFTER_ADDRESSED)  # a tuple: str.endswith
_GAP_CHARACTERS = frozenset(" \t,#.º°")
"""What stands between an ending and its house number, but a marker's letters ("nº", "no.",
"nr.")."""


def _may_hold_suffixed_street(text: str, lower: str) -> bool:
    """Whether :data:`_STREET_SUFFIXED` can match: an ending that makes a street alone
    occurs, or one that needs a house number stands before a digit or "s/n" ("during" is no
    street). Read back from each run of digits (a dozen in a narrative): blanks, a comma
    and a house number's marker skipped, the word before must end with such an ending (a
    ``str.endswith`` at C speed). Scanning the whole text with the pattern cost ten times
    more, and a ``str.find`` per ending a thirtieth of the rules' time on MEDDOCAN. The
    look back skips more than the pattern allows ("Weg. 5"), never less: the gate may let
    the pattern scan a narrative it finds nothing in, never skip one it would match."""
    if any(ending in lower for ending in _ENDINGS_ALONE):
        return True  # "Hauptstraße", "Haupt Weg": a street without its number
    # the digits of the lowered text: a rare script's case changes the length
    numbers = [start for start, _ in digit_runs(text if len(lower) == len(text) else lower)]
    numbers += occurrences(lower, "s/n")
    endings, gap = _ENDINGS_NUMBERED, _GAP_CHARACTERS
    for at in numbers:
        while at and lower[at - 1] in gap:
            at -= 1
        if not at or not lower[at - 1].isalpha():
            continue  # "12/03/2020", "(12)", "a las 12:30": no word ends there
        if lower.endswith(endings, 0, at):
            return True
        for marker in ("n", "no", "nr"):  # "nº 5", "no. 5", "Nr. 5": the marker's letters
            if lower.endswith(marker, 0, at):
                before = at - len(marker)
                while before and lower[before - 1] in " \t,":
                    before -= 1
                if lower.endswith(endings, 0, before):
                    return True
    return False


def _numbered(text: str, start: int, end: int) -> tuple[int, int]:
    """With the house number written before the street ("3247 Rue Dielhère 130")."""
    before = _NUMBER_BEFORE.search(text, max(0, start - 12), start)
    return (before.start(), end) if before else (start, end)


_ASCII_LETTERS = frozenset(string.ascii_letters)


def _house_numbers(text: str) -> list[int]:
    """Where :data:`_STREET_US` may match: up to six digits, a letter, blanks and a capital
    or a surname's particle before one ("12B Elm Street", "08 de Courcey Street"; not "2
    doses"), from a flat's number and its slash before them ("3/17 Beach Rd")."""
    starts, size = [], len(text)
    for start, end in digit_runs(text):
        if end - start > 6:
            continue
        at = end + 1 if end < size and text[end] in _ASCII_LETTERS else end
        if at < size and text[at] in " \t":
            while at < size and text[at] in " \t":
                at += 1
            if at < size and (
                text[at].isupper()
                or (
                    text[at] in _PARTICLE_INITIALS
                    and _PARTICLE_THEN_CAPITAL.match(text, at) is not None
                )
            ):
                unit = start - 1
                if unit > 0 and text[unit] == "/" and text[unit - 1].isdigit():
                    unit -= 1  # a flat's number before the house's ("3/17 Beach Rd")
                    while unit > 0 and start - unit < 6 and text[unit - 1].isdigit():
                        unit -= 1
                    starts.append(unit)
                else:
                    starts.append(start)
    return starts


_PARTICLE_THEN_CAPITAL = regex.compile(rf"{_SURNAME_PARTICLE}[ \t]+\p{{Lu}}")
_PARTICLE_INITIALS = frozenset(particle[0] for particle in _SURNAME_PARTICLES)


_SN = regex.compile(
    r"(?<=[\p{L}\p{M}\d.)][ \t]*,?[ \t]*)"
    r"(?:s[ \t]?/[ \t]?n|s\.[ \t]?n\.)(?![\p{L}\p{M}\d/:])"
    r"(?=[ \t]*[.,]?[ \t]*\(?(?:[A-Z]-)?\d{5}(?!\d))"
)
"""A Spanish street's "s/n" (sin número) before the address's postcode, where the street
rules did not read the street's name ("Ctra. N-332 Valencia-Alicante, s/n 03550", "C/ Doctor
Martín lagos, s/n. 28040"), in lower case; not "sin novedad" ("Noche s/n."), a tick box
("Fumador S/N") nor a serial number ("S/N PJN123456", "S/N 45123")."""
_SN_HINTS = ("s/", "s /", "s.n", "s. n")
"""What :data:`_SN` needs in a narrative: the pattern runs only where one of these is."""
