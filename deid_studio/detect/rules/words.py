"""The word-level reading the context rules share: words after a cue, name-like words.

Names, places and institutions have no shape a regex can see; what marks them is a cue
before them ("Dr.", "Herrn", "son", "Calle", "Hospital") and what they look like word by word
(capitalised, in a name list, not a common word). :func:`words_from` reads the words that
follow a position on the same line; :class:`Lexicon` answers the word questions from the
shipped gazetteers (names: Philter and nltk; common words: Philter's allow list; stopwords:
nltk) — one look-up per word, in sets.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

import regex

from deid_studio.core.language import stopwords
from deid_studio.core.resources import resident
from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import common_words, familiar_names, fold, fold_word, gazetteer
from deid_studio.detect.geography import place_words
from deid_studio.detect.rules.base import (
    LATIN1_LETTER,
    LATIN1_LOWER,
    LATIN1_UPPER,
    MAX_LENGTH,
    MONTH_WORDS,
    PEOPLE_KINDS,
    RuleHit,
    alternation,
    last_text,
    lowered,
    occurrences,
    trie,
    without_possessive,
)

_WORD_AT = regex.compile(
    r"[ \t]?((?:\p{Lu}\.-(?=\p{Lu}))?[\p{L}][\p{L}\p{M}'\u2019\-]*(?<![-'\u2019])\.?|\d+[A-Za-z]?)"
)
"""A word: letters (with an initial and its hyphen before them: "H.-Dieter"), a dot after
them, or a number."""

SURNAME_CAPITAL = r"(?:(?<=M)a?c\p{Lu}|(?<=[OD])['\u2019]\p{Lu})?"
"""What may follow a capitalised surname's first letter before its own capital, as a pattern
to put after a capital letter's ("McCarthy", "MacDonald", "O'Kearney", "D'Angelo"; after the
capital, so that a scan still skips to capitals fast)."""
SURNAME_CAPITAL_LATIN1 = rf"(?:(?<=M)a?c[{LATIN1_UPPER}]|(?<=[OD])'[{LATIN1_UPPER}])?"
""":data:`SURNAME_CAPITAL` for Latin-1 text (see :class:`~.base.Latin1Twin`)."""

PARTICLES = frozenset(
    "de del la las los y i van von der den ter ten di da du le dos das do d' mc mac st st. "
    "san santa al el bin della dalla delle degli dei dello dal lo li zu e".split()
)
"""Words that may sit inside a name ("Ramón y Cajal", "de la Fuente", "van der Berg", "Marco
Della Valle", "Luca Lo Presti", "Bernd zu Guttenberg", "José de Sousa e Castro")."""
ELIDED_PARTICLE = r"(?:d|dell|dall|degl|l)['\u2019]"
_ELIDED_PARTICLE = regex.compile(rf"{ELIDED_PARTICLE}(?=\p{{Lu}})")
"""A particle elided into the surname after it ("Marco dell'Acqua", "Agrippa d'Aubigné")."""
WEEKDAYS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur "
    "thurs fri sat sun lunes martes miercoles jueves viernes sabado domingo lundi mardi "
    "mercredi jeudi vendredi samedi dimanche montag dienstag mittwoch donnerstag freitag "
    "samstag sonnabend sonntag".split()
)
"""Weekdays' names and abbreviations, folded, in the narratives' languages: no name, no
town ("Sunday January 10", "in Monday, Surrey")."""
NOUNS_CAPITALISED = frozenset({"de"})
"""Languages whose nouns are capitalised ("Tagen", "Mann", "Gabe" are also first names; an
"Apotheke" is any pharmacy): there a capital says nothing of a name."""
PEOPLES = frozenset(
    "asian indian mexican cherokee hispanic latino latina african american caucasian white "
    "black arab chinese filipino korean japanese navajo".split()
)
"""Words for a people that the name lists hold as names ("PATIENT ASIAN MALE", "Patient
Indian female"): after a weak cue they describe the patient, they do not name them."""
STOPWORD_NAMES = frozenset({"don"})
"""Names that are also stopwords ("his son don"), taken after a cue all the same."""
NAME_ENDS = frozenset(
    fold_word(w)
    for w in "servicio service servizio serviço departamento department département "
    "dipartimento abteilung klinik station unidad unit unité sección section hospital hôpital "
    "clínica clinic clinique centro center centre consulta urgencias emergency planta piso "
    "floor ward sala email e-mail correo tel tfno teléfono phone fax apt apt. apartment "
    "appartement apto suite wohnung avda avd avenida pza código postal cp".split()
)
"""Words that end a name after a cue: "Remitido por: Miguel Martínez [Servicio de
Urología]" names a department, not more of the physician; "Mrs. Barbara Yudina Apt. 675"
and "Dra. Mª José Vela Muñoz Avda. Cervera" go on with an address, "Delegación Benito Juárez
Código Postal 03020" with a postcode's key. Folded, as the words compared with them are
("Madrid [Teléfono]")."""
_STREET_TYPES = (
    "calle plaza paseo camino carretera ctra crta ronda travesía glorieta urbanización "
    "avinguda carrer passeig plaça rúa rua rue boulevard viale piazza corso praça"
).split()
STREET_TYPES = frozenset(fold_word(w) for w in _STREET_TYPES)
"""Street types written before the street's name that are surnames or words too ("Ana Plaza
Martínez", "Camino"), folded: see :func:`street_ahead`."""
_STREET_AHEAD = regex.compile(
    rf"(?i:{'|'.join(_STREET_TYPES)})\.?"
    r"(?:[ \t]+\d{1,3}[ \t]+(?i:no\.?|n[º°]|\#)[ \t]*\d"  # "Calle 25 no 1g-89"
    r"|(?:[ \t]+(?:de|del|la|las|los|el|d')){0,3}[ \t]+\p{Lu}[\p{L}\p{M}'\u2019-]*\.?"
    r"(?:[ \t]+(?:de|del|la|las|los|el|d'|\p{Lu}[\p{L}\p{M}'\u2019-]*\.?)){0,5}"
    r",?[ \t]*(?:n[º°o]\.?[ \t]*)?\d{1,5}(?!\d|[.,/:]\d)(?![ \t]+\p{Ll}))"
)
"""A street type, its name (a capitalised word at least), its house number, and no word in
lower case after it: "Plaza de la Encarnación, 32", not "Plaza Martínez, 32 años", "Ana
Plaza 2 días después", "Ana Plaza, 2 de mayo" or "Maria Corso 5 mg"."""


