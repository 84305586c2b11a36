"""Places and institutions found by their words and context, in every supported language.

* Streets: a street-type word before the name ("Calle", "Avda.", "Paseo", "rue", "Via") or
  after it ("Hauptstraße", "-str.", "-platz", "-weg", "-gasse", "Hammarvägen"; "Main
  Street", "Elm St" after a house number), with the house number ("23, 1D", "s/n", "12a").
* A town after a postcode ("28035 Madrid", "D-12345 Berlin"), a US state and town before a
  ZIP code ("Baltimore, MD 21201").
* Cities, regions and countries from the gazetteers (:mod:`deid_studio.detect.geography`); a
  name that is also a common word ("Mobile", "Reading") only after a place cue ("in", "nach",
  "residente en").
* Institutions: "Hospital X", "Hospital Universitario 12 de Octubre", "Centro de Salud X",
  "Klinikum X", "CHU de X", "X Hospital", "X Medical Center", "University of X",
  "Sankt-Georg-Spital", "general hospital"; wards and rooms ("Station 4A", "room 412").
* Keyed fields: "Domicilio:", "Address:", "Localidad:", "País:", "Hospital:" and their
  values.

Kinds: ``STREET``, ``CITY`` (towns, states, provinces), ``COUNTRY``, ``INSTITUTION``,
``ORGANISATION`` (a body that is no place of care: "Instituto de Medicina Legal"),
``ROOM``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from functools import cache
from itertools import compress

import regex

from deid_studio.detect.dictionaries import is_drug_or_vaccine
from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import eponyms, fold
from deid_studio.detect.geography import (
    COUNTRIES_OF,
    COUNTRY_SHORT_NAMES,
    Places,
    place_tokens,
    places,
    regions,
)
from deid_studio.detect.rules.anchors import digit_runs
from deid_studio.detect.rules.base import (
    LATIN1_LETTER,
    LATIN1_UPPER,
    MAX_LENGTH,
    MONTH_WORDS,
    Finder,
    Latin1Twin,
    RuleHit,
    alternation,
    lowered,
    matches_at,
    occurrences,
    per_word,
    without_possessive,
)
from deid_studio.detect.rules.words import (
    CONDITION_BEFORE,
    NAME_ENDS,
    NOUNS_CAPITALISED,
    PARTICLES,
    PRODUCT_WORDS,
    STREET_TYPES,
    SURNAME_CAPITAL,
    WEEKDAYS,
    Cues,
    Lexicon,
    cues,
    lexicon,
    register_triggers,
    word_index,
    words_from,
)

_FLAGS = regex.IGNORECASE | regex.UNICODE
_STREET_BEFORE: Mapping[str, str] = {
    "es": "calle c/ c/. avda avda. avd avd. avenida av. plaza pza pza. pz pz. paseo pº camino "
    "carretera ctra ctra. crta crta. ronda travesía travesia glorieta urbanización urb urb. pso. "
    "barrio pasaje callejón rambla bulevar alameda vía avinguda passeig plaça rúa",
    "fr": "rue avenue av. boulevard bd bld place chemin allée impasse quai route cours square",
    "pt": "rua avenida av. travessa praça largo",
    "it": "via viale piazza corso vicolo",
}
"""Street-type words before the name, per language (English and German put theirs after);
Spanish with the Catalan and Galician ones its addresses use ("Avinguda Diagonal, 660",
"Rúa do Vilar, 12") and the abbreviations written in them ("C/.", "Crta.")."""
_STREET_AFTER = (
    "straße strasse str. platz gasse allee straat laan plein gatan vägen "
    "kalea pasealekua etorbidea hiribidea"
).split()
"""Street-type endings that make a street with or without a house number ("Hauptstraße"),
and the Basque street types written after the name ("Begiristain Doktorea Pasealekua")."""
_STREET_AFTER_NUMBERED = (
    "weg ring damm ufer steig pfad chaussee markt gracht gränd torget vej veien vegen gate gata "
    "gade sti stien braut katu tie utca tér út"
).split()
"""Endings common in other words too ("Monitoring"): a street only with its house number."""
_STREET_AFTER_ADDRESSED = "graben stieg kamp anger wall hof berg feld garten".split()
"""Endings of German streets that end towns and other words as often ("Heidelberg", "Innenhof
2 Personen"): a street only with a house number that ends the address's line or comes
before its postcode ("Löbdergraben 12\n07743 Jena", "Sonnenberg 14a, 99084 Erfurt")."""
_STREET_AFTER_EN = (
    "street st avenue ave road rd drive dr lane ln boulevard blvd court ct way place pl "
    "terrace ter circle cir parkway pkwy highway hwy square sq trail trl crescent close row "
    "alley pike turnpike expressway expy freeway fwy plaza plz village vlg island islands "
    "isle neck ridge heights hills crossing junction estates gardens meadows mews grove "
    "bypass point park"
).split()
_STREET_AFTER_USPS = (
    "branch bridge brook brooks burg burgs camp canyon cape causeway center centers circles "
    "cliff cliffs club common corner corners course courts cove coves creek crest crossroad "
    "curve dale dam divide drives estate extension extensions fall falls ferry field fields "
    "flat flats ford fords forest forge forges fork forks fort garden gateway glen glens green "
    "greens groves harbor harbors haven hill hollow inlet junctions key keys knoll knolls lake "
    "lakes land landing light lights loaf lock locks lodge loop mall manor manors meadow mill "
    "mills mission motorway mount mountain mountains orchard oval overpass parks parkways pass "
    "passage path pine pines plain plains points port ports prairie radial ramp ranch rapid "
    "rapids rest ridges river roads route run shoal shoals shore shores skyway spring springs "
    "spur spurs squares station stravenue stream streets summit throughway trace track "
    "trafficway tunnel underpass union unions valley valleys viaduct view views villages ville "
    "vista walk walks wall ways well wells"
).split()
"""The rest of the US Postal Service's street suffixes (Publication 28, as Faker's American
and British address lists hold them: "Centers", "Rapid", "Shoal", "Mill"), after a house
number and a capitalised name only; "Via" and "Rue" too, capitalised ("14619 Nicholas Via";
not "2 Puffs via inhalation", "1 VIAL ALBUTEROL VIA NEB")."""
_SIDE = r"(?i:dcha|drcha|dcho|dch|izq|izqda|izqdo|izda|izdo|iz|ctro)\.?(?![\p{L}\p{M}])"
_STOREY = r"(?i:bajo|bj|entlo|entresuelo|[aá]tico|pral|principal|semis[oó]tano)(?![\p{L}\p{M}])"
_FLOOR = r"\d{1,2}(?:\.?[º°ªo]|o)(?:[ \t]?[A-Z]|[a-z])?(?![\p{L}\p{M}\d])"
_UNIT_PART = (
    r"(?i:esc|escalera|portal|pta|puerta|piso|planta|interior|int|bloque|blq|edif|edificio|ed|"
    r"km|apto|dpto|local)\.?[ \t]*(?:\d{1,4}[A-Za-zº°ª]{0,2}|[A-Z]{1,4})(?![\p{L}\p{M}\d])"
)
_STOREY_SIDE = r"(?i:der|dr)\.?(?![\p{L}\p{M}])"
"""A side only after the ground floor ("bajo der"): "der" alone is a German article."""
_STOREY_DOOR = rf"{_STOREY}(?:[ \t]+(?:{_SIDE}|{_STOREY_SIDE}|[A-Z](?![\p{{L}}\d])))?"
_FLAT = (
    rf"(?:(?:[ \t]*[,\-][ \t]*|[ \t]+)"
    rf"(?:{_FLOOR}(?:[ \t]+{_SIDE})?|{_SIDE}|(?<=[º°ªo][ \t]*-[ \t]*)\d{{1,3}}(?![\p{{L}}\d])"
    rf"|[A-Z](?=[ \t]*(?:[,;\n\r]|\.[ \t]*(?:[\n\r]|\d|\Z)|\Z))"
    rf"|(?<=[º°ªo][ \t])[A-Z](?=[ \t]*(?:[,;\n\r]|\.(?![\p{{L}}])|\Z))"  # "4o V. C.P."
    rf"|(?:{_STOREY_DOOR}|{_UNIT_PART})(?=[ \t]*(?:[.,;:\-\n\r]|\Z|\d|\p{{Lu}})))"
    rf"|\.[ \t]*(?:{_STOREY_DOOR}|{_UNIT_PART})(?=[ \t]*(?:[.,;:\-\n\r]|\Z|\d)))"
)
"""What follows a Spanish house number in an address: the floor and the door ("4 5º - 4",
"35 7o dcha", "5ºA izq", "16, 3, A", "4o V."), the ground floor ("1. Bajo A", "3, bajo der"),
the staircase, building, block or kilometre ("6, esc. 2, 2ºb", "2, Ed.ICA, Esc.2a", "330 km
539"). After a full stop only where the address ends ("43. Puerta 2. 6006 Badajoz", not "5.
Planta 4 Medicina Interna"); a door's letter after a comma not before an initial's name
("5, A. García")."""
_HOUSE_NUMBER = (
    r"(?:,?[ \t]*(?:n[ \t]?[º°o]\.?[ \t]*|n\.[ \t]?[º°o]\.?[ \t]*|no\.[ \t]*|nr\.[ \t]*|#[ \t]*"
    r"|(?i:número|numero)[ \t]+)?"
    r"(?:\d{1,5}[ \t]?[a-zA-Z]?(?![\p{L}\d])|(?i:s/n))"
    r"(?:[ \t]*[,/-][ \t]*\d{1,4}"
    r"(?:(?:\.[º°ªo]|[º°ª])(?:[ \t-]?[A-Z](?!-)|[ \t]+\d{1,2}[ª])?|[ \t]?[º°ªa-zA-Z]{0,2})"
    r"(?![\p{L}\d]))*"
    r"(?![ \t]*(?i:jahre|jahren|jährige?|years?|yrs?|años|anos|ans|monate|months?|meses|mois)"
    rf"(?![\p{{L}}\p{{M}}])){_FLAT}{{0,4}})"
)
"""A house number, with a door or a flat after it, a Spanish floor and door too ("14, 3.º C",
"3 - 5º 2ª", "7, 3.o B", "n.o 119", and :data:`_FLAT`); not an age ("Till Häring, 11 Jahre":
the surname ends like a German street, "-ring")."""
_NO_NUMBER = regex.compile(r"(?<=[ \t])[Ss]/[Nn](?![\p{L}\d])")
"""A street's "S/N" (sin número: no house number)."""
_WORD = r"(?!\p{Lu}{1,2}-\d{5}(?!\d))\p{Lu}(?:[\p{L}\p{M}'\u2019]|-(?!\d{5}(?!\d)))*"
"""A capitalised word: no abbreviation's dot, nor a five-digit postcode's country letter
("Hospital San Juan de la Cruz E-23400 Ubeda"); a road's code is one ("Ctra. A-7075")."""
_ABBREVIATIONS = "Dr Dra Dña Ldo Lda Lcdo Lcda Prof St Sta Sto Sant Mt Ft Pº Gral Av".split()
"""Titles' and saints' abbreviations that stand inside a street's or an institution's name."""
_CAP = rf"(?:{alternation(_ABBREVIATIONS)}\.|{_WORD})"
"""A capitalised word of a street's or an institution's name, or a title's abbreviation."""
_PARTICLE_WORDS = frozenset(
    "de del la las los el du des le di dei della degli delle da do dos das van von der "
    "y i z".split()
)
_PARTICLE = alternation(_PARTICLE_WORDS)
_TRAILING_PARTICLES = regex.compile(rf"(?:[ \t]+{_PARTICLE})+[ \t,]*\Z")
_NAME_PART = (
    rf"(?:{_CAP}|\d{{1,2}}[ \t]+de[ \t]+{_CAP}|"
    rf"{_PARTICLE}(?=(?:[ \t]+{_PARTICLE})*[ \t]+(?:\p{{Lu}}|\d)))"
)
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
    return cues(words, tail=rf"[ \t]*(?:{_NAME_PART}[ \t]+){{0,5}}{_CAP}{_HOUSE_NUMBER}?")


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
    tail=rf"[ \t]*(?:{_NAME_PART}[ \t]+){{0,4}}{_CAP}[ \t]+\d{{1,5}}[ \t]?[a-zA-Z]?(?![\p{{L}}\d])",
)
"""A street written the way of any language, with its house number ("Via Roma 131",
"ul. Biskupa Bogedaina 118", "Rua João Pessoa 1636") — in a narrative of another language
too: the house number makes it an address."""
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
    rf"(?<![\p{{L}}\d/.\-])\d{{1,6}}[A-Za-z]?[ \t]+(?:[NSEW]\.?[ \t]+)?"
    rf"(?:(?:{_SURNAME_PARTICLE}[ \t]+)?{_CAP}[ \t]+){{1,3}}"
    rf"(?:(?i:{alternation([*_STREET_AFTER_EN, *_STREET_AFTER_USPS])})|Via|Rue)\b\.?"
    rf"(?:,?[ \t]*(?i:apt|apartment|suite|ste|unit|#)\.?[ \t]*#?[\dA-Za-z-]{{1,6}})?",
    regex.UNICODE,
)
_STREET_ON_TYPES = ("Street", "Avenue", "Road", "Drive", "Lane", "Boulevard")
_STREET_ON = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:on|off|onto|along)[ \t]+"
    rf"(?P<street>(?P<first>{_WORD})[ \t]+(?:{_WORD}[ \t]+){{0,2}}"
    rf"(?:{'|'.join(_STREET_ON_TYPES)}))(?![\p{{L}}\p{{M}}])"
)
"""An English street named without its number after "on", "off", "onto" or "along" ("the
Walgreens on Elm Street in Dayton", "lives off Marsh Lane"): the whole street types only,
not "St." (a saint's) nor "Dr" (a doctor's)."""
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
_STREET_WORDS = frozenset(
    fold(w.rstrip("."))
    for w in " ".join(_STREET_BEFORE.values()).split() + _STREET_AFTER_EN + _STREET_AFTER
)
_CORNER = regex.compile(
    r"(?<![\p{L}])(?i:(?:the[ \t]+)?corner[ \t]+of)[ \t]+"
    r"(?P<a>(?:[^\n.,;:?!]|\.(?=[ \t])){3,60}?)[ \t]+"
    r"(?i:and|&)[ \t]+(?P<b>[\p{L}\d][\p{L}\p{M}\d'-]*(?:[ \t]+[\p{L}\d][\p{L}\p{M}\d'-]*){0,3})"
    r"(?=[ \t]*(?:[\n.,;:?!]|\Z))",
    regex.UNICODE,
)
"""A street corner ("the corner of 35 Pentelis Str. and Waechter Turnpike"): both streets.
The first may hold a full stop before a blank (an abbreviation's, a house number's)."""
_LEGAL_FORMS = (
    "inc|inc.|llc|ltd|ltd.|corp|corp.|co.|company|group|gmbh|ag|s.a.|sa|s.l.|sl|plc|llp|"
    "holdings|partners|associates|& sons|and sons|s.p.a.|spa|b.v.|bv|n.v.|sarl|s.a.r.l.|kg|ohg|"
    "corporation|incorporated|limited|technologies|solutions|systems|software|consulting|"
    "capital|investments|labs|networks|analytics|insights|agency|markets|enterprises|"
    "industries|ventures"
).split("|")
"""Legal forms and the words that end a company's name ("Rapid Cycle Solutions"); the name
must hold a word that is no common word ("Emergency Medical Services" is none)."""
_INCORPORATED = regex.compile(
    r"(?<=[ \t])(?:Inc\.?|INC\.?|LLC|Ltd\.?|LTD\.?|Corp\.|CORP\.|GmbH|PLC|plc|LLP)\Z"
)
"""A legal form only a firm writes after its name, as the firm writes it: the capitalised
words before it are a firm's name though each is a common word ("Expert Health Data
Programming Inc", "Round Stones Inc"); "Emergency Medical Services" without one is none."""
_FIRM_NUMBER = regex.compile(r"(?<![\p{L}\p{M}\d.,:/-])\d{1,4}[ \t]\Z")
"""A number opening a firm's name that ends with a legal form ("3 Round Stones Inc")."""
_EMPLOYER_CUES: Mapping[str, str] = {
    "en": "work for|works for|worked for|working for|work at|works at|worked at|working at|"
    "employed by|employed at|employee of|job at|a year at|intern at|internship at",
    "es": "trabaja en|trabaja para|trabajaba en|trabajaba para|empleado de|empleada de|"
    "empleado en|empleada en",
    "fr": "travaille chez|travaille pour|travaillait chez|employé chez|employée chez|"
    "salarié de|salariée de",
    "de": "arbeitet bei|arbeitete bei|beschäftigt bei|angestellt bei|tätig bei",
}
"""Phrases after which capitalised words name the employer ("I work for Wolters Kluwer")."""
_ORGANISATION = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_WORD}[ \t]+(?:(?:&|and|of|de)[ \t]+)?){{1,4}}"
    rf"(?i:{alternation(_LEGAL_FORMS)})(?![\p{{L}}\p{{M}}\d_])",
    regex.UNICODE,
)
"""Capitalised words, then a legal form as a word of its own: not the "SA" of a British
postcode ("Port Tomton SA46 6PF")."""
_EMPLOYER_JOINER = r"(?:&|and|of|y|et|und|de|del|de[ \t]+la|de[ \t]+los|des|du|der)"
_EMPLOYER_PARTNERS = r"(?:&|and|y|et|und)[ \t]+(?i:asociados|asociadas|associates|associés|partner)"
_EMPLOYER_FORM = (
    r"S\.(?:A|L|Coop|Com|L\.L|A\.L|A\.D|A\.T|C\.P|p\.A)\.|GmbH|AG|KG|Inc\.?|Ltd\.?|LLC|"
    r"SARL|S\.A\.R\.L\.|B\.V\.|N\.V\."
)
"""Legal forms after an employer's name, as the firm writes them: case matters here ("AG",
not the "ag" :data:`_LEGAL_FORMS` matches in any case), and Spain's cooperative and
partnership forms ("S.Coop.", "S.Com.") are among them."""
_EMPLOYER_NAME = (
    rf"(?:the[ \t]+)?(?P<name>{_CAP}"
    rf"(?:(?:[ \t]+|,[ \t]+|[ \t]+{_EMPLOYER_JOINER}[ \t]+)"
    rf"(?!(?:{_EMPLOYER_FORM})(?![\p{{L}}\p{{M}}])){_CAP}(?!\.\p{{Lu}})){{0,4}}"
    rf"(?:[ \t]+{_EMPLOYER_PARTNERS})?(?:,?[ \t]+(?:{_EMPLOYER_FORM})(?![\p{{L}}\p{{M}}]))?)"
)
"""An employer's name: capitalised words, "&", "and", "of" or a particle between them
("Desarrollo del Noroeste", "Müller und Söhne"), then its partners and its legal form if it
says them ("Perera y asociados S.A.", "Tecnologías DL S.Coop."): the legal form's dotted
letters are never a word of the name ("S.L." is no capitalised "S")."""
_EMPLOYER = cues(
    [w for phrases in _EMPLOYER_CUES.values() for w in phrases.split("|")],
    tail=rf"[ \t]+{_EMPLOYER_NAME}",
    word_end=True,
)
_EMPLOYER_AFTER_JOB = cues(
    "works as|worked as|working as|trabaja como|trabajaba como|trabajó como|"
    "travaille comme|travaillait comme|arbeitet als|arbeitete als|il est|elle est|il était|"
    "elle était|er ist|sie ist|er war|sie war|he is a|she is a|he is an|she is an".split("|"),
    tail=rf"[ \t]+(?:(?i:a|an|un|una|une|ein|eine)[ \t]+)?"
    rf"(?:\p{{L}}[\p{{L}}\p{{M}}'\u2019\-]*[ \t]+){{1,4}}"
    rf"(?:at|for|en|para|bei|chez|pour)[ \t]+{_EMPLOYER_NAME}",
    word_end=True,
)
"""The employer after the job ("works as a lorry driver at [Tesco]", "trabaja como cajera en
[El Corte Inglés]", "arbeitet als Buchhalter bei [Deutsche Bahn]", "Il est cheminot chez
[SNCF]", "She is a cashier at [Tesco]"): up to four words of the job, a preposition, then the
employer's capitalised words; a town there is none ("trabaja como enfermera en Madrid")."""
_SURNAMES_FIRM = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])({_WORD}),[ \t]+({_WORD}),?[ \t]+(?:and|&)[ \t]+({_WORD})"
    rf"(?![\p{{L}}\p{{M}}])",
    regex.UNICODE,
)
"""Three surnames as a firm's name ("Glover, Ruiz and Armstrong")."""


