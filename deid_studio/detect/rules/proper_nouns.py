"""German first names alone, read as proper nouns by a part-of-speech tagger; and where
German writes a noun, not a name.

German capitalises every noun, so a capital says nothing of a name: "Gabe" is a dose, "Rose"
a rash, "Ernst" a name or a word. The name rules therefore take a German first name only
beside a cue or a surname, and a letter's "Maria kam zur Kontrolle" went unmarked. Here the
Hanover Tagger (``HanTa``, LGPL; its German model ships inside the package) tags the
sentence of each first name the other rules left alone, and a word it reads as a proper noun
(``NE``) is a name: "Theodor hat Fieber", "Bei Lotte trat ein Ausschlag auf"; not "Die Gabe
von Adrenalin". The tagger is asked only for those sentences (about a millisecond each), and
it misreads some names that are nouns too ("Flora klagt", a plant's Flora) — a hint for the
CRF and the rules-alone stage, at the first-name rule's confidence.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import regex

from deid_studio.detect.dictionaries import safe_terms
from deid_studio.detect.gazetteers import borne_first_names, eponyms, fold
from deid_studio.detect.rules.base import MONTH_WORDS, RuleHit
from deid_studio.detect.rules.words import NOUNS_CAPITALISED, PARTICLES, WEEKDAYS, Lexicon

RULE = "first_name_tagged"
_BODY_WORDS = frozenset({"kiefer", "rose", "iris", "flora", "aura", "linse", "ferse"})
"""First names that German narratives write for a part of the body or a sign ("Kiefer links
geschwollen", "Rose am Unterschenkel", "Aura vor dem Anfall"), which the tagger may read as
names at a sentence's start."""
_PERSONS_VERB = regex.compile(
    r"[ \t]+(?:klagt|klagte|berichtet|berichtete|erhielt|erhält|verneint|verneinte|"
    r"nahm|nimmt|wünscht|wünschte|möchte|lebt|wohnt|arbeitet|leidet|litt|bemerkte|bemerkt|"
    r"äußerte|schildert|schilderte)(?![\p{L}\p{M}])"
)
"""Verbs only a person does: such a word before one is the name ("Flora klagt seit drei
Tagen über Übelkeit"), not the gut's flora."""
_SHORTENED = frozenset({"pat", "tab"})
"""First names that are a word shortened too, with its dot: "Pat. Schulze" is the patient
(the names' cue reads the name after it), "Tab." a tablet or a table."""
_SENTENCE = regex.compile(r"[^\n.!?;:]+[.!?;:]?")
"""A stretch the tagger reads at once: a sentence, or a line's field."""
_TOKEN = regex.compile(r"[\p{L}\p{M}][\p{L}\p{M}'\u2019-]*|\d+|[^\s\p{L}\p{M}\d]")


_WORD_BEFORE = regex.compile(r"(?r)([\p{L}\p{M}]+|\d+)[ \t]+\Z")
_NOUN_BEFORE = frozenset(
    "der die das den dem des ein eine einen einem einer eines kein keine keinen keinem "
    "keiner keines dieser diese diesen diesem dieses jeder jede jeden jedem jedes welcher "
    "welche welchen zum zur im am vom beim ins ans aufs durchs fürs "
    "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf zwanzig dreißig hundert "
    "einigen wenigen mehreren vielen allen beiden letzten ersten nächsten".split()
)
"""Words after which German writes a noun, not a name (an article, a determiner, a number);
not a possessive, which a letter's closing puts before its writer ("Ihre Anna Weber")."""


def _noun_after(word: str) -> bool:
    """Whether German writes a noun after ``word``: one of :data:`_NOUN_BEFORE`, or a count
    of up to three digits ("seit 3 Tagen"; not a year: "2021 Anna Weber")."""
    return (word.isdigit() and len(word) <= 3) or word.casefold() in _NOUN_BEFORE


@cache
def _tagger() -> Any:
    """The German model of the Hanover Tagger (loaded once per process, about 0.1 s), by its
    path inside the package: given a bare file name, HanTa would first look in the working
    directory, and its model is a pickle."""
    import HanTa
    from HanTa import HanoverTagger

    return HanoverTagger.HanoverTagger(str(Path(HanTa.__file__).parent / "morphmodel_ger.pgz"))


def tagged_first_names(
    text: str,
    capitalised: Sequence[regex.Match[str]],
    lex: Lexicon,
    found: Sequence[RuleHit],
) -> Iterator[RuleHit]:
    """Each known first name of a German ``text`` that no hit in ``found`` covers, that is no
    drug, vaccine or eponym, and that the tagger reads as a proper noun in its sentence (a
    word for a part of the body too, "Flora", only before a person's verb)."""
    covered = [(h.start, h.end) for h in found]
    medical = eponyms()
    terms = safe_terms()
    for match in capitalised:
        word = fold(match.group())
        if (
            len(word) >= 3
            and word in lex.first_names
            and word not in lex.stop
            and word not in PARTICLES
            and word not in MONTH_WORDS
            and match.group().casefold() not in MONTH_WORDS  # "März" folds to "marz"
            and text[match.end() : match.end() + 1] != ":"  # "Alter: 58", a key
            and word not in WEEKDAYS
            and word not in medical
            and terms.kind(word) is None  # "COVID-19 Vaccine Janssen"
            and not (word in _SHORTENED and text[match.end() : match.end() + 1] == ".")
            and not _inside(covered, match.start(), match.end())
            and (
                (
                    _PERSONS_VERB.match(text, match.end()) is not None  # the tagger: a noun
                    and not noun_place(text, match.start())
                )
                if word in _BODY_WORDS
                else proper_noun(text, match.start())
            )
        ):
            yield RuleHit(match.start(), match.end(), "PERSON", RULE)


def named_here(text: str, start: int) -> bool:
    """Whether the capitalised word at ``start`` of a German narrative is a name there: the
    tagger reads a proper noun, or it is a first name that is a part of the body too before a
    person's verb ("Pat. [Schulze] wurde", "Pat. [Flora] klagt"; not "Pat. Fieber seit 2
    Tagen", "als die Freundin Fieber bemerkte", where German capitalises a noun)."""
    word = _TOKEN.match(text, start)
    if (
        word is not None
        and fold(word.group()) in _BODY_WORDS
        and _PERSONS_VERB.match(text, word.end())
    ):
        return True
    return proper_noun(text, start)


def name_may_stand(text: str, start: int, language: str | None) -> bool:
    """Whether the capitalised word at ``start`` may be a name: in a language that
    capitalises names only, yes; in German, which capitalises every noun, where
    :func:`named_here` reads one ("im Marienhospital Stuttgart", "Der Freund Peter rief an";
    not "Schmerzen in Kehlen", "als die Freundin Fieber bemerkte")."""
    return language not in NOUNS_CAPITALISED or named_here(text, start)


def proper_noun(text: str, start: int) -> bool:
    """Whether the tagger reads the word at ``start`` as a proper noun, from the words around
    it in its sentence; never after an article, a determiner or a count, where German writes
    a noun ("seit zwei Tagen", "im Alter", "die Gabe"), which spares the tagger most of its
    questions; never before a number, a dose or a registered mark (a product: "Cleo 35")."""
    if noun_place(text, start):
        return False
    word = _TOKEN.match(text, start)
    if word is None or _PRODUCT_AFTER.match(text, word.end()):
        return False
    sentence = _sentence_at(text, start)
    if sentence is None:
        return False
    tokens = list(_TOKEN.finditer(text, sentence.start(), sentence.end()))
    at = next((k for k, t in enumerate(tokens) if t.start() == start), None)
    if at is None:
        return False
    low, high = max(0, at - _AROUND), min(len(tokens), at + _AROUND + 1)
    window = tuple(_for_tagger(t.group()) for t in tokens[low:high])
    return _tags(window)[at - low] == "NE"


def noun_place(text: str, start: int) -> bool:
    """Whether German writes a noun at ``start``: after an article, a determiner or a count
    ("nach der Impfung", "seit zwei Tagen")."""
    before = _WORD_BEFORE.search(text, max(0, start - 24), start)
    return before is not None and _noun_after(before.group(1))


def german_nouns(text: str, start: int, first: str, second: str, lex: Lexicon) -> bool:
    """Whether two capitalised words of a German narrative that the name lists read as a
    first name and a surname (``first``, ``second``: folded) are nouns: where German writes
    a noun ("nach der Impfung Fieber"), or two everyday words where the tagger reads no name
    in the first ("seit zwei Tagen Fieber"; not "Ihre Anna Weber", "Theodor Sommer")."""
    return noun_place(text, start) or (
        lex.everyday(first) and lex.everyday(second) and not proper_noun(text, start)
    )


_POSSESSIVE_BEFORE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:ihr|ihre|ihrem|ihren|ihrer|ihres|sein|seine|seinem|seinen|seiner|"
    r"seines|mein|meine|meinem|meinen|meiner|meines) \Z"
)
"""A German possessive right before a word."""


