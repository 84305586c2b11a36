"""Towns by their context: after a phrase of residence ("lives in", "vive en", "wohnt
in"; ``town_after_phrase``), before their region ("from Juneburgh, Merseyside";
``town_then_region``), after ", of" ("Mrs Brenda Manning, of New Patricia"), in brackets
after a place ("Besançon (Picardie)"), a French compound ("Roy-sur-Mer"), and a town's
prefix word left out ("East [Geraldberg]").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence

import regex

from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import (
    Places,
    italian_provinces,
    place_tokens,
    places,
    regions,
)
from deid_studio.detect.rules.base import MONTH_WORDS, RuleHit, alternation
from deid_studio.detect.rules.places.common import (
    _APOSTROPHE_WORD,
    _TIMES,
    _TOKEN,
    _TOWN_PREFIXES,
    _WORD,
    _town_ending,
    _town_words,
    _unknown_town,
)
from deid_studio.detect.rules.places.institution_words import _INSTITUTION_WORDS
from deid_studio.detect.rules.places.postcodes import _STATE_CODE_WORDS, _US_STATES
from deid_studio.detect.rules.words import PARTICLES, WEEKDAYS, Lexicon, cues, languages_of

_PLACE_PHRASES = (
    "lives in|lives at|living in|lived in|grew up in|moved to|moved here from|moved from|"
    "lives alone in|living alone in|home in|is from|visiting from|trip to|"
    "arrived at|arrived in|flew to|born in|raised in|resides in|resident of|located in|"
    "based in|travelled to|traveled to|originally from|comes from|came from|returned to|"
    "vive en|reside en|nacido en|nacida en|natural de|residente en|vecino de|vecina de|"
    "domiciliado en|domiciliada en|habite à|né à|née à|originaire de|wohnt in|wohnhaft in|"
    "domicilié à|domiciliée à|demeurant à|résidant à|réside à|vit à|site de|site d'|"
    "geboren in|stammt aus|lebt in|mann aus|frau aus|kind aus|patient aus|patientin aus|"
    "residente a|risiede a|vive a|domiciliato a|domiciliata a|"
    "originario di|originaria di|residente em|reside em|mora em|nascido em|nascida em|"
    "natural do|natural da"
).split("|")
_PLACE_PHRASE = cues(_PLACE_PHRASES, tail=r"[ \t]+", word_end=True)
"""Phrases after which a capitalised unknown word is a town ("grew up in Remniku")."""


_LIVES_WITH_IN = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:lives|lived|living)[ \t]+with[ \t][^.\n;:()]{1,60}?[ \t]in[ \t]+"
)
"""Where someone lives, after whom they live with: "lives with her son, Richard, in
Jonesport"."""


_BORN_DATED_IN = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:geb\.|geboren|born|né|née|nacido|nacida|nato|nata|nascido|nascida)"
    r"(?:[ \t]+(?i:am|on|le|el|il|em|a|en|in))?[ \t]*"
    r"(?:\d{1,2}[./-]\d{1,2}[./-](?:19|20)?\d\d|(?:19|20)\d\d)"
    r"[ \t]*,?[ \t]+(?i:in|à|en|a|em)[ \t]+(?=\p{Lu})"
)
"""Where someone was born, after the date of birth ("Geb. 18.9.1948 in Oppeln", "born
12/3/1950 in Oppeln", "né en 1930 à Plouzané"): the place phrase with the date inside it."""
_BORN_STEMS = ("eb", "orn", "é", "aci", "ato", "ata", "asci")
"""Parts of every birth word of :data:`_BORN_DATED_IN`: the pattern runs where one is."""


