"""Is this word a known medical term? The seam the queue's contradiction check looks through.

The check itself (:mod:`.novelty`) only needs a function taking a word and saying whether it
is a known medical term — a drug, a vaccine, a symptom, a clinical form label — so that a
suggestion of a person, place or organisation made of one ("Pepcid" as a LOCATION, "Bells
Palsy" as an ORGANIZATION) counts against the model. Today that function is backed by a
short list shipped in ``resources/medical/terms.txt`` (written for the product; see its
README) and, per project, by the words frequent in its narratives that the gold never
marks, and the drug and vaccine dictionaries of the safe terms (:mod:`.dictionaries`),
which :func:`medical_terms` takes as another lookup beside the shipped list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from deid_studio.core.resources import resources_dir

MedicalTerm = Callable[[str], bool]
"""A word -> whether it is a known medical term (case-insensitive)."""

TERMS_FILE = ("medical", "terms.txt")


@cache
def shipped_terms() -> frozenset[str]:
    """The shipped list of medical words, lowercase."""
    path = resources_dir().joinpath(*TERMS_FILE)
    lines = path.read_text("utf-8").splitlines()
    words = (line.split("#", 1)[0].strip().casefold() for line in lines)
    return frozenset(w for w in words if w)


def medical_terms(extra: Iterable[str] = (), *, also: Iterable[MedicalTerm] = ()) -> MedicalTerm:
    """A lookup: the shipped list, the ``extra`` words (a project's common non-PHI words)
    and any other lookups ``also`` (dictionaries), case-insensitive. Possessives and plurals
    are tried without their ending ("Bell's", "Bells")."""
    words = shipped_terms() | {w.casefold() for w in extra}
    others = tuple(also)

    def known(word: str) -> bool:
        folded = word.casefold()
        bare = folded.removesuffix("'s").removesuffix("\u2019s")
        for form in (folded, bare, bare.removesuffix("s")):
            if form in words or any(lookup(form) for lookup in others):
                return True
        return False

    return known