_PLACE_PHRASES = (
    "lives in|lives at|living in|lived in|grew up in|moved to|moved here from|moved from|"
    "lives alone in|living alone in|home in|is from|visiting from|trip to|"
    "arrived at|arrived in|flew to|born in|raised in|resides in|resident of|located in|"
    "based in|travelled to|traveled to|originally from|comes from|came from|returned to|"
    "vive en|reside en|nacido en|nacida en|natural de|residente en|vecino de|vecina de|"
    "domiciliado en|domiciliada en|habite à|né à|née à|originaire de|wohnt in|wohnhaft in|"
    "domicilié à|domiciliée à|demeurant à|résidant à|réside à|vit à|"
    "geboren in|stammt aus|lebt in|mann aus|frau aus|kind aus|patient aus|patientin aus"
).split("|")
_PLACE_PHRASE = cues(_PLACE_PHRASES, tail=r"[ \t]+", word_end=True)
"""Phrases after which a capitalised unknown word is a town ("grew up in Remniku")."""
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
_POSTCODE_TOWN = regex.compile(
    rf"(?<![\p{{L}}\d/-])(?P<prefix>[A-Z]{{1,2}}-)?(?P<code>\d{{4,5}})"
    rf"(?P<stop>(?<=\d{{5}})[.,])?[ \t]+"
    rf"(?P<town>{_WORD}(?:[ \t]+(?:(?:de|del|la|am|an|der|im|sur|sous|en)[ \t]+)?{_WORD}){{0,2}})",
    regex.UNICODE,
)
_US_STATES = (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
).split()
_STATE_CODE_WORDS = frozenset("in or me ok hi oh id".split())
_UK_POSTCODE = regex.compile(
    r"(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2}(?![\p{L}\p{N}])"
)
_TOWN_BEFORE_CODE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}'\u2019-])(?P<town>{_WORD}(?:[ \t]+{_WORD}){{0,2}}),?[ \t]+\Z"
)
"""A town right before a British postcode: "Joe Port, [Connortown] M7 3ZR", "Ball Locks,
[Hallfort], CT3 7RP"."""
_TOWN_STATE_ZIP = regex.compile(
    rf"(?P<town>(?:{_WORD}[ \t]){{0,2}}{_WORD}),[ \t]+(?P<state>{alternation(_US_STATES)})"
    rf"[ \t]+\d{{5}}(?:-\d{{4}})?(?!\d)",
    regex.UNICODE,
)
_STATE_ZIP = regex.compile(
    rf"(?<![\p{{L}}])(?P<state>{alternation(_US_STATES)})[ \t]+\d{{5}}(?:-\d{{4}})?(?!\d)"
)
_GERMAN_HOSPITAL_WORDS = (
    "klinik klinikum krankenhaus kreisklinik kreiskrankenhaus kreisklinikum bezirkskrankenhaus "
    "bezirksklinikum stadtklinik stadtkrankenhaus krankenhauses klinikums kreiskrankenhauses "
    "kreisklinikums universitätsklinikum universitätsklinikums uniklinik"
).split()
"""German hospitals' words, before their name as German writes it ("Kreisklinik Ebersberg",
"des Kreiskrankenhauses Trostberg"), and before the nouns of a sentence too ("in der Klinik
Fieber gemessen"): see :func:`_german_hospital_named`."""
_INSTITUTION_BEFORE = (
    "hospital|hospital universitario|hospital general|hospital clínico|hospital clinico|"
    "hospital general universitario|hospital clínico universitario|hospital universitari|"
    "complejo hospitalario|complexo hospitalario|clínica|clinica|centro de salud|"
    "centro médico|centro medico|centro hospitalario|centro de especialidades|sanatorio|"
    "fundación|fundació|instituto|institut|universidad|universitat|facultad|policlínica|"
    "ambulatorio|consultorio|residencia|spital|kantonsspital|landesklinikum|hôpital|hopital|"
    "centre hospitalier|"
    "centre hospitalier universitaire|chu|chr|clinique|polyclinique|ospedale|policlinico|"
    "azienda ospedaliera|centro hospitalar|university of|universität|université|"
    "medical center of|clinic of|"
    "impfzentrum|hausarztpraxis|arztpraxis|gemeinschaftspraxis|praxis|apotheke|pharmacie|"
    "mvz|städtisches klinikum|städtisches krankenhaus|"
    "städtischen klinikum|städtischen krankenhaus|städtischen klinikums|"
    "farmacia|centre de vaccination|centro de vacunación|centro de vacunacion|"
    "cabinet médical|maison de santé|vaccination centre|vaccination center|ayuntamiento|"
    "mairie|stadtverwaltung|seniorenheim|pflegeheim|altenheim|altenpflegeheim|"
    "seniorenresidenz|seniorenzentrum|rehaklinik|reha-klinik|residencia de ancianos|"
    "residencia de mayores|maison de retraite|ehpad"
).split("|") + _GERMAN_HOSPITAL_WORDS
_INSTITUTION_AFTER = (
    "hospital|medical center|medical centre|health center|health centre|clinic|infirmary|"
    "university|college|institute|hospice|nursing home|rehabilitation center|pharmacy|"
    "drug store|drugstore|chemists|"
    "health system|healthcare|medical group|children's hospital|cancer center|"
    "family practice|medical practice|group practice|primary care|urgent care|leisure centre|"
    "community centre|community center|assisted living|care home|care center|care centre|"
    "nursing facility|skilled nursing facility|rehab center|rehabilitation hospital|"
    "retirement home|rest home|senior living|"
    "vaccination center|vaccination centre|vaccination clinic|vaccination site|"
    "city council|county council|borough council|town council|district council"
).split("|")
_INSTITUTION_AFTER_CAPITALISED = "Surgery"
"""An institution's word only when capitalised: a British practice ("The Nicholls Surgery"),
not an operation ("Whipple surgery")."""
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
_SPANISH_ARTICLES = frozenset({"el", "la", "los", "las", "els", "les"})
_ORGANISATION_WORDS = (
    "centro instituto escuela facultad sociedad asociación fundación fundació laboratorio "
    "palacio consorcio xarxa"
).split()
_ORGANISATION_NAME_WORD = r"\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]*)*"
_ORGANISATION_NAMED = cues(
    [*_ORGANISATION_WORDS, "complejo hospitalario", "complejo asistencial"],
    tail=rf"(?-i:(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_ORGANISATION_NAME_WORD})+)",
    word_end=True,
)
"""A Spanish organisation named with capitalised common words ("Centro Nacional de
Toxicología", "Instituto de Medicina Legal", "Escuela Universitaria de Ciencias de la
Salud", "Complejo Hospitalario de Navarra"): a capital on every word of the name is what
makes it one. Cut by :func:`_organisation_end`."""
_ORGANISATION_WORD = regex.compile(rf"(?:{_PARTICLE}[ \t]+)*({_ORGANISATION_NAME_WORD})")
_HEALTH_SERVICE = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:(?:Servicio|Servei)[ \t]+(?!de\b){_ORGANISATION_NAME_WORD}"
    r"[ \t]+de[ \t]+(?:la[ \t]+)?Salu[dt]"
    rf"|Servicio[ \t]+de[ \t]+Salud[ \t]+(?:del|de)[ \t]+(?:(?:{_PARTICLE})[ \t]+)*"
    rf"{_ORGANISATION_NAME_WORD}(?:[ \t]+(?:(?:{_PARTICLE})[ \t]+)*{_ORGANISATION_NAME_WORD})*)"
    r"(?![\p{L}\p{M}])"
)
"""A Spanish region's health service: "Servicio Castellano-Leonés de Salud", "Servicio
Andaluz de Salud", "Servei Català de la Salut", "Servicio de Salud del Principado de
Asturias" — not a hospital's department, "Servicio de Oftalmología"."""
_ORGANISATION_STOPS = frozenset(
    "servicio hospital unidad departamento sección seccion universidad ciudad calle avda "
    "avenida paseo plaza carretera ronda planta email correo tel teléfono telefono".split()
)
"""Words that start what follows an organisation's name on a sender's line: a department,
a second institution, a street."""
_QUOTED_NAME = r"[„\"“«][ \t]?\p{Lu}[^\"“”»\n]{0,40}?[ \t]?[“”\"»]"
"""A name in quotes of any language ("„Sonnenhof“", "« Les Tilleuls »", '"San Cecilio"')."""
_ACRONYM_OR_QUOTED = regex.compile(rf"[ \t]*(?:\(\p{{Lu}}{{2,8}}\)|{_QUOTED_NAME})")
_STREET_AFTER_ORGANISATION = regex.compile(
    rf"[ \t]+((?:{_ORGANISATION_NAME_WORD}[ \t]+(?:{_PARTICLE}[ \t]+)*){{0,3}}"
    rf"{_ORGANISATION_NAME_WORD},[ \t]*(?:\d{{1,5}}(?:[ \t]*-[ \t]*\d{{1,5}})?|s/n)(?![\p{{L}}\d]))"
)
"""A street without its type word after an organisation on a sender's line, its house
number after a comma ("Complejo Hospitalario de Navarra [Irunlarrea, 3]", "... de Albacete
[Hermanos Falcó, s/n]")."""
_INSTITUTION_QUOTED = cues(_INSTITUTION_BEFORE, tail=rf"[ \t]+{_QUOTED_NAME}", word_end=True)
"""An institution's word and its name in quotes: "Seniorenheim „Sonnenhof“", "EHPAD « Les
Tilleuls »"."""
_INSTITUTION_SUFFIXED = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_CAP}[ \t]+(?:(?:of|de|&|and)[ \t]+)?){{1,4}}"
    rf"(?:(?i:{alternation(_INSTITUTION_AFTER)})|{_INSTITUTION_AFTER_CAPITALISED})"
    r"(?![\p{L}\p{M}\p{N}_])",
    regex.UNICODE,
)
"""Capitalised words, then an institution's word that ends a word as the cue-word index
reads one (no digit after it: "Mercy Hospital2" is none), so that the index says where to
try the pattern (:func:`_suffixed_starts`)."""
_SAINT_POSSESSIVE = cues(
    "st saint ste".split(),
    tail=r"\.?[ \t]*\p{L}[\p{L}\p{M}]+['\u2019]s(?![\p{L}\p{M}])"
    r"(?![ \t]+(?i:wort|day|fire|dance|eve|disease)\b)",
)
"""A saint's name in the possessive after a place word names a hospital, in any case
("transferred from st. mary's", "seen at St Jude's"); not "St. John's wort", "St. Anthony's
fire", "St. Patrick's Day"."""
_COMPOUND_ENDS = tuple(
    "-" + w for w in "Spital Krankenhaus Klinik Hospital Stift Apotheke Praxis Impfzentrum".split()
)
"""What ends a compound institution's name ("Marien-Hospital", "Löwen-Apotheke"; "Klinik"
also begins "Klinikum")."""
_INSTITUTION_COMPOUND = regex.compile(
    r"(?<![\p{L}\p{M}])(?:St\.-|Sankt-)?\p{Lu}[\p{L}\p{M}]*-(?:[\p{Lu}][\p{L}\p{M}]*-)*"
    rf"(?:{alternation(end[1:] for end in _COMPOUND_ENDS)}|Klinikum)"
    r"(?![\p{L}\p{M}])",
    regex.UNICODE,
)
_ROOM = cues(
    "station room rm zimmer habitación habitacion hab. chambre ward bed cama lit sala".split(),
    tail=r"[ \t]*(?i:n[º°o]\.?[ \t]*|#[ \t]*)?\d{1,4}[ \t]?[A-Za-z]?(?![\p{L}\d])(?![.,]\d)"
    r"(?![ \t]*(?::\d|(?i:min|minutes?|mins?|hours?|hrs?|h|sec|seconds?|days?|weeks?|am|pm|"
    r"a\.m|p\.m|o'clock)\b))",
)
"""A room or bed number; not a time or a duration ("went to bed 11:00", "in the emergency room
30 minutes later")."""
_PLACE_CUES = (
    "in|from|at|near|to|en|desde|hacia|cerca de|à|au|près de|aus|nach|im|bei|von|"
    "natural de|residente en|vecino de|vecina de|procedente de|nacido en|nacida en|"
    "born in|lives in|living in|resident of|né à|née à|habite à|wohnhaft in|geboren in|"
    "wohnt in|domicilié à|domiciliée à|demeurant à|résidant à"
).split("|")
_PLACE_CUE_BEFORE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}]){alternation(_PLACE_CUES)}[ \t]+\Z", _FLAGS
)
_CAPITALISED_WORD = Latin1Twin(
    regex.compile(r"(?<![\p{L}\p{M}\d'\u2019-])\p{Lu}[\p{L}\p{M}]*"),
    re.compile(rf"(?<![{LATIN1_LETTER}0-9'-])[{LATIN1_UPPER}][{LATIN1_LETTER}]*"),
)
_TOKEN = regex.compile(r"[\p{L}\p{M}]+")
_JOINER = regex.compile(r"[ \t]|[ \t]?-[ \t]?|'|\u2019")

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
    "centro de trabajo|lugar de trabajo|employer|empresa|arbeitgeber",
}
_NO_VALUE = frozenset(
    "yes no none unknown n/a na nil si sí ninguno ninguna desconocido oui non aucun inconnu "
    "ja nein keine unbekannt -".split()
)
"""Form answers that are no value ("Hospital: No")."""
_FIELD_END = regex.compile(r"\n|\.[ \t]|\.\Z|;|[ \t]{2,}|\Z")

