"""Names beside what says who they are: a health job in brackets or after a comma
("A locum pharmacist (Douglas Booth)", "Colm McBrien, a locum pharmacist"; rule
``name_beside_job``, kind ``STAFF``), a birth date or an age after the name ("Joe Johnson
(DOB 26/03/1990)", "Paolo Anders, geboren am", "Amy Day is a 32-year-old woman"; rules
``name_before_birth``, ``name_before_age``).
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from deid_studio.detect.dictionaries import safe_terms
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import places
from deid_studio.detect.rules.base import RuleHit, occurrences
from deid_studio.detect.rules.names.common import _BLANKS, _NOT_NAMES, _PERSON_WORDS, _given
from deid_studio.detect.rules.proper_nouns import noun_after_possessive
from deid_studio.detect.rules.words import Lexicon

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
    rf",[ \t]+(?:(?i:an?|the)[ \t]+{_HEALTH_JOB}|{_HEALTH_JOB_EUROPE}"
    rf"|{_HEALTH_JOB}(?=[ \t]*[,.;)]))(?![\p{{L}}\p{{M}}])"
)
_NAME_BEFORE_COMMA = regex.compile(rf"(?r)(?<![\p{{L}}\p{{M}}'\u2019-]){_BRACKETED_NAME}\Z")
"""A professional's name before a comma (:data:`_NAME_BEFORE_COMMA`) and their job
(:data:`_JOB_AFTER_COMMA`): "Colm McBrien, a locum pharmacist working at...", "Finn
Hereward, a community pharmacist", "Viktor Anders, Krankenpfleger"."""
_REPORTED_BY = (
    r"(?i:reported|relatad[oa]|reportad[oa]|notificad[oa]|informad[oa]|comunicad[oa]"
    r"|signal[ée]e?|d[ée]clar[ée]e?|rapport[ée]e?|gemeldet|segnalat[oa]|riferit[oa])[ \t]+"
    r"(?i:by|por|pelo|pela|par|von|vom|da|dal|dalla)"
)
_SURNAME_AFTER_REPORTER = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}]){_REPORTED_BY}[ \t]+((?:\p{{Lu}}\.[ \t]*)?"
    r"\p{Lu}[\p{L}\p{M}'\u2019-]+)\Z"
)
_JOB_AFTER_ITS_COMMA = regex.compile(
    r",[ \t]+(?:(?i:an?|the|el|la|le|il|lo|o|a|der|die)[ \t]+)?"
    rf"(?:{_HEALTH_JOB}|{_HEALTH_JOB_EUROPE})(?![\p{{L}}\p{{M}}])"
)
"""A reporter's surname alone between the report's verb and a comma and the job: "Relatado
por SOUZA, farmacêutico", "Reported by Johnson, pharmacist", "Segnalato da ROSSI,
farmacista" (the verb, the comma and the job say who; the surname may be any word)."""
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
    follows the age ("June Lee is a 51-year-old woman": "june" is a month first), or two
    words no list holds (:func:`_may_be_a_name`: "Thabo Mokoena, a 39-year-old miner")."""
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
            or (
                len(words) == 2
                and all(_may_be_a_name(w, lex) for w in words)
                and places(lex.language).match(tuple(words)) is None  # "Cape Town, a 300-…"
            )
        ):
            yield RuleHit(start, end, "PERSON", "name_before_age")


def _may_be_a_name(word: str, lex: Lexicon) -> bool:
    """A word no list holds as a common, everyday or stop word, a place or a drug: two such
    before an age in apposition are a name no list knows ("Thabo Mokoena, a 39-year-old
    miner")."""
    return not (
        lex.is_word(word)
        or places(lex.language).match((word,)) is not None
        or safe_terms().kind(word) is not None
    )


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
    r"(?i:de)[ \t]+)?\d{1,3}[ \t]+(?:ans|an|Jahre|Monate|años|meses|mois)(?![\p{L}\p{M}])"
    r"|(?P<bare>\d{1,3}(?:[ \t]?(?i:y/?o|years?[ \t]+old|[MF]))?[ \t]*[,;)]))"
)
"""A birth date or an age after a name and its comma, in French, German and Spanish:
"Paolo Anders, geboren am 21.04.1964", "concernant Gilbert Gallet, 72 ans", "zu Artur Anders,
16 Monate alt", "Maxi Lasa Hervás, mujer de 50 años", "concerns Owen Read, whose date of
birth"; and a bare age between commas as English reports write it ("Hope Martinez, 34,
developed", "Will Anderson, 44 y/o, received")."""


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
        if text[at + 2 : at + 3].isalnum() and (after := _BIRTH_OR_AGE_AFTER_COMMA.match(text, at)):
            before = _NAME_BEFORE_COMMA.search(text, max(0, at - 80), at)
            if before is not None and (
                after.group("bare") is None or _a_surname_last(before.group(1), lex)
            ):
                names.append(before.span(1))
    for start, end in _led_by_first_names(text, names, lex):
        yield RuleHit(start, end, "PERSON", "name_before_birth")


def _a_surname_last(name: str, lex: Lexicon) -> bool:
    """Whether a name's last word is a known surname and no common word: a bare number after
    its comma is then an age ("Hope Martinez, 34,"; not "Lot Number, 34,", "Hope Street, 34")."""
    last = fold(name.split()[-1])
    return last in lex.last_names and last not in lex.common


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


def _a_reporters_surname(word: str, lex: Lexicon) -> bool:
    """Whether the word after "Reported by" before a job is a surname: no stopword, common
    word, title or relative ("Reported by Consumer, a nurse", "Notificado por Teléfono, el
    farmacéutico"), and in capitals a surname the lists know ("SOUZA"; not "HCP", "MHRA")."""
    folded = fold(word)
    if folded in lex.stop or folded in _NOT_NAMES or folded in _PERSON_WORDS:
        return False
    if word.isupper():
        return folded in lex.last_names
    return folded in lex.last_names or folded not in lex.common


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
        job = _JOB_AFTER_ITS_COMMA.match(text, at)  # what _JOB_AFTER_COMMA matches, and more
        if job is not None:
            reporter = _SURNAME_AFTER_REPORTER.search(text, max(0, at - 60), at)
            if reporter is not None and _a_reporters_surname(reporter.group(1), lex):
                yield RuleHit(*reporter.span(1), "STAFF", "name_beside_job")
                continue
        if job is not None and _JOB_AFTER_COMMA.match(text, at):
            before = _NAME_BEFORE_COMMA.search(text, max(0, at - 80), at)
            if before is not None:
                names.append(before.span(1))
        elif text[at + 2 : at + 3].isupper():
            after = _NAME_AFTER_JOB_COMMA.match(text, at + 2)
            if after is not None and _JOB_BEFORE.search(text, max(0, at - 60), at):
                names.append(after.span(1))
    for start, end in _led_by_first_names(text, names, lex):
        yield RuleHit(start, end, "STAFF", "name_beside_job")
