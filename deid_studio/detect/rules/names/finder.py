"""The name finder: :func:`find_names` runs every family in its order (a name with its
relative in brackets first, the repeated names after the names they repeat), reads MEDDOCAN's
sex words ("varón de 53 años", "Sexo: H") and kinship words (:mod:`.relatives`), adds an
English name's generation ("Jr.", "III"), and declares the families' cue words; with
:data:`NAME_FINDER`, its rules' examples.
"""

from __future__ import annotations

import re
from itertools import pairwise

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import places
from deid_studio.detect.rules.base import (
    LATIN1_LETTER,
    LATIN1_LOWER,
    LATIN1_UPPER,
    NUMBER_WORD,
    PEOPLE_KINDS,
    Finder,
    Latin1Twin,
    RuleHit,
)
from deid_studio.detect.rules.names.apposition import (
    _named_with_age,
    _named_with_birth,
    _staff_in_brackets,
)
from deid_studio.detect.rules.names.bylines import _bylines
from deid_studio.detect.rules.names.captions import _captions
from deid_studio.detect.rules.names.common import _SEX_WORDS, RULES
from deid_studio.detect.rules.names.cued import _after_cues, _cue_families, _run_in_titles
from deid_studio.detect.rules.names.emails import names_in_emails
from deid_studio.detect.rules.names.first_names import (
    WEAK_NAME_RULES,
    _coordinated,
    _first_names,
    _name_lists,
)
from deid_studio.detect.rules.names.initials import _initials, _spelt_names, _spelt_out
from deid_studio.detect.rules.names.pairs import (
    _lowercase_initialled,
    _pairs,
    _pairs_in_capitals,
    _reporting_pairs,
)
from deid_studio.detect.rules.names.relatives import (
    _DETERMINER_BEFORE,
    _KIN_COUNT,
    _KIN_CUES,
    _NOT_KIN_BEFORE,
    _families,
    _named_before_patient,
    _possessors_of_relatives,
    _relatives_after_comma,
    _relatives_in_brackets,
)
from deid_studio.detect.rules.names.repeated import _as_cued, _repeated
from deid_studio.detect.rules.names.signatures import _CREDENTIAL_TRIGGERS, _signatures
from deid_studio.detect.rules.proper_nouns import tagged_first_names
from deid_studio.detect.rules.words import (
    NOUNS_CAPITALISED,
    SURNAME_CAPITAL,
    SURNAME_CAPITAL_LATIN1,
    Lexicon,
    cues,
    lexicon,
    lowercase_words,
    register_triggers,
    uncased,
    without_possessive_end,
    word_index,
)

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


_SEX_CUES = cues(_SEX_WORDS.split("|"), tail=rf"(?=(?i:\s+de\s+(?:\d|{NUMBER_WORD})))")
_SEX_AFTER = cues(["paciente", "sexo"], tail=rf"(?i:[ \t]*:?[ \t]*(?:{_SEX_WORDS}|h|m|f|v)\b)")


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    words = {t for _, _, family, _, _ in _cue_families(language) for t in family.triggers}
    sex_and_kin = _SEX_CUES.triggers | _SEX_AFTER.triggers | _KIN_CUES.triggers
    return frozenset(words | sex_and_kin | _CREDENTIAL_TRIGGERS)


_LAST_WORD = regex.compile(r"\w+\Z")


