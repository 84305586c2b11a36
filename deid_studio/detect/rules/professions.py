"""A person's profession, after the words that introduce one.

"She works as a [lorry driver] at…", "Occupation: [teacher]", "trabaja como [camarera]",
"arbeitet als [Lehrerin]", "travaille comme [boulangère]", and before the words that close
one: "He is a [retired postman] by occupation", "ist [Lehrerin] von Beruf". A profession is
PHI in the ``pv`` and MEDDOCAN schemes (with an age, a town and a date it narrows a patient
down to a few people); a professional's own role ("the nurse gave the vaccine") is not, and
no cue stands before it. Kind ``PROFESSION``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import Finder, RuleHit
from deid_studio.detect.rules.words import (
    Cues,
    cues,
    languages_of,
    lexicon,
    register_triggers,
    word_index,
)

_BEFORE: Mapping[str, str] = {
    "en": "works as|worked as|working as|work as a|work as an|employed as|job as|career as",
    "es": "trabaja como|trabajaba como|trabajó como|empleado como|empleada como|"
    "de profesión|de profesion",
    "fr": "travaille comme|travaillait comme|exerce comme|employé comme|employée comme|"
    "exerce la profession de",
    "de": "arbeitet als|arbeitete als|tätig als|beschäftigt als",
    "pt": "trabalha como|trabalhava como|trabalhou como|empregado como|empregada como|"
    "de profissão|de profissao",
    "it": "lavora come|lavorava come|ha lavorato come|impiegato come|impiegata come|di professione",
}
"""Phrases after which a profession follows (an article may come between; "work as" only
with one: "went to work as the cough started")."""
_KEYS: Mapping[str, str] = {
    "en": "occupation|profession|job|job title",
    "es": "profesión|profesion|ocupación|ocupacion",
    "fr": "profession|métier",
    "de": "beruf|tätigkeit",
    "pt": "profissão|profissao|ocupação|ocupacao",
    "it": "professione|occupazione",
}
"""Form keys whose value is a profession ("Occupation: teacher")."""
_ARTICLES = r"(?:(?i:a|an|un|una|une|ein|eine|el|la|le|um|uma|uno)[ \t]+)?"
_STOP = frozenset(
    "at in for and with since who which that until from on of to by but "
    "en y con desde hasta que por para a al del "
    "à et avec depuis chez pour dans qui au aux de des du "
    "bei und mit seit im in für als von der die das "
    "em na no com desde até para pela pelo nella nel presso con per da dal alla al "
    "sempre nonostante fino come ma che il lo gli há apesar pode mas como ainda quando "
    "expected intended usual needed well before always normal directed prescribed instructed "
    "when where while because after during so soon the this that his her their my our your "
    "she he they it we you i other others herself himself themselves "
    "unknown none unemployed n/a na nil not desconocido desconocida ninguno ninguna inconnu "
    "inconnue aucun aucune unbekannt keine kein".split()
)
"""Words that end the profession's words ("works as a cashier [at] Tesco"), or say there is
none ("works as expected", "Occupation: unknown")."""
_WORD = regex.compile(r"[ \t]*([\p{L}][\p{L}\p{M}'\u2019\-]*)")
_CLOSED_BY = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?i:is|was|est|es|ist|war)[ \t]+"
    r"(?:(?i:a|an|un|una|une|ein|eine)[ \t]+)?"
    r"(?P<job>(?!(?i:a|an|un|una|une|ein|eine)[ \t])"
    r"[\p{L}][\p{L}\p{M}'\u2019\-]*(?:[ \t]+[\p{L}][\p{L}\p{M}'\u2019\-]*){0,2})"
    r"[ \t]+(?i:by|de|von)[ \t]+\Z"
)
_CLOSING = frozenset({"occupation", "profession", "trade", "profesión", "profesion", "beruf"})
"""The last word of what closes a profession: "by occupation", "de profession", "von
Beruf"."""
_WORK_FOR = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:work(?:s|ed|ing)?)[ \t]+(?i:for|at)[ \t]+[^\n,.;:]{1,40}?"
    rf"[ \t]+(?i:as)[ \t]+{_ARTICLES}"
)
"""A profession after an employer: "I used to work for Acme as [Dairy scientist]"."""
_IS: Mapping[str, str] = {
    "en": "he is a|she is a|he is an|she is an|he was a|she was a|he was an|she was an",
    "es": "es|era",
    "fr": "il est|elle est|il était|elle était",
    "de": "er ist|sie ist|er war|sie war",
}
"""What says who the patient is, before a profession the job lists know ("Elle est
[boulangère] et vit…", "Er ist [Bäcker]", "she is a [teacher]")."""
_JOB_LOCALES: Mapping[str, str] = {"en": "en_US", "es": "es_ES", "fr": "fr_FR", "de": "de_DE"}
_FEMININE: Mapping[str, tuple[tuple[str, str], ...]] = {
    "fr": (("ère", "er"), ("euse", "eur"), ("trice", "teur"), ("ienne", "ien"), ("e", "")),
    "es": (("ora", "or"), ("a", "o"), ("a", "")),
    "de": (("in", ""),),
}
"""Feminine endings and their masculine forms, which the job lists hold ("boulangère",
"camarera", "Lehrerin")."""
RULES = {
    "profession_after_cue": 0.9,
    "profession_field": 0.9,
    "profession_closed": 0.9,
    "profession_at_employer": 0.9,
    "profession_known": 0.9,
    "profession_under_name": 0.9,
    "profession_after_age": 0.9,
}
"""Each rule's confidence: its precision on the corpora of ``benchmarks/cold_start.py``,
rounded down."""


