"""Institutions: an institution's word before its name ("Hospital La Paz", "Klinikum
Nord", "CHU de Nantes"; ``institution_prefixed``) or after it ("Mercy Hospital", "University
of Texas"; ``institution_suffixed``), in a compound ("Marien-Hospital"), generic ("general
hospital"), a saint's possessive ("St. Mary's"), in lower case ("johns hopkins hospital"),
a pharmacy chain, rooms and wards (``room``); where an institution's name ends (before a date,
a street or a department on a sender's line, after a town of several words), and the town
after it ("Boots Pharmacy in Scottport"). :func:`_institutions` runs these with the
organisations' rules (:mod:`.organisations`) in one order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import regex

from deid_studio.detect.dictionaries import is_drug_or_vaccine
from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import place_tokens, places
from deid_studio.detect.rules.base import (
    MAX_LENGTH,
    MONTH_WORDS,
    RuleHit,
    alternation,
    matches_at,
    without_possessive,
)
from deid_studio.detect.rules.places.common import (
    _APOSTROPHE_WORD,
    _CAP,
    _CAPITALISED_WORD,
    _NAME_PART,
    _PLACE_CUE_BEFORE,
    _TIMES,
    _TOKEN,
    _entry_words,
    _town_ending,
    _trim,
    _unknown_town,
)
from deid_studio.detect.rules.places.institution_words import (
    _INSTITUTION_AFTER,
    _INSTITUTION_AFTER_CAPITALISED,
    _INSTITUTION_BEFORE,
    _INSTITUTION_WORDS,
    _SAINTS,
    _a_town,
    _named,
    _named_after_noun,
    _owner_before_shop,
)
from deid_studio.detect.rules.places.organisations import (
    _EMPLOYER,
    _EMPLOYER_AFTER_JOB,
    _FIRM_NUMBER,
    _FORENSIC_INSTITUTE,
    _HEALTH_SERVICE,
    _INCORPORATED,
    _ORGANISATION,
    _QUOTED_NAME,
    _SURNAMES_FIRM,
    _may_name_organisation,
    _organisations,
)
from deid_studio.detect.rules.places.street_words import _STREET_BEFORE
from deid_studio.detect.rules.words import PARTICLES, SURNAME_CAPITAL, Lexicon, cues

_GENERIC_HOSPITAL = cues(
    "general university community county memorial children's veterans regional district "
    "city state".split(),
    tail=r"(?i:[ \t]+hospital)(?![\p{L}\p{M}])",
    word_end=True,
)
_INSTITUTION_PREFIXED = cues(
    _INSTITUTION_BEFORE, tail=rf"(?:[ \t]+{_NAME_PART}){{1,12}}", word_end=True
)
_SPANISH = frozenset({"es", "ca", "gl"})
_INSTITUTION_QUOTED = cues(_INSTITUTION_BEFORE, tail=rf"[ \t]+{_QUOTED_NAME}", word_end=True)
"""An institution's word and its name in quotes: "Seniorenheim „Sonnenhof“", "EHPAD « Les
Tilleuls »"."""
_CAPITALISED_AFTER = "|".join(
    w.replace(" ", r"[ \t]") + r"(?![ \t]+\p{Lu})" for w in _INSTITUTION_AFTER_CAPITALISED
)
"""The capitalised institution's words, last of the name ("Banner Health"; not "Lansing
County Health" of "Lansing County Health Department", which another word of the name ends)."""
_INSTITUTION_SUFFIXED = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_CAP}[ \t]+(?:(?:of|de|&|and)[ \t]+)?){{1,4}}"
    rf"(?:(?i:{alternation(_INSTITUTION_AFTER)})|{_CAPITALISED_AFTER})"
    r"(?![\p{L}\p{M}\p{N}_])",
    regex.UNICODE,
)
"""Capitalised words, then an institution's word that ends a word as the cue-word index
reads one (no digit after it: "Mercy Hospital2" is none), so that the index says where to
try the pattern (:func:`_suffixed_starts`)."""
_HEALTH_ACRONYMS: Mapping[str, str] = {
    "es": "CS C.S. CAP H.U. HU HGU HCU CAE CEP CSI CHU CESFAM CECOSF SAPU",
    "fr": "CH CHR CHU CHRU CHI CHIC CHS GH HIA CLCC CLSC CHSLD CIUSSS CISSS GMF",
    "it": "AOU ASST ASL AUSL ULSS ATS IRCCS",
    "pt": "UPA UBS USF IPO ULS UCSP HU CHU CAPS",
    "de": "MVZ",
}
"""The acronyms of a language's kinds of hospitals and health centres, which go before the
institution's name as a hospital's word does ("CS Delicias", "CAP Raval Sud", "CH de
Saint-Brieuc", "CHR d'Orléans", "AOU Careggi", "UPA 24h de Campinas", "MVZ am Marienplatz";
Chile's and Québec's health centres and long-term care, "CESFAM Dr. Salvador Allende", "CLSC
de Rosemont", "CHSLD Saint-Joseph"; Brazil's psychosocial care, "CAPS Itaim")."""
_ACRONYM_NAMED = r"(?:\p{Lu}[\p{L}\p{M}'\u2019-]*(?<!['\u2019-])|\d{1,2}h)"
"""A word of a name after such an acronym: capitalised, or the hours of an emergency unit
("UPA 24h")."""
_ACRONYM_LED = {
    language: regex.compile(
        rf"(?<![\p{{L}}\p{{N}}.])(?:{alternation(words.split())})"
        r"(?:[ \t]+(?:(?:de|del|de[ \t]+la|di|da|do|dos|das|della|am|an[ \t]+der)[ \t]+"
        rf"|d['\u2019]|dell['\u2019])?{_ACRONYM_NAMED}){{1,5}}"
        r"(?![\p{L}\p{M}\p{N}])"
    )
    for language, words in _HEALTH_ACRONYMS.items()
}
_FORENSIC_HINTS = ("IML", "IVML", "INTCF", "IMELCF", "SAMUR")
"""What :data:`_FORENSIC_INSTITUTE`'s acronyms hold: the pattern runs only where one is."""
_ROLE_OF = regex.compile(
    r"(?i:members?|students?|residents?|pastor|patients?|employees?|staff|volunteers?|teachers?"
    r"|director|president|congregants?|parishioners?|graduates?|inmates?|alumn[ia]|alumnus"
    r"|principal|chaplain|faculty|friends?)[ \t]+of[ \t]+(?=\p{Lu})"
)
"""A person's role and "of" before an institution's capitalised name, at a sentence's start
or as a title ("Member of First Baptist Church", "Student of Lincoln High School"): the
role is no part of the name."""
_SAINT_POSSESSIVE = cues(
    "st saint ste".split(),
    tail=r"\.?[ \t]*\p{L}[\p{L}\p{M}]+['\u2019]s(?![\p{L}\p{M}])"
    r"(?![ \t]+(?i:wort|day|fire|dance|eve|disease)\b)",
)
"""A saint's name in the possessive after a place word names a hospital, in any case
("transferred from st. mary's", "seen at St Jude's"); not "St. John's wort", "St. Anthony's
fire", "St. Patrick's Day"."""
_COMPOUND_ENDS = tuple(
    "-" + w
    for w in (
        "Spital Krankenhaus Klinik Hospital Stift Apotheke Praxis Impfzentrum Gymnasium "
        "Schule Grundschule Realschule Gesamtschule Kita"
    ).split()
)
"""What ends a compound institution's name ("Marien-Hospital", "Löwen-Apotheke",
"Goethe-Gymnasium", "St. Josefs-Hospital"; "Klinik" also begins "Klinikum")."""
_INSTITUTION_COMPOUND = regex.compile(
    r"(?<![\p{L}\p{M}])(?:St\.[ \t]?-?|Sankt[ \t-])?\p{Lu}[\p{L}\p{M}]*-(?:[\p{Lu}][\p{L}\p{M}]*-)*"
    rf"(?:{alternation(end[1:] for end in _COMPOUND_ENDS)}|Klinikum)"
    r"(?![\p{L}\p{M}])",
    regex.UNICODE,
)
_CLOSED_COMPOUND_IN_TOWN = regex.compile(
    r"(?<![\p{L}\p{M}-])(?P<name>\p{Lu}\p{Ll}+(?:klinik|klinikum|kliniken|krankenhaus|hospital"
    r"|spital))[ \t]+(?P<town>\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?)(?![\p{L}\p{M}])"
)
"""A German hospital's closed compound before its town ("Oberschwabenklinik Ravensburg",
"Kreisklinik Ebersberg"): the compound names the institution, which was left, and the town
the place rules read."""
_ROOM = cues(
    "station room rm zimmer habitación habitacion hab. chambre ward bed cama lit sala".split(),
    tail=r"[ \t]*(?i:n[º°o]\.?[ \t]*|#[ \t]*)?\d{1,4}[ \t]?[A-Za-z]?(?![\p{L}\d])(?![.,]\d)"
    r"(?![ \t]*(?::\d|(?i:min|minutes?|mins?|hours?|hrs?|h|sec|seconds?|days?|weeks?|am|pm|"
    r"a\.m|p\.m|o'clock)\b))",
)
"""A room or bed number; not a time or a duration ("went to bed 11:00", "in the emergency room
30 minutes later")."""


