"""Person names found by what stands around them, in every supported language.

A name has no shape a regex can see; what gives it away is its context:

* a title or form of address before it — the patient's ("Mr", "Herrn", "Sra.", "Mme") or a
  professional's ("Dr.", "Dra.", "Dr. med.", "Prof.", "Mag."); a key ("Patient:", "Nombre:",
  "Betr.:", "Reporter:", "Remitido por:");
* a relative's word before it ("son don", "su hija Ana", "Tochter Maria");
* a credential after it — a signature ("irene snell, rn", "Q. LANDER RRT", "J. Smith, MD");
* a first name from the gazetteer followed by a surname ("Teresa Kreutzmann"), without cue;
* the same name again, elsewhere in the narrative, once a cue has shown it is one.

After a cue, :meth:`~.words.Lexicon.name_like` decides word by word: capitalised words that
are known names or no common word, initials, and lower-case words from the name lists. Kinds:
``PERSON`` (the patient, or anyone addressed by Mr/Mrs), ``STAFF`` (physicians, nurses,
reporters), ``RELATIVE``. For MEDDOCAN's guidelines two more: ``KIN`` (the kinship word
itself, "su madre") and ``SEX`` ("varón de 53 años", "Sexo: H"); other schemes ignore them.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from bisect import bisect_left
from collections.abc import Container, Iterator, Mapping, Sequence
from functools import cache
from itertools import accumulate

import regex

from deid_studio.detect.gazetteers import borne_first_names, eponyms, fold
from deid_studio.detect.geography import Places, places
from deid_studio.detect.rules.base import (
    LATIN1_LETTER,
    LATIN1_LOWER,
    LATIN1_UPPER,
    MONTH_WORDS,
    NAME_MONTHS,
    NUMBER_WORD,
    PEOPLE_KINDS,
    Finder,
    Latin1Twin,
    RuleHit,
    alternation,
    occurrences,
)
from deid_studio.detect.rules.proper_nouns import RULE as TAGGED_FIRST_NAME
from deid_studio.detect.rules.proper_nouns import (
    german_nouns,
    noun_after_possessive,
    tagged_first_names,
)
from deid_studio.detect.rules.terms import EPONYM_AFTER, TERM_AFTER
from deid_studio.detect.rules.words import (
    CONDITION_BEFORE,
    FIELD,
    NAME_ENDS,
    NOUNS_CAPITALISED,
    PARTICLES,
    PRODUCT_WORDS,
    SENTENCE_START,
    STRONG,
    SURNAME_CAPITAL,
    SURNAME_CAPITAL_LATIN1,
    WEAK,
    WEEKDAYS,
    Cues,
    Lexicon,
    Word,
    cues,
    lexicon,
    lowercase_words,
    register_triggers,
    street_ahead,
    take_name,
    uncased,
    without_possessive_end,
    word_index,
    words_from,
)

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
_PATIENT_KEYS: Mapping[str, str] = {
    "en": "patient|patient name|pt name|name|full name|patient's name|re|first name",
    "es": "paciente|nombre|nombre del paciente",
    "fr": "patient|patiente|nom|prénom|nom du patient",
    "de": "patient|patientin|name|vorname|betr|betreff",
    "pt": "paciente|nome",
    "it": "paziente|nome",
    "nl": "patiënt|naam",
    "sv": "patient|namn",
}
_SURNAME_KEYS: Mapping[str, str] = {
    "en": "surname|last name|family name",
    "es": "apellidos|apellido|primer apellido|segundo apellido|nombre y apellidos",
    "fr": "nom de famille|nom et prénom",
    "de": "nachname|familienname",
    "pt": "sobrenome|apelido",
    "it": "cognome",
    "nl": "achternaam",
    "sv": "efternamn",
}
"""Keys whose value is a surname (or the whole name), where common words are surnames
too ("Apellidos: Vals Cardona", "Nombre y apellidos: Rosa Blanco Moreno")."""
_PATIENT_WEAK: Mapping[str, str] = {
    "en": "patient pt",
    "es": "paciente",
    "fr": "patient patiente",
    "de": "patient patientin pat",
}
_INTRODUCTIONS: Mapping[str, str] = {
    "en": "my name is|his name is|her name is|their name is|name is|call me|last name is|"
    "first name is|maiden name is|surname is",
    "es": "me llamo|se llama|mi nombre es|su nombre es|de nombre",
    "fr": "je m'appelle|s'appelle|mon nom est|son nom est",
    "de": "ich heiße|mein name ist|sein name ist|ihr name ist|namens",
}
"""Phrases that say a name follows ("My name is Siiri", "her maiden name is nyberg"): the
word after them is a name unless it is a common word."""
_NAMED: Mapping[str, str] = {
    "en": "named|called|named him|named her|called him|called her",
    "es": "llamado|llamada",
    "fr": "nommé|nommée|prénommé|prénommée",
    "de": "heißt|genannt",
}
"""Words that may introduce a name ("a son named Tom", "she named him Frank") or not ("called
the office", "called him back"): only a known name is taken after them."""
_STAFF_TITLES: Mapping[str, str] = {
    "en": "dr doctor prof professor",
    "es": "dr dra drª dr.ª doctor doctora prof profa profesor profesora",
    "fr": "dr docteur pr professeur",
    "de": "dr prof mag oa oä pd",
    "pt": "dr dra drª doutor doutora",
    "it": "dott dott.ssa dottore dottoressa prof",
}
_CREDENTIAL_TITLES: Mapping[str, str] = {"en": "rn np"}
"""Credentials written before a nurse's name, as a title without its dot ("per rn kathy",
"NP Jane Doe"; "report to RN. DON notified" is two sentences)."""
_STAFF_JOBS: Mapping[str, str] = {
    "en": "nurse pharmacist midwife paramedic physiotherapist",
    "es": "enfermera enfermero farmacéutica farmacéutico matrona",
    "fr": "infirmière infirmier pharmacien pharmacienne sage-femme",
    "de": "krankenschwester pfleger krankenpfleger apotheker apothekerin hebamme",
}
"""Jobs written before a professional's first name as a title ("spoke to Nurse Kim", "per
pharmacist Tom", "Pfleger Jonas"): a weak cue, after which only a known name is taken. Not
the German "Schwester", a sister as often as a nurse: the relatives' cues take her."""
_STAFF_KEYS: Mapping[str, str] = {
    "en": "physician|doctor|reporter|reported by|reporting physician|attending|prescriber|"
    "signed|signed by|nurse|pharmacist|contact person|referring physician|gp|pcp",
    "es": "médico|medico|médica|doctor|doctora|notificante|notificador|notificadora|"
    "informante|remitido por|firmado|responsable clínico|responsable clínica|"
    "firmado por|enfermera|enfermero|farmacéutico|farmacéutica|médico responsable",
    "fr": "médecin|docteur|déclarant|déclarante|notificateur|notificatrice|signé|infirmier|"
    "infirmière|pharmacien",
    "de": "arzt|ärztin|behandelnder arzt|hausarzt|melder|unterschrift|apotheker|apothekerin",
    "pt": "médico|médica|notificador",
    "it": "medico|segnalatore",
}
_TITLE_WORDS = frozenset(
    "dr dra drª prof med dent univ mag pharm dipl ing phil rer nat habil priv doz pd "
    "mr mrs ms sr sra kollege kollegin doctor doctora docteur doktor profesor profesora "
    "professor herr herrn frau mme mlle monsieur madame señor señora senor senora".split()
)
"""Words that may follow a title or a key before the name: "Frau Dr. med. Weber", "Mag.
pharm. X", "Remitido por: Doctor Pablo Garrido Abad", "ihr Mann Herr Franz Huber" (MEDDOCAN's
gold leaves titles out). Not "don": "his son Don" is a name."""
_RELATIVES: Mapping[str, str] = {
    "en": "son daughter wife husband mother father brother sister mom mum dad grandson "
    "granddaughter grandmother grandfather grandma grandpa aunt uncle niece nephew cousin "
    "partner spouse fiancé fiancée fiance boyfriend girlfriend stepson stepdaughter "
    "stepmother stepfather godmother godfather papa mama nana granny",
    "es": "hijo hija esposa esposo marido madre padre hermano hermana abuelo abuela nieto "
    "nieta tío tía primo prima pareja novio novia cuñado cuñada suegro suegra",
    "fr": "fils fille épouse époux mari mère père frère sœur soeur oncle tante neveu nièce "
    "cousin cousine conjoint compagnon compagne",
    "de": "sohn tochter ehefrau ehemann gattin gatte mutter vater bruder schwester oma opa "
    "enkel enkelin onkel tante neffe nichte cousine partnerin lebensgefährte "
    "lebensgefährtin",
    "pt": "filho filha esposa marido mãe pai irmão irmã",
}
_CREDENTIALS = (
    "RN RRT MD NP PA PA-C DO LPN LVN CNA RPh PharmD APRN CRNA BSN MSN PhD FNP DNP MBBS EMT "
    "CRNP ARNP RD"
).split()
_KIN = (
    "madre padre padres hijo hija hijos hijas hermano hermana hermanos hermanas familia "
    "familiar familiares abuelo abuela abuelos tío tía tíos primo prima esposo esposa marido "
    "pareja nieto nieta cónyuge suegra suegro progenitores gemelo gemela primos primas tías "
    "nietos nietas bisabuelo bisabuela sobrino sobrina sobrinos sobrinas cuñado cuñada"
).split()
_NOT_KIN_BEFORE = regex.compile(
    r"(?ri)(?<![\p{L}\p{M}])(?:m[ée]dic[oa]s?|medicina|planificaci[óo]n|unidad(?:es)?)"
    r"[ \t]+de[ \t]+\Z"
)
"""What makes "familia" no relative: "médico de familia", "medicina de familia"."""
_DETERMINER_BEFORE = regex.compile(
    r"(?ri)(?<![\p{L}\p{M}])(?:el|los|un|unos|su|sus|sendos|varios|algunos|algún|otros|otro|"
    r"dos|tres|cuatro|cinco|referido|referidos|resto[ \t]+de|por|con|del|al|a)[ \t]+\Z"
)
"""What makes "familiar(es)" a noun, a relative: "los familiares", "el referido familiar",
"presenciada por familiares"; not "antecedentes familiares", "ni familiares"."""
_SEX_WORDS = "varón|varon|mujer|hombre|niño|niña|masculino|femenino|chico|chica"
_CAPITALISED = Latin1Twin(
    regex.compile(
        rf"(?<![\p{{L}}\p{{M}}'\u2019.-])(?!I['\u2019](?:m|d|ve|ll)(?![\p{{L}}\p{{M}}]))"
        rf"\p{{Lu}}{SURNAME_CAPITAL}[\p{{Ll}}\p{{M}}'\u2019]+(?:-\p{{Lu}}[\p{{Ll}}\p{{M}}]+)?"
    ),
    re.compile(
        rf"(?<![{LATIN1_LETTER}'.-])(?!I'(?:m|d|ve|ll)(?![{LATIN1_LETTER}]))"
        rf"[{LATIN1_UPPER}]{SURNAME_CAPITAL_LATIN1}[{LATIN1_LOWER}']+"
        rf"(?:-[{LATIN1_UPPER}][{LATIN1_LOWER}]+)?"
    ),
)
"""A capitalised word, the first word of a name or one of its words; not the English "I'm",
"I'd", "I've", "I'll", which would read as "O'Neil" does ("Hi, I'm [M. Dupont]")."""

RULES: Mapping[str, float] = {
    "name_after_patient_title": 0.95,
    "name_after_patient_key": 0.95,
    "name_after_patient_word": 0.9,
    "name_after_staff_title": 0.95,
    "name_after_staff_key": 0.95,
    "name_after_relative": 0.9,
    "name_before_credential": 0.85,
    "name_before_relative": 0.9,
    "possessor_of_relative": 0.9,
    "name_beside_job": 0.9,
    "name_before_age": 0.9,
    "name_before_birth": 0.9,
    "name_pair": 0.9,
    "name_list": 0.9,
    "name_introduced": 0.9,
    "initials": 0.8,
    "name_spelt": 0.9,
    "first_name": 0.5,
    TAGGED_FIRST_NAME: 0.5,
    "name_repeated": 0.9,
    "kin_word": 0.65,
    "sex_word": 0.95,
}
"""Each rule's confidence: its precision on the corpora of ``benchmarks/cold_start.py``,
rounded down."""


def _languages(language: str | None, table: Mapping[str, str]) -> list[str]:
    if language is None or language not in table:
        return list(table)
    return [language, "en"] if "en" in table else [language]


def _split(value: str) -> list[str]:
    return [w for w in regex.split(r"[|]" if "|" in value else r"\s+", value) if w]


_ABBREVIATED = r"\.?(?:[ \t]*:)?[ \t]+"  # "Dr. ", "Sra ", "Herrn: "
_WORD_CUE = r"(?:[ \t]*:)?[ \t]+"  # "son don", not "son. Brought"
_SPOUSES: Mapping[str, str] = {
    "de": "ihr mann|ihrem mann|ihren mann|ihres mannes|sein mann|seinem mann|seine frau|"
    "seiner frau|ihre frau|ihrer frau|mein mann|meinem mann|meinen mann|meine frau|meiner frau",
    "fr": "sa femme|son mari|ma femme|mon mari",
    "es": "su mujer|su señora|mi mujer|mi señora",
}
"""A spouse named with the everyday word for man or woman and a possessive ("mit ihrem Mann
Franz", "seiner Frau Anna", "sa femme Marie", "su mujer Carmen"): where "Frau" alone is the
title of the patient herself and "Mann" a surname. Phrases, "|" between them (one phrase
alone would be split at its blank into words)."""
_RELATIVE_CUE = (  # "su hermana mayor Maite", "son fils aîné Paul", "su pareja, Aroa"
    r"(?:[ \t]+(?i:mayor|menor|mayores|pequeño|pequeña|gemelo|gemela|aîné|aînée|cadet|"
    r"cadette|jumeau|jumelle|eldest|oldest|youngest))?(?:[ \t]*[:,])?[ \t]+(?:\([ \t]*)?"
)


@cache
def _cue_families(language: str | None) -> tuple[tuple[str, str, Cues, int], ...]:
    """(kind, rule, cues, strength) of every cue family for ``language``."""
    families = (  # a professional's cue first: "Frau Dr. Weber" is a physician
        ("RELATIVE", "name_after_relative", _SPOUSES, _RELATIVE_CUE, STRONG),  # before "Frau"
        # a relative's word before the titles: it skips a title after it, and the name both
        # take is the relative's ("su hija Señora Ana López", "Sohn Herr Thomas Berger")
        ("RELATIVE", "name_after_relative", _RELATIVES, _RELATIVE_CUE, STRONG),
        ("STAFF", "name_after_staff_title", _STAFF_TITLES, _ABBREVIATED, STRONG),
        ("STAFF", "name_after_staff_title", _CREDENTIAL_TITLES, _WORD_CUE, STRONG),
        ("STAFF", "name_after_staff_title", _STAFF_JOBS, _WORD_CUE, WEAK),
        ("STAFF", "name_after_staff_key", _STAFF_KEYS, None, STRONG),
        ("PERSON", "name_after_patient_title", _PATIENT_TITLES, _ABBREVIATED, STRONG),
        ("PERSON", "name_after_patient_key", _PATIENT_KEYS, None, STRONG),
        ("PERSON", "name_after_patient_key", _SURNAME_KEYS, None, FIELD),
        ("PERSON", "name_after_patient_word", _PATIENT_WEAK, _WORD_CUE, WEAK),
        ("PERSON", "name_introduced", _INTRODUCTIONS, _WORD_CUE, STRONG),
        ("PERSON", "name_introduced", _NAMED, _WORD_CUE, WEAK),
    )
    found = []
    for kind, rule, table, tail, strength in families:
        words = {w for lang in _languages(language, table) for w in _split(table[lang])}
        family = cues(
            words, colon=tail is None, tail=tail, word_end=tail in (_WORD_CUE, _RELATIVE_CUE)
        )
        found.append((kind, rule, family, strength))
    return tuple(found)


_FAMILIAR_AFTER = frozenset(
    {
        "name_after_staff_title",
        "name_after_patient_title",
        "name_after_patient_word",
        "name_after_relative",
        "name_introduced",
    }
)
"""Cues after which a name that is a common word too is a name, in lower case ("dr. lee",
"his wife mary", "my name is grace") or capitalised after a weak cue ("a boy named Owen",
"the patient Rose"; see :attr:`.words.Lexicon.familiar` and
:meth:`.words.Lexicon.familiar_here`)."""

_THING_BEFORE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:test|product|drug|vaccine|brand|trade|lab|file|device|generic|"
    r"medication|medicine|study|user)[ \t]+\Z"
)
"""A word before "Name:" that makes it a thing's name, no person's ("Test Name: SARS-CoV-2
by PCR", "Product Name: Comirnaty")."""
_HEADING_BEFORE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:del|de[ \t]+la|of[ \t]+the|du|de[ \t]+l'|des|der)[ \t]+\Z"
)
"""What makes "paciente:" a heading's last word, whose text is the story, no field holding a
name: "Informe clínico del paciente: Varón de 40 años", "Informe clínico del paciente:
Presentamos el caso" (in MEDDOCAN, 441 times, never before the patient's name; "Nombre del
paciente:" is a key of its own)."""
_NAME_WORD_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?i:nombre|nombres|apellido|apellidos|name|names|surname|nom|nome|"
    r"vorname|nachname|naam|namn)(?![\p{L}\p{M}])[^\n\r:]*\Z"
)
"""A name's word earlier on the key's line: "Nombre y apellidos del paciente:", "Name of the
patient:", "Name der Patientin:" hold the name all the same."""
_MEDICAL_CAPITALS = frozenset({"MS", "MR", "PT", "PA"})
"""Capitals that are cues as titles ("Ms", "Mr.") and medical abbreviations without a dot
(multiple sclerosis, mitral regurgitation, physical therapy)."""
_TITLE_CAPITALS = frozenset({"MS", "MR"})
"""Of those, the titles a nursing note writes in capitals before a surname ("MR JONES",
"MS O'BRIEN"): a cue there only for a capitalised known name that is no common word (not
"MR mild", "MS flare", "MR Moderate")."""