def _after_phrases(
    text: str, index: dict[str, list[int]], lex: Lexicon, language: str | None
) -> Iterator[RuleHit]:
    matches: Iterable[regex.Match[str]] = _PLACE_PHRASE.finditer(text, index)
    if language in (None, "en") and "with" in text:
        matches = [*matches, *_LIVES_WITH_IN.finditer(text)]
    if any(stem in text for stem in _BORN_STEMS):
        matches = [*matches, *_BORN_DATED_IN.finditer(text)]
    for match in matches:
        state = _STATE_CODE.match(text, match.end())
        if (
            state is not None
            and _RESIDENCE.search(match.group())
            and (state.group().isupper() or _a_lowercase_code(text, state, language))
        ):
            yield RuleHit(*state.span(), "CITY", "town_after_phrase")
            continue
        segment = _SEGMENT.match(text, match.end())
        if segment is None or not segment.group()[:1].isalpha():
            if language in (None, "en"):
                yield from _lowercase_place(text, match.end(), language)
            continue
        words = [fold(w) for w in _APOSTROPHE_WORD.findall(segment.group())]  # "O'Sullivanberg"
        if _a_word_or_acronym(segment.group(), words, lex):
            continue  # "vive a Casa", "reside em ILPI"
        # a town's prefix may be a word: "lives in East Philipside"
        if (
            _unknown_town(words, lex, MONTH_WORDS)
            or _region_bracket(text, segment.end(), language)
            or (_town_ending(words) and _RESIDENCE.search(match.group()) is not None)
            or _country_after(text, segment.end(), language)
        ):
            yield RuleHit(*segment.span(), "CITY", "town_after_phrase")


def _a_word_or_acronym(written: str, words: list[str], lex: Lexicon) -> bool:
    """Whether what follows a place phrase is an Italian or Portuguese narrative's everyday
    word that no list knows as a town ("vive a Casa"), or a short acronym (a care home's
    "ILPI")."""
    if lex.language not in ("it", "pt"):  # the phrases that these narratives use for words
        return False
    if written.isupper() and len(written) <= 5:
        return True
    return (
        len(words) == 1
        and lex.everyday(words[0])
        and places(lex.language).match((words[0],)) is None
    )


_WORD_AFTER = regex.compile(r"[ \t]+\p{Lu}")


def _a_lowercase_code(text: str, state: regex.Match[str], language: str | None) -> bool:
    """Whether a state's code not in capitals after a phrase of residence is one: in an
    English narrative, unless a capitalised word follows it ("moved to fl", not "vive en La
    Habana")."""
    return language in (None, "en") and _WORD_AFTER.match(text, state.end()) is None


_COUNTRY_AFTER = regex.compile(r",[ \t]*(\p{Lu}[\p{L}\p{M}]+(?:[ \t]+\p{Lu}[\p{L}\p{M}]+)?)")


def _country_after(text: str, position: int, language: str | None) -> bool:
    """Whether a country follows ``position`` after a comma: after a place phrase, the
    words before it are its town, whatever else they mean ("habite à Cousin, France")."""
    country = _COUNTRY_AFTER.match(text, position)
    if country is None:
        return False
    words = tuple(fold(w) for w in _TOKEN.findall(country.group(1)))
    return places(language).match(words) == "COUNTRY"


def _region_bracket(text: str, position: int, language: str | None) -> bool:
    """Whether a region of the gazetteer stands in brackets at ``position``: the capitalised
    words before it are a town whatever they mean ("domicilié à Pages (Franche-Comté)")."""
    bracket = _BRACKETED_TOWN.match(text, position)
    if bracket is None:
        return False
    words = tuple(fold(w) for w in _TOKEN.findall(bracket.group("town")))
    return places(language).match(words) is not None


_STATE_CODE = regex.compile(
    rf"(?i:{alternation(c for c in _US_STATES if c.lower() not in _STATE_CODE_WORDS)})"
    r"(?![\p{L}\p{M}\d'\u2019&/-])"
)
"""A state's postal code after a phrase of residence ("lives in CA", "moved to fl"), not
one that is also a word ("in", "or", "me", "ok", "hi", "oh", "id")."""
_RESIDENCE = regex.compile(
    r"(?i)\b(?:live[sd]?|living|resides?|moved|born|grew|raised|originally)\b"
)
"""The phrases of :data:`_PLACE_PHRASES` that say where someone lives or comes from, not
where they went ("returned to OR" is the operating room)."""
_LOWER_RUN = regex.compile(r"\p{Ll}[\p{Ll}\p{M}]*(?:[ \t]+\p{Ll}[\p{Ll}\p{M}]*){0,3}")
_LOWER_STATE_AFTER = regex.compile(r",[ \t]*([a-z]{2})(?![\p{L}\p{M}\d])")


