"""Realistic replacements: Faker in the narrative's language, same shape for numbers and codes.

:class:`Surrogates` serves one case. Every surrogate goes through the case's vault, so the same
original (ignoring case and spacing) gets the same surrogate in every report of the case;
names and codes are replaced word by word (and run by run), so parts stay consistent too.

* person names: first names by gender, surnames, initials; titles and particles kept;
* IDs, phone and fax numbers, e-mail addresses, URLs, postcodes: each run of digits becomes
  other digits and each run of letters other letters of the same case, separators kept;
* cities, streets, regions, countries, organisations and professions: Faker's, in the locale
  of the narrative's language; an organisation keeps its leading generic words ("Hospital
  Universitario ...").

A surrogate never equals its original, and is drawn again (up to a limit) when it would
contain one of the case's PHI strings, or a word of the case's people or places, or one
such word extended or cut ("Bobby" for Bob).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

import regex

from deid_studio.mask.kinds import SHAPED, Kind
from deid_studio.mask.names import (
    PARTICLES,
    Gender,
    cased_like,
    gender_by_ending,
    name_words,
    plain,
)
from deid_studio.mask.text import Matcher, normalise
from deid_studio.mask.vault import CaseVault

LOCALES = {
    "en": "en_US",
    "es": "es_ES",
    "fr": "fr_FR",
    "de": "de_DE",
    "sv": "sv_SE",
    "pt": "pt_PT",
    "it": "it_IT",
    "nl": "nl_NL",
    "da": "da_DK",
    "no": "no_NO",
    "fi": "fi_FI",
    "ro": "ro_RO",
    "hu": "hu_HU",
    "tr": "tr_TR",
    "el": "el_GR",
    "ru": "ru_RU",
}
"""Faker locale per narrative language (English when the language is unknown)."""

ATTEMPTS = 25
_STEM = 3
"""The shortest word that counts in a surrogate's resemblance to an original."""
_RUN = regex.compile(r"\p{L}+|\p{Nd}+")
_ORG_HEADS = frozenset(
    "hospital hospitalario hospitalaria clinica clinico clinic clinique centro centre center "
    "complejo instituto institut institute universidad university universitario "
    "universitaria facultad servicio fundacion hopital klinik klinikum krankenhaus sjukhus "
    "vardcentral farmacia pharmacy pharmacie apotheke apotek laboratorio laboratory general "
    "regional provincial nacional salud health medical".split()
)
_FAKER_LOCK = threading.Lock()


