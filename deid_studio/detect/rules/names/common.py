"""What several name families share: the tables of titles, relatives and surname keys
(cues, and words that are no name), the relatives' words as narratives write them, the words
that are no one's name (:data:`_NOT_NAMES`), the words for a person, an English possessive's
ending, and each rule's confidence (:data:`RULES`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import MONTH_WORDS, NAME_MONTHS
from deid_studio.detect.rules.proper_nouns import RULE as TAGGED_FIRST_NAME
from deid_studio.detect.rules.words import PEOPLES, WEEKDAYS

_PATIENT_TITLES: Mapping[str, str] = {
    "en": "mr mrs ms miss mister mstr",
    "es": "sr sra srta señor señora señorita don doña dña dª",
    "fr": "m mme mlle monsieur madame mademoiselle",
    "de": "herr herrn frau fräulein hr fr",
    "pt": "sr sra senhor senhora dona",
    "it": "sig signor signora sig.ra",
    "nl": "dhr mevr mevrouw meneer",
    "sv": "herr fru",
}
_SURNAME_KEYS: Mapping[str, str] = {
    "en": "surname|last name|family name",
    "es": "apellidos|apellido|primer apellido|segundo apellido|nombre y apellidos",
    "fr": "nom de famille|nom et prénom|nom de naissance|nom d'usage|nom marital|"
    "nom de jeune fille|nom d'épouse",
    "de": "nachname|familienname|geburtsname|mädchenname",
    "pt": "sobrenome|apelido",
    "it": "cognome",
    "nl": "achternaam",
    "sv": "efternamn",
}
"""Keys whose value is a surname (or the whole name), where common words are surnames
too ("Apellidos: Vals Cardona", "Nombre y apellidos: Rosa Blanco Moreno")."""
_STAFF_TITLES: Mapping[str, str] = {
    "en": "dr drs doctor prof professor",
    "es": "dr dra drª dr.ª dres dras doctor doctora prof profa profesor profesora enf.ª enfª",
    "fr": "dr drs docteur pr professeur",
    "de": "dr dres drs prof mag oa oä pd",
    "pt": "dr dra drª drs dras doutor doutora enf.ª enfª enf.º enfº",
    "it": "dott dott.ssa dottore dottoressa prof",
}
_RELATIVES: Mapping[str, str] = {
    "en": "son daughter wife husband mother father brother sister mom mum dad grandson "
    "granddaughter grandmother grandfather grandma grandpa aunt uncle niece nephew cousin "
    "partner spouse fiancé fiancée fiance boyfriend girlfriend stepson stepdaughter "
    "stepmother stepfather godmother godfather papa mama nana granny son-in-law "
    "daughter-in-law mother-in-law father-in-law brother-in-law sister-in-law half-brother "
    "half-sister stepbrother stepsister grandchild",
    "es": "hijo hija esposa esposo marido madre padre hermano hermana abuelo abuela nieto "
    "nieta tío tía primo prima pareja novio novia cuñado cuñada suegro suegra sobrino "
    "sobrina yerno nuera padrastro madrastra hijastro hijastra bisnieto bisnieta",
    "fr": "fils fille épouse époux mari mère père frère sœur soeur oncle tante neveu nièce "
    "cousin cousine conjoint compagnon compagne grand-mère grand-père petit-fils "
    "petite-fille belle-fille beau-fils belle-mère beau-père beau-frère belle-sœur "
    "demi-frère demi-sœur",
    "de": "sohn tochter ehefrau ehemann gattin gatte mutter vater bruder schwester oma opa "
    "enkel enkelin onkel tante neffe nichte cousine partnerin lebensgefährte "
    "lebensgefährtin großmutter großvater urenkel urenkelin pflegetochter pflegesohn "
    "pflegemutter pflegevater stieftochter stiefsohn stiefmutter schwiegertochter "
    "schwiegersohn schwiegermutter schwiegervater adoptivtochter adoptivsohn halbbruder "
    "halbschwester schwägerin",
    "pt": "filho filha esposa marido mãe pai irmão irmã sobrinho sobrinha genro sogro sogra "
    "cunhado cunhada tio tia primo prima avô avó neto neta nora enteado enteada padrasto "
    "madrasta noivo noiva companheiro companheira namorado namorada bisneto bisneta",
    "it": "figlio figlia moglie marito madre padre fratello sorella nonno nonna nipote cugino "
    "cugina zio zia suocero suocera nuora genero cognato cognata fidanzato fidanzata compagno "
    "compagna patrigno matrigna figliastro figliastra bisnonno bisnonna pronipote",
}
_SEX_WORDS = "varón|varon|mujer|hombre|niño|niña|masculino|femenino|chico|chica"

RULES: Mapping[str, float] = {
    "name_after_patient_title": 0.95,
    "name_after_patient_key": 0.95,
    "name_after_patient_word": 0.9,
    "name_after_staff_title": 0.95,
    "name_after_staff_key": 0.95,
    "name_after_relative": 0.9,
    "name_after_acquaintance": 0.9,
    "name_before_credential": 0.85,
    "name_before_relative": 0.9,
    "name_before_patient": 0.85,
    "possessor_of_relative": 0.9,
    "name_beside_job": 0.9,
    "name_before_age": 0.9,
    "name_before_birth": 0.9,
    "name_pair": 0.9,
    "name_list": 0.9,
    "name_coordinated": 0.9,
    "age_after_name": 0.9,
    "name_of_family": 0.9,
    "name_introduced": 0.9,
    "name_signed": 0.9,
    "initials": 0.8,
    "name_spelt": 0.9,
    "first_name": 0.5,
    TAGGED_FIRST_NAME: 0.5,
    "name_repeated": 0.9,
    "name_in_caption": 0.85,
    "name_in_byline": 0.85,
    "name_in_email": 0.85,
    "name_around_nickname": 0.85,
    "kin_word": 0.65,
    "sex_word": 0.95,
}
"""Each rule's confidence: its precision on the corpora of ``benchmarks/cold_start.py``,
rounded down."""


def _split(value: str) -> list[str]:
    return [w for w in regex.split(r"[|]" if "|" in value else r"\s+", value) if w]


_PATIENT_WORDS = frozenset("patient patientin patienten paciente patiente paziente doente".split())
"""Whose relative, no name: "die Tochter [der Patientin]" is the patient's daughter."""


