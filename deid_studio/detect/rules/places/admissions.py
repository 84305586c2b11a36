"""Hospitals by a short name after an admission's verb, in English narratives: an acronym
("admitted to MGH", "transferred to UCLH") or a possessive ("taken to Addenbrooke's", "seen
at St Mary's") with no hospital's word that the other institution rules need
(``institution_after_admission``). The units and services that follow the same verbs in
capitals ("admitted to ICU", "taken to CT", "referred to ENT") and the homes of relatives
("taken to Mum's") are no hospitals.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import RuleHit
from deid_studio.detect.rules.words import cues

_ADMISSION_PHRASES = (
    "admitted to|admitted at|readmitted to|re-admitted to|admission to|transferred to|"
    "transferred from|transfer to|transported to|taken to|rushed to|airlifted to|flown to|"
    "brought to|referred to|presented to|presented at|seen at|treated at|evaluated at|"
    "hospitalized at|hospitalised at|hospitalized in|hospitalised in|discharged from|"
    "vaccinated at|immunized at|immunised at|sent to"
).split("|")
_ADMISSION = cues(_ADMISSION_PHRASES, tail=r"[ \t]+(?:(?i:the)[ \t]+)?", word_end=True)
"""An admission's verb, its preposition and an article."""

_ACRONYM = regex.compile(r"\p{Lu}{3,6}(?![\p{L}\p{M}\p{N}&/'\u2019-]|[ \t]+\p{Lu}\p{Ll})")
"""An acronym alone: before a capitalised word it opens a name the other rules read or
leave ("UCSF Medical Center", "the INR Clinic")."""
_POSSESSIVE = regex.compile(
    r"(?:(?:St\.?|Saint)[ \t]+)?(\p{Lu}\p{Ll}[\p{L}\p{M}-]*)"
    r"(?:['\u2019]s|s['\u2019])(?![\p{L}\p{M}])"
)

_UNITS = frozenset(
    (
        "a&e aau acu amu cath ccu cdu cicu ctu cvicu cticu cvu eau ecu ems ent er icu itu "
        "hdu iapt camhs mau micu miu nicu nnu ncu obgyn opd pacu pcu picu scbu sdu sicu sau "
        "tcu ucc utc wic snf ltc ltac ltach irf alf ecf rehab "
        "mri ct eeg ecg ekg echo ir or ecmo xray pet dexa "
        "pcp gp md rn np pa ot pt slt gi ent ob gyn id cvs"
    ).split()
)
"""Units, services, tests and professionals an admission's verb leads to in capitals."""

_NOT_HOSPITALS = frozenset(
    (
        "mom mum mommy mummy mam mama dad daddy papa mother father parent parents grandma "
        "grandpa grandmother grandfather granny gran nan nana nanny sister brother daughter "
        "son aunt auntie uncle cousin niece nephew friend friends neighbour neighbor "
        "boyfriend girlfriend partner husband wife fiance fiancee doctor doctors dentist "
        "patient patients nurse nurses today yesterday tomorrow"
    ).split()
)
"""Whose possessive after "taken to" is a home or an office, not a hospital."""

_A_WORD = 4.0
"""The Zipf frequency from which capitals spell a word ("admitted to WARD 4", "referred to
NHS"), not a hospital's acronym ("UCLA" 3.8, "MGH" 2.3; the common-word list holds many
acronyms)."""


def _after_admissions(
    text: str, index: dict[str, list[int]], language: str | None
) -> Iterator[RuleHit]:
    if language not in (None, "en"):
        return
    for cue in _ADMISSION.finditer(text, index):
        if cue.group().isupper():
            continue  # "ADMITTED TO THE WARD": a line in capitals has no acronyms
        at = cue.end()
        acronym = _ACRONYM.match(text, at)
        if acronym is not None:
            folded = fold(acronym.group())
            if folded not in _UNITS and zipf(folded, "en") < _A_WORD:
                yield RuleHit(*acronym.span(), "INSTITUTION", "institution_after_admission")
            continue
        possessive = _POSSESSIVE.match(text, at)
        if possessive is not None and fold(possessive.group(1)) not in _NOT_HOSPITALS:
            yield RuleHit(*possessive.span(), "INSTITUTION", "institution_after_admission")