def _town_goes_on(text: str, start: int, end: int, language: str | None) -> int:
    """The end of an institution's name whose words go on as a known town of several words
    beyond it: the town's end ("Impfzentrum Gerasdorf bei Wien", "Universitätsklinikum
    Waidhofen an der Ybbs", "Klinikum Sankt Johann im Pongau"); ``end`` otherwise."""
    known = places(language)
    for word in _CAPITALISED_WORD.of(text).finditer(text, start, end):
        words, spans = _entry_words(text, word.span(), fold(word.group()), known)
        for size in range(len(words), 1, -1):
            stop = spans[size - 1][1]
            if stop <= end:
                break
            if known.match(words[:size]) is not None and text[spans[size - 1][0]].isupper():
                return stop
    return end


_ARTICLES = frozenset({"the", "a", "an", "our", "his", "her"})
_OUR_LADY = regex.compile(r"Our[ \t]+Lady[ \t]+of[ \t]+\p{Lu}")
"""Mary's title, which names churches, hospitals and schools ("Our Lady of Perpetual Help
Church", "Our Lady of Lourdes Hospital"): "Our" is no article there."""


_TOWN_WORD = rf"\p{{Lu}}{SURNAME_CAPITAL}[\p{{Ll}}\p{{M}}'\u2019\-]+"
_TOWN_AFTER_INSTITUTION = regex.compile(
    rf"[ \t]+in[ \t]+(?P<town>{_TOWN_WORD}(?:[ \t]+{_TOWN_WORD})?)(?![\p{{L}}\p{{M}}])"
)
"""The town of an institution after "in": "Boots Pharmacy in [Scottport]", "Dennis Medical
Centre in [McCarthyview]" (a town named after a surname keeps its capitals)."""