class Surrogates:
    """The surrogates of one case (see the module text).

    ``language`` is the case's (Faker's locale follows it, so every report of a case draws
    from the same lists); ``avoid`` are the PHI strings of all the case's reports and
    ``people`` those of its person categories, ``words`` the words of its places (the leak
    check looks for each alone, so no surrogate may contain one). Knowing them up front makes
    every surrogate a
    function of the secret, the case and the original alone, whatever order the reports and
    spans are masked in: a preview shows what the export will write.
    """

    def __init__(
        self,
        vault: CaseVault,
        language: str | None = None,
        *,
        avoid: Iterable[str] = (),
        people: Iterable[str] = (),
        words: Iterable[str] = (),
    ) -> None:
        self.vault = vault
        self.locale = LOCALES.get(language or "en", "en_US")
        self.language = language
        self._avoid_strings = tuple(avoid)
        self._people = tuple(people)
        self._words = tuple(words)
        self._known: tuple[Matcher, set[str], set[str]] | None = None

    def _case(self) -> tuple[Matcher, set[str], set[str]]:
        """The case's PHI strings, its people's name words, and those used as first names:
        built on first use (a policy without surrogates never needs them)."""
        if self._known is None:
            names = _first_names(self.locale)
            avoid_words: set[str] = {plain(w) for w in self._words}
            first_words: set[str] = set()
            for text in self._people:
                for word in name_words(text, lambda w: plain(w) in names):
                    avoid_words.add(plain(word.text))
                    if word.role == "first":
                        first_words.add(plain(word.text))
            self._known = (Matcher(self._avoid_strings), avoid_words, first_words)
        return self._known

    @property
    def _avoid(self) -> Matcher:
        return self._case()[0]

    @property
    def _avoid_words(self) -> set[str]:
        return self._case()[1]

    @property
    def _first_words(self) -> set[str]:
        return self._case()[2]

    # -- by kind -------------------------------------------------------------------------

    def replace(self, kind: Kind, text: str) -> str | None:
        """A surrogate for ``text`` of ``kind``; None when the kind has none (sex, other...)."""
        kind = _refine(kind, text)
        if kind == "person":
            return self.person(text)
        if kind in SHAPED:
            return self.shaped(text)
        if kind == "organization":
            return self.organization(text)
        draw = _FAKER_DRAWS.get(kind)
        return None if draw is None else self._whole(kind, text, draw)

    def person(self, text: str) -> str:
        """A name for a name, word by word; titles, particles and punctuation kept."""
        names = _first_names(self.locale)
        words = name_words(text, lambda w: plain(w) in self._first_words or plain(w) in names)
        out, last = [], 0
        for word in words:
            out.append(text[last : word.start])
            if word.role in ("title", "particle"):
                out.append(word.text)
            elif word.role == "initial":
                out.append(self.shaped(word.text))
            else:
                out.append(self.person_word(word.text))
            last = word.end
        out.append(text[last:])
        return "".join(out)

    def person_word(self, word: str) -> str:
        """The surrogate of one word of a name: a first name (of the same gender, where it is
        known) for a word the case's names use as a first name, else a surname."""
        known = self.vault.get("name", word)
        if known is None:
            first = plain(word) in self._first_words
            gender = _gender(word, self.language, self.locale) if first else None

            def draw(faker: Any) -> str:
                if not first:
                    return str(faker.last_name())
                chosen = gender or faker.random.choice(("female", "male"))
                if chosen == "female":
                    return str(faker.first_name_female())
                return str(faker.first_name_male())

            known = self._draw("name", word, draw, words=True)
        return cased_like(word, known)

    def shaped(self, text: str) -> str:
        """Digits for digits and letters for letters (same case), run by run; the rest kept."""
        return _RUN.sub(lambda m: self._shaped_run(m.group()), text)

    def organization(self, text: str) -> str:
        """The leading generic words kept ("Hospital Universitario"), the name replaced."""
        words = text.split()
        head: list[str] = []
        for word in words:
            if plain(word) in _ORG_HEADS or (head and word.casefold() in PARTICLES):
                head.append(word)
            else:
                break
        while head and head[-1].casefold() in PARTICLES:
            head.pop()
        if not head or len(head) == len(words):
            return self._whole("organization", text, lambda f: f.company())
        rest = " ".join(words[len(head) :])
        name = self._whole("organization", rest, lambda f: f.last_name())
        return f"{' '.join(head)} {name}"

    # -- drawing -------------------------------------------------------------------------

    def _whole(self, scope: str, text: str, draw: Callable[[Any], Any]) -> str:
        known = self.vault.get(scope, text)
        if known is None:
            # no word of the case's people either: "Goodman-Williams" for a hospital would
            # read as a leak of Dr Williams (the leak check searches masked names' words)
            known = self._draw(scope, text, draw, words=True)
        return cased_like(text, known)

    def _draw(
        self, scope: str, original: str, draw: Callable[[Any], Any], *, words: bool = False
    ) -> str:
        candidate = original
        for attempt in range(ATTEMPTS):
            with _FAKER_LOCK:
                faker = _faker(self.locale)
                faker.seed_instance(self.vault.seed(scope, original, attempt))
                candidate = str(draw(faker)).strip()
            if candidate and self._acceptable(original, candidate, words=words):
                break
        if not candidate or normalise(candidate) == normalise(original):
            candidate = self.shaped(original)
        self.vault.put(scope, original, candidate)
        return candidate

    def _shaped_run(self, run: str) -> str:
        known = self.vault.get("shape", run)
        if known is None:
            known = run
            for attempt in range(ATTEMPTS):
                rng = random.Random(self.vault.seed("shape", run, attempt))
                known = "".join(_same_class(c, rng) for c in run)
                if self._acceptable(run, known, words=False):
                    break
            if known == run.casefold():  # 25 unlucky draws: change the first character
                known = _next_in_class(known[0]) + known[1:]
            self.vault.put("shape", run, known)
        return "".join(s.upper() if o.isupper() else s for o, s in zip(run, known, strict=True))

    def avoids_the_case(self, candidate: str) -> bool:
        """Whether ``candidate`` holds none of the case's PHI strings ("M.K.I." holds the
        "M.K." of a patient's initials)."""
        return not any(True for _ in self._avoid.find(candidate))

    def _acceptable(self, original: str, candidate: str, *, words: bool) -> bool:
        if normalise(candidate) == normalise(original):
            return False
        if not self.avoids_the_case(candidate):
            return False
        if words and any(self._resembles(plain(w)) for w in _RUN.findall(candidate)):
            return False
        return True

    def _resembles(self, word: str) -> bool:
        """Whether a drawn word is a word of the case's people or places, or one of them
        extended or cut ("Bobby" for Bob, "Anne" for Ann, "Lee" for Leeds): a reader would
        guess the original from it."""
        if word in self._avoid_words:
            return True
        return len(word) >= _STEM and any(
            len(known) >= _STEM and (word.startswith(known) or known.startswith(word))
            for known in self._avoid_words
        )


