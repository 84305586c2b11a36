"""Signatures: the names right before a credential ("irene snell, rn", "Q. LANDER RRT",
"J. Smith, MD"), read back word by word from the credential (kind ``STAFF``).
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from deid_studio.detect.rules.base import RuleHit, alternation
from deid_studio.detect.rules.words import STRONG, Lexicon, words_from

_CREDENTIALS = (
    "RN RRT MD NP PA PA-C DO LPN LVN CNA RPh PharmD APRN CRNA BSN MSN PhD FNP DNP MBBS EMT "
    "CRNP ARNP RD"
).split()
_UNAMBIGUOUS_CREDENTIALS = frozenset(c.lower() for c in _CREDENTIALS) - {
    "md",
    "pa",
    "pa-c",
    "do",
    "rd",
    "emt",
    "phd",
    "mbbs",
}
"""Credentials that are no word, abbreviation or state in lower case ("do", "rd", "md",
"pa"): a nursing note's "j. smith rn", "lisa brown np" sign without a comma."""
_CREDENTIAL = regex.compile(
    rf"(?:,[ \t]*(?i:{alternation(w.lower() for w in _CREDENTIALS)})"
    rf"|[ \t]+{alternation(_CREDENTIALS)}"
    rf"|[ \t]+{alternation(_UNAMBIGUOUS_CREDENTIALS)})(?![\p{{L}}\d])"
)
_CREDENTIAL_TRIGGERS = frozenset(c.lower().split("-")[0] for c in _CREDENTIALS)  # "PA-C": "pa"
_WORD_BACK = regex.compile(r"(?r)([\p{L}][\p{L}\p{M}'\u2019\-]*\.?)[ \t]?\Z")


_NO_SIGNATURE = frozenset("per er ed icu or ems pacu ccu nicu picu ent via".split())
"""Words before a credential that are no name: "Per RN", "ED MD note", "ER RN" (a
department), though "Per" is a first name and "er" only a German stopword."""


def _credentials(text: str, index: dict[str, list[int]]) -> Iterator[int]:
    """Where each match of :data:`_CREDENTIAL` starts, as ``finditer`` finds them: tried
    only before the credentials of the word index, at the comma or the first blank before
    them (a tenth of the cost of trying it at every character)."""
    done = 0
    for at in sorted(p for t in _CREDENTIAL_TRIGGERS for p in index.get(t, ())):
        blank = at
        while blank > done and text[blank - 1] in " \t":
            blank -= 1
        starts = [blank - 1] if blank > done and text[blank - 1] == "," else []
        if blank < at:  # without a comma, a blank at least
            starts.append(blank)
        for start in starts:
            match = _CREDENTIAL.match(text, start)
            if match is not None:
                done = match.end()
                yield start
                break


_LOWER_INITIAL = regex.compile(r"\p{Ll}\.")


def _signatures(
    text: str, language: str | None, lex: Lexicon, shouting: bool, index: dict[str, list[int]]
) -> Iterator[RuleHit]:
    """Names right before a credential: walk back over name-like words on the line."""
    lowercase = language in (None, "en")
    for credential in _credentials(text, index):
        start = end = credential
        position = end
        taken = 0
        while taken < 4:
            found = _WORD_BACK.search(text, max(0, position - 40), position)
            if found is None:
                break
            word = next(iter(words_from(text, found.start(1), 1)), None)
            if word is None or word.folded in _NO_SIGNATURE:
                break
            if not lex.name_like(
                word, STRONG, lowercase=lowercase, uncased=shouting, familiar=True
            ) and not (taken and lowercase and _LOWER_INITIAL.fullmatch(word.text)):
                break  # a lower-case initial only before a name taken: "[j. smith] rn"
            start = position = found.start(1)
            taken += 1
        if taken and not (taken == 1 and end - start == 1):  # "I, MD": no name
            yield RuleHit(start, end, "STAFF", "name_before_credential")