RULES: Mapping[str, float] = {
    "street_prefixed": 0.95,
    "street_suffixed": 0.9,
    "street_after_preposition": 0.9,
    "pharmacy_chain": 0.95,
    "street_us": 0.95,
    "town_after_postcode": 0.95,
    "postcode_before_known_town": 0.95,
    "town_state_zip": 0.95,
    "town_before_postcode": 0.9,
    "town_after_institution": 0.9,
    "state_zip": 0.9,
    "zip_after_town": 0.9,
    "place_gazetteer": 0.95,
    "place_after_cue": 0.95,
    "institution_prefixed": 0.95,
    "institution_suffixed": 0.95,
    "institution_compound": 0.9,
    "institution_generic": 0.7,
    "institution_lowercase": 0.8,
    "institution_of_saint": 0.9,
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
    "town_after_of": 0.9,
    "town_in_brackets": 0.9,
    "town_compound": 0.9,
    "town_after_phrase": 0.9,
    "street_between_numbers": 0.75,
    "street_before_postcode": 0.85,
    "field_street": 0.95,
    "street_no_number": 0.9,
    "street_named": 0.9,
    "field_city": 0.95,
    "field_country": 0.95,
    "field_institution": 0.95,
}
"""Each rule's confidence: its precision on the corpora of ``benchmarks/cold_start.py``,
rounded down."""


_FIELDS: tuple[tuple[str, str, Cues], ...] = tuple(
    (kind, f"field_{kind.lower()}", cues(keys.split("|"), colon=True))
    for kind, keys in _FIELD_KEYS.items()
)


def _fields(text: str, index: dict[str, list[int]]) -> Iterator[RuleHit]:
    for kind, rule, family in _FIELDS:
        for match in family.finditer(text, index):
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
            if fold(value) in _NO_VALUE:
                continue
            if value and any(c.isalpha() or c.isdigit() for c in value):
                yield RuleHit(start, start + len(value), kind, rule)


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
    if word.group("title"):
        before = _WORD_BEFORE.search(text, start, word.start())
        return (
            after.isupper()
            and before is not None
            and (fold(before.group(1)) in _TITLE_AFTER or before.group(1) in _PARTICLE_WORDS)
        )
    return after.isdigit()


_STREET_TYPE_WORDS = frozenset(
    fold(w.rstrip("./")) for w in " ".join(_STREET_BEFORE.values()).split()
)
"""The street types written before a street's name, folded, without their dot or slash."""
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


COMMON = 4.5
"""The Zipf frequency above which a capitalised word that names a small town is taken for a
word of the language unless a place cue stands before it ("Tamaño tumoral", "Grado
Funcional", but "natural de Grado")."""
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
            if kind is None or (size > 1 and not text[spans[size - 1][0]].isupper()):
                continue
            start, end = spans[0][0], spans[size - 1][1]
            cued = _PLACE_CUE_BEFORE.search(text, max(0, start - 24), start) is not None
            if size == 1 and (
                entry[0] in _GENERIC
                or entry[0] in MONTH_WORDS
                or (
                    not cued
                    and entry not in known.large
                    and entry not in known.countries
                    and _common(match.group(), first, language)
                )
                or (entry[0] in medical and (not cued or text[end : end + 1] in "'\u2019-"))
                or (entry[0] in known.ambiguous and not _cued_through(match, first, cued, language))
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
            if _HOLIDAY_AFTER.match(text, end):
                break  # "on Valentine's Day": a feast, not the town of Valentine
            if not cued and CONDITION_BEFORE.search(text, max(0, start - 40), start):
                break  # "polígono de Willis", "técnica de Anderson-Hynes": an eponym
            yield RuleHit(start, end, kind, "place_after_cue" if cued else "place_gazetteer")
            position = end
            break


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


def _common(word: str, folded: str, language: str | None) -> bool:
    """Whether a word is frequent in ``language`` (:data:`COMMON`) as written or folded:
    folding takes the accents away and with them the word's frequency ("Tamaño" is "tamano",
    "Puño" is Puno, "Cerró" is "cerro")."""
    if zipf(folded, language) >= COMMON:
        return True
    written = word.casefold()
    return written != folded and zipf(written, language) >= COMMON


def _entry_words(
    text: str, span: tuple[int, int], first: str, known: Places
) -> tuple[tuple[str, ...], list[tuple[int, int]]]:
    """From the word at ``span`` (``first``, folded), the folded words and their spans as
    far as an entry of ``known`` may go on ("Waidhofen an der Ybbs")."""
    words, spans = (first,), [span]
    while words in known.prefixes:  # a longer entry starts with these words
        joiner = _JOINER.match(text, spans[-1][1])
        token = _TOKEN.match(text, joiner.end()) if joiner else None
        if token is None:
            break
        words += (fold(token.group()),)
        spans.append(token.span())
    return words, spans


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
    flags = per_word(memo, written, lambda word: fold(word) in known.longest, _STARTS_KEPT)
    return list(compress(found, flags))


_STARTS_PLACE: dict[str | None, dict[str, bool]] = {}
"""Per language (its place gazetteer), whether each word as written may start a place."""
_STARTS_KEPT = 100_000


_HOLIDAY_AFTER = regex.compile(r"['\u2019]s[ \t]+Day(?![\p{L}\p{M}])")
_PRODUCT_AFTER = regex.compile(
    rf"(?:[ \t]+(?i:sars|covid|covid-19|rapid|flu|pcr))?[ \t]+(?i:{PRODUCT_WORDS})"
    r"(?![\p{L}\p{M}])"
)
"""A product's word after a place's name, a test's kind between ("SOFIA SARS ANTIGEN")."""


def _followed_by_name(text: str, end: int, lex: Lexicon) -> bool:
    word = next(iter(words_from(text, end, 1)), None)
    return word is not None and word.capitalised and lex.is_name(word)


_GRAN_VIA = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])Gran[ \t]+V[ií]a(?:[ \t]+{_NAME_PART}){{0,6}}{_HOUSE_NUMBER}"
)
"""A Spanish city's "Gran Vía" with its house number ("Gran Vía, 111", "Gran Vía Don Diego
López de Haro 25"): its street type stands after a word."""