def street_ahead(text: str, start: int, folded: str) -> bool:
    """Whether a street written from its type word to its house number starts at ``start``,
    where the word ``folded`` stands ("Calle Joaquim Folguera, 3", "Plaza de la Encarnación,
    32"): a name ends before it, though "Plaza" and "Calle" are surnames too ("Ana Plaza
    Martínez")."""
    return folded in STREET_TYPES and _STREET_AHEAD.match(text, start) is not None


PRODUCT_WORDS = r"tests?|device|machine|antibod(?:y|ies)|antigen|assay|kit|analy[sz]er|swab|airway"
"""Words after which a capitalised word is a product's name, no place or person ("the Sofia
test", "LUCAS device", "the Bam antibodies"), as a pattern."""
SCALE_WORDS = (
    r"(?i:scores?|scales?|criteria|questionnaire|classification|equations?|formula|curves?)"
    r"|(?-i:stage|index)(?![ \t]+(?i:fingers?|finger-?tips?))"
)
"""Words after which a capitalised word is a scale's eponym, no place or person ("the Bishop
score", "Tanner stage", "Barthel index", "the Berlin questionnaire", "Wells score", "the
Harris-Benedict equation", "the Kaplan-Meier curve"), as a pattern: "stage" and "index" only
in lower case ("Seattle. Stage 3 CKD" opens a sentence) and no finger ("Carl's index
finger")."""
SENTENCE_START = regex.compile(r"(?r)(?:\A|[.!?:;|>\n\"\u201c(\[•*-])[ \t\"\u201c'(\[]*\Z")
"""What stands before the first word of a sentence, a line, a field or a list's item, opening
quotes and brackets included: there every word is capitalised."""
CONDITION_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?i:s[íi]ndrome|syndrom|syndrome|enfermedad|maladie|krankheit|"
    r"malformaci[óo]n|malformation|disease|anomal[íi]a|anomaly|signo|signe|sign|test|prueba|"
    r"t[ée]cnica|technique|m[ée]todo|method|méthode|[íi]ndice|fórmula|formula|formule|"
    r"protocolo|protocol|protocole|pol[íi]gono|fen[óo]meno|phenomenon|phénomène|maniobra|"
    r"maneuver|manoeuvre|manœuvre|escala|scale|échelle|clasificaci[óo]n|classification|"
    r"criterios|criteria|critères|reflejo|reflex|réflexe|quiste|tinci[óo]n|tipo|malattia|"
    r"segno|doença|doenca|sinal|morbo|morbus|ecuaci[óo]n|equation|équation|gleichung|"
    r"equazione|equa[çc][ãa]o|predicci[óo]n|prediction|curva|curve|courbe)"
    r"(?:[ \t]+(?i:de|of|du|von|der|des|di|del|della|da|do))?[ \t]+\Z"
)
"""A condition's, a sign's or a method's word before capitalised words: they name the
condition or the method, no person or town ("malformación de Dandy Walker", "síndrome de
Potter", "técnica de Anderson-Hynes", "polígono de Willis", "fórmula de Galveston", "tipo
Mainz", "ecuación de Harris-Benedict"). Wider than the term rules'
:data:`.terms.TERM_BEFORE`, whose words decide what a safe term spans (with "malformación"
there, "malformación de Chiari" would be one)."""
_EVERYDAY = 4.0
"""Zipf frequency from which a word of the narrative's language (not English: the common-word
list is English) is an everyday word there, no name after a cue ("kollege" 4.3 in German,
"apartado" in Spanish; "grueso", 3.9, is a surname too). Surnames that are everyday words
are in the name lists ("weber", "blanco")."""

WEAK, STRONG, FIELD = 0, 1, 2
"""How much a cue says that a name follows (see :meth:`Lexicon.name_like`): ``FIELD`` is a
form's key whose value can only be a name ("Apellidos:", "Surname:")."""