_TOWN_WORD = r"\p{Lu}[\p{L}\p{M}'\u2019-]+"
_OF_TOWN = regex.compile(rf"[ \t]+of[ \t]+(?:Greater[ \t]+)?({_TOWN_WORD}(?:[ \t]+{_TOWN_WORD})?)")
_KINDS_BEFORE_OF = (
    "Center Centre Care Associates Pediatrics Clinic Clinics Hospital Church Mosque Temple "
    "Synagogue School Schools YMCA YWCA Health Medicine Group Parenthood Services Partners "
    "Physicians Specialists"
).split()
_KIND_BEFORE_OF = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}])(?:{_TOWN_WORD}[ \t]+){{0,3}}(?-i:{'|'.join(_KINDS_BEFORE_OF)})\Z"
)
"""An institution's capitalised words ending with its kind's, before "of" and its town
("Urgent Care", "Islamic Center", "Pediatric Associates", "YMCA")."""
_KIND_ENDINGS = tuple(_KINDS_BEFORE_OF)
"""The kinds' words as :meth:`str.endswith` wants them: a cheap test before the pattern."""


def _named_by_towns(text: str, language: str | None) -> Iterator[RuleHit]:
    """An institution named by its town after "of", the whole name ("Urgent Care of
    Springfield", "Islamic Center of Boston", "Pediatric Associates of Dallas", "YMCA of
    Greater Seattle"): tried at each " of " a capital follows, in English."""
    if language not in (None, "en"):
        return
    at = text.find(" of ")
    while at >= 0:
        if (
            text[at + 4 : at + 5].isupper()
            and text.endswith(_KIND_ENDINGS, max(0, at - 12), at)
            and (town_end := _of_a_known_town(text, at, language))
        ):
            kind = _KIND_BEFORE_OF.search(text, max(0, at - 80), at)
            if kind is not None:
                yield RuleHit(kind.start(), town_end, "INSTITUTION", "institution_suffixed")
        at = text.find(" of ", at + 4)


def _of_a_known_town(text: str, end: int, language: str | None) -> int | None:
    """Where "of" and a town the gazetteer knows end after an institution's words that name
    no one: the town names the institution ("Urgent Care of Springfield", "Islamic Center of
    Boston", "YMCA of Greater Seattle"); None when no town follows."""
    match = _OF_TOWN.match(text, end)
    if match is None:
        return None
    known = places(language)
    words = match.group(1).split()
    for size in range(len(words), 0, -1):
        if known.match(tuple(fold(w) for w in words[:size])) == "CITY":
            return match.start(1) + len(" ".join(words[:size]))
    return None


def _town_after(text: str, end: int, lex: Lexicon) -> Iterator[RuleHit]:
    """The town after an institution and "in" (:data:`_TOWN_AFTER_INSTITUTION`), when its
    words are no common words ("in February", "in The morning" are none) or it ends as
    English towns do ("in Whitemouth", though the lists know it as a word)."""
    town = _TOWN_AFTER_INSTITUTION.match(text, end)
    if town is not None:
        words = [fold(w) for w in _APOSTROPHE_WORD.findall(town.group("town"))]
        if _unknown_town(words, lex) or _town_ending(words):
            yield RuleHit(*town.span("town"), "CITY", "town_after_institution")


_STREET_AFTER_COMMA = regex.compile(
    r",[ \t]*(?i:"
    + alternation(
        {w for words in _STREET_BEFORE.values() for w in words.split()}
        | {"pza.", "cra.", "cra", "cl.", "cll.", "kr."}
    )
    + r")[ \t]+(?:(?:de|del|da|das|do|dos|la|las|los|des|du|di|della)[ \t]+)*"
    r"\p{Lu}[^,;\n]{0,40}?,?[ \t]*\d{1,5}(?!\d)"
)
"""A comma, then a street from its type word to its house number (", Pza. de España, 3", ",
Cra. 43A # 18-95"): an address after a name."""


def _addressed(text: str, start: int, end: int) -> bool:
    """Whether an institution's word and one capitalised word ("Farmacia Central", "Farmácia
    Central") are followed by a street, its type word to its house number ("..., Pza. de
    España, 3", "..., Rua das Flores, 3", "..., Cra. 43A # 18-95"): a named pharmacy or shop
    with its address, though its name is an everyday word."""
    tokens = text[start:end].split()
    return (
        len(tokens) == 2
        and tokens[1][:1].isupper()
        and _STREET_AFTER_COMMA.match(text, end) is not None
    )


_GERMAN_PLACES_AT = (
    "Apotheke Praxis Hausarztpraxis Arztpraxis Gemeinschaftspraxis Grundschule Schule Gymnasium "
    "Realschule Gesamtschule Kita Kindergarten Seniorenheim Pflegeheim Altenheim "
    "Seniorenresidenz Seniorenzentrum Klinik"
).split()
_GERMAN_PLACE_HINTS = (
    *("Apotheke", "raxis", "chule", "Gymnasium", "Kita", "Kindergarten", "heim", "Senioren"),
    "Klinik",
)
"""What a narrative naming one of :data:`_GERMAN_PLACES_AT` holds: the pattern runs there."""
_IN_THE = regex.compile(r"[ \t](?:im|in[ \t]+der)[ \t]")
_GERMAN_SHOP_AT = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{'|'.join(_GERMAN_PLACES_AT)})"
    r"[ \t]+(?:am|an[ \t]+der|im|zum|zur|in[ \t]+der)[ \t]+"
    r"(?P<place>\p{Lu}[\p{L}\p{M}-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}-]+)?)"
)
"""A German pharmacy, practice, school, home or clinic named after where it stands ("Apotheke
am Markt", "Praxis an der Lindenstraße", "Apotheke im Zentrum", "Grundschule am Rosenhof",
"Seniorenheim am Park"); not a day ("Praxis am Montag")."""