def _lowercase_place(text: str, position: int, language: str | None) -> Iterator[RuleHit]:
    """A place of the gazetteer written in lower case after a place phrase, as English notes
    write it ("lives in baltimore", "moved here from new york"): the most words that name
    one, and no word alone that is also a common word ("lives in bath") unless a state or a
    province ("lives in california"); with its state's code after a comma ("quincy, ma")."""
    run = _LOWER_RUN.match(text, position)
    known = places(language)
    place = _longest_place(text, *run.span(), known, ambiguous=False) if run else None
    if place is None and run is not None:
        place = _longest_place(text, *run.span(), known, ambiguous=True)
        if place is not None and place_tokens(text[place[0] : place[1]]) not in regions():
            place = None
    if place is not None:
        yield RuleHit(*place, "town_after_phrase")
        state = _LOWER_STATE_AFTER.match(text, place[1])
        if state is not None and _STATE_CODE.fullmatch(state.group(1)):
            yield RuleHit(*state.span(1), "CITY", "town_after_phrase")


def _longest_place(
    text: str, start: int, end: int, known: Places, *, ambiguous: bool
) -> tuple[int, int, str] | None:
    """(start, end, kind) of the most words from ``start`` (up to ``end``) that name a place
    of the gazetteer, or None; one word alone that is also a common word only when
    ``ambiguous`` (a cue said a place stands there)."""
    tokens = list(_TOKEN.finditer(text, start, end))
    for size in range(len(tokens), 0, -1):
        words = tuple(fold(t.group()) for t in tokens[:size])
        kind = known.match(words)
        if kind is not None and (ambiguous or size > 1 or words[0] not in known.ambiguous):
            return tokens[0].start(), tokens[size - 1].end(), kind
    return None


_TOWN_WORDS = rf"{_WORD}(?:[ \t](?:(?:de|del|la|am|an|der|sur|en)[ \t])?{_WORD}){{0,3}}"
"""A town's capitalised words ("Alcalá de Henares", "Frankfurt am Main")."""
_POSTCODE = r"\d{3,6}(?:[ -]\d{2,4})?|[A-Z]{1,2}[ -]?\d{4,5}"
_SEGMENT = regex.compile(rf"(?:{_TOWN_WORDS}|{_POSTCODE})(?![\p{{L}}\d])", regex.UNICODE)


_FRENCH_JOINERS = frozenset("sur sous lès les la le en aux au du des".split())
"""The words that join the parts of a French town's name ("Roy-sur-Mer")."""
_BRACKETED_TOWN = regex.compile(
    r"(?:[ \t]+\d{1,5})?"  # a number the place's hit left out ("aus Drosendorf 1 (Wien)")
    r"[ \t]*\((?P<town>\p{Lu}[\p{L}\p{M}'\u2019]*(?:[ \t-]+\p{L}[\p{L}\p{M}'\u2019]*){0,4})\)"
)
_FRENCH_COMPOUND_TOWN = regex.compile(
    r"(?<![\p{L}\p{M}-])\p{Lu}[\p{L}\p{M}'\u2019]+(?:-\p{Lu}[\p{L}\p{M}'\u2019]+)*"
    rf"-(?:{alternation(_FRENCH_JOINERS)})-\p{{Lu}}[\p{{L}}\p{{M}}'\u2019]+"
    r"(?:-\p{L}[\p{L}\p{M}'\u2019]+)*(?![\p{L}\p{M}-])"
)
"""A French town's compound name ("Grégoire-sur-Fleury", "Jacob-les-Bains", "Roy-sur-Mer",
"Grondin-la-Forêt"): no person's name is joined by these words."""


