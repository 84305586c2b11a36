"""Cities, regions and countries from the gazetteers (:mod:`deid_studio.detect.
geography`): runs of capitalised words that name a place, the longest first; a name that is
also a common word, an eponym or a first name only after a place cue (rules
``place_gazetteer``, ``place_after_cue``); and the United States in dotted capitals
("EE.UU.", "U.S.A.").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from itertools import compress

import regex

from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import eponyms, fold
from deid_studio.detect.geography import (
    COUNTRY_SHORT_NAMES,
    Places,
    place_tokens,
    places,
    region_starts,
    us_counties,
)
from deid_studio.detect.rules.base import MONTH_WORDS, RuleHit, per_word
from deid_studio.detect.rules.places.common import (
    _CAPITALISED_WORD,
    _NON_BLANK,
    _PLACE_CUE_BEFORE,
    _TOWN_CUE_BEFORE,
    COMMON,
    SHORT_TOWN_WORDS,
    _entry_words,
    _unknown_town,
)
from deid_studio.detect.rules.places.institution_words import (
    _INSTITUTION_AFTER,
    _INSTITUTION_BEFORE,
)
from deid_studio.detect.rules.places.street_words import (
    _STREET_AFTER,
    _STREET_AFTER_EN,
    _STREET_AFTER_NUMBERED,
    _STREET_TYPE_WORDS,
)
from deid_studio.detect.rules.proper_nouns import name_may_stand
from deid_studio.detect.rules.words import (
    CONDITION_BEFORE,
    PRODUCT_WORDS,
    SCALE_WORDS,
    SENTENCE_START,
    Cues,
    Lexicon,
    cues,
    register_triggers,
    word_index,
    words_from,
)

_GENERIC = _STREET_TYPE_WORDS | frozenset(
    fold(w.rstrip("./"))
    for w in (
        _STREET_AFTER
        + _STREET_AFTER_NUMBERED
        + _STREET_AFTER_EN
        + " ".join(_INSTITUTION_BEFORE + _INSTITUTION_AFTER).split()
        + "station room zimmer ward unit general university centro centre center".split()
    )
)
"""Words that name a kind of place, not a place (some are towns somewhere: "Calle")."""


def _gazetteer(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    """Runs of capitalised words that name a place of the gazetteer, longest first; an
    eponym ("Bell", "Barre") or a common word ("Mobile") only after a place cue."""
    known = places(language)
    medical = eponyms()
    position = 0
    for match in _place_starts(text, language, known):
        if match.start() < position:
            continue
        first = fold(match.group())
        words, spans = _entry_words(text, match.span(), first, known)
        for size in range(len(words), 0, -1):
            entry = words[:size]
            kind = known.match(entry)
            start, end = spans[0][0], spans[size - 1][1]
            if kind is None and size == 1 and _a_village(text, start, entry[0], known, language):
                kind = "CITY"
            if kind is None or (size > 1 and not text[spans[size - 1][0]].isupper()):
                continue
            cued = _PLACE_CUE_BEFORE.search(text, max(0, start - 24), start) is not None
            if size == 1 and (
                entry[0] in _GENERIC
                or entry[0] in MONTH_WORDS
                or (
                    not cued
                    and (
                        entry not in known.large
                        or _foreign_word_opening(text, match.start(), entry, known)
                    )
                    and entry not in known.countries
                    and _common(match.group(), first, language)
                )
                or (entry[0] in medical and (not cued or text[end : end + 1] in "'\u2019-"))
                or (
                    entry[0] in known.ambiguous
                    and not _cued_through(match, first, cued, language)
                    and not _large_city_named(text, match, entry, known, language)
                )
                or (
                    match.group().isupper()
                    and len(match.group()) <= 4
                    and not cued
                    and match.group() not in COUNTRY_SHORT_NAMES
                )
            ):
                break
            if (
                size == 1
                and not cued
                and first in lex.first_names
                and _followed_by_name(text, end, lex)
            ):
                break  # "Victoria Smith": a person
            if _PRODUCT_AFTER.match(text, end):
                break  # "the Sofia test", "CPR with LUCAS machine": a device's name
            if kind == "CITY" and _names_a_term(text, end, entry, cued, known):
                break  # "Brussels sprouts", "Seoul virus", "the Beijing Olympics"
            if _HOLIDAY_AFTER.match(text, end):
                break  # "on Valentine's Day": a feast, not the town of Valentine
            if not cued and CONDITION_BEFORE.search(text, max(0, start - 40), start):
                break  # "polígono de Willis", "técnica de Anderson-Hynes": an eponym
            if (
                size == 1
                and language == "de"
                and _GERMAN_INDEFINITE_BEFORE.search(text, max(0, start - 12), start)
            ):
                break  # "in einer Kita": a noun; no town takes "ein" or "mein"
            district = _DISTRICT_AFTER.match(text, end) if language == "de" else None
            if district is not None:
                end = district.end()  # "Berlin-Spandau", "Frankfurt-Höchst"
            yield RuleHit(start, end, kind, "place_after_cue" if cued else "place_gazetteer")
            position = end
            break


_HOME_WORDS: dict[str, str] = {
    "en": "i'm from|im from|i am from|we're from|were from|we are from|"
    "he's from|hes from|she's from|shes from|originally from|come from|"
    "comes from|came from|live in|lives in|lived in|living in|based in|grew up in|born in|"
    "moved to|relocated to",
    "es": "vivo en|vive en|vivimos en|viven en|resido en|reside en|residimos en|nací en|"
    "nació en|nacido en|nacida en|soy de|es de|somos de|son de",
    "fr": "j'habite|j'habite à|j'habite a|habite à|habitons à|habitent à|vis à|vit à|"
    "vivons à|vivent à|né à|née à|suis né à|suis née à",
    "de": "wohne in|wohnt in|wohnen in|lebe in|lebt in|leben in|komme aus|kommt aus|kommen aus",
    "it": "vivo a|vive a|viviamo a|abito a|abita a|abitiamo a|nato a|nata a|sono nato a|"
    "sono nata a",
    "pt": "moro em|mora em|moramos em|moram em|vivo em|vive em|vivemos em|nasci em|nasceu em|"
    "sou de|somos de",
}
"""Where a narrative says where someone lives or comes from, by language ("|" between the
phrases): English's in every narrative, and the narrative's own language's."""
_LOWER_WORD = r"\p{Ll}[\p{Ll}\p{M}'\u2019-]+"