def find_names(text: str, language: str | None) -> list[RuleHit]:
    """Every name (and MEDDOCAN kinship and sex word) the context rules find in ``text``."""
    lex = lexicon(language)
    index = word_index(text, language)
    shouting = uncased(text)
    # first: a name with its relative in brackets is the relative's, whatever cue stood
    # before it ("Reporter: Alice Sullivan (wife)"; hits of one length: the first wins)
    found = list(_relatives_in_brackets(text, lex, shouting))
    found += _relatives_after_comma(text, language, lex, index)
    if language in (None, "en") and ", " in text:
        found += _named_before_patient(text, lex)
    if language in (None, "en") and not shouting:
        found += _possessors_of_relatives(text, lex, index)
    found += _after_cues(text, language, lex, index, shouting)
    if not shouting:
        found += _run_in_titles(text, lex)
    found += _signatures(text, language, lex, shouting, index)
    capitalised = list(_CAPITALISED.of(text).finditer(text))
    found += _pairs(text, capitalised, lex)
    if language in (None, "en") and not shouting:
        found += _reporting_pairs(text, capitalised, lex)
    if not shouting:
        found += _pairs_in_capitals(text, lex)
    found += _name_lists(text, lex)
    found += [RuleHit(*span, "STAFF", "name_in_byline") for span in _bylines(text, lex)]
    found += _families(text, lex)
    found += _initials(text, lex, found)
    found += _spelt_names(text, lex)
    found += _spelt_out(text, lex)
    if "(" in text or ", " in text:
        found += _staff_in_brackets(text, lex)
        found += _named_with_birth(text, lex)
    if "@" in text:
        found += names_in_emails(text, lex)
    if language in (None, "en"):
        found += _named_with_age(text, lex)
    if language in (None, "en") and not shouting:
        found += _lowercase_initialled(text, lex)
        found += _captions(text, lex)
    lowercase = lowercase_words(text)
    found += _repeated(text, found, capitalised, lex, lowercase)
    found = _as_cued(text, found)
    if not shouting and language not in NOUNS_CAPITALISED:
        found += _first_names(text, capitalised, lex, language, lowercase)
    elif not shouting and language == "de":
        found += tagged_first_names(text, capitalised, lex, found)
    if " and " in text or " & " in text or language not in (None, "en"):
        found += _coordinated(text, found, lex, language)
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
        found = [
            _with_given_part(text, _with_generation(text, without_possessive_end(text, hit)))
            for hit in found
        ]
    elif language in _ABBREVIATING and ("ª" in text or "Fco" in text):
        found = [_with_abbreviated_given(text, hit) for hit in found]
    if _ARABIC_PARTICLE_HINT.search(text):
        found += _joined_by_particle(text, found, lex)
    if '"' in text or "(" in text or "\u201c" in text:
        found += _around_nicknames(text, found, lex)
    if ")" in text or ", " in text:
        found += _aged_in_brackets(text, found)
    return found


_AGE_IN_BRACKETS = regex.compile(
    r"[ \t]?\([ \t]?(1[01]\d|[1-9]\d)[ \t]?\)(?=[ \t]*(?:[,;:]|\.(?:\s|\Z)|(?i:was|is|has|had"
    r"|died|developed|presented|received|complained|fell|became)(?![\p{L}\p{M}])))"
)
"""A bare number of ten or more in brackets right after a patient's or a relative's name,
before the clause goes on ("John Smith (97) was admitted", "Mrs Lee (88), a widow"): the
person's age; not after a professional's, where it cites ("Dr. Smith (12) reported")."""
_AGE_BETWEEN_COMMAS = regex.compile(r",[ \t]?(1[01]\d|[1-9]\d),(?=[ \t]+\p{Ll})")
"""A bare number of ten or more between commas right after such a name, before a word in
lower case ("Edith Crowther, 97, died", "Okonkwo, 45, civil servant"): the age too; not a
house number before a floor or a town ("Nuestra Señora del Pilar, 34, 4B")."""


def _aged_in_brackets(text: str, found: list[RuleHit]) -> list[RuleHit]:
    """The ages :data:`_AGE_IN_BRACKETS` and :data:`_AGE_BETWEEN_COMMAS` find after the names
    of people the rules found (a first name's weak hint aside: "Humira (40) was stopped"
    names none)."""
    ages = []
    for hit in found:
        if hit.kind in ("PERSON", "RELATIVE") and hit.rule not in WEAK_NAME_RULES:
            age = _AGE_IN_BRACKETS.match(text, hit.end) or _AGE_BETWEEN_COMMAS.match(text, hit.end)
            if age is not None:
                ages.append(RuleHit(*age.span(1), "AGE", "age_after_name"))
    return ages


_NICKNAME = re.compile(
    r"[ \t][\"\u201c'(](?P<nick>[A-ZÀ-Þ][a-zß-ÿ'\u2019-]+)[\"\u201d')][ \t]+(?=[A-ZÀ-Þ])"
)
"""A name's nickname or other given name in quotes or brackets between its words: Patrick
["Paddy"] O'Sullivan, Peggy [(Margaret)] Flanagan."""
_GIVEN_BEFORE = regex.compile(r"(?r)(?<![\p{L}\p{M}'\u2019-])\p{Lu}[\p{L}\p{M}'\u2019-]+\Z")
_SURNAME_AFTER = regex.compile(r"\p{Lu}[\p{L}\p{M}'\u2019-]+(?![\p{L}\p{M}])")


