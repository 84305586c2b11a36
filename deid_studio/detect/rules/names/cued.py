"""Names after a cue: a title or form of address ("Mr", "Herrn", "Sra.", "Dr. med."), a
key ("Patient:", "Nombre:", "Remitido por:"), a relative's word ("su hija Ana", "seiner Frau
Anna"), a phrase that introduces a name ("My name is", "a son named"); with what a cue's
name may take after it (a second surname, a given name after a comma) and leave out (the next
field's key). Kinds ``PERSON``, ``STAFF``, ``RELATIVE``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache

import regex

from deid_studio.core.language import stopwords
from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import borne_first_names, eponyms, fold, names_of
from deid_studio.detect.geography import places
from deid_studio.detect.rules.base import MONTH_WORDS, RuleHit
from deid_studio.detect.rules.names.common import (
    _NOT_NAMES,
    _PATIENT_TITLES,
    _PATIENT_WORDS,
    _PERSON_WORDS,
    _RELATIVES,
    _SALUTATIONS,
    _STAFF_TITLES,
    _SURNAME_KEYS,
    RELATIVES_ALSO_NAMES,
    _relative_words,
    _split,
)
from deid_studio.detect.rules.proper_nouns import name_may_stand, named_here
from deid_studio.detect.rules.words import (
    FIELD,
    NAME_ENDS,
    NOUNS_CAPITALISED,
    PARTICLES,
    PEOPLES,
    STRONG,
    WEAK,
    WEEKDAYS,
    Cues,
    Lexicon,
    cues,
    languages_of,
    take_name,
    words_from,
)

_PATIENT_KEYS: Mapping[str, str] = {
    "en": "patient|patient name|pt name|name|full name|patient's name|re|first name",
    "es": "paciente|nombre|nombre del paciente|pte",
    "fr": "patient|patiente|nom|prénom|nom du patient",
    "de": "patient|patientin|name|vorname|betr|betreff",
    "pt": "paciente|nome",
    "it": "paziente|nome",
    "nl": "patiënt|naam",
    "sv": "patient|namn",
}
_PATIENT_WEAK: Mapping[str, str] = {
    "en": "patient pt",
    "es": "paciente",
    "fr": "patient patiente",
    "de": "patient patientin pat",
    "it": "paziente",
    "pt": "paciente doente",
}
"""The patient's words, after which a known name is the patient's."""
_PATIENT_NAMED: Mapping[str, str] = {
    "en": "patient name|patient's name|patients name|name of patient|name of the patient"
}
"""The patient's name's key without its colon, as a form copied into a report leaves it
("PATIENT NAME JOHN SMITH", "Patient name Mary Jones")."""
_NEWBORN_TITLES: Mapping[str, str] = {"en": "baby girl|baby boy|infant girl|infant boy"}
"""What a hospital calls a newborn before its mother's surname, until the child is named
("Baby Girl Jones was born via C-section", "Baby Boy Smith")."""
_CHILD_WORDS: Mapping[str, str] = {
    "en": "baby infant toddler newborn neonate",
    "es": "bebé",
    "fr": "bébé nourrisson",
    "de": "säugling",
    "it": "neonato neonata",
    "pt": "bebê",
}
"""A child's words, after which a known name is the child's in a pregnancy or a paediatric
report ("Baby Jacob was admitted", "the baby, Jacob, 6 weeks old"; see :func:`_child_named`)."""
_PRODUCT_BEFORE_CHILD = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:lait|leite|leche|milch|milk|formula|food|car|monitor|shampoo"
    r"|powder|oil|lotion|wipes|aliment|lait[ \t]+de)[ \t]+\Z"
)
_CHILD_NAMED_AFTER = regex.compile(
    r"[ \t]*,|[ \t]+(?:was|is|had|has|got|became|cried|woke|seemed|went|came|needed"
    r"|\p{Ll}+ed)(?![\p{L}\p{M}])"
)


def _child_named(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether a known name after a child's word is the child's: not a product's ("Lait bébé
    Gallia", "baby formula"), and a name that is a common word too only before a comma or a
    verb ("Her baby Rose had a rash"; not "baby Rose to 39.5", "Toddler Mark on the arm",
    "the baby Shark song")."""
    if _PRODUCT_BEFORE_CHILD.search(text, max(0, match.start() - 12), match.start()):
        return False
    name = next(iter(words_from(text, start, 1)), None)
    if name is None or fold(name.text) not in lex.common:
        return True
    return _CHILD_NAMED_AFTER.match(text, name.end) is not None