_NAMES_NOT_RELATIVES = frozenset({"irma", "mae"})
"""First names that a relative's word folds to without its accent: Portuguese "irmã"
(sister) and "mãe" (mother) are no "Irma" or "Mae"."""


RELATIVES_ALSO_NAMES = frozenset({"nora", "neta", "neto", "avo", "zia", "genero"})
"""Relatives' words that other languages' people bear as first names ("nora" a Portuguese
daughter-in-law, "Nora" a name; "neto", a grandson and a Brazilian surname; Italian "zia",
an aunt): relatives only in a narrative of their own language, and never among
:data:`_NOT_NAMES`."""


@cache
def _relative_words(language: str | None) -> frozenset[str]:
    """The relatives' words of ``language`` (of every language when unknown, but for
    :data:`RELATIVES_ALSO_NAMES`), folded: no name after a cue in its narrative ("durch die
    Mutter (Vater)"), where another language's may be one ("sister Tia", though Spanish
    "tía" is an aunt)."""
    if language in _RELATIVES:
        values: tuple[str, ...] = (_RELATIVES[language],)
        also_names: frozenset[str] = frozenset()
    else:
        values, also_names = tuple(_RELATIVES.values()), RELATIVES_ALSO_NAMES
    words = frozenset(fold(w) for value in values for w in _split(value))
    return words - _NAMES_NOT_RELATIVES - also_names


_RELATIVE_WORDS = _relative_words(None)


