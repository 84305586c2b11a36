"""Names an e-mail address spells, wherever the narrative writes them ("E-mail:
r.hussain@leeds.ac.uk (R. Hussain)"; rule ``name_in_email``): a literature report's
corresponding author or a reporter signing with an address, whose name no cue introduces.
An address's part is a name only when a name list holds it and it is no common, stop or
everyday word ("info@", "pharmacovigilance@", "jczenteno@" spell no one)."""

from __future__ import annotations

from collections.abc import Iterator

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import RuleHit
from deid_studio.detect.rules.words import Lexicon

_ADDRESS = regex.compile(
    r"(?<![\w.+-])(?P<local>[A-Za-z]+(?:[._-][A-Za-z]+){0,3})@[\w-]+(?:\.[\w-]+)+"
)
_PART = regex.compile(r"[A-Za-z]+")
_CAPITALISED = regex.compile(r"(?<![\p{L}\p{M}@.])\p{Lu}[\p{Ll}\p{M}'\u2019-]+(?![\p{L}\p{M}@])")
_INITIAL_BEFORE = regex.compile(r"(?r)(?<![\p{L}\p{M}])\p{Lu}\.[ \t]?\Z")


def names_in_emails(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """The capitalised words of ``text`` that an e-mail address's parts name, with the
    initial before them ("(R. Hussain)")."""
    names: set[str] = set()
    addresses: list[tuple[int, int]] = []
    for address in _ADDRESS.finditer(text):
        addresses.append(address.span())
        for part in _PART.findall(address.group("local")):
            folded = fold(part)
            if (
                len(folded) >= 3
                and (folded in lex.last_names or folded in lex.first_names)
                and not lex.is_word(folded)
            ):
                names.add(folded)
    if not names:
        return
    for word in _CAPITALISED.finditer(text):
        if fold(word.group()) not in names:
            continue
        if any(start <= word.start() < end for start, end in addresses):
            continue
        initial = _INITIAL_BEFORE.search(text, max(0, word.start() - 3), word.start())
        yield RuleHit(
            initial.start() if initial else word.start(), word.end(), "PERSON", "name_in_email"
        )