_DAY_AFTER = regex.compile(r"\.?[ \t]*\d")


def _before_month(text: str, start: int, end: int) -> int:
    """Where an institution's words end before a date that starts with a month's name
    ("admitted to the hospital [January 9th]"; "Hospital 12 de Octubre" keeps its month)."""
    for token in _TOKEN.finditer(text, start, end):
        if (
            token.start() > start
            and token.group()[:1].isupper()
            and fold(token.group()) in MONTH_WORDS
            and _DAY_AFTER.match(text, token.end())
        ):
            return _trim(text, start, token.start())[1]
    return end


_AFTER_INSTITUTION = frozenset(
    fold(w).rstrip(".")
    for words in _STREET_BEFORE.values()
    for w in words.split()
    if fold(w).rstrip(".") not in {"barrio", "alameda", "via", "urbanizacion", "urb"}
) | frozenset(
    "pso avd raval passeig carrer avinguda placa servicio servei seccion seccio unidad unitat "
    "departamento departament dpto catedra e-mail email correo tel tfno telefono fax".split()
)
"""Words that end an institution's name written before them on the same line: a street's
type ("Hospital La Paz [Paseo] de la Castellana", "C/"), a department ("Hospital General
[Servicio] de Oftalmología"), a contact's key ("Universidad de Alcalá [E-mail]")."""
_STREET_INITIAL = regex.compile(r"(?:C|P)(?:[/\\]|\.?º|\./)")
"""A street's type as an initial: "C/", "C\\", "C./", "P.º", "Pº"."""
_NAME_TOKEN = regex.compile(r"[\p{L}\p{M}º]+(?:-[\p{L}\p{M}]+)*\.?(?:º)?")


def _before_address(text: str, start: int, end: int, language: str | None, lex: Lexicon) -> int:
    """Where an institution's name ends before what follows it on the line of a sender's
    address block (MEDDOCAN's "Remitido por: Dr. X Hospital Y Avda. Z, 3 28040 Madrid"):
    before a street's type, a department or a contact's key (:data:`_AFTER_INSTITUTION`),
    and before a town of the gazetteer that ends it without a particle, once two words
    name the institution ("Hospital Virgen del Puerto [Plasencia]"; not "Hospital Royo
    Villanova", "Hospital Infanta Sofía")."""
    tokens = list(_NAME_TOKEN.finditer(text, start, end))
    named = 0
    for n, token in enumerate(tokens[1:], 1):
        word = fold(token.group()).rstrip(".")
        if (
            token.group()[:1].isupper()
            and (word in _AFTER_INSTITUTION or _STREET_INITIAL.match(text, token.start()))
            and fold(tokens[n - 1].group()) not in PARTICLES  # "Hospital Virgen del Camino"
        ):
            return _trim(text, start, token.start())[1]
        if word not in _INSTITUTION_WORDS and word not in lex.stop and token.group()[:1].isupper():
            named += 1
    last = tokens[-1] if len(tokens) > 2 else None
    if last is not None and named > 2 and last.end() == end:
        word = fold(last.group())
        before = fold(tokens[-2].group())
        if (
            before not in PARTICLES
            and word not in lex.first_names
            and _a_town(last.group(), word, places(language), language)
        ):
            return _trim(text, start, last.start())[1]
    return end


