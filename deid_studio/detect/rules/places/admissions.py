"""Hospitals by a short name after an admission's verb: an acronym ("admitted to MGH",
"transferred to UCLH", "acude al HUCA", "transférée à l'HEGP", "ricoverato al CTO",
"internado no HCFMUSP") or, in English, a possessive ("taken to Addenbrooke's", "seen at St
Mary's") with no hospital's word that the other institution rules need
(``institution_after_admission``). The units and services that follow the same verbs in
capitals ("admitted to ICU", "ingreso en UCI", "taken to CT", "referred to ENT", "au CHU")
and the homes of relatives ("taken to Mum's") are no hospitals.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import regex

from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import eponyms, fold
from deid_studio.detect.geography import places
from deid_studio.detect.rules.base import RuleHit
from deid_studio.detect.rules.words import Cues, cues, lexicon

_ADMISSION_PHRASES: Mapping[str, str] = {
    "en": "admitted to|admitted at|readmitted to|re-admitted to|admission to|transferred to|"
    "transferred from|transfer to|transported to|taken to|rushed to|airlifted to|flown to|"
    "brought to|referred to|presented to|presented at|seen at|treated at|evaluated at|"
    "hospitalized at|hospitalised at|hospitalized in|hospitalised in|discharged from|"
    "vaccinated at|immunized at|immunised at|sent to|went to|came to|arrived at|arrived to|"
    "visited|taken by ambulance to|transported by ambulance to|brought by ambulance to|"
    "taken by EMS to|transported by EMS to|brought by EMS to|airlifted by helicopter to",
    "es": "ingresado en|ingresada en|ingresa en|ingresó en|ingreso en|ingresando en|"
    "trasladado a|trasladada a|trasladado al|trasladada al|traslado a|traslado al|"
    "remitido a|remitida a|remitido al|remitida al|derivado a|derivada a|derivado al|"
    "derivada al|acude a|acude al|acudió a|acudió al|atendido en|atendida en|"
    "hospitalizado en|hospitalizada en|dado de alta del|dada de alta del",
    "fr": "transféré à|transférée à|transféré au|transférée au|hospitalisé à|hospitalisée à|"
    "hospitalisé au|hospitalisée au|admis à|admise à|admis au|admise au|adressé à|"
    "adressée à|adressé au|adressée au|pris en charge à|prise en charge à|"
    "pris en charge au|prise en charge au",
    "it": "ricoverato al|ricoverata al|ricoverato presso|ricoverata presso|trasferito al|"
    "trasferita al|trasferito presso|trasferita presso|portato al|portata al|giunto al|"
    "giunta al|dimesso dal|dimessa dal",
    "pt": "internado no|internada no|internado na|internada na|internado em|internada em|"
    "transferido para|transferida para|levado ao|levada ao|levado para|levada para|"
    "atendido no|atendida no|encaminhado ao|encaminhada ao|encaminhado para|"
    "encaminhada para|deu entrada no|deu entrada na",
}
"""An admission's verb and its preposition, in the languages whose narratives name a
hospital by its acronym after one ("acude al HUCA", "transférée à l'HEGP", "ricoverato al
CTO", "internado no HCFMUSP"); German writes the verb last ("in die MHH verlegt")."""
_ARTICLES: Mapping[str, str] = {
    "en": "the",
    "es": "el|la",
    "fr": "l['\u2019]",
    "it": "il|lo|l['\u2019]",
    "pt": "o|a",
}
"""The definite articles between the verb and the name (an indefinite one opens a noun: "seen
at a COVID vaccine clinic")."""


def _admission(language: str, phrases: str) -> Cues:
    article = f"(?i:{_ARTICLES[language]})"
    tail = rf"[ \t]+(?:{article}(?<=['\u2019])|{article}[ \t]+)?"  # "à l'HEGP", "al HUCA"
    return cues(phrases.split("|"), tail=tail, word_end=True)


_ADMISSION = {language: _admission(language, p) for language, p in _ADMISSION_PHRASES.items()}
_DATED_ADMISSION = cues(
    "admitted on|readmitted on|transferred on|hospitalized on|hospitalised on|taken on|"
    "brought on|seen on|treated on".split("|"),
    tail=r"[ \t]+(?:the[ \t]+)?(?:[\w/.-]+,?[ \t]+){0,2}?[\w/.-]*\d[\w/.-]*,?[ \t]+"
    r"(?i:to|at)[ \t]+(?:(?i:the)[ \t]+)?",
    word_end=True,
)
"""An English admission's verb with its date before the preposition: "admitted on 12Mar2021
to SHC", "transferred on March 3, 2021 to UCLH" (a date holds a digit)."""

_ACRONYM = regex.compile(
    r"\p{Lu}{3,8}(?=['\u2019]s(?![\p{L}\p{M}])|(?![\p{L}\p{M}\p{N}&/'\u2019-]))"
    r"(?![ \t]+\p{Lu}\p{Ll}|[ \t]+(?i:clinic|service|team|nurse|unit|ward|department|dept"
    r"|bay|room|suite|lab|scan|pathway|review|referral|di|de|del)(?![\p{L}\p{M}]))"
)
"""An acronym alone, or with a possessive ("UCLH's ICU"): before a capitalised word it opens
a name the other rules read or leave ("UCSF Medical Center", "the INR Clinic"), before a
service's word it names the service ("referred to DVT clinic", "TIA service", "presso UOC di
Medicina")."""
_POSSESSIVE = regex.compile(
    r"(?:(?:St\.?|Saint)[ \t]+)?(\p{Lu}\p{Ll}[\p{L}\p{M}-]*)"
    r"(?:['\u2019]s|s['\u2019])(?![\p{L}\p{M}])"
)

_UNITS = frozenset(
    (
        "a&e cath ems ent er obgyn opd ucc utc wic snf ltc ltac ltach irf alf ecf rehab "
        "iapt camhs mri ct eeg ecg ekg echo ir or ecmo xray pet dexa "
        "pcp gp md rn np pa ot pt slt gi ob gyn id cvs covid sars "
        "tele obs peds hosp ortho neuro psych heme derm onc uro cards gen surg resus "
        "majors minors ooh sdec aed hasu epau cmht ercp egd cta cxr kub mra nsr wnl "
        "ltcf racpc slp cps pqc fema mvc vna msk tvn ect hbot mdt asu ssu "
        # regulators, agencies and the documents a report is sent or referred to
        "vaers fda mhra ema mah uspi pil spc smpc ifu eua hcp cdc who nih cms dhhs "
        "ansm anvisa infarmed crpv cafv aemps aifa bfarm pei swissmedic tga hc "
        # Spanish
        "uci uvi ucip ucin uce ume urpa rea reanimación suh hdd uhd uha cap pac suap "
        "cs eap aps urg smu sum sem samur summa orl ccee csm ucri uco trauma "
        # French
        "chu chr chru ch chi chg cht sau samu smur usc usi usic uhcd unv ehpad ssr usld "
        "had cmp cmpp pmi pass sos sauv csapa "
        # Italian
        "dea ps uti utic tin tipo obi spdc rsa adi mmg pls asl ats usl 118 uoc uos utin ppi "
        # Portuguese
        "upa ubs cti ucis usf esf caps sus su inem utip ceo cras ucsp"
    ).split()
)
"""Units, services, tests, professionals, agencies and documents an admission's verb leads
to in capitals, beyond the units :func:`_a_unit` reads by their shape ("ICU", "NSICU",
"AMU", "SCBU"): an intensive care unit of every language first ("ingreso en UCI",
"transféré en USI", "ricoverato in UTI", "internado na UTI" — a hospital's word there would
lose what a reader of the report needs most)."""

_NOT_HOSPITALS = frozenset(
    (
        "mom mum mommy mummy mam mama dad daddy papa mother father parent parents grandma "
        "grandpa grandmother grandfather granny gran nan nana nanny sister brother daughter "
        "son aunt auntie uncle cousin niece nephew friend friends neighbour neighbor "
        "boyfriend girlfriend partner husband wife fiance fiancee doctor doctors dentist "
        "patient patients pt pts nurse nurses today yesterday tomorrow dr women men "
        "monday tuesday wednesday thursday friday saturday sunday grandad granddad grampa "
        "grammy gramma grandpop poppy pop nanna mcdonald macy kohl lowe wendy sainsbury "
        "morrison dunkin denny arby"
    ).split()
)
"""Whose possessive after "taken to" is a home or an office, not a hospital."""

_A_UNIT = regex.compile(r"[a-z]{2,3}(?<!s)u")


def _a_unit(folded: str) -> bool:
    """Whether an acronym is a unit's by its shape: an intensive care unit's ("NSICU",
    "CSICU", "NeuroITU"), or a British or American unit's of four letters at most ending in
    "unit" ("CAU", "GAU", "AMU", "SCBU"; "-SU" ends a state university's, "OSU", "OHSU")."""
    return folded.endswith(("icu", "itu")) or _A_UNIT.fullmatch(folded) is not None


_A_WORD = 4.0
"""The Zipf frequency from which capitals spell a word ("admitted to WARD 4", "referred to
NHS"), not a hospital's acronym ("UCLA" 3.8, "MGH" 2.3; the common-word list holds many
acronyms)."""


def _after_admissions(
    text: str, index: dict[str, list[int]], language: str | None
) -> Iterator[RuleHit]:
    families = [*_ADMISSION.values()] if language is None else [_ADMISSION.get(language)]
    if language in (None, "en"):
        families.append(_DATED_ADMISSION)
    for cue in (
        c for family in families if family is not None for c in family.finditer(text, index)
    ):
        if cue.group().isupper():
            continue  # "ADMITTED TO THE WARD": a line in capitals has no acronyms
        at = cue.end()
        acronym = _ACRONYM.match(text, at)
        if acronym is not None:
            folded = fold(acronym.group())
            if (
                folded not in _UNITS
                and not _a_unit(folded)
                and zipf(folded, language or "en") < _A_WORD
                and not (len(folded) >= 5 and folded in lexicon(language).common)  # "ONCOLOGY"
                and places(language).match((folded,)) is None  # "returned to ESPOO"
            ):
                yield RuleHit(*acronym.span(), "INSTITUTION", "institution_after_admission")
            continue
        possessive = _POSSESSIVE.match(text, at) if language in (None, "en") else None
        if (
            possessive is not None
            and (owner := fold(possessive.group(1))) not in _NOT_HOSPITALS
            and owner not in eponyms()  # "referred to Parkinson's nurse", "Crohn's clinic"
        ):
            yield RuleHit(*possessive.span(), "INSTITUTION", "institution_after_admission")