_SEX_CUES = cues(_SEX_WORDS.split("|"), tail=rf"(?=(?i:\s+de\s+(?:\d|{NUMBER_WORD})))")
_SEX_AFTER = cues(["paciente", "sexo"], tail=rf"(?i:[ \t]*:?[ \t]*(?:{_SEX_WORDS}|h|m|f|v)\b)")
_KIN_CUES = cues(
    _KIN,
    tail="(?:[ \\t]+(?i:(?:matern|patern)[oa]s?|mayor|menor|mayores|menores))?(?![\\p{L}\\p{M}])",
)
"""A relative's word, with the side of the family or the rank among siblings that says who
(MEDDOCAN's gold takes them in every case: "tía materna", "abuelo paterno", "hermano
mayor")."""
_KIN_COUNT = regex.compile(
    r"(?<![\p{L}\p{M}\d.,])(?:\d{1,2}|(?i:dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez))"
    r"[ \t]+\Z"
)
"""How many relatives a relative's word counts ("tres hermanos", "2 sobrinos"): part of the
mention, as MEDDOCAN's gold takes it (20 times of 21 in train+dev)."""


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    words = {t for _, _, family, _ in _cue_families(language) for t in family.triggers}
    sex_and_kin = _SEX_CUES.triggers | _SEX_AFTER.triggers | _KIN_CUES.triggers
    return frozenset(words | sex_and_kin | _CREDENTIAL_TRIGGERS)


_THE_BEFORE = regex.compile(r"(?<![\p{L}\p{M}])(?i:the) \Z")
"""The definite article right before two capitalised words: in English no one's first name
and surname follow it without a middle initial."""
_POSTCODE_BEFORE = regex.compile(r"(?<![\w.,/-])(?:[A-Z]-)?\d{5}[ \t]+\Z")
"""A five-digit postcode right before two capitalised words: a town and its country or region
follow it ("28003 [Madrid España]", "50009 Zaragoza"), no one's name (four digits are a year
as often: "En 2019 Ana García acudió")."""
_INITIAL_GAP = regex.compile(r" \p{Lu}\.? ")  # "Vanessa P. Hertzog", "Ryan P Costa"
_BLANKS = regex.compile(r"[ \u00a0]{1,3}")
"""What stands between two words of one name: a blank, or two or three that a form's field or
a copy and paste left ("Lara  Fiorentino")."""
_PARTICLE_GAP = regex.compile(r" (?:van(?: de[nr]?| het)?|von(?: der| dem)?|vom|te[nr]) ")
"""Dutch and German particles between a first name and a surname, in lower case ("Willemine
ten Pas", "Dirk ter Horst", "Anna van der Berg"): a name whatever the surname's word."""
_LAST_WORD = regex.compile(r"\w+\Z")
_UNAMBIGUOUS_CREDENTIALS = frozenset(c.lower() for c in _CREDENTIALS) - {
    "md",
    "pa",
    "pa-c",
    "do",
    "rd",
    "emt",
    "phd",
    "mbbs",
}
"""Credentials that are no word, abbreviation or state in lower case ("do", "rd", "md",
"pa"): a nursing note's "j. smith rn", "lisa brown np" sign without a comma."""
_CREDENTIAL = regex.compile(
    rf"(?:,[ \t]*(?i:{alternation(w.lower() for w in _CREDENTIALS)})"
    rf"|[ \t]+{alternation(_CREDENTIALS)}"
    rf"|[ \t]+{alternation(_UNAMBIGUOUS_CREDENTIALS)})(?![\p{{L}}\d])"
)
_CREDENTIAL_TRIGGERS = frozenset(c.lower().split("-")[0] for c in _CREDENTIALS)  # "PA-C": "pa"
_WORD_BACK = regex.compile(r"(?r)([\p{L}][\p{L}\p{M}'\u2019\-]*\.?)[ \t]?\Z")


def _skip_titles(text: str, position: int) -> int:
    """Past the further titles after a cue ("Frau [Dr. med.] Weber")."""
    for word in words_from(text, position, 4):
        if word.folded not in _TITLE_WORDS:
            return word.start
        position = word.end
    return position


def _after_cues(
    text: str,
    language: str | None,
    lex: Lexicon,
    index: dict[str, list[int]],
    shouting: bool,
) -> Iterator[RuleHit]:
    lowercase = language in (None, "en")
    for kind, rule, family, strength in _cue_families(language):
        for match in family.finditer(text, index):
            cue, wanted = match.group().rstrip(" \t:"), strength
            if len(cue) == 1 and text[match.start() - 1 : match.start()] in ("'", "\u2019"):
                continue  # "I'm Sarah": no French "M" before the name
            if cue in _MEDICAL_CAPITALS:
                if cue not in _TITLE_CAPITALS or shouting:
                    continue
                wanted = WEAK  # "MR JONES": a known name, capitalised, no common word
            if strength >= STRONG and _THING_BEFORE.search(
                text, max(0, match.start() - 16), match.start()
            ):
                continue  # "Test Name: SARS-CoV-2 by PCR"
            if (
                rule == "name_after_patient_key"
                and _HEADING_BEFORE.search(text, max(0, match.start() - 8), match.start())
                and not _NAME_WORD_BEFORE.search(text, max(0, match.start() - 40), match.start())
            ):
                continue  # "Informe clínico del paciente: Varón de 40 años"
            if (
                rule == "name_after_relative"
                and cue[:1].isupper()
                and not shouting
                and language not in NOUNS_CAPITALISED
                and _WORD_THEN_BLANK_BEFORE.search(text, max(0, match.start() - 16), match.start())
            ):
                continue  # "habite à Cousin, France": a relative's word capitalised in a
                # sentence is a name or a town, not a relative
            position = _skip_titles(text, match.end())
            span = take_name(
                text,
                position,
                lex,
                wanted,
                lowercase=lowercase,
                uncased=shouting,
                familiar=rule in _FAMILIAR_AFTER,
            )
            if span is not None and rule in _KEYED:
                span = _before_key(text, span)  # "Médico: Ruth Bravo NºCol: 28"
            if span is None:
                continue
            if rule in _KEYED and not _BLANK.search(text, span[0], span[1]):  # a surname alone
                span = (span[0], _given_name_after(text, span[1], lex))
            if rule in _KEYED and (short := _SHORT_SURNAME_ENDING_LINE.match(text, span[1])):
                span = (span[0], short.end(1))  # "Patient: Tammy [Le]"
            elif rule in _TITLES:
                span = (span[0], _surname_after(text, span, lex, language))  # "Dr. Ryan [Le]"
            if (
                rule in _AFTER_PATIENT
                and text[span[0] : span[1]].split()[0].casefold() in _PERSON_WORDS
            ):
                continue  # "Paciente: Varón de 45 años", "paciente Niña de 5 años"
            folded = fold(text[span[0] : span[1]])
            if "," in match.group() and (
                len(folded) < 2
                or (folded.split()[0] in lex.stop and not _named_alone(text, span))
                or _DAY_WORDS.match(folded) is not None
            ):
                continue  # "your brother, I talked": after a comma, no pronoun; "her
                # mother, Today's date": no day's word
            if (
                not (strength < STRONG and folded in eponyms())
                and (folded not in _relative_words(language) or _titled_kin(text, span, rule))
                and folded not in _SALUTATIONS
                and folded.split()[-1] not in _PATIENT_WORDS
            ):
                yield RuleHit(span[0], span[1], kind, rule)


def _titled_kin(text: str, span: tuple[int, int], rule: str) -> bool:
    """Whether a kinship word after a title is a surname: capitalised ("M. Cousin a reçu",
    "Mme Neveu", "Herr Bruder")."""
    return rule in _TITLES and text[span[0]].isupper()


_DAY_WORDS = regex.compile(r"(?:today|tonight|yesterday|tomorrow)(?:['\u2019]s)?(?!\w)")
"""A day's word after a relative's comma, where a name would stand ("her mother, Today's
date is")."""
_PUNCTUATION_AFTER = regex.compile(r"[ \t]*[.,;:)]")


def _named_alone(text: str, span: tuple[int, int]) -> bool:
    """Whether a capitalised stopword after a relative's comma stands alone before a
    punctuation mark, as a name that is also a word does ("her partner, Don. David Novak",
    "her husband, Will, said"; not "your brother, I talked")."""
    start, end = span
    return (
        end - start > 1
        and text[start].isupper()
        and text[start + 1 : end].islower()
        and _PUNCTUATION_AFTER.match(text, end) is not None
    )