def _institutions(
    text: str, language: str | None, index: dict[str, list[int]], lex: Lexicon
) -> Iterator[RuleHit]:
    spanish = language is None or language in _SPANISH
    organised = list(_organisations(text, index, lex, language)) if spanish else []
    if spanish and "Salu" in text:
        organised += [
            RuleHit(*m.span(), "ORGANISATION", "organisation_named")
            for m in _HEALTH_SERVICE.finditer(text)
        ]
    if spanish and any(hint in text for hint in _FORENSIC_HINTS):
        organised += [
            RuleHit(*m.span(), "ORGANISATION", "organisation_named")
            for m in _FORENSIC_INSTITUTE.finditer(text)
        ]
    yield from organised
    prefixed = {hit.start for hit in organised}  # cut where a sender's line goes on
    for match in _INSTITUTION_PREFIXED.finditer(text, index):
        if match.start() in prefixed:
            continue
        start, end = _trim(text, *match.span())
        end = _before_month(text, start, end)  # "the hospital January 9th"
        end = _before_address(text, start, end, language, lex)
        end = _town_goes_on(text, start, end, language)
        named = _named(text, start, end, lex, language) or _addressed(text, start, end)
        if named and _named_after_noun(text, start, end, language):
            prefixed.add(start)
            chain = _CHAIN_BEFORE.search(text, max(0, start - 14), start)
            yield RuleHit(
                start if chain is None else chain.start(), end, "INSTITUTION",
                "institution_prefixed",
            )  # fmt: skip
    for pattern in _acronym_led(language):
        for match in pattern.finditer(text):
            if fold(match.group().split()[1]) not in _TIMES:  # not "ingresa en CS Lunes"
                yield RuleHit(*match.span(), "INSTITUTION", "institution_acronym")
    for match in _INSTITUTION_QUOTED.finditer(text, index):
        yield RuleHit(*match.span(), "INSTITUTION", "institution_prefixed")
    if language in (None, "de") and any(hint in text for hint in _GERMAN_PLACE_HINTS):
        for match in _GERMAN_SHOP_AT.finditer(text):
            place = fold(match.group("place").split()[-1])
            if place in _TIMES or (
                _IN_THE.search(match.group()) and zipf(place, "de") >= _FREQUENT_NOUN
            ):
                continue  # "Praxis am Montag", "die Schule in der Stadt", "Kita im Ort"
            yield RuleHit(*match.span(), "INSTITUTION", "institution_prefixed")
    suffixed = matches_at(_INSTITUTION_SUFFIXED, text, _suffixed_starts(text, index))
    before_only = language not in (None, "en")
    for match in suffixed:
        start, end = match.span()
        if (
            before_only
            and max(text.rfind(" ", start, end), text.rfind("\t", start, end)) + 1 in prefixed
        ):
            continue  # "Dra. X Y [Hospital Universitario de Getafe]": the name comes after
        first = text[start : text.find(" ", start, end) if " " in text[start:end] else end]
        word = fold(first)
        if _OUR_LADY.match(text, start):
            yield RuleHit(start, end, "INSTITUTION", "institution_suffixed")
            continue  # "Our Lady of Perpetual Help Church": Mary's title names it
        if (
            (word in PARTICLES and word.rstrip(".") not in _SAINTS) or word in _ARTICLES
        ) and not _owner_before_shop(text, start + len(first), word, lex, language):
            start += len(first) + 1
        if (role := _ROLE_OF.match(text, start, end)) is not None:
            start = role.end()  # "Member of [First Baptist Church]"
        if text[start:end].isupper():
            start = _past_shouted_words(text, start, end, lex)
        if _named(text, start, end, lex, language) or _titled_after_place_word(
            text, start, end, language
        ):
            yield RuleHit(start, end, "INSTITUTION", "institution_suffixed")
            yield from _town_after(text, end, lex)
        elif (of_town := _of_a_known_town(text, end, language)) is not None:
            yield RuleHit(start, of_town, "INSTITUTION", "institution_suffixed")
    yield from _named_by_towns(text, language)
    if any(end in text for end in _COMPOUND_ENDS):
        for match in _INSTITUTION_COMPOUND.finditer(text):
            yield RuleHit(*match.span(), "INSTITUTION", "institution_compound")
    if language in (None, "de"):
        known = places(language)
        for match in _CLOSED_COMPOUND_IN_TOWN.finditer(text):
            if match.start() in prefixed:
                continue  # "Universitätsklinikum Dieburg": the institution's word and its town
            if known.match(place_tokens(match.group("town"))) is not None:
                yield RuleHit(*match.span("name"), "INSTITUTION", "institution_compound")
    for match in _ORGANISATION.finditer(text) if _may_name_organisation(text, index) else ():
        start, end = match.span()
        if is_drug_or_vaccine(_TOKEN.search(text, start, end).group()):
            continue  # "manufacturername: Merck Sharp & Dohme Corp.": the maker, a safe term
        incorporated = (
            _INCORPORATED.search(text, start, end) is not None and text[end : end + 1] != "-"
        )  # not a report's number: "Linked Report(s): US-PFIZER INC-2020520371"
        if incorporated or _named(text, start, end, lex, language):
            number = _FIRM_NUMBER.search(text, max(0, start - 6), start) if incorporated else None
            if number is not None:
                start = number.start()  # "3 Round Stones Inc"
            yield RuleHit(start, end, "INSTITUTION", "organisation")
    known = places(language)
    for family in (_EMPLOYER, _EMPLOYER_AFTER_JOB):
        for match in family.finditer(text, index):
            start, end = _trim(text, *match.span("name"))
            words = [fold(w) for w in _TOKEN.findall(text, start, end)]
            if all(is_drug_or_vaccine(w) for w in words) or (end - start <= 2):
                continue  # "works for Pfizer": the maker, a safe term; "work for PH"
            if (
                known.match(tuple(words)) is not None
                and (family is _EMPLOYER_AFTER_JOB or tuple(words) in known.large)
                and "chez" not in text[match.start() : start].lower()
            ):
                continue  # "trabaja como enfermera en Madrid", "trabajo en Madrid": a town,
                # which the place rules take ("empleado en Carpintería metálica" is a
                # workshop, though a small town is called so); "chez Lenoir" is none
            if _a_noun_after_article(text, start, words, language):
                continue  # "arbeitet bei der Post", "lavora al Comune"
            if any(w not in lex.stop and w not in _INSTITUTION_WORDS for w in words):
                yield RuleHit(start, end, "INSTITUTION", "employer")
                yield from _town_after(text, end, lex)
    if " and " in text or "&" in text:
        for match in _SURNAMES_FIRM.finditer(text):
            words = [fold(without_possessive(match.group(i))) for i in (1, 2, 3)]
            if (
                all(w in lex.last_names for w in words)
                and sum(w not in lex.common or w in lex.familiar for w in words) >= 2
                and not all(known.match((w,)) for w in words)  # "Rome, Madrid and Berlin"
            ):  # one surname may be any word: "White, Willis and Hoffman"; not "Black,
                # White and Grey"
                end = match.end() - (len(match.group(3)) - len(without_possessive(match.group(3))))
                yield RuleHit(match.start(), end, "INSTITUTION", "surnames_firm")
    for match in _GENERIC_HOSPITAL.finditer(text, index):
        yield RuleHit(*match.span(), "INSTITUTION", "institution_generic")
    for match in _SAINT_POSSESSIVE.finditer(text, index):
        if _PLACE_CUE_BEFORE.search(text, max(0, match.start() - 24), match.start()):
            yield RuleHit(*match.span(), "INSTITUTION", "institution_of_saint")
    if language in (None, "en"):
        yield from _lowercase_institutions(text, language, index, lex)
    for match in _ROOM.finditer(text, index):
        yield RuleHit(*match.span(), "ROOM", "room")


_ARTICLE_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?i:der|dem|den|die|el|la|los|las|al|alla|nel|nella|the|na|no"
    r"|nas|nos)[ \t]+\Z"
)
_FREQUENT_NOUN = 4.5


