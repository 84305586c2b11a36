"""Safe-term dictionaries: drugs, vaccines and their makers, medical eponyms.

What a masked report must keep for a pharmacist to judge the case: which drug or vaccine was
given, by which maker, and which reaction followed ("Stevens-Johnson syndrome", "Bell's
palsy"). Sources:

* drug names, generic and brand (about 29,000 single words and 70,000 phrases), from the
  dictionary of the ``drug-named-entity-recognition`` package (MIT; built from MedlinePlus,
  DrugBank's open vocabulary and Wikipedia), read from the installed package's data file —
  the package itself is not imported (it sets up caches in the user's home on import);
* vaccine products and makers (``resources/dictionaries/vaccines.txt``) and the makers of
  other drugs (``makers.txt``);
* medical eponyms (``resources/dictionaries/eponyms.txt``).

A word of these lists that is also a person's name (a drug "Camila", the eponym "Bell") is
*ambiguous*: the term rules take it only in a term's context (a dose after a drug, "palsy"
after an eponym). Everything is folded (:func:`~.gazetteers.fold`).
"""

from __future__ import annotations

import bz2
import importlib.util
import pickle
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from deid_studio.core.resources import cached_word_lists, resident, resources_dir
from deid_studio.detect.gazetteers import eponyms, fold, fold_word, gazetteer

_DRUG_DATA = "drug_ner_dictionary.pkl.bz2"
_WORDLIKE = re.compile(r"[a-z][a-z'-]*[a-z](?: [a-z][a-z'-]*[a-z]){0,3}")


@dataclass(frozen=True, slots=True)
class SafeTerms:
    """The folded safe terms, single words and phrases (as folded word tuples)."""

    drugs: frozenset[str]
    vaccines: frozenset[str]
    eponyms: frozenset[str]
    phrases: frozenset[tuple[str, ...]]
    """Multi-word drug and vaccine names ("sanofi pasteur", "solu medrol")."""
    ambiguous: frozenset[str]
    """Words also in the first- or last-name lists: a term only in a term's context."""
    starts: frozenset[str]
    """Every word a term can start with (for a quick first look at each word)."""
    phrase_sizes: Mapping[str, tuple[int, ...]]
    """First word of a phrase -> the word counts of the phrases it starts, longest first."""
    phrase_pairs: frozenset[tuple[str, str]]
    """The first two words of every phrase."""
    products: frozenset[tuple[str, ...]] = frozenset()
    """The phrases of the vaccine and maker lists ("eli lilly", "bristol-myers squibb"):
    names a person's name of the same words gives way to."""
    diseases: frozenset[tuple[str, ...]] = frozenset()
    """The phrases of ``place_terms.txt``: diseases, pathogens and scales named after a place
    ("west nile virus", "rocky mountain spotted fever", "manchester triage")."""

    def kind(self, word: str) -> str | None:
        """``"vaccine"``, ``"drug"``, ``"eponym"`` or None for a folded word."""
        if word in self.vaccines:
            return "vaccine"
        if word in self.drugs:
            return "drug"
        if word in self.eponyms:
            return "eponym"
        return None


@resident
def safe_terms() -> SafeTerms:
    """The shipped safe-term dictionaries (read once per process; the drug list is kept in
    the user's cache folder like the other derived word lists, and read once: the lists
    as read are dropped once the sets are made)."""
    lists = _drug_lists()
    drugs = set(lists["drugs"])
    product_lines = [
        *_lines(resources_dir() / "dictionaries" / "vaccines.txt"),
        *_lines(resources_dir() / "dictionaries" / "makers.txt"),
    ]
    vaccines = {v for v in product_lines if " " not in v}
    diseases = {
        tuple(p.split()) for p in _lines(resources_dir() / "dictionaries" / "place_terms.txt")
    }
    phrases = {tuple(p.split()) for p in (*lists["phrases"], *product_lines) if " " in p}
    phrases |= {d for d in diseases if len(d) > 1}
    names = gazetteer()
    single = drugs | vaccines | eponyms()
    ambiguous = {w for w in single if w in names.first_names or w in names.last_names}
    starts = single | {p[0] for p in phrases}
    return SafeTerms(
        frozenset(drugs - vaccines),
        frozenset(vaccines),
        eponyms(),
        frozenset(phrases),
        frozenset(ambiguous - vaccines),
        frozenset(starts),
        _sizes(phrases),
        frozenset(p[:2] for p in phrases),
        frozenset(tuple(v.split()) for v in product_lines if " " in v),
        frozenset(diseases),
    )


def _sizes(phrases: set[tuple[str, ...]]) -> dict[str, tuple[int, ...]]:
    sizes: dict[str, set[int]] = {}
    for phrase in phrases:
        sizes.setdefault(phrase[0], set()).add(len(phrase))
    return {word: tuple(sorted(found, reverse=True)) for word, found in sizes.items()}


@resident
def makers() -> frozenset[str]:
    """The makers of ``makers.txt`` named by one word ("pfizer", "chiesi"), folded: a maker,
    not a product (the vaccine list holds both: "bcg" is a vaccine)."""
    return frozenset(
        fold(m) for m in _lines(resources_dir() / "dictionaries" / "makers.txt") if " " not in m
    )


def is_drug_or_vaccine(word: str) -> bool:
    """Whether a word is a drug, a vaccine or a maker of the dictionaries and no first or
    last name too ("Zofran", "Moderna"; not "Camila"): what the queue's contradiction check
    takes for a medical term (see :mod:`.medical`)."""
    terms = safe_terms()
    folded = fold(word)
    return folded not in terms.ambiguous and terms.kind(folded) in ("drug", "vaccine")


def _lines(path: Path) -> list[str]:
    lines = path.read_text("utf-8").splitlines()
    return [fold_word(w) for line in lines if (w := line.strip()) and not w.startswith("#")]


def _drug_file() -> Path | None:
    spec = importlib.util.find_spec("drug_named_entity_recognition")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - a dependency
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / _DRUG_DATA
    return path if path.is_file() else None


def _drug_lists() -> dict[str, list[str]]:
    path = _drug_file()
    if path is None:  # pragma: no cover
        return {"drugs": [], "phrases": []}
    return cached_word_lists("drugs", [path], lambda: _read_drugs(path))


def _read_drugs(path: Path) -> dict[str, set[str]]:
    with bz2.open(path, "rb") as f:
        data = pickle.load(f)  # the installed package's own data file
    variants = data.get("drug_variant_to_canonical", {})
    drugs: set[str] = set()
    phrases: set[str] = set()
    for variant in variants:
        word = fold_word(str(variant)).replace("-", " ").strip()
        if len(word) < 4 or not _WORDLIKE.fullmatch(word):
            continue
        (phrases if " " in word else drugs).add(word)
        if " " in word and "-" in str(variant):  # "solu-medrol" is also one word
            drugs.add(fold_word(str(variant)))
    return {"drugs": drugs, "phrases": phrases}