_BIRTH_NAME: Mapping[str, str] = {
    "en": "née nee",
    "fr": "née épouse ép veuve",
    "de": "geb geborene verh verheiratete verw verwitwete",
    "nl": "geb",
    "it": "ved vedova coniugata",
}
"""Words before a birth or a married name ("Frau Elke Braun, geb. Vogel", "Mme Durand née
Martin", "Mme LE GOFF Anne, épouse LE BRIS", "Frau Meier, verh. Schulz", "Maria Rossi ved.
Bianchi"): a name when a name stands before them and a word follows; a birth date when a
number does ("geb. 12.03.1950"). Not "als geborene Kölnerin", "Enfant née Prématurée"."""
_MARRIED_IN: Mapping[str, str] = {"it": "in"}
"""The Italian married woman's "in" between her surname and her husband's ("Rosa Maria Cuomo
in Sorrentino", "Rossi in Bianchi Maria"): a name when a name stands before it and a known
surname after (:func:`_married_in`), not "Rossi in Pronto Soccorso"."""
_NAME_BEFORE = regex.compile(r"(?r)(\p{Lu}[\p{L}\p{M}'\u2019\-]+)[ \t]*[,(]?[ \t]*\Z")
_PATIENT_SHORT: Mapping[str, str] = {"en": "pt pat", "de": "pat pt"}
"""The patient's word shortened, with its dot ("Pat. Schulze wurde aufgenommen", "Pt. Smith
was admitted"): a weak cue, as the word is; "patient." ends a sentence as often. In German,
which capitalises its nouns, only before what the tagger reads as a name ("Pat. Fieber seit
2 Tagen" is the patient's fever)."""
_INTRODUCTIONS: Mapping[str, str] = {
    "en": "my name is|his name is|her name is|their name is|name is|call me|calls me|"
    "last name is|first name is|maiden name is|surname is",
    "es": "me llamo|se llama|mi nombre es|su nombre es|de nombre|soy",
    "fr": "je m'appelle|s'appelle|mon nom est|son nom est",
    "de": "ich heiße|ich heisse|mein name ist|sein name ist|ihr name ist|namens",
    "it": "mi chiamo|si chiama|il mio nome è|il suo nome è|di nome|sono",
    "pt": "me chamo|chamo-me|se chama|meu nome é|o meu nome é|seu nome é|de nome|sou",
}
"""Phrases that say a name follows ("My name is Siiri", "her maiden name is nyberg"): the
word after them is a name unless it is a common word — in every language in lower case too
("me llamo rosa maria gutierrez", "ich heiße petra schneider"), where no other cue's is."""
_SELF_INTRODUCTIONS: Mapping[str, str] = {
    "en": "i am|i'm|im|this is|it's|it is",
    "fr": "je suis|moi c'est",
    "de": "ich bin|ich bin die|ich bin der|hier ist|hier spricht",
}
"""Words a caller or a writer says before their own first name ("i am kevin and my son is 8",
"Hi, this is Faith from Dr. Ahmed's office"), and before everything else they say ("I am
tired", "this is Major"): only a known first name after them, see :func:`_self_named`."""
_FIRST_PERSON_INTRODUCTIONS = frozenset(
    "my name is|me llamo|mi nombre es|je m'appelle|mon nom est|ich heiße|ich heisse|"
    "mein name ist|mi chiamo|il mio nome è|me chamo|chamo-me|meu nome é|o meu nome é|soy|sono|"
    "sou".split("|")
) | frozenset(p for lang in ("fr", "de") for p in _SELF_INTRODUCTIONS[lang].split("|"))
"""Who introduces themself: the words after are a name in any language, in lower case too
("me llamo rosa maria", "je suis helene"); not "on s'appelle demain", "mein Name ist egal"
elsewhere."""
_ASKED: Mapping[str, str] = {
    "en": "what's your name|what is your name|whats your name|what's your last name|"
    "what is your last name|what's your first name|what is your first name|"
    "what's your surname|what is your surname|what's your full name|what is your full name"
}
"""A question whose answer is a name ("What's your last name? Magnusson"), asked in a
transcript or a chat copied into a report."""
_ANSWER = r"[ \t]*\?[ \t]*(?:\r?\n[ \t]*)?"
"""Between a question and its answer: the question mark, blanks, a line break."""
_SAYS: Mapping[str, str] = {
    "en": "says|said|adds|added|explains|explained|writes|wrote|notes|noted|recalls|recalled|"
    "asks|asked|continues|continued|concludes|concluded"
}
"""A speaker's verb after a quotation ('"... in that direction," says Becker.'): the name
after it is the speaker's (see :func:`_after_a_quote`)."""
_QUOTE_BEFORE = regex.compile(r"[,.!?;:\u2026]?[\"\u201d\u00bb][ \t]*\Z")
_SELF_DESCRIBED = PEOPLES | frozenset(
    "christian catholic baptist mormon protestant muslim jewish".split()
)
"""What the name lists hold that a speaker says they are ("I am Christian and", "I am
Hispanic and")."""
_SELF_NAMED_AFTER = regex.compile(
    r"[ \t]*(?:[,;.!]|\n|\Z|(?:from|calling|here|speaking|and|with|at|of|again)\b)",
    regex.IGNORECASE,
)
_NAMED: Mapping[str, str] = {
    "en": "named|called|named him|named her|called him|called her|calls him|calls her",
    "es": "llamado|llamada|le llaman|la llaman|lo llaman|le dicen|la dicen",
    "fr": "nommé|nommée|prénommé|prénommée|l'appelle|l'appellent|surnommé|surnommée",
    "de": "heißt|genannt|nennen ihn|nennen sie|nennt ihn|nennt sie",
    "it": "lo chiamano|la chiamano|detto|detta",
    "pt": "chamam-lhe|chamam-no|chamam-na|conhecido como|conhecida como",
}
"""Words that may introduce a name ("a son named Tom", "she named him Frank", "tout le monde
l'appelle Pierrot", "la chiamano Graziella") or not ("called the office", "called him back"):
only a known name is taken after them."""
_CLOSINGS: Mapping[str, str] = {
    "en": "thanks|thank you|regards|kind regards|best regards|best wishes|sincerely|"
    "yours sincerely|yours truly|cheers|warm regards|respectfully",
    "es": "saludos|un saludo|atentamente|gracias|muchas gracias|cordialmente|un abrazo",
    "fr": "cordialement|bien cordialement|bien à vous|merci|salutations|amicalement",
    "de": "viele grüße|mit freundlichen grüßen|liebe grüße|freundliche grüße|beste grüße|lg|mfg|vg",
    "it": "saluti|cordiali saluti|distinti saluti|grazie|cordialmente|un saluto",
    "pt": "obrigada|obrigado|cumprimentos|atenciosamente|abraços|com os melhores cumprimentos",
}
"""A letter's or a message's closing, before its writer's name ("Thanks, Grace", "Obrigada,
Graça", "cordialement, helene", "LG Petra"): a known name, in lower case too where the
language's people bear it. "|" between the phrases."""
_SHORT_CLOSINGS = frozenset({"lg", "mfg", "vg"})
_LAST_WORD_OF_THE_TEXT = regex.compile(r"\p{L}[\p{L}\p{M}]*[ \t.!]*\Z")
"""German closings shortened, written before the name without a comma ("LG Petra")."""
_CLOSING_TAIL = (
    r"(?:[ \t]*,[ \t]*(?:\r?\n[ \t]*)?|[ \t]*\r?\n[ \t]*|[ \t]+(?=\p{Lu})"
    r"|[ \t]+(?=\p{Ll}[\p{L}\p{M}]*[ \t.!]*\Z))"
)
"""After a closing: a comma, a line's end, a blank before a capital ("LG Petra"), or a blank
before one word in lower case that ends the message ("lg petra")."""
_CREDENTIAL_TITLES: Mapping[str, str] = {"en": "rn np"}
"""Credentials written before a nurse's name, as a title without its dot ("per rn kathy",
"NP Jane Doe"; "report to RN. DON notified" is two sentences)."""
_STAFF_JOBS: Mapping[str, str] = {
    "en": "nurse pharmacist midwife paramedic physiotherapist matron consultant registrar "
    "spr sho str fy1 fy2",  # a British doctor's grade ("SpR Leung", "SHO Patel")
    "es": "enfermera enfermero farmacéutica farmacéutico matrona",
    "fr": "infirmière infirmier pharmacien pharmacienne sage-femme",
    "de": "krankenschwester pfleger krankenpfleger apotheker apothekerin hebamme",
    "pt": "enfermeira enfermeiro farmacêutica farmacêutico parteira",
    "it": "infermiera infermiere farmacista ostetrica",
}
"""Jobs written before a professional's first name as a title ("spoke to Nurse Kim", "per
pharmacist Tom", "Pfleger Jonas", "a enfermeira Aparecida", "l'infermiera Giulia"): a weak
cue, after which only a known name is taken. Not the German "Schwester", a sister as often
as a nurse: the relatives' cues take her."""
_DONE_BY: Mapping[str, str] = {
    "en": "reported by|seen by|examined by|signed by|submitted by|written by|prepared by|"
    "completed by|referred by|prescribed by|administered by|vaccinated by|given by|"
    "evaluated by|assessed by|treated by",
}
"""What a professional does to a patient or a report, before the professional's name without
a colon ("Reported by April Lee", "seen by Frank Miller", "administered by Karen Lopez"): a
weak cue, after which only a known name is taken ("seen by Cardiology", "given by mouth"
name no one). "|" between the phrases."""
_NURSING_SISTER: Mapping[str, str] = {"en": "sister"}
"""A British ward sister's title, capitalised inside a sentence ("Seen by Sister O'Brien on
the ward"): a weak cue, as a job's is. At a sentence's start or in lower case the word is a
relative's ("Sister Murphy reviewed her" is a relative's name all the same, and masked)."""
_STAFF_KEYS: Mapping[str, str] = {
    "en": "physician|doctor|reporter|reported by|reporting physician|attending|prescriber|"
    "signed|signed by|nurse|pharmacist|contact|contact person|referring physician|gp|pcp",
    "es": "médico|medico|médica|doctor|doctora|notificante|notificador|notificadora|"
    "informante|remitido por|firmado|responsable clínico|responsable clínica|"
    "firmado por|enfermera|enfermero|farmacéutico|farmacéutica|médico responsable|"
    "reportado por|notificado por|informado por",
    "fr": "médecin|docteur|déclarant|déclarante|notificateur|notificatrice|signé|infirmier|"
    "infirmière|pharmacien|déclaré par|signalé par|rapporté par",
    "de": "arzt|ärztin|behandelnder arzt|hausarzt|melder|unterschrift|apotheker|apothekerin|"
    "name des meldenden|nachname des meldenden|vorname des meldenden|meldende person",
    "pt": "médico|médica|notificador|relatado por|notificado por|informado por",
    "it": "medico|segnalatore|segnalato da|segnalata da|riferito da",
}
_TITLE_WORDS = frozenset(
    "dr dra drª prof med dent univ mag pharm dipl ing phil rer nat habil priv doz pd "
    "mr mrs ms sr sra kollege kollegin doctor doctora docteur doktor profesor profesora "
    "professor herr herrn frau mme mlle monsieur madame señor señora senor senora "
    "sig signor signora dott dottore dottoressa senhor senhora".split()
)
"""Words that may follow a title or a key before the name: "Frau Dr. med. Weber", "Mag.
pharm. X", "Remitido por: Doctor Pablo Garrido Abad", "ihr Mann Herr Franz Huber" (MEDDOCAN's
gold leaves titles out). Not "don": "his son Don" is a name."""