_WORD_THEN_BLANK_BEFORE = regex.compile(r"(?r)\p{Ll}[ \t]+\Z")
"""A lower-case word and a blank before a cue: the cue stands inside a sentence."""
_SHORT_SURNAME_ENDING_LINE = regex.compile(r"[ \t]+(\p{Lu}\p{Ll}{1,2})[ \t]*(?=\r?\n|\Z)")
"""A surname of two or three letters that ends a key's line after the name the key took
("Patient: Tammy Le", "Reporter: Anna Wu"): too short for the name lists' test."""
_SURNAME_AFTER = regex.compile(
    r"[ \t]+(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)"
    r"(?=[ \t]*(?:[,.;:()?!]|\r?\n|\Z)|[ \t]+\p{Ll})"
)
"""A capitalised word after a first name, before a punctuation mark, a line's end or a
lower-case word ("Dr. Ryan Le for back pain", "Dr. Ryan Le (MRN", "Dr. Justin Beet?"): the
surname, short or a word of the language, that the name lists' test left out."""


def _surname_after(text: str, span: tuple[int, int], lex: Lexicon, language: str | None) -> int:
    """The end of a titled name that is a first name alone, with the surname after it that
    the name lists' test left out: no stopword of the language ("Dr. Ryan In the"); longer
    than three letters, no word that ends a name ("Dr. Anna Ward 3"), no month or weekday,
    and none in German, where every noun is capitalised ("Dr. Wei Sun" keeps its surname)."""
    start, end = span
    after = _SURNAME_AFTER.match(text, end)
    if (
        after is None
        or _BLANK.search(text, start, end)
        or fold(text[start:end]) not in lex.first_names
    ):
        return end
    word = fold(after.group(1))
    if word in lex.stop:
        return end
    if len(word) > 3 and (  # a short surname is one ("Dr. Wei Sun", "Dr. Ryan Le")
        word in NAME_ENDS
        or word in MONTH_WORDS
        or word in WEEKDAYS
        or language in NOUNS_CAPITALISED
    ):
        return end
    return after.end(1)


_PATIENT_WORDS = frozenset("patient patientin patienten paciente patiente paziente doente".split())
"""Whose relative, no name: "die Tochter [der Patientin]" is the patient's daughter."""
_KEYED = frozenset({"name_after_staff_key", "name_after_patient_key"})
_AFTER_PATIENT = frozenset({"name_after_patient_key", "name_after_patient_word"})
_TITLES = frozenset({"name_after_patient_title", "name_after_staff_title"})
_COLON_AFTER = regex.compile(r"[ \t]*:")
_LAST_WORD_OF = regex.compile(r"(?r)[ \t]+\S+\Z")


