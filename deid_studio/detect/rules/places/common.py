"""What several place families share: the capitalised words of a street's or an
institution's name (:data:`_CAP`, :data:`_NAME_PART`), the place cues before a town, reading a
gazetteer entry's words (:func:`_entry_words`), trimming a hit (:func:`_trim`, without the next
field's key), the words of a town no list knows (:func:`_unknown_town`), and each rule's
confidence (:data:`RULES`).
"""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import Places
from deid_studio.detect.rules.base import (
    LATIN1_LETTER,
    LATIN1_UPPER,
    MONTH_WORDS,
    Latin1Twin,
    alternation,
)
from deid_studio.detect.rules.words import ELIDED_PARTICLE, WEEKDAYS, Lexicon

_FLAGS = regex.IGNORECASE | regex.UNICODE
_WORD = (
    r"(?!\p{Lu}{1,2}-\d{5}(?!\d))(?!(?-i:No|Nº|N)\.[ \t]*\d)"
    r"\p{Lu}(?:[\p{L}\p{M}'\u2019]|-(?!\d{5}(?!\d)))*"
)
"""A capitalised word: no abbreviation's dot, nor a five-digit postcode's country letter
("Hospital San Juan de la Cruz E-23400 Ubeda"), nor the "No." of a house number
("Insurgentes Sur No. 1602"); a road's code is one ("Ctra. A-7075")."""
_ABBREVIATIONS = "Dr Dra Dña Ldo Lda Lcdo Lcda Prof St Sta Sto Sant Mt Ft Pº Gral Av".split()
"""Titles' and saints' abbreviations that stand inside a street's or an institution's name."""
_CAP = rf"(?:{alternation(_ABBREVIATIONS + [a.upper() for a in _ABBREVIATIONS])}\.|{_WORD})"
"""A capitalised word of a street's or an institution's name, or a title's abbreviation (in
capitals too: "ST. LUKE'S HOSPITAL")."""
_WARDS = frozenset(
    "er ed icu ccu nicu picu micu sicu pacu or ent ob gyn obgyn gi ems hiv std ms copd uti "
    "ptsd pt ot mri ct covid va".split()
)
"""A hospital's departments and clinics by their letters, and what such letters name in a
clinic's name: they follow a hospital's name as a region's code would ("Saint Francis
Hospital ER"), and stand before a clinic's word as a name's acronym would ("ENT Clinic",
"COVID Clinic"; "OSU Medical Center" is named)."""
_PARTICLE_WORDS = frozenset(
    "de del la las los el du des le di dei della degli delle da do dos das van von der "
    "y i z".split()
)
_PARTICLE = alternation(_PARTICLE_WORDS)
_TRAILING_PARTICLES = regex.compile(rf"(?:[ \t]+{_PARTICLE})+[ \t,]*\Z")
_ELIDED = ELIDED_PARTICLE
"""A French or Italian particle elided before a name's word and written onto it ("de
[l']Atlantique", "Via [dell']Annunziata"), as a person's name writes it."""
_NAME_PART = (
    rf"(?:{_CAP}|{_ELIDED}{_CAP}|\d{{1,2}}[ \t]+de[ \t]+{_CAP}|"
    rf"{_PARTICLE}(?=(?:[ \t]+{_PARTICLE})*[ \t]+(?:\p{{Lu}}|\d|{_ELIDED}\p{{Lu}})))"
)
_PLACE_CUES = (
    "in|from|at|near|to|en|desde|hacia|cerca de|à|au|près de|aus|nach|im|bei|von|"
    "natural de|residente en|vecino de|vecina de|procedente de|nacido en|nacida en|"
    "born in|lives in|living in|resident of|né à|née à|habite à|wohnhaft in|geboren in|"
    "wohnt in|domicilié à|domiciliée à|demeurant à|résidant à"
).split("|")
_PLACE_CUE_BEFORE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}]){alternation(_PLACE_CUES)}[ \t]+\Z", _FLAGS
)
_TOWN_CUES = (
    "in|from|near|en|desde|cerca de|à|près de|aus|nach|bei|em|natural de|residente en|"
    "vecino de|vecina de|procedente de|nacido en|nacida en|born in|lives in|living in|"
    "resident of|né à|née à|habite à|wohnhaft in|geboren in|wohnt in|domicilié à|"
    "domiciliée à|demeurant à|résidant à|wohnhaft|ortsteil|stadtteil|gemeinde|landkreis|"
    "kreis|commune de|municipio de|município de|comune di|residente a|residente em|nato a|"
    "nata a|abita a|mora em|vive em"
).split("|")
_TOWN_CUE_BEFORE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}]){alternation(_TOWN_CUES)}[ \t]+\Z", _FLAGS
)
"""The cues before a village's name (:attr:`~deid_studio.detect.geography.Places.small`):
the place cues that take a town, not those that take a thing or a region as often ("to",
"at", "im", "von": "im Wald", "von Amts wegen"), and the words of an address's district
("Ortsteil Lengfeld", "comune di Bagnone")."""
_CAPITALISED_WORD = Latin1Twin(
    regex.compile(r"(?<![\p{L}\p{M}\d'\u2019-])\p{Lu}[\p{L}\p{M}]*"),
    re.compile(rf"(?<![{LATIN1_LETTER}0-9'-])[{LATIN1_UPPER}][{LATIN1_LETTER}]*"),
)
_TOKEN = regex.compile(r"[\p{L}\p{M}]+")
_JOINER = regex.compile(r"[ \t]|[ \t]?-[ \t]?|'|\u2019")
_NON_BLANK = regex.compile(r"[^ \t]+")
"""A word as blanks part it ("new", "york", "st."): the words a town's look-up reads."""
_DOT_JOINER = regex.compile(r"\.[ \t]?|[ \t]|[ \t]?-[ \t]?")
SHORT_TOWN_WORDS = {"st": "st", "mt": "mount", "ft": "fort"}
"""Abbreviations that open a town's name, with or without their full stop ("St. Louis",
"Mt. Vernon", "Ft Myers"), and the word the gazetteer writes for them ("Mount Vernon").
Not "Pt.": a patient far more often than a point."""