def _around_nicknames(text: str, found: list[RuleHit], lex: Lexicon) -> list[RuleHit]:
    """The surname after a given name and a nickname in quotes or brackets (:data:`_NICKNAME`:
    'Chukwuemeka "Emeka" [Okonkwo]', 'Gianluigi "Gigi" [Esposito]', "Peggy (Margaret)
    [Flanagan]"), which a pair of names no longer holds, when the rules found the given name
    or a first-name list holds it and it is no town, and the bracket holds no place; the
    surname no stopword, and no common word unless a surname list holds it ("Esposito" is an
    Italian word too). Its kind is the given name's."""
    names = {(h.start, h.end): h for h in found if h.kind == "PERSON"}
    names.update({(h.start, h.end): h for h in found if h.kind in ("RELATIVE", "STAFF")})
    known = places(lex.language)
    taken = []
    for nickname in _NICKNAME.finditer(text):
        given = _GIVEN_BEFORE.search(text, max(0, nickname.start() - 40), nickname.start())
        surname = _SURNAME_AFTER.match(text, nickname.end())
        if given is None or surname is None:
            continue
        hit = names.get(given.span())
        first = fold(given.group())
        if hit is None and (first not in lex.first_names or known.match((first,))):
            continue  # "Vigo (Pontevedra) E-mail": a town, though a first name too
        if known.match((fold(nickname.group("nick")),)):
            continue  # "Ana (Madrid) Correo": a town in brackets
        word = fold(surname.group())
        if word in lex.stop or (word in lex.common and word not in lex.last_names):
            continue
        kind = hit.kind if hit is not None else "PERSON"
        taken.append(RuleHit(*surname.span(), kind, "name_around_nickname"))
    return taken


_ARABIC_PARTICLES = "Al|El|al|el|ibn|Ibn|bin|Bin|bint|Bint|Abu|abu"
_ARABIC_PARTICLE = regex.compile(rf"[ \t]+(?:{_ARABIC_PARTICLES})[ \t]+\Z")
"""A particle of an Arabic name between two of its words ("Fatima Al Zahrani", "Ahmad ibn
Khalid"): nothing but blanks around it."""
_ARABIC_PARTICLE_HINT = regex.compile(rf"[ \t](?:{_ARABIC_PARTICLES})[ \t]")
_ARABIC_PARTICLE_THEN_WORD = regex.compile(
    r"[ \t]+(?:Al|El|ibn|Ibn|bin|Bin|bint|Bint|Abu)[ \t]+"
    r"(\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?)(?![\p{L}\p{M}\d'\u2019-])"
)
"""After a name, a capitalised particle (a lower-case "al", "el" is a Spanish article: "llevó
a María al Hospital") and the capitalised word it names a family by ("Fatima [Al Zahrani]")."""


def _joined_by_particle(text: str, found: list[RuleHit], lex: Lexicon) -> list[RuleHit]:
    """The whole names two hits of a person make with the particle between them
    (:data:`_ARABIC_PARTICLE`): "[Fatima] Al [Zahrani]" is one name, and the particle, left
    between two masked words, said which family's; and a name with the particle and the
    word after it that no rule took (:data:`_ARABIC_PARTICLE_THEN_WORD`), a word that is no
    common word, stopword or everyday word of the narrative's language, and with the particle
    no place."""
    people = sorted(h for h in found if h.kind in PEOPLE_KINDS)
    joined = []
    for first, second in pairwise(people):
        gap = text[first.end : second.start]
        if 0 < len(gap) <= 8 and _ARABIC_PARTICLE.match(gap):
            joined.append(RuleHit(first.start, second.end, first.kind, first.rule))
    taken, known = {h.start for h in joined}, places(lex.language)
    for hit in people:
        after = _ARABIC_PARTICLE_THEN_WORD.match(text, hit.end)
        if hit.start in taken or after is None:
            continue
        particle, folded = after.group().split()[0].casefold(), after.group(1).casefold()
        if (
            folded not in lex.common
            and folded not in lex.stop
            and not lex.everyday(folded)
            and known.match((particle, folded)) is None  # "Mr. Smith [El Paso]"
        ):
            joined.append(RuleHit(hit.start, after.end(), hit.kind, hit.rule))
    return [_with_second_surname(text, hit, lex) for hit in joined]