def _streets(text: str, language: str | None, index: dict[str, list[int]]) -> Iterator[RuleHit]:
    if "Gran V" in text:
        for match in _GRAN_VIA.finditer(text):
            yield RuleHit(*_trim(text, *match.span()), "STREET", "street_prefixed")
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
        yield RuleHit(start, end, "STREET", "street_prefixed")
    for match in _STREET_NUMBERED_ANY.finditer(text, index):
        cue, *words = _TOKEN.findall(match.group())
        if cue == "via" or all(w.isupper() and len(w) <= 3 for w in words if not w.isdigit()):
            continue  # "given via IM 2 doses"
        if cue.lower() in _NUMBERED_ONLY and not cue.istitle():
            continue  # "le cuesta Mucho 3 veces", "1 VIAL ALBUTEROL VIA NEB 1": these are a
            # street's only capitalised
        yield RuleHit(*_numbered(text, *match.span()), "STREET", "street_prefixed")
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
            if not any(zipf(w, "de") >= _EVERYDAY_NAME or fold(w) in _TIMES for w in words):
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
and "Kirche" 5.2 are lost)."""
_TIMES = WEEKDAYS | MONTH_WORDS
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


_STREET_ABBREVIATION = regex.compile(
    r"(?<![\p{L}\p{M}])(?:(?P<street>C|Avda|Av|Pza|Ctra|Urb|Pº|Pso|Bd|Str|Cdad|Pto|Nvo|Nva)"
    rf"|(?P<title>{alternation(_ABBREVIATIONS)})|(?i:apt|apto|dpto|no|n[º°]))"
    r"\.\Z"
)
"""A street's abbreviated type word, a title's or a saint's, or a town's ("Cdad. Real", "Pto.
de la Cruz") before a field value's dot, a letter after it, or a flat's before a number: the
dot ends no field ("Domicilio: C. Jaime Quintero 77", "Av. del puerto 177", "Carrer del Dr.
Trueta, 16", "Calle de Teresita Pizarro 44 Apt. 95")."""
_ABBREVIATION_END = regex.compile(
    r"(?:(?<![\p{L}])(?i:str|av|avda|ctra|pza|urb|bd|bld|st|ave|rd|dr|ln|blvd|ct|pl|hwy|inc|ltd)"
    r"|(?<=(?<![\p{L}])\p{Lu}\.)\p{L}{1,4})\.\Z"
)
"""A street type's or a legal form's abbreviation at the end ("Avda.", "Inc.", "S.A.",
"S.Coop."): its full stop stays."""


def _numbered(text: str, start: int, end: int) -> tuple[int, int]:
    """With the house number written before the street ("3247 Rue Dielhère 130")."""
    before = _NUMBER_BEFORE.search(text, max(0, start - 12), start)
    return (before.start(), end) if before else (start, end)


_LIVES_WITH_IN = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:lives|lived|living)[ \t]+with[ \t][^.\n;:()]{1,60}?[ \t]in[ \t]+"
)
"""Where someone lives, after whom they live with: "lives with her son, Richard, in
Jonesport"."""


def _after_phrases(
    text: str, index: dict[str, list[int]], lex: Lexicon, language: str | None
) -> Iterator[RuleHit]:
    matches: Iterable[regex.Match[str]] = _PLACE_PHRASE.finditer(text, index)
    if language in (None, "en") and "with" in text:
        matches = [*matches, *_LIVES_WITH_IN.finditer(text)]
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
        # a town's prefix may be a word: "lives in East Philipside"
        if (
            _unknown_town(words, lex, MONTH_WORDS)
            or _region_bracket(text, segment.end(), language)
            or (_town_ending(words) and _RESIDENCE.search(match.group()) is not None)
            or _country_after(text, segment.end(), language)
        ):
            yield RuleHit(*segment.span(), "CITY", "town_after_phrase")


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


_TOWN_ENDING = regex.compile(
    r"..(?:ville|ton|burgh?|bury|borough|ford|field|mouth|port|chester|caster|stead|haven|"
    r"shire|wick|minster)\Z"
)
"""How English towns end: after "lives in" such a word is one even when the lists know it
as a common word ("who lives in Woodville")."""


def _town_ending(words: Sequence[str]) -> bool:
    """Whether a town's folded words are one word that ends as English towns do."""
    return len(words) == 1 and _TOWN_ENDING.search(words[0]) is not None


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


_CODE_BEFORE_WORD = re.compile(
    r"(?<![\w-])(?:[A-Z]{1,2}-)?\d{4,5}(?:(?<=\d{5})[.,])?[ \t]+[^\W\d_]"
)
_CODE_AFTER_STATE = re.compile(r"\b[A-Z]{2}[ \t]+\d{5}")


def _code_starts(text: str) -> list[int]:
    """Where :data:`_CODE_BEFORE_WORD` may match: four or five digits, or a country's
    letters and a hyphen before them ("D-12345")."""
    starts = set()
    for start, end in digit_runs(text):
        if 4 <= end - start <= 5:
            starts.add(start)
            if start >= 2 and text[start - 1] == "-":
                starts.update(p for p in (start - 3, start - 2) if p >= 0)
    return sorted(starts)


_ASCII_LETTERS = frozenset(string.ascii_letters)


def _house_numbers(text: str) -> list[int]:
    """Where :data:`_STREET_US` may match: up to six digits, a letter, blanks and a capital
    or a surname's particle before one ("12B Elm Street", "08 de Courcey Street"; not "2
    doses")."""
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
                starts.append(start)
    return starts


_PARTICLE_THEN_CAPITAL = regex.compile(rf"{_SURNAME_PARTICLE}[ \t]+\p{{Lu}}")
_PARTICLE_INITIALS = frozenset(particle[0] for particle in _SURNAME_PARTICLES)


def _state_before_zip(text: str) -> bool:
    """Whether :data:`_CODE_AFTER_STATE` matches: two capitals, blanks, five digits."""
    for start, end in digit_runs(text):
        if end - start >= 5:
            blanks = start
            while blanks > 0 and text[blanks - 1] in " \t":
                blanks -= 1
            if 2 <= blanks < start and _CODE_AFTER_STATE.match(text, blanks - 2):
                return True
    return False


_UNTYPED_STREETS = frozenset({None, "es", "pt", "it", "fr"})
"""Languages whose addresses leave out the street's type word before its name at times
("Los Alisos, 10. 13002 Ciudad Real"; they write it before the name when they write it)."""
_STREET_BEFORE_CODE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}\d.'\u2019-])((?:{_CAP}[ \t]+(?:{_PARTICLE}[ \t]+)*){{0,3}}{_CAP}"
    rf",?[ \t]*\d{{1,5}}(?:[ \t]*[,-][ \t]*\d{{1,2}}(?:\.?[º°ªo])?"
    r"(?:[ \t-]?[A-Z](?![\p{L}\d-]))?)?)[.,]?[ \t]+\Z"
)
"""A street without its type word, then its postcode: its name's capitalised words, the house
number and the floor ("Los Alisos, 10. 13002", "Ramón Puga, 52. 32005", "Colón, 28, 1º.")."""


_TITLE_ABBREVIATIONS = (
    *_ABBREVIATIONS,
    *"Dres Sr Sra Srta Sres Dª Profa Hnos Hno Avd Avda Pza Ctra Crta Urb Esc Mr Mrs Ms".split(),
)
"""The abbreviations whose full stop ends no part of an address ("Hospital Dr. Peset")."""
_ABBREVIATION_BEFORE = rf"(?<![\p{{L}}\p{{M}}]){alternation(_TITLE_ABBREVIATIONS)}"
_FIELD_BOUNDARY = regex.compile(rf"(?:\A|[\n\r,;(][ \t]*|(?<!{_ABBREVIATION_BEFORE})\.[ \t]+)\Z")
"""Where a part of an address starts: a line, a comma, a full stop that ends no title's or
street's abbreviation ("Hospital Dr. Peset" goes on; "Vive en Lugo. Los Alisos, 10" starts
anew); not a key's colon ("Paciente: Ana García Pérez, 45." is a name and an age)."""


def _street_before_code(text: str, code: int, lex: Lexicon) -> tuple[int, int] | None:
    """The street written right before the postcode at ``code``, from the start of its line or
    part of the address (after a full stop or a comma), unless its first word is an
    institution's ("Hospital Clínico, 2. 28040" is no street) or its words are everyday words
    of the narrative's language ("Planta Baja, 2. 28040")."""
    match = _STREET_BEFORE_CODE.search(text, max(0, code - 70), code)
    if match is None or not _FIELD_BOUNDARY.search(
        text, max(0, match.start(1) - 4), match.start(1)
    ):
        return None  # its words go on from what stands before: "Hospital La Paz Paseo de ..."
    words = [fold(w) for w in _TOKEN.findall(match.group(1)) if not w.isdigit()]
    if not words or words[0] in _INSTITUTION_WORDS or words[0] in NAME_ENDS:
        return None
    if any(w in _STREET_WORDS for w in words):
        return None  # a street with its type word, the other rules' ("Paseo de Carmelitas 20")
    if all(lex.everyday(w) or w in _PARTICLE_WORDS for w in words):
        return None
    return match.span(1)


