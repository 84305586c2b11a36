"""Word lists the CRF looks words up in: first and last names, places, nationalities.

Names come from Philter's lists (``resources/gazetteers/philter``, BSD-3), the nltk names
corpus and the first names and surnames of Faker's 86 locales (in Latin script); places and
nationalities from the nltk gazetteers corpus (countries, US states and cities, Canadian
provinces, Mexican states). The nltk corpora are read through nltk's corpus
readers from ``resources/nltk_data``; because importing nltk costs about two seconds, what
they yield is kept in the user's cache folder and reused while the shipped files are unchanged
(the same scheme as the stopword lists of :mod:`deid_studio.core.language`).

Every list is lowercase and without accents: :func:`fold` turns a token into the same form.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from deid_studio.core.resources import cached_word_lists, nltk_data_dir, resident, resources_dir
from deid_studio.core.tokenize import latin1

_PLACE_FILES = (
    "countries.txt",
    "isocountries.txt",
    "uscities.txt",
    "usstates.txt",
    "caprovinces.txt",
    "mexstates.txt",
)
_NATIONALITY_FILES = ("nationalities.txt",)
_NAME_FILES = ("male.txt", "female.txt")


@dataclass(frozen=True, slots=True)
class Gazetteer:
    """Folded word sets; a token is looked up after :func:`fold`."""

    first_names: frozenset[str]
    last_names: frozenset[str]
    places: frozenset[str]
    nationalities: frozenset[str]


def fold_word(word: str) -> str:
    """Lowercase without accents: ``Cuéllar`` -> ``cuellar``. Uncached: for the big word
    lists, whose words would only fill :func:`fold`'s cache."""
    if word.isascii():
        return word.lower()
    if not latin1(word):
        return _fold_any(word)
    return word.lower().translate(_FOLD_LATIN1)  # one character at a time, at C speed