@cache
def _families(language: str | None) -> tuple[Cues, Cues, Cues]:
    before = {p for lang in languages_of(language, _BEFORE) for p in _BEFORE[lang].split("|")}
    keys = {k for lang in languages_of(language, _KEYS) for k in _KEYS[lang].split("|")}
    being = {p for lang in _own_languages(language) for p in _IS[lang].split("|")}
    return (
        cues(before, tail=rf"[ \t]+{_ARTICLES}", word_end=True),
        cues(keys, colon=True),
        cues(being, tail=r"[ \t]+", word_end=True),
    )


def _own_languages(language: str | None) -> list[str]:
    """The narrative's language alone (every one when unknown): "es" is a verb in Spanish
    only."""
    return list(_IS) if language is None or language not in _IS else [language]


_EVERYDAY_JOBS: Mapping[str, str] = {
    "en": "driver farmer hairdresser student cleaner cashier builder waiter waitress "
    "housewife homemaker mechanic plumber electrician carpenter secretary receptionist "
    "firefighter soldier policeman policewoman baker butcher chef cook labourer laborer "
    "miner fisherman shopkeeper salesman saleswoman caregiver carer paramedic dentist "
    "physician surgeon nanny babysitter janitor clerk lawyer librarian postman postwoman courier "
    "pilot veterinarian midwife therapist technician manager teacher nurse",
    "es": "camionero administrativo estudiante peluquero limpiador enfermero "
    "repartidor mecanico fontanero electricista policia militar ganadero pescador "
    "comercial funcionario empresario taxista chofer cocinero panadero farmaceutico maestro "
    "informatico ama jubilado pensionista albanil obrero",
    "fr": "etudiant routier caissier ouvrier secretaire mecanicien plombier electricien "
    "aide-soignant macon serveur cuisinier policier militaire enseignant professeur "
    "facteur commercant fonctionnaire retraite",
    "de": "fahrer student landwirt verkaufer buchhalter lehrer krankenpfleger "
    "krankenschwester hausfrau mechaniker elektriker installateur koch kellner polizist "
    "soldat arzt apotheker sekretar reinigungskraft erzieher altenpfleger beamter maurer "
    "tischler rentner pensionist",
}
"""Everyday jobs that Faker's lists (written for offices) lack, folded, each in its
masculine form where the language has one: what reports say of a patient ("She is a
[bus driver]", "Es [camionera]", "Er ist [Landwirt]"); and being retired, which says as
much of a patient ("Il est [retraité]", "Es [jubilada]", "Sie ist [Rentnerin]")."""