RULES: Mapping[str, float] = {
    "street_prefixed": 0.95,
    "street_suffixed": 0.9,
    "street_after_preposition": 0.9,
    "pharmacy_chain": 0.95,
    "institution_known": 0.95,
    "institution_military": 0.9,
    "street_us": 0.95,
    "town_after_postcode": 0.95,
    "postcode_before_known_town": 0.95,
    "postcode_after_known_town": 0.95,
    "postcode_after_state": 0.95,
    "town_state_zip": 0.95,
    "town_before_postcode": 0.9,
    "town_after_institution": 0.9,
    "state_zip": 0.9,
    "zip_after_state": 0.95,
    "zip_after_town": 0.9,
    "place_gazetteer": 0.95,
    "place_after_cue": 0.95,
    "institution_prefixed": 0.95,
    "institution_suffixed": 0.95,
    "institution_compound": 0.9,
    "institution_generic": 0.7,
    "institution_lowercase": 0.8,
    "institution_of_saint": 0.9,
    "institution_after_admission": 0.85,
    "institution_acronym": 0.9,
    "room": 0.8,
    "unit_number": 0.95,
    "military_address": 0.95,
    "street_corner": 0.9,
    "organisation": 0.9,
    "organisation_named": 0.8,
    "health_centre_named": 0.9,
    "employer": 0.9,
    "manufacturer": 0.8,
    "surnames_firm": 0.9,
    "address_continued": 0.9,
    "street_after_institution": 0.85,
    "town_then_region": 0.95,
    "town_then_state": 0.95,
    "institution_typed": 0.9,
    "town_after_of": 0.9,
    "town_in_brackets": 0.9,
    "town_compound": 0.9,
    "town_after_phrase": 0.9,
    "town_in_message": 0.85,
    "district_named": 0.9,
    "street_between_numbers": 0.75,
    "street_before_postcode": 0.85,
    "field_street": 0.95,
    "street_no_number": 0.9,
    "street_named": 0.9,
    "field_city": 0.95,
    "field_country": 0.95,
    "field_institution": 0.95,
    "county": 0.9,
}
"""Each rule's confidence: its precision on the corpora of ``benchmarks/cold_start.py``,
rounded down."""


COMMON = 4.5
"""The Zipf frequency above which a capitalised word that names a small town is taken for a
word of the language unless a place cue stands before it ("Tamaño tumoral", "Grado
Funcional", but "natural de Grado")."""


def _entry_words(
    text: str, span: tuple[int, int], first: str, known: Places
) -> tuple[tuple[str, ...], list[tuple[int, int]]]:
    """From the word at ``span`` (``first``, folded), the folded words and their spans as
    far as an entry of ``known`` may go on ("Waidhofen an der Ybbs")."""
    words, spans = (first,), [span]
    short = first in SHORT_TOWN_WORDS
    if short:
        words = (SHORT_TOWN_WORDS[first],)  # "St. Louis", "Mt. Vernon": "mount vernon"
    while words in known.prefixes:  # a longer entry starts with these words
        joiner = (_DOT_JOINER if short else _JOINER).match(text, spans[-1][1])
        short = False
        token = _TOKEN.match(text, joiner.end()) if joiner else None
        if token is None:
            break
        words += (fold(token.group()),)
        spans.append(token.span())
    return words, spans


_TIMES = WEEKDAYS | MONTH_WORDS
_ABBREVIATION_END = regex.compile(
    r"(?:(?<![\p{L}])(?i:str|av|avda|ctra|pza|urb|bd|bld|st|ave|rd|dr|ln|blvd|ct|pl|hwy|inc|ltd)"
    r"|(?<=(?<![\p{L}])\p{Lu}\.)\p{L}{1,4})\.\Z"
)
"""A street type's or a legal form's abbreviation at the end ("Avda.", "Inc.", "S.A.",
"S.Coop."): its full stop stays."""


