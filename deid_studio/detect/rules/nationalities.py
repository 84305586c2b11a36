"""A person's nationality, where the words around it say it is one; a religion by its name.

"de nacionalidad [rumana]", "de nationalité [portugaise]", "Nationality: [Polish]", "a
[Portuguese] national", "die [türkische] Staatsangehörigkeit". With an age, a town and a
date it narrows a patient down to a few people; the ``pv`` scheme marks it as OTHER (the
demo's gold does); MEDDOCAN annotates nationalities inconsistently (as
ID_SUJETO_ASISTENCIA, as PAIS, or not at all) and i2b2 not at all, so there they are the
CRF's features only. Kind ``NATIONALITY``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import Finder, RuleHit
from deid_studio.detect.rules.words import Cues, cues, register_triggers, word_index

_AFTER = (
    "nationality|citizenship|nacionalidad|nationalité|nationalite|nacionalidade|nazionalità|"
    "nazionalita|nationalität|nationalitat|staatsangehörigkeit|staatsangehorigkeit|"
    "medborgarskap"
)
"""Words a nationality follows ("de nacionalidad rumana", "Nationality: Polish")."""
_BEFORE = frozenset(
    "national nationals citizen staatsangehörigkeit staatsangehorigkeit nationalität "
    "nationalitat medborgare".split()
)
"""Words a nationality stands before ("a Portuguese national", "die türkische
Staatsangehörigkeit", "polsk medborgare"); the English ones in English only."""
_NONE = frozenset(
    "unknown not none other dual double foreign same desconocida desconocido otra otro doble "
    "misma extranjera extranjero inconnue inconnu autre double étrangère etrangere même meme "
    "unbekannt unbekannte andere doppelte doppelten gleiche ausländische auslandische "
    "a an the de la le el of and y et und die der des eine einer keine seine ihre "
    "is was are ist war es est era".split()
)
"""Words in a nationality's place that name none ("nationality unknown", "doble
nacionalidad", "die Staatsangehörigkeit")."""
_ENGLISH = regex.compile(r"(?i)(?:nationality|nationals?|citizen(?:ship)?)\b")
"""English cues: English writes a nationality with a capital, so a word without one names
none ("a foreign national")."""
_WORD = regex.compile(r"[ \t]*(\p{L}[\p{L}\p{M}\-]*)")
_WORD_BEFORE = regex.compile(r"(?r)(?<![\p{L}\p{M}\-])(\p{L}[\p{L}\p{M}\-]*)[ \t]+\Z")
RULES = {"nationality_after_cue": 0.8, "nationality_before_cue": 0.9, "religion_named": 0.9}
"""Each rule's confidence: its precision on the corpora of ``benchmarks/cold_start.py``
(2026-11-29: 5 of 6 after a cue, 2 of 2 before one), rounded down; a religion's name: no
corpus holds one but the demo's (as its gold does, all of them)."""
_RELIGION = regex.compile(
    r"(?i)(?<![\p{L}\p{M}])(?:jehovah(?:[\u2019']?s)?[ \t]+witness(?:es)?"
    r"|testig[oa]s?[ \t]+de[ \t]+jehov[áa]"
    r"|t[ée]moins?[ \t]+de[ \t]+j[ée]hovah|zeug(?:e|en|in|innen)[ \t]+jehovas"
    r"|testimon[ei][ \t]+di[ \t]+geova|testemunhas?[ \t]+de[ \t]+jeov[áa])(?![\p{L}\p{M}])"
)
"""The one religion a drug-safety narrative names for a reason, the refusal of blood
("Al ser testigo de Jehová, rechazó la transfusión"; "As a Jehovah's Witness, he declined
blood products"): with an age and a town it narrows a patient down (Presidio's NRP, the
demo's OTHER). Kind ``NATIONALITY``, as the schemes map nationality, religion and politics
together."""
_RELIGION_CUES = frozenset("jehovah jehová jehova jéhovah jehovas geova jeová jeova".split())
"""The words of the names above, as the word index finds them: the pattern runs only in a
narrative that holds one."""


@cache
def _after() -> Cues:
    return cues(_AFTER.split("|"))


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _after().triggers | _BEFORE | _RELIGION_CUES


def find_nationalities(text: str, language: str | None) -> list[RuleHit]:
    """Nationalities after or before the words that announce them."""
    return list(_nationalities(text, language))


def _nationalities(text: str, language: str | None) -> Iterator[RuleHit]:
    index = word_index(text, language)
    if not _RELIGION_CUES.isdisjoint(index):
        for match in _RELIGION.finditer(text):
            yield RuleHit(*match.span(), "NATIONALITY", "religion_named")
    for match in _after().finditer(text, index):
        word = _WORD.match(text, match.end())
        if word is not None and _names_one(word.group(1), match.group()):
            yield RuleHit(*word.span(1), "NATIONALITY", "nationality_after_cue")
    for cue in _BEFORE:
        if language not in (None, "en") and _ENGLISH.match(cue):
            continue  # French "numéro national", "niveau national": an adjective after a noun
        for position in index.get(cue, ()):
            word = _WORD_BEFORE.search(text, max(0, position - 40), position)
            if word is not None and _names_one(word.group(1), cue):
                yield RuleHit(*word.span(1), "NATIONALITY", "nationality_before_cue")


def _names_one(word: str, cue: str) -> bool:
    """Whether ``word`` beside ``cue`` is a nationality: no word of :data:`_NONE`, and
    capitalised beside an English cue ("a foreign national", "nationality status")."""
    if len(word) <= 2 or fold(word) in _NONE:
        return False
    return word[:1].isupper() or not _ENGLISH.match(cue)


NATIONALITY_FINDER = Finder(
    "nationalities",
    find_nationalities,
    RULES,
    (
        "Es de nacionalidad [rumana] y trabaja como camarera.",
        "Il est de nationalité [portugaise].",
        "Nationality: [Polish]",
        "He is a [Portuguese] national and works as a driver.",
        "Sie hat die [türkische] Staatsangehörigkeit.",
        "mujer de 27 años de nacionalidad [Alemana], que no comprendía castellano",
        "Al ser [testigo de Jehová], rechazó la transfusión.",
        "As a [Jehovah's Witness], he declined blood products; als [Zeugin Jehovas]",
    ),
    (
        "Nationality: unknown",
        "tiene doble nacionalidad",
        "a foreign national",
        "the national guidelines",
        "Die Staatsangehörigkeit ist unbekannt.",
    ),
    guarded=False,
)
