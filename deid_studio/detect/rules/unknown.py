"""Capitalised words no list knows: the last resort for names and places without a cue.

A name the gazetteers have never seen ("Szöllösy", "Opencounter", "Berggrenton"), written
where no cue stands before it, is what every other rule misses. What still gives it away is
that no dictionary knows it: it is capitalised in mid-sentence (or opens a sentence the way a
name does: "Dzhambek is from..."), wordfreq has (almost) never seen it in the narrative's
language or in English, and it is none of the words a medical narrative capitalises — a
drug, a vaccine, a maker, an eponym, a medical term or a word with a medical ending
("Labyrinthitis", "Echocardiogram"), a word misspelt one slip away from one of those, a word
the same narrative also writes in lower case. Philter masks every word outside its allow
list; this is the narrower version.

Rules: ``unknown_word`` (kind ``PERSON``) and ``unknown_place`` (``CITY``, after a place cue:
"in", "from", "nach", "residente en"). A run of such words, with known names, initials and
particles between them, is one hit ("Mijail C Adomo", "Maika van de Noort"). Low confidence:
in a project without a model they are suggestions to confirm; once a model is trained they
are its features only (below the detector's rule floor).

English narratives only (and those whose language is unknown): in Spanish and French clinical
text the words wordfreq does not know are mostly medical ("Adenomectomía", "Ziehl-Nielsen";
7 right of 115 on MEDDOCAN dev), in German every noun is capitalised; nor on narratives in
capitals, where a capital says nothing.
"""

from __future__ import annotations

import re
from collections.abc import Container
from functools import cache

import regex

from deid_studio.detect.dictionaries import is_drug_or_vaccine, safe_terms
from deid_studio.detect.frequency import frequent, zipf
from deid_studio.detect.gazetteers import eponyms, fold
from deid_studio.detect.medical import shipped_terms
from deid_studio.detect.rules.base import (
    LATIN1_LETTER,
    LATIN1_LOWER,
    LATIN1_UPPER,
    MONTH_WORDS,
    Finder,
    Latin1Twin,
    RuleHit,
    alternation,
    without_possessive,
)
from deid_studio.detect.rules.terms import EPONYM_WORDS
from deid_studio.detect.rules.words import (
    PARTICLES,
    PRODUCT_WORDS,
    SCALE_WORDS,
    SENTENCE_START,
    SURNAME_CAPITAL,
    SURNAME_CAPITAL_LATIN1,
    Lexicon,
    lexicon,
    lowercase_words,
    uncased,
    without_possessive_end,
)

RARE = 2.0
"""The Zipf frequency below which a word is unknown: about once in 100 million words
(``benchmarks/cold_start.py``: 2.5 and 3.0 catch no more names on the English set and flag
more medical words in VAERS)."""
_CANDIDATE = Latin1Twin(
    regex.compile(
        rf"(?<![\p{{L}}\p{{M}}\d'\u2019.\-@/])\p{{Lu}}{SURNAME_CAPITAL}[\p{{Ll}}\p{{M}}]+"
        r"(?:['\u2019]s)?(?:-\p{Lu}?[\p{Ll}\p{M}]+)*(?![\p{L}\p{M}\d@/]|\.\p{L})"
    ),
    re.compile(
        rf"(?<![{LATIN1_LETTER}0-9'.\-@/])[{LATIN1_UPPER}]{SURNAME_CAPITAL_LATIN1}"
        rf"[{LATIN1_LOWER}]+(?:'s)?(?:-[{LATIN1_UPPER}]?[{LATIN1_LOWER}]+)*"
        rf"(?![{LATIN1_LETTER}0-9@/]|\.[{LATIN1_LETTER}])"
    ),
)
_JOINED = regex.compile(
    rf"[ \t]+(?:(?P<initial>\p{{Lu}}\.?)|(?P<word>\p{{Lu}}{SURNAME_CAPITAL}[\p{{Ll}}\p{{M}}]+"
    r"(?:-\p{Lu}?[\p{Ll}\p{M}]+)*)"
    r"|(?P<particle>\p{Ll}{1,3}))(?![\p{L}\p{M}\d])"
)
"""What may follow a word of a name on the same line: an initial, a capitalised word, a
particle ("van", "de")."""
_WORD_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}\d'\u2019.\-])"
    r"(?P<word>(?P<initial>\p{Lu}\.?)|\p{Lu}[\p{Ll}\p{M}]+)[ \t]+\Z"
)
"""What may stand before it: an initial or a capitalised word."""
_MEDICAL_ENDING = regex.compile(
    r"(?:itis|osis|oses|emia|aemia|ectomy|otomy|ostomy|ology|ologist|iatrist|iatry|gram|"
    r"graph|graphy|pathy|algia|plasty|scopy|ness|ema|oma|uria|rrhea|rrhoea|penia|plegia|"
    r"phagia|pnea|pnoea|trophy|megaly|lysis|genic|mab|nib|zole|pril|sartan|statin|olol|"
    r"cillin|mycin|cycline|floxacin|azepam|oxetine|valent|dermal|venous|muscular|cardial|"
    r"vascular|thyroid|cyte|cytes|tomy|ase|ases)\Z"
)
"""Endings of medical words and drug stems: no name ends like this often enough to matter."""
_PLACE_CUE = regex.compile(r"(?r)(?<![\p{L}\p{M}])(?i:in|from|to|near|at)[ \t]+\Z")
RULES = {"unknown_word": 0.5, "unknown_place": 0.5}
"""Each rule's confidence: its precision on the corpora of ``benchmarks/cold_start.py``,
rounded down."""