class Word(NamedTuple):
    """A word of the narrative: where it is, as written, and folded (a named tuple: the
    context rules read tens of thousands of words in a corpus, and a frozen dataclass took
    twice as long to make)."""

    start: int
    end: int
    text: str
    folded: str

    @property
    def capitalised(self) -> bool:
        """Starts with an upper-case letter ("Smith", "LANDER", "Q.")."""
        return self.text[:1].isupper()

    @property
    def initial(self) -> bool:
        """One capital letter, with or without its dot ("Q.", "J")."""
        core = self.text.rstrip(".")
        return len(core) == 1 and core.isupper()


def words_from(text: str, position: int, limit: int = 8) -> Iterator[Word]:
    """Up to ``limit`` words after ``position`` on the same line, separated by one space or
    tab (a comma, a bracket, a line break or a wider gap, as between two fields, ends the
    run). A trailing dot stays with
    the word ("Dr.", "Q."); numbers are words too ("12 de Octubre", "Station 4A")."""
    end = min(len(text), position + MAX_LENGTH)
    for _ in range(limit):
        found = _WORD_AT.match(text, position, end)
        if found is None:
            return
        start, stop = found.span(1)
        word = found.group(1)
        yield Word(start, stop, word, fold(word.rstrip(".")))
        position = stop


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Word look-ups the context rules need, from the shipped lists."""

    first_names: frozenset[str]
    last_names: frozenset[str]
    common: frozenset[str]
    stop: frozenset[str]
    familiar: frozenset[str] = frozenset()
    """Names that are common words too ("mary", "lee"): names after a title or a relative."""
    language: str | None = None
    """The narrative's language, whose everyday words are no names (:meth:`everyday`)."""
    places: frozenset[str] = frozenset()
    """Regions' and countries' names that the common-word list holds though they are names
    (:func:`~deid_studio.detect.geography.place_words`): after a title they are a surname
    ("Dr. James Longford", "Mr. Sligo")."""

    def everyday(self, folded: str) -> bool:
        """A frequent word of the narrative's language other than English, which the
        common-word list (English) does not know: "Herr [Kollege]" is no name."""
        return (
            self.language not in (None, "en")
            and "-" not in folded  # "Blanco-Rivera": wordfreq reads two words
            and zipf(folded, self.language) >= _EVERYDAY
        )

    def is_word(self, folded: str) -> bool:
        """A common word, a stopword or an everyday word of the narrative's language: what
        a capitalised word must not be to read as a name no list knows."""
        return folded in self.common or folded in self.stop or self.everyday(folded)

    def is_given_name(self, folded: str) -> bool:
        """A known first name that is no everyday word, or one only as a name that is a
        common word too ("mary"): a name the context says little more of ("Mary, the
        patient's daughter"; "Diabetes, mother" names no one)."""
        if folded not in self.first_names or folded in self.stop:
            return False
        return folded not in self.common or folded in self.familiar

    def familiar_here(self, folded: str) -> bool:
        """A name that is a common word too (:attr:`familiar`); in a narrative of another
        language than English, also an English word of the common-word list that is no everyday
        word of that language: "Die Patientin [Flora] klagt", where German has no flora to
        speak of after a patient's word."""
        if folded in self.familiar:
            return True
        return self.language not in (None, "en") and not self.everyday(folded)

    def is_name(self, word: Word) -> bool:
        """In a first- or last-name list, with or without its apostrophe ("o'neil" is
        listed as "oneil")."""
        folded = word.folded
        if folded in self.first_names or folded in self.last_names:
            return True
        if "'" in folded or "\u2019" in folded:
            return folded.replace("'", "").replace("\u2019", "") in self.last_names
        return "-" in folded and self.compound_name(folded)

    def compound_name(self, folded: str) -> bool:
        """A name joined by hyphens whose every part is a known name and no common word but
        a familiar name ("kerry-ann", "mary-jane", "ahmadi-tehrani"; not "x-ray", "jack-knife"),
        or a known surname after an Arabic article ("al-harbi", "el-sayed")."""
        parts = folded.split("-")
        if len(parts) > 1 and parts[0] in _ARTICLE_PREFIXES:
            parts = parts[1:]  # "al-harbi", "el-sayed"
            return parts[0] in self.last_names and parts[0] not in self.common
        return len(parts) > 1 and all(
            len(part) >= 2
            and (part in self.first_names or part in self.last_names)
            and (part not in self.common or part in self.familiar)
            and part not in self.stop
            for part in parts
        )

    def name_like(
        self,
        word: Word,
        strength: int,
        *,
        lowercase: bool = False,
        uncased: bool = False,
        familiar: bool = False,
    ) -> bool:
        """Whether ``word`` can be part of a person's name after a cue of ``strength``.

        After a form's key for a surname (:data:`FIELD`) any capitalised word that is no
        stopword; after a strong cue (:data:`STRONG`: a title, a relative, a signature, a
        "Name:" key) a capitalised word that is a known name or no common word; after a weak one
        (:data:`WEAK`: "patient") only a known name that is no common word, or with
        ``familiar`` a familiar name that is one too ("a boy named Owen"). Initials
        always (:func:`take_name` wants more than an initial after a weak cue). A
        lower-case word only with ``lowercase`` (English notes write "son don", "irene
        snell, rn") and after a strong cue, when it is a known name and no common word, or
        one of :data:`STOPWORD_NAMES` — or, after a title or a relative's word and before a
        credential (``familiar``), a name that is a common word too ("his wife mary", "dr.
        lee", "mary smith, rn"). In an ``uncased`` narrative (written in capitals) capitals
        say nothing: every word is judged as a lower-case one, and after a weak cue a known name
        that is no common word is taken as a capitalised one would be."""
        if word.text[:1].isdigit():
            return False
        if word.initial:
            return True
        folded = word.folded
        if len(folded) < 2:
            return False
        if folded in self.stop:
            return strength >= STRONG and folded in STOPWORD_NAMES and (lowercase or uncased)
        known = self.is_name(word)
        a_name = known and folded not in PEOPLES  # after a weak cue: not "PATIENT ASIAN MALE"
        if word.capitalised and not uncased:
            if strength >= FIELD:  # "Apellidos: Vals Cardona", "Surname: Brown"
                return True
            if strength >= STRONG:
                return known or (
                    (folded not in self.common or folded in self.places)
                    and not self.everyday(folded)
                )
            return a_name and (
                folded not in self.common or (familiar and self.familiar_here(folded))
            )
        if uncased and a_name and folded not in self.common and self.language in (None, "en"):
            return True  # "PATIENT JOHN SMITH RECEIVED": capitals say nothing, the lists do
            # (English's: "PACIENTE TOMA IBUPROFENO", "PATIENTIN FIEBER" name no one)
        if uncased and not known and (owner := without_possessive(folded)) != folded:
            known = owner in self.first_names or owner in self.last_names  # "DR. PATEL'S"
        if not ((lowercase or uncased) and strength >= STRONG and known):
            return False
        return folded not in self.common or (familiar and folded in self.familiar)


