"""What a rule is, what it finds, and the word lists the rule modules share.

A rule is a named ``regex`` pattern whose whole match is the PHI; context it needs (a key
such as ``NHC:``, a preposition before a year) sits in lookbehinds and lookaheads. A rule is
tried only at its *anchor* positions (see :mod:`.anchors`), which keeps a narrative to one
fast scan however many rules there are.

Examples are written with the expected spans in square brackets (``"en [1999] y [2002]"``);
an example without brackets expects its whole text as one span. Negative examples are texts
in which the rule must find nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import wraps
from itertools import repeat
from typing import Any, Concatenate, NamedTuple, ParamSpec, TypeVar

import regex

from deid_studio.core.months import LANGUAGES, full_names, month_words
from deid_studio.core.tokenize import latin1

_T = TypeVar("_T")
_P = ParamSpec("_P")

KINDS: tuple[str, ...] = (
    "DATE",
    "YEAR",
    "AGE",
    "PHONE",
    "FAX",
    "EMAIL",
    "URL",
    "IP",
    "ID",
    "POSTCODE",
    "PERSON",
    "STAFF",
    "RELATIVE",
    "STREET",
    "CITY",
    "COUNTRY",
    "INSTITUTION",
    "ORGANISATION",
    "ROOM",
    "PROFESSION",
    "NATIONALITY",
    "KIN",
    "SEX",
    "TERM",
)
"""What a rule can find, whatever the project's scheme. ``YEAR`` is a year standing alone
("en 2004"): PHI for MEDDOCAN and i2b2, not for ``pv`` (a date must be more precise).
``PERSON`` is a patient's (or anyone's) name, ``STAFF`` a professional's, ``RELATIVE`` a
relative's, ``PROFESSION`` a person's occupation, ``NATIONALITY`` a person's nationality
(:mod:`.nationalities`); ``INSTITUTION`` a hospital, a practice or a
health centre, ``ORGANISATION`` any other body (a forensic institute, a university, a society:
MEDDOCAN's INSTITUCION, and the CRF learns the two apart from their own features); ``KIN``
(the kinship word, "su madre") and ``SEX`` ("varón") are PHI only under MEDDOCAN's
guidelines. ``TERM`` (a drug, a vaccine, an
eponym in its context) is no PHI anywhere: a feature of the CRF and a veto of shorter hits
(see :mod:`.terms`)."""

GUARD = "NOT_PHI"
"""The kind of a guard: a pattern for something that looks like PHI and is not (a dose, a lot
number). A rule hit that overlaps a guard match is dropped."""

_FLAGS = regex.IGNORECASE | regex.UNICODE
MAX_LENGTH = 256
"""No match is longer than this (with the lookahead after it); rules see no further."""


class RuleHit(NamedTuple):
    """A stretch of text a rule found: ``text[start:end]`` is PHI of ``kind``."""

    start: int
    end: int
    kind: str
    rule: str


@dataclass(frozen=True, slots=True)
class Rule:
    """A named pattern for one kind of PHI, with the examples that pin down what it matches.

    ``anchor`` names where a match may start (``digit``, ``code``, ``month``, ...; see
    :data:`.anchors.ANCHORS`). A rule that needs a key before its span lists in ``after``
    the words a key can end with (lowercase; "0" stands for any number, for lists such as
    "918823884 / 918823984"): it is then tried only where the token before the anchor is one
    of them, which spares most positions the cost of its lookbehind. ``languages`` limits
    the rule to narratives in those languages (ISO 639-1); empty means every language.
    ``flags`` are ``regex`` flags (case-insensitive by default). ``confidence`` is the
    confidence its suggestions carry: the rule's measured precision, rounded down (see
    ``benchmarks/rules.py``); 1.0 when the rule is never wrong on the corpora we have.
    ``keep``, when given, is asked of each match whether it stands: a test the pattern cannot
    hold, such as a word list too long to compile into it.
    """

    name: str
    kind: str
    pattern: str
    positives: tuple[str, ...]
    negatives: tuple[str, ...] = ()
    anchor: str = "digit"
    after: frozenset[str] = frozenset()
    languages: frozenset[str] = frozenset()
    flags: int = _FLAGS
    confidence: float = 1.0
    keep: Callable[[regex.Match[str]], bool] | None = field(default=None, compare=False)
    compiled: regex.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS and self.kind != GUARD:
            raise ValueError(f"rule {self.name}: unknown kind {self.kind}")
        if not self.positives:
            raise ValueError(f"rule {self.name}: a rule needs positive examples")
        if not 0.0 < self.confidence <= 1.0:
            raise ValueError(f"rule {self.name}: confidence {self.confidence} not in (0, 1]")
        object.__setattr__(self, "compiled", regex.compile(self.pattern, self.flags))

    def applies_to(self, language: str | None) -> bool:
        """Whether the rule runs on a narrative in ``language`` (None: unknown, run it)."""
        return not self.languages or language is None or language in self.languages

    def matches(self, text: str, positions: Iterable[int]) -> Iterator[tuple[int, int]]:
        """(start, end) of the rule's match at each of ``positions`` where it matches."""
        match, keep = self.compiled.match, self.keep
        for pos in positions:
            # endpos bounds the regex module's search for required literals, which otherwise
            # reads to the end of the text on every call
            found = match(text, pos, pos + MAX_LENGTH)
            if found is not None and found.end() > pos and (keep is None or keep(found)):
                yield pos, found.end()