_ABBREVIATED = r"(?:\.?(?:[ \t]*:)?[ \t]+|(?<=\p{L}{2})\.(?=\p{L}[\p{L}\p{M}]))"
"""After a title: "Dr. ", "Sra ", "Herrn: "; a dot against the name after a title of two
letters or more ("Dr.Smith", "DR.PATEL", and in English notes "dr.patel"; not "M.D.", "M.E.
report", initials)."""
_RUN_IN_TITLE = regex.compile(
    r"(?<![\p{L}\p{M}\d])(?P<title>(?-i:Dr|DR|Mrs|Mr|Ms))(?P<name>\p{Lu}\p{Ll}{2,})"
    r"(?![\p{L}\p{M}\d])"
)
"""A title run into the name after it, without its dot or a blank ("seen by DrSmith",
"DrPatel", "MrJones"), as notes typed in haste write it."""


def _run_in_titles(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """The surname of every title :data:`_RUN_IN_TITLE` runs into: a known surname and no
    common word ("DrSmith"; not "DrCare", "MrBean" unless a list holds it)."""
    for match in _RUN_IN_TITLE.finditer(text):
        word = fold(match.group("name"))
        if word in lex.last_names and word not in lex.common and word not in lex.stop:
            staff = match.group("title").lower() == "dr"
            yield RuleHit(
                *match.span("name"),
                "STAFF" if staff else "PERSON",
                "name_after_staff_title" if staff else "name_after_patient_title",
            )


_WORD_CUE = r"(?:[ \t]*:)?[ \t]+"  # "son don", not "son. Brought"
_DOTTED = r"\.(?:[ \t]*:[ \t]*|[ \t]+)"  # "Pat. Schulze", a form's "Pat.:Müller"
_APPOSED = r"[ \t]*,[ \t]+"  # "the patient, Jacob, had"
_CLOSED_APPOSITION = regex.compile(
    r"(?P<words>\p{Lu}[\p{L}\p{M}'\u2019-]*(?:[ \t]+\p{Lu}[\p{L}\p{M}'\u2019.-]*){0,2}?)[ \t]*"
    r"(?:[,;)]|\.(?![\p{L}\p{M}\d])|\Z|\n)"
)
"""Capitalised words, up to three, and what closes an apposition or a clause after them: a
comma, a semicolon, a bracket, a sentence's full stop or the line's end."""


def _apposed(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether a name after the patient's word and a comma stands between commas, as an
    apposition does ("the patient, Jacob, had fever", "the baby, Jacob, 6 weeks old"); not
    "the patient, Rose from the ward" nor a list ("the patient, Smith and Jones")."""
    return _CLOSED_APPOSITION.match(text, start) is not None


def _first_name_apposed(text: str, start: int, lex: Lexicon) -> tuple[int, int] | None:
    """The span of a known first name, alone or before capitalised words, that a closed
    apposition or clause holds (:data:`_CLOSED_APPOSITION`), though it is a word too or a
    stopword of three letters or more: capitalised inside the sentence, the apposition says
    whose ("The patient, Will, is a 12-year-old boy", "the patient, Hope, had", "The patient,
    Will Smith, is", "Mother is Hope;"; not "the patient, However, ", "The patient, Sadly,
    died", which no list of names holds)."""
    word = next(words_from(text, start, 1), None)
    if (
        word is None
        or not word.capitalised
        or word.text.isupper()
        or word.folded not in lex.first_names
        or (word.folded in lex.stop and len(word.folded) < 3)
        or _CLOSED_APPOSITION.match(text, word.start) is None
    ):
        return None
    return word.start, _apposition_end(text, word.start)


_SURNAME_COMMA_GIVEN = regex.compile(
    r"(?P<surname>\p{Lu}[\p{Lu}'\u2019-]+),[ \t]+(?P<given>\p{Lu}[\p{Lu}'\u2019-]+)"
    r"(?![\p{L}\p{M}])"
)


def _surname_then_given(text: str, start: int, lex: Lexicon) -> tuple[int, int] | None:
    """A surname, a comma and a known given name that is no word (or a familiar one, "MARY"),
    with its middle initial, all in capitals after the patient's word in capitals, as a form
    writes them ("PATIENT DOE, JOHN received dose 1", "PATIENT SMITH, MARY J. RECEIVED"; not
    "PATIENT ALLERGIC, MILD RASH", "PT STABLE, WILL FOLLOW UP")."""
    found = _SURNAME_COMMA_GIVEN.match(text, start)
    if found is None:
        return None
    surname, given = fold(found.group("surname")), fold(found.group("given"))
    if (
        given not in lex.first_names
        or (given in lex.common and given not in lex.familiar)
        or given in lex.stop
        or surname in lex.stop
        or len(surname) < 2
    ):
        return None
    initial = _MIDDLE_INITIAL.match(text, found.end("given"))
    close = found.end("given") if initial is None else initial.end()
    return found.start(), max(close, _given_name_after(text, found.end("surname"), lex))


_JUDGES = {"en": "judge justice magistrate"}
"""A judge's titles in an English report of a lawsuit ("Justice Sotomayor dissented", "Judge
Hernandez ruled")."""


def _a_judge_named(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether a judge's title (:data:`_JUDGES`) is one: capitalised, before a capitalised
    name ("Justice Sotomayor dissented"; not "the judge Ruled", "justice was served", "Justice
    Department", which no name follows)."""
    return (
        text[match.start()].isupper()
        and text[start].isupper()
        and not text[start : start + 2].isupper()
    )


_SAID_TO_BE = r"[ \t]+(?i:is|was)[ \t]+"
_RELATIVES_NAMED = {"en": _RELATIVES["en"]}
"""A relative's word before "is" and the relative's name, in English ("Mother is Hope;
father is Will.")."""


def _said_to_be(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether the words after "<relative> is" are the relative's name: capitalised, a known
    first name first, and the clause closed after them ("Mother is Hope; father is Will.",
    "her sister was Mary Lee, who"; not "mother is Catholic", "father is Deceased", "mother
    is diabetic", "his wife is Grace period")."""
    return lex.language in (None, "en") and _first_name_apposed(text, start, lex) is not None


def _apposition_end(text: str, start: int) -> int:
    """Where the capitalised words of an apposition that starts at ``start`` end, before its
    closing comma: the whole name between the commas, though a word of it is a word too
    ("the patient, Nguyen Thi Lan, is": "lan")."""
    closed = _CLOSED_APPOSITION.match(text, start)
    if closed is None:
        return start
    end = closed.end("words")
    last = closed.group("words").split()[-1]
    return end - 1 if last.endswith(".") and len(last) > 2 else end  # "Cole.", not "J."


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
_ACQUAINTANCES: Mapping[str, str] = {
    "en": "friend neighbour neighbor roommate flatmate housemate carer caregiver colleague "
    "coworker co-worker workmate classmate boss supervisor landlord landlady babysitter "
    "housekeeper driver cashier receptionist postman attorney lawyer counsel judge solicitor "
    "barrister paralegal plaintiff claimant consumer caller customer",
    "es": "amigo amiga vecino vecina cuidador cuidadora compañero compañera jefe jefa",
    "fr": "ami amie voisin voisine collègue",
    "de": "freund freundin nachbar nachbarin kollege kollegin",
    "it": "amico amica badante collega",  # not "vicino": "abita vicino Roma" (near)
    "pt": "amigo amiga vizinho vizinha cuidador cuidadora colega",
}
"""Words for the people around a patient who are no relatives: a known name after one is a
person's ("su vecina Dolores", not the town; "her friend Rose"), a weak cue as the
patient's word is ("Caregiver Said she fell", "su amigo Médico" name no one)."""
_COMPANIONS = frozenset(fold(w) for words in _ACQUAINTANCES.values() for w in words.split())
"""The acquaintances' words of every language, none a name after a title ("al profesor
amigo", where "amigo" is a surname of Faker's Spanish lists)."""
_RELATIVE_CUE = (  # "su hermana mayor Maite", "son fils aîné Paul", "su pareja, Aroa"
    r"(?:[ \t]+(?i:mayor|menor|mayores|pequeño|pequeña|gemelo|gemela|aîné|aînée|cadet|"
    r"cadette|jumeau|jumelle|eldest|oldest|youngest))?(?:[ \t]*[:,])?[ \t]+(?:\([ \t]*)?"
)


Confirm = Callable[[str, regex.Match[str], int, Lexicon], bool]
"""A family's own check of the name a cue found: (text, the cue's match, where the name
starts, the narrative's lexicon) -> whether it is one."""


def _leads(text: str, span: tuple[int, int], lex: Lexicon) -> bool:
    """Whether a first name, no particle, opens a name typed in lower case."""
    lead = fold(text[span[0] : span[1]].split()[0])
    return lead in lex.first_names and lead not in PARTICLES


def _self_named(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether the word after "i am", "this is" (:data:`_SELF_INTRODUCTIONS`) is the speaker's
    first name: a known one, no word (a familiar one capitalised) before the end of the clause
    or the words that go on an introduction ("this is Faith from", "i am kevin and"); not
    "I am Frank about it", "this is Grace period", "I am well"."""
    english = match.group().casefold().split()[0] in _ENGLISH_SELF
    if english and lex.language not in (None, "en"):
        return False  # the words are English ("Im Ernst, der Patient": German's "im")
    name = next(iter(words_from(text, start, 1)), None)
    if name is None or name.folded not in lex.first_names or name.folded in lex.stop:
        return False
    if name.folded in _SELF_DESCRIBED:
        return False
    if not english:  # "je suis helene, 45 ans", "ich bin anna und": a name people bear or
        # no word of the language
        written = name.text.casefold()
        return (name.folded in borne_first_names() or not lex.everyday(written)) and (
            _SELF_NAMED_AFTER_EU.match(text, name.end) is not None
        )
    if name.folded in lex.common and not (name.capitalised and name.folded in lex.familiar):
        return False
    return _SELF_NAMED_AFTER.match(text, name.end) is not None


_ENGLISH_SELF = frozenset(p.split()[0] for p in _SELF_INTRODUCTIONS["en"].split("|"))
_SELF_NAMED_AFTER_EU = regex.compile(
    r"[ \t]*(?:[,;.!]|\n|\Z|(?:et|und|de|aus|von|ici|hier|j'ai|ich)\b)", regex.IGNORECASE
)
"""What goes on a French or German introduction after the name ("je suis helene, 45 ans",
"ich bin anna und habe")."""


def _an_answer(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether the answer to a name's question is no sentence opening with "I" ("What's your
    name? I don't know.")."""
    return _PRONOUN_I.match(text, start) is None


def _after_a_quote(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether a speaker's verb follows a closing quotation mark ('," says Becker.'; not
    "the patient said Tylenol helped")."""
    return _QUOTE_BEFORE.search(text, max(0, match.start() - 4), match.start()) is not None


_PRONOUN_I = regex.compile(r"I(?:['\u2019]|[ \t]+\p{Ll})")


def _a_known_name(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether the word after a closing is a known first name or surname ("Thanks, Grace";
    not "Regards, Pharmacovigilance Department", "Gracias, Doctor"); a comma or a line's end
    after the closing but for the German short ones ("LG Petra"; not "Thanks GOD I did")."""
    said = match.group()
    if (
        "," not in said
        and "\n" not in said
        and fold(said.strip()) not in _SHORT_CLOSINGS
        and _LAST_WORD_OF_THE_TEXT.match(text, start) is None
    ):
        return False
    word = next(words_from(text, start, 1), None)
    return word is not None and lex.is_name(word) and word.folded not in _NOT_NAMES


def _a_person_did_it(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether the name after "seen by", "administered by" (:data:`_DONE_BY`) is a person's:
    no acronym ("Assessed by AMR", an ambulance service), no title or relative's word ("Seen by
    Sister O'Brien") and no town's name, of one word or two ("administered by De Pere EMS")."""
    words = list(words_from(text, start, 2))
    if not words or (len(words[0].text) > 1 and words[0].text.isupper()):
        return False
    if words[0].folded in _NOT_NAMES and words[0].folded not in MONTH_WORDS:
        return False  # "Seen by Sister O'Brien": the sister's cue takes her name
    known = places(lex.language)
    folded = tuple(w.folded for w in words)
    return not any(known.match(folded[:n]) for n in range(1, len(folded) + 1))


def _married_in(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether "in" stands between a wife's surname and her husband's (:data:`_MARRIED_IN`,
    a family :func:`_cue_families` builds for Italian narratives only): a name before it, no
    comma or bracket between, and a surname list's capitalised word after it that is no
    everyday word."""
    if not text[match.start() - 1 : match.start()].isspace() or not text[start].isupper():
        return False
    word = regex.match(r"[\p{L}\p{M}'\u2019]+", text[start:])
    if word is None:
        return False
    folded = fold(word.group())
    return (
        folded in lex.last_names
        and not lex.everyday(folded)
        and _after_a_name(text, match, start, lex)
    )  # a town too or not ("Bianchi" is one in Calabria): "in" after a name marries it


def _after_a_name(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether a name stands before a birth name's cue: a capitalised word that is no
    common or everyday word, a comma or a bracket between ("Braun-Schmitz, geb.", "Smith
    (née")."""
    before = _NAME_BEFORE.search(text, max(0, match.start() - 40), match.start())
    if before is None:
        return False
    word = fold(before.group(1))
    if word in lex.common or word in lex.stop or word in _PATIENT_WORDS:
        return False  # not "Patientin, geb. Frühchen in der 30. SSW"
    return (
        lex.language in NOUNS_CAPITALISED  # "Frau Koch, geb."
        or not lex.everyday(word)
        or word in lex.last_names  # "Mme Jeanne Martin, née Dupuis": a surname, frequent
    )


def _named_after_short_cue(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether the word at ``start``, after the patient's word shortened with its dot, is a
    name: in English, as after "patient"; in German, where the tagger reads one ("Pat.
    Schulze wurde", not "Pat. Fieber seit 2 Tagen"); in another language never — the dot
    makes any word after it capitalised ("Pat. Petit malaise", "Pac. Tos y disnea")."""
    if lex.language in (None, "en"):
        return True
    return lex.language in NOUNS_CAPITALISED and named_here(text, start)


def _capitalised_in_a_sentence(text: str, match: regex.Match[str]) -> bool:
    """Whether a cue is capitalised after a lower-case word: inside a sentence a title is,
    and a relative's word is a name or a town ("habite à Cousin, France")."""
    return (
        text[match.start()].isupper()
        and _WORD_THEN_BLANK_BEFORE.search(text, max(0, match.start() - 16), match.start())
        is not None
    )


def _titled_in_a_sentence(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether a ward sister's cue is the title (:func:`_capitalised_in_a_sentence`): the
    relatives' family leaves that case out."""
    return _capitalised_in_a_sentence(text, match)


def _named_in_german_too(text: str, match: regex.Match[str], start: int, lex: Lexicon) -> bool:
    """Whether the word at ``start`` after an acquaintance's word is a name
    (:func:`~deid_studio.detect.rules.proper_nouns.name_may_stand`), and no word that is
    never one ("su amigo Médico", "o colega Médico": the friend is a physician), unless it
    is a month's or a word's first name before a known surname ("Consumer April Jones")."""
    first, second = (*words_from(text, start, 2), None, None)[:2]
    if first is not None and first.folded in _NOT_NAMES:
        return (
            first.capitalised
            and first.folded in lex.first_names
            and second is not None
            and second.capitalised
            and second.folded in lex.last_names
        )
    return name_may_stand(text, start, lex.language)


@cache
def _cue_families(language: str | None) -> tuple[tuple[str, str, Cues, int, Confirm | None], ...]:
    """(kind, rule, cues, strength, the family's own check or None) of every cue family for
    ``language``."""
    families = (  # a professional's cue first: "Frau Dr. Weber" is a physician
        ("RELATIVE", "name_after_relative", _SPOUSES, _RELATIVE_CUE, STRONG, None),  # before "Frau"
        # a relative's word before the titles: it skips a title after it, and the name both
        # take is the relative's ("su hija Señora Ana López", "Sohn Herr Thomas Berger")
        ("RELATIVE", "name_after_relative", _RELATIVES, _RELATIVE_CUE, STRONG, None),
        ("RELATIVE", "name_after_relative", _RELATIVES_NAMED, _SAID_TO_BE, WEAK, _said_to_be),
        (
            "PERSON",
            "name_after_acquaintance",
            _ACQUAINTANCES,
            _RELATIVE_CUE,
            WEAK,
            _named_in_german_too,
        ),
        ("STAFF", "name_after_staff_title", _STAFF_TITLES, _ABBREVIATED, STRONG, None),
        ("STAFF", "name_after_staff_title", _CREDENTIAL_TITLES, _WORD_CUE, STRONG, None),
        ("STAFF", "name_after_staff_title", _STAFF_JOBS, _WORD_CUE, WEAK, None),
        ("STAFF", "name_after_staff_title", _DONE_BY, _WORD_CUE, WEAK, _a_person_did_it),
        (
            "STAFF",
            "name_after_staff_title",
            _NURSING_SISTER,
            _WORD_CUE,
            WEAK,
            _titled_in_a_sentence,
        ),
        ("STAFF", "name_after_staff_key", _STAFF_KEYS, None, STRONG, None),
        ("PERSON", "name_after_patient_title", _PATIENT_TITLES, _ABBREVIATED, STRONG, None),
        ("PERSON", "name_after_patient_title", _JUDGES, _WORD_CUE, STRONG, _a_judge_named),
        ("PERSON", "name_after_patient_title", _NEWBORN_TITLES, _WORD_CUE, STRONG, None),
        ("PERSON", "name_after_patient_title", _BIRTH_NAME, _ABBREVIATED, FIELD, _after_a_name),
        ("PERSON", "name_after_patient_title", _MARRIED_IN, _WORD_CUE, FIELD, _married_in),
        ("PERSON", "name_after_patient_key", _PATIENT_KEYS, None, STRONG, None),
        ("PERSON", "name_after_patient_key", _PATIENT_NAMED, _WORD_CUE, STRONG, None),
        ("PERSON", "name_after_patient_key", _SURNAME_KEYS, None, FIELD, None),
        ("PERSON", "name_after_patient_word", _PATIENT_WEAK, _WORD_CUE, WEAK, None),
        ("PERSON", "name_after_patient_word", _PATIENT_WEAK, _APPOSED, WEAK, _apposed),
        ("PERSON", "name_after_patient_word", _CHILD_WORDS, _WORD_CUE, WEAK, _child_named),
        ("PERSON", "name_after_patient_word", _CHILD_WORDS, _APPOSED, WEAK, _apposed),
        (
            "PERSON",
            "name_after_patient_word",
            _PATIENT_SHORT,
            _DOTTED,
            WEAK,
            _named_after_short_cue,
        ),
        ("PERSON", "name_introduced", _INTRODUCTIONS, _WORD_CUE, STRONG, None),
        ("PERSON", "name_introduced", _SELF_INTRODUCTIONS, _WORD_CUE, STRONG, _self_named),
        ("PERSON", "name_introduced", _ASKED, _ANSWER, STRONG, _an_answer),
        ("PERSON", "name_introduced", _SAYS, _WORD_CUE, STRONG, _after_a_quote),
        ("PERSON", "name_signed", _CLOSINGS, _CLOSING_TAIL, STRONG, _a_known_name),
        ("PERSON", "name_introduced", _NAMED, _WORD_CUE, WEAK, None),
    )
    found = []
    for kind, rule, table, tail, strength, confirm in families:
        if table is _MARRIED_IN and language != "it":
            continue  # "in" everywhere else is the preposition ("I'm in Harstad"): no cue
        words = {w for lang in languages_of(language, table) for w in _split(table[lang])}
        if language in table and language != "en" and "en" in table:
            # an English cue that is a function word of the narrative's language is that
            # word: "son Doliprane" in French is "his", "son" in Spanish "they are"
            words -= stopwords().get(language, frozenset()) - set(_split(table[language]))
        if language not in table:  # "Nora Smith" in a narrative of no known language
            words -= RELATIVES_ALSO_NAMES
        family = cues(
            words,
            colon=tail is None,
            tail=tail,
            word_end=tail in (_WORD_CUE, _RELATIVE_CUE, _APPOSED),
        )
        found.append((kind, rule, family, strength, confirm))
    return tuple(found)


_FAMILIAR_AFTER = frozenset(
    {
        "name_after_staff_title",
        "name_after_patient_title",
        "name_after_patient_word",
        "name_after_relative",
        "name_after_acquaintance",
        "name_introduced",
    }
)
"""Cues after which a name that is a common word too is a name, in lower case ("dr. lee",
"his wife mary", "my name is grace") or capitalised after a weak cue ("a boy named Owen",
"the patient Rose"; see :attr:`.words.Lexicon.familiar` and
:meth:`.words.Lexicon.familiar_here`)."""

_KIN_IN_LOWER_CASE = frozenset({"name_after_relative", "name_signed"})
"""Cues after which a lower-case word is a name in every language when the language's
people bear it (:func:`_own_names`): "mi marido antonio", "mon mari pierre", "meu marido
joão", written so in consumers' reports and messages. A companion's word is a weak cue,
after which no language takes a lower-case word ("ma voisine rose")."""
_KIN_QUALITIES = frozenset(
    "segundo segunda amado amada querido querida linda lindo bella bello bela belo bonita "
    "dulce rico rica moreno morena franco mayor menor santo santa máximo feliz "
    "aimé aimée cher chère second seconde belle "
    "caro cara amato amata felice secondo seconda "
    "ernst frank "
    "mía mío mías míos tuya tuyo suya suyo nuestra nuestro minha meu "
    "justo dolores dan luz leo paz salud tránsito transito ida socorro marino "
    "max rose claire france marine noël noel martin "
    "solange mark reine "
    "donna massimo romana amico aria greca "
    "clara flor vitória vitoria dom".split()
)
"""Words the people of a language bear as names that follow a relative's word as what they
say of the relative or of what goes on ("mi hijo segundo", "mi hija linda", "madre mía", "mon
fils aimé", "il mio caro amico", "mein mann ernst", "mi madre dolores de cabeza", "sa fille
max 3 comprimés", "ihr Mann mark", "sua madre donna"): no name in lower case; nor a month or
a weekday ("mi marido domingo", "su hija julio")."""
_SURNAME_NO_WORD = 5.5
"""Zipf frequency from which a lower-case word after a name is the language's word, though a
surname list holds it ("peter schon": "silva", "santos" 5.1, "schon" 6.3)."""


def _own_names(text: str, span: tuple[int, int], language: str | None) -> tuple[int, int] | None:
    """The lower-case name after a relative's word in a narrative not in English
    (:data:`_KIN_IN_LOWER_CASE`): a first name the people of ``language`` bear, then
    their first names or surnames ("mi hija lucía garcía"; "mi hija maria", "cordialement,
    helene" typed without the accents), or None. In lower case the other
    words of the lists are the language's own ("mi hijo tiene", "la sua amica sta")."""
    if language is None:
        return None
    first, last = names_of(language)
    plain_first, plain_last = _folded_names(language)
    end = None
    for n, word in enumerate(words_from(text, span[0], 4)):
        if word.start >= span[1]:
            break
        written = word.text.rstrip(".").casefold()
        known = written in (first if n == 0 else first | last) or (
            written == fold(written)  # typed without its accents: "maria", "helene"
            and written in (plain_first if n == 0 else plain_first | plain_last)
        )
        if (
            written in _KIN_QUALITIES
            or fold(written) in MONTH_WORDS
            or fold(written) in WEEKDAYS
            or not known
            or (n > 0 and zipf(written, language) >= _SURNAME_NO_WORD)
        ):
            break
        end = word.end
    return None if end is None else (span[0], end)


@cache
def _folded_names(language: str) -> tuple[frozenset[str], frozenset[str]]:
    first, last = names_of(language)
    return frozenset(map(fold, first)), frozenset(map(fold, last))


def _titled_in_lower_case(
    text: str, position: int, lex: Lexicon, language: str | None
) -> tuple[int, int] | None:
    """A name typed in lower case after a title in a narrative not in English ("el dr gomez
    me recetó", "il dott. rossi mi ha prescritto", "le dr dupont", "o dr. silva"): from
    ``position``, the words that are first names or surnames of Faker's lists of the
    language, accents aside ("gomez" for "gómez"), and no stopword, month, weekday, word
    said of a person (:data:`_KIN_QUALITIES`) or word the language writes more often than
    a name ("la sra. toma", "el dr. de guardia", "il dott. ha detto", "al profesor amigo"
    name no one)."""
    if language is None or language == "en":
        return None
    first, last = _folded_names(language)
    end = -1
    for word in words_from(text, position, 3):
        folded = word.folded
        if (
            not word.text.isalpha()
            or not word.text.islower()
            or (folded not in first and folded not in last)
            or folded in lex.stop
            or folded in MONTH_WORDS
            or folded in WEEKDAYS
            or word.text in _KIN_QUALITIES
            or folded in _NOT_NAMES
            or folded in _COMPANIONS
            or zipf(folded, language) >= _SURNAME_NO_WORD
        ):
            break
        end = word.end
    return None if end < 0 else (position, end)


_COMMA_AFTER = regex.compile(r"[ \t]*,")
_ALONE_BEFORE = regex.compile(
    r"[ \t]*(?:[.;:!?)]|\r?\n|\Z|,?[ \t]+(?:had|has|have|was|is|got|received|took|went"
    r"|came|started)(?![\p{L}\p{M}]))"
)
"""What may follow a lower-case first name alone after a weak cue, when the common-word list
does not hold the name: the clause's end or a verb a thing has too ("patient kim had rash",
"my neighbor jim"; "pt bill was sent" is the patient's bill)."""
_PERSONS_VERB_AFTER = regex.compile(
    r",?[ \t]+(?:gave|gives|said|says|told|called|reported|developed|noticed|became|felt|woke"
    r"|complained|fainted|vomited|died|thinks|thought)(?![\p{L}\p{M}])"
)
"""A person's verb after a lower-case first name alone: a name even when it is a word too
("nurse grace said", "my friend mark told me")."""


def _typed_in_lower_case(
    text: str, position: int, lex: Lexicon, apposed: bool
) -> tuple[int, int] | None:
    """An English patient's name typed in lower case after the patient's word, which no
    capital marks: a first name of Faker's English lists between commas ("the patient,
    jacob, had a fever"), alone before the clause's end or its verb when it is seldom an
    English word ("patient kim had rash", "my neighbor jim"; not "patient will follow", "pt
    bill was sent") or before a surname of those lists ("patient jacob miller had"),
    none a word English writes more often than as a name (:data:`_APPOSED_NO_WORD`,
    :data:`_LOWER_CASE_NO_WORD`; not "patient will follow", "the patient, who"), a month or
    a weekday. The common-word list says nothing here: it holds "jacob", "mary", "miller"."""
    words = list(words_from(text, position, 2))
    if not words or not words[0].text.isalpha() or not words[0].text.islower():
        return None
    first, last = names_of("en")
    name = words[0].folded
    if name not in first or _a_word(name, lex, _APPOSED_NO_WORD):
        return None
    if apposed and _COMMA_AFTER.match(text, words[0].end):
        return words[0].start, words[0].end
    if zipf(name, "en") < _LOWER_CASE_NO_WORD and (
        _PERSONS_VERB_AFTER.match(text, words[0].end)
        or (name not in lex.common and _ALONE_BEFORE.match(text, words[0].end))
    ):
        return words[0].start, words[0].end  # "patient kim had rash", "my neighbor jim"
    if (
        len(words) < 2
        or zipf(name, "en") >= _LOWER_CASE_NO_WORD
        or not words[1].text.isalpha()
        or not words[1].text.islower()
        or words[1].folded not in last
        or _a_word(words[1].folded, lex, _SURNAME_NO_WORD)
    ):
        return None
    return words[0].start, words[1].end


def _unknown_in_lower_case(text: str, position: int, lex: Lexicon) -> tuple[int, int] | None:
    """An English speaker's name typed in lower case after they introduce it, which no list
    knows ("my name is višeslav", "everyone calls me višeslav jerković"): words of letters
    that English writes seldom if ever (:data:`_UNKNOWN_NO_WORD`; not "call me tmrw", "call
    me asap"), up to three."""
    end = -1
    start = position
    for n, word in enumerate(words_from(text, position, 3)):
        if (
            not word.text.isalpha()
            or not word.text.islower()
            or len(word.folded) < 3
            or word.folded in lex.common
            or word.folded in lex.stop
            or zipf(word.folded, "en") >= _UNKNOWN_NO_WORD
        ):
            break
        if n == 0:
            start = word.start
        end = word.end
    return (start, end) if end > 0 else None


_UNKNOWN_NO_WORD = 1.5
"""Zipf frequency below which a lower-case word after an introduction is a name English does
not know ("višeslav" 0.0; "tmrw" 1.76, "asap" 3.81 are words)."""


_TYPED_AFTER = frozenset(
    {"name_after_patient_word", "name_after_staff_title", "name_after_acquaintance"}
)
"""Weak cues after which :func:`_typed_in_lower_case` reads a name that no capital marks
("patient jacob miller", "nurse amy smith gave me the shot", "my friend tom smith"); the
strong ones take a known name in lower case already ("dr. karen lee")."""
_APPOSED_NO_WORD = 5.9
"""Zipf frequency from which a lower-case first name between commas after the patient's
word is an English word ("will" 6.5; "john" 5.4, "love" 5.8 are names there)."""
_LOWER_CASE_NO_WORD = 5.4
"""Zipf frequency from which a lower-case first name before a surname is an English word
("guy" 5.40: "patient guy smith"; "john" 5.38, "david" 5.13, "bill" 5.15 are names)."""


def _a_word(folded: str, lex: Lexicon, frequent: float) -> bool:
    return (
        folded in lex.stop
        or folded in MONTH_WORDS
        or folded in WEEKDAYS
        or zipf(folded, "en") >= frequent
    )


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


def _skip_titles(text: str, position: int) -> int:
    """Past the further titles after a cue ("Frau [Dr. med.] Weber")."""
    for word in words_from(text, position, 4):
        if word.folded not in _TITLE_WORDS:
            return word.start
        position = word.end
    return position


_SEX_KEY_BEFORE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:sexe|sex|sexo|geschlecht|sesso|genre|gender)[ \t]*:?[ \t]*\Z"
)
"""A sex's key before a letter that is also a title's abbreviation ("Sexe : M.", "Sex: M")."""


def _after_cues(
    text: str,
    language: str | None,
    lex: Lexicon,
    index: dict[str, list[int]],
    shouting: bool,
) -> Iterator[RuleHit]:
    # a lower-case name only in English notes ("dr. karen lee", "his wife mary"): elsewhere
    # names and the language's words are alike in lower case ("la sra. toma", "o sr. não")
    lowercase = language in (None, "en")
    for kind, rule, family, strength, confirm in _cue_families(language):
        for match in family.finditer(text, index):
            cue, wanted = match.group().rstrip(" \t:,\r\n"), strength
            if len(cue) == 1 and text[match.start() - 1 : match.start()] in ("'", "\u2019"):
                continue  # "I'm Sarah": no French "M" before the name
            if len(cue) <= 2 and _SEX_KEY_BEFORE.search(
                text, max(0, match.start() - 16), match.start()
            ):
                continue  # "Sexe : M. Âge : 67 ans": the sex, no title
            if cue in _MEDICAL_CAPITALS and not (
                shouting and cue == "PT" and rule == "name_after_patient_word"
            ):  # in a narrative in capitals "PT" is the patient ("PT JOHN SMITH 45M")
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
                and not shouting
                and language not in NOUNS_CAPITALISED
                and _capitalised_in_a_sentence(text, match)
            ):
                continue  # "habite à Cousin, France": a name or a town, not a relative
            position = _skip_titles(text, match.end())
            introduced = not lowercase and cue.casefold() in _FIRST_PERSON_INTRODUCTIONS
            kin = not lowercase and rule in _KIN_IN_LOWER_CASE and not shouting
            span = take_name(
                text,
                position,
                lex,
                wanted,
                lowercase=lowercase or introduced or kin,
                uncased=shouting,
                familiar=rule in _FAMILIAR_AFTER,
            )
            if kin and span is not None and text[span[0]].islower():
                span = _own_names(text, span, language)  # "mi marido antonio me llevó"
            if span is None and rule in _TITLES and not lowercase and not shouting:
                span = _titled_in_lower_case(text, position, lex, language)  # "il dott. rossi"
            if span is None and confirm in (_apposed, _said_to_be) and not shouting:
                span = _first_name_apposed(text, position, lex)  # "the patient, Will, is"
            if rule == "name_after_patient_word" and cue.isupper():
                span = _surname_then_given(text, position, lex) or span  # "PATIENT DOE, JOHN"
            if span is None and rule in _TYPED_AFTER and lowercase and not shouting:
                apposed = "," in match.group() and rule == "name_after_patient_word"
                typed = _typed_in_lower_case(text, position, lex, apposed)
                if typed is not None:  # "the patient, jacob, had", "nurse amy smith gave"
                    yield RuleHit(*typed, kind, rule)
                continue
            if span is None and rule == "name_introduced" and confirm is None and lowercase:
                span = _unknown_in_lower_case(text, position, lex)  # "my name is višeslav"
            if span is not None and rule in _KEYED:
                span = _before_key(text, span)  # "Médico: Ruth Bravo NºCol: 28"
            if span is None:
                continue
            if introduced and text[span[0] : span[1]].islower() and not _leads(text, span, lex):
                continue  # "me llamo de nuevo" (it called me again), "sono la figlia": a
                # first name leads
            if confirm is not None and not confirm(text, match, span[0], lex):
                continue  # "Pat. Fieber seit 2 Tagen", "als geborene Kölnerin"
            if (rule in _SURNAME_FIRST and not _BLANK.search(text, span[0], span[1])) or (
                text[span[0] : span[1]].isupper() and not shouting
            ):  # a surname alone, or surnames in capitals ("Paciente GARCÍA LÓPEZ, MARÍA")
                span = (span[0], _given_name_after(text, span[1], lex))
            elif rule in _KEYED:  # two surnames, and the given name ends the field
                span = (span[0], _given_name_after(text, span[1], lex, ending=True))
            if rule in _KEYED and (short := _SHORT_SURNAME_ENDING_LINE.match(text, span[1])):
                span = (span[0], short.end(1))  # "Patient: Tammy [Le]"
            elif rule in _TITLES:
                span = (span[0], _surname_after(text, span, lex, language))  # "Dr. Ryan [Le]"
            if rule in _KEYED and text[span[0] : span[1]].isupper():
                span = (span[0], _names_to_field_end(text, span[1], lex))  # "MARÍA [DEL MAR]"
            if (
                rule in _AFTER_PATIENT
                and text[span[0] : span[1]].split()[0].casefold() in _PERSON_WORDS
            ):
                continue  # "Paciente: Varón de 45 años", "paciente Niña de 5 años"
            if confirm is _apposed:
                span = (span[0], max(span[1], _apposition_end(text, span[0])))
            folded = fold(text[span[0] : span[1]])
            if "," in match.group() and (
                len(folded) < 2
                or (
                    folded.split()[0] in lex.stop
                    and not _named_alone(text, span)
                    and (confirm is not _apposed or not _first_name_apposed(text, span[0], lex))
                )
                or _DAY_WORDS.match(folded) is not None
            ):
                continue  # "your brother, I talked": after a comma, no pronoun; "her
                # mother, Today's date": no day's word
            if (
                not (strength < STRONG and _an_eponyms_use(text, span[1], folded, rule))
                and (folded not in _relative_words(language) or _titled_kin(text, span, rule))
                and folded not in _SALUTATIONS
                and folded.split()[-1] not in _PATIENT_WORDS
            ):
                yield RuleHit(span[0], span[1], kind, rule)


_EPONYM_USED = regex.compile(
    r"(?i)['\u2019]|-\p{L}|[ \t]+(?:disease|syndrome|sign|test|reflex|maneuver|manoeuvre|palsy"
    r"|phenomenon|criteria|score|scale|classification|triad|type|fracture|ulcer|tumou?r)\b"
)
"""What an eponym's medical use writes after it ("Murphy's sign", "Stevens-Johnson", "Graves
disease"): after a job's weak cue, an eponym followed so is no name; otherwise a name ("spoke
to Nurse Murphy today", "per pharmacist Brown"). After the patient's word an eponym is the
condition ("Patient Parkinson en tratamiento", "Paziente Crohn in terapia")."""


def _an_eponyms_use(text: str, end: int, folded: str, rule: str) -> bool:
    """Whether a name after a weak cue is an eponym's medical use: after a job's or an
    acquaintance's word only when that use follows (:data:`_EPONYM_USED`: "plaintiff Jones
    filed", "her friend Parkinson called"), after another weak cue always ("Patient
    Parkinson en tratamiento")."""
    if folded not in eponyms():
        return False
    return (
        rule not in ("name_after_staff_title", "name_after_acquaintance")
        or _EPONYM_USED.match(text, end) is not None
    )


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


_CAPITALS_TO_FIELD_END = regex.compile(
    r"(?P<rest>(?:,?[ \t]+(?!\p{Lu}+[ \t]*:)\p{Lu}[\p{Lu}\p{M}'\u2019-]*)+)"
    r"[ \t]*(?=[\r\n;.]|\Z)"
)
"""The words in capitals after a key's name in capitals, to the end of its field: a name in
capitals after a key is the field's whole value, its particles and the words that are common
words too included ("Nombre: MARÍA DEL MAR ORTEGA RUIZ", "Paciente: SOUSA, MARIA DA
CONCEIÇÃO."; not a next key, "Nombre: JUAN PÉREZ EDAD: 45")."""


def _names_to_field_end(text: str, end: int, lex: Lexicon) -> int:
    """Where a key's name in capitals that ends at ``end`` ends with the rest of its field
    (:data:`_CAPITALS_TO_FIELD_END`), when every word of the rest is a particle or a known
    first name or surname that is no stopword ("DEL MAR ORTEGA RUIZ"; not "JOHN SMITH
    RECEIVED THE VACCINE"); else ``end``."""
    rest = _CAPITALS_TO_FIELD_END.match(text, end)
    if rest is None:
        return end
    for word in _TOKEN_WORD.findall(rest.group("rest")):
        folded = fold(word)
        if folded in PARTICLES:
            continue
        if folded in lex.stop or (folded not in lex.first_names and folded not in lex.last_names):
            return end
    return rest.end("rest")


_TOKEN_WORD = regex.compile(r"[\p{L}\p{M}'\u2019-]+")
_KEYED = frozenset({"name_after_staff_key", "name_after_patient_key"})
_AFTER_PATIENT = frozenset({"name_after_patient_key", "name_after_patient_word"})
_SURNAME_FIRST = _KEYED | _AFTER_PATIENT
"""Rules after whose cue a surname alone may have its given name after a comma ("Patient:
Smith, John", "Pat. Meier, Hans, 67 J.")."""
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
# a full stop after a given name ends the sentence ("MARÍA DEL MAR. NHC"); an initial's does not
_GIVEN_WORD = (
    r"\p{Lu}[\p{L}\p{M}]+(?:-\p{Lu}[\p{L}\p{M}]+)?"
    r"(?![\p{L}\p{M}\d'\u2019-]|\.(?![ \t\n]|\Z))"
)
_GIVEN_PARTICLE = r"(?i:de|del|da|do|dos|das|la|los|las)[ \t]+"
_GIVEN_NAME_AFTER = regex.compile(
    rf",[ \t]*({_GIVEN_WORD})(?:[ \t]+((?:{_GIVEN_PARTICLE}){{0,2}}{_GIVEN_WORD}))?"
)
"""A given name after a surname's comma, and a second one, particles before it ("SMITH, MARY
ELLEN", "ORTEGA RUIZ, MARÍA DEL MAR", "SOUSA, MARIA DA CONCEIÇÃO")."""


_FIELD_END = regex.compile(r"[ \t]*(?:[;,(*\n]|\.(?:\s|\Z)|\Z)")
_MIDDLE_INITIAL = regex.compile(r"[ \t]+\p{Lu}(?:\.(?=\s|\Z|[,;)])|(?=[ \t]*(?:[;,(*\n]|\Z)))")
"""A middle initial after a given name, which ends the name ("Doe, John A.", "SMITH, MARY
J;"): its dot is the initial's."""


def _given_name_after(text: str, end: int, lex: Lexicon, *, ending: bool = False) -> int:
    """Where a surname after a key ends, its given name included when it follows after a
    comma, as forms and letters write it ("Betr.: Schulz, Gerda, geb."; "Patient:
    Smith, John"): a known first name that is no common word ("Smith, June 2020" stays),
    or one that is when the field ends after it ("Name: Weidinger, Flora;", "Patient:
    Smith, June"); two known first names when the field ends after them ("Patient: SMITH,
    MARY ELLEN;", "Paciente: ORTEGA RUIZ, MARÍA DEL MAR."). ``ending``: only a given name
    the field ends after, for a key's value of two words, which may be a first name and a
    surname ("Paciente: García López, Juan." is one name; in "Patient: John Smith, Mary
    Jones" a span to "Mary" would leave "Jones")."""
    after = _GIVEN_NAME_AFTER.match(text, end)
    if after is None:
        return end
    for last in (2, 1):  # two given names first ("SMITH, MARY ELLEN;"), then one
        if after.group(last) is None:
            continue
        names = [fold(after.group(i).split()[-1]) for i in range(1, last + 1)]
        if any(n not in lex.first_names or n in lex.stop for n in names):
            continue
        initial = _MIDDLE_INITIAL.match(text, after.end(last))
        close = after.end(last) if initial is None else initial.end()
        if _FIELD_END.match(text, close) is not None or (
            last == 1 and names[0] not in lex.common and not ending
        ):
            return close
    return end