def languages_of(language: str | None, table: Mapping[str, str]) -> list[str]:
    """The languages of a cue table to read for a narrative in ``language``: its own and
    English (English cues stand in every narrative), or every language the table holds when
    it holds none for ``language`` (unknown, or a language the table leaves out)."""
    if language is None or language not in table:
        return list(table)
    return [language, "en"] if language != "en" and "en" in table else [language]


_APOSTROPHE_DROPPED = frozenset(
    "hes shes im ive id youre theyre dont doesnt didnt cant wont isnt wasnt arent werent "
    "thats whats theres".split()
)
"""English contractions a message types without their apostrophe ("asking for my dad, hes
78"): stopwords, no names."""


@resident
def lexicon(language: str | None = None) -> Lexicon:
    """The shipped word lists (read once per process), with the stopwords of ``language``
    and English — of every language when it is None or has no list: a word that is a
    stopword elsewhere is a name here ("Rosario Mir Alberdi" in Spanish, where German's
    "mir" would cut the name short)."""
    names = gazetteer()
    lists = stopwords()
    if language in lists:
        stop = lists[language] | lists.get("en", frozenset())
    else:
        stop = frozenset().union(*lists.values())
    return Lexicon(
        names.first_names,
        names.last_names,
        common_words(),
        (stop | _APOSTROPHE_DROPPED) - PARTICLES,
        familiar_names(),
        language,
        place_words(),
    )


