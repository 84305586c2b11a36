"""Safe terms: drugs, vaccines, makers and eponyms that are no PHI (kind ``TERM``).

A ``TERM`` hit is no suggestion in any scheme; it is what the CRF sees as a feature (the
model learns that "Pfizer" or "Bell's palsy" is not a name) and what vetoes the other rules
where it is longer ("Bell's palsy" against a town called Bell: the longer wins; a cue's name,
"Dr. Parkinson", is as long as the eponym alone and earlier, so it wins). The detector also
drops the CRF's suggestions inside a term (``detect.detector``), and the masking keeps a
term's words even where the same word is masked elsewhere (``mask``: the contexts alone,
rule ``eponym_term``, never a dictionary word that a case's gold marks as PHI).

Rules:

* ``vaccine_name`` — a vaccine product or maker ("Pfizer", "Moderna", "Comirnaty",
  "Johnson & Johnson", "Pfizer-BioNTech");
* ``drug_name`` — a drug, generic or brand ("Benadryl", "Pepcid", "Solu-Medrol"); one that
  is also a person's name ("Camila") only with a dose after it, and then with its dose
  ("Camila 0.35 mg": longer than the first name, it wins over the name rules);
* ``eponym_term`` — an eponym in its term's context: "Bell's palsy", "Bells Palsy",
  "Stevens-Johnson syndrome", "Guillain-Barré", "Hashimoto's thyroiditis", "síndrome de
  Guillain-Barré", "maladie de Crohn", "Morbus Crohn", "Parkinson-Krankheit", "Brighton
  criteria".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import compress
from typing import NamedTuple

import regex

from deid_studio.detect.dictionaries import SafeTerms, makers, safe_terms
from deid_studio.detect.gazetteers import english_names, fold
from deid_studio.detect.rules.base import (
    LATIN1_LETTER,
    PEOPLE_KINDS,
    Finder,
    Latin1Twin,
    RuleHit,
    alternation,
    per_word,
    recall,
    without_possessive,
)

_WORD = Latin1Twin(
    regex.compile(r"(?<![\p{L}\p{M}\d])[\p{L}][\p{L}\p{M}'\u2019-]*(?<![-'\u2019])"),
    re.compile(rf"(?<![{LATIN1_LETTER}0-9])[{LATIN1_LETTER}][{LATIN1_LETTER}'-]*(?<![-'])"),
)
_DOSE_AFTER = regex.compile(
    r"[ \t]*\(?[ \t]*\d+(?:[.,]\d+)?[ \t]*(?i:mg|mcg|µg|g|ml|iu|ui|units?|%|tabs?|tablets?)\b"
)
TERM_WORDS = (
    "syndrome syndromes disease palsy palsies sign test criteria phenomenon reflex "
    "angina thyroiditis encephalopathy encephalitis paralysis collaboration scale score maneuver "
    "manoeuvre edema oedema ulcer fracture tumor tumour lymphoma sarcoma node nodes cyst "
    "classification lesion anomaly malformation dementia chorea neuralgia arthritis "
    "cardiomyopathy disorder murmur line catheter formula equation"
).split()
"""Words after which an eponym names a condition, a sign or a scale ("Bell's palsy", "Ludwig's
angina") — after a known eponym (:data:`TERM_AFTER`); after any word, only
:data:`EPONYM_WORDS` say so."""
EPONYM_WORDS = (
    "syndrome disease palsy sign angina criteria phenomenon reflex maneuver manoeuvre "
    "classification scale"
).split()
"""The condition words that follow an eponym and hardly a person's own name, whatever the
word before them ("Longhauler syndrome", "Ludwig's angina", "Brighton criteria"): "Okonkwo's
lymphoma", "Szöllösy's fracture", "Amanda's ulcer" name the patient."""
EPONYM_AFTER = regex.compile(
    rf"['\u2019]?s?[ \t]+(?i:{alternation(EPONYM_WORDS)})(?![\p{{L}}\p{{M}}])"
)
_TERM_WORDS_BEFORE = (
    "síndrome|sindrome|enfermedad|parálisis|paralisis|signo|maniobra|criterios|escala|"
    "syndrome|maladie|paralysie|signe|manœuvre|manoeuvre|critères|échelle|"
    "morbus|syndrom|krankheit|zeichen|"
    "sindrome|malattia|paralisi|segno|"
    "síndrome de|doença de"
).split("|")
TERM_AFTER = regex.compile(
    rf"['\u2019]?s?[ \t]+(?i:{alternation(TERM_WORDS)})(?![\p{{L}}\p{{M}}])"
    r"|-(?i:Syndrom|Krankheit|Zeichen|Parese)(?![\p{L}\p{M}])"
)
TERM_BEFORE = regex.compile(
    rf"(?r)(?i:{alternation(_TERM_WORDS_BEFORE)})[ \t]+(?:(?i:de|del|d'|di)[ \t]+)?\Z"
)
"""A condition's word before an eponym ("síndrome de [Guillain-Barré]"); :data:`TERM_AFTER`
one after it ("[Bell's] palsy", which the name rules ask too: "Conn syndrome" is no
person)."""

PRODUCT_PHRASE = "product_phrase"
"""The rule of a vaccine's or a maker's name of several words ("Eli Lilly", "Bristol-Myers
Squibb"): it wins over a person's name of exactly the same words (not over the manufacturer
rule, whose hit a scheme that marks makers as institutions keeps)."""
MAKER_IN_BRACKETS = "maker_in_brackets"
"""The rule of a maker the dictionaries know in a product's brackets, alone or after the
product ("(Vibracina 100, [Pfizer], Madrid)", "tinción de Papanicolau ([Merck])"): a safe term
like any maker, except in a scheme that marks makers as institutions (MEDDOCAN's), which names
the rule (:mod:`.schemes`) and for which the detector keeps no safe term of it."""
_MAKERS_PLACE_BEFORE = regex.compile(r"(?:\([^()\n,;]{1,40},|[\p{L}\p{M}\d®™][ \t]?\()[ \t]*\Z")
_MAKERS_PLACE_AFTER = regex.compile(r"[ \t]*[,)]")


def _in_makers_place(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands where a product's brackets name its maker: the
    second element ("(Dacortin 30 mg, Merck, Barcelona)"), or alone right after a word
    ("Papanicolau (Merck)")."""
    return (
        "(" in text[max(0, start - 45) : start]
        and _MAKERS_PLACE_AFTER.match(text, end) is not None
        and _MAKERS_PLACE_BEFORE.search(text, max(0, start - 45), start) is not None
    )


RULES = {
    "vaccine_name": 1.0,
    MAKER_IN_BRACKETS: 1.0,
    PRODUCT_PHRASE: 1.0,
    "drug_name": 1.0,
    "eponym_term": 1.0,
    "disease_name": 1.0,
    "flu_strain": 1.0,
    "kin_phrase": 1.0,
}


def _eponym_run(words: list[regex.Match[str]], i: int, known: SafeTerms) -> int:
    """How many words from ``i`` are eponyms joined by hyphens or single blanks
    ("Stevens-Johnson", "Guillain Barre"): 0 when the word at ``i`` is none."""
    count = 0
    while i + count < len(words):
        word = fold(without_possessive(words[i + count].group()))
        pieces = word.split("-")
        if not all(p.removesuffix("s") in known.eponyms or p in known.eponyms for p in pieces):
            break
        count += 1
        if i + count < len(words):
            gap = words[i + count].start() - words[i + count - 1].end()
            if gap != 1:
                break
    return count


class _Candidate(NamedTuple):
    """What a word as written may start: its folded form, the eponym test, its kind."""

    folded: str
    key: str
    eponym: bool
    kind: str | None


_CANDIDATES: dict[str, _Candidate | None] = {}
"""Per process, what :func:`_candidate` said of each word as written: a narrative's words are
mostly the words of the narratives before it, and most words start no term."""
_CANDIDATES_SIZE = 100_000
_ALONE = frozenset({"vaccine", "drug"})  # kinds of word that are a term alone


def _candidate(word: str, known: SafeTerms) -> _Candidate | None:
    """What may start at ``word``: None when no term can (no eponym, phrase or term word)."""
    folded = fold(word)
    key = without_possessive(folded)
    eponym = "-" in key or key in known.eponyms or key[:-1] in known.eponyms
    kind = known.kind(folded) or known.kind(key) or known.kind(key.removesuffix("s"))
    found = None
    if eponym or folded in known.phrase_sizes or kind in _ALONE:
        found = _Candidate(folded, key, eponym, kind)
    return found


def find_terms(text: str, language: str | None) -> list[RuleHit]:
    """Every safe term of ``text`` (kind ``TERM``; see the module text); the same in every
    language (the dictionaries hold every language's drugs and eponyms)."""
    return list(recall(("terms", text), lambda: _find_terms(text)))


def _find_terms(text: str) -> list[RuleHit]:
    known = safe_terms()
    words = list(_WORD.of(text).finditer(text))
    hits: list[RuleHit] = []
    position = 0  # the end of the last term: words before it are read
    for i, (folded, key, eponym, kind) in _starts(words, known):
        match = words[i]
        if match.start() < position:
            continue
        run = _eponym_run(words, i, known) if eponym else 0
        if run:
            start, end = match.start(), words[i + run - 1].end()
            tail = TERM_AFTER.match(text, end)
            before = TERM_BEFORE.search(text, max(0, start - 24), start)
            pair = "-" in text[start:end] or (  # "Stevens-Johnson", "Guillain Barre"
                run > 1 and fold(match.group()) not in english_names()[0]
            )  # not "Douglas Turner": a person named like two eponyms, unless a tail follows;
            # "Stevens Johnson", "Arnold Chiari" start with no everyday English first name
            if tail or before or pair:
                first = before.start() if before else start
                hits.append(RuleHit(first, tail.end() if tail else end, "TERM", "eponym_term"))
                position = words[i + run - 1].end()
                continue
        phrase = _phrase(text, words, i, known, folded)
        if phrase:
            end = words[i + phrase - 1].end()
            key = tuple(fold(w.group()) for w in words[i : i + phrase])
            rule = (
                PRODUCT_PHRASE
                if key in known.products
                else "disease_name"
                if key in known.diseases
                else "vaccine_name"
            )
            hits.append(RuleHit(match.start(), end, "TERM", rule))
            position = end
            continue
        if kind in _ALONE:
            rule = "vaccine_name" if kind == "vaccine" else "drug_name"
            if key in makers() and _in_makers_place(text, match.start(), match.end()):
                rule = MAKER_IN_BRACKETS
            if key not in known.ambiguous:
                hits.append(RuleHit(match.start(), match.end(), "TERM", rule))
            elif dose := _DOSE_AFTER.match(text, match.end()):
                # with its dose: longer than the first name it also is, so it wins
                hits.append(RuleHit(match.start(), dose.end(), "TERM", rule))
    hits.extend(_ampersands(text))
    if "A/" in text or "B/" in text or "C/" in text:
        hits.extend(RuleHit(*m.span(), "TERM", "flu_strain") for m in _FLU_STRAIN.finditer(text))
    if any(hint in text for hint in _KIN_PHRASE_HINTS):
        hits.extend(RuleHit(*m.span(), "TERM", "kin_phrase") for m in _KIN_PHRASE.finditer(text))
    return hits


_KIN_PHRASE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:(?:m[ée]dic[oa]s?|medicina|m[ée]decins?|medic[oi])[ \t]+(?:de|di)"
    r"[ \t]+(?:familia|fam[íi]lia|famille|famiglia)|family[ \t]+(?:doctor|physician|medicine)"
    r"|(?:c[ée]lulas?|cepas?|lenguas?)[ \t]+madres?"
    r"|(?:ves[íi]culas?|colonias?|crom[áa]tidas?)[ \t]+hijas|quistes?[ \t]+hijos"
    r"|daughter[ \t]+(?:cells?|cysts?))(?![\p{L}\p{M}])"
)
"""Phrases with a relative's word that name no relative: a general practitioner ("médico de
familia", "medico di famiglia", "family doctor"), stem cells, daughter cysts and a strain's
origin ("trasplante de células madre", "vesículas hijas", "quistes hijos", "cepa madre",
"lengua madre"). Safe terms: the CRF's suggestions inside them are dropped (MEDDOCAN dev:
"acudieron al médico de [familia]" in three models of five), and a relative's word inside one
is no relative."""
_KIN_PHRASE_HINTS = (
    "amili",
    "amily",
    "amill",
    "amigl",
    "amíli",
    "madre",
    "hija",
    "hijo",
    "aughter",
)
"""What each of :data:`_KIN_PHRASE`'s phrases holds (the first letter of "family" aside, a
capital or not): the pattern runs only where one is."""


_FLU_STRAIN = regex.compile(
    r"(?<![\p{L}\p{M}\d/])[ABC]/(?:[\p{L}\p{M}][\p{L}\p{M} .'-]{1,40}/){1,2}\d{1,8}/\d{2,4}"
    r"(?![\d/])"
)
"""An influenza strain as a vaccine's composition names it: type, place, number and year
("A/Victoria/2570/2019", "B/Austria/1359417/2021", "A/swine/Iowa/15/1930"): the place is the
virus's, no one's town."""


def _starts(words: list[regex.Match[str]], known: SafeTerms) -> list[tuple[int, _Candidate]]:
    """Where in ``words`` a term may start, with what: each word looked up in the process's
    cache at C speed, :func:`_candidate` asked only for the words the cache has not seen. A
    fifth of a narrative's words start a phrase ("and", "at", "single"), and a phrase is
    kept only where its first two words are a phrase's ("single chain")."""
    if not words:
        return []
    written = list(map(type(words[0]).group, words))  # a regex or an re match
    seen = per_word(_CANDIDATES, written, lambda word: _candidate(word, known), _CANDIDATES_SIZE)
    pairs, last = known.phrase_pairs, len(written) - 1
    return [
        (i, c)
        for i in compress(range(len(seen)), seen)  # the candidates (a None is false), in C
        if (c := seen[i]).eponym
        or c.kind in _ALONE
        or (i < last and (c.folded, fold(written[i + 1])) in pairs)
    ]


def _phrase(text: str, words: list[regex.Match[str]], i: int, known: SafeTerms, first: str) -> int:
    """How many words from ``i`` (``first``, folded) form a multi-word vaccine or drug name,
    written with single blanks or an abbreviation's dot between them ("St. John's wort");
    0: none."""
    sizes = known.phrase_sizes.get(first, ())
    if not sizes or i + 1 >= len(words):
        return 0
    if (first, fold(words[i + 1].group())) not in known.phrase_pairs:
        return 0  # most phrase starts ("de", "no") are ruled out by the next word
    for size in sizes:
        if i + size > len(words):
            continue
        if any(not _joined(text, words[k], words[k + 1]) for k in range(i, i + size - 1)):
            continue
        key = (first, *(fold(words[k].group()) for k in range(i + 1, i + size)))
        if key in known.phrases:
            return size
    return 0


def _joined(text: str, word: regex.Match[str], following: regex.Match[str]) -> bool:
    """Whether two words of a phrase are written as one name: a single blank between them, or
    a dot and a blank after an abbreviation ("St. John's wort"; not "cancer. Vaccine")."""
    gap = text[word.end() : following.start()]
    return gap == " " or (gap == ". " and word.end() - word.start() <= 3)


_AMPERSAND = regex.compile(r"(?i:johnson[ \t]*&[ \t]*johnson|j[ \t]*&[ \t]*j)(?![\p{L}])")


def _ampersands(text: str) -> Iterator[RuleHit]:
    if "&" in text:
        for match in _AMPERSAND.finditer(text):
            yield RuleHit(*match.span(), "TERM", "vaccine_name")


TERM_FINDER = Finder(
    "terms",
    find_terms,
    RULES,
    (
        "developed [Bell's palsy] after",
        "diagnosed with [Bells Palsy] on",
        "[Stevens-Johnson syndrome] was suspected",
        "a case of [Guillain-Barre] after",
        "Concern for [Stevens Johnson] and sepsis",
        "[Hashimoto's thyroiditis] since",
        "[síndrome de Guillain-Barré] tras",
        "dose of [Pfizer] vaccine",
        "received the [Johnson & Johnson] vaccine",
        "[Moderna] lot 012L20A",
        "was given [Benadryl] and [Pepcid]",
        "[Solu-Medrol] 125 mg IV",
        "took [Camila 0.35 mg] daily",
        "took [St. John's wort] for low mood",
        "received Flu Seasonal [QIV Dresden] on the left arm",
        "met the [Brighton criteria] level 1",
        "reported by [Eli Lilly] and [Bristol-Myers Squibb]; [Hoffmann-La Roche], [Novo Nordisk]",
    ),
    (
        "Dr. Bell saw the patient",
        "her sister Camila called",
        "Mr Johnson was seen",
        "Douglas Turner (DOB 10/31/2017), a 3-year-old boy",
        "her daughter Lilly called; Mr Roche was seen",
    ),
    guarded=False,
    prevails=frozenset({PRODUCT_PHRASE}),
    prevails_over=PEOPLE_KINDS,  # a maker stays one where a
    # scheme marks makers (MEDDOCAN's institutions: the manufacturer rule)
)
