"""First names without a cue: a capitalised known first name alone, a weak hint ("They
had 6: Gaetane, Hannah"; rule ``first_name``), and a list of first names ("Romi, Erik, Amy and
Sam"; rule ``name_list``).
"""

from __future__ import annotations

from collections.abc import Container, Iterator

import regex

from deid_studio.detect.gazetteers import (
    borne_first_names,
    borne_first_names_written,
    eponyms,
    fold,
)
from deid_studio.detect.geography import Places, places
from deid_studio.detect.rules.base import PEOPLE_KINDS, RuleHit
from deid_studio.detect.rules.names.common import _NOT_NAMES, _PERSON_WORDS, _without_possessive
from deid_studio.detect.rules.proper_nouns import RULE as TAGGED_FIRST_NAME
from deid_studio.detect.rules.proper_nouns import noun_after_possessive
from deid_studio.detect.rules.terms import EPONYM_AFTER
from deid_studio.detect.rules.words import (
    CONDITION_BEFORE,
    PARTICLES,
    PRODUCT_WORDS,
    SCALE_WORDS,
    SENTENCE_START,
    Lexicon,
)


def _first_names(
    text: str,
    capitalised: list[regex.Match[str]],
    lex: Lexicon,
    language: str | None,
    lowercase: Container[str],
) -> Iterator[RuleHit]:
    """A capitalised known first name alone, no common word, stopword or eponym ("They had
    6: Gaetane, Hannah, Anthony"): a weak hint, for the rules-only stage and the CRF's
    features. A small town's name too ("David", "Austin", "Jackson": the place rules win
    where they take it, after a cue; see :func:`_name_before_town`); none after a
    condition's word ("síndrome de Potter", "prueba de Allen"). Opening a sentence, a line or
    a field, where every word is capitalised, an everyday word of the narrative's language
    (not English: the common words are English) only when people bear it ("Rosa",
    "Consuelo"; not "Tres meses después", "Valor de referencia", "Nota clínica", which
    Philter's list holds; "Édgar Donoso Arco" keeps it), as written, its accents too ("Nació
    a término", "Età:": "Nacio" and "Eta" are names, "nació" and "età" words)."""
    medical = eponyms()
    known = places(language)
    borne, borne_written = borne_first_names(), borne_first_names_written()
    for match in capitalised:
        start, end = _without_possessive(match)  # "Amanda's daughter": the name is "Amanda"
        if end < match.end() and (
            not _OWNED_AFTER.match(text, match.end()) or EPONYM_AFTER.match(text, end)
        ):
            continue  # "St. Patrick's Day", "Rett's syndrome", "Ludwig's angina"
        name = text[start:end]
        word, written = fold(name), name.casefold()
        if (
            len(word) >= 3
            and (word in lex.first_names or _given_names_joined(word, lex, medical, borne))
            and word not in lowercase
            and word not in lex.common
            and word not in lex.stop
            and word not in PARTICLES
            and word not in medical
            and word not in _NOT_NAMES
            and word not in _SLIPS
            and written not in _PERSON_WORDS
            and (
                (word in borne and (written == word or written in borne_written))
                or not lex.everyday(written)
                or not SENTENCE_START.search(text, max(0, start - 4), start)
            )
            and _name_before_town(written, word, known, lex)
            and not (end == match.end() and _NO_NAME_AFTER.match(text, end))
            and not (word in _WORDS_BEFORE_LOWER_CASE and _LOWER_CASE_NEXT.match(text, end))
            and not CONDITION_BEFORE.search(text, max(0, start - 40), start)
            and not (language in (None, "de") and noun_after_possessive(text, start, word))
        ):
            yield RuleHit(start, end, "PERSON", "first_name")


def _given_names_joined(
    folded: str, lex: Lexicon, medical: frozenset[str], borne: frozenset[str]
) -> bool:
    """First names people bear joined by a hyphen, no eponym among them ("Kerry-Ann",
    "Mary-Jane"; not "Stevens-Johnson", "Kaplan-Meier")."""
    parts = folded.split("-")
    return (
        len(parts) > 1
        and all(part in borne and part not in medical for part in parts)
        and lex.compound_name(folded)
    )