def take_name(
    text: str,
    position: int,
    lex: Lexicon,
    strength: int,
    *,
    lowercase: bool = False,
    uncased: bool = False,
    familiar: bool = False,
    limit: int = 6,
) -> tuple[int, int] | None:
    """(start, end) of the name that starts at ``position`` (after a cue), or None.

    Words are taken while :meth:`Lexicon.name_like` accepts them; particles ("de la", "van")
    only before an accepted word; a name that starts capitalised goes on with capitalised
    words only ("die Tochter [Maria] kam"); a sentence's full stop is left out, an initial's
    dot kept. At most ``limit`` accepted words."""
    start = end = pending = -1
    taken = 0
    capitalised = tentative = False
    first: Word | None = None
    article = False  # a German article pending after the name's first words
    for word in words_from(text, position, limit + 4):
        if word.start < end:
            continue  # the "a" of "M.a"
        short = _MARIA.match(text, word.start) if word.text[:1] == "M" else None
        if short is not None:  # "M.a José", "Mª Teresa": María, written short
            word = Word(word.start, short.end(), short.group(), "maria")
        if word.folded in PARTICLES and not word.initial:
            if pending < 0:
                article = (
                    taken and word.folded in _ARTICLES and lex.language in NOUNS_CAPITALISED
                )  # "Franz Huber [den Fall]", unless after "von", "van"
                pending = word.start
            continue
        if article and lex.everyday(word.folded):
            break  # the article's noun, no surname ("den Fall"; "Anna den Hartog" goes on)
        article = False
        if taken and capitalised and not word.capitalised and not _ELIDED_PARTICLE.match(word.text):
            break
        if word.initial and text[word.end : word.end + 1] == "/":
            break  # "C/ Infantas": a street, no initial
        if (
            word.folded in NAME_ENDS
            and (taken or not (word.capitalised and lex.is_name(word)))
            and not _surname_closing(text, word, first, taken, lex)
        ):
            break  # "Dr Smith Ward 3"; a surname first is one ("Mrs Ward was discharged")
        if taken and word.capitalised and street_ahead(text, word.start, word.folded):
            break  # "Anna Bujons Tur [Calle Joaquim Folguera, 3]"
        if strength >= STRONG and _surname_after_particle(text, word, pending, lex, taken):
            pass  # "Peter de Vries", "Marco dell'Acqua", "Dr d'Aubigné", "dr van der merwe":
            # the particle says a surname follows
        elif not lex.name_like(
            word, strength, lowercase=lowercase, uncased=uncased, familiar=familiar
        ):
            if first is not None and taken == 1 and _rare_surname_after(first, word, lex):
                pass  # "PATIENT JOHN DOE", "reporter: jane doe"
            elif _closing_surname(text, word, lex, taken, capitalised, uncased):
                pass  # "Paciente Maria do Socorro [Lima], 58 anos"
            elif not (taken == 0 and _word_first_name(word, lex, uncased)):
                break
            else:
                tentative = True  # "Dr. Will Brown": a name only if a surname follows
        elif tentative and taken == 1 and word.folded not in lex.last_names:
            break
        if start < 0:
            start = pending if pending >= 0 else word.start
            capitalised = word.capitalised
            first = word
        pending = -1
        end = word.end
        taken += 1
        if taken >= limit or (word.text.endswith(".") and not word.initial):
            break  # a full stop ends the name
    if start < 0 or (taken == 1 and strength < STRONG and _bare_initial(text, start, end)):
        return None
    if tentative and taken == 1:
        return None  # "Patient Will Be", "Dr. May": no name after the word
    return start, _strip_dot(text, start, end)


def _surname_closing(text: str, word: Word, first: Word | None, taken: int, lex: Lexicon) -> bool:
    """Whether a word that ends names elsewhere is the surname after a known first name,
    closing the name ("Reported by Pat [Ward].", "seen by Mary Hall,"; not "Dr Smith Ward 3")."""
    return (
        taken == 1
        and first is not None
        and first.capitalised
        and first.folded in lex.first_names
        and word.capitalised
        and word.folded in lex.last_names
        and _NAME_CLOSES.match(text, word.end) is not None
    )


def _surname_after_particle(text: str, word: Word, pending: int, lex: Lexicon, taken: int) -> bool:
    """Whether a word after a title's particle is a surname though no name list holds it: a
    particle elided into it ("Marco dell'Acqua", "Dr d'Aubigné"); after a first name and a
    Dutch or German particle, a capitalised word that is no stopword and no everyday word of
    the narrative's language ("Peter de Vries"; not "Frau Müller von Station 3"), and in a
    Romance narrative only after "van" or "von"; right after the title or a key, "van" or
    "von" and a capitalised word ("Nom : VAN DEN BERGHE Nicole") or a lower-case word of
    the same kind ("dr van der merwe", which capitals would have shown)."""
    elided = _ELIDED_PARTICLE.match(word.text)
    if elided is not None:  # the elision is the name's whatever word follows ("dell'Acqua")
        return len(word.text) - elided.end() >= 2
    if pending < 0 or word.initial:
        return False
    particle = fold(text[pending : word.start].split()[0])
    if particle not in _GERMANIC_PARTICLES:
        return False
    if lex.language in _ROMANCE and particle not in _NOBLE_PARTICLES:
        return False  # "Serena Colombo della Farmacia Centrale": an institution after "della"
    if word.capitalised:
        if not taken and particle not in _NOBLE_PARTICLES:
            return False
    elif taken or particle not in _NOBLE_PARTICLES or not text[pending : word.end].islower():
        return False
    return len(word.folded) >= 2 and word.folded not in lex.stop and not lex.everyday(word.folded)


_ROMANCE = frozenset({"es", "fr", "it", "pt", "ca", "ro"})
"""The Romance languages, where "de" and "della" join a name to a place or an institution."""
_ARTICLE_PREFIXES = frozenset({"al", "el"})
"""The Arabic article a surname is written with ("Al-Harbi", "El-Sayed")."""
_GERMANIC_PARTICLES = frozenset({"de", "van", "von", "vom", "ter", "ten", "den", "der", "zu"})
"""The Dutch and German particles before a surname the common-word list may hold ("de Vries",
"van Dam"); after a Romance one a capitalised word is as often an institution or a town."""
_NOBLE_PARTICLES = frozenset({"van", "von"})
"""The Germanic particles that are no article or preposition of a narrative's own language:
after a title, one of them says a surname follows even in lower case, and in a Romance
narrative too ("Nom : VAN DEN BERGHE Nicole")."""


_NAME_CLOSES = regex.compile(r"[ \t]*(?:[,;)]|\.(?![\p{L}\p{M}\d])|\r?\n|\Z)")