@cache
def _known_words() -> frozenset[str]:
    """Folded words that are no name whatever wordfreq says: medical terms, month names."""
    return shipped_terms() | MONTH_WORDS


def _unknown(word: str, language: str | None, lex: Lexicon, lowercase: Container[str]) -> bool:
    """Whether a capitalised word is one no list knows (see the module's docstring)."""
    folded = fold(without_possessive(word))
    if len(folded) < 3 or folded in lowercase:
        return False
    if "-" in word and fold(word.rsplit("-", 1)[1]) in lex.common:
        return False  # "Pizer-sponsored", "Moderna-induced"; not "Hauta-aho"
    if folded in lex.common or folded in lex.stop or folded in _known_words():
        return False
    if folded in eponyms() or _MEDICAL_ENDING.search(folded):
        return False
    pieces = folded.split("-")
    terms = safe_terms()
    if any(terms.kind(p) or p in terms.starts for p in pieces):
        return False
    if zipf(word, language) >= RARE or (language != "en" and zipf(word, "en") >= RARE):
        return False
    named = any(p in lex.first_names or p in lex.last_names for p in pieces)
    if not named and any(_run_together(p, lex) for p in pieces):
        return False
    return named or not any(_misspelt(p, language) for p in pieces)


def _run_together(folded: str, lex: Lexicon) -> bool:
    """Whether ``folded`` is a drug, vaccine or medical word run together with a common word,
    a blank left out ("Benadryland")."""
    terms = safe_terms()
    for i in range(4, len(folded) - 1):
        head, tail = folded[:i], folded[i:]
        if (terms.kind(head) or head in _known_words()) and (
            tail in lex.stop or tail in lex.common
        ):
            return True
    return False


_LETTERS = "abcdefghijklmnopqrstuvwxyz"
COMMON_TYPO = 3.5
"""A word one typing slip away from a word at least this frequent is taken for that word
misspelt ("Thurday", "Dishcarged"), unless a name list knows it."""


@cache
def _misspelt(folded: str, language: str | None) -> bool:
    """Whether one slip (a letter left out, added, changed, or two swapped) turns ``folded``
    into a medical term, a drug, a vaccine, an eponym or a common word ("Benedryl",
    "Tyelnol", "Guardasil", "Nasuea"): misspelt words are what wordfreq does not know in
    a medical narrative, far more often than names."""
    if len(folded) < 5:
        return False
    edits = _edits(folded)
    terms = safe_terms()
    known = (_known_words(), eponyms(), terms.vaccines, terms.drugs, terms.eponyms)
    if not all(edits.isdisjoint(words) for words in known):
        return True
    return frequent((c for c in edits if len(c) >= 4), language, COMMON_TYPO)