LATIN1_LETTER = "A-Za-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff"
"""``[\\p{L}\\p{M}]`` in Latin-1 text, as the inside of a character class: Latin-1 holds
no mark, and its letters beyond ASCII are ª µ º and À-ÿ but the multiplication and the
division signs."""
LATIN1_UPPER = "A-Z\u00c0-\u00d6\u00d8-\u00de"
"""``\\p{Lu}`` in Latin-1 text, as the inside of a character class."""
LATIN1_LOWER = "a-z\u00b5\u00df-\u00f6\u00f8-\u00ff"
"""``\\p{Ll}`` in Latin-1 text, as the inside of a character class (ª and º are no
lower-case letters: Unicode calls them "other letters")."""


@dataclass(frozen=True, slots=True)
class Latin1Twin:
    """A ``regex`` pattern and its twin in the standard library's ``re`` for Latin-1 text,
    where ``\\p{Lu}`` is ``[A-ZÀ-ÖØ-Þ]`` (:data:`LATIN1_UPPER`) and no mark occurs: ``re``
    scans a narrative two to three times as fast, and nearly every narrative of the
    languages we support is Latin-1 (2,946 of the 2,946 VAERS ones, 453 of MEDDOCAN train's
    500; Greek letters, bullets and curly quotes are what the others hold). The tests pin
    each twin to its pattern on Latin-1 texts."""

    pattern: regex.Pattern[str]
    latin1: re.Pattern[str]

    def of(self, text: str) -> regex.Pattern[str] | re.Pattern[str]:
        """The pattern to scan ``text`` with."""
        return self.latin1 if latin1(text) else self.pattern


_MEMORY: ContextVar[dict[Hashable, tuple[RuleHit, ...]] | None] = ContextVar(
    "rule_memory", default=None
)


@contextmanager
def remembered(memory: dict[Hashable, tuple[RuleHit, ...]] | None = None) -> Iterator[None]:
    """Within it, what the rules find in a narrative is found once: :func:`recall` answers
    a narrative it has read from ``memory`` (a new one by default).

    A batch partition is detected whole, then masked, and the masking asks again for the
    safe terms the rules read (a third of its time on VAERS); a training process trains on
    a document in four folds and tags it in a fifth (its rule hits, again and again). The
    memory lasts as long as the block, or as the ``memory`` the caller keeps (a training
    process keeps its documents'), and belongs to the block's thread of execution.
    """
    token = _MEMORY.set({} if memory is None else memory)
    try:
        yield
    finally:
        _MEMORY.reset(token)