@cache
def _jobs(language: str) -> frozenset[str]:
    """The head words of Faker's job titles in ``language``, folded: the last word before
    a comma in English ("Accountant, chartered", "Academic librarian"), the first elsewhere
    ("chauffeur de taxi", "Agente de aduanas"); and :data:`_EVERYDAY_JOBS`."""
    try:
        module = importlib.import_module(f"faker.providers.job.{_JOB_LOCALES[language]}")
    except (KeyError, ImportError):  # pragma: no cover - Faker ships all four
        return frozenset()
    heads: set[str] = set()
    for title in module.Provider.jobs:
        words = title.split(",")[0].split()
        if words:
            heads.add(fold(words[-1] if language == "en" else words[0]))
    heads.update(_EVERYDAY_JOBS.get(language, "").split())
    return frozenset(h for h in heads if len(h) > 2)


def _is_job(word: str, language: str) -> bool:
    """Whether ``word`` (folded) is a head word of the job lists, or its feminine form."""
    jobs = _jobs(language)
    if word in jobs:
        return True
    return any(
        word.endswith(ending) and word[: len(word) - len(ending)] + masculine in jobs
        for ending, masculine in _FEMININE.get(language, ())
    )


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    before, keys, being = _families(language)
    return (
        before.triggers
        | keys.triggers
        | being.triggers
        | _CLOSING
        | {"work", "works", "worked", "working"}
    )


_COMPLEMENT = regex.compile(
    r"[ \t]+(?:(?:de|del|da|do|di)[ \t]+|d['\u2019])(?P<word>\p{Ll}[\p{L}\p{M}'\u2019\-]*)"
)
_COMPLEMENTED = frozenset({None, "es", "fr", "pt", "it"})
"""Languages whose job titles take a complement after "de" ("auxiliar de enfermería",
"conductora de autobús", "chauffeur de taxi", "agent d'entretien")."""
_DETERMINERS = frozenset(
    "el la lo los las un una unos unas le les une des il gli os as um uma uns umas "
    "mi mis su sus mon ma mes son sa ses leur este esta estos estas ese esa".split()
)
"""Words after "de" that start a place or a person, not a job's complement ("camarera de un
bar", "enfermera de la residencia")."""


def _complemented(text: str, span: tuple[int, int], language: str | None) -> tuple[int, int]:
    """``span`` with the complement after it, when the narrative's language writes one (a
    lower-case word after "de", no stopword: not "camarera de un bar", "enfermera de la
    residencia", "camionera de profesión")."""
    if language not in _COMPLEMENTED:
        return span
    match = _COMPLEMENT.match(text, span[1])
    if match is None:
        return span
    word = fold(match.group("word"))
    if word in _STOP or word in _CLOSING or word in _DETERMINERS or word in lexicon(language).stop:
        return span
    return span[0], match.end()


def _words(text: str, position: int, limit: int = 4) -> tuple[int, int] | None:
    """(start, end) of up to ``limit`` words from ``position`` on the line, ending before a
    stopword, a punctuation mark or a capitalised word after the first (a place, an
    employer's name)."""
    start = end = -1
    for taken in range(limit):
        word = _WORD.match(text, end if end >= 0 else position)
        if word is None:
            break
        token = word.group(1)
        if token.lower() in _STOP or (taken and token[:1].isupper()):
            break
        if start < 0:
            start = word.start(1)
        end = word.end(1)
    return (start, end) if start >= 0 else None


def find_professions(text: str, language: str | None) -> list[RuleHit]:
    """Professions after a cue, in a keyed field, or before "by occupation"."""
    return list(_professions(text, language))


def _professions(text: str, language: str | None) -> Iterator[RuleHit]:
    index = word_index(text, language)
    before, keys, being = _families(language)
    for family, rule in ((before, "profession_after_cue"), (keys, "profession_field")):
        for match in family.finditer(text, index):
            span = _words(text, match.end())
            if span is not None:
                yield RuleHit(*_complemented(text, span, language), "PROFESSION", rule)
    for word in _CLOSING:
        for position in index.get(word, ()):
            match = _CLOSED_BY.search(text, max(0, position - 80), position)
            if match is not None:
                yield RuleHit(*match.span("job"), "PROFESSION", "profession_closed")
    for word in ("work", "works", "worked", "working"):
        for position in index.get(word, ()):
            match = _WORK_FOR.match(text, position, position + 120)
            span = _words(text, match.end()) if match is not None else None
            if span is not None:
                yield RuleHit(
                    *_complemented(text, span, language), "PROFESSION", "profession_at_employer"
                )
    yield from _after_ages(text, language)
    for match in being.finditer(text, index):  # last: the rules above win a tie
        span = _words(text, match.end())
        if span is None:
            continue
        if any(_names_job(text, span, lang) for lang in _own_languages(language)):
            yield RuleHit(*_complemented(text, span, language), "PROFESSION", "profession_known")
    if "\n" in text:
        yield from _under_names(text, language)