@cache
def _lower_case_home(language: str | None) -> Cues:
    """The home phrases of :data:`_HOME_WORDS` for ``language`` and the lower-case words
    after one, as a cue family tried where the word index has a phrase's first word ("i'm
    from leeds", "vivo en madrid", "ich wohne in berlin"; run as one pattern over every
    Spanish narrative it cost about 6% of the rules' time on MEDDOCAN)."""
    tables = (
        _HOME_WORDS.values()
        if language is None
        else {_HOME_WORDS["en"], _HOME_WORDS.get(language, "")}
    )
    phrases = [p for table in tables for p in table.split("|") if p]
    phrases += [p.replace("'", "\u2019") for p in phrases if "'" in p]  # a typed apostrophe
    return cues(
        phrases, tail=rf"[ \t]+({_LOWER_WORD}(?:[ \t]+{_LOWER_WORD}){{0,3}})", word_end=True
    )


_CARE_WORDS: dict[str, str] = {
    "es": "hospital de|hospital del|hospital general de|hospital universitario de|clínica de|"
    "clinica de|centro de salud de|ambulatorio de|urgencias de|urgencias del",
    "fr": "hôpital de|hopital de|centre hospitalier de|chu de|ch de|clinique de|urgences de",
    "pt": "hospital de|hospital do|centro de saúde de|centro de saude de|urgência de|"
    "urgencia de|clínica de|clinica de",
    "it": "ospedale di|ospedale de|policlinico di|pronto soccorso di|clinica di",
    "de": "krankenhaus in|klinik in|klinikum in|uniklinik in",
}
"""A hospital's or a clinic's word before a town, typed in lower case, by language ("la
llevamos al hospital de mostoles", "aux urgences de l'hopital de lens")."""


@cache
def _care_cues(language: str | None) -> Cues:
    """The phrases of :data:`_CARE_WORDS` for ``language`` and the lower-case words after
    one, as a cue family tried where the word index has a phrase's first word."""
    tables = _CARE_WORDS.values() if language is None else [_CARE_WORDS.get(language, "")]
    phrases = [p for table in tables for p in table.split("|") if p]
    return cues(
        phrases,
        tail=rf"[ \t]+({_LOWER_WORD}(?:[ \t]+{_LOWER_WORD}){{0,3}})",
        word_end=True,
    )