def _a_noun_after_article(text: str, start: int, words: list[str], language: str | None) -> bool:
    """Whether an employer's one word after an article is a frequent noun of the narrative's
    language, a kind of workplace rather than its name ("bei der Post", "bei der Bank", "al
    Comune"; not "bei Bruder e.G.", "dipendente della FIAT", "na Petrobras", which are
    frequent words too but names)."""
    return (
        len(words) == 1
        and language not in (None, "en")
        and zipf(words[0], language) >= _FREQUENT_NOUN
        and _ARTICLE_BEFORE.search(text, max(0, start - 8), start) is not None
    )


_SUFFIX_STARTS = frozenset(
    re.findall(r"\w+", w.lower())[0] for w in (*_INSTITUTION_AFTER, *_INSTITUTION_AFTER_CAPITALISED)
)
"""The cue words an institution's word starts with ("children" of "children's hospital")."""
_CAPITALISED_BEFORE = regex.compile(rf"(?r){_CAP}[ \t]+(?:(?:of|de|&|and)[ \t]+)?\Z")


def _acronym_led(language: str | None) -> tuple[regex.Pattern[str], ...]:
    """The patterns of :data:`_ACRONYM_LED` for a narrative in ``language`` (all when None)."""
    if language is None:
        return tuple(_ACRONYM_LED.values())
    pattern = _ACRONYM_LED.get(language)
    return () if pattern is None else (pattern,)


def _past_shouted_words(text: str, start: int, end: int, lex: Lexicon) -> int:
    """Where an institution's name written in capitals starts: past the words of the sentence
    before it, which capitals make look like a name's ("PATIENT WENT TO [MERCY HOSPITAL]",
    "PT WAS SEEN AT [ST JOSEPH HOSPITAL]", "PATIENT ADMITTED [MERCY HOSPITAL]"): after the
    last stopword (a possessive's "S" is none: "ST MARY'S HOSPITAL"), then past the words
    of :data:`_SHOUTED_SENTENCE`; never down to an institution's words alone ("KAISER
    PERMANENTE MEDICAL CENTER", "GOOD SHEPHERD HOSPITAL" keep their first word)."""
    tokens = list(_TOKEN.finditer(text, start, end))
    at = 0
    for n, token in enumerate(tokens[:-1]):
        possessive = (
            len(token.group()) == 1 and text[token.start() - 1 : token.start()] in "'\u2019"
        )
        if fold(token.group()) in lex.stop and not possessive:
            at = n + 1
    while at < len(tokens) - 1 and fold(tokens[at].group()) in _SHOUTED_SENTENCE:
        at += 1
    if all(fold(t.group()) in _INSTITUTION_WORDS for t in tokens[at:]):
        return start
    return tokens[at].start()


_SHOUTED_SENTENCE = frozenset(
    "patient pt pts went go goes taken take took seen see saw admitted admit transferred "
    "transported brought presented visited called arrived referred sent discharged "
    "received vaccinated given evaluated treated".split()
)
"""The words before an institution's name in a sentence written in capitals, which are no
part of it ("PATIENT ADMITTED MERCY HOSPITAL")."""


def _suffixed_starts(text: str, index: dict[str, list[int]]) -> list[int]:
    """Where :data:`_INSTITUTION_SUFFIXED` may start: a capital that starts a word within
    ``MAX_LENGTH`` before an institution's word that follows a blank and a capitalised word
    ("Mercy Hospital", "University of Texas"); none in "went to the hospital", as in nine
    VAERS narratives of ten. The institution's words are cue words (:func:`_triggers`), so
    the cue-word index knows where they stand. Trying the pattern there costs a few calls
    where a scan of the narrative cost a tenth of the rules' time on places, and a
    ``str.find`` per institution word a fortieth of the rules' time on MEDDOCAN."""
    starts: set[int] = set()
    for word in _SUFFIX_STARTS.intersection(index):
        for at in index[word]:
            if at and text[at - 1] in " \t" and _CAPITALISED_BEFORE.search(text, 0, at):
                found = _CAPITAL_START.finditer(text, max(0, at - MAX_LENGTH), at)
                starts.update(match.start() for match in found)
    return sorted(starts)


_CAPITAL_START = regex.compile(r"(?<![\p{L}\p{M}])\p{Lu}")
"""Where :data:`_INSTITUTION_SUFFIXED` can start: its first word is capitalised, and no
letter stands before it."""


_LOWER_WORD = r"\p{Ll}[\p{Ll}\p{M}'\u2019\-]*"
_LOWERCASE_LEGAL_FORMS = ("inc", "inc.", "llc", "ltd", "ltd.", "corp.", "gmbh", "plc", "llp")
"""The legal forms that end a company's name in lower case too ("stillwater supercomputing
inc."); "co.", "group" or "sa" are everyday words or abbreviations there."""
_LOWERCASE_SUFFIX = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{alternation([*_INSTITUTION_AFTER, *_LOWERCASE_LEGAL_FORMS])})"
    r"(?![\p{L}\p{M}])"
)
_LOWER_WORDS_BEFORE = regex.compile(rf"(?r)(?<![\p{{L}}\p{{M}}])(?:{_LOWER_WORD}[ \t]+){{1,5}}\Z")
_LOWERCASE_UNIVERSITY = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])university of((?:[ \t]+{_LOWER_WORD}){{1,3}})"
)
_JOINERS = frozenset({"of", "and", "&"})
_INDEFINITE_BEFORE = regex.compile(r"(?<![\p{L}\p{M}])(?i:an?)[ \t]+\Z")
"""An article no named institution takes: "in an amber pharmacy bottle"."""


