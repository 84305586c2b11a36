"""Relatives named beside their kinship word, and the kinship words themselves: a name
with its relative in brackets ("Clara Anders (Ehefrau)", "Mary (daughter)"), before a comma
and its relative ("Mary, the patient's daughter", "de Irma, hermana de la paciente"), or
whose relative an English possessive says ("Amanda's daughter"); and MEDDOCAN's ``KIN``, the
relative's word itself ("su madre", "tres hermanos", "tía materna"), which :func:`.finder.
find_names` reads with these cues.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import regex

from deid_studio.detect.dictionaries import is_drug_or_vaccine
from deid_studio.detect.gazetteers import eponyms, fold
from deid_studio.detect.geography import places
from deid_studio.detect.rules.base import MONTH_WORDS, RuleHit, alternation, occurrences
from deid_studio.detect.rules.names.common import (
    _NOT_NAMES,
    _PATIENT_WORDS,
    _RELATIVE_FORMS,
    _RELATIVE_WORDS,
    _given,
)
from deid_studio.detect.rules.words import (
    SENTENCE_START,
    STRONG,
    SURNAME_CAPITAL,
    WEEKDAYS,
    Lexicon,
    Word,
    cues,
    words_from,
)

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
"""What makes "familia" no relative: "médico de familia", "medicina de familia". Cells and
cysts named by a relative's word ("células madre", "vesículas hijas") are safe terms
(:mod:`..terms`, rule ``kin_phrase``), which win over the relative's shorter word."""
_DETERMINER_BEFORE = regex.compile(
    r"(?ri)(?<![\p{L}\p{M}])(?:el|los|un|unos|su|sus|sendos|varios|algunos|algún|otros|otro|"
    r"dos|tres|cuatro|cinco|referido|referidos|resto[ \t]+de|por|con|del|al|a)[ \t]+\Z"
)
"""What makes "familiar(es)" a noun, a relative: "los familiares", "el referido familiar",
"presenciada por familiares"; not "antecedentes familiares", "ni familiares"."""
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


_NAME_BEFORE_PATIENT = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019-])(?P<name>\p{Lu}[\p{Ll}\p{M}'\u2019]+"
    r"(?:[ \t]+\p{Lu}[\p{Ll}\p{M}'\u2019]+){0,2}),[ \t]+(?i:the|our|my)[ \t]+"
    r"(?i:patient|pt|reporter|vaccinee|consumer)(?=[ \t]*[,)]|[ \t]+(?i:who|was|is|has|had)"
    r"(?![\p{L}\p{M}]))"
)
"""A name in apposition to the patient's or the reporter's word ("Faith, the patient, kept
taking", "Will, the reporter, was"): the name is theirs, though its first name is a word too;
not a month's or a weekday's name ("June, the patient was admitted")."""


def _named_before_patient(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """The names :data:`_NAME_BEFORE_PATIENT` finds, their first word a known first name
    (rule ``name_before_patient``; "Diabetes, the patient has" names no one)."""
    for match in _NAME_BEFORE_PATIENT.finditer(text):
        first = fold(match.group("name").split()[0])
        if first in lex.first_names and first not in _NOT_NAMES and first not in lex.stop:
            yield RuleHit(*match.span("name"), "PERSON", "name_before_patient")


_NOT_NAMES_BESIDE_RELATIVES = _NOT_NAMES - MONTH_WORDS - WEEKDAYS
"""Before a relative's word in brackets a month's or a weekday's name is the first name it
also is ("durch Jan (Sohn)", "June (daughter)", "Domingo (hijo del paciente)")."""


_FAMILY_NAME = r"(?P<name>\p{Lu}(?:['\u2019]\p{Lu})?[\p{Ll}\p{M}-]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?)"
_FAMILY = regex.compile(
    # "the Jones family sued", "the Smiths' family"
    rf"(?<![\p{{L}}\p{{M}}])(?i:the)[ \t]+{_FAMILY_NAME}(?:['\u2019]s?)?[ \t]+(?i:family"
    r"|families|household)(?![\p{L}\p{M}])"
    # "la familia Pérez", "la famille Dupont", "Familie Müller", "la famiglia Rossi", "a
    # família Silva"
    r"|(?<![\p{L}\p{M}])(?:(?i:la)[ \t]+(?i:familia|famille|famiglia)|(?i:a)[ \t]+(?i:fam[íi]lia)"
    rf"|(?-i:Familie))[ \t]+{_FAMILY_NAME}(?![\p{{L}}\p{{M}}'\u2019])"
)
"""A family named by its surname, before the family's word in English, after it in Spanish,
French, German, Italian and Portuguese."""
_FAMILY_WORD = regex.compile(
    r"(?i:family|families|household|familia|famille|famiglia|fam[íi]lia)|(?-i:Familie)"
)
"""Where :data:`_FAMILY` is tried: around a family's word (run over every narrative that
holds "family" it cost ten times more)."""


def _families(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """The surname of a family :data:`_FAMILY` names ("the [Jones] family sued Pfizer", "la
    familia [Pérez]", "Familie [Müller]"): no English common word unless people bear it too,
    and a known surname, or (not in German, which capitalises its nouns) no everyday word of
    the narrative's language; not a maker's or a drug's name ("the Pfizer family of
    vaccines"), nor a word ("the Royal family", "la familia Materna", "Familie Anamnese")."""
    known = places(lex.language)
    done = -1
    for word in _FAMILY_WORD.finditer(text):
        start = max(0, word.start() - 40, done)
        match = _FAMILY.search(text, start, min(len(text), word.end() + 40))
        if match is None or match.end() <= done:
            continue
        done = match.end()
        word = match.group("name")
        folded = fold(word)
        surname = folded in lex.last_names
        if (
            folded not in lex.stop
            and folded not in _NOT_NAMES
            and (folded not in lex.common or folded in lex.familiar)
            and (surname or not (lex.everyday(word.casefold()) or lex.language == "de"))
            and folded not in _NOT_FAMILIES
            and not is_drug_or_vaccine(folded)
            and known.match((folded,)) != "COUNTRY"
        ):
            yield RuleHit(*match.span("name"), "PERSON", "name_of_family")


_NOT_FAMILIES = frozenset({"royal", "holy", "host", "real"})
"""Words people bear as names that say what family it is: "the Royal family", "the Holy
Family", "la familia Real"."""