def _towns(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    known = places(language)
    for candidate in matches_at(_CODE_BEFORE_WORD, text, _code_starts(text)):
        match = _POSTCODE_TOWN.match(text, candidate.start())
        if match is None:
            continue
        code = match.group("code")
        start, end = _trim(text, *match.span("town"))
        written = _TOKEN.findall(text, start, end)
        if known.match(tuple(fold(w) for w in written)) is None:
            while len(written) > 1 and known.match((fold(written[-1]),)) == "COUNTRY":
                end = _trim(text, start, text.rfind(written.pop(), start, end))[1]  # "Madrid
                # [España]": the country is found as one
        words = [fold(w) for w in _TOKEN.findall(text[start:end])]
        if match.group("stop") and (
            known.match(tuple(words)) is None or words[0] in lex.stop or len(words[0]) < 3
        ):
            continue  # after "12345." or "12345," only a known town: "E-41013. Sevilla"; not
            # "28/28/69932. Se ha solicitado" ("Se" names a place somewhere)
        if (
            known.match(tuple(words)) is None
            and (
                (len(code) == 4 and not match.group("prefix"))  # a year: "2021 Pfizer"
                or any(w in lex.common or w in lex.stop for w in words)
                or (text[start:end].isupper() and len(text[start:end]) <= 3)  # "50000 IU"
            )
        ):
            continue
        yield RuleHit(start, end, "CITY", "town_after_postcode")
        if match.group("stop"):  # the postcode rule reads a blank or a comma after the code
            yield RuleHit(
                match.start(), match.end("code"), "POSTCODE", "postcode_before_known_town"
            )
        if language in _UNTYPED_STREETS:
            street = _street_before_code(text, candidate.start(), lex)
            if street is not None:
                yield RuleHit(*street, "STREET", "street_before_postcode")
    for code in _UK_POSTCODE.finditer(text):
        town = _TOWN_BEFORE_CODE.search(text, max(0, code.start() - 50), code.start())
        if town is None:
            continue
        parts, whole = _town_words(town.group("town"))
        if known.match(parts) is not None or _unknown_town(whole, lex, _STREET_WORDS):
            yield RuleHit(*town.span("town"), "CITY", "town_before_postcode")
    if not _state_before_zip(text):
        return
    for match in _TOWN_STATE_ZIP.finditer(text):
        yield RuleHit(*match.span("town"), "CITY", "town_state_zip")
        yield RuleHit(*match.span("state"), "CITY", "town_state_zip")
    for match in _STATE_ZIP.finditer(text):
        yield RuleHit(*match.span("state"), "CITY", "state_zip")


_INSTITUTION_WORDS = frozenset(
    fold(w)
    for w in " ".join(_INSTITUTION_BEFORE + _INSTITUTION_AFTER).split()
    + "universitario universitaria general clínico clinico central provincial regional "
    "infantil materno st sta san santa sant saint".split()
)


_SAINTS = frozenset("st saint sankt san santa sant sao são ste".split())
"""Words before a saint's name: "St Mary's Hospital" is named by the saint."""
_ARTICLES = frozenset({"the", "a", "an", "our", "his", "her"})
_NAME_ARTICLES = frozenset({"La", "El", "Las", "Los", "Le", "Les"})
"""Articles that start a proper name when capitalised inside an institution's ("Hospital La
Paz", "Centro de Salud La Fe", "Clinique Les Lilas")."""


_TOWN_WORD = rf"\p{{Lu}}{SURNAME_CAPITAL}[\p{{Ll}}\p{{M}}'\u2019\-]+"
_TOWN_AFTER_INSTITUTION = regex.compile(
    rf"[ \t]+in[ \t]+(?P<town>{_TOWN_WORD}(?:[ \t]+{_TOWN_WORD})?)(?![\p{{L}}\p{{M}}])"
)
"""The town of an institution after "in": "Boots Pharmacy in [Scottport]", "Dennis Medical
Centre in [McCarthyview]" (a town named after a surname keeps its capitals)."""


def _town_after(text: str, end: int, lex: Lexicon) -> Iterator[RuleHit]:
    """The town after an institution and "in" (:data:`_TOWN_AFTER_INSTITUTION`), when its
    words are no common words ("in February", "in The morning" are none) or it ends as
    English towns do ("in Whitemouth", though the lists know it as a word)."""
    town = _TOWN_AFTER_INSTITUTION.match(text, end)
    if town is not None:
        words = [fold(w) for w in _APOSTROPHE_WORD.findall(town.group("town"))]
        if _unknown_town(words, lex) or _town_ending(words):
            yield RuleHit(*town.span("town"), "CITY", "town_after_institution")


_DOCTOR_TITLES = frozenset({"Dr", "Dra", "Drs", "Prof"})
"""A doctor's title inside an institution's name: the capitalised word after it is a name
("Praxis Dr. Anders", though "anders" is a German stopword)."""
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


def _named(text: str, start: int, end: int, lex: Lexicon, language: str | None) -> bool:
    """Whether an institution's words hold a name: one word that is no common word, no
    stopword and no institution word ("Hospital Ramón y Cajal", not "Hospital Course",
    "Other Healthcare", "WAS RELEASED FROM HOSPITAL"), a capitalised word after a saint or
    a capitalised article ("St Mary's Hospital", "Hospital La Fe"), or a capitalised town of
    the gazetteer ("Maison de santé de Nantes", though "nantes" is in the common-word list)."""
    name_next = False
    known = places(language)
    tokens = _APOSTROPHE_WORD.findall(text, start, end)
    shop = any(token[:1].isupper() and fold(token) in _SHOP_WORDS for token in tokens) or (
        tokens[-1:] == ["Surgery"] and text[max(0, start - 4) : start] == "The "
    )  # a British practice after its article: "The Page Surgery"; not "the Cardiac Surgery"
    for n, token in enumerate(tokens):
        word = without_possessive(fold(token))
        if name_next and token[:1].isupper():
            return True  # "St Mary's Hospital", "Hospital La Fe"
        name_next = word in _SAINTS or token in _NAME_ARTICLES or token in _DOCTOR_TITLES
        if word in _INSTITUTION_WORDS:
            continue
        if (
            n
            and language in ("de", None)
            and token[:1].isupper()
            and token[1:].islower()
            and (word in lex.stop or word in lex.common)
            and known.match((word,)) is not None
        ):
            return True  # "MVZ Waren", "Impfzentrum Roth": a town that is a word too
        if word in lex.stop:
            if (
                n
                and token[:1].isupper()
                and token[1:].islower()
                and fold(tokens[n - 1]) in _SHOP_WORDS
                and word not in _GENERIC_SHOPS
            ):
                return True  # "Hausarztpraxis Anders": the owner's name is a stopword too
            continue
        if (
            n > 1
            and language == "fr"
            and token[:1].isupper()
            and fold(tokens[n - 1]) in ("de", "du", "d")
            and word not in _FRENCH_UNITS
        ):
            return True  # "Maison de santé de Pages": French writes its nouns in lower case
        if word not in lex.common or _a_town(token, word, known, language):
            return True
        if (
            n < len(tokens) - 1
            and token[:1].isupper()
            and token[1:].islower()
            and word in lex.last_names
            and word not in _DESCRIPTORS
            and (word in lex.familiar or (n == 0 and _CENTRE_AFTER.match(text, start + len(token))))
        ):
            return True  # "Lee Medical Centre", "Wall Family Practice", "Day Medical Centre";
            # not "The Company", "Day Surgery"
        if shop and token[:1].isupper() and word not in _SHOP_DESCRIPTORS | _GENERIC_SHOPS:
            return True  # "Page Drug Store", "Boots Pharmacy", "Farmacia Barco", "West Drug Store"
    return False


_SHOP_AFTER = regex.compile(r"[ \t]+([\p{L}\p{M}]+)")


def _owner_before_shop(text: str, end: int, word: str, lex: Lexicon, language: str | None) -> bool:
    """Whether ``word`` (folded), ending at ``end`` before a pharmacy's word, is its owner's
    surname though it is a particle or a stopword too ("Le Drug Store"), in an English
    narrative (a French "Le Drugstore" is "the drugstore")."""
    after = _SHOP_AFTER.match(text, end)
    return (
        language in (None, "en")
        and after is not None
        and fold(after.group(1)) in _SHOP_WORDS
        and word in lex.last_names
    )


_CENTRE_AFTER = regex.compile(r"[ \t]+(?i:medical|health)[ \t]+(?i:centre|center)(?![\p{L}\p{M}])")
"""A medical or health centre's head after its first word, which is then its name when it
is any surname, even one no familiar name list holds ("Day Medical Centre")."""
_GERMAN_SHOP_AT = regex.compile(
    r"(?<![\p{L}\p{M}])(?:Apotheke|Praxis|Hausarztpraxis|Arztpraxis|Gemeinschaftspraxis)"
    r"[ \t]+(?:am|an[ \t]+der|im|zum|zur|in[ \t]+der)[ \t]+"
    r"(?P<place>\p{Lu}[\p{L}\p{M}-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}-]+)?)"
)
"""A German pharmacy or practice named after where it stands ("Apotheke am Markt", "Praxis
an der Lindenstraße", "Apotheke im Zentrum"); not a day ("Praxis am Montag")."""
_SHOP_WORDS = frozenset(
    "pharmacy drug drugstore chemists farmacia pharmacie apotheke farmácia farmacie "
    "hausarztpraxis arztpraxis gemeinschaftspraxis zahnarztpraxis kinderarztpraxis".split()
)
"""A pharmacy's word ("Drug Store" is "drug" and "store", both institution words): a
pharmacy is named after its owner or its brand, whatever word that is ("Page", "Boots",
"Barco", "Caballero")."""
_GENERIC_SHOPS = frozenset(
    "online retail outpatient inpatient specialty speciality compounding clinical mail order "
    "discount independent hospital family village neighborhood neighbourhood internet the "
    "hospitalaria hospitalario hospitalière hospitalier comunitaria communautaire clínica "
    "clinica clinique de del la le".split()
)
"""Words that say what kind of pharmacy it is, not whose ("Online Pharmacy")."""
_FRENCH_UNITS = frozenset("jour nuit semaine garde santé soins".split())
"""Capitalised words after "de" in a French institution's name that name a unit ("Hôpital
de Jour"), no place."""


_DESCRIPTORS = frozenset(
    "general community memorial regional county city state royal central district teaching "
    "national university baptist methodist mercy good new north south east west main major "
    "local private public little great".split()
)
"""Surnames that describe an institution rather than name it ("General Hospital"): a
familiar surname (a common word too, :attr:`.words.Lexicon.familiar`) names one ("Lee
Medical Centre") unless it is one of these."""
_SHOP_DESCRIPTORS = _DESCRIPTORS - {"north", "south", "east", "west", "main", "good", "little"}
"""Descriptors that do not name a pharmacy: one town has one "West Drug Store" or "Main
Pharmacy", and "Good Drug Store" or "Little Drug Store" are a Mr Good's or Little's,
where "General Hospital" names none."""


_SELDOM_IN_ENGLISH = 3.0
"""Zipf frequency under which a town's name is no English word ("gussing" 1.5, "amiens"
2.5; "bath" 4.4, "mobile" 4.9)."""


def _a_town(token: str, word: str, known: Places, language: str | None) -> bool:
    """Whether ``token`` (``word`` folded) names a town of the gazetteer, written as a name
    (not in capitals), of four letters or more and no common word unless a large town —
    or a word English seldom uses, in a narrative of another language (the common-word
    list is English and holds "Güssing", "Amiens": no words of a German or French
    narrative)."""
    return (
        len(word) >= 4
        and token[:1].isupper()
        and not token.isupper()
        and (
            (word,) in known.large
            or word not in known.ambiguous
            or (language not in (None, "en") and zipf(word, "en") < _SELDOM_IN_ENGLISH)
        )
        and known.match((word,)) is not None
    )


_NOUN_CUES = frozenset({"praxis", "apotheke", "farmacia", "pharmacie"})
"""Institution words that are everyday nouns too ("in der Praxis Anwendung findet",
"comprado en farmacia Ayer"): the name after one must be a known place or a word its
language seldom uses ("Praxis Dr. Köll", "Apotheke Wilms")."""
_GERMAN_HOSPITALS = frozenset(map(fold, _GERMAN_HOSPITAL_WORDS))
_GERMAN_RARE = 3.7
"""The Zipf frequency in German below which a capitalised word after a hospital's word is
its name ("Kreisklinik Ebersberg" 3.2, "Krankenhaus Trostberg" 2.4), not a noun of the
sentence ("Fieber" 4.1, "Verlegung" 3.8); a town of the gazetteer is one whatever it scores."""
_QUARTERS = frozenset("nord sud ost west mitte nordwest nordost sudwest sudost".split())
"""The part of town a hospital is named after ("Klinikum Nord", "Krankenhaus Süd"), folded,
though German uses the words every day."""
_GERMAN_MEDICAL_ENDING = regex.compile(
    r"(?:ie|ien|itis|ose|osen|om|ome|ämie|amie|algie|schmerz|schmerzen|oe|ung|ungen|tion|"
    r"ismus|fieber|ödem|odem|infekt|syndrom)\Z"
)
"""How German medical nouns end, rare words too ("Pneumonie", "Dyspnoe", "Thoraxschmerzen",
"Exanthem"): after a hospital's word such a noun is the sentence's ("im Krankenhaus
Pneumonie diagnostiziert"), not the hospital's name."""


def _german_hospital_named(words: Sequence[str], language: str | None) -> bool:
    """Whether the capitalised words after a German hospital's word name it, judged by the
    first (see :data:`_GERMAN_RARE`, :data:`_QUARTERS`): a saint, a doctor's title, a part of
    town, a known place, or a word German seldom uses that is no medical noun
    (:data:`_GERMAN_MEDICAL_ENDING`)."""
    if not words:
        return False
    word = words[0]
    first = fold(word)
    if first in _SAINTS or word in _DOCTOR_TITLES or first in _QUARTERS:
        return True
    if not word[:1].isupper():
        return False
    known = places(language)
    tokens = [fold(t) for w in words for t in _TOKEN.findall(w)]
    if any(known.match(tuple(tokens[:k])) is not None for k in range(len(tokens), 0, -1)):
        return True  # "Klinikum Neu-Ulm", "Klinikum Hall in Tirol", "Wiener Neustadt"
    return zipf(word, "de") < _GERMAN_RARE and not _GERMAN_MEDICAL_ENDING.search(first)


def _named_after_noun(text: str, start: int, end: int, language: str | None) -> bool:
    """Whether an institution that starts with one of :data:`_NOUN_CUES` names one: a
    doctor's title after the noun says so ("Praxis Dr. Anders", though "anders" is an
    everyday word)."""
    first, *rest = _TOKEN.findall(text, start, end) or [""]
    if fold(first) in _GERMAN_HOSPITALS and language in (None, "de"):
        return _german_hospital_named(rest, language)
    if fold(first) not in _NOUN_CUES:
        return True
    if rest and rest[0] in _DOCTOR_TITLES:
        return True
    if (
        first[:1].isupper()
        and fold(first) in _SHOP_WORDS
        and rest
        and rest[0][:1].isupper()
        and fold(rest[0]) not in _DESCRIPTORS | _GENERIC_SHOPS
        and language is not None
        and language not in NOUNS_CAPITALISED
    ):
        return True  # "Farmacia Barco", "Pharmacie Jacob": a noun written with a capital
    known = places(language)
    languages = (language,) if language else tuple(COUNTRIES_OF)
    return any(
        word[:1].isupper()
        and (
            max(zipf(word, code) for code in languages) < COMMON
            or known.match((fold(word),)) is not None
        )
        for word in rest
    )


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
    yield from organised
    prefixed = {hit.start for hit in organised}  # cut where a sender's line goes on
    for match in _INSTITUTION_PREFIXED.finditer(text, index):
        if match.start() in prefixed:
            continue
        start, end = _trim(text, *match.span())
        end = _before_month(text, start, end)  # "the hospital January 9th"
        end = _before_address(text, start, end, language, lex)
        end = _town_goes_on(text, start, end, language)
        named = _named(text, start, end, lex, language)
        if named and _named_after_noun(text, start, end, language):
            prefixed.add(start)
            yield RuleHit(start, end, "INSTITUTION", "institution_prefixed")
    for match in _INSTITUTION_QUOTED.finditer(text, index):
        yield RuleHit(*match.span(), "INSTITUTION", "institution_prefixed")
    if language in (None, "de") and ("Apotheke" in text or "raxis" in text):
        for match in _GERMAN_SHOP_AT.finditer(text):
            if fold(match.group("place").split()[-1]) not in _TIMES:
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
        if (
            (word in PARTICLES and word.rstrip(".") not in _SAINTS) or word in _ARTICLES
        ) and not _owner_before_shop(text, start + len(first), word, lex, language):
            start += len(first) + 1
        if _named(text, start, end, lex, language):
            yield RuleHit(start, end, "INSTITUTION", "institution_suffixed")
            yield from _town_after(text, end, lex)
    if any(end in text for end in _COMPOUND_ENDS):
        for match in _INSTITUTION_COMPOUND.finditer(text):
            yield RuleHit(*match.span(), "INSTITUTION", "institution_compound")
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
                family is _EMPLOYER_AFTER_JOB
                and known.match(tuple(words)) is not None
                and "chez" not in text[match.start() : start].lower()
            ):
                continue  # "trabaja como enfermera en Madrid": a town; "chez Lenoir" is none
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