_AGE_BEFORE: Mapping[str, str] = {
    "en": r"[- \t]+(?i:years?[- \t]+old|y/?o)(?:[ \t]+(?i:male|female|man|woman|white|black|"
    r"hispanic|asian|caucasian))?[ \t]*,?(?:[ \t]+(?i:a|an))?(?:[ \t]+(?i:retired|former|"
    r"registered|licensed|qualified))?",
    "es": r"[ \t]+(?i:años|meses)(?:[ \t]+de[ \t]+edad)?[ \t]*,?",
    "pt": r"[ \t]+(?i:anos)(?:[ \t]+de[ \t]+idade)?[ \t]*,?",
    "it": r"[ \t]+(?i:anni)[ \t]*,?",
    "fr": r"[ \t]+(?i:ans)[ \t]*,?",
    "de": r"(?:-(?i:jährige[rn]?)|[ \t]+Jahre[ \t]*,)",
}
"""What ends a patient's age before the patient's profession (the number before it):
"Varón de 78 años, [carpintero]", "Mujer de 43 años de edad, [ama de casa]", "a 45-year-old
[nurse]", "a 62 year old retired [teacher]", "Homme de 50 ans, [boulanger]", "ein 45-jähriger
[Landwirt]"."""


@cache
def _age_then(language: str) -> regex.Pattern[str]:
    return regex.compile(
        rf"(?<![\p{{L}}\p{{M}}\d.,])\d{{1,3}}(?:{_AGE_BEFORE[language]})[ \t]+"
        r"(?P<word>[\p{L}][\p{L}\p{M}'\u2019\-]*)"
    )


def _after_ages(text: str, language: str | None) -> Iterator[RuleHit]:
    """A profession the job lists know right after a patient's age (:data:`_AGE_BEFORE`): who
    the patient is, as a case report's first line writes it. In lower case but in German,
    whose nouns are capitalised; "a 5-year-old boy" is no job (:data:`_NO_JOB`)."""
    for lang in _own_languages(language):
        if lang not in _AGE_BEFORE:
            continue
        for match in _age_then(lang).finditer(text):
            word = match.group("word")
            folded = fold(word)
            if word[0].isupper() != (lang == "de") or folded in _STOP or folded in _NO_JOB:
                continue
            if _is_job(folded, lang):
                span = match.span("word")
                yield RuleHit(
                    *_complemented(text, span, language), "PROFESSION", "profession_after_age"
                )


_JOB_LINE = regex.compile(
    r"(?:[ \t]*\r?\n)?[ \t]*"
    r"(?P<job>[\p{L}][\p{L}\p{M}'\u2019\-]*(?:,?[ \t]+[\p{L}][\p{L}\p{M}'\u2019\-]*){0,6})"
    r"[ \t]*\r?(?:\n|\Z)"
)
"""A line of one to seven words and nothing else (commas between them: "Court, municipal,
and license clerk"), after a blank line or none."""
_NAME_LINE = regex.compile(
    r"[ \t]*(?P<first>[\p{L}][\p{L}\p{M}'\u2019\-]*)"
    r"(?:[ \t]+(?:\p{L}\.|[\p{L}][\p{L}\p{M}'\u2019\-]*)){1,3}[ \t]*\r?\n"
)
"""A line of two to four words, initials among them: a name, as a signature writes it."""