def noun_after_possessive(text: str, start: int, folded: str) -> bool:
    """Whether the word at ``start`` (``folded``) is a noun after a German possessive: no one
    bears it as a first name ("mit ihrem [Mann] Franz", "seiner Frau Anna"), however the name
    lists read it; not a letter's closing ("Ihre Anna Huber", "Ihr Peter Maier")."""
    return folded not in borne_first_names() and bool(
        _POSSESSIVE_BEFORE.search(text, max(0, start - 8), start)
    )


_AROUND = 6
"""Words read on each side of the one asked about: the tagger's cost grows with what it
reads, and a word's part of speech shows within a few words."""
_LONGEST = 24
_PRODUCT_AFTER = regex.compile(r"[ \t]*(?:\d|®)")


def _for_tagger(token: str) -> str:
    """A token as the tagger reads it: a long one as a plain noun (its analysis of a word
    costs about the square of the word's length: a 46-letter compound took 9 ms)."""
    return token if len(token) <= _LONGEST else "Wort"


@lru_cache(maxsize=1024)
def _tags(tokens: tuple[str, ...]) -> list[str]:
    """The tags of a window of words (a narrative asks of a window once per name in it)."""
    return list(_tagger().tag_sent(list(tokens), taglevel=0))


def _sentence_at(text: str, position: int) -> regex.Match[str] | None:
    line_start = text.rfind("\n", 0, position) + 1
    for sentence in _SENTENCE.finditer(text, line_start):
        if sentence.start() <= position < sentence.end():
            return sentence
        if sentence.start() > position:
            break
    return None


def _inside(covered: Sequence[tuple[int, int]], start: int, end: int) -> bool:
    return any(a < end and start < b for a, b in covered)
