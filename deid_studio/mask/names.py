"""Person names cut into words with roles, so each word gets a surrogate of its own.

"Dr. Ana María García de la Fuente" is a title (kept), two first names, a surname, two
particles (kept) and a surname. A surrogate name is built word by word, each word through the
vault, so the surname alone later in the narrative ("la Sra. García") gets the same surrogate
surname, and the full name is the same everywhere. Initials ("J.P.", "MD": one letter, or two
or three without a vowel, in any case) get other letters.

Whether a word is a first name, and of which gender, comes from Faker's first-name lists of
the narrative's locale and of English (cheap: Faker is loaded anyway; nltk's names corpus
would cost seconds of import for a list that knows few Spanish names); for Spanish,
Portuguese and Italian an unknown name ending in "a" is taken as female and in "o" as male.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import regex

Role = Literal["title", "particle", "initial", "first", "last"]
Gender = Literal["female", "male"]

TITLES = frozenset(
    "dr dra doctor doctora sr sra srta señor señora don doña dña mr mrs ms miss mme mlle herr "
    "frau prof profesor profesora professor pr dott sig enf nurse".split()
)
PARTICLES = frozenset(
    "de del la las los y i van von der den da das do dos du le di e zu af".split()
)
_WORD = regex.compile(r"\p{L}[\p{L}\p{M}'\u2019]*(?:-\p{L}[\p{L}\p{M}'\u2019]*)*")
_VOWELS = regex.compile(r"[aeiouy]")
_ENDINGS: dict[str, dict[str, Gender]] = {
    lang: {"a": "female", "o": "male"} for lang in ("es", "pt", "it")
}


@dataclass(frozen=True, slots=True)
class NameWord:
    """A word of a name: where it is in the name, its text and its role."""

    start: int
    end: int
    text: str
    role: Role


def name_words(text: str, is_first_name: Callable[[str], bool]) -> list[NameWord]:
    """The words of a name with their roles (see the module text)."""
    words: list[NameWord] = []
    only_first_so_far = True
    for match in _WORD.finditer(text):
        word = match.group()
        lowered = word.casefold()
        role: Role
        if lowered in TITLES and _followed_by_more(text, match.end()):
            role = "title"
        elif lowered in PARTICLES and words:
            role = "particle"
        elif _initials(word) and not is_first_name(word):
            role = "initial"
        elif only_first_so_far and is_first_name(word):
            role = "first"
        else:
            role = "last"
            only_first_so_far = False
        words.append(NameWord(match.start(), match.end(), word, role))
    return words


def initials(text: str) -> tuple[str, ...]:
    """How a narrative abbreviates the person named ``text``: the initials of its names,
    dotted, with and without blanks ("Patrick Schmitt": "P.S.", "P. S."); none for a name
    of one word. Titles and particles have none; an initial is its own ("J. Smith": "J.S.")."""
    letters: list[str] = []
    with_particles: list[str] = []  # a capitalised particle counts where a narrative counts
    for w in name_words(text, lambda w: False):  # it: "María Del Carmen ... (M.D.C.G.F.)"
        if w.role in ("first", "last", "initial"):
            letters.append(w.text[0].upper())
            with_particles.append(w.text[0].upper())
        elif w.role == "particle" and w.text[:1].isupper():
            with_particles.append(w.text[0])
    if len(letters) < 2:
        return ()
    found = ["".join(f"{c}." for c in letters), " ".join(f"{c}." for c in letters)]
    if len(with_particles) > len(letters):
        found.append("".join(f"{c}." for c in with_particles))
    return tuple(found)


def _initials(word: str) -> bool:
    """One letter, or two or three without a vowel ("MD", "JGR"), whatever their case, so
    that "LEE" and "Lee" are the same name word."""
    return len(word) == 1 or (len(word) <= 3 and not _VOWELS.search(plain(word)))


def _followed_by_more(text: str, end: int) -> bool:
    return bool(_WORD.search(text, end))


def plain(word: str) -> str:
    """A word case-folded and without accents, for looking it up in name lists."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def gender_by_ending(word: str, language: str | None) -> Gender | None:
    """The usual gender of a Romance first name by its last letter, where that is a rule."""
    return _ENDINGS.get(language or "", {}).get(plain(word)[-1:])


def cased_like(original: str, surrogate: str) -> str:
    """``surrogate`` in the original's case: UPPER, lower, or as drawn (Title) otherwise."""
    if original.isupper() and len(original) > 1:
        return surrogate.upper()
    if original.islower():
        return surrogate.lower()
    if original[:1].isupper() and surrogate[:1].islower():
        return surrogate[:1].upper() + surrogate[1:]
    return surrogate