_OWNED_AFTER = regex.compile(r"[ \t]+(?:\p{Ll}|\p{Lu}{2,}(?![\p{Ll}\p{M}]))")
"""What a person's possessive goes before: a word in lower case ("Amanda's daughter",
"Amanda's car") or an acronym ("Amanda's COVID test", "John's MRI"); a capital starts a name
of its own ("Valentine's Day")."""


def _name_before_town(written: str, folded: str, known: Places, lex: Lexicon) -> bool:
    """Whether a first name (``written`` casefolded) goes before the town of that name:
    unless the town is a country or a large city ("Austria", "Paris"), or an everyday word of
    a narrative in another language than English ("Alta")."""
    place = known.match((folded,))
    return place is None or (
        place == "CITY" and (folded,) not in known.large and not lex.everyday(written)
    )


_SLIPS = frozenset({"sever", "ive", "icy", "gal"})
"""First names that reports write for words: "Sever allergic reaction" (severe), "Ive been"
(I've), "Icy hot", "Gal bladder"."""
_NO_NAME_AFTER = regex.compile(
    rf"\d|-\p{{Ll}}|[ \t]+(?:(?i:(?:covid(?:-19)?[ \t]+)?(?:{PRODUCT_WORDS}))|{SCALE_WORDS})"
    r"(?![\p{L}\p{M}])"
)
"""What a name is not followed by: a digit ("Eli283", a lot number), a hyphen and a lower-case
word ("Sol-u-Medrol"), a device's or a scale's word ("Lucas device", "Sofia COVID test", "King
airway", "Tanner stage"); not after its possessive ("Mary's COVID test", "Carl's score")."""


_WORDS_BEFORE_LOWER_CASE = frozenset({"segundo"})
"""First names that are a word before a lower-case one: "Segundo o médico" (according to),
"Segundo apellido:", "Segundo tiempo" (second); "Segundo Ferreira" is a name."""
_LOWER_CASE_NEXT = regex.compile(r"[ \t]+\p{Ll}")


_LIST_ITEM = r"[\p{L}][\p{L}\p{M}'\u2019-]+"
_LIST_AND = ("and", "y", "e", "et", "und", "och", "en")
"""The word before a list's last item, per language."""
_NAME_LIST = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_LIST_ITEM},[ \t]+){{2,}}{_LIST_ITEM}"
    rf"(?:,?[ \t]+(?:&|{'|'.join(_LIST_AND)})[ \t]+{_LIST_ITEM})?(?![\p{{L}}\p{{M}}])",
    regex.UNICODE,
)
_LIST_WORD = regex.compile(_LIST_ITEM)


_WORD_BEFORE = regex.compile(r"(?r)[\p{L}][\p{L}\p{M}'\u2019-]*\Z")


def _list_matches(text: str) -> Iterator[regex.Match[str]]:
    """The matches of :data:`_NAME_LIST`, looked for only where two commas hold one word
    between them (a scan of the whole text with the pattern costs ten times more)."""
    done = previous = -1
    comma = text.find(",")
    while comma >= 0:
        if (
            previous >= 0
            and previous > done
            and _LIST_WORD.fullmatch(text[previous + 1 : comma].strip())
        ):
            word = _WORD_BEFORE.search(text, max(0, previous - 40), previous)
            if word is not None:
                match = _NAME_LIST.match(text, word.start())
                if match is not None:
                    yield match
                    done = match.end()
        previous, comma = comma, text.find(",", comma + 1)