def _edits(word: str) -> set[str]:
    """Every string one slip away from ``word`` (Norvig's spelling corrector)."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = [a + b[1:] for a, b in splits if b]
    swaps = [a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1]
    changes = [a + c + b[1:] for a, b in splits if b for c in _LETTERS]
    inserts = [a + c + b for a, b in splits for c in _LETTERS]
    return set(deletes + swaps + changes + inserts)


def _name_word(word: str, lex: Lexicon) -> bool:
    """A word that may stand inside a run beside an unknown one: a known name, no common
    word."""
    folded = fold(word)
    return (folded in lex.first_names or folded in lex.last_names) and folded not in lex.common


_RUN_BEFORE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(\p{Lu}[\p{L}\p{M}]+)(?:[ \t]+(?:&|and|\p{Lu}[\p{L}\p{M}]+))*[ \t]+\Z"
)
"""The capitalised words before a word, from the first ("[Merck] Sharp & Dohme")."""
_CONDITION_AFTER = regex.compile(
    rf"(?:['\u2019]?s?[ \t]+(?i:{alternation(EPONYM_WORDS)}|vaccine|{PRODUCT_WORDS})"
    rf"|[ \t]+(?:{SCALE_WORDS}))"
    r"(?![\p{L}\p{M}])"
)
"""A word after which a capitalised word names a condition or a product, no one ("Longhauler
syndrome", "Ludwig's angina", "Cepheid test"): the words only an eponym takes (not
"Okonkwo's lymphoma") and the products'."""


def find_unknown(text: str, language: str | None) -> list[RuleHit]:
    """Runs of capitalised words, at least one unknown; a sentence's first word only where it
    reads as a name (:func:`_opens_with_name`)."""
    if uncased(text):
        return []
    lex = lexicon(language)
    lowercase = lowercase_words(text)
    found: list[RuleHit] = []
    done = 0
    for match in _CANDIDATE.of(text).finditer(text):
        if match.start() < done:
            continue
        word = match.group()
        if not _unknown(word, language, lex, lowercase):
            continue
        if SENTENCE_START.search(
            text, max(0, match.start() - 4), match.start()
        ) and not _opens_with_name(text, match, language, lex, lowercase):
            continue
        before = _WORD_BEFORE.search(text, max(0, match.start() - 40), match.start())
        if before is not None and fold(before.group("word")) in eponyms():
            continue  # "Guillain Berre": the eponym's partner, misspelt
        maker = _RUN_BEFORE.search(text, max(0, match.start() - 40), match.start())
        if maker is not None and is_drug_or_vaccine(maker.group(1)):
            continue  # "Merck Sharp & Dohme": a maker's name
        start, end = _run(text, match.start(), match.end(), lex, language, lowercase)
        if _CONDITION_AFTER.match(text, end):
            done = end
            continue  # "Longhauler syndrome": a condition's name, a misspelt eponym
        kind, rule = "PERSON", "unknown_word"
        if _PLACE_CUE.search(text, max(0, start - 12), start):
            kind, rule = "CITY", "unknown_place"
        found.append(without_possessive_end(text, RuleHit(start, end, kind, rule)))
        done = end
    return found


_SUBJECT_VERBS = frozenset(
    "is was has had have began begins begun said says told asked lives lived spent shouted "
    "called wrote writes works worked went came got gave took moved died became joined "
    "founded left received reported will would can could did does and".split()
)
"""The words after a sentence's subject that say it is one, where a name opens the sentence
("Rintanen began writing", "Dzhambek is from...", "Mehrudin shouted at Todd")."""
_NEXT_WORD = regex.compile(r"[ \t]*[\"\u201c]?[ \t]*(?P<word>[\p{L}\p{M}][\p{L}\p{M}'\u2019-]*)")