def _before_key(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """A field's value without the next field's key a colon follows ("Médico: Ruth Bravo
    [NºCol]: 28"); None when the key is all of it ("Médico:  NºCol: 28", an empty field)."""
    start, end = span
    if _COLON_AFTER.match(text, end) is None:
        return span
    last = _LAST_WORD_OF.search(text, start, end)
    return None if last is None else (start, last.start())


_BLANK = regex.compile(r"\s")
_GIVEN_NAME_AFTER = regex.compile(
    r",[ \t]*(\p{Lu}[\p{L}\p{M}]+(?:-\p{Lu}[\p{L}\p{M}]+)?)(?![\p{L}\p{M}\d.'\u2019-])"
)


def _given_name_after(text: str, end: int, lex: Lexicon) -> int:
    """Where a surname after a key ends, its given name included when it follows after a
    comma, as forms and letters write it ("Betr.: Schulz, Gerda, geb."; "Patient:
    Smith, John"): a known first name that is no common word ("Smith, June 2020" stays)."""
    after = _GIVEN_NAME_AFTER.match(text, end)
    if after is None:
        return end
    folded = fold(after.group(1))
    if folded in lex.first_names and folded not in lex.common and folded not in lex.stop:
        return after.end(1)
    return end


_NAMES_NOT_RELATIVES = frozenset({"irma", "mae"})
"""First names that a relative's word folds to without its accent: Portuguese "irmã"
(sister) and "mãe" (mother) are no "Irma" or "Mae"."""


@cache
def _relative_words(language: str | None) -> frozenset[str]:
    """The relatives' words of ``language`` (of every language when unknown), folded: no
    name after a cue in its narrative ("durch die Mutter (Vater)"), where another language's
    may be one ("sister Tia", though Spanish "tía" is an aunt)."""
    values = (_RELATIVES[language],) if language in _RELATIVES else tuple(_RELATIVES.values())
    return frozenset(fold(w) for value in values for w in _split(value)) - _NAMES_NOT_RELATIVES


_RELATIVE_WORDS = _relative_words(None)


_RELATIVE_FORMS = _RELATIVE_WORDS | frozenset(
    w.lower() for value in _RELATIVES.values() for w in _split(value)
)
"""The relatives' words folded and as narratives write them, accents kept ("père",
"épouse", "mãe"): the word index and a case-insensitive pattern see them so."""
_OF_PATIENT = (
    r"[ \t]+(?i:of[ \t]+the|del|de[ \t]+la|de|des|der|du|da|do|della)"
    rf"[ \t]+(?i:{alternation(_PATIENT_WORDS)})"
)
_OF_THE_PATIENT = rf"(?:{_OF_PATIENT})?"
"""Whose relative, after the relative's word in brackets: "Maribel (pareja del paciente)",
"Anna (Tochter der Patientin)"."""
_PATIENTS_RELATIVE = regex.compile(rf"[\p{{L}}\p{{M}}]*{_OF_PATIENT}(?![\p{{L}}\p{{M}}])")
"""The rest of a relative's word and whose relative it is: "pareja[ del paciente]"."""
_RELATIVE_IN_BRACKETS = regex.compile(
    rf"((?:\p{{Lu}}{SURNAME_CAPITAL}[\p{{Ll}}\p{{M}}'\u2019]+"
    r"(?:-\p{Lu}(?:[\p{Ll}\p{M}]+|\.))?[ \t]+){1,3})"
    rf"\((?i:\L<relatives>){_OF_THE_PATIENT}\)",
    relatives=_RELATIVE_FORMS,
)
"""A name with the relative it is in brackets after it: "durch Adolf (Vater)", "lebt mit
Clara Anders (Ehefrau)", "Mary (daughter)"."""


_RELATIVE_BRACKET = regex.compile(
    rf"\((?i:\L<relatives>){_OF_THE_PATIENT}\)", relatives=_RELATIVE_FORMS
)


def _bracketed_relative(text: str) -> bool:
    """Whether a relative's word stands in brackets after a blank ("Adolf (Vater)"), as
    :data:`_RELATIVE_IN_BRACKETS` needs: most brackets hold no relative, and the pattern
    costs a scan of the whole narrative."""
    return any(
        at and text[at - 1] in " \t" and _RELATIVE_BRACKET.match(text, at)
        for at in occurrences(text, "(")
    )


def _relatives_in_brackets(text: str, lex: Lexicon, shouting: bool) -> Iterator[RuleHit]:
    if not _bracketed_relative(text):
        return
    for match in _RELATIVE_IN_BRACKETS.finditer(text):
        start, end = match.span(1)
        words = [w for w in words_from(text, start, 3) if w.end <= end]
        taken = 0  # the name: the last words before the bracket that can be one
        for word in reversed(words):
            if (
                word.folded in _NOT_NAMES_BESIDE_RELATIVES
                and not (taken == 0 and _kin_surname(words, lex))
            ) or not (lex.is_name(word) or lex.name_like(word, STRONG, uncased=shouting)):
                break
            taken += 1
        if taken:
            first, last = words[-taken], words[-1]
            yield RuleHit(first.start, last.end, "RELATIVE", "name_before_relative")


def _kin_surname(words: Sequence[Word], lex: Lexicon) -> bool:
    """Whether the last of ``words`` before a relative's bracket is a surname that is a
    kinship word too, after a known first name ("Heinz-Walter Bruder (Ehemann)")."""
    return (
        len(words) > 1
        and words[-1].capitalised
        and words[-2].capitalised
        and _given(words[-2].text) in lex.first_names
    )


_PLACE_PREPOSITION = regex.compile(
    r"(?ri)(?<![\p{L}\p{M}])(?:in|at|from|to|near|en|a|à|au|nach|aus|bei|zu)[ \t]+\Z"
)
_RELATIVE_AFTER_COMMA = regex.compile(
    r"(?r)(?<![\p{L}\p{M}'\u2019-])((?:\p{Lu}[\p{Ll}\p{M}'\u2019]+[ \t]+){0,2}"
    r"\p{Lu}[\p{Ll}\p{M}'\u2019]+),[ \t]+"
    r"(?:(?i:the[ \t]+patient['\u2019]s|his|her|their|su|sa|son|seine|ihre|sein|ihr|la|el|le|"
    r"der|die)[ \t]+)?\Z"
)
"""A name, a comma and its relative's word after it (the word's position is where the
pattern ends): "de Irma, hermana de la paciente", "Mary, the patient's daughter", "Anna,
ihre Tochter"."""


_POSSESSOR = regex.compile(
    r"(?r)(?<![\p{L}\p{M}'\u2019.-])(\p{Lu}[\p{Ll}\p{M}]+(?:[ \t]+\p{Lu}[\p{Ll}\p{M}]+)?)"
    r"['\u2019]s[ \t]+\Z"
)
"""A capitalised name of one or two words and an English possessive before a relative's
word (the word's position is where the pattern ends): "I'm Amanda's daughter", "Quionia
Petrova's husband called"."""


def _possessors_of_relatives(
    text: str, lex: Lexicon, index: dict[str, list[int]]
) -> Iterator[RuleHit]:
    """Whose relative a narrative names, in English: "Amanda's daughter", "Jim Tolley's
    wife" — a person, whether the lists know the name or not, unless it is a common word
    (a first name that is one only as a name: "Mary's mother"), a relative's or a title's
    word, or an eponym ("the patient's mother", "Subject's mother", "Papa's sister",
    "Parkinson's family history"); opening a sentence, a known first name only. Of two
    capitalised words the last may be the name alone ("Yesterday Quionia's husband")."""
    medical = eponyms()

    def person(word: str) -> bool:
        return (
            word not in lex.stop
            and word not in _NOT_NAMES
            and word not in _RELATIVE_WORDS
            and word not in medical
            and (lex.is_given_name(word) or word not in lex.common)
        )

    for match in _before_relatives(text, index, _POSSESSOR, 50):
        start, end = match.span(1)
        names = match.group(1).split()
        words = [fold(w) for w in names]
        if len(words) > 1 and not person(words[0]):
            start, words = end - len(names[-1]), words[-1:]
        if not person(words[-1]) or (
            len(words) == 1
            and not lex.is_given_name(words[0])
            and SENTENCE_START.search(text, max(0, start - 4), start)
        ):
            continue  # opening a sentence, any noun is capitalised: "Godmother's son"
        yield RuleHit(start, end, "PERSON", "possessor_of_relative")


def _before_relatives(
    text: str, index: dict[str, list[int]], pattern: regex.Pattern[str], reach: int
) -> Iterator[regex.Match[str]]:
    """The matches of ``pattern`` (reversed, ending at ``\\Z``) in the ``reach`` characters
    before each relative's word of the narrative: each ends where the word starts."""
    for relative in _RELATIVE_FORMS.intersection(index):
        for position in index[relative]:
            match = pattern.search(text, max(0, position - reach), position)
            if match is not None:
                yield match


def _relatives_after_comma(
    text: str, language: str | None, lex: Lexicon, index: dict[str, list[int]]
) -> Iterator[RuleHit]:
    """Names before a comma and their relative's word, the first of them a known first name
    that is no everyday word ("Mary" is one; "Diabetes, mother" names no one), not a place
    after a place's preposition ("vive en Madrid, su madre"; "from Owen, the patient's
    father" is a name)."""
    for match in _before_relatives(text, index, _RELATIVE_AFTER_COMMA, 60):
        position = match.end()
        start, end = match.span(1)
        words = [w for w in words_from(text, start, 3) if w.end <= end]
        if not words or (
            _PLACE_PREPOSITION.search(text, max(0, start - 12), start)
            and places(language).match(tuple(w.folded for w in words)) is not None
        ):
            continue  # "vive en Madrid, su madre"; not "received from Owen, the father"
        given = lex.is_given_name(words[0].folded) or (
            words[0].folded in lex.first_names
            and (
                _PATIENTS_RELATIVE.match(text, position) is not None
                or "patient" in text[end:position].lower()
            )
        )  # "de Aroa, pareja del paciente", "Una, the patient's sister": the patient's
        # relative, though "aroa" and "una" are words
        if given and all(lex.is_name(w) or w.folded not in lex.common for w in words):
            yield RuleHit(start, end, "RELATIVE", "name_before_relative")


_NO_SIGNATURE = frozenset("per er ed icu or ems pacu ccu nicu picu ent via".split())
"""Words before a credential that are no name: "Per RN", "ED MD note", "ER RN" (a
department), though "Per" is a first name and "er" only a German stopword."""


def _credentials(text: str, index: dict[str, list[int]]) -> Iterator[int]:
    """Where each match of :data:`_CREDENTIAL` starts, as ``finditer`` finds them: tried
    only before the credentials of the word index, at the comma or the first blank before
    them (a tenth of the cost of trying it at every character)."""
    done = 0
    for at in sorted(p for t in _CREDENTIAL_TRIGGERS for p in index.get(t, ())):
        blank = at
        while blank > done and text[blank - 1] in " \t":
            blank -= 1
        starts = [blank - 1] if blank > done and text[blank - 1] == "," else []
        if blank < at:  # without a comma, a blank at least
            starts.append(blank)
        for start in starts:
            match = _CREDENTIAL.match(text, start)
            if match is not None:
                done = match.end()
                yield start
                break


_LOWER_INITIAL = regex.compile(r"\p{Ll}\.")


def _signatures(
    text: str, language: str | None, lex: Lexicon, shouting: bool, index: dict[str, list[int]]
) -> Iterator[RuleHit]:
    """Names right before a credential: walk back over name-like words on the line."""
    lowercase = language in (None, "en")
    for credential in _credentials(text, index):
        start = end = credential
        position = end
        taken = 0
        while taken < 4:
            found = _WORD_BACK.search(text, max(0, position - 40), position)
            if found is None:
                break
            word = next(iter(words_from(text, found.start(1), 1)), None)
            if word is None or word.folded in _NO_SIGNATURE:
                break
            if not lex.name_like(
                word, STRONG, lowercase=lowercase, uncased=shouting, familiar=True
            ) and not (taken and lowercase and _LOWER_INITIAL.fullmatch(word.text)):
                break  # a lower-case initial only before a name taken: "[j. smith] rn"
            start = position = found.start(1)
            taken += 1
        if taken and not (taken == 1 and end - start == 1):  # "I, MD": no name
            yield RuleHit(start, end, "STAFF", "name_before_credential")


def _pairs(text: str, capitalised: list[regex.Match[str]], lex: Lexicon) -> Iterator[RuleHit]:
    """A known first name followed by a capitalised word, neither a common word nor a
    stopword nor an eponym ("Teresa Kreutzmann", not "Stevens Johnson"), no cue needed; with
    the surnames after it, and as one name when two pairs share a word ("Ana Jesus" and
    "Jesus Vidal Sotillo")."""
    medical = eponyms()
    known = places(None)
    chain = (-1, -1)  # (index of the last pair's second word, where that pair started)
    for n, (first, second) in enumerate(itertools.pairwise(capitalised)):
        gap = text[first.end() : second.start()]
        initialled = not _BLANKS.fullmatch(gap)  # a middle initial (a particle is read first)
        if initialled:
            if _PARTICLE_GAP.fullmatch(gap):
                a, b = fold(first.group()), fold(second.group())
                if _particle_surname(a, b, gap, lex, medical):
                    yield RuleHit(first.start(), second.end(), "PERSON", "name_pair")
                continue
            if not _INITIAL_GAP.fullmatch(gap):
                continue
        a, b = fold(first.group()), fold(second.group())
        if b in MONTH_WORDS and (end := _month_surname(text, capitalised, n, lex, medical)):
            yield RuleHit(first.start(), end, "PERSON", "name_pair")
            continue
        if (a in MONTH_WORDS or (a in lex.common and a not in medical)) and (
            end := _two_surnames_after(text, capitalised, n, lex, medical)
        ):
            yield RuleHit(first.start(), end, "PERSON", "name_pair")
            continue
        if (
            (a in medical and not _eponym_first_name(text, first, second, lex, medical))
            or a in PARTICLES
            or a in lex.stop
            or a in _NOT_NAMES
            or len(b) < 3
            or b in lex.stop
            or b in _NOT_NAMES
            or (b in NAME_ENDS and b not in lex.last_names)  # "Fariña Servicio"; "Ward"
            or street_ahead(text, second.start(), b)  # "[Plaza de la Encarnación, 32]"
            or _POSTCODE_BEFORE.search(text, max(0, first.start() - 10), first.start())
        ):
            continue
        first_name = a in lex.first_names
        if a not in lex.common:
            if first_name:  # "Tracy Brown", "Stewart Bell": a surname may be a word too
                named = b in lex.last_names or (b not in lex.common and b not in medical)
            else:  # "Shintarou Hamaguchi": an unknown word before a known surname; with
                # a middle initial, one that is a first name or a town too ("Csanád P Gere",
                # "Landerico B Hidalgo")
                named = (
                    len(a) >= 3
                    and b in lex.last_names
                    and b not in lex.common
                    and b not in medical
                    and known.match((a,)) is None
                    and (initialled or (b not in lex.first_names and known.match((b,)) is None))
                )
        else:  # a first name that is a word too ("Owen Dickinson"); a familiar one even
            # before a surname that names a town or is a familiar word ("Frank Taylor", "Joe Fox")
            familiar = a in lex.familiar
            named = (
                first_name
                and _known_surname(b, lex, medical)
                and (b not in lex.common or (familiar and b in lex.familiar))
                and b not in medical
                and (familiar or known.match((b,)) is None)
            ) or (  # a middle initial between them says it is a name ("Mohamed V. Arauš")
                first_name
                and initialled
                and b not in lex.common
                and b not in medical
                and not lex.everyday(b)
                and known.match((b,)) is None
            )
        if (
            named
            and not (lex.language == "de" and german_nouns(text, first.start(), a, b, lex))
            and not (
                lex.language in (None, "en")
                and not initialled  # "The Vide A. Persson version": a name
                and _THE_BEFORE.search(text, max(0, first.start() - 4), first.start())
            )  # "The Princess Royal arrived": a title, not "Princess" and "Royal"
            and not (lex.language in (None, "de") and noun_after_possessive(text, first.start(), a))
        ):
            end = _more_surnames(text, capitalised, n + 2, second.end(), lex, medical, known)
            chained = (
                chain[0] == n
                and first_name
                and b not in NAME_ENDS
                and (b in lex.last_names or not lex.everyday(b))
                and not (b in lex.common and lex.language in (None, "en"))  # "Marina Fort Street"
            )
            start = chain[1] if chained else first.start()
            chain = (n + 1, start)
            yield RuleHit(start, end, "PERSON", "name_pair")


def _particle_surname(
    first: str, surname: str, gap: str, lex: Lexicon, medical: frozenset[str]
) -> bool:
    """Whether a known first name and the word after a Dutch or German particle make a name:
    no month, weekday or eponym after it, nor an everyday word of a narrative in another
    language than English ("Anna von Station 3"); in German (or a language not known), where
    "von" is also "of" between two nouns, a known surname after "von" ("Petra von Bülow", not
    "Gabe von Adrenalin")."""
    return (
        first in lex.first_names
        and first not in lex.stop
        and len(surname) >= 2
        and surname not in lex.stop
        and surname not in medical
        and surname not in MONTH_WORDS
        and surname not in WEEKDAYS
        and (surname in lex.last_names or not lex.everyday(surname))
        and (
            (lex.language is not None and lex.language not in NOUNS_CAPITALISED)
            or not gap.startswith((" von", " vom"))
            or (surname in lex.last_names and not lex.everyday(first))
        )
    )


_NEXT_WORD = regex.compile(r"[ \t]*([\p{L}\p{M}]*)")


def _eponym_first_name(
    text: str,
    first: regex.Match[str],
    second: regex.Match[str],
    lex: Lexicon,
    medical: frozenset[str],
) -> bool:
    """Whether an eponym is a first name before a surname that is none, with no condition's
    word after or before them ("Conn McDermott"; not "Conn syndrome", "Stevens Johnson
    syndrome", "malformación de Dandy Walker")."""
    a, b = fold(first.group()), fold(second.group())
    return (
        a in lex.first_names
        and b in lex.last_names
        and b not in medical
        and TERM_AFTER.match(text, second.end()) is None
        and CONDITION_BEFORE.search(text, max(0, first.start() - 40), first.start()) is None
    )


def _known_surname(word: str, lex: Lexicon, medical: frozenset[str]) -> bool:
    """Whether a folded word is a known surname, or surnames joined by hyphens that are not
    all eponyms ("smith-jones"; not "stevens-johnson")."""
    if word in lex.last_names:
        return True
    parts = word.split("-")
    return (
        len(parts) > 1
        and all(p in lex.last_names for p in parts)
        and not all(p in medical for p in parts)
    )


def _month_surname(
    text: str, capitalised: list[regex.Match[str]], n: int, lex: Lexicon, medical: frozenset[str]
) -> int | None:
    """Where a name ends whose first surname is a month's name, between a known first name
    (a common word too: "Francisco") and a known surname that is none, one blank apart
    ("Ibán Abril Gelabert", "Rosa Mayo Pérez"): a month is no surname elsewhere ("el 3 de
    Abril Juan")."""
    first, month = capitalised[n], capitalised[n + 1]
    if n + 2 >= len(capitalised) or text[first.end() : month.start()] != " ":
        return None
    after = capitalised[n + 2]
    a, c = fold(first.group()), fold(after.group())
    if (
        text[month.end() : after.start()] != " "
        or a not in lex.first_names
        or a in lex.stop
        or a in medical
        or c not in lex.last_names
        or c in lex.common
        or c in _NOT_NAMES
        or c in medical
    ):
        return None
    return _more_surnames(text, capitalised, n + 3, after.end(), lex, medical, places(None))


_DATE_BEFORE = regex.compile(r"(?:\d|\b(?i:de|of|in|on|en|le|im|am|vom))[ \t]*\Z")
"""What ends the text before a month that is a date's ("3 Mar", "de Mayo", "in May")."""


def _two_surnames_after(
    text: str, capitalised: list[regex.Match[str]], n: int, lex: Lexicon, medical: frozenset[str]
) -> int | None:
    """Where a name ends whose first name is a month's or a common word ("Mar", "June",
    "Amor", "Ana"), before two known surnames that are no common, everyday or first names,
    one blank apart ("Mar Ferrera Gabaldón", "Amor Villar Lladó"; a surname may be a town's
    name too, as Spanish ones often are) — or a word no list knows and no place before a
    surname that may be a first name too ("Ana Vereas Martínez"); a month's not after a day
    or a preposition ("3 Mar", "in May"), a word's after anything ("recibido de Amor Villar
    Lladó")."""
    if n + 2 >= len(capitalised):
        return None
    first, second, third = capitalised[n : n + 3]
    given = fold(first.group())
    if (
        text[first.end() : second.start()] != " "
        or text[second.end() : third.start()] != " "
        or given not in lex.first_names
        or (
            given in MONTH_WORDS
            and _DATE_BEFORE.search(text, max(0, first.start() - 8), first.start())
        )
    ):
        return None
    known = places(None)
    middle, last = fold(second.group()), fold(third.group())
    unknown = (
        len(middle) >= 3
        and middle not in lex.last_names
        and _plain_surname(middle, lex, medical, listed=False)
        and known.match((middle,)) is None
    )  # the first of the two may be a word no list knows, before a surname that is a first
    # name too: "Ana [Vereas] Martínez"
    if not (_plain_surname(middle, lex, medical) and _plain_surname(last, lex, medical)) and not (
        unknown and _plain_surname(last, lex, medical, first_names=True)
    ):
        return None
    return _more_surnames(text, capitalised, n + 3, third.end(), lex, medical, known)


def _plain_surname(
    word: str,
    lex: Lexicon,
    medical: frozenset[str],
    *,
    listed: bool = True,
    first_names: bool = False,
) -> bool:
    """A known surname (any word with ``listed`` false) that is no common or everyday word,
    no first name (unless ``first_names``), no eponym and none of :data:`_NOT_NAMES`."""
    return (
        (word in lex.last_names or not listed)
        and word not in lex.common
        and (first_names or word not in lex.first_names)
        and word not in _NOT_NAMES
        and word not in medical
        and not lex.everyday(word)
    )


def _more_surnames(
    text: str,
    capitalised: list[regex.Match[str]],
    n: int,
    end: int,
    lex: Lexicon,
    medical: frozenset[str],
    known: Places,
) -> int:
    """Where a name ending at ``end`` ends with the surnames that follow it, one blank
    apart (at most two: Spanish and Portuguese names carry two, "Heliodoro Noriega
    Pellicer"); ``capitalised[n]`` is the first word after it. No everyday word of the
    narrative's language ("Igor Azurmendi Arin [Apartado]"), no large town, no English
    common word in an English narrative ("John Smith [Will]"; "Amada Aparicio Ros"), and
    none before a department's word, which an institution's name may start with ("Dra.
    Concepción Lara [Bohórquez Servicio de Anatomía Patológica]")."""
    for word in capitalised[n : n + 2]:
        if (
            word.start() != end + 1
            or text[end] != " "
            or not _surname(text, word, lex, medical, known)
        ):
            break
        end = word.end()
    return end


def _surname(
    text: str, word: regex.Match[str], lex: Lexicon, medical: frozenset[str], known: Places
) -> bool:
    """Whether a capitalised word after a name is one more surname of it (see
    :func:`_more_surnames`)."""
    folded = fold(word.group())
    return not (
        len(folded) < 3
        or folded not in lex.last_names
        or folded in lex.stop
        or folded in medical
        or folded in _NOT_NAMES
        or folded in NAME_ENDS
        or (folded in lex.common and lex.language in (None, "en"))
        or lex.everyday(folded)
        or (folded,) in known.large  # "Lara Torres' Santiago": the town
        or fold(_NEXT_WORD.match(text, word.end()).group(1)) in NAME_ENDS
        or street_ahead(text, word.start(), folded)
    )


_LOWER_INITIALLED = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019.@/-])(\p{Ll}{3,})[ \t](\p{Ll})\.?[ \t](\p{Ll}[\p{Ll}-]{2,})"
    r"(?![\p{L}\p{M}@/])"
)
_MIDDLE_INITIAL = re.compile(r"[ \t]([^\W\d_])(?=\.?[ \t])")
r"""A one-letter word: the standard library's ``re`` (twice the ``regex`` module's speed on
this scan); the letter's case is read after (``\p{Ll}``, which ``re`` lacks)."""
_LOWER_RUN_BEFORE = regex.compile(r"(?r)\p{Ll}+")  # match(): ends at endpos