def _name_lists(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A list of first names ("They had 6: Romi, Erik, Amy and Sam", lower-case too): when
    most items are known first names that are no common word, every item that could be a
    name is one."""
    for match in _list_matches(text):
        items = [w for w in _LIST_WORD.finditer(match.group()) if fold(w.group()) not in _LIST_AND]
        if any(w.group()[:1].isupper() for w in items):
            items = [w for w in items if w.group()[:1].isupper()]  # "Son mari, Jean-Claude,
            # signale": beside a capitalised name a lower-case item is a word
        folded = [fold(w.group()) for w in items]
        names = sum(w in lex.first_names and w not in lex.common for w in folded)
        if names < 2 or names < 0.6 * len(items):
            continue
        for word, f in zip(items, folded, strict=True):
            if f in lex.stop or f in _NOT_NAMES or (f in lex.common and f not in lex.first_names):
                continue  # "Huber, Maria, [geb.] 12.03.1950"
            start = match.start() + word.start()
            yield RuleHit(start, start + len(word.group()), "PERSON", "name_list")


_AND = r"(?:&|and|und|y|et|e|ed|en|och)"
_COORDINATED = regex.compile(
    rf"[ \t]+{_AND}[ \t]+((?-i:\p{{Lu}})[\p{{Ll}}\p{{M}}'\u2019]+(?:-\p{{Lu}}[\p{{Ll}}\p{{M}}]+)?)"
    r"(?![\p{L}\p{M}\d'\u2019-])"
)
"""The word a conjunction joins to a name ("Smith [and Jones]", "Meier [und Schulz]")."""
_COORDINATED_BEFORE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}\d'\u2019.-])(\p{{Lu}}[\p{{Ll}}\p{{M}}'\u2019]+)[ \t]+{_AND}[ \t]+\Z"
)
"""The word a conjunction joins before a name ("[Smith] and Dr. Jones")."""
WEAK_NAME_RULES = frozenset({"first_name", TAGGED_FIRST_NAME})
"""The rules of a first name's weak hint: what joins one stays as weak."""


def _coordinated(
    text: str, found: list[RuleHit], lex: Lexicon, language: str | None
) -> list[RuleHit]:
    """Names a conjunction joins to a name the rules found ("Drs. [Smith] and [Jones]",
    "Praxis Dres. [Meier] und [Schulz]", "his parents [John] and [Mary]"): a capitalised
    word of a first- or last-name list that is no stopword, no eponym before its
    condition's word ("Graves disease"), no country (:func:`_coordinated_town`) and no
    common word unless people bear it too ("Mary", "Brown"), as strong as the name it joins
    ("first_name" stays a weak hint). A surname German writes as a word too ("Meier und
    Schulz") is one here."""
    people = [h for h in found if h.kind in PEOPLE_KINDS]
    if not people:
        return []
    medical, known, borne = eponyms(), places(language), borne_first_names()
    taken = [(h.start, h.end) for h in found]
    joined: list[RuleHit] = []
    for hit in people:
        words = [_COORDINATED.match(text, hit.end)]
        if hit.start:
            words.append(_COORDINATED_BEFORE.search(text, max(0, hit.start - 40), hit.start))
        for word in words:
            if word is None:
                continue
            start, end = word.span(1)
            folded, written = fold(word.group(1)), word.group(1).casefold()
            if (
                (folded in lex.first_names or folded in lex.last_names)
                and folded not in lex.stop
                and (folded not in lex.common or folded in lex.familiar)
                and (folded not in medical or not EPONYM_AFTER.match(text, end))
                and folded not in _NOT_NAMES
                and written not in _PERSON_WORDS
                and (folded in lex.last_names or not lex.everyday(written))
                and _coordinated_town(folded, known, borne)
                and not any(s < end and start < e for s, e in taken)
            ):
                rule = hit.rule if hit.rule in WEAK_NAME_RULES else "name_coordinated"
                joined.append(RuleHit(start, end, hit.kind, rule))
                taken.append((start, end))
    return joined


def _coordinated_town(folded: str, known: Places, borne: Container[str]) -> bool:
    """Whether a word a conjunction joins to a name can be a name though it names a place:
    no country or region ("Smith and Georgia"), a town, and a large city only when people
    bear its name ("John and Mary", "Sandra and Austin")."""
    place = known.match((folded,))
    return place is None or (place == "CITY" and ((folded,) not in known.large or folded in borne))