def _lowercase_institutions(
    text: str, language: str | None, index: dict[str, list[int]], lex: Lexicon
) -> Iterator[RuleHit]:
    """Institutions written in lower case, as English notes do ("transferred to johns
    hopkins hospital", "university of maryland medical center", "stillwater supercomputing
    inc."): the words before an institution's word or a legal form, read back while each
    is a name (no common word, no stopword), a town or state of the gazetteer, or an
    institution's word, with "of" between; at least one must be a name or a place, and no
    "a" or "an" before them. "university of" itself takes the names and places after it."""
    known = places(language)

    def naming(word: str) -> bool:
        return (word not in lex.common and word not in lex.stop) or (
            word not in known.ambiguous and known.match((word,)) is not None
        )

    triggers = (*_SUFFIX_TRIGGERS, *_LOWERCASE_LEGAL_TRIGGERS)
    at = sorted(p for t in triggers for p in index.get(t, ()) if text[p].islower())
    for match in filter(None, (_LOWERCASE_SUFFIX.match(text, p) for p in at)):
        before = _LOWER_WORDS_BEFORE.search(text, max(0, match.start() - 80), match.start())
        start, named = match.start(), False
        for word in reversed(list(_TOKEN.finditer(text, *before.span())) if before else []):
            folded = fold(word.group())
            if folded in _JOINERS:
                continue
            if folded not in _INSTITUTION_WORDS:
                if not naming(folded):
                    break
                named = True
            start = word.start()
        if named and not _INDEFINITE_BEFORE.search(text, max(0, start - 4), start):
            yield RuleHit(start, match.end(), "INSTITUTION", "institution_lowercase")
    if "university" in index:
        for match in _LOWERCASE_UNIVERSITY.finditer(text):
            end = match.start(1)
            for word in _TOKEN.finditer(text, match.start(1), match.end(1)):
                if not naming(fold(word.group())):
                    break
                end = word.end()
            if end > match.start(1):
                yield RuleHit(match.start(), end, "INSTITUTION", "institution_lowercase")


_SUFFIX_TRIGGERS = frozenset(
    re.findall(r"\w+", " ".join([*_INSTITUTION_AFTER, *_INSTITUTION_AFTER_CAPITALISED]).lower())
)
_LOWERCASE_LEGAL_TRIGGERS = frozenset(f.rstrip(".") for f in _LOWERCASE_LEGAL_FORMS)


_STORE_NUMBER = (
    r"(?:(?:[ \t]+(?i:store|pharmacy))?[ \t]*\#[ \t]?\d{1,6}"
    r"|(?:[ \t]+(?i:store|pharmacy))?[ \t]*(?i:no\.?|number|n[º°])[ \t]?\d{2,6}"
    r"|[ \t]+(?i:store)[ \t]*\d{3,6})(?!\d)"
    r"(?![ \t]+(?i:days?|weeks?|months?|years?|hours?|minutes?|times?|miles?|blocks?)\b)"
)
"""A store's number after a chain: behind "#", or "No." and "number" before two digits or
more, or three digits or more after "store" ("Rite Aid store 5521"; "the CVS store 2 blocks
away", "the Walmart store 123 days ago" are no store's; "Boots No. 7" is a cream)."""
_CHAIN_NAMES = (
    "Walgreens",
    "Rite Aid",
    "Lloydspharmacy",
    "Superdrug",
    "Shoppers Drug Mart",
    "Kroger Pharmacy",
    "Costco Pharmacy",
    "Walmart Pharmacy",
    "CVS Pharmacy",
    # named alone in consumers' reports in other countries and languages, where the rules
    # left them ("bei DocMorris bestellt", "at Chemist Warehouse") or read them as a person
    "Duane Reade",
    "Kinney Drugs",
    "Publix",
    "Rexall",
    "London Drugs",
    "Jean Coutu",
    "Pharmaprix",
    "Uniprix",
    "Familiprix",
    "Day Lewis",
    "Chemist Warehouse",
    "Terry White Chemmart",
    "Amcal",
    "DocMorris",
    "Shop Apotheke",
    "Drogasil",
    "Droga Raia",
    "Pague Menos",
    "Farmacias del Ahorro",
    "Farmacias Similares",
    "Farmacias Guadalajara",
    "Farmacias Benavides",
    "Farmatodo",
    "Inkafarma",
)
_CHAINS = regex.compile(
    r"(?<![\p{L}\p{M}])(?:"
    + "(?:"
    + "|".join(n.replace(" ", r"[ \t]") for n in (*_CHAIN_NAMES, *map(str.upper, _CHAIN_NAMES)))
    + ")"
    rf"(?:{_STORE_NUMBER})?(?![\p{{L}}\p{{M}}])|(?:CVS|Walmart|Kroger|Costco|Boots){_STORE_NUMBER})"
)
"""Pharmacy chains named without a pharmacy's word ("at Walgreens, Morsechester"): the
town after one is its address; with the store's number, which says which one ("CVS #4521",
"Walgreens store #10234"), written so or in capitals ("AT CVS PHARMACY IN DALLAS", where
capitals hide which words are names; "the Walmart pharmacy" is Walmart's). Not a bare
"CVS" (the cardiovascular system in a note) nor "Boots": a suffix or a store's number names
those ("CVS Pharmacy", "Boots Pharmacy")."""

STORE_NUMBER_ALONE = regex.compile(
    r"(?<![\p{L}\p{M}])(?:Store|STORE)[ \t]*(?:\#|(?i:no\.?|number|n[º°]))[ \t]?\d{3,6}"
    r"(?![\d\p{L}])"
)
"""A store's number with its capitalised word, wherever the chain's name stands ("Rose Ann
DiMaggio, RPh, Store #5521, Walgreens"): which shop; not "store 3 tablets", "store #2"."""