def recall(key: Hashable, find: Callable[[], Iterable[RuleHit]]) -> tuple[RuleHit, ...]:
    """``find()``'s hits, from the memory of :func:`remembered` when ``key`` (the narrative
    and what is asked of it) was found before within it."""
    memory = _MEMORY.get()
    if memory is None:
        return tuple(find())
    found = memory.get(key)
    if found is None:
        found = memory[key] = tuple(find())
    return found


_UNSEEN = object()


def per_word(
    memo: dict[str, _T], words: Sequence[str], compute: Callable[[str], _T], limit: int
) -> list[_T]:
    """``compute(word)`` for each of ``words`` (as written), answered from ``memo`` at C
    speed for the words it holds: a narrative's words are mostly those of the narratives
    before it. ``memo`` is a process's, and forgets everything once it holds ``limit``
    words."""
    found: list[Any] = list(map(memo.get, words, repeat(_UNSEEN, len(words))))
    at = _index(found, _UNSEEN, 0)
    if at >= 0 and len(memo) >= limit:
        memo.clear()
    while at >= 0:
        word = words[at]
        value = memo.get(word, _UNSEEN)  # a word the narrative repeats
        if value is _UNSEEN:
            value = memo[word] = compute(word)
        found[at] = value
        at = _index(found, _UNSEEN, at + 1)
    return found


def _index(items: list[Any], item: object, start: int) -> int:
    """The first position of ``item`` in ``items`` from ``start`` (a C scan), or -1."""
    try:
        return items.index(item, start)
    except ValueError:
        return -1


def occurrences(text: str, needle: str) -> Iterator[int]:
    """Every position where ``needle`` starts in ``text``, overlapping ones too: ``str.find``
    at C speed, where a pattern would scan the narrative for one string."""
    at = text.find(needle)
    while at >= 0:
        yield at
        at = text.find(needle, at + 1)


def matches_at(
    pattern: regex.Pattern[str] | re.Pattern[str], text: str, positions: Iterable[int]
) -> Iterator[regex.Match[str] | re.Match[str]]:
    """What ``pattern.finditer(text)`` finds, for a pattern that can only match at one of
    ``positions`` (ascending; digit-run starts, say): a call per position, none starting
    inside the match before, instead of a scan of the whole narrative (a scan costs as much
    as a few hundred calls)."""
    match, end = pattern.match, 0
    for pos in positions:
        if pos < end:
            continue
        found = match(text, pos, pos + MAX_LENGTH)
        if found is not None and found.end() > pos:
            end = found.end()
            yield found


@dataclass(frozen=True, slots=True)
class Finder:
    """A rule family that is not one regex at anchors: a function that finds its hits in a
    narrative by other means (a phone-number library, gazetteer look-ups after cue words).

    ``find(text, language)`` yields :class:`RuleHit` s whose ``rule`` is one of ``rules``;
    ``rules`` maps each of those rule names to the confidence its suggestions carry.
    ``positives`` and ``negatives`` are examples as for :class:`Rule` (bracketed spans), so
    every family keeps its table of cases. Hits of a finder compete with the regex rules'
    (the longer wins) and are vetoed by guards like theirs.
    """

    name: str
    find: Callable[[str, str | None], Iterable[RuleHit]]
    rules: Mapping[str, float]
    positives: tuple[str, ...]
    negatives: tuple[str, ...] = ()
    languages: frozenset[str] = frozenset()
    guarded: bool = True
    """Whether guards veto its hits (numbers: yes; names and places: no guard is about
    words, and checking costs time)."""
    prevails: frozenset[str] = frozenset()
    """Its rules whose hits win over another rule's hit of exactly the same stretch: what a
    cue said ("Mme [Dupont]" is a name after its title, not the French town of Dupont,
    which the place gazetteer finds first)."""
    prevails_over: frozenset[str] = frozenset()
    """The kinds of hit those win over (empty: every kind)."""
    fallback: bool = False
    """Whether its hits only fill what no other rule covers (a last resort: where another
    rule's hit overlaps one of its hits, that hit wins whatever the lengths, so its kind,
    which the CRF's features see, stays the better-informed rule's)."""

    def __post_init__(self) -> None:
        if not self.positives:
            raise ValueError(f"finder {self.name}: a finder needs positive examples")
        for rule, confidence in self.rules.items():
            if not 0.0 < confidence <= 1.0:
                raise ValueError(f"finder {self.name}: rule {rule} confidence {confidence}")

    def applies_to(self, language: str | None) -> bool:
        """Whether the finder runs on a narrative in ``language`` (None: unknown, run it)."""
        return not self.languages or language is None or language in self.languages