_SUFFIX_STARTS = frozenset(
    re.findall(r"\w+", w.lower())[0] for w in (*_INSTITUTION_AFTER, _INSTITUTION_AFTER_CAPITALISED)
)
"""The cue words an institution's word starts with ("children" of "children's hospital")."""
_CAPITALISED_BEFORE = regex.compile(rf"(?r){_CAP}[ \t]+(?:(?:of|de|&|and)[ \t]+)?\Z")


def _organisations(
    text: str, index: dict[str, list[int]], lex: Lexicon, language: str | None
) -> Iterator[RuleHit]:
    """Spanish organisations named with capitalised common words (:data:`_ORGANISATION_NAMED`),
    with the acronym or quoted name after them ("Centro Andaluz de Medicina del Deporte
    (CAMD)", 'Centro Hemodiálisis "Las Encinas"'); not an institution's words alone ("el
    Centro de Salud")."""
    known = places(language)
    for match in _ORGANISATION_NAMED.finditer(text, index):
        if not match.group()[:1].isupper():
            continue
        end = _organisation_end(text, match.start(), match.end(), known, lex, language)
        if end is None:
            continue
        after = _ACRONYM_OR_QUOTED.match(text, end)
        end = after.end() if after else end
        yield RuleHit(match.start(), end, *_organisation_rule(match.group()))
        street = _STREET_AFTER_ORGANISATION.match(text, end)
        if street is not None and fold(street.group(1).split()[0]) not in _ORGANISATION_STOPS:
            yield RuleHit(*street.span(1), "STREET", "street_after_institution")


def _organisation_rule(found: str) -> tuple[str, str]:
    """The kind and rule of an organisation's hit, by its first words: a hospital complex
    (an ``INSTITUTION``, ``institution_prefixed``), a health centre (``health_centre_named``:
    MEDDOCAN's CENTRO_SALUD), any other body (an ``ORGANISATION``)."""
    head = fold(found[:16])
    if head.startswith("complejo"):
        return "INSTITUTION", "institution_prefixed"
    if head.startswith("centro de salud"):
        return "INSTITUTION", "health_centre_named"
    return "ORGANISATION", "organisation_named"


def _organisation_end(
    text: str, start: int, end: int, known: Places, lex: Lexicon, language: str | None
) -> int | None:
    """Where an organisation's name from ``start`` ends within ``end``: before a department,
    a second institution or a street (:data:`_ORGANISATION_STOPS`), and after a town that
    "de" joins to it, or before one that follows its name without it ("Complejo Hospitalario
    de Navarra | Irunlarrea, 3"; "Instituto Colombiano del Dolor | Medellín"; but "Centro de
    Salud Cantabria", the town its name). None: no word beyond an institution's."""
    position, named, previous = start, False, ""
    for word in _ORGANISATION_WORD.finditer(text, start, end):
        token = word.group(1)
        folded = fold(token)
        if folded in _ORGANISATION_STOPS:
            break
        if _a_town(token, folded, known, language):
            if text[position : word.start(1)].strip().lower() in ("de", "del"):
                return word.end(1)  # "... de Navarra": the town ends the name
            if named and previous not in lex.first_names and previous not in _SPANISH_ARTICLES:
                break  # not "Centro de Salud José Ramón Muñoz", "Centro de Salud Las Palmas"
        named = named or (folded not in _INSTITUTION_WORDS and folded not in _SPANISH_ARTICLES)
        position, previous = word.end(1), folded
    return position if named else None


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
    re.findall(r"\w+", " ".join([*_INSTITUTION_AFTER, _INSTITUTION_AFTER_CAPITALISED]).lower())
)
_LOWERCASE_LEGAL_TRIGGERS = frozenset(f.rstrip(".") for f in _LOWERCASE_LEGAL_FORMS)
_LEGAL_TRIGGERS = frozenset(re.findall(r"\w+", " ".join(_LEGAL_FORMS).lower())) - {"s", "a", "and"}
_LEGAL_BEFORE = regex.compile(rf"(?r){_WORD}[ \t]+(?:(?:&|and|of|de)[ \t]+)?\Z")
"""What stands before a legal form in :data:`_ORGANISATION`: a capitalised word and a blank."""


def _may_name_organisation(text: str, index: dict[str, list[int]]) -> bool:
    """Whether :data:`_ORGANISATION` can match: a legal form's first word after a
    capitalised word and a blank ("Acme Corp.", "Laboratorios Cinfa S.A."), not after a
    number or a lower-case word ("70 kg", "vitamina B", "la p"), where a scan of the
    narrative found nothing in most of the MEDDOCAN narratives it read. "S.A.", "S.L.",
    "S.p.A." start with an "s" the cue-word index does not keep: found with ``str.find``."""
    starts = [at for word in _LEGAL_TRIGGERS.intersection(index) for at in index[word]]
    for dotted in ("s.", "S."):
        starts += (at for at in occurrences(text, dotted) if text[at + 2 : at + 3] in _SAL)
    starts += [  # "& Sons", "and Sons": the legal form starts at its "&" or "and"
        joined.start()
        for at in starts
        if (joined := _JOINED_FORM.search(text, max(0, at - 8), at)) is not None
    ]
    return any(_LEGAL_BEFORE.search(text, max(0, at - MAX_LENGTH), at) for at in starts)


_JOINED_FORM = regex.compile(r"(?r)(?:&|(?<![\p{L}\p{M}])(?i:and))[ \t]+\Z")
"""The "&" or "and" that begins a legal form before its word ("Acme [&] Sons")."""


_SAL = frozenset("aAlLpP")


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    families = [
        _INSTITUTION_PREFIXED,
        _INSTITUTION_QUOTED,
        _ORGANISATION_NAMED,
        _GENERIC_HOSPITAL,
        _ROOM,
        _UNIT,
        _STREET_NUMBERED_ANY,
        _EMPLOYER,
        _EMPLOYER_AFTER_JOB,
        _PLACE_PHRASE,
        _TOWN_THEN_REGION,
        _SAINT_POSSESSIVE,
        *(f for _, _, f in _FIELDS),
    ]
    prefixed = _street_prefixed(language)
    if prefixed is not None:
        families.append(prefixed)
    words = {t for family in families for t in family.triggers}
    return frozenset(words | _SUFFIX_TRIGGERS | _LEGAL_TRIGGERS)


_PLACE_PREPOSITIONS = frozenset({"in", "à", "en"})
_SEPARATOR = regex.compile(
    r"[ \t]*(?:(?:,|>|\||\n|;|-|[•·\u2013\u2014]|\?{2,3})[ \t]*){1,3}|[ \t]{2,}"
    rf"|[ \t]+(?:{alternation(_PLACE_PREPOSITIONS)})[ \t]+(?=\p{{Lu}})|[ \t]+"
)
"""Between an address's parts: commas, line breaks (a blank line too, a quoted "> "),
bars, bullets, runs of blanks, a preposition of place before a capital after a street
("Lindenstraße 12 in Musterdorf", "3 rue de la Paix à Lyon")."""
_UNHEARD = 2.0
"""The Zipf frequency below which a word after a street and its preposition is a town no
list knows ("Lindenstraße 12 in Musterdorf"), not a noun ("in Quarantäne", 3.0)."""


def _town_after_preposition(
    part: str, words: Sequence[str], known: Places, language: str | None
) -> bool:
    """Whether the words after a street and "in"/"à"/"en" are its town: a place of the
    gazetteer, or words no dictionary of the language or of English knows."""
    if known.match(tuple(words)) is not None:
        return True
    return all(
        zipf(w, language) < _UNHEARD and zipf(w, "en") < _UNHEARD for w in _TOKEN.findall(part)
    )


_BLANK_LINE = regex.compile(r"\n[ \t]*\r?\n")
_TOWN_WORDS = rf"{_WORD}(?:[ \t](?:(?:de|del|la|am|an|der|sur|en)[ \t])?{_WORD}){{0,3}}"
"""A town's capitalised words ("Alcalá de Henares", "Frankfurt am Main")."""
_POSTCODE = r"\d{3,6}(?:[ -]\d{2,4})?|[A-Z]{1,2}[ -]?\d{4,5}"
_SEGMENT = regex.compile(rf"(?:{_TOWN_WORDS}|{_POSTCODE})(?![\p{{L}}\d])", regex.UNICODE)


_ADDRESS_PART = regex.compile(
    r"(?!\p{Lu}\.(?:[\p{L}º]|[ \t]+\p{Ll}))"  # an abbreviation ("S.L.", "C.P.", "C. de"), not a
    # flat's letter ("3º B. 41009")
    rf"(?:(?P<code>\p{{Lu}}{{2,3}}(?:[ \t]+\d{{4,6}})?)(?![\p{{L}}\d])"
    rf"|(?P<words>{_TOWN_WORDS})(?:[ \t]+\([^()\n]{{1,30}}\))?(?![\p{{L}}\d])"
    r"|(?P<lower>\p{Ll}[\p{L}\p{M}]+(?:[ \t]\p{Ll}[\p{L}\p{M}]+){0,3})(?![\p{L}\d])"
    rf"|(?:{_POSTCODE})(?![\p{{L}}\d]))",
    regex.UNICODE,
)
"""One part of an address after its street: a town or country (its words, or lower-case
when the gazetteer knows it, an aside in brackets: "Cyprus (Greek)"), a region's code with
or without the postcode ("NO 14908", "MQ"), a postcode."""


def _continued(
    text: str, found: list[RuleHit], lex: Lexicon, language: str | None
) -> Iterator[RuleHit]:
    """The rest of an address after its street line or its institution: up to four parts
    that are capitalised words, region codes or postcodes ("228 Ringvej 144 > Apt. 902 >
    TRONDHEIM > Norway 64389", "Exeter Leisure Centre, Exeter"), each a known place or no
    common word."""
    known = places(language)
    for hit in list(found):
        if hit.kind not in ("STREET", "INSTITUTION", "ORGANISATION"):
            continue
        position = hit.end
        for _ in range(4):
            separator = _SEPARATOR.match(text, position)
            if separator is None:
                break
            preposition = separator.group().strip() in _PLACE_PREPOSITIONS
            if preposition and hit.kind != "STREET":
                break  # "Laboratorio de Pericias en Odontología Forense": a name goes on
            part = _ADDRESS_PART.match(text, separator.end())
            if part is None:
                break
            words = tuple(fold(w) for w in _TOKEN.findall(part.group()))
            if preposition and not _town_after_preposition(part.group(), words, known, language):
                break  # "Lindenstraße 12 in Quarantäne", "5 Elm Street in Bad Weather"
            if _BLANK_LINE.search(separator.group()) and any(lex.everyday(w) for w in words):
                break  # the next block of a letter: "Cher confrère", though Cher is a place
            if "\n" in separator.group() and _KEY_AFTER.match(text, part.end()):
                break  # the next field's key: "CHU de Besson\nDate de réception :"
            if _field_key(text, part.start(), part.end()) is not None:
                break  # a key on the same line: "Paseo NºCol: 08-08-25574"
            if part.group("lower") is not None:
                if known.match(words) is None or (len(words) == 1 and words[0] in known.ambiguous):
                    break
            elif part.group("code") is not None:
                code = part.group("code")
                if not any(c.isdigit() for c in code) and fold(code) in lex.stop:
                    break  # "IN", "THE": a sentence in capitals goes on
            elif (
                known.match(words) is None
                and not (_prefixed(words, lex) and words[-1] not in _BUILDING_PARTS)
                and any(
                    w in lex.common or w in lex.stop or lex.everyday(w)
                    for w in _past_prefix(words)
                    if len(w) > 1
                )
            ):
                break  # "Herrn" after an address block: the next block's salutation
            yield RuleHit(*part.span(), "CITY", "address_continued")
            position = part.end()


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
        if known.match(tuple(words)) or (
            hit.kind != "CITY"  # after a town only a known region: "Dupont (Médecin)"
            and not match.group("town").isupper()  # the institution's acronym: "La Paz (HULP)"
            and named
            and not any(w in lex.common or w in lex.stop or lex.everyday(w) for w in named)
        ):
            yield RuleHit(*match.span("town"), "CITY", "town_in_brackets")


_KEY_AFTER = regex.compile(r"[^\n\r:,;.()]{0,25}\.?:(?![/\d])")
"""The rest of a field's key on its line, up to its colon (not a time's, "10:30"; "Betr.:")."""


_TOWN_THEN_REGION = cues(
    ["from", "in", "of", "at", "near"],
    tail=r"[ \t]+"
    r"(?P<town>\p{Lu}[\p{L}\p{M}'\u2019\-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'\u2019\-]*){0,2}),[ \t]*"
    r"(?P<region>(?:U\.K\.|U\.S\.A\.|U\.S\.|UK|USA|US)(?![\p{L}])|\p{Lu}[\p{L}\p{M}'\u2019\-]*"
    r"(?:[ \t]+(?:and[ \t]+|of[ \t]+)?\p{Lu}[\p{L}\p{M}'\u2019\-]*){0,3})",
)
"""A town, a comma and its county, state or country after a place word ("from Juneburgh,
Merseyside", "lives in Port Jenniferbury, USA", "from Quincy, MA")."""


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