def _lowercase_initialled(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A name written in lower case with a middle initial ("follow up with benjamin a
    seiler", "eric g. samoylova's"), English only: a known first name that is no common
    word, a one-letter initial, and a word that is a known surname or no common word. The
    initial is what tells a name from a phrase ("will a new"); without it a lower-case pair
    is left to the cues.

    The pattern is tried only before its middle initials, where the lower-case word that
    ends at the blank starts: what ``finditer`` finds, at a tenth of the cost of trying it
    at every character."""
    done = 0
    for initial in _MIDDLE_INITIAL.finditer(text):
        if unicodedata.category(initial.group(1)) != "Ll":
            continue
        word = _LOWER_RUN_BEFORE.match(text, 0, initial.start())
        if word is None or word.start() < done:
            continue
        match = _LOWER_INITIALLED.match(text, word.start())
        if match is None:
            continue
        done = match.end()
        first, surname = match.group(1), fold(match.group(3))
        if (
            first in lex.first_names
            and first not in lex.common
            and first not in lex.stop
            and surname not in lex.stop
            and (surname in lex.last_names or surname not in lex.common)
            and surname not in eponyms()
        ):
            yield RuleHit(match.start(), match.end(), "PERSON", "name_pair")


_SALUTATIONS = frozenset("kollegin kollege kollegen collegue colega colleague".split())
"""What a letter calls its reader after "Frau", "Herr": "Sehr geehrte Frau Kollegin"."""
_NOT_NAMES = (
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
    | _SALUTATIONS
    | frozenset(k for keys in _SURNAME_KEYS.values() for k in keys.split("|") if " " not in k)
) - _NAMES_NOT_RELATIVES
"""Titles, kinship words, month and weekday names: capitalised, in a name list, and no
name ("Sunday January 10"); and a surname's key, which no list knows ("Nombre: Maria
Apellidos: Schmidt" is no "Maria Apellidos")."""


_NOT_NAMES_BESIDE_RELATIVES = _NOT_NAMES - MONTH_WORDS - WEEKDAYS
"""Before a relative's word in brackets a month's or a weekday's name is the first name it
also is ("durch Jan (Sohn)", "June (daughter)", "Domingo (hijo del paciente)")."""


def _first_names(
    text: str,
    capitalised: list[regex.Match[str]],
    lex: Lexicon,
    language: str | None,
    lowercase: Container[str],
) -> Iterator[RuleHit]:
    """A capitalised known first name alone, no common word, stopword or eponym ("They had
    6: Gaetane, Hannah, Anthony"): a weak hint, for the rules-only stage and the CRF's
    features. A small town's name too ("David", "Austin", "Jackson": the place rules win
    where they take it, after a cue; see :func:`_name_before_town`); none after a
    condition's word ("síndrome de Potter", "prueba de Allen"). Opening a sentence, a line or
    a field, where every word is capitalised, an everyday word of the narrative's language
    (not English: the common words are English) only when people bear it ("Rosa",
    "Consuelo"; not "Tres meses después", "Valor de referencia", "Nota clínica", which
    Philter's list holds; "Édgar Donoso Arco" keeps it)."""
    medical = eponyms()
    known = places(language)
    borne = borne_first_names()
    for match in capitalised:
        start, end = _without_possessive(match)  # "Amanda's daughter": the name is "Amanda"
        if end < match.end() and (
            not _OWNED_AFTER.match(text, match.end()) or EPONYM_AFTER.match(text, end)
        ):
            continue  # "St. Patrick's Day", "Rett's syndrome", "Ludwig's angina"
        name = text[start:end]
        word, written = fold(name), name.casefold()
        if (
            len(word) >= 3
            and word in lex.first_names
            and word not in lowercase
            and word not in lex.common
            and word not in lex.stop
            and word not in PARTICLES
            and word not in medical
            and word not in _NOT_NAMES
            and word not in _SLIPS
            and written not in _PERSON_WORDS
            and (
                word in borne
                or not lex.everyday(written)
                or not SENTENCE_START.search(text, max(0, start - 4), start)
            )
            and _name_before_town(written, word, known, lex)
            and not _NO_NAME_AFTER.match(text, match.end())
            and not CONDITION_BEFORE.search(text, max(0, start - 40), start)
            and not (language in (None, "de") and noun_after_possessive(text, start, word))
        ):
            yield RuleHit(start, end, "PERSON", "first_name")


_POSSESSIVE = regex.compile(r"['\u2019]s\Z|(?<=s)['\u2019]\Z")
"""An English possessive's ending ("Amanda's", "Daniel\u2019s", "Williams'")."""


def _without_possessive(match: regex.Match[str]) -> tuple[int, int]:
    """The span of a capitalised word without its English possessive ("Amanda" of
    "Amanda's")."""
    start, end = match.span()
    possessive = _POSSESSIVE.search(match.group())
    return start, end if possessive is None else start + possessive.start()


_OWNED_AFTER = regex.compile(r"[ \t]+\p{Ll}")
"""What a person's possessive goes before: a word in lower case ("Amanda's daughter",
"Amanda's car"); a capital starts a name of its own ("Valentine's Day")."""


def _name_before_town(written: str, folded: str, known: Places, lex: Lexicon) -> bool:
    """Whether a first name (``written`` casefolded) goes before the town of that name:
    unless the town is a country or a large city ("Austria", "Paris"), or an everyday word of
    a narrative in another language than English ("Alta")."""
    place = known.match((folded,))
    return place is None or (
        place == "CITY" and (folded,) not in known.large and not lex.everyday(written)
    )


_PERSON_WORDS = frozenset(_SEX_WORDS.split("|")) | {"bebé", "señor", "señora", "garçon"}
"""Words for a person that first-name lists hold as names once their accents are folded away
("Niño" is "Nino", "Niña" is "Nina", "Bebé" is "Bebe") or as they are ("Varon", "Hombre",
"Chico"): written so, at a sentence's start or after a patient's key, they are the word
("Varón de 30 años", "Paciente: Mujer de 45 años", "Niña de 5 años"; "Nina" stays a name)."""
_SLIPS = frozenset({"sever", "ive", "icy", "gal"})
"""First names that reports write for words: "Sever allergic reaction" (severe), "Ive been"
(I've), "Icy hot", "Gal bladder"."""
_NO_NAME_AFTER = regex.compile(
    rf"\d|-\p{{Ll}}|[ \t]+(?i:(?:covid(?:-19)?[ \t]+)?(?:{PRODUCT_WORDS}))(?![\p{{L}}\p{{M}}])"
)
"""What a name is not followed by: a digit ("Eli283", a lot number), a hyphen and a lower-case
word ("Sol-u-Medrol"), a device's word ("Lucas device", "Sofia COVID test", "King airway")."""


_WORD_GOES_ON = regex.compile(r"[\p{L}\p{M}\d'\u2019.-]")
"""A character that may go on with the word before it (see :func:`.words.words_from`)."""


def _repeated(
    text: str,
    found: list[RuleHit],
    capitalised: list[regex.Match[str]],
    lex: Lexicon,
    lowercase: Container[str],
) -> Iterator[RuleHit]:
    """Words of names found by a cue, wherever else they stand in the narrative (a word the
    narrative also writes in lower case is no name: "Servicio")."""
    kinds: dict[str, str] = {}
    short: dict[str, str] = {}  # surnames too short or too common to stand alone: "Le"
    read: set[tuple[str, bool]] = set()  # names read: one stands in a narrative many times
    for hit in found:
        if RULES[hit.rule] < _SURE:
            continue
        name = text[hit.start : hit.end]
        if _WORD_GOES_ON.match(text, hit.end) is None:  # its words end with it
            key = (name, hit.rule in _UNCUED)  # a cue may say more of a name a pair found
            if key in read:
                continue  # its words are in ``kinds`` (the first kind stays)
            read.add(key)
        last = None
        for word in words_from(text, hit.start, 8):
            if word.start >= hit.end:
                break
            if (
                word.capitalised
                and len(word.folded) >= 3
                and word.folded not in lowercase
                and (
                    (word.folded not in lex.common and word.folded not in lex.stop)
                    or (
                        last is None
                        and word.end < hit.end
                        and hit.rule not in _UNCUED
                        and _given_too(word.folded, lex)
                    )
                )
            ):  # "Mr Don Bones ... Don was vaccinated": a first name that is a word too,
                # the first of a full name the narrative writes
                kinds.setdefault(_POSSESSIVE.sub("", word.text.rstrip(".")), hit.kind)
            last = word
        if (
            last is not None
            and last.start > hit.start
            and last.capitalised
            and (len(last.folded) < 3 or last.folded in lex.stop)
        ):
            short.setdefault(last.text, hit.kind)
    if short:
        yield from _titled_surnames(text, short, found)
    if not kinds:
        return
    covered = sorted((h.start, h.end) for h in found)
    starts = [start for start, _ in covered]
    reach = list(accumulate((end for _, end in covered), max))  # the furthest end so far
    for match in capitalised:
        start, end = _without_possessive(match)  # "Quionia's son" after "Quionia Petrov"
        kind = kinds.get(text[start:end])
        if kind is None:
            continue
        before = bisect_left(starts, end)  # the hits that start before it ends
        if not before or reach[before - 1] <= start:  # none of them reaches into it
            yield RuleHit(start, end, kind, "name_repeated")


_SURE = 0.85
"""The confidence from which a name rule's hit lends its words and its kind to the
narrative's other occurrences (:func:`_repeated`, :func:`_as_cued`)."""
_UNCUED = frozenset({"name_pair", "first_name", "name_list"})
"""Name rules that find a name by its words alone, no cue: a first name that is a word too
is repeated only from a name a cue found ("York Royal" is a pair of names, and a
hospital's)."""


def _as_cued(text: str, found: list[RuleHit]) -> list[RuleHit]:
    """The names found by their words alone (:data:`_UNCUED`) with the kind a cue gave the
    same name elsewhere in the narrative, or the name a cue took where it starts: "Médico: Ana
    Vereas Martínez" makes the signature's "Ana Vereas Martínez" a professional's name, not a
    person's, and so does "Médico: Adrian  Muñoz Hernández", where the cue's name ends at the
    wider blank that the pair reads across."""
    cued: dict[str, str] = {}
    cued_at: dict[int, str] = {}
    for hit in found:
        if hit.rule not in _UNCUED and hit.kind in PEOPLE_KINDS and RULES[hit.rule] >= _SURE:
            cued.setdefault(text[hit.start : hit.end], hit.kind)
            cued_at.setdefault(hit.start, hit.kind)
    if not cued:
        return found
    return [
        hit._replace(kind=cued.get(text[hit.start : hit.end]) or cued_at.get(hit.start, hit.kind))
        if hit.kind == "PERSON" and hit.rule in _UNCUED
        else hit
        for hit in found
    ]


def _given_too(folded: str, lex: Lexicon) -> bool:
    """A known first name that is no month: repeated alone though it is a common word or a
    stopword too ("Don", "Will", "Grace"; not "May": a date's month stays readable)."""
    return folded in lex.first_names and folded not in MONTH_WORDS


_TITLE_BEFORE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}])(?i:{alternation(_split(' '.join(_PATIENT_TITLES.values())))}"
    rf"|{alternation(_split(' '.join(_STAFF_TITLES.values())))})\.?[ \t]+\Z"
)


def _titled_surnames(text: str, short: dict[str, str], found: list[RuleHit]) -> Iterator[RuleHit]:
    """A surname too short or too common a word to be taken alone ("Le", "Do"), after a
    title, when the narrative named that person in full ("Patient name: Cathy Le (C.L.)
    ... Mrs Le presented")."""
    taken = {(h.start, h.end) for h in found}
    for surname, kind in short.items():
        for at in occurrences(text, surname):
            end = at + len(surname)
            if (
                (at, end) not in taken
                and not text[end : end + 1].isalnum()
                and _TITLE_BEFORE.search(text, max(0, at - 16), at) is not None
            ):
                yield RuleHit(at, end, kind, "name_repeated")


_LIST_ITEM = r"[\p{L}][\p{L}\p{M}'\u2019-]+"
_LIST_AND = ("and", "y", "e", "et", "und", "och", "en")
"""The word before a list's last item, per language."""
_NAME_LIST = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_LIST_ITEM},[ \t]+){{2,}}{_LIST_ITEM}"
    rf"(?:,?[ \t]+(?:&|{'|'.join(_LIST_AND)})[ \t]+{_LIST_ITEM})?(?![\p{{L}}\p{{M}}])",
    regex.UNICODE,
)
_LIST_WORD = regex.compile(_LIST_ITEM)


_WORD_BEFORE = regex.compile(r"(?r)[\p{L}][\p{L}\p{M}'\u2019-]*\Z")