def _under_names(text: str, language: str | None) -> Iterator[RuleHit]:
    """A job title alone on the line under a person's name: a signature block or a CV's
    head ("Jamie Pratt | Talking-books clerk", "leone mazzi | | nurse"). The name line's
    first word is a known first name, and its words are all capitalised or all in lower
    case; the job line's head word is a job of the lists (the last in English, the first
    elsewhere)."""
    lex = lexicon(language)
    start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            return
        name = _NAME_LINE.match(text, start, end + 1)
        start = end + 1
        if name is None or not lex.is_given_name(fold(name.group("first"))):
            continue
        words = text[name.start("first") : end].split()
        if len({w[:1].isupper() for w in words}) > 1:
            continue  # "Erik went home" is no name; "Erik Baader", "leone mazzi" are
        job = _JOB_LINE.match(text, start)
        if job is None:
            continue
        span = job.span("job")
        if any(_names_job(text, span, lang) for lang in _own_languages(language)):
            yield RuleHit(*span, "PROFESSION", "profession_under_name")


def _names_job(text: str, span: tuple[int, int], language: str) -> bool:
    """Whether the words of ``span`` name a job: their first ("[conductora] de autobús",
    "a [nurse] practitioner") or, in English, their last ("a bus [driver]", "a retired
    [teacher]"), where it is no word the job lists end with that names none ("a healthy
    person", "a good boy")."""
    words = [fold(m.group(1)) for m in _WORD.finditer(text, span[0], span[1])]
    if not words:
        return False
    if _is_job(words[0], language):
        return True
    return language == "en" and words[-1] not in _NO_JOB and _is_job(words[-1], language)


_NO_JOB = frozenset("person boy copy land make sub crew staff runner visitor".split())
"""Words that end some of Faker's English job titles (before their comma) but, last in a
phrase after "he is a", name no job ("a healthy person", "a good boy")."""


PROFESSION_FINDER = Finder(
    "professions",
    find_professions,
    RULES,
    (
        "She works as a [lorry driver] at Tesco.",
        "Occupation: [teacher]",
        "He is a [retired postman] by occupation.",
        "trabaja como [camarera] en un bar",
        "Sie arbeitet als [Lehrerin] in Dresden.",
        "Elle travaille comme [boulangère] à Lyon.",
        "I used to work for Acme as [Dairy scientist], but quit",
        "Elle est [boulangère] et vit avec son mari",
        "Er ist [Bäcker] und lebt in Jena",
        "Es [camarera] y vive con su hija",
        "She is a [teacher] and lives with her son",
        "She is a [bus driver] and lives with her son",
        "He is a [retired teacher] and lives alone",
        "Es [camionera] y vive con su hermana",
        "Es [auxiliar de enfermería] y vive con su pareja",
        "De profesión [conductora de autobús]. Sin antecedentes",
        "Il travaille comme [agent d'entretien] à Lyon",
        "trabaja como [camarera] de un bar",
        "Es [camionera] de profesión y vive sola",
        "Varón de 78 años, [carpintero], exfumador",
        "Mujer de 43 años de edad, [ama de casa], alérgica al contraste",
        "A 45-year-old [nurse] received the vaccine",
        "a 62 year old retired [teacher] who",
        "Homme de 50 ans, [boulanger], ayant reçu",
        "Ein 45-jähriger [Landwirt] erhielt",
        "Er ist [Landwirt] und lebt in Jena",
        "Elle est [étudiante] et vit à Lyon",
        "Il est [retraité] et vit avec son fils",
        "Es [jubilada] y vive con su hijo",
        "Janka M. Szász\n[Network and computer systems administrator]\nPersonal Info:",
        "Erik Baader\n[Court, municipal, and license clerk]\n",
        "leone mazzi\n\n[nurse]\n\npersonal info: phone",
    ),
    (
        "the nurse gave the vaccine",
        "works as expected",
        "Occupation: unknown",
        "the pharmacist reported",
        "she went back to work as the cough started",
        "went to work as she was feeling better",
        "Occupation: Other",
        "Il est fatigué et reste au lit",
        "Es importante vigilar la fiebre",
        "She is a patient of Dr. Smith",
        "She is a bus passenger and felt dizzy",
        "She said she is a healthy person with no chronic disease",
        "el paciente es dependiente para funciones básicas",
        "Erik went home\nNurse\n",
        "Reported by\nNurse\n",
        "Mary Smith\nThe nurse called back\n",
        "a 5-year-old boy with fever",
        "A 45-year-old female with no history",
        "Mujer de 30 años, fumadora, casada",
        "Varón de 45 años con fiebre",
        "Dosis de 2,5 años estudiante",
    ),
    guarded=False,
)