def expected_spans(example: str) -> tuple[str, list[tuple[int, int]]]:
    """An example's plain text and the spans its square brackets mark (all of it if none)."""
    if "[" not in example:
        return example, [(0, len(example))]
    plain: list[str] = []
    spans: list[tuple[int, int]] = []
    start = 0
    for char in example:
        if char == "[":
            start = sum(len(p) for p in plain)
        elif char == "]":
            spans.append((start, sum(len(p) for p in plain)))
        else:
            plain.append(char)
    return "".join(plain), spans


def alternation(words: Iterable[str]) -> str:
    """A non-capturing group matching any of ``words`` (escaped; a space matches any run of
    whitespace), built as a trie so that the engine tries one branch per character instead
    of every word in turn; the longest word wins where one is a prefix of another."""
    return "(?:" + trie(words) + ")"


def trie(words: Iterable[str]) -> str:
    """:func:`alternation` without the group around it: for the standard library's ``re``,
    which scans for the possible first letters of a pattern that starts with the branches,
    not of one that starts with a group holding them (the ``regex`` module, measured, the
    other way round)."""
    root: dict[str, dict] = {}
    for word in set(words):
        node = root
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _trie_pattern(root)


def _trie_pattern(node: dict[str, dict]) -> str:
    branches = [
        (r"\s+" if char == " " else regex.escape(char)) + _trie_pattern(child)
        for char, child in sorted(node.items())
        if char
    ]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:
        return f"(?:{body})?"
    return body


