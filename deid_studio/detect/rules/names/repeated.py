"""Names found again: the words of a name a cue found, wherever else the narrative
writes them ("Dr. Gomez ... Gomez called"; rule ``name_repeated``), a short surname after a
title once the full name was given ("Mrs Le"), and the kind a cue gave a name lent to the
same name found by its words alone (:func:`_as_cued`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Container, Iterator
from itertools import accumulate

import regex

from deid_studio.detect.rules.base import (
    MONTH_WORDS,
    PEOPLE_KINDS,
    RuleHit,
    alternation,
    occurrences,
)
from deid_studio.detect.rules.names.common import (
    _PATIENT_TITLES,
    _POSSESSIVE,
    _STAFF_TITLES,
    RULES,
    _split,
    _without_possessive,
)
from deid_studio.detect.rules.words import Lexicon, words_from

_WORD_GOES_ON = regex.compile(r"[\p{L}\p{M}\d'\u2019.-]")
"""A character that may go on with the word before it (see :func:`.words.words_from`)."""


def _repeated(
    text: str,
    found: list[RuleHit],
    capitalised: list[regex.Match[str]],
    lex: Lexicon,
    lowercase: Container[str],
) -> Iterator[RuleHit]:
    """Words of names found by a cue, wherever else they stand in the narrative (a word the
    narrative also writes in lower case is no name: "Servicio")."""
    kinds: dict[str, str] = {}
    short: dict[str, str] = {}  # surnames too short or too common to stand alone: "Le"
    read: set[tuple[str, bool]] = set()  # names read: one stands in a narrative many times
    for hit in found:
        if RULES[hit.rule] < _SURE:
            continue
        name = text[hit.start : hit.end]
        if _WORD_GOES_ON.match(text, hit.end) is None:  # its words end with it
            key = (name, hit.rule in _UNCUED)  # a cue may say more of a name a pair found
            if key in read:
                continue  # its words are in ``kinds`` (the first kind stays)
            read.add(key)
        last = None
        for word in words_from(text, hit.start, 8):
            if word.start >= hit.end:
                break
            if (
                word.capitalised
                and len(word.folded) >= 3
                and word.folded not in lowercase
                and (
                    (word.folded not in lex.common and word.folded not in lex.stop)
                    or (
                        last is None
                        and word.end < hit.end
                        and hit.rule not in _UNCUED
                        and _given_too(word.folded, lex)
                    )
                )
            ):  # "Mr Don Bones ... Don was vaccinated": a first name that is a word too,
                # the first of a full name the narrative writes
                kinds.setdefault(_POSSESSIVE.sub("", word.text.rstrip(".")), hit.kind)
            last = word
        if (
            last is not None
            and last.start > hit.start
            and last.capitalised
            and (len(last.folded) < 3 or last.folded in lex.stop)
        ):
            short.setdefault(last.text, hit.kind)
    if short:
        yield from _titled_surnames(text, short, found)
    if not kinds:
        return
    covered = sorted((h.start, h.end) for h in found)
    starts = [start for start, _ in covered]
    reach = list(accumulate((end for _, end in covered), max))  # the furthest end so far
    for match in capitalised:
        start, end = _without_possessive(match)  # "Quionia's son" after "Quionia Petrov"
        kind = kinds.get(text[start:end])
        if kind is None:
            continue
        before = bisect_left(starts, end)  # the hits that start before it ends
        if not before or reach[before - 1] <= start:  # none of them reaches into it
            yield RuleHit(start, end, kind, "name_repeated")


_SURE = 0.85
"""The confidence from which a name rule's hit lends its words and its kind to the
narrative's other occurrences (:func:`_repeated`, :func:`_as_cued`)."""
_UNCUED = frozenset({"name_pair", "first_name", "name_list"})
"""Name rules that find a name by its words alone, no cue: a first name that is a word too
is repeated only from a name a cue found ("York Royal" is a pair of names, and a
hospital's)."""


def _as_cued(text: str, found: list[RuleHit]) -> list[RuleHit]:
    """The names found by their words alone (:data:`_UNCUED`) with the kind a cue gave the
    same name elsewhere in the narrative, or the name a cue took where it starts: "Médico: Ana
    Vereas Martínez" makes the signature's "Ana Vereas Martínez" a professional's name, not a
    person's, and so does "Médico: Adrian  Muñoz Hernández", where the cue's name ends at the
    wider blank that the pair reads across."""
    cued: dict[str, str] = {}
    cued_at: dict[int, str] = {}
    for hit in found:
        if hit.rule not in _UNCUED and hit.kind in PEOPLE_KINDS and RULES[hit.rule] >= _SURE:
            cued.setdefault(text[hit.start : hit.end], hit.kind)
            cued_at.setdefault(hit.start, hit.kind)
    if not cued:
        return found
    return [
        hit._replace(kind=cued.get(text[hit.start : hit.end]) or cued_at.get(hit.start, hit.kind))
        if hit.kind == "PERSON" and hit.rule in _UNCUED
        else hit
        for hit in found
    ]


def _given_too(folded: str, lex: Lexicon) -> bool:
    """A known first name that is no month: repeated alone though it is a common word or a
    stopword too ("Don", "Will", "Grace"; not "May": a date's month stays readable)."""
    return folded in lex.first_names and folded not in MONTH_WORDS


_TITLE_BEFORE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}])(?i:{alternation(_split(' '.join(_PATIENT_TITLES.values())))}"
    rf"|{alternation(_split(' '.join(_STAFF_TITLES.values())))})\.?[ \t]+\Z"
)


def _titled_surnames(text: str, short: dict[str, str], found: list[RuleHit]) -> Iterator[RuleHit]:
    """A surname too short or too common a word to be taken alone ("Le", "Do"), after a
    title, when the narrative named that person in full ("Patient name: Cathy Le (C.L.)
    ... Mrs Le presented")."""
    taken = {(h.start, h.end) for h in found}
    for surname, kind in short.items():
        for at in occurrences(text, surname):
            end = at + len(surname)
            if (
                (at, end) not in taken
                and not text[end : end + 1].isalnum()
                and _TITLE_BEFORE.search(text, max(0, at - 16), at) is not None
            ):
                yield RuleHit(at, end, kind, "name_repeated")