_STORES_AT = (
    "CVS", "Kroger", "Costco", "Safeway", "Walmart", "Meijer", "Albertsons", "Hy-Vee", "H-E-B",
    "HEB", "Wegmans", "ShopRite", "Giant Eagle", "Harris Teeter", "Fred Meyer", "MinuteClinic",
    "Walgreens", "Rite Aid", "RiteAid", "Publix", "Sam's Club", "Vons", "Ralphs", "Winn-Dixie",
    "Tesco", "Sainsbury's", "Asda", "Boots",
)  # fmt: skip
_STORES_TYPED = ("cvs", "walgreens", "riteaid", "rite aid", "costco", "kroger", "safeway",
                 "walmart", "publix", "meijer", "wegmans")  # fmt: skip
_STORE_NAMES = "|".join(
    regex.escape(n).replace(r"\ ", r"[ \t]")
    for n in sorted((*_STORES_AT, *map(str.upper, _STORES_AT)), key=len, reverse=True)
)
_STORE_AT = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:at|@|from|to)[ \t]+(?:(?i:a|the|my|our|their|his|her|local)[ \t]+)?"
    rf"((?:{_STORE_NAMES}|(?-i:"
    + "|".join(n.replace(" ", r"[ \t]") for n in _STORES_TYPED)
    + rf"))(?:{_STORE_NUMBER})?)(?![\p{{L}}\p{{M}}\d'\u2019-])"
    r"|(?<![\p{L}\p{M}])((?:" + _STORE_NAMES + r")[ \t]+(?i:pharmacy|pharmacist))\b"
)
"""A grocer's, a supermarket's or a drugstore chain's name where a dose was given or a
prescription filled, after "at", "@", "from" or "to" ("Vaccinated at CVS.", "at a CVS in
Boise", "got the shot at walgreens", "@ riteaid store 3321", "at Kroger in Cincinnati"), or
before the pharmacy's word ("H-E-B pharmacy gave the vaccine"). Not a bare "CVS", which in a
note is the cardiovascular system ("CVS: S1 S2 normal"), nor "Boots" without "at"."""
STORE_TRIGGERS = frozenset(
    word.lower() for name in (*_STORES_AT, *_STORES_TYPED) for word in regex.findall(r"\w+", name)
) - {"h", "e", "b", "s", "club", "aid", "eagle", "teeter", "meyer", "dixie"}
"""The stores' words the word index finds (not the letters of "H-E-B" nor "Sam's"): the
pattern is tried only in an English narrative that holds one, or "H-E-B"."""


def stores(text: str, language: str | None, index: dict[str, list[int]]) -> Iterator[RuleHit]:
    """Every chain store :data:`_STORE_AT` finds."""
    if language not in (None, "en") or (STORE_TRIGGERS.isdisjoint(index) and "H-E-B" not in text):
        return
    for match in _STORE_AT.finditer(text):
        group = 1 if match.group(1) is not None else 2
        yield RuleHit(*match.span(group), "INSTITUTION", "pharmacy_chain")


_PLACE_WORD_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?:at|to|from|into|attends|attended|attending|visited"
    r"|(?:resident|residents|member|members|employee|employees)[ \t]+of)[ \t]+\Z"
)
"""A preposition or a verb of place right before an English institution's name, or whose
resident, member or employee someone is ("resident of Sunrise Senior Living")."""


def _titled_after_place_word(text: str, start: int, end: int, language: str | None) -> bool:
    """Whether an English institution's words that are all common words ("Saddleback Church",
    "Little Sprouts Daycare", "Liberty University") are a name by their capitals: each word
    capitalised, not in capitals, right after "at", "to", "from", "attends" in the sentence —
    a writer capitalises a common word there only in a name ("at the cancer center" and "at
    the Cancer Center" have an article; "Seen at Urgent Care" no word before the suffix)."""
    if language not in (None, "en") or not _PLACE_WORD_BEFORE.search(
        text, max(0, start - 12), start
    ):
        return False
    words = [w for w in _APOSTROPHE_WORD.findall(text, start, end) if w not in _JOINING_WORDS]
    if not all(w[:1].isupper() and not w.isupper() for w in words):
        return False  # "at Covid vaccination site", "at UCSF Health"
    return any(
        fold(w) not in _INSTITUTION_WORDS and fold(w) not in _DESCRIPTIVE for w in words[:-1]
    )


_JOINING_WORDS = frozenset({"of", "and", "the", "for"})
_DESCRIPTIVE = frozenset(
    "employee employees public mental workplace work specialized specialty med vaccine "
    "vaccinations covid immunization immunisation state student students occupational "
    "behavioral behavioural wellness veterans local main walk-in drive-thru drive through "
    "pediatric women's men's outpatient inpatient emergency high middle junior secondary "
    "elementary night summer day bible graduate law dental acute subacute sub-acute cardiac "
    "pulmonary physical stroke geriatric psychiatric monday tuesday wednesday thursday "
    "friday saturday sunday".split()
)
"""Words that say what kind of place an institution is, not which, besides the institutions'
own words (:data:`_INSTITUTION_WORDS`: "medical", "community", "general"...): "Employee
Health", "Public Health Clinic", "Med Center", "Sunday School" are no names by their
capitals."""


_CHAIN_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?:Helios|HELIOS|Asklepios|Sana|Vivantes|Ameos|AMEOS|MEDIAN|"
    r"Schön|MediClin|Agaplesion|Alexianer)[ \t]+\Z"
)
"""A German hospital group's name before one of its hospitals: part of the hospital's name
("Helios Klinik Schwerin", "Asklepios Klinik Altona")."""