def _bracketed_towns(
    text: str, found: list[RuleHit], lex: Lexicon, language: str | None
) -> Iterator[RuleHit]:
    """A town or region in brackets right after an institution, a street or a town, or a
    number after them ("Maison de santé de Poitiers (Poitiers)", "domiciliée à Besançon
    (Picardie)", "Mann aus Drosendorf-Zissersdorf 1 (Wien)"): a place of the gazetteer, even
    a common word, or, after an institution or a street, words that are no common words."""
    if "(" not in text:
        return
    known = places(language)
    for hit in list(found):
        if hit.kind not in ("STREET", "INSTITUTION", "ORGANISATION", "CITY"):
            continue
        match = _BRACKETED_TOWN.match(text, hit.end)
        if match is None:
            continue
        words = [fold(w) for w in _TOKEN.findall(match.group("town"))]
        named = [w for w in words if w not in PARTICLES and w not in _FRENCH_JOINERS]
        if (
            hit.kind in ("CITY", "STREET")
            and language in (None, "it")
            and match.group("town") in italian_provinces()
        ):
            yield RuleHit(*match.span("town"), "CITY", "town_in_brackets")  # "Rozzano (MI)"
            continue
        if known.match(tuple(words)) or (
            hit.kind != "CITY"  # after a town only a known region: "Dupont (Médecin)"
            and not match.group("town").isupper()  # the institution's acronym: "La Paz (HULP)"
            and named
            and not any(lex.is_word(w) for w in named)
        ):
            yield RuleHit(*match.span("town"), "CITY", "town_in_brackets")


_TOWN_THEN_REGION = cues(
    ["from", "in", "of", "at", "near"],
    tail=r"[ \t]+"
    r"(?P<town>\p{Lu}[\p{L}\p{M}'\u2019\-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'\u2019\-]*){0,2}),[ \t]*"
    r"(?P<region>(?:U\.K\.|U\.S\.A\.|U\.S\.|UK|USA|US)(?![\p{L}])|\p{Lu}[\p{L}\p{M}'\u2019\-]*"
    r"(?:[ \t]+(?:and[ \t]+|of[ \t]+)?\p{Lu}[\p{L}\p{M}'\u2019\-]*){0,3})",
)
"""A town, a comma and its county, state or country after a place word ("from Juneburgh,
Merseyside", "lives in Port Jenniferbury, USA", "from Quincy, MA")."""


_OF_TOWN = regex.compile(
    r",[ \t]*of[ \t]+(?P<town>\p{Lu}[\p{L}\p{M}'\u2019\-]*"
    r"(?:[ \t]+\p{Lu}[\p{L}\p{M}'\u2019\-]*){0,2})"
    r"(?=[ \t]*(?:[.,;:)\r\n]|\Z))"
)
"""Where a person is from, after a comma ("Mr Hugh Hawkins, aged 36 years, of
Southampton.", "Mrs Brenda Manning, of New Patricia.")."""


def _of_towns(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    """The town of :data:`_OF_TOWN` when the gazetteer knows it (even as a common word:
    "of Bath") or its words are no common words, after a town's prefix ("West Loriport")."""
    if ", of " not in text and ",of " not in text:
        return
    known = places(language)
    for match in _OF_TOWN.finditer(text):
        parts, whole = _town_words(match.group("town"))
        if known.match(parts) or _unknown_town(whole, lex, _INSTITUTION_WORDS):
            yield RuleHit(*match.span("town"), "CITY", "town_after_of")


def _towns_with_regions(
    text: str, language: str | None, index: dict[str, list[int]], lex: Lexicon
) -> Iterator[RuleHit]:
    """The town and the region of :data:`_TOWN_THEN_REGION`, when the region is a place of
    the gazetteer (even one that is a common word too: "Merseyside", "Sligo") or the United
    Kingdom's or States' initials, and the town's words are no common words."""
    known = places(language)
    for match in _TOWN_THEN_REGION.finditer(text, index):
        if match.group("region").replace(".", "") in {"UK", "US", "USA"}:
            region: tuple[int, int, str] | None = (*match.span("region"), "COUNTRY")
        elif (
            match.group("region").isupper()
            and _STATE_CODE.fullmatch(match.group("region"))
            and not match.group("town").isupper()  # "At ER, CT scan"
        ):
            region = (*match.span("region"), "CITY")  # "Quincy, MA"
        else:
            region = _longest_place(text, *match.span("region"), known, ambiguous=True)
        if region is None:
            continue
        parts, whole = _town_words(match.group("town"))
        if (
            known.match(parts)
            or _unknown_town(whole, lex)
            or _prefixed(whole, lex)
            or _from_town(text, match.start("town"), whole, lex)
        ):
            yield RuleHit(*match.span("town"), "CITY", "town_then_region")
        yield RuleHit(*region, "town_then_region")


_FROM_BEFORE = regex.compile(r"(?r)(?<![\p{L}\p{M}])(?i:from|in)[ \t]+\Z")


def _from_town(text: str, start: int, words: Sequence[str], lex: Lexicon) -> bool:
    """Whether a town before its region is one though the lists know its word: after
    "from" or "in", one word that is no stopword, month or weekday ("a 63-year-old man from
    Emmastad, Surrey")."""
    return (
        len(words) == 1
        and words[0] not in lex.stop
        and words[0] not in _TIMES
        and _FROM_BEFORE.search(text, max(0, start - 8), start) is not None
    )


def _prefixed(words: Sequence[str], lex: Lexicon) -> bool:
    """Whether a town's words before its region are a town's prefix and a word that is no
    stopword ("Port Crystal, Illinois", though "crystal" is a common word)."""
    return len(words) == 2 and words[0] in _TOWN_PREFIXES and words[1] not in lex.stop


_PREFIX_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?:North|South|East|West|New|Port|Lake|Mount|Fort|Great|Little|"
    r"Upper|Lower) \Z"
)