def words(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``, as a set (for :attr:`Rule.after`)."""
    return frozenset(text.split())


# Month words of every language of core.months. Abbreviations that are also common words
# ("may", "mar", "set", "out", "ago"; Italian "sett.", also weeks) only count next to a day
# and a year, or a year, and so does "marco" (Portuguese "março" without its cedilla), a
# man's name first.
MONTH_WORDS: frozenset[str] = frozenset(month_words())
NAME_MONTHS: frozenset[str] = frozenset({"marco"})
"""Month words that are first names before they are months: no name's refusal."""
AMBIGUOUS_MONTHS: frozenset[str] = (
    frozenset({"may", "mar", "set", "sett", "out", "ago", "jun", "jul", "gen", "mag", "lug"})
    | NAME_MONTHS
)
YEAR_ONLY_MONTHS: frozenset[str] = frozenset({"sett"})
"""Month words that are one only before a year of four digits: Italian "sett." is weeks
too ("ogni 2 sett. 1 compressa", "alla 34 sett. 2 giorni")."""
MONTH = (
    "(?:"
    + alternation(MONTH_WORDS - YEAR_ONLY_MONTHS)
    + r"|sett(?=\.?[ \t]*(?:1[89]|20)\d\d(?!\d)))"
)
"""Any month name or abbreviation, as a pattern (without the abbreviation's dot)."""
SAFE_MONTH = alternation(MONTH_WORDS - AMBIGUOUS_MONTHS)
"""A month word that is a month even with no day or year beside it."""
FULL_MONTH_WORDS: frozenset[str] = frozenset(
    {w for language in LANGUAGES for w in full_names(language)}
    | {w for w in MONTH_WORDS - NAME_MONTHS if len(w) > 4}
)
"""Full month names only (those a year-less, day-less mention like "in March" uses)."""
FULL_MONTH = alternation(FULL_MONTH_WORDS)

NUMBER_WORDS: dict[str, int] = {
    # English
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90,
    # Spanish
    "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
    "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13,
    "catorce": 14, "quince": 15, "dieciséis": 16, "diecisiete": 17, "dieciocho": 18,
    "diecinueve": 19, "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50,
    "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90,
    # French
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "sept": 7, "huit": 8, "neuf": 9,
    "dix": 10, "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15,
    "seize": 16, "vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60,
    "quatre-vingt": 80, "quatre-vingts": 80,
    "septante": 70, "huitante": 80, "octante": 80, "nonante": 90,  # Belgium, Switzerland
    # German
    "ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6,
    "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "dreizehn": 13,
    "vierzehn": 14, "fünfzehn": 15, "sechzehn": 16, "siebzehn": 17, "achtzehn": 18,
    "neunzehn": 19, "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40,
    "fünfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90,
    # Portuguese
    "três": 3, "quatro": 4, "oito": 8, "nove": 9, "dez": 10,
}  # fmt: skip
_UNITS = alternation(("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))
_UNIDADES = alternation(("un", "uno", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete"))
_UNITÉS = alternation(
    "deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
    "dix-sept dix-huit dix-neuf".split()
)
_EINER = alternation("ein zwei drei vier fünf sechs sieben acht neun".split())
_ZEHNER = alternation(
    "zwanzig dreißig dreissig vierzig fünfzig sechzig siebzig achtzig neunzig".split()
)
_TENS = alternation("twenty thirty forty fifty sixty seventy eighty ninety".split())
NUMBER_WORD = (
    rf"(?=\p{{L}})(?:{_EINER}und{_ZEHNER}"  # einundfünfzig
    rf"|{_TENS}[ \t]+{_UNITS}(?![\p{{L}}-])"  # ninety one
    rf"|{alternation(NUMBER_WORDS)}"
    rf"(?:-et-(?:un|une|onze)|-{_UNITÉS}|-{_UNITS}|\s+y\s+(?:{_UNIDADES}|ocho|nueve))?)"
)
"""A number written as a word ("eleven", "siete", "forty-two", "ninety one", "treinta y dos",
"soixante-deux", "quatre-vingt-dix", "einundfünfzig")."""


def last_text(function: Callable[Concatenate[str, _P], _T]) -> Callable[Concatenate[str, _P], _T]:
    """``function`` of a narrative (and further arguments), kept for the last narrative it
    was given (by identity) with the same arguments: the rule families read the same
    narrative one after the other, and share what each of them computes of it."""
    last: list[tuple[str, object, _T]] = []

    @wraps(function)
    def cached(text: str, *args: _P.args, **kwargs: _P.kwargs) -> _T:
        key = (args, kwargs)
        if last and last[0][0] is text and last[0][1] == key:
            return last[0][2]
        result = function(text, *args, **kwargs)
        last[:] = [(text, key, result)]
        return result

    return cached


PEOPLE_KINDS = frozenset({"PERSON", "STAFF", "RELATIVE"})
"""The kinds of hit that name a person."""


def without_possessive(word: str) -> str:
    """``word`` without an English possessive's "'s" ("Oneal's" -> "Oneal", "Sender's" ->
    "Sender"); folded words too ("oneal's")."""
    for ending in ("'s", "\u2019s"):
        if word.endswith(ending):
            return word[: -len(ending)]
    return word


@last_text
def lowered(text: str) -> str:
    """``text.lower()``, kept for the last narrative: the anchors, the cue-word index and the
    street rules read the same narrative lowercased."""
    return text.lower()