def _closing_surname(
    text: str, word: Word, lex: Lexicon, taken: int, capitalised: bool, uncased: bool
) -> bool:
    """Whether a capitalised word of a surname list that is a common word too closes a name
    begun capitalised, before a comma, a bracket or the clause's end: "Paciente Maria do
    Socorro [Lima], 58 anos", "the patient Ana [Dias]." (Portuguese surnames are words: lime,
    days, oak), after a weak cue, which takes a common word nowhere else."""
    return (
        taken > 0
        and capitalised
        and not uncased
        and word.capitalised
        and not word.initial
        and word.folded in lex.last_names
        and word.folded not in lex.stop
        and (word.text.endswith(".") or _NAME_CLOSES.match(text, word.end) is not None)
    )  # a word's full stop is its own: "Ana Dias. Sem antecedentes"


def _rare_surname_after(first: Word, word: Word, lex: Lexicon) -> bool:
    """Whether ``word``, after a first name ``first`` and written as it is (both in
    capitals, or both in lower case), is a surname that is a rare word too: "PATIENT JOHN
    DOE", "reporter: jane doe". Capitals and lower case say nothing of a name, so a surname
    the common-word list holds is taken only when the first name is no word at all and the
    surname a word English seldom writes (Zipf below :data:`_RARE_SURNAME`; not "JOHN WILL",
    "JOHN HURT")."""
    folded = word.folded
    return (
        not word.initial
        and len(folded) >= 3
        and word.text.isupper() == first.text.isupper()
        and word.text.islower() == first.text.islower()
        and first.folded in lex.first_names
        and first.folded not in lex.common
        and folded in lex.last_names
        and folded not in lex.stop
        and not lex.everyday(folded)
        and zipf(folded, "en") < _RARE_SURNAME
    )


_RARE_SURNAME = 4.0
"""Zipf frequency in English below which a surname the common-word list holds is taken after
a first name in a name written all in capitals or all in lower case ("doe" 3.8; "hurt" 4.9,
"will" 6.5)."""


def _word_first_name(word: Word, lex: Lexicon, uncased: bool = False) -> bool:
    """Whether a capitalised word that opens a name after a cue is a first name that is a
    stopword, a common word or a month too ("Dr. Will Brown", "Nurse May Smith", "Patient
    Summer Lee", "Reported by April Lee", "PT MARY JONES" in a narrative in capitals):
    :func:`take_name` takes it when a known surname follows."""
    folded = word.folded
    return (
        (word.capitalised or uncased)  # in capitals: "PT MARY JONES RECEIVED"
        and folded in lex.first_names
        and (folded in lex.stop or folded in lex.common or folded in MONTH_WORDS)
    )


_ARTICLES = frozenset({"der", "den", "das", "zu"})
"""German articles (and "zu"): inside a name after another particle ("von der Leyen", "van den
Berg"), or before a surname that is no everyday word ("Anna den Hartog", "Bernd zu
Guttenberg"); else the name ends there ("Franz Huber den Fall", "Dr. Weber zu Hause")."""
_MARIA = regex.compile(r"M(?:\.?ª|\.a)(?![\p{L}\p{M}])")
"""María written short, as Spanish does before a second first name ("M.a José", "Mª Teresa")."""


def _bare_initial(text: str, start: int, end: int) -> bool:
    """One capital letter alone ("patient A"): an article or a label, not a name."""
    return end - start == 1 and text[start].isupper()


_LATIN_LETTERS = bytes(c for c in range(256) if chr(c).isalpha())
_LATIN_UPPER = bytes(c for c in range(256) if chr(c).isupper())


@last_text
def uncased(text: str) -> bool:
    """Whether a narrative is written in capitals (VAERS has many): then a capital says
    nothing about a name."""
    sample = text[:2000]
    try:  # counted in C: a tenth of the character-by-character count
        raw = sample.encode("latin-1")
    except UnicodeEncodeError:
        letters = sum(map(str.isalpha, sample))
        upper = sum(map(str.isupper, sample))
    else:
        letters = len(raw) - len(raw.translate(None, _LATIN_LETTERS))
        upper = len(raw) - len(raw.translate(None, _LATIN_UPPER))
    return letters >= 8 and upper > 0.7 * letters


def _strip_dot(text: str, start: int, end: int) -> int:
    """A name ends before a sentence's full stop, but keeps an initial's ("John Q."; not a
    surname's in capitals, "épouse LE BRIS.")."""
    initial = (
        end - start >= 2
        and text[end - 2].isupper()
        and (end - 2 == start or not text[end - 3].isalpha())
    )
    if text[end - 1] == "." and not initial:
        return end - 1
    return end


_TOKEN = re.compile(r"\w+")


_LOWERCASE_WORD = regex.compile(r"(?<![\p{L}\p{M}])\p{Ll}[\p{L}\p{M}]*")
_LOWERCASE_IN: dict[str, frozenset[str]] = {}
"""A chunk of text between blanks -> the lower-case words it holds, folded, for narratives
beyond Latin-1 (see :class:`LowercaseWords`). Chunks repeat across narratives: each is
matched once per process, not the whole narrative each time."""
_CHUNKS_KEPT = 50_000