def _list_matches(text: str) -> Iterator[regex.Match[str]]:
    """The matches of :data:`_NAME_LIST`, looked for only where two commas hold one word
    between them (a scan of the whole text with the pattern costs ten times more)."""
    done = previous = -1
    comma = text.find(",")
    while comma >= 0:
        if (
            previous >= 0
            and previous > done
            and _LIST_WORD.fullmatch(text[previous + 1 : comma].strip())
        ):
            word = _WORD_BEFORE.search(text, max(0, previous - 40), previous)
            if word is not None:
                match = _NAME_LIST.match(text, word.start())
                if match is not None:
                    yield match
                    done = match.end()
        previous, comma = comma, text.find(",", comma + 1)


def _name_lists(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A list of first names ("They had 6: Romi, Erik, Amy and Sam", lower-case too): when
    most items are known first names that are no common word, every item that could be a
    name is one."""
    for match in _list_matches(text):
        items = [w for w in _LIST_WORD.finditer(match.group()) if fold(w.group()) not in _LIST_AND]
        folded = [fold(w.group()) for w in items]
        names = sum(w in lex.first_names and w not in lex.common for w in folded)
        if names < 2 or names < 0.6 * len(items):
            continue
        for word, f in zip(items, folded, strict=True):
            if f in lex.stop or f in _NOT_NAMES or (f in lex.common and f not in lex.first_names):
                continue  # "Huber, Maria, [geb.] 12.03.1950"
            start = match.start() + word.start()
            yield RuleHit(start, start + len(word.group()), "PERSON", "name_list")


_INITIALS = regex.compile(
    r"(?<![\p{L}\p{M}\d.'\u2019-])(?:\p{Lu}\.){2,6}(?![\p{L}\p{M}\d]|\.\p{L})"
)
_INITIALS_KEY = regex.compile(
    r"(?r)(?<![\p{L}])(?i:initials|iniciales|initiales|initialen|iniciais|iniziali)"
    r"[ \t]*:?[ \t]*\Z"
)
"""A form's key for the patient's initials: what follows is a person's, whatever it spells
("Patient initials: B.A.", "Iniciales: J.B.T.G.")."""
_ABBREVIATIONS = frozenset(
    "am pm iv im sc sq po pr bp er or icu us usa uk eu un md do rn np pa lpn ms ma ba bs ok "
    "qd bid tid qid prn hs qhs npo cna rad na nb ps dc id ad bc eg ie vs cv gp ae rip sa sl "
    "sc ee uu dni nhc cp ss ue rx dx hx tx fx sx ct mri ecg ekg eeg cns ent gi ot pt "
    "pdf usb tv ny la dc nyc rtu inr ui fc fr fm fcf pcr ta tac rmn ir iu me "
    "aine paaf epoc hbpm acva df".split()
)
"""Dotted abbreviations of two to four capitals that are no one's initials ("I.V.", "E.R.",
"U.S.", "B.I.D.", "S.A.", "F.C.", "R.T.U.", "México D.F.")."""
_NUMBER_NEAR = regex.compile(r"[ \t]?\d")
_NUMBER_BEFORE = regex.compile(r"(?r)\d[ \t]?\Z")
"""A number right before initials, a blank between at most ("10 U.I.")."""


_SPELLING_WORD = r"\p{Lu}[\p{L}\p{M}'\u2019.-]*"
"""A capitalised word that initials may spell, hyphenated parts and dotted initials of its
own allowed ("Heidelore", "H.-Dieter", "Klaus-D.", "O'Brien")."""
_NAME_BEFORE_BRACKET = {
    n: regex.compile(rf"(?r)((?:{_SPELLING_WORD}[ \t]+){{1,{n}}})\(\Z") for n in (2, 3, 4, 5, 6)
}
"""Up to ``n`` capitalised words right before an opening bracket (as many as the initials in
it: fewer when a word is hyphenated)."""
_NAME_IN_BRACKET = regex.compile(
    rf"[ \t]*\([ \t]*({_SPELLING_WORD}(?:[ \t]+{_SPELLING_WORD}){{0,5}})[ \t]*\)"
)
"""A bracket of capitalised words right after initials ("D.B. (Douglas Berger)")."""


_SUBJECT_VERB = regex.compile(
    r"[ \t]+(?:was|is|has|had|received|presented|started|developed|reported|experienced|died|"
    r"recovered|attended|went|complained|noticed|felt|said|became|took|remained|underwent|"
    r"denied|stated|"
    r"a[ \t]+(?:été|reçu|présenté|débuté|développé)|est|avait|présente|"  # French
    r"fue|recibió|presentó|ingresó|refiere|refirió|"  # Spanish
    r"wurde|erhielt|hat|ist|war|bekam)(?![\p{L}])"  # German
)
_LINE_START = regex.compile(r"(?r)(?:\A|[\n\r|]|[.!?][ \t])[ \t]*\Z")
_TIMES_AND_SETS = frozenset({"am", "pm", "tv", "do"})
"""Abbreviations in :data:`_NO_ONE` that are a person's initials all the same at the start of
a sentence before a person's verb ("A.M. was vaccinated", "T.V. a été vacciné", "D.O. was
discharged"; not "at 10 A.M. was", "the T.V. was on")."""
_NO_ONE = frozenset(
    "am pm iv im er or icu us usa uk eu un rx dx hx tx ct mri ecg ekg eeg pdf usb tv "
    "md do rn np pa lpn cna gp".split()
)
"""Abbreviations that stay what they are even as a sentence's subject ("the I.V. was
stopped", "the U.S. has")."""
_ARTICLE_BEFORE = regex.compile(
    r"(?r)(?:(?<![\p{L}])(?i:the|a|an|his|her|their|per)|\p{Lu}[\p{L}\p{M}]+)[ \t]+\Z"
)
"""An article, or a capitalised word whose legal form they are ("Pfizer S.A. reported")."""


def _a_subject(text: str, start: int, end: int, letters: str) -> bool:
    """Whether initials that spell an abbreviation are a person all the same: the subject of
    a person's verb, with no article or name before them ("B.A. was vaccinated", "H.S. was
    still an inpatient", "M.S. started oxycodone"; not "the I.V. was stopped")."""
    folded = letters.lower()
    abbreviation = folded in _NO_ONE and not (
        folded in _TIMES_AND_SETS and _LINE_START.search(text, max(0, start - 4), start) is not None
    )
    return (
        not abbreviation
        and _SUBJECT_VERB.match(text, end) is not None
        and _ARTICLE_BEFORE.search(text, max(0, start - 8), start) is None
    )


def _name_spelt(text: str, start: int, letters: str, lex: Lexicon) -> tuple[int, int] | None:
    """(start, end) of the name right before the bracket of initials starting at ``start``
    that ``letters`` spell, when it starts with a known first name ("Heidelore Striebitz
    (H.S.)", "Domingo Amaya Arana (D.A.A.)", "H.-Dieter Wilms (H.D.W.)"; not "Presión
    Arterial (P.A.)")."""
    pattern = _NAME_BEFORE_BRACKET[len(letters)]
    found = pattern.search(text, max(0, start - 40 * len(letters)), start)
    if found is None:
        return None
    words = list(regex.finditer(r"\S+", found.group(1)))
    for first in range(len(words)):  # the longest run of the last words that they spell
        kept = [w.group() for w in words[first:]]
        if _spelt(kept, letters, lex):
            return found.start(1) + words[first].start(), found.start(1) + words[-1].end()
    return None


def _spelt(words: Sequence[str], letters: str, lex: Lexicon) -> bool:
    """Whether ``letters`` are the initials of ``words`` (a hyphenated word gives one per
    part) and the first word is, or holds, a known first name."""
    return _spelling(words) == letters and _first_name_first(words, lex)


def _first_name_first(words: Sequence[str], lex: Lexicon) -> bool:
    """Whether the first of ``words`` is, or holds, a known first name ("H.-Dieter")."""
    parts = [p.rstrip(".") for p in words[0].split("-")]
    return any(fold(p) in lex.first_names for p in parts if len(p) > 1)


def _spelling(words: Sequence[str]) -> str:
    """The initials of ``words``, one per hyphenated part ("Jean-Pierre Roux": "JPR")."""
    return "".join(p[0] for w in words for p in w.split("-") if p)


def _initials(text: str, lex: Lexicon, found: Sequence[RuleHit]) -> Iterator[RuleHit]:
    """A person's initials, dotted ("J.R.", "E.O.", "A.M.G.", "J.B.T.G.": how spontaneous
    reports name a patient), unless they spell a common abbreviation that the narrative does
    not give a person (:func:`_given_initials`) and that is no person's verb's subject."""
    if "." not in text:
        return
    matches = list(_INITIALS.finditer(text))
    given = _given_initials(text, matches, found, lex)
    for match in matches:
        start, end = match.span()
        letters = match.group().replace(".", "")
        if (
            letters.lower() in _ABBREVIATIONS
            and (
                match.group() not in given
                or _ARTICLE_BEFORE.search(text, max(0, start - 8), start) is not None
            )  # "the E.R.", "her M.D.": the place, the physician
            and not _a_subject(text, start, end, letters)
        ):
            continue
        if _NUMBER_NEAR.match(text, end) or _NUMBER_BEFORE.search(text, max(0, start - 2), start):
            continue  # a measure's unit or name: "10.000 U.I.", "F.C. 100"
        yield RuleHit(start, end, "PERSON", "initials")


def _given_initials(
    text: str, matches: Sequence[regex.Match[str]], found: Sequence[RuleHit], lex: Lexicon
) -> set[str]:
    """The initials among ``matches`` spelling an abbreviation that the narrative gives a
    person, as written: after an initials field's key ("Patient initials: M.D."), in brackets
    after the name they spell ("Norman Peacock (N.P.)") or before it ("M.D. (Mary Douglas)"),
    or spelling a person's name a rule found ("The patient, Martin Didier, 4 ans" ... "M.D. a
    reçu"). Wherever else they stand, they are that person's ("N.P. presented to the emergency
    department"), unless an article or a capitalised word stands before them ("the E.R.")."""
    abbreviations = [m for m in matches if m.group().replace(".", "").lower() in _ABBREVIATIONS]
    if not abbreviations:
        return set()
    names = {
        _spelling(words)
        for words in (text[h.start : h.end].split() for h in found if h.kind == "PERSON")
        if _first_name_first(words, lex)
    }
    given = set()
    for match in abbreviations:
        start = match.start()
        letters = match.group().replace(".", "")
        if (
            letters in names
            or _INITIALS_KEY.search(text, max(0, start - 24), start) is not None
            or _name_spelt(text, start, letters, lex) is not None
            or _name_bracketed(text, match.end(), letters, lex) is not None
        ):
            given.add(match.group())
    return given