_BUILDING_PARTS = frozenset(
    "wing block tower building annex annexe campus entrance side unit ward floor hall".split()
)
"""Words after a town's prefix that name a part of a building, not a town ("General
Hospital, North Wing")."""


def _prefixed(words: Sequence[str], lex: Lexicon) -> bool:
    """Whether a town's words before its region are a town's prefix and a word that is no
    stopword ("Port Crystal, Illinois", though "crystal" is a common word)."""
    return len(words) == 2 and words[0] in _TOWN_PREFIXES and words[1] not in lex.stop


_LEGAL_WORDS = frozenset(fold(w).rstrip(".") for w in _LEGAL_FORMS)
_BRACKET = regex.compile(r"\(([^()\n]{3,160})\)")
_ELEMENT = regex.compile(r"[^,;]+")
_PRODUCT = regex.compile(r"[®™]|\p{Lu}[\p{L}\p{M}-]*[ \t]+\d")
"""What makes a bracket's first element a product: a trade mark, or a capitalised name
with a number ("Dacortin 30 mg", "Sonos 100 CF")."""
_MAKER = regex.compile(
    r"\p{Lu}[\p{L}\p{M}']*(?:-\p{L}[\p{L}\p{M}']*)*"
    r"(?:®?[ \t]+(?:&|and|y|\p{L}[\p{L}\p{M}']*(?:-\p{L}[\p{L}\p{M}']*)*)){0,4}"
)
_REGION_CODE = regex.compile(r"[A-Z]{2}|(?i:EE\.?[ \t]*UU\.?|U\.?S\.?A\.?|U\.?K\.?)")


def _a_place(element: str, known: Places) -> bool:
    """Whether a bracket's element names a place: a town, region or country of the
    gazetteer as a whole ("Madrid", "Fort Worth"; not "Upchurch Kent"), or a region's
    code ("CA", "EE. UU.")."""
    element = element.strip(" \t.")
    if _REGION_CODE.fullmatch(element):
        return True
    words = tuple(fold(w) for w in _TOKEN.findall(element))
    return bool(words) and known.match(words) is not None


def _manufacturers(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    """The maker of a product in the brackets after it, as articles write it: "(Dacortin
    30 mg, [Merck], Barcelona)", "(Azopt®, [Alcon Cusi])", "([Allergan]®, Irvine,
    California)": a capitalised name right after a product (a trade mark or a name with a
    number) and before the place it is in, or after a trade-marked product alone. Which
    schemes suggest them is in :mod:`.schemes` (MEDDOCAN's institutions; elsewhere a maker
    is no PHI). A maker that is a safe term ("Pfizer", "Merck") stays one: a hit here would
    take the place of the term's, which keeps it readable in every scheme."""
    if "(" not in text:
        return
    known = places(language)
    for bracket in _BRACKET.finditer(text):
        elements = list(_ELEMENT.finditer(text, *bracket.span(1)))
        if len(elements) < 2 or len(elements[0].group().split()) > 4:
            continue
        first = elements[0].group()
        marked = "®" in first or "™" in first
        if marked and _a_place(elements[1].group(), known):
            maker = elements[0]  # "(Allergan®, Irvine, California)"
        else:
            maker = elements[1]
            place_next = len(elements) > 2 and _a_place(elements[2].group(), known)
            if not (
                marked
                or (place_next and not first.isupper())  # not "(TAC, RMN, Madrid)"
                or (len(elements) == 2 and _PRODUCT.search(first))
            ):
                continue  # "(Atropina 1%, [Alcon Cusí])", "(Tobrex, [Alcon Cusi], Barcelona)"
        name = _MAKER.search(text, *maker.span())
        if name is None or text[maker.start() : name.start()].strip():
            continue  # what comes first is no capitalised name: "(Tylenol 500, 2 mg)"
        if text[name.end() : maker.end()].strip(" \t.®™"):
            continue  # more than a name: "(HDL 52 mg/dl, LDL 153 mg/dl)"
        if fold(_TOKEN.search(text, *name.span()).group()) in _INSTITUTION_WORDS:
            continue  # "(Krankenpfleger, Hausarztpraxis Junk, Marktheidenfeld)": no maker
        start, end = _trim(text, *name.span())
        words = _TOKEN.findall(text, start, end)
        while len(words) > 1 and known.match((fold(words[-1]),)) == "COUNTRY":
            end = _trim(text, start, text.rfind(words.pop(), start, end))[1]  # "Septodont Francia"
        end = start + len(text[start:end].rstrip(" \t-®"))  # "[Chiesi]-España"
        if (
            end > start + 1
            and not _a_place(text[start:end], known)
            and not (len(words) == 1 and is_drug_or_vaccine(words[0]))  # "Advil", "Pfizer"
            and any(
                fold(w) not in lex.stop
                and fold(w) not in _INSTITUTION_WORDS
                and fold(w) not in _LEGAL_WORDS
                for w in words
            )
        ):
            yield RuleHit(start, end, "INSTITUTION", "manufacturer")


_STORE_NUMBER = r"(?:[ \t]+(?i:store|pharmacy))?[ \t]*\#[ \t]?\d{1,6}(?!\d)"
_CHAINS = regex.compile(
    r"(?<![\p{L}\p{M}])(?:(?:Walgreens|Rite[ \t]Aid|Lloydspharmacy|Superdrug"
    r"|Shoppers[ \t]Drug[ \t]Mart|Kroger[ \t]Pharmacy|Costco[ \t]Pharmacy|Walmart[ \t]Pharmacy)"
    rf"(?:{_STORE_NUMBER})?(?![\p{{L}}\p{{M}}])|(?:CVS|Walmart|Kroger|Costco|Boots){_STORE_NUMBER})"
)
"""Pharmacy chains named without a pharmacy's word ("at Walgreens, Morsechester"): the
town after one is its address; with the store's number, which says which one ("CVS #4521",
"Walgreens store #10234"). Not a bare "CVS" (the cardiovascular system in a note) nor
"Boots": a suffix or a store's number names those ("CVS Pharmacy", "Boots Pharmacy")."""


_DOTTED_US = regex.compile(r"(?<![\p{L}\p{M}.])(?:EE\.[ \t]?UU\.|U\.S\.A\.?)(?![\p{L}\p{M}])")
"""The United States in dotted capitals ("Irvine, California, EE.UU.", "U.S.A.")."""
_DOTTED_US_HINTS = ("EE.", "U.S.A")
"""What :data:`_DOTTED_US` needs in a narrative: the pattern runs only where one of these is."""


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


def find_places(text: str, language: str | None) -> list[RuleHit]:
    """Every street, town, country, institution and room the place rules find."""
    index = word_index(text, language)
    lex = lexicon(language)
    found = list(_fields(text, index))
    found += _streets(text, language, index)
    found += _institutions(text, language, index, lex)
    found += (RuleHit(*m.span(), "INSTITUTION", "pharmacy_chain") for m in _CHAINS.finditer(text))
    found += _manufacturers(text, language, lex)
    found += _continued(text, found, lex, language)
    found += _towns(text, language, lex)
    found += _after_phrases(text, index, lex, language)
    found += _towns_with_regions(text, language, index, lex)
    found += _of_towns(text, language, lex)
    if language in (None, "fr"):
        found += (
            RuleHit(*m.span(), "CITY", "town_compound")
            for m in _FRENCH_COMPOUND_TOWN.finditer(text)
        )
    if any(hint in text for hint in _DOTTED_US_HINTS):
        found += (
            RuleHit(*m.span(), "COUNTRY", "place_gazetteer") for m in _DOTTED_US.finditer(text)
        )
    if language in (None, "es") and any(hint in text for hint in _SN_HINTS):
        found += (RuleHit(*m.span(), "STREET", "street_no_number") for m in _SN.finditer(text))
    found += _gazetteer(text, language, lex)
    found += _bracketed_towns(text, found, lex, language)
    found = _with_prefixes(text, found)
    found += _zips_after_towns(text, found)
    return found


_PREFIX_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?:North|South|East|West|New|Port|Lake|Mount|Fort|Great|Little|"
    r"Upper|Lower) \Z"
)


def _with_prefixes(text: str, found: list[RuleHit]) -> list[RuleHit]:
    """Towns with the capitalised prefix word before them that the rule left out ("East
    [Geraldberg]", "Port [Carolinestad]")."""
    out = []
    for hit in found:
        if hit.kind == "CITY":
            prefix = _PREFIX_BEFORE.search(text, max(0, hit.start - 8), hit.start)
            if prefix is not None:
                hit = RuleHit(prefix.start(), hit.end, hit.kind, hit.rule)
        out.append(hit)
    return out


_ZIP_AFTER = regex.compile(r"[ \t]+(\d{5}(?:-\d{4})?)(?![\p{L}\p{N}]|[.,/:-]\d|[ \t]*(?:%|\p{Ll}))")
"""A ZIP code right after a town, without a state ("South Trevor 15600."); not a count or a
measure ("Dayton 12000 doses", "Leeds 12345 mg")."""


def _zips_after_towns(text: str, found: list[RuleHit]) -> Iterator[RuleHit]:
    """The ZIP code after each town found, when no state stands between them (those
    :data:`_TOWN_STATE_ZIP` takes)."""
    for hit in found:
        if hit.kind == "CITY" and (zip_code := _ZIP_AFTER.match(text, hit.end)) is not None:
            yield RuleHit(*zip_code.span(1), "CITY", "zip_after_town")