class LowercaseWords(Container[str]):
    """The words a narrative writes in lower case, folded, as a container: a capitalised word
    whose folded form is ``in`` it is a word of the narrative's language ("Imagen", "Salud"),
    not a name.

    A Latin-1 narrative (nearly all) is folded whole, one byte for one, at C speed
    (``bytes.translate`` with :data:`_FOLD_BYTES`), and a question looks for the word there
    with ``bytes.find``: the rules ask about a few words of a narrative, where reading all
    its words into a set cost a tenth of the rules' time on MEDDOCAN. Other narratives are
    read into the set."""

    __slots__ = ("_answers", "_folded", "_set", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        try:
            self._folded: bytes | None = text.encode("latin-1").translate(_FOLD_BYTES)
        except UnicodeEncodeError:
            self._folded = None
        self._set: frozenset[str] | None = None
        self._answers: dict[str, bool] = {}
        """Each word asked about: the rules ask of a word three times on average."""

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        answer = self._answers.get(word)
        if answer is None:
            answer = self._answers[word] = self._written_in_lowercase(word)
        return answer

    def _written_in_lowercase(self, word: str) -> bool:
        if self._folded is None:
            if self._set is None:
                self._set = _lowercase_set(self._text)
            return word in self._set
        try:
            key = word.replace("\u03bc", "\u00b5").encode("latin-1")  # "μ" is the fold of "µ"
        except UnicodeEncodeError:
            return False  # no Latin-1 word folds to it
        text, size = self._text, len(key)
        for at in occurrences(self._folded, key):  # type: ignore[arg-type]
            end = at + size
            if (
                text[at] in _LATIN1_LOWER
                and (at == 0 or text[at - 1] not in _LATIN1_LETTERS)
                and (end == len(text) or text[end] not in _LATIN1_LETTERS)
            ):
                return True
        return False


def _latin1_class(inside: str) -> frozenset[str]:
    """The Latin-1 characters of a character class's inside (:data:`~.base.LATIN1_LETTER`)."""
    return frozenset(c for c in map(chr, range(256)) if re.fullmatch(f"[{inside}]", c))


_LATIN1_LETTERS = _latin1_class(LATIN1_LETTER)
_LATIN1_LOWER = _latin1_class(LATIN1_LOWER)
_FOLD_BYTES = bytes(
    ord(fold_word(chr(b)).replace("\u03bc", "\u00b5")) if chr(b) in _LATIN1_LETTERS else b
    for b in range(256)
)
"""Each Latin-1 letter's byte -> its folded letter's ("É" -> "e", "ª" -> "a"; "µ" stays,
standing for its fold "μ", which Latin-1 lacks); other bytes stay: they are in no word."""


@last_text
def lowercase_words(text: str) -> LowercaseWords:
    """The words the narrative writes in lower case, folded (see :class:`LowercaseWords`).
    The last narrative's are kept, so the name rules and the unknown-word rule share them."""
    return LowercaseWords(text)


def _lowercase_set(text: str) -> frozenset[str]:
    present = set(text.split())
    new = present.difference(_LOWERCASE_IN)  # a dict: looked up per chunk of ``present``
    if new:
        if len(_LOWERCASE_IN) + len(new) > _CHUNKS_KEPT:
            _LOWERCASE_IN.clear()
            new = present
        for chunk in new:
            _LOWERCASE_IN[chunk] = frozenset(map(fold, _LOWERCASE_WORD.findall(chunk)))
    return frozenset().union(*map(_LOWERCASE_IN.__getitem__, present))


_TRIGGER_SOURCES: list[Callable[[str | None], frozenset[str]]] = []


def register_triggers(
    source: Callable[[str | None], frozenset[str]],
) -> Callable[[str | None], frozenset[str]]:
    """Declare a rule module's cue words (a function of the language), so that one
    :func:`word_index` pass serves every context rule; used as a decorator."""
    _TRIGGER_SOURCES.append(source)
    return source


@cache
def triggers(language: str | None) -> frozenset[str]:
    """Every registered cue word for ``language``."""
    return frozenset().union(*(source(language) for source in _TRIGGER_SOURCES))


@cache
def _trigger_pattern(language: str | None) -> re.Pattern[str]:
    return re.compile(rf"\b{trie(triggers(language))}\b")


@last_text
def word_index(text: str, language: str | None) -> dict[str, list[int]]:
    """Where each cue word (:func:`triggers`) starts in ``text``, as a word.

    One pass of the standard library's ``re`` with the cue words as a trie, between word
    boundaries, over the lowercased narrative: 0.07 s for the 2.9 MB of the VAERS
    narratives, where reading every ``\\w+`` word with a set look-up took 0.10 s and one
    case-insensitive regex per cue family 15-60 ms per megabyte each. The context rules try
    their patterns only at these positions. The index of the last narrative is kept, so the
    name and place rules share one pass."""
    lower = lowered(text)
    if len(lower) != len(text):  # a rare script whose case changes length
        lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    found: dict[str, list[int]] = {}
    for match in _trigger_pattern(language).finditer(lower):
        found.setdefault(match.group(), []).append(match.start())
    return found


@dataclass(frozen=True, slots=True)
class Cues:
    """A family of cue words or phrases, matched where their first word starts."""

    pattern: regex.Pattern[str]
    firsts: frozenset[str]
    """The first words of the family's phrases."""
    led: Mapping[str, frozenset[str]] = field(default_factory=dict)
    """A short first word ("de", "se", "a") -> the second words of all its phrases ("de
    nombre", "de profesión", "se llama"): the phrase is looked for only where one of those
    follows the first word after blanks. "de" stands at 60 places of a MEDDOCAN narrative,
    "nombre" at one or two; trying the pattern at every "de" was a fiftieth of the rules'
    time."""

    @property
    def triggers(self) -> frozenset[str]:
        """The words :func:`word_index` must find for the family: its phrases' first words,
        and the second words that lead (:attr:`led`)."""
        return self.firsts.union(*self.led.values())

    def finditer(self, text: str, index: dict[str, list[int]]) -> Iterator[regex.Match[str]]:
        """The family's matches at the positions of ``index`` (from :func:`word_index` with
        at least this family's triggers), in order."""
        positions: list[int] = []
        for first in self.firsts.intersection(index):  # walks the index: a few words
            seconds = self.led.get(first)
            if seconds is None:
                positions += index[first]
            else:
                positions += _led_positions(text, index, first, seconds)
        positions.sort()
        match, end = self.pattern.match, len(text)
        for position in positions:
            found = match(text, position, min(end, position + MAX_LENGTH))
            if found is not None:
                yield found


def _led_positions(
    text: str, index: dict[str, list[int]], first: str, seconds: frozenset[str]
) -> Iterator[int]:
    """Where ``first`` stands right before one of ``seconds``, blanks between."""
    present = seconds.intersection(index)
    if not present:
        return
    starts = set(index[first])
    for second in present:
        for at in index[second]:
            blank = at
            while blank and text[blank - 1].isspace():
                blank -= 1
            if blank < at and blank - len(first) in starts:
                yield blank - len(first)


_LEADING = 3
"""A first word this short is a function word (see :attr:`Cues.led`)."""


def cues(
    phrases: Iterable[str],
    *,
    colon: bool = False,
    tail: str | None = None,
    word_end: bool = False,
) -> Cues:
    """The cue family of ``phrases`` (see :func:`cue_pattern`; ``tail``, when given, is the
    pattern that must follow instead of the blanks or colon). ``word_end``: the tail starts
    with a blank or a colon, so a phrase ends at a word's end (as without a tail), and a
    two-word phrase such as "de nombre" is looked for only where its second word stands
    (:attr:`Cues.led`): "de" stands at thirty places of a MEDDOCAN narrative."""
    phrases = list(phrases)
    by_first: dict[str, list[str | None]] = {}  # first word -> each phrase's second word
    for phrase in map(str.lower, phrases):
        if (first := _TOKEN.search(phrase)) is not None:
            second = _second_word(phrase, first.group(), tail is None or word_end)
            by_first.setdefault(first.group(), []).append(second)
    led = {
        first: frozenset(s for s in seconds if s is not None)
        for first, seconds in by_first.items()
        if len(first) <= _LEADING and all(s is not None and len(s) > len(first) for s in seconds)
    }
    return Cues(cue_pattern(phrases, colon=colon, tail=tail), frozenset(by_first), led)


def _second_word(phrase: str, first: str, blank_after: bool) -> str | None:
    """The word after ``first`` and blanks in ``phrase`` ("de nombre": "nombre"), if the
    phrase goes on that way and the word ends where :func:`word_index` sees a word end: the
    phrase goes on after it, or ``blank_after`` (the family's tail starts with a blank, a
    dot or a colon; "PO Box123" has no word "box")."""
    rest = phrase[len(first) :]
    if not phrase.startswith(first) or not rest[:1].isspace():
        return None
    rest = rest.lstrip()
    second = _TOKEN.match(rest)
    if second is None or (second.end() == len(rest) and not blank_after):
        return None
    return second.group()


def cue_pattern(
    cues: Iterable[str], *, colon: bool = False, tail: str | None = None
) -> regex.Pattern[str]:
    """A pattern matching any cue as a whole word in any case, with an optional dot and
    (required when ``colon``) a colon, and the blanks after it; the match ends where the
    value starts. Multi-word cues match any run of blanks between their words. A ``tail``
    replaces what follows the cue and keeps its own case rules (``\\p{Lu}`` stays upper
    case: the case-insensitive flag would make it match any letter)."""
    if tail is None:
        tail = r"(?i:\.?[ \t]*:[ \t]*)" if colon else r"\.?(?:[ \t]*:)?[ \t]+"
    return regex.compile(rf"(?<![\p{{L}}\p{{M}}\d])(?i:{alternation(cues)}){tail}", regex.UNICODE)


def without_possessive_end(text: str, hit: RuleHit) -> RuleHit:
    """A person's name without the English possessive it ends with ("Dr. [Patel]'s office",
    "Mrs [Smith]'s daughter", "DR. [PATEL]'S OFFICE"): the name is the person's, the "'s" the
    sentence's."""
    if (
        hit.kind in PEOPLE_KINDS
        and hit.end - hit.start > 3
        and text[hit.end - 2 : hit.end].lower() in ("'s", "\u2019s")
    ):
        return hit._replace(end=hit.end - 2)
    return hit
