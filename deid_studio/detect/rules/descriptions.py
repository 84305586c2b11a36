"""How a Spanish narrative describes its patient beside the patient's word: a people or a
race ("Mujer [ecuatoriana] de 65 años", "mujer [blanca] de 46 años", "paciente de [raza
negra]", "Varón de 30 años de procedencia [subsahariana]") and a marital status or a sexual
orientation ("Mujer de 29 años, [soltera],", "varón [heterosexual] de 30 años").

With an age, a town and a date these narrow a patient down to a few people, and MEDDOCAN's
gold marks them: of the finder's 24 hits on train and dev, 19 as ID_SUJETO_ASISTENCIA, 2 as
OTROS_SUJETO_ASISTENCIA, 3 not at all ("Lactante, de raza caucasiana"). The ``pv`` scheme
masks a people or a race as the other nationalities (OTHER) and keeps a marital status
readable (rule ``patient_status``: a feature of the CRF only). Kind ``NATIONALITY``; the
confidences are those precisions, rounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import Finder, RuleHit, alternation
from deid_studio.detect.rules.words import register_triggers, word_index

_PERSON_WORDS = frozenset(
    "mujer varón varon hombre paciente niño niña chico chica joven señora señor adolescente "
    "lactante bebé".split()
)
"""The patient's words a description follows."""
_PEOPLES = (
    "americano argentino boliviano brasileño chileno chino colombiano cubano dominicano "
    "ecuatoriano salvadoreño filipino italiano rumano búlgaro polaco ruso ucraniano griego "
    "argelino tunecino egipcio nigeriano guineano ecuatoguineano mauritano gambiano congoleño "
    "sudafricano angoleño mozambiqueño indio coreano iraquí iraní sirio palestino afgano "
    "guatemalteco hondureño panameño paraguayo peruano uruguayo venezolano mexicano "
    "puertorriqueño haitiano jamaicano suizo austriaco austríaco sueco noruego checo eslovaco "
    "húngaro serbio bosnio lituano estonio georgiano armenio moldavo bielorruso kazajo "
    "uzbeko europeo africano asiático latinoamericano sudamericano centroamericano "
    "norteafricano subsahariano gitano hispano latino "
    # invariable in gender
    "canadiense costarricense estadounidense nicaragüense maliense marroquí saudí pakistaní "
    "paquistaní bangladesí israelí somalí magrebí hindú etíope keniata belga croata "
    "vietnamita "
    # -és / -esa, -án / -ana, -ol / -ola
    "francés inglés portugués escocés irlandés holandés danés finlandés japonés tailandés "
    "libanés senegalés ghanés camerunés sudanés albanés alemán español"
).split()
"""Peoples a Spanish narrative names a patient by, in the masculine singular."""
_RACES = (
    "blanco negro caucásico mestizo moreno mulato indígena afroamericano afrodescendiente "
    "oriental árabe amerindio"
).split()
"""Races and skin colours, in the masculine singular (the feminine is derived)."""
_STATUSES = (
    "soltero soltera casado casada viudo viuda divorciado divorciada separado separada "
    "homosexual heterosexual bisexual"
).split()
"""A marital status or a sexual orientation."""


def _forms(word: str) -> list[str]:
    """The gender and number forms of a masculine singular adjective."""
    if word.endswith("o"):
        stem = word[:-1]
        return [word, stem + "a", stem + "os", stem + "as"]
    for ending, feminine in (("és", "esa"), ("án", "ana"), ("ol", "ola")):
        if word.endswith(ending):
            stem = word[: -len(ending)]
            return [word, stem + feminine, stem + feminine + "s"]
    return [word, word + "s", word + "es"]


@cache
def _describing() -> regex.Pattern[str]:
    peoples = {v for w in (*_PEOPLES, *_RACES) for f in _forms(w) for v in (f, fold(f))}
    statuses = {v for w in _STATUSES for v in (w, fold(w))}
    age = (
        r"(?:de[ \t]+(?:\d{1,3}|\p{Ll}+(?:[ \t]+y[ \t]+\p{Ll}+)?)[ \t]+"
        r"(?:años|meses|días|semanas)(?:[ \t]+de[ \t]+edad)?[ \t]*,?[ \t]*)?"
    )
    return regex.compile(
        rf"(?i)[ \t]*,?[ \t]*{age}"
        rf"(?:(?P<race>(?:de[ \t]+)?raza[ \t]+\p{{L}}+)"
        rf"|(?:de[ \t]+(?:procedencia|origen)[ \t]+)?(?P<people>{alternation(sorted(peoples))})"
        rf"|(?P<status>{alternation(sorted(statuses))}))"
        r"(?![\p{L}\p{M}])"
    )


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _PERSON_WORDS if language in (None, "es") else frozenset()


def find_descriptions(text: str, language: str | None) -> list[RuleHit]:
    """The patient's people, race, marital status and orientation after the patient's word."""
    if language not in (None, "es"):
        return []
    return sorted(_descriptions(text, language))


def _descriptions(text: str, language: str | None) -> Iterator[RuleHit]:
    index = word_index(text, language)
    pattern = _describing()
    for word in _PERSON_WORDS.intersection(index):
        for position in index[word]:
            at = position + len(word)
            for _ in range(3):  # "Mujer [ecuatoriana] de 29 años, [soltera]"
                match = pattern.match(text, at)
                if match is None:
                    break
                yield _described(match)
                at = match.end()


def _described(match: regex.Match[str]) -> RuleHit:
    """The hit of one description :func:`_describing` matched."""
    if match.group("race") is not None:
        start, end = match.span("race")
        start += match.group("race").casefold().index("raza")  # "de [raza negra]"
        return RuleHit(start, end, "NATIONALITY", "nationality_of_patient")
    if match.group("people") is not None:
        return RuleHit(*match.span("people"), "NATIONALITY", "nationality_of_patient")
    return RuleHit(*match.span("status"), "NATIONALITY", "patient_status")


DESCRIPTION_FINDER = Finder(
    "descriptions of the patient",
    find_descriptions,
    {"nationality_of_patient": 0.8, "patient_status": 0.9},
    (
        "Informe clínico del paciente: Mujer [ecuatoriana] de 65 años, sin antecedentes",
        "mujer [blanca] de 46 años de edad; Hombre [caucásico] de 53 años",
        "una paciente de [raza negra], se inició; Lactante, de [raza caucasiana], de 5 meses",
        "Varón de 30 años de procedencia [subsahariana] y con antecedentes",
        "Historia Actual: Mujer de 29 años, [soltera], vive con sus padres",
        "Se trataba de un varón [heterosexual] de 30 años de edad",
        "Motivo de ingreso: Paciente [colombiana] de 25 años de edad",
    ),
    (
        "Mujer de 45 años con dolor abdominal",
        "paciente diabética de 60 años",
        "varón blanqueado; la paciente negó dolor",
        "El paciente refiere que su pareja es soltera",
    ),
    languages=frozenset({"es"}),
    guarded=False,
)