_POSTAL_DISTRICT_AFTER = regex.compile(
    r"[ \t]+(?:(?<=(?i:dublin)[ \t]+)(?:[1-9]|1\d|2[0-4]|6[wW])"
    r"|(?<=(?i:paris|lyon|marseille)[ \t]+)(?:[1-9]|1\d|20)(?:e|er|ème))"
    r"(?=[ \t]*(?:[,.;)\n]|\Z))"
)
"""A city's postal district by its number after the city's name, where an address's part
ends ("Dublin 8,", "Dublin 6W", "Lyon 7e."): it narrows the place as a postcode does."""


_GERMAN_REGION_AFTER = regex.compile(
    r"[ \t]+(?:im|am|an[ \t]+der|ob[ \t]+der|in[ \t]+der)[ \t]+"
    r"(?P<word>\p{Lu}[\p{Ll}\p{M}]+)(?![\p{L}\p{M}])"
)
"""A German town's river or region after it ("Freiburg im Breisgau", "Landsberg am Lech",
"Rothenburg ob der Tauber"), which the gazetteer may know by the first word alone."""
_EVERYDAY_GERMAN = 3.5
"""The German frequency (Zipf) from which a word after a town and "im", "am" is an everyday
word, no region ("Sommer" 5.1, "Montag" 4.9, "Oder" 6.5, a conjunction too; "Breisgau"
3.4)."""


def _a_region_word(word: str) -> bool:
    """Whether a capitalised word after a town and "im", "am" is a river's or a region's name,
    no month, weekday or everyday German noun ("Berlin am Montag", "Wien im Sommer")."""
    folded = fold(word)
    return (
        folded not in MONTH_WORDS
        and folded not in WEEKDAYS
        and zipf(folded, "de") < _EVERYDAY_GERMAN
    )


def _with_prefixes(text: str, found: list[RuleHit]) -> list[RuleHit]:
    """Towns with the capitalised prefix word before them that the rule left out ("East
    [Geraldberg]", "Port [Carolinestad]"), and with the postal district after them ("Dublin
    8", :data:`_POSTAL_DISTRICT_AFTER`)."""
    out = []
    for hit in found:
        if hit.kind == "CITY":
            prefix = _PREFIX_BEFORE.search(text, max(0, hit.start - 8), hit.start)
            if prefix is not None:
                hit = RuleHit(prefix.start(), hit.end, hit.kind, hit.rule)
            if text[hit.end : hit.end + 1] in (" ", "\t"):
                district = _POSTAL_DISTRICT_AFTER.match(text, hit.end)
                if district is not None:
                    hit = RuleHit(hit.start, district.end(), hit.kind, hit.rule)
                region = _GERMAN_REGION_AFTER.match(text, hit.end)
                if region is not None and _a_region_word(region.group("word")):
                    hit = RuleHit(hit.start, region.end(), hit.kind, hit.rule)
        out.append(hit)
    return out


