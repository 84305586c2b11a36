"""The parties of a lawsuit's caption in English ("Johnson v. Janssen Pharmaceuticals", "Mary
Jones v. Pfizer Inc.", "Doe v. Merck"): a product-liability report names the plaintiff, the
patient most often, before "v." (rule ``name_in_caption``). A party that is a maker, a drug,
a company or a government ("Pfizer", "Merck & Co.", "United States", "State of Ohio") is
none.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from deid_studio.detect.dictionaries import safe_terms
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import RuleHit
from deid_studio.detect.rules.words import Lexicon

_WORD = r"\p{Lu}(?=[\p{L}\p{M}'\u2019-]*\p{Ll})[\p{L}\p{M}'\u2019-]+"  # not "PEA vs VFib"
_PARTY = rf"{_WORD}(?:[ \t]+\p{{Lu}}\.?)?(?:[ \t]+{_WORD}){{0,2}}"
_CAPTION = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?P<plaintiff>{_PARTY})[ \t]+(?:v|vs)\.?[ \t]+"
    rf"(?P<defendant>{_PARTY})"
)
"""Two parties and "v." or "vs." between them, each of one to three capitalised words, a
middle initial allowed ("Mary A. Jones v. Pfizer")."""
_NO_PARTY = frozenset(
    "united states state people commonwealth county city government department secretary "
    "health human services inc corp co llc ltd plc company corporation laboratories "
    "pharmaceuticals pharma pharmaceutical holdings group the in re of and".split()
)
"""Words of a party that is no person: a government or a company ("Secretary of Health and
Human Services", "Janssen Pharmaceuticals Inc")."""
_CAPTION_HINTS = (" v. ", " v ", " vs. ", " vs ")


def _captions(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """The parties of every caption that are persons: no maker, drug or vaccine (the safe
    terms), no company's or government's word, and a known name or a word no list holds
    for a common one ("Johnson", "Doe", "Okonkwo"; not "Efficacy v. Safety")."""
    if not any(hint in text for hint in _CAPTION_HINTS):
        return
    terms = safe_terms()
    for match in _CAPTION.finditer(text, overlapped=False):
        for side in ("plaintiff", "defendant"):
            words = [
                fold(w).replace("'", "").replace("\u2019", "")  # "o'neil" is listed "oneil"
                for w in regex.findall(r"[\p{L}\p{M}'\u2019-]{2,}", match[side])
            ]
            if not words or any(
                w in _NO_PARTY or terms.kind(w) in ("vaccine", "drug") for w in words
            ):
                continue
            if all(w in lex.common and w not in lex.last_names for w in words):
                continue  # "Efficacy v. Safety", "Dose v. Response"
            if not any(w in lex.last_names or w in lex.first_names for w in words):
                continue
            yield RuleHit(*match.span(side), "PERSON", "name_in_caption")