def _opens_with_name(
    text: str,
    match: regex.Match[str],
    language: str | None,
    lex: Lexicon,
    lowercase: Container[str],
) -> bool:
    """Whether an unknown word that opens a sentence or a line of an English narrative names
    someone: only where what follows says so — a verb a subject takes ("Rintanen began
    writing", "Dzhambek is from..."), another word of a name ("Gyala Antall"), the end of its
    line or sentence ("What's your last name? Arcuri"), a comma or a colon before a capital
    ("Monjeau, Graves and Reed", "Ubul: What a wife"). Not before a dose, a bracket, a
    lower-case word after a comma or a colon, or a noun ("Zorvatex 25 mg daily",
    "Cephlasporins, sulfa", "Allergies: Zorvatex: hives", "Triaged by the ER nurse",
    "Hemmoragic stroke"), nor a word's possessive ("Sender's Comments:"), nor where the
    narrative's language is unknown."""
    if language != "en":
        return False  # a sentence of another language opens with words English never saw
    if zipf(without_possessive(match.group()), language) >= RARE:
        return False  # "Sender's Comments:": the possessive of a word
    at = match.end()
    while text[at : at + 1] in (" ", "\t"):
        at += 1
    mark = text[at : at + 1]
    if mark in ("", "\n", "\r") or (mark in ("?", "!", ".") and at == match.end()):
        return True  # alone on its line or as a sentence: "What's your last name? Arcuri"
    if mark in (",", ":"):
        after = _NEXT_WORD.match(text, at + 1)  # a list of names, a speaker's turn: "Monjeau,
        return after is not None and after.group("word")[:1].isupper()  # Graves", "Ubul: What"
    after = _NEXT_WORD.match(text, at) if at > match.end() else None
    if after is None:
        return False  # before a dose, a bracket, a semicolon: "Zorvatex 25 mg", "Fenagrin)"
    word = after.group("word")
    if word[:1].isupper():
        return _name_word(word, lex) or _unknown(word, language, lex, lowercase)
    return word in _SUBJECT_VERBS or word in PARTICLES  # "Willemine ten Pas will be talking"


def _run(
    text: str,
    start: int,
    end: int,
    lex: Lexicon,
    language: str | None,
    lowercase: Container[str],
) -> tuple[int, int]:
    """The run of name words around the unknown word at ``[start, end)``."""
    for _ in range(3):  # forward: "Mijail [C] [Adomo]", "Maika [van de] [Noort]"
        joined = _JOINED.match(text, end)
        if joined is None:
            break
        for _ in range(3):  # initials and particles only before a name word
            if joined is None or joined.group("word"):
                break
            if joined.group("particle") and fold(joined.group("particle")) not in PARTICLES:
                joined = None
                break
            joined = _JOINED.match(text, joined.end())
        if joined is None:
            break
        word = joined.group("word")
        if not word or not (_name_word(word, lex) or _unknown(word, language, lex, lowercase)):
            break
        end = joined.end()
    for _ in range(2):  # back: "[Sigrid] Nyström", "[Ella H.] Snider", "[Duqyaha] Karataev"
        before = _WORD_BEFORE.search(text, max(0, start - 40), start)
        if before is None:
            break
        word = before.group("word")
        named = _name_word(word, lex) or (
            not before.group("initial") and _unknown(word, language, lex, lowercase)
        )  # "[Duqyaha] Karataev": two words no list knows, the first opening the line
        if not (before.group("initial") or named):
            break
        if SENTENCE_START.search(text, max(0, before.start() - 4), before.start()) and not named:
            break
        start = before.start()
    return start, end


UNKNOWN_FINDER = Finder(
    "unknown words",
    find_unknown,
    RULES,
    (
        "I'm so jealous, said Carla to [Szöllösy] later",
        "according to [Rubija Liberšar] the",
        "follow up with [Mijail C Adomo] in a couple of months",
        "the true gender of [Vehbija] has been under debate",
        "support for [Opencounter] in",
        "I am in [Berggrenton] for a business trip",
        "directed by [Maika van de Noort] and",
        "[Duqyaha Karataev] called the clinic",
    ),
    (
        "she was given Tylenol and Benadryl at home",
        "diagnosed with Labyrinthitis and Neuritis",
        "Echocardiogram was normal, Troponin negative",
        "History of Hashimoto's and Crohn's disease",
        "the Moderna vaccine in the left arm",
        "she said Quadrivalent but the vaccine was not",
        "seen in the Emergency Department",
        "Patient went to the ER in January",
        "a pharmacist via Pizer-sponsored program",
        "ongoing neuropathy due to Longhauler syndrome, however",
        "she was diagnosed with Ludwig's angina, then",
        "the definitive Dx of Guillain Berre. Pt admitted; gave steroids and Benadryland",
        "manufacturername: Merck Sharp & Dohme Corp.; devicelotnumber",
    ),
    languages=frozenset({"en"}),
    guarded=False,
    fallback=True,
)