_DISTRICT_WORDS = (
    "pedanía|pedania|barriada|aldea|caserío|caserio|vereda|corregimiento|"
    "bairro|freguesia|concelho|lugarejo|"
    "lieu-dit|lieudit|quartier|hameau|"
    "quartiere|frazione|località|localita|contrada|rione|borgata|"
    "ortschaft|weiler"
)
"""The words of a district, a hamlet or a neighbourhood before its name: a town's part that
names where a patient lives as narrowly as a street ("pedanía de La Alberca", "freguesia da
Venteira", "bairro da Mouraria", "lieu-dit La Basse-Cour", "quartiere Vomero", "frazione
Ponte"). Not "barrio" (a street's type word, :mod:`.street_words`) nor "colonia" (a
bacterium's colony: "colonias de Staphylococcus")."""
_DISTRICT = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?i:{_DISTRICT_WORDS})[ \t]+"
    r"(?:(?i:de|del|da|do|das|dos|di|della|du|des|de[ \t]+la|von)[ \t]+)?"
    r"(?P<name>\p{Lu}[\p{L}\p{M}'\u2019-]*"
    r"(?:[ \t]+(?:(?:de|del|la|las|los|da|do|das|dos|di|della|du|des|le|les)[ \t]+)?"
    r"\p{Lu}[\p{L}\p{M}'\u2019-]*){0,3})"
)
_DISTRICT_HINTS = tuple(
    {w[1:] for w in _DISTRICT_WORDS.split("|") if len(w) > 5} | {"Rione", "rione", "Aldea", "aldea"}
)
"""Every district word less its first letter (a capital or not) as it is written: the
pattern runs only where one is (one scan of every narrative was 2% of the rules' time)."""
_COLONIA = regex.compile(
    r"(?<![\p{L}\p{M}])(?-i:Col\.|Colonia)[ \t]+"
    r"(?P<name>\p{Lu}[\p{L}\p{M}'\u2019-]+"
    r"(?:[ \t]+(?:de(?:l|[ \t]+la)?[ \t]+)?\p{Lu}[\p{L}\p{M}'\u2019-]+){0,2})"
)
"""A Mexican city's district, its "colonia", capitalised and before its capitalised name
("Col. Doctores", "Colonia Roma Norte"); not a bacterium's colony ("colonias de
Staphylococcus", "Colonias de S. aureus", plural)."""
_CAPITALISED_WORD = regex.compile(r"(?<![\p{L}\p{M}])\p{Lu}[\p{L}\p{M}'\u2019-]*")
_ARRONDISSEMENT = regex.compile(
    r"(?<![\p{L}\p{M}\d])(?:[1-9]|1\d|20)(?:e|er|ème|eme)[ \t]+(?i:arrondissement)"
    r"(?![\p{L}\p{M}])"
)
"""A city's district by its number: "le [15e arrondissement] de Paris"."""