_TOWN_ENDING = regex.compile(
    r"..(?:ville|ton|burgh?|bury|borough|ford|field|mouth|port|chester|caster|stead|haven|"
    r"shire|wick|minster)\Z"
)
"""How English towns end: after "lives in" such a word is one even when the lists know it
as a common word ("who lives in Woodville")."""


def _town_ending(words: Sequence[str]) -> bool:
    """Whether a town's folded words are one word that ends as English towns do."""
    return len(words) == 1 and _TOWN_ENDING.search(words[0]) is not None


_KEY_AT_END = regex.compile(r"(?<![\p{L}\p{M}º°ª.\-])\p{L}[\p{L}\p{M}º°ª.\-]*\Z")
_CONTACT_KEYS = frozenset(
    fold(w)
    for w in "email e-mail mail correo teléfono telefono teléf telf tel tfno tlf tlfno móvil "
    "movil fax phone nºcol col nhc nif dni cp nass cip cipa web".split()
)
"""Keys of the fields that follow an address on a sender's line ("E-mail:", "Teléfono:",
"NºCol:"), and so end it."""


def _field_key(text: str, start: int, end: int) -> int | None:
    """Where the last word of ``text[start:end]`` starts when it is the key of the next field:
    a contact's or a licence's key before a colon ("Madrid [E-mail]:", "Avda [NºCol]:"), no
    other word ("General Hospital Westside: stable" keeps its last word)."""
    if text[end : end + 1] != ":":
        return None
    key = _KEY_AT_END.search(text, start, end)
    if key is None:
        return None
    word = fold(key.group().rstrip("."))
    return key.start() if word in _CONTACT_KEYS or "º" in word else None


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Without a trailing full stop, comma, blank or particle (an abbreviation's dot stays
    inside; "Hospital La Fe [el] 2021-05-23"), nor a last word that is the next field's key
    ("Médico: Ana Plaza Martínez [NºCol]: 28 28 15974": the street would take the name)."""
    key = _field_key(text, start, end)
    if key is not None and key > start:
        end = key  # the blanks before it go with the trailing ones below
    particles = _TRAILING_PARTICLES.search(text, start, end)
    if particles is not None:
        end = particles.start()
    while end > start and text[end - 1] in " \t,":
        end -= 1
    if (
        end > start + 1
        and text[end - 1] == "."
        and not _ABBREVIATION_END.search(text, max(start, end - 6), end)
    ):
        end -= 1
    return start, end


_APOSTROPHE_WORD = regex.compile(r"[\p{L}\p{M}]+(?:['\u2019][\p{L}\p{M}]+)*")
"""A word with its apostrophes: "O'Brien" is a surname, where "Brien" is a common word of
the lists."""


def _town_words(town: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A town's folded words two ways: split at its apostrophes, as the gazetteer holds them,
    and whole, as an unknown town's words are judged ("O'Neillland", "O'Brienville": alone,
    their "o" is a stopword and "brien" a common word)."""
    return (
        tuple(fold(w) for w in _TOKEN.findall(town)),
        tuple(fold(w) for w in _APOSTROPHE_WORD.findall(town)),
    )


_TOWN_ARTICLES = frozenset("le la les el los las de".split())
"""Articles that begin towns' names ("La Rochelle", "De Sousanec"): the words after one
must be no everyday word of the narrative's language either ("à La Maison")."""
_TOWN_PREFIXES = (
    frozenset(
        "north south east west new port lake mount fort saint st great little upper lower "
        "bad santa villa".split()
    )
    | _TOWN_ARTICLES
)
"""First words of towns' names that are common words or stopwords ("West Geoffrey", "Port
Talbot", "La Rochelle", German spas' "Bad Grönenbach", "Santa Ponsa", "Villa Carlos Paz")."""


def _unknown_town(words: Sequence[str], lex: Lexicon, also: Container[str] = ()) -> bool:
    """Whether a town no list knows can have these folded words: none past its prefix is a
    common word, a stopword or in ``also`` ("West [Geoffrey]", not "in [February]"), nor an
    everyday word after an article."""
    rest = _past_prefix(words)
    if any(w in lex.common or w in lex.stop or w in also for w in rest):
        return False
    return rest is words or words[0] not in _TOWN_ARTICLES or not any(map(lex.everyday, rest))


def _past_prefix(words: Sequence[str]) -> Sequence[str]:
    """A town's folded words without a first word of :data:`_TOWN_PREFIXES`: the words
    that must be no common words for an unknown town ("West [Geoffrey]")."""
    return words[1:] if len(words) > 1 and words[0] in _TOWN_PREFIXES else words