_SECOND_SURNAME = regex.compile(
    r"[ \t]+(\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}[\p{Ll}\p{M}]+)?)(?=[ \t]*(?:[,;)]|\.(?!\w)))"
)
"""A second surname closing an Arabic name, as Spain and Morocco write two ("Fatima Zahra El
Amrani [Bouzid],")."""


def _with_second_surname(text: str, hit: RuleHit, lex: Lexicon) -> RuleHit:
    """``hit`` with the second surname after it (:data:`_SECOND_SURNAME`) when that word is
    no common, stop or everyday word."""
    after = _SECOND_SURNAME.match(text, hit.end)
    if after is None:
        return hit
    folded = fold(after.group(1))
    if lex.is_word(folded):
        return hit
    return RuleHit(hit.start, after.end(), hit.kind, hit.rule)


_ABBREVIATING = frozenset({"es", "pt", "ca", "gl"})
_ABBREVIATED_GIVEN = regex.compile(r"(?r)(?<![\p{L}\p{M}.])(?:M\.?[ªa]\.?|Fco\.|Mª)[ \t]+\Z")
"""A given name abbreviated before the rest of a name, as Spanish and Portuguese write
"María" and "Francisco": "M.ª Ángeles Ortiz", "Mª José García", "Fco. Javier Pérez"."""


def _with_abbreviated_given(text: str, hit: RuleHit) -> RuleHit:
    """``hit`` with the abbreviated given name before it (:data:`_ABBREVIATED_GIVEN`), when
    it names a person."""
    if hit.kind not in PEOPLE_KINDS or not hit.start:
        return hit
    before = _ABBREVIATED_GIVEN.search(text, max(0, hit.start - 8), hit.start)
    return hit if before is None else hit._replace(start=before.start())


_GIVEN_PART = regex.compile(r"-(\p{Ll}{2,})(?![\p{L}\p{M}\d-])")
_NOT_GIVEN_PARTS = frozenset(
    "like type style based induced related associated positive negative free shaped year old "
    "years month months week weeks day days era".split()
)
"""Words an English writer joins to a name with a hyphen ("Smith-like", "Pfizer-induced"),
never the second syllable of a given name."""


def _with_given_part(text: str, hit: RuleHit) -> RuleHit:
    """``hit`` with the lower-case part of a given name that a hyphen joins to its last word
    ("Kim Soo-jin", "Park Ji-sung", "Lee Min-ho"), when it names a person."""
    if hit.kind not in PEOPLE_KINDS or text[hit.end : hit.end + 1] != "-":
        return hit
    part = _GIVEN_PART.match(text, hit.end)
    if part is None or part.group(1) in _NOT_GIVEN_PARTS:
        return hit
    return hit._replace(end=part.end())


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
        "Case: [Johnson] v. Janssen Pharmaceuticals; [Mary A. Jones] v. Pfizer Inc.",
        "The bottle was labelled for [SARAH JONES]; label: [MARY O'CONNOR], Metformin",
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
        "Avisada por su vecina [Dolores], acudió; her friend [Rose] drove her home",
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
        "Name: [Weidinger, Flora]; Geb.-Dat.: 12.02.1955",
        "her son-in-law [Mark] and [sobrina] [Lucía] came",
        "Initials: [JS]; Patient's initials [AB], DOB; Iniciales: [J-M]",
        "Seen by Sister [O'Brien] on the ward; spoke to Nurse [Murphy] today",
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
        "the patient Murphy's sign was positive; patient Graves disease; The Sister Hospital",
        "Initials: unknown; the initials of the drug",
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
        "Efficacy v. Safety; PEA vs VFib; HIV v. placebo",
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
            "name_after_patient_word",
            "name_after_staff_title",
            "name_after_staff_key",
            "name_after_relative",
            "name_after_acquaintance",
            "name_before_relative",
            "possessor_of_relative",
            "name_introduced",
            "name_beside_job",
            "name_before_age",
        }
    ),
)