def _spelt_names(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A name that its initials in brackets spell (:func:`_name_spelt`: "Domingo" is also
    Sunday, the "Keller" of "Cal Keller (C.K.)" a town), or in brackets after the initials
    that spell it ("D.B. (Douglas Berger)": "Berger" is an eponym)."""
    if "(" not in text:
        return
    for match in _INITIALS.finditer(text):
        start, end = match.span()
        letters = match.group().replace(".", "")
        if text[end : end + 1] == ")":
            span = _name_spelt(text, start, letters, lex)
            if span is not None:
                yield RuleHit(*span, "PERSON", "name_spelt")
        after = _name_bracketed(text, end, letters, lex)
        if after is not None:
            yield RuleHit(*after, "PERSON", "name_spelt")


def _name_bracketed(text: str, end: int, letters: str, lex: Lexicon) -> tuple[int, int] | None:
    """(start, end) of the name in a bracket right after initials ending at ``end``, when
    ``letters`` spell it ("M.D. (Mary Douglas)")."""
    inside = _NAME_IN_BRACKET.match(text, end)
    if inside is None or not _spelt(inside.group(1).split(), letters, lex):
        return None
    return inside.span(1)


_HEALTH_JOB = (
    r"(?i:(?:(?:locum|community|vaccinating|registered|practice|clinical|hospital|senior|staff|"
    r"charge|school|district|specialist|consultant)[ \t]+){0,2}"
    r"(?:nurse|pharmacist|physician|doctor|gp|midwife|vaccinator|practitioner|paramedic|dentist|"
    r"therapist|surgeon|health[ \t]+visitor))"
)
_BRACKETED_NAME = (
    r"((?:\p{Lu}\.-)?\p{Lu}[\p{Ll}\p{M}'\u2019-]+(?:(?<=-)\p{Lu}[\p{Ll}\p{M}'\u2019]+)?"
    r"(?:\p{Lu}\.)?(?:[ \t]+\p{Lu}\.?)?"
    r"(?:[ \t]+\p{Lu}[\p{Ll}\p{M}'\u2019-]+(?:\p{Lu}[\p{Ll}\p{M}]+)?){1,3})"
)
"""A name of two to four words ("Julio César Riquelme Aroca"), a middle initial allowed, a
surname with a capital inside too ("McBrien", "O'Kearney", "DeLuca"), a first name's initial
before its hyphen ("H.-Dieter"), a double first name ("Jan-Peter Anders", "Marie-Claire
Dubois")."""
_JOB_BEFORE = regex.compile(rf"(?r)(?<![\p{{L}}\p{{M}}]){_HEALTH_JOB}[ \t]*\Z")
_NAME_INSIDE = regex.compile(rf"\([ \t]*{_BRACKETED_NAME}[ \t]*\)")
_NAME_BEFORE = regex.compile(rf"(?r)(?<![\p{{L}}\p{{M}}]){_BRACKETED_NAME}[ \t]*\Z")
_PERSON_NOUN = regex.compile(
    r"[ \t]+(?i:woman|man|girl|boy|female|male|lady|gentleman|child|infant|baby|patient|person)"
    r"(?![\p{L}\p{M}])"
)
_HEALTH_JOB_EUROPE = (
    r"(?i:krankenpfleger(?:in)?|krankenschwester|apotheker(?:in)?|pflege(?:fach)?kraft|hebamme"
    r"|(?:haus|not|fach|amts|betriebs|impf)?(?:arzt|ärztin)"
    r"|infirmi[eè]re?|pharmacien(?:ne)?|m[ée]decin|sage-femme"
    r"|enfermer[oa]|farmac[ée]utic[oa]|m[ée]dic[oa]|matrona"
    r"|infermier[ea]|farmacista|enfermeir[oa]|farmac[êe]utic[oa])"
)
"""Health jobs in German, French, Spanish, Italian and Portuguese, written after a name and
its comma without an article ("Viktor Anders, Krankenpfleger (Impfzentrum ...)")."""
_JOB_INSIDE = regex.compile(
    rf"\([ \t]*(?:{_HEALTH_JOB}|{_HEALTH_JOB_EUROPE})(?![\p{{L}}\p{{M}}])"
    r"(?:[ \t]+[\p{L}\p{M}]+(?:['\u2019][\p{L}\p{M}]+)?){0,4}[ \t]*[),]"
)
"""A health job in brackets, alone or first, with up to four words saying which ("(nurse)",
"(enfermera, tel. ...)", "(enfermera de atención primaria, tel. ...)", "(pharmacienne
d'officine)")."""
_JOB_AFTER_COMMA = regex.compile(
    rf",[ \t]+(?:(?i:an?|the)[ \t]+{_HEALTH_JOB}|{_HEALTH_JOB_EUROPE})(?![\p{{L}}\p{{M}}])"
)
_NAME_BEFORE_COMMA = regex.compile(rf"(?r)(?<![\p{{L}}\p{{M}}'\u2019-]){_BRACKETED_NAME}\Z")
"""A professional's name before a comma (:data:`_NAME_BEFORE_COMMA`) and their job
(:data:`_JOB_AFTER_COMMA`): "Colm McBrien, a locum pharmacist working at...", "Finn
Hereward, a community pharmacist", "Viktor Anders, Krankenpfleger"."""
_NAME_AFTER_JOB_COMMA = regex.compile(
    rf"{_BRACKETED_NAME}(?=[ \t]*(?:[,.;:(]|\r?\n|\Z)|[ \t]+(?:of|from|at)[ \t])"
)
"""The name after a job and its comma, before a comma, a full stop or "of": "from a
registered nurse, [Douglas Schmidt], of West Charlesside Primary Care"."""


_NAME_BEFORE_AGE = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}'\u2019-]){_BRACKETED_NAME}(?:,[ \t]+|[ \t]+(?:is|was)[ \t]+)"
    r"an?[ \t]+\d{1,3}[ \t-]?(?:year|yr|month|week)s?[ \t-]old(?![\p{L}\p{M}])"
)
"""A person's name before their age in apposition: "Amy Day is a 32-year-old woman", "Mark
Rose, a 45-year-old man" (the surname may be a common word: the age says who it is)."""