_RELATIVE_FORMS = _RELATIVE_WORDS | (
    frozenset(w.lower() for value in _RELATIVES.values() for w in _split(value))
    - RELATIVES_ALSO_NAMES
)
"""The relatives' words folded and as narratives write them, accents kept ("père",
"épouse", "mãe"): the word index and a case-insensitive pattern see them so."""


_SALUTATIONS = frozenset("kollegin kollege kollegen collegue colega colleague".split())
"""What a letter calls its reader after "Frau", "Herr": "Sehr geehrte Frau Kollegin"."""
_NOT_NAMES = (
    (
        frozenset(
            fold(w)
            for table in (_PATIENT_TITLES, _STAFF_TITLES, _RELATIVES)
            for value in table.values()
            for w in _split(value)
        )
        | (MONTH_WORDS - NAME_MONTHS)
        | (frozenset(fold(w) for w in MONTH_WORDS) - NAME_MONTHS)  # "märz" is "marz" folded
        | WEEKDAYS
        | frozenset("geb verh gesch".split())
        | frozenset({"sender"})  # "Sender's Comments:", a heading of Pfizer's VAERS reports
        | frozenset({"town"})  # a form's key ("Town: Springfield"), a word no list holds
        # a health worker's job, which a companion's word takes before it as a name would
        # ("Su jefe Médico le recomendó reposo", "O colega Médico")
        | frozenset(
            "medico medica enfermero enfermera enfermeiro enfermeira infirmier infirmiere "
            "farmaceutico farmaceutica farmacista".split()
        )
        # a service member's service or rank opening a sentence ("Sailor at Naval Station
        # Norfolk", "Marine with 1st Battalion", "Navy veteran"), a name nowhere else
        | frozenset("sailor marine navy crew airman soldier cadet recruit".split())
        | (PEOPLES - {"white", "black"})  # "Patient Indian female"; "Jack White" is a name
        | _SALUTATIONS
        | frozenset(k for keys in _SURNAME_KEYS.values() for k in keys.split("|") if " " not in k)
    )
    - _NAMES_NOT_RELATIVES
    - RELATIVES_ALSO_NAMES
)
"""Titles, kinship words, month and weekday names: capitalised, in a name list, and no
name ("Sunday January 10"); and a surname's key, which no list knows ("Nombre: Maria
Apellidos: Schmidt" is no "Maria Apellidos")."""


_POSSESSIVE = regex.compile(r"['\u2019]s\Z|(?<=s)['\u2019]\Z")
"""An English possessive's ending ("Amanda's", "Daniel\u2019s", "Williams'")."""


def _without_possessive(match: regex.Match[str]) -> tuple[int, int]:
    """The span of a capitalised word without its English possessive ("Amanda" of
    "Amanda's")."""
    start, end = match.span()
    possessive = _POSSESSIVE.search(match.group())
    return start, end if possessive is None else start + possessive.start()


_PERSON_WORDS = frozenset(_SEX_WORDS.split("|")) | {"bebé", "señor", "señora", "garçon"}
"""Words for a person that first-name lists hold as names once their accents are folded away
("Niño" is "Nino", "Niña" is "Nina", "Bebé" is "Bebe") or as they are ("Varon", "Hombre",
"Chico"): written so, at a sentence's start or after a patient's key, they are the word
("Varón de 30 años", "Paciente: Mujer de 45 años", "Niña de 5 años"; "Nina" stays a name)."""


# The blanks between two words of a name: the pairs', and a name's beside a job or a birth.
# A no-break or thin space reaches no rule as one (rules.matching.plain_blanks writes it as a
# space), so "Lara\u00a0Fiorentino" pairs as "Lara Fiorentino" does.
_BLANKS = regex.compile(r"[ \t]+")


def _given(name: str) -> str:
    """The first name a name starts with, folded: of a hyphenated one, its first part
    that is no initial ("Klaus-D. Briemer", "H.-Dieter Trubin")."""
    parts = name.split()[0].split("-")
    return fold(next((part for part in parts if not part.endswith(".")), parts[0]))