PLACE_FINDER = Finder(
    "places",
    find_places,
    RULES,
    (
        "Domicilio: [Calle Carmen Romero, 23, 1D].",
        "Domicilio: [C. Jaime Quintero 77]",
        "living at [Flat 2], [Chloe Turnpike], [Jadeville]",
        "con domicilio en [Cuesta Vito Antúnez 1] [Apt. 00], [33285]",
        "con domicilio en [Vial Jacinta Bueno 179]; le dieron 1 VIAL ALBUTEROL VIA NEB 1",
        "Domicilio: [C. de Loida Franco 19], [33168]; en [C. Leire Mármol 33] [Piso 7]",
        "Domicilio: [Av. del puerto 177, 2, 1].\nLocalidad/ Provincia: [Cdad. Real].",
        "Domicilio: [C BIZKARRETA, 1. Bajo A].\nDomicilio: [Carrer del Dr. Trueta, 16, 3, A].",
        "Remitido por: [Avda Santiago Bernabeu, 4 5º - 4], [28036] [Madrid]",
        "en [Av. Valderrey, 35 7o dcha]; en [C/ Lope de Vega 3, bajo izq]; en [Ctra. Málaga"
        " n.o 119]",
        "en [Av. Galaxia 6, esc. 2, 2ºb]; en [Pz de Pontevedra,2, Ed.ICA, Esc.2a,5ºC]",
        "en [Avda. Martín Lagos, s/n] C.P.; equipo S/N: 4471; la relación s/n; Noche s/n.",
        "(Allergan, [Irvine], California, [EE.UU.]); [San Leandro], California, [USA].",
        "Reside en [La Habana]. Nació en mayo.",
        "Betreuung bei [MVZ Krems an der Donau]; aus [Universitätsklinikum Waidhofen an der"
        " Ybbs] am Montag entlassen; im [Klinikum Sankt Johann im Pongau] aufgenommen",
        "registered at [Lee Medical Centre].",
        "who lives in [East Philipside]. He",
        "who lives in [South Trevor] [15600]. He",
        "a 27-year-old woman from [Port Crystal], [Illinois]. She",
        "un homme de 77 ans domicilié à [Pages] ([Franche-Comté]).",
        "a 29-year-old woman who lives in [Woodville].\nShe is a teacher",
        "who lives in [O'Sullivanberg]. Mrs Tracey Fleming, aged 55, of [O'Brienville].",
        "Le patient, 28 ans, habite à [De Sousanec], [France]. M.",
        "Le patient, 38 ans, habite à [Cousin], [France]. Ciprofloxacine",
        "She is a nurse and lives with her son, Richard, in [Jonesport]. She had",
        "ein 28-jähriger Mann aus [Drosendorf-Zissersdorf] ([Salzburg]). Er ist",
        "living at [Flat 6], Newton Fall, [Geoffreyville] W5W 5NN. Medical",
        "Domicilio: [Calle de Teresita Pizarro 44 Apt. 95]\nSexo",
        "Comunidad autónoma: [Cantabria]\n",
        "Ingresó en [Hospital La Fe] el 2021-05-23",
        "Wheeled to the ED, [room 505] at 10:41",
        "trabaja en [Ayuntamiento de Teruel]. Antecedentes",
        "works for [Leeds City Council] as",
        "She works as a lorry driver at [Tesco]. Her husband",
        "Trabaja como cajera en [El Corte Inglés]. Antecedentes",
        "Er arbeitet als Buchhalter bei [Deutsche Bahn]. Bekannte",
        "transferred from [st. mary's] with",
        "seen at [St Jude's] for",
        "daughter lives in [california]",
        "lives in [quincy], [ma] with",
        "pt lives alone in [dorchester]; discharged to home in [brockton]; she is from [Boston]",
        "lives in [CA].",
        "He is from [Quincy], [MA].",
        "Localidad/ Provincia: [Madrid].",
        "País: [España].",
        "en el [Paseo de la Castellana, 261]. 28046 [Madrid]",
        "[C/ Irunlarrea, 3]",
        "[Avda. de França, s/n]",
        "il habite [54, rue Lefebvre] depuis",
        "demeurant [14 bis avenue des Tilleuls] à",
        "wohnhaft in der [Hauptstraße 12a], [01188] [Dresden]",
        "Herrn Dr. Fischer\n[Am Mühlbach 3a]\n[79211] [Denzlingen]",
        "wohnhaft [Unter den Linden 77], [10117] [Berlin]",
        "wohnhaft [Dussen vanplatz 254], [65080] [Groß-Gerau]. Er",
        "wohnhaft [Dussen vanweg 55/89], [15150] [Lörrach].",
        "wohnhaft [Erna-Dussen van-Allee 96-90], [86858] [Riesa].",
        "vaccinated on 22 March 2021 at [Walgreens], [Morsechester].\r\n\r\nA few hours",
        "is a 63-year-old man from [Emmastad], [Surrey]. He is",
        "the emergency department of [Vincent Memorial Hospital], [Port Earl], on 04Mar2021",
        "admitted to [General Hospital], North Wing, on 04Mar2021",
        "[Hammarvägen 15]",
        "[Begiristain Doktorea Pasealekua, 109], [20014] [Donostia]; [Pz de Pontevedra,2]",
        "5a planta [Gran Vía, 111]. [Barcelona] [08014]; [Gran Vía Don Diego López de Haro 25]",
        "lives at [12 Elm Street], [Baltimore], [MD 21201]",
        "[CVS Pharmacy], [14619 Nicholas Via Suite 676], [Tulsa], [76307]; tel.",
        "given in [Leeds] 12345 mg, in [Dayton] 12000 doses",
        "dispensed by [Page Drug Store]; by [Boots Pharmacy]; by [English Drug Store]",
        "dispensed by [West Drug Store]. Approximately; at [Good Drug Store], [Little Pharmacy]",
        "it was dispensed by [Le Drug Store].\n\nApproximately 35 days later",
        "She attended The [Page Surgery] on 07/10/2021",
        "a vaccinating nurse, of [Day Medical Centre], [West Thomas]. The",
        "in hausärztlicher Betreuung bei [MVZ Waren]. Bekannte",
        "bei [MVZ Roth].\nImpfung am 06.06.21 ([Impfzentrum Roth], [Roth]): Fluad",
        "(Pflegekraft, [Hausarztpraxis Ring], [Jessen]). Frau",
        "(Pflegekraft, [Hausarztpraxis Anders], [Jessen]). Frau",
        "(Apotheker, [Apotheke am Markt], [Stendal]). Frau",
        "moved to [16005 Kelly Expressway] last year",
        "a 59-year-old man living at [08 de Courcey Street], [Kilkenny] F14 EV16. Mr",
        "living at [383 Howard Shoal], [Leicester] S42 7FR",
        "at [Exeter Leisure Centre], [Exeter]. The",
        "at [Oak Manor Care Home]; moved to [Brookdale Senior Living]",
        "from [Sunnyside Skilled Nursing Facility]",
        "at [Barnett Pharmacy], [South Garethburgh].",
        "à [Cabinet médical Saint-Joseph] ([Amiens]). Domiciliée à [Besançon] ([Picardie]).",
        "habite à [Grondin-la-Forêt], [France]; 13626 [Grégoire-sur-Fleury]",
        "Établissement : [CHU de Besson]\nDate de réception : 12/05/2021",
        "[Hauptstr. 12]\n[04109] [Leipzig]\n\nBetr.: Schulz, Gerda",
        'Unidad de Nutrición. [Hospital Universitario "San Cecilio"] de [Granada].',
        "Se contactó con el [Centro Nacional de Toxicología] para",
        "acudió al [Centro Andaluz de Medicina del Deporte (CAMD)] por",
        "cardióloga de [Centro de Salud Cantabria], comunica",
        "Urología [Complejo Hospitalario de Navarra] [Irunlarrea, 3] [31008] [Pamplona]",
        "im [Seniorenheim „Sonnenhof“]; im [Pflegeheim Haus Elisabeth]",
        "[Löbdergraben 12]\n[07743] [Jena]; wohnhaft [Sonnenberg 14a], [99084] [Erfurt]",
        "Mr Hugh Hawkins, aged 36 years, of [Southampton].\nMrs Brenda Manning, of [Bath];",
        "a woman from [Juneburgh], [Merseyside]. She lives in [Port Jenniferbury], [USA].",
        "[Hospital Universitario 12 de Octubre]. [Madrid]",
        "en el [Hospital Ramón y Cajal] de",
        "[Centro de Salud Las Calesas]",
        "transferred to [Johns Hopkins Hospital] on",
        "transferred to [johns hopkins hospital] on",
        "pt lives in [baltimore] with her husband; originally from [new york city]",
        "pt from [university of maryland medical center] via",
        "she studied at the [university of maryland] in",
        "selma is from [stillwater supercomputing inc.]\npsc 5420",
        "an inpatient at [St Mary's Hospital]; the outcome",
        "registered at The [Nicholls Surgery]. The patient",
        "She attended The [O'Brien Surgery] on 2021-08-08",
        "in hausärztlicher Betreuung bei [Praxis Dr. Anders]. Er",
        "a 43-year-old woman from [O'Neillbury], [Bedfordshire]. The patient",
        "Il est chauffeur routier chez [Lenoir].",
        "a locum pharmacist working at [Boots Pharmacy] in [Scottport], telephoned",
        "a nurse working at [Dennis Medical Centre] in [McCarthyview], telephoned",
        "a nurse at [Thomas Family Practice] through",
        "observed at [Tulsa Community Vaccination Center] for",
        "seen at [general hospital] by",
        "liegt auf [Station 4A] im [Klinikum Dresden]",
        "Aufnahme auf [Station 3B], [Zimmer 12].",
        "at the [University of Maryland] medical",
        "im [Sankt-Georg-Spital]",
        "in der Notaufnahme von [St.-Marien-Krankenhaus] vor",
        "in hausärztlicher Betreuung bei [MVZ Demmin]. Keine",
        "stellte sich im [Städtisches Klinikum Jüterbog] vor",
        "Impfstelle: [Impfzentrum Gelnhausen]. Am nächsten Tag",
        "Krankenschwester ([Hausarztpraxis Wilms]), meldete",
        "dispensado en la [Farmacia Ldo. Leon].",
        "Apothekerin ([Franziskus-Apotheke]), meldete",
        "vaccinée au [Centre de vaccination Lyon Gerland]",
        "suivi à [Maison de santé de Nantes].",
        "she lives in [Mobile] now",
        "traveled to [Mexico] in",
        "[9 Allika 46]  [Suite 501]  [Riisa]   [Estonia]",
        "moved to [Florida] in March",
        "[Unit 4719 Box 7394\nDPO AP 70942]",
        "a year at [Allstate Insurance Group] as",
        "[Sludevej 13], [Aalborg]",
        "Bradley Harbor, [O'Neillland] LU07 1GN.",
        "The bus station is on [C. Beerninckstraat 88]",
        "he grew up in [Remniku] and",
        "ein Mann aus [Drosendorf-Zissersdorf] 1 ([Wien]).",
        "lives at [92597 Jahu 80], [Liiva]",
        "lives on [Via dei Fiorentini 17] now",
        "drops you off at [643 ul. Biskupa Bogedaina 118]",
        "at [526 Rua Cyro Schmutzer Franco 1213]",
        "[3378 217 Lovers Lane]",
        "[3037 ul. Północna 73]\n [Apt. 946]\n [Suwałki]\n\n [Poland] [11248]",
        "> [91215 Harjukuja 54]\n> [Suite 318]\n> [SEINÄJOKI]\n> [Finland] [38524]",
        "orchestra serving Southern [Italy].",
        "I work for [Rapid Cycle Solutions]",
        "she works at the [Walmart] pharmacy",
        "The address of [Glover, Ruiz and Armstrong] is",
        "The firm is [White, Willis and Hoffman]. It was",
        "[Thomas and Sons] is a multinational; at [Ngap Incorporated] in",
        "of [Fernandez Inc.], [Owens, Duran and Oneal]'s Mrs. Filip",
        "[Russell Investments] is a design agency",
        "send it to [the corner of Dalbraut 99 and Frederikke Coves]?",
        "in [the corner of 35 Pentelis Str. and Waechter Turnpike]? [the corner of ul. Cicha 86 "
        "and Leokadia Trail]",
        "at [USNS Saibara FPO AP 12428]. It",
        "[psc 5420, box 2708\napo aa 33879]",
        "[Complejo Hospitalario de Navarra] [C/ Irunlarrea, 3]",
        "[Instituto Colombiano del Dolor] [Medellín], [Colombia]",
        "[Universidad de Alcalá] E-mail: x",
        "trabaja en el [Servicio Andaluz de Salud] desde hace años",
        "Trabaja en [Perera y asociados S.A.] desde 2019. Trabaja como chófer en [Grupo Crespo "
        "S.Coop.]. Su hija",
        "He works for [Acme Inc.] since 2019",
        "Il est cheminot chez [SNCF]. Antécédents : asthme",
        "[Servei Català de la Salut]",
        "prednisona (Dacortin 30 mg, [Alcon], [Barcelona])",
        "brinzolamida (Azopt®, [Alcon Cusi]) y",
        "modelo SRV2007 ([Allergan]®, [Irvine], California)",
        "A 63 year old man who grew up in [HELSINKI]. He",
    ),
    (
        "The flag is Black, White and Grey in stripes.",
        "received verbal notification from POA that the patient",
        "We met on Valentine's Day in the clinic",
        "PATIENT WAS IN BED WHEN SHE GOT THE VACCINE IN READING.",
        "Mobile phone",
        "salbutamol at 2 Puffs via inhalation; 1 VIAL ALBUTEROL VIA NEB",
        "Increased to 5 L via face mask",
        "ordered from an Online Pharmacy; the Hospital Pharmacy and the Community Pharmacy",
        "MD at bedside along with RT and pharmacy.",
        "seen by Plastic Surgery; referred to General Surgery",
        "die Praxis am Montag geschlossen",
        "admitted to the Day Surgery unit",
        "Servicio de Oftalmología. Servicio de Salud Mental",
        "Il est allé chez sa fille.",
        "in der Praxis Anwendung findet",
        "comprado en farmacia Ayer por la tarde",
        "Reading the chart",
        "room air",
        "the hospital called",
        "Calle",
        "Pfizer vaccine dose 1",
        "Monitoring continued",
        "In 2021 Pfizer reported",
        "received 50000 IU daily",
        "sent via Email to",
        "took 2 Tylenol 500 mg",
        "given via IM 2 doses",
        "in the corner of the eye and the",
        "sent via Route 66",
        "she works at a hospital",
        "dispensed in an amber pharmacy bottle",
        "he got the pfizer inc. vaccine",
        "vu au Centre (sans rendez-vous) puis en Médecine (Interne)",
        "a dose, of Comirnaty. The rest, of Course, as Expected.",
        "she came in, Sunday, and went from Tuesday, Fall to Winter",
        "by ambulance on Friday 1/15/2021 Medical Center: Emergency Room",
        "Am Montag 3 Tabletten, am Dienstag 3, Im Jahr 2",
        "lives in bath; moved to rehab; returned to work",
        "is from the ER; home in April; home in 2 days; trip to the store",
        "a Patient Care Home visit at the Primary Care Center",
        "im Innenhof 2 Personen; Goldberg 2 tablets",
        'im Seniorenheim "wohnt" sie gern',
        "en el centro de la lesión y en el Centro de Salud de su zona",
        "Resumen de pruebas: Laboratorio: Biometría hemática normal",
        "a contactable male healthcare professional",
        "taken to the local hospital by ambulance",
        "Emergency Medical Services arrived",
        "seen by Smith, Jones and the nurse",
        "she had Whipple surgery in 2019",
        "she took 2 Advil at the Park",
        "after the Cardiac Surgery consult",
        "took St. John's wort; on St. Patrick's Day",
        "returned to OR for washout; came from CT; moved to ICU",
        "At ER, CT scan and labs",
        "she felt flat 2 days later; the studio 3 times",
        "Sender's Comments: The Company cannot exclude",
        "fiebre de 38,7 °C. El paciente",
        "went to bed 11:00 woke up; in the emergency room 30 minutes later",
        "a room of 12.5 m2, bed 2,5 m long",
        "a friend who works for Pfizer told her; I work for PH",
        "manufacturername: Merck Sharp & Dohme Corp.; devicelotnumber",
        "tested (used the Sofia test) positive; CPR w/ LUCAS machine; the Bam antibodies",
        "COVID test Nasal Swab (SOFIA SARS ANTIGEN FIA)",
        "(HDL 52 mg/dl, LDL 153 mg/dl)",
        "(GOT 600 UI/l, GPT 463 UI/l)",
        "(Tylenol 500 mg, Advil)",
        "received (Spikevax 0.5 mL, Moderna, lot 039K20A) and (Comirnaty 30 mcg, Pfizer)",
        "During 1971, the company invested heavily",
        "boarded at Gate 12 and felt dizzy",
        "Herr Till Häring, 11 Jahre alt, in Betreuung",
        "le cuesta Mucho 3 veces al día",
        "He works as a cashier for Pfizer",
    ),
    guarded=False,
)