@register_triggers
def _home_triggers(language: str | None) -> frozenset[str]:
    triggers = _lower_case_home(language).triggers
    if language is None or language in _CARE_WORDS:
        triggers |= _care_cues(language).triggers
    return triggers


def _lower_case_towns(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    """A large city of the gazetteer written in lower case after :func:`_lower_case_home`:
    "i'm from leeds", "i live in sheffield", "vivo en madrid", "ich wohne in berlin"; not a
    word ("i live in fear", "i'm from work", "vivo en casa"). Outside English any town
    whose words are not all everyday words of the language ("j'habite a roubaix", "moramos
    em vila nova de gaia"; not "vivo en el centro")."""
    if language not in _HOME_WORDS and language is not None:
        return
    known = places(language)
    english = language in (None, "en")  # the common-word list is English ("sevilla" in it)
    for match in _lower_case_home(language).finditer(text, word_index(text, language)):
        words = list(_NON_BLANK.finditer(text, *match.span(1)))
        for size in range(len(words), 0, -1):
            entry = tuple(fold(w.group()) for w in words[:size])
            if (
                (entry in known.large or not (english or _everyday(words[:size], lex)))
                and known.match(entry) == "CITY"
                and not (
                    size == 1 and (entry[0] in lex.stop or (english and entry[0] in lex.common))
                )
            ):
                yield RuleHit(match.start(1), words[size - 1].end(), "CITY", "place_after_cue")
                break


def _lower_case_care(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    """A hospital or a clinic named by its town, typed in lower case in a patient's message
    ("hospital de mostoles", "hopital de lens", "ospedale di rimini", "krankenhaus in
    essen"): the whole name, when the town is one of :func:`_lower_case_towns`' (not
    "hospital de día", "hôpital de jour", "hospital de agudos")."""
    if language is not None and language not in _CARE_WORDS:
        return
    known = places(language)
    for match in _care_cues(language).finditer(text, word_index(text, language)):
        words = list(_NON_BLANK.finditer(text, *match.span(1)))
        for size in range(len(words), 0, -1):
            entry = tuple(fold(w.group()) for w in words[:size])
            if (
                (entry in known.large or not all(map(lex.everyday, entry)))
                and known.match(entry) == "CITY"
                and not (size == 1 and (entry[0] in lex.stop or entry[0] in _CARE_KINDS))
            ):
                yield RuleHit(
                    match.start(), words[size - 1].end(), "INSTITUTION", "institution_typed"
                )
                break


def _everyday(words: list[regex.Match[str]], lex: Lexicon) -> bool:
    """Whether every word is an everyday word of the language, as typed or folded ("son de
    tamaño normal": "tamano" folded is no word, and a town)."""
    return all(lex.everyday(w.group().lower()) or lex.everyday(fold(w.group())) for w in words)


_CARE_KINDS = frozenset(
    "agudos cronicos dia jour semaine nuit giorno campana media larga referencia".split()
)
"""What a hospital's word names the kind of, though GeoNames knows a town of the name
("hospital de agudos": Agudos, Brazil; "hospital de campaña" folded). The town's words are
compared folded: "hospital de são joão" names a town though "joão" is frequent."""


_GERMAN_INDEFINITE_BEFORE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:ein|eine|einer|einem|einen|eines|meine[mnrs]?|seine[mnrs]?"
    r"|ihre[mnrs]?|unsere[mnrs]?)[ \t]+\Z"
)
"""An indefinite article or a possessive right before a capitalised word: German writes a
noun there, never a town ("in einer Kita", "in seinem Garten")."""
_DISTRICT_AFTER = regex.compile(r"-\p{Lu}\p{Ll}[\p{Ll}\p{M}]+(?![\p{L}\p{M}\d-])")
"""A district joined to its town by a hyphen in a German narrative ("Berlin-Spandau",
"Hamburg-Altona"): part of the place, which names it more narrowly (elsewhere a hyphen
joins two places as often, "Concepción-Chile", "Valencia-Alicante")."""


def _cued_through(
    match: regex.Match[str] | re.Match[str], folded: str, cued: bool, language: str | None
) -> bool:
    """Whether a place cue lets a town whose name is also a word through: in capitals, not
    an acronym of four letters or fewer ("from POA") nor a common word ("IN BED"); so
    "grew up in HELSINKI"."""
    if not cued:
        return False
    word = match.group()
    return not word.isupper() or (len(folded) > 4 and not _common(word, folded, language))


def _a_village(text: str, start: int, folded: str, known: Places, language: str | None) -> bool:
    """Whether a village's name (:attr:`~deid_studio.detect.geography.Places.small`) names
    it: after a cue that names a town ("bei Eibelstadt"), where a name may stand ("Schmerzen
    in Kehlen und Ohren" holds a German noun, not Kehlen, Luxembourg)."""
    return (
        folded in known.small
        and _TOWN_CUE_BEFORE.search(text, max(0, start - 24), start) is not None
        and name_may_stand(text, start, language)
    )


def _foreign_word_opening(text: str, start: int, entry: tuple[str, ...], known: Places) -> bool:
    """Whether a large city's name opening a sentence is a city of another language's
    countries: then a frequent word there is the word ("Vista la gravità del quadro": Vista,
    California, in an Italian narrative)."""
    return (
        entry not in known.native
        and SENTENCE_START.search(text, max(0, start - 8), start) is not None
    )


def _large_city_named(
    text: str,
    match: regex.Match[str] | re.Match[str],
    entry: tuple[str, ...],
    known: Places,
    language: str | None,
) -> bool:
    """Whether a large city whose name the common-word list holds is named without a cue
    (:attr:`~deid_studio.detect.geography.Places.named_large`: "Akron", "Stuttgart"):
    capitalised, not in capitals, inside a sentence, where a language but English capitalises
    only a name (English capitalises its words in lists and headings: "Slough 40%", "LV Apex";
    a town there only after a comma, "Health Department, Wichita"); in German, which
    capitalises every noun, where the tagger reads a proper noun ("im Marienhospital
    Stuttgart"). Not at a sentence's start ("Exeter was", a heading)."""
    word = match.group()
    if len(entry) != 1 or entry[0] not in known.named_large or word.isupper():
        return False
    start = match.start()
    if SENTENCE_START.search(text, max(0, start - 8), start) is not None:
        return False
    if language in (None, "en"):  # "Slough 40%", "LV Apex", "Barking cough": English words
        return _COUNTY_AFTER.match(text, match.end()) is not None or (
            _AFTER_A_COMMA.search(text, max(0, start - 3), start) is not None
            and _CLAUSE_END.match(text, match.end()) is not None
        )
    return name_may_stand(text, start, language)


_AFTER_A_COMMA = regex.compile(r"(?r),[ \t]*\Z")
_CLAUSE_END = regex.compile(r"[ \t]*(?:[.,;:)\r\n]|\Z)")
_COUNTY_AFTER = regex.compile(r"[ \t]+(?:County|City|Township|Parish|Borough)(?![\p{L}])")
"""Where an English address or a signature ends with its town, between a comma and the
clause's end ("Health Department, Wichita.", "hub, Exeter,"; not "Fever, Barking cough"), or
the town before its county's word ("Akron County Health Department")."""


def _common(word: str, folded: str, language: str | None) -> bool:
    """Whether a word is frequent in ``language`` (:data:`COMMON`) as written or folded:
    folding takes the accents away and with them the word's frequency ("Tamaño" is "tamano",
    "Puño" is Puno, "Cerró" is "cerro")."""
    if zipf(folded, language) >= COMMON:
        return True
    written = word.casefold()
    return written != folded and zipf(written, language) >= COMMON


def _place_starts(
    text: str, language: str | None, known: Places
) -> list[regex.Match[str] | re.Match[str]]:
    """The capitalised words of ``text`` that may start a place: one scan, each word as
    written looked up at C speed in what the process has learnt of it (a third of the time
    of folding each word through :func:`fold`'s cache on a narrative first read)."""
    found = list(_CAPITALISED_WORD.of(text).finditer(text))
    if not found:
        return found
    written = list(map(type(found[0]).group, found))  # a regex or an re match
    memo = _STARTS_PLACE.setdefault(language, {})
    flags = per_word(
        memo,
        written,
        lambda word: fold(word) in known.longest or fold(word) in SHORT_TOWN_WORDS,
        _STARTS_KEPT,
    )
    return list(compress(found, flags))


_STARTS_PLACE: dict[str | None, dict[str, bool]] = {}
"""Per language (its place gazetteer), whether each word as written may start a place."""
_STARTS_KEPT = 100_000


_HOLIDAY_AFTER = regex.compile(r"['\u2019]s[ \t]+Day(?![\p{L}\p{M}])")
_PRODUCT_AFTER = regex.compile(
    rf"(?:[ \t]+(?i:sars|covid|covid-19|rapid|flu|pcr))?"
    rf"[ \t]+(?:(?i:{PRODUCT_WORDS})|{SCALE_WORDS})"
    r"(?![\p{L}\p{M}])"
)
"""A product's word after a place's name, a test's kind between ("SOFIA SARS ANTIGEN")."""


_TERM_AFTER = regex.compile(
    r"[ \t]+(?i:(?:ankle|knee|foot|head)[ \t]+)?(?i:sprouts|rules?|virus(?:es)?|protocols?"
    r"|systems?|belly|boils?|fever|strains?|mules?|style|survivors?|olympics|gin|curry"
    r"|syndrome|disease|encephalitis|flu|variant|consensus|convention|declaration"
    r"|guidelines?|chromosome|phenotype)(?![\p{L}\p{M}])"
)
"""The head of a term a town's name stands before ("Brussels sprouts", "Seoul virus",
"Istanbul protocol", "Delhi belly", "Moscow mule", "Hiroshima survivor", "Philadelphia
chromosome"; "Ottawa ankle rules", a part of the body between): the term's, not the town.
A scale's words ("Glasgow score") are :data:`_PRODUCT_AFTER`'s."""
_WORD_AFTER = regex.compile(r"[ \t]+(\p{Lu}[\p{Ll}\p{M}]+)(?![\p{L}\p{M}\d])")


def _names_a_term(text: str, end: int, entry: tuple[str, ...], cued: bool, known: Places) -> bool:
    """Whether the town's name that ends at ``end`` is the first word of a term: before a
    term's head (:data:`_TERM_AFTER`); or, a city of a million people that the common-word
    list holds (:attr:`~deid_studio.detect.geography.Places.million`) without a cue, before
    a capitalised word of its own ("Edmonton Symptom Assessment System", "Beijing Olympics",
    "Calgary Protocol") that is no place ("Bangkok Thailand", "Chennai Tamil Nadu") nor a
    place's kind ("Bangkok Hospital")."""
    if _TERM_AFTER.match(text, end):
        return True
    if cued or len(entry) != 1 or entry[0] not in known.million:
        return False
    after = _WORD_AFTER.match(text, end)
    if after is None:
        return False
    word = fold(after.group(1))
    return word not in known.longest and word not in region_starts() and word not in _GENERIC


def _followed_by_name(text: str, end: int, lex: Lexicon) -> bool:
    word = next(iter(words_from(text, end, 1)), None)
    return word is not None and word.capitalised and lex.is_name(word)


_DOTTED_US = regex.compile(r"(?<![\p{L}\p{M}.])(?:EE\.[ \t]?UU\.|U\.S\.A\.?)(?![\p{L}\p{M}])")
"""The United States in dotted capitals ("Irvine, California, EE.UU.", "U.S.A.")."""
_DOTTED_US_HINTS = ("EE.", "U.S.A")
"""What :data:`_DOTTED_US` needs in a narrative: the pattern runs only where one of these is."""
_CITY_NICKNAMES = regex.compile(
    r"(?<![\p{L}\p{M}.])(?:NYC|N\.Y\.C\.|Philly|PHILLY|NOLA|Big[ \t]+Apple|CDMX"
    r"|Ciudad[ \t]+de[ \t]+M[ée]xico)"
    r"(?![\p{L}\p{M}])"
)
"""Cities by the short names their people use, which no gazetteer lists and no medical
text writes otherwise ("lives in NYC", "flew back to Philly", "a trip to NOLA", "back in the
Big Apple"), and Mexico City by its Spanish names in a narrative of any language ("Ciudad de
México", "CDMX"): "NYC" in capitals and four letters, which the gazetteer takes only after a
cue, and the common-word list holds."""
_COUNTY = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019.-])(?P<name>(?:St\.?[ \t])?\p{Lu}[\p{Ll}\p{M}'\u2019]+"
    r"(?:[- \t]\p{Lu}[\p{Ll}\p{M}'\u2019]+){0,2})[ \t]+(?:County|Parish|Borough)(?![\p{L}\p{M}])"
    r"|(?:County|Parish)[ \t]+of[ \t]+(?P<name>\p{Lu}[\p{Ll}\p{M}'\u2019]+"
    r"(?:[- \t]\p{Lu}[\p{Ll}\p{M}'\u2019]+){0,2})"
)
"""An American county, parish or borough by its name ("Cuyahoga County Medical Examiner",
"Hennepin County District Court", "Circuit Court of Cook County", "County of Los Angeles"):
a subdivision of a state, which HIPAA names, though no gazetteer lists most of them."""


_DRINK_AFTER = regex.compile(
    r"[ \t]+(?i:brand[ \t]+)?(?i:stout|ale|lager|beer|whiske?y|bourbon)(?![\p{L}\p{M}])"
)
"""A drink named after a county ("Bourbon County Stout", "Bourbon County Brand Stout")."""
_KEY_END = regex.compile(r"[ \t]*:")
"""A colon after a county's word: the end of a form's key ("Patient County: Cook", "County of
Residence: Cook")."""


def _counties(text: str, lex: Lexicon) -> list[RuleHit]:
    """The counties :data:`_COUNTY` finds, whose name starts with no stopword ("The County",
    "Each Borough", "This Parish" name none) and is a county's or a town's name
    (:func:`_county_named`)."""
    found: list[RuleHit] = []
    for match in _COUNTY.finditer(text, overlapped=True):  # "[The County] of Los Angeles"
        if fold(match.group("name").split()[0]) in lex.stop:
            continue
        if not _county_named(text, match, lex):
            continue
        if not found or match.start() >= found[-1].end:  # not "Prince [George's County]"
            found.append(RuleHit(*match.span(), "CITY", "county"))
    return found


_COUNTY_ANY_CASE = regex.compile(
    r"(?<![\p{L}\p{M}])(?:county|parish|COUNTY|PARISH)(?![\p{L}\p{M}])"
)
"""A county's word as notes type it, in lower case or in capitals ("Cook county", "lives in
cook county", "ORANGE COUNTY"), for :func:`_typed_counties`."""
_WORDS_BEFORE = regex.compile(r"(?:(?<![\p{L}\p{M}'\u2019.])[\p{L}\p{M}'\u2019]+\.?[ \t]+){1,3}\Z")
_WORD_START = regex.compile(r"(?<![\p{L}\p{M}'\u2019.])[\p{L}\p{M}]")
_COUNTY_TYPED_HINTS = ("county", "COUNTY", "parish", "PARISH")
"""What :func:`_typed_counties` needs in a narrative."""


def _typed_counties(text: str, lex: Lexicon) -> list[RuleHit]:
    """An American county whose kind's word is typed in lower case or in capitals, by the
    name of a county the list knows, in any case ("Cook county", "lives in cook county",
    "ORANGE COUNTY CA"): the longest of the one to three words before it that is one; not a
    word of the narrative before it ("each county", "rural county", "the county"), nor a
    drink."""
    found: list[RuleHit] = []
    counties = us_counties()
    for match in _COUNTY_ANY_CASE.finditer(text):
        before = _WORDS_BEFORE.search(text, max(0, match.start() - 48), match.start())
        if before is None or _DRINK_AFTER.match(text, match.end()):
            continue
        starts = [m.start() for m in _WORD_START.finditer(text, before.start(), match.start())]
        for start in starts:  # the longest first
            words = place_tokens(text[start : match.start()])
            if words and words[0] not in lex.stop and words in counties:
                found.append(RuleHit(start, match.end(), "CITY", "county"))
                break
    return found


def _county_named(text: str, match: regex.Match[str], lex: Lexicon) -> bool:
    """Whether a :data:`_COUNTY` match names a county: an American county's name ("Cook",
    "Hennepin", "Los Angeles"; "Cook County: 12 cases" too); or, not before a form's key's
    colon (:data:`_KEY_END`), a town's of the gazetteer ("Dayton") or words no list holds for
    a common one, as a town no list knows ("Cuyahoga", "Delgadomouth"); not a word of the
    narrative ("Called County", "Contacted County health", "Local County", "County of
    Residence"), nor a drink (:data:`_DRINK_AFTER`)."""
    if _DRINK_AFTER.match(text, match.end()):
        return False
    words = place_tokens(match["name"])
    if words in us_counties():
        return True
    return _KEY_END.match(text, match.end()) is None and (
        places(lex.language).match(words) is not None or _unknown_town(words, lex)
    )


_CITY_NICKNAME_HINTS = ("NYC", "N.Y.C", "hilly", "HILLY", "NOLA", "Apple", "CDMX", "Ciudad de M")
"""What :data:`_CITY_NICKNAMES` needs in a narrative: the pattern runs only where one of
these is."""