def _refine(kind: Kind, text: str) -> Kind:
    """A location by its look: digits only is a postcode, digits and letters a street."""
    if kind != "location" or not any(c.isdigit() for c in text):
        return kind
    return "street" if regex.search(r"\p{L}", text) else "postcode"


def _next_in_class(char: str) -> str:
    if char.isdigit():
        return str((int(char) + 1) % 10)
    return "a" if char == "z" or not "a" <= char <= "z" else chr(ord(char) + 1)


def _same_class(char: str, rng: random.Random) -> str:
    if char.isdigit():
        return str(rng.randrange(10))
    if char.isalpha():
        return chr(ord("a") + rng.randrange(26))
    return char


_FAKER_DRAWS: dict[str, Callable[[Any], Any]] = {
    "city": lambda f: f.city(),
    "location": lambda f: f.city(),
    "street": lambda f: f.street_address(),
    "state": lambda f: f.administrative_unit() if hasattr(f, "administrative_unit") else f.city(),
    "country": lambda f: f.country(),
    "organization": lambda f: f.company(),
    "profession": lambda f: f.job(),
}


@cache
def _faker(locale: str) -> Any:
    from faker import Faker  # loaded on first use: the import costs a fifth of a second

    return Faker(locale)


@cache
def _gendered(locale: str) -> tuple[frozenset[str], frozenset[str]]:
    """(female, male) first names of a locale and of English, accent-free and case-folded."""
    female: set[str] = set()
    male: set[str] = set()
    for code in dict.fromkeys((locale, "en_US")):
        faker = _faker(code)
        for provider in faker.providers:
            female.update(_words(getattr(provider, "first_names_female", ())))
            male.update(_words(getattr(provider, "first_names_male", ())))
    return frozenset(female), frozenset(male)


def _words(names: Iterable[str]) -> set[str]:
    return {plain(part) for name in names for part in str(name).split()}


@cache
def _first_names(locale: str) -> frozenset[str]:
    female, male = _gendered(locale)
    return female | male


def _gender(word: str, language: str | None, locale: str) -> Gender | None:
    female, male = _gendered(locale)
    key = plain(word)
    if key in female and key not in male:
        return "female"
    if key in male and key not in female:
        return "male"
    return gender_by_ending(word, language)