def _fold_any(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


_FOLD_LATIN1 = {code: _fold_any(chr(code)) for code in range(128, 256)}
"""Each Latin-1 character beyond ASCII, folded: folding a Latin-1 word folds each character
alone (its lower case is one Latin-1 character, its accents decompose into marks that go),
so a table does it without decomposing the word."""


fold = lru_cache(maxsize=1 << 17)(fold_word)
""":func:`fold_word` with a cache for the words of narratives. Reading the shipped lists
through it filled the cache with 131,072 list words, kept alive with their folded forms:
about 50 MB of every process that ran the rules."""


@resident
def gazetteer() -> Gazetteer:
    """The shipped gazetteer (read once per process)."""
    philter = resources_dir() / "gazetteers" / "philter"
    first = _lines(philter / "first_names.txt")
    last = _lines(philter / "last_names.txt")
    lists = _nltk_lists()
    faker = _faker_names()
    return Gazetteer(
        first_names=frozenset(first | lists["names"] | set(faker["first"])),
        last_names=frozenset(last | set(faker["last"])),
        places=frozenset(lists["places"]),
        nationalities=frozenset(lists["nationalities"]),
    )


@resident
def borne_first_names() -> frozenset[str]:
    """The first names of Faker's locales, folded: names people bear. Philter's list, in the
    gazetteer beside them, holds words too ("valor", "tres", "nota")."""
    return frozenset(_faker_names()["first"])


@resident
def borne_first_names_written() -> frozenset[str]:
    """The first names of Faker's locales as written, accents kept, in lower case: "josé" is
    borne, "nació" (a verb; "Nacio" is a name) and "età" (a noun; "Eta" is one) are not."""
    return frozenset(_faker_names().get("first_written", ()))


@resident
def names_of(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """The first names and the surnames of Faker's locales of ``language`` ("es": Spain's,
    Mexico's, Argentina's...), as written, in lower case: the names that language's speakers
    bear ("lucía", "joão", "garcía"), without the words of other languages the lists of every
    locale hold ("la", "tres", "ver" are names somewhere)."""
    lists = _faker_names()
    return frozenset(lists.get(f"first_{language}", ())), frozenset(
        lists.get(f"last_{language}", ())
    )


@resident
def common_words() -> frozenset[str]:
    """English and medical vocabulary with no person names (Philter's list, folded, with
    ``resources/dictionaries/vocabulary.txt``): a capitalised word in it is not taken for a
    name or a place without a cue."""
    words = _lines(resources_dir() / "gazetteers" / "philter" / "common_words.txt")
    return frozenset(words | _dictionary("vocabulary.txt"))


_MORE_A_WORD = 5.1
"""Zipf frequency from which a first name is first of all an English word ("june",
"summer" 5.2; "mark" 5.0, "mary" 4.8)."""


@resident
def familiar_names() -> frozenset[str]:
    """First names and surnames of Faker's American and British lists that are English
    words too, and in the common-word list for that ("mary", "frank", "rose", "lee",
    "brown"), folded: after a title or a relative's word a lower-case one is a name all the
    same ("his wife mary", "dr. lee"). Not those English uses more as words than as names
    (:data:`_MORE_A_WORD`: "may", "white", "june")."""
    from deid_studio.detect.frequency import zipf

    first, last = english_names()
    return frozenset(w for w in (first | last) & common_words() if zipf(w, "en") < _MORE_A_WORD)


@cache
def english_names() -> tuple[frozenset[str], frozenset[str]]:
    """The first names and the surnames of Faker's American and British lists, folded: the
    names English narratives use most."""
    from faker.providers.person.en_GB import Provider as British
    from faker.providers.person.en_US import Provider as American

    providers = (American, British)
    return (
        frozenset(fold_word(w) for p in providers for w in p.first_names),
        frozenset(fold_word(w) for p in providers for w in p.last_names),
    )


@cache
def eponyms() -> frozenset[str]:
    """Surnames that name a disease, sign or test ("bell", "barre", "hashimoto"), folded
    (``resources/dictionaries/eponyms.txt``)."""
    return frozenset(_dictionary("eponyms.txt"))


def _dictionary(name: str) -> set[str]:
    """A word list of ``resources/dictionaries`` (``#`` starts a comment line), folded."""
    lines = (resources_dir() / "dictionaries" / name).read_text("utf-8").splitlines()
    return {fold_word(w) for line in lines if (w := line.strip()) and not w.startswith("#")}


def _lines(path: Path) -> set[str]:
    return {fold_word(w) for w in path.read_text("utf-8").split() if w}


def _faker_names() -> dict[str, list[str]]:
    """First names and surnames of every Faker locale in Latin script (about 30,000 each:
    the lists behind the names of 86 locales, Estonian to Vietnamese), folded."""
    spec = importlib.util.find_spec("faker.providers.person")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover
        return {"first": [], "last": []}
    folder = Path(next(iter(spec.submodule_search_locations)))
    sources = sorted(folder.glob("*/__init__.py"))
    return cached_word_lists("faker-names", sources, lambda: _read_faker_names(folder))


def _read_faker_names(folder: Path) -> dict[str, set[str]]:
    first: set[str] = set()
    last: set[str] = set()
    written: set[str] = set()
    by_language: dict[str, set[str]] = {}
    for module in pkgutil.iter_modules([str(folder)]):
        provider = importlib.import_module(f"faker.providers.person.{module.name}").Provider
        language = module.name.split("_")[0]
        for attribute, into in (
            ("first_names", first),
            ("first_names_male", first),
            ("first_names_female", first),
            ("last_names", last),
        ):
            value = vars(provider).get(attribute, ())
            names = [
                n
                for n in (list(value) if isinstance(value, (dict, list, tuple)) else [])
                if isinstance(n, str) and _is_latin(n)
            ]
            into.update(fold_word(n) for n in names)
            if into is first:
                written.update(n.casefold() for n in names)
            key = f"{'first' if into is first else 'last'}_{language}"
            by_language.setdefault(key, set()).update(n.casefold() for n in names)
    return {"first": first, "last": last, "first_written": written, **by_language}


def _is_latin(name: str) -> bool:
    return all(c.isascii() or "LATIN" in unicodedata.name(c, "") for c in name if c.isalpha())


def _nltk_lists() -> dict[str, set[str]]:
    corpora = nltk_data_dir() / "corpora"
    sources = [corpora / "names" / f for f in _NAME_FILES]
    sources += [corpora / "gazetteers" / f for f in _PLACE_FILES + _NATIONALITY_FILES]
    lists = cached_word_lists("gazetteers", sources, _read_with_nltk)
    return {key: set(words) for key, words in lists.items()}


def _read_with_nltk() -> dict[str, set[str]]:
    import nltk
    from nltk.corpus.reader import WordListCorpusReader

    root = nltk_data_dir()
    if str(root) not in nltk.data.path:
        nltk.data.path.insert(0, str(root))
    corpora = root / "corpora"
    names = WordListCorpusReader(str(corpora / "names"), list(_NAME_FILES))
    places = WordListCorpusReader(
        str(corpora / "gazetteers"), list(_PLACE_FILES + _NATIONALITY_FILES), encoding="latin-1"
    )
    return {
        "names": {fold_word(w) for w in names.words()},
        # single-word entries only: the CRF looks up one token at a time
        "places": {fold_word(w) for f in _PLACE_FILES for w in places.words(f) if " " not in w},
        "nationalities": {
            fold_word(w) for w in places.words(_NATIONALITY_FILES[0]) if " " not in w
        },
    }