_SIDE_OF_TOWN = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:the)[ \t]+(?P<side>(?-i:(?:Upper|Lower)[ \t]+(?:East|West)"
    r"|North|South|East|West|Near[ \t]+(?:North|South|West))[ \t]+Side)(?![\p{L}\p{M}])"
)
"""An American city's side, capitalised after "the" ("lives on the Upper East Side", "the
South Side of Chicago"): where someone lives, as narrowly as a district; not "the left
side", "the West side of the building" (a side in lower case)."""


def districts(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """Districts, hamlets and neighbourhoods after their word (:data:`_DISTRICT_WORDS`),
    the name's first word no stopword of the narrative's language; Paris's, Lyon's and
    Marseille's numbered districts; an American city's capitalised side (rule
    ``district_named``)."""
    if not any(hint in text for hint in _DISTRICT_HINTS):
        matches: Iterable[regex.Match[str]] = ()
    else:
        matches = _DISTRICT.finditer(text)
    for match in matches:
        start, end = match.span("name")
        if fold(text[start:end].split()[0]) in lex.stop:
            continue
        yield RuleHit(start, end, "CITY", "district_named")
    if "Col" in text:
        known = places(None)
        for match in _COLONIA.finditer(text):
            start, end = match.span("name")
            for word in _CAPITALISED_WORD.finditer(text, start + 1, end):
                folded = (fold(word.group()),)
                if known.match(folded) == "COUNTRY":
                    end = word.start()  # "Col. Condesa [México D.F.]": the city follows
                    break
            end = start + len(text[start:end].rstrip())
            if fold(text[start:end].split()[0]) not in lex.stop:
                yield RuleHit(start, end, "CITY", "district_named")  # without its word: with
                # it, as MEDDOCAN's dev marks it, the CRF learnt worse (train has it in CALLE)
    if "rrondissement" in text:
        for match in _ARRONDISSEMENT.finditer(text):
            yield RuleHit(*match.span(), "CITY", "district_named")
    if " Side" in text:
        for match in _SIDE_OF_TOWN.finditer(text):
            yield RuleHit(*match.span("side"), "CITY", "district_named")


_MESSAGE_PREPOSITIONS: Mapping[str, str] = {
    "en": "in at from near",
    "es": "de en desde",
    "fr": "à a de près",
    "de": "in aus von bei nach",
    "it": "a di da in",
    "pt": "em de do da no na",
}
"""Prepositions before a town in a message typed in lower case ("my endo in tampa", "soy pepe
de getafe", "aus der nähe von paderborn")."""
_LOWER_WORD_AFTER = regex.compile(r"[ \t]+(\p{Ll}[\p{Ll}\p{M}]*(?:-\p{Ll}[\p{Ll}\p{M}]*)*)")
_WORD_BEFORE = regex.compile(r"(\p{L}+)[ \t]+\Z")
_TITLED_WORD = re.compile(r"\b[A-ZÀ-Þ][a-zß-ÿ]")
_CAPITAL = re.compile(r"[A-ZÀ-Þ]")
LOWER_CASE_SHARE = 0.03
"""At most this share of a message's words capitalised (acronyms aside), it is typed in lower
case: a town there is written as any other word ("@sarahj_runs same!! my endo in tampa
said"); a narrative in sentence case has one a sentence at least."""


_OPENING = 300  # characters of a narrative's opening asked first


def _typed_in_lower_case(text: str) -> bool:
    """Whether ``text`` is a message typed in lower case (:data:`LOWER_CASE_SHARE`), counted
    at C speed, and first on its opening (every narrative is asked; most say no there)."""
    opening = text[:_OPENING]
    if len(_TITLED_WORD.findall(opening)) > 1:
        return False  # two capitalised words in its opening: sentence case
    if len(_CAPITAL.findall(opening)) * 2 > len(opening.split()):
        return False  # in capitals ("PT C/O RASH"): shouting, no lower case
    return len(_TITLED_WORD.findall(text)) <= LOWER_CASE_SHARE * len(text.split())


def towns_in_lower_case(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    """Towns of the gazetteer after a preposition in a message typed in lower case (rule
    ``town_in_message``): one word or a hyphenated one that names a town and no country,
    is no common, everyday or stop word, and four letters or more ("in croydon", "de
    getafe", "von paderborn", "do amadora-sintra"; not "in bath", "de leche")."""
    if not _typed_in_lower_case(text):
        return
    known = places(language)
    prepositions = frozenset(
        w
        for lang in languages_of(language, _MESSAGE_PREPOSITIONS)
        for w in _MESSAGE_PREPOSITIONS[lang].split()
    )
    for token in _TOKEN.finditer(text):
        if token.group() not in prepositions:
            continue
        word = _LOWER_WORD_AFTER.match(text, token.end())
        if word is None:
            continue
        written = word.group(1)
        folded = fold(written)
        parts = tuple(fold(p) for p in written.split("-"))
        if (
            len(folded) < 4
            or folded in lex.common
            or folded in lex.stop
            or lex.everyday(written)  # with its accents: "tamaño", not "tamano"
            or lex.everyday(folded)
            or folded in known.ambiguous
        ):
            continue
        before = _WORD_BEFORE.search(text, max(0, token.start() - 30), token.start())
        if before is not None and fold(before.group(1)) in _INSTITUTION_WORDS:
            continue  # "hospital de agudos": the institution's kind
        if all(known.match((part,)) == "CITY" for part in parts):  # "amadora-sintra" too
            yield RuleHit(*word.span(1), "CITY", "town_in_message")