def _named_with_age(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """Names before "is a N-year-old" or ", a N-year-old", their first word a known first
    name that is no everyday word ("Depression is a 3-year-old diagnosis" names no one), or
    their last a known surname after a first word that is no common word ("Dervla McManus,
    a 82-year-old woman"), or any known first name before a surname when a person's noun
    follows the age ("June Lee is a 51-year-old woman": "june" is a month first)."""
    if "old" not in text:
        return
    for match in _NAME_BEFORE_AGE.finditer(text):
        start, end = match.span(1)
        words = [fold(w) for w in text[start:end].split()]
        first, last = words[0], words[-1]
        if (
            lex.is_given_name(first)
            or (
                len(words) > 1
                and last in lex.last_names
                and last not in lex.common
                and first not in lex.common
                and first not in lex.stop
            )
            or (
                len(words) > 1
                and first in lex.first_names
                and _PERSON_NOUN.match(text, match.end()) is not None
            )
        ):
            yield RuleHit(start, end, "PERSON", "name_before_age")


_BIRTH_IN_BRACKET = regex.compile(
    r"\([ \t]*(?i:dob|d\.o\.b\.?|date[ \t]+of[ \t]+birth|born|f\.[ \t]*nac\.?|fecha[ \t]+de"
    r"[ \t]+nacimiento|n[ée]e?[ \t]+le|geb\.|geboren)(?![\p{L}\p{M}])"
)
"""A birth date in brackets after a name: "Joe Johnson (DOB 26/03/1990)", "Atilio Pi Moya (F.
nac. 11 de enero de 1980)", "(née le 3 mai 1950)", "(geb. 21.04.1964)"."""
_BIRTH_OR_AGE_AFTER_COMMA = regex.compile(
    r",[ \t]+(?:(?i:geboren[ \t]+am|geb\.|n[ée]e?[ \t]+le|nacid[oa][ \t]+el|born[ \t]+on"
    r"|whose[ \t]+(?:date[ \t]+of[ \t]+birth|birth[ \t]*date|dob)|who[ \t]+was[ \t]+born)"
    r"|(?:(?i:mujer|var[óo]n|hombre|ni[ñn][oa]|femme|homme|enfant|fille|gar[çc]on)[ \t]+"
    r"(?i:de)[ \t]+)?\d{1,3}[ \t]+(?:ans|an|Jahre|Monate|años|meses|mois)(?![\p{L}\p{M}]))"
)
"""A birth date or an age after a name and its comma, in French, German and Spanish:
"Paolo Anders, geboren am 21.04.1964", "concernant Gilbert Gallet, 72 ans", "zu Artur Anders,
16 Monate alt", "Maxi Lasa Hervás, mujer de 50 años", "concerns Owen Read, whose date of
birth"."""


def _named_with_birth(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A name before its birth date in brackets, or before a comma and its birth date or
    age (:data:`_BIRTH_IN_BRACKET`, :data:`_BIRTH_OR_AGE_AFTER_COMMA`), the first word a
    known first name: the surname may be an eponym, a common word or another language's
    stopword ("Joe Johnson", "Tara May", "Paolo Anders"), which no pair of names takes."""
    names = []
    for at in occurrences(text, "("):
        if _BIRTH_IN_BRACKET.match(text, at):
            before = _NAME_BEFORE.search(text, max(0, at - 80), at)
            if before is not None:
                names.append(before.span(1))
    for at in occurrences(text, ", "):
        if text[at + 2 : at + 3].isalnum() and _BIRTH_OR_AGE_AFTER_COMMA.match(text, at):
            before = _NAME_BEFORE_COMMA.search(text, max(0, at - 80), at)
            if before is not None:
                names.append(before.span(1))
    for start, end in _led_by_first_names(text, names, lex):
        yield RuleHit(start, end, "PERSON", "name_before_birth")


def _led_by_first_names(
    text: str, spans: list[tuple[int, int]], lex: Lexicon
) -> Iterator[tuple[int, int]]:
    """The spans from their first word that is a known first name, two words at least (the
    cue said a name stands there; its surname may be any word): "Julio César Riquelme Aroca"
    whole, "Dr Juan Pérez López" from "Juan"."""
    for start, end in spans:
        first = _first_name_start(text, start, end, lex)
        if first is not None:
            yield first, end


def _first_name_start(text: str, start: int, end: int, lex: Lexicon) -> int | None:
    """Where the first word of ``start``-``end`` that is a known first name starts, two words
    at least before ``end``; None when there is none. A word no one bears after a German
    possessive is a noun ("Ihr Mann [Hans Müller], geb. 1950")."""
    while (given := _given(text[start:end])) not in lex.first_names or (
        noun_after_possessive(text, start, given)
    ):
        blank = _BLANKS.search(text, start, end)
        if blank is None or _BLANKS.search(text, blank.end(), end) is None:
            return None  # no two words are left
        start = blank.end()
    return start


_BLANKS = regex.compile(r"[ \t]+")


def _given(name: str) -> str:
    """The first name a name starts with, folded: of a hyphenated one, its first part
    that is no initial ("Klaus-D. Briemer", "H.-Dieter Trubin")."""
    parts = name.split()[0].split("-")
    return fold(next((part for part in parts if not part.endswith(".")), parts[0]))


def _staff_in_brackets(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A professional named beside their job in brackets, either way round ("A locum
    pharmacist (Douglas Booth) reported", "received from Christine May (nurse) at"), before
    a comma and the job ("Colm McBrien, a locum pharmacist") or after the job and a comma
    ("a registered nurse, Douglas Schmidt, of ..."): the name starts with a known first
    name; its surname may be a common word or a town."""
    names: list[tuple[int, int]] = []
    for at in occurrences(text, "("):
        inside = _NAME_INSIDE.match(text, at)
        if inside is not None and _JOB_BEFORE.search(text, max(0, at - 60), at):
            names.append(inside.span(1))
            continue
        before = _NAME_BEFORE.search(text, max(0, at - 80), at)
        if before is not None and (
            _JOB_INSIDE.match(text, at)  # "Rosario Pi Tamarit (enfermera, tel. ...)"
            or _JOB_BEFORE.search(text, max(0, before.start(1) - 60), before.start(1))
        ):  # "from pharmacist Don McGauran (tel. ...)"
            names.append(before.span(1))
    for at in occurrences(text, ", "):  # the patterns tried at each comma, not everywhere
        if _JOB_AFTER_COMMA.match(text, at):
            before = _NAME_BEFORE_COMMA.search(text, max(0, at - 80), at)
            if before is not None:
                names.append(before.span(1))
        elif text[at + 2 : at + 3].isupper():
            after = _NAME_AFTER_JOB_COMMA.match(text, at + 2)
            if after is not None and _JOB_BEFORE.search(text, max(0, at - 60), at):
                names.append(after.span(1))
    for start, end in _led_by_first_names(text, names, lex):
        yield RuleHit(start, end, "STAFF", "name_beside_job")


def find_names(text: str, language: str | None) -> list[RuleHit]:
    """Every name (and MEDDOCAN kinship and sex word) the context rules find in ``text``."""
    lex = lexicon(language)
    index = word_index(text, language)
    shouting = uncased(text)
    # first: a name with its relative in brackets is the relative's, whatever cue stood
    # before it ("Reporter: Alice Sullivan (wife)"; hits of one length: the first wins)
    found = list(_relatives_in_brackets(text, lex, shouting))
    found += _relatives_after_comma(text, language, lex, index)
    if language in (None, "en") and not shouting:
        found += _possessors_of_relatives(text, lex, index)
    found += _after_cues(text, language, lex, index, shouting)
    found += _signatures(text, language, lex, shouting, index)
    capitalised = list(_CAPITALISED.of(text).finditer(text))
    found += _pairs(text, capitalised, lex)
    found += _name_lists(text, lex)
    found += _initials(text, lex, found)
    found += _spelt_names(text, lex)
    if "(" in text or ", " in text:
        found += _staff_in_brackets(text, lex)
        found += _named_with_birth(text, lex)
    if language in (None, "en"):
        found += _named_with_age(text, lex)
    if language in (None, "en") and not shouting:
        found += _lowercase_initialled(text, lex)
    lowercase = lowercase_words(text)
    found += _repeated(text, found, capitalised, lex, lowercase)
    found = _as_cued(text, found)
    if not shouting and language not in NOUNS_CAPITALISED:
        found += _first_names(text, capitalised, lex, language, lowercase)
    elif not shouting and language == "de":
        found += tagged_first_names(text, capitalised, lex, found)
    if language in (None, "es"):
        for match in _SEX_CUES.finditer(text, index):
            found.append(RuleHit(match.start(), match.end(), "SEX", "sex_word"))
        for match in _SEX_AFTER.finditer(text, index):
            word = _LAST_WORD.search(match.group())
            if word is not None:
                found.append(RuleHit(match.start() + word.start(), match.end(), "SEX", "sex_word"))
        for match in _KIN_CUES.finditer(text, index):
            before = max(0, match.start() - 24)
            if _NOT_KIN_BEFORE.search(text, before, match.start()):
                continue
            if match.group().lower().startswith("familiar") and not _DETERMINER_BEFORE.search(
                text, before, match.start()
            ):
                continue  # "antecedentes familiares": an adjective; "los familiares": kin
            count = _KIN_COUNT.search(text, before, match.start())
            start = match.start() if count is None else count.start()  # "[tres hermanos]"
            found.append(RuleHit(start, match.end(), "KIN", "kin_word"))
    if language in (None, "en"):
        found = [_with_generation(text, without_possessive_end(text, hit)) for hit in found]
    return found


_GENERATION = regex.compile(r"(?:,?[ \t]+(?:Jr|Sr)\.?|[ \t]+(?:II|III|IV))(?![\p{L}\p{M}\d])")
"""A generation after an English name ("Kevin Veitonen II", "John Smith, Jr."): part of it."""


def _with_generation(text: str, hit: RuleHit) -> RuleHit:
    """``hit`` with the generation that follows it, when it names a person."""
    if hit.kind not in PEOPLE_KINDS or text[hit.end : hit.end + 1] not in " ,":
        return hit
    after = _GENERATION.match(text, hit.end)
    return hit if after is None else hit._replace(end=after.end())


NAME_FINDER = Finder(
    "names",
    find_names,
    RULES,
    (
        "Mr [John Smith] was seen",
        "transferred, MR [JONES] stable on 2L",
        "MS [O'BRIEN] called the unit",
        "Patient initials: [B.A.]\nDate of birth",
        "Puede contactarse con su [pareja], [Aroa], en el",
        "un [varón] de 40 años, [Domingo Amaya Arana] ([D.A.A.]), residente",
        "The patient, [Cal Keller] ([C.K.]), is a 57-year-old",
        "Iniciales: [J.B.T.G.]\nEdad",
        "se informó a los [familiares] del mal pronóstico; el referido [familiar] la encuentra",
        "Herrn [Theodor Maier] wurde",
        "Betr.: [Flora Huber], geb.",
        "Sra. [María del Carmen López] ingresa",
        "Mme [Dupont] a présenté",
        "Remitido por: Dra. [Estefanía Romero Selas]. Email",
        "Remitido por: Doctora [Marta García Torrelles]. Servicio de Urología",
        "Frau Dr. med. [Anna Weber] berichtet",
        "Patient: [JOHN DOE]",
        "Nombre:  [Pedro].",
        "Apellidos: [De Miguel Rivera].",
        "Médico: [Estefanía Romero Selas]  NºCol: 28",
        "Médico: [Ruth Bravo Lizcano] NºCol: 28 31\nMédico:  NºCol: 41 41",
        "Notificador: [Leire Ruiz]\nTeléfono: 600",
        "his son [don] called",
        "his wife [mary] visited, son [frank] at the bedside",
        "family meeting with mother ([linda]) and son ([bob])",
        "per rn [kathy] pt slept well; NP [Jane] aware",
        "will f/u with pcp dr. [lee]",
        "PATIENT'S WIFE [ROSE] STATED THAT HE HAD A FEVER AFTER THE VACCINE",
        "su [hija] [Ana] llamó",
        "Su [hermana mayor] [Maite] no es portadora",
        "la fille aînée [Claire] est venue",
        "Apellidos: [Vals Cardona].",
        "Nombre y apellidos: [Rosa Blanco Moreno]\nEdad",
        "die Tochter [Maria] kam",
        "Die Meldung erfolgte durch [Clara Anders] (Ehefrau) über",
        "reported by [Mary] (daughter) on",
        "Es handelt sich um [Heidelore Striebitz] ([H.S.]), eine",
        "note by [irene snell], rn",
        "[karen o'neil], rn; [mary smith], rn",
        "[Q. LANDER] RRT",
        "Betr.: [Schulz, Gerda], geb. am",
        "Patient: [SMITH, JOHN]; Patient: [Smith], June 2020; Name: [Müller], Frau",
        "Sehr geehrter Herr Kollege [Meier],",
        "report given to [mary jones] rn; [lisa brown] np at bedside; signed: [j. smith] rn",
        "A locum pharmacist ([Douglas Booth]) reported; received from [Christine May] (nurse)",
        "seen by [J. Smith], MD today",
        "The player [Teresa Kreutzmann] was detained",
        "from [Rachael McPartlon] (registered nurse); [Leanne MacDonald] said",
        "[Frank Taylor] is a 77-year-old man; [Joe Fox] reported",
        "metformin 500 mg.\n\n[B.A.] was vaccinated; [M.S.] started oxycodone",
        "Patient initials: [N.P.]\nAge: 56\n[N.P.] presented to the E.R. at 10 A.M.",
        "The patient, [Martin Didier], 4 ans.\nLe 09/07/2021, [M.D.] a reçu la dose",
        "Patient [M.D.] ([Mary Douglas]), aged 91.\n\n[M.D.] was seen by her M.D.",
        "Mrs [Ward] was discharged; Vorstellung bei Dr. [H.-Dieter Knappe] in",
        "[Julio César Riquelme Aroca] (enfermero, tel.; by Dr. [Ryan Le] for back pain",
        "correct it to Dr. [Justin Beet]? Seen by Dr. [Mark Head] today; Dra. [Cristina Cuerda].",
        "durch [Heinz-Walter Bruder] (Ehemann) über; le 30/07/2021, M. [Cousin] a reçu",
        "The report concerns [Tracy Brown], a 86-year-old",
        "Se trata de [Heliodoro Noriega Pellicer], con",
        "administrado por [Ana Jesus Vidal Sotillo].",
        "As previously reported, [Mohamed Hussain], a 50-year-old",
        "My name is [Siiri] and",
        "My name is [Aantje Mourik].",
        "her maiden name is [nyberg]",
        "people call me [Piusz]",
        "a son named [Tom]",
        "She named him [Frank]",
        "submitted by the patient's partner, [Don]. [David Novak] (DOB 05/08/1950)",
        "They had 6: [Gaetane], [Hannah], [Derek]",
        "they had 6: [silvana], [adam], [christopher] and [caleb].",
        "add [Ryan P Costa] as guardian",
        "the report from [Mohamed V. Arauš] yesterday",
        "reported by [Dirk ter Horst] and [Anna van der Berg]",
        "Cáceres. [Mar Ferrera Gabaldón], lactante de 4 meses",
        "recibido el 27/09/2021: [Amor Villar Lladó] aporta información adicional",
        "follow up with [benjamin a seiler] in a couple of months",
        "verses from [eric g. samoylova]'s tales",
        "What's your name? [Shintarou Hamaguchi]",
        "[Csanád P Gere] lives at; signed [Landerico B Hidalgo]\n\nLaboratory technician",
        "[Mary Smith-Jones] was seen; Mark Stevens-Johnson syndrome",
        "Dr. [Gomez] saw her. Later [Gomez] called",
        "Mrs. [Barbara Yudina] Apt. 675; Dr. [Cindy Holinka] Suite 117",
        "[Varón] de 53 años, su [madre] refiere",
        "Antecedentes: [dos primos] [hermanos] y un [primo materno]; sus [nietas]",
        "Edad: 53 años Sexo: [H].",
        "The patient, [Jennifer Taylor] ([J.T.]), is",
        "Le 01/05/2021, [G.B.] a reçu la première dose",
        "lives in Tralee. [A.M.] was vaccinated; bisoprolol 2.5 mg. [T.V.] received it",
        "hypothyroïdie.\n[T.V.] a été vacciné. [C.P.] a débuté oxycodone",
        "reported by [Mary], the patient's daughter, on",
        "He called [Mary Jones], his wife, at noon.",
        "[Finn Hereward], a community pharmacist working in Leeds, reported",
        "[Colm McBrien], a locum pharmacist working at the practice, reported",
        "from a registered nurse, [Douglas Schmidt], of West Charlesside Primary Care",
        "Su [hermana], [Irma], es quien le cuida",
        "[Viktor Anders], Krankenpfleger (Impfzentrum Altentreptow), meldete",
        "[Rosario Pi Tamarit] (enfermera, tel. +34900512575) notifica",
        "Suivi reçu le 2021-05-26 de [Alexandria Le Gall] (pharmacienne d'officine), complétant",
        "[Carina Olmo Pozuelo] (enfermera de atención primaria, tel. +34 912) notifica",
        "Die Meldung erfolgte durch [Jan] (Sohn) über das Meldeportal",
        "reached on 496 0669. [June Lee] is a 51-year-old woman",
        "received on 20Oct2021 from [Owen], the patient's father.",
        "recibido el 2021-07-24 de [Aroa], [pareja] del paciente. La nueva",
        "Es handelt sich um [H.-Dieter Wilms] ([H.D.W.]), ein 45-jähriger",
        "Neue Informationen zu [H.-Dieter Trubin], 60 Jahre alt.",
        "My great grandfather was called [Kevin Veitonen II], and [John Smith, Jr.] was",
        "a boy named [Owen] was seen; my name is [grace]",
        "Patient name: [Cathy Le] ([C.L.])\nAge: 40\n\nMrs [Le] presented to the emergency",
        "[Una], the patient's sister, telephoned the clinic",
        "recibido el 19-Abr-2021: [Francisco Abril Gimeno] aporta información adicional",
        "Mit freundlichen Grüßen\n[Denis Anders], Pflegekraft",
        "[Domingo] ([hijo] del paciente) comunica el 2021-05-12 que",
        "Patient: [Don Payne]\nDate of birth: 2020\n\nOn 25Mar2020, [Don] received; Don't",
        "New information concerns [Owen Read], whose date of birth was corrected",
        "Patient [D.B.] ([Douglas Berger]), aged 67, lives in",
        "additional information was provided by [Conn McDermott]. As",
        "de ciprofloxacino. [Maxi Lasa Hervás], [mujer] de 50 años (fecha",
        "[Klaus-D. Briemer], Apotheker (Apotheke am Markt), meldete",
        "Patient: [Tammy Le]\nPatient initials: [T.L.]\nDate of birth",
        "Report received from pharmacist [Don McGauran] (tel. 5813843038) concerning",
        "[Maribel] ([pareja] del paciente) comunica el 21-Oct",
        "Moderna). [Joe Johnson] (DOB 26/03/1990), a 31-year-old man",
        "Neue Informationen zu [Artur Anders], 16 Monate alt.",
        "[Paolo Anders], geboren am 21.04.1964, 57 Jahre alt",
        "[Jan-Peter Anders], geboren am 10. Dezember 1951, 69 Jahre",
        "[Amy Day] is a 32-year-old woman (date of birth unknown)",
        "We met [Quionia]'s daughter; [Elizabeth]'s husband called",
        "Sie kam mit ihrem Mann [Franz]; Herr [Huber] und seine Frau [Anna]",
        "M. [Dupont] est venu avec sa femme [Marie]; acude con su mujer [Carmen]",
        "Yesterday [Quionia]'s husband called",
        "Mr [Quionia Petrov] called. Later [Quionia]'s son came; [Quionia] said so",
        "Mr [Tom Williams] called. [Williams]' son came",
        "Mit freundlichen Grüßen\nIhre [Anna Huber]",
        "Ihr Mann [Hans Müller], geb. 1950, berichtete",
        "mit meinem Mann [Franz]; ma femme [Marie]; mi mujer [Carmen]",
        "the keys were in [Amanda]'s car",
    ),
    (
        "the patient was seen",
        "Diabetes, mother has it",
        "the patient's mother; Today's sister; Parkinson's father",
        "Die Patientin und ihr Mann berichteten; sa femme a appelé; su mujer refiere fiebre",
        "Subject's mother; Neighbor's son; Papa's sister; Godmother's husband",
        "Rett's syndrome, Ludwig's angina, St. Patrick's Day, Valentine's Day",
        "was recovering.; Sender's Comments: Based on the information",
        "Depression is a 3-year-old diagnosis",
        "She moved to Georgia, her sister lives there",
        "Mr. and Mrs. came",
        "patient Severe pain",
        "MR mild, TR moderate",
        "MR Moderate on echo",
        "MS Lesions seen on MRI",
        "her son reported fever",
        "her son may visit tomorrow",
        "given report to RN. DON notified.",
        "the rn aware, will do rn assessment; care by nurse rn",
        "dr. office visit on monday, the RN Called MD",
        "his daughter june 5 visited",
        "returned to ER Sunday January 10 at 1300",
        "Die Meldung erfolgte durch die Mutter (Vater) über",
        "given at bedtime (H.S.) daily",
        "the I.V. was stopped; the H.S. dose was given",
        "received at 10 A.M. was fine; the T.V. was on; I.V. was started at 10",
        "seen by the nurse (Blood Test) today; the pharmacist (see above)",
        "Per RN, resident was",
        "PER ED MD NOTE she",
        "Apellidos: no constan",
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege",
        "Test Name: SARS-CoV-2 by PCR; Product Name: Comirnaty",
        "Dose: 5 mg",
        "my name is not important",
        "she called Back later",
        "we will a new dose give",
        "received dose 2 of the vaccine",
        "patient had a sore arm",
        "she is a nurse at the clinic",
        "pain, fever, chills and headache",
        "Hepatitis B Vaccine given",
        "she moved to Upper Austria",
        "given I.V. in the E.R. at 3 P.M. in the U.S.",
        "tratamiento con A.I.N.E. durante diez días",
        "Presión Arterial (P.A.) elevada",
        "con P.A. (Presión Arterial) elevada",
        "When I killed your brother, I talked just like this",
        "Called her mother, Today's date is unknown",
        "Pfizer S.A. reported",
        "Coyoacán 04030 México D.F. México",
        "F.C. 100 latidos/minuto, 10.000 U.I. al día",
        "Sever allergic reaction; Ive been taking; given IV Sol-u-Medrol; lot number: Eli283",
        "We are still waiting for M.E. report",
        "su médico de familia solicitó; la Medicina de Familia y Comunitaria",
        "sin antecedentes familiares de interés; hipercolesterolemia familiar",
    ),
    guarded=False,
    prevails=frozenset(
        {
            "name_after_patient_title",
            "name_after_patient_key",
            "name_after_staff_title",
            "name_after_staff_key",
            "name_after_relative",
            "name_before_relative",
            "possessor_of_relative",
            "name_introduced",
            "name_beside_job",
            "name_before_age",
        }
    ),
)
