"""The authors of a literature case report, as a byline or a citation writes them: surnames
with their initials after, in a list ("Okonkwo CE, Bello AA, Danjuma I.", "López-Ibor
Alcocer J.¹, Díez de los Ríos M.ª Á.²", "De Luca G., Ferraro-Salvi M."; rule
``name_in_byline``). A report from the literature names its authors as its reporters, who are
as identifiable as the patient's doctor. An item whose words are common words, medical terms
or drugs ("Vitamin D, Vitamin K") is none, nor a list that repeats one word ("Hepatitis B,
Hepatitis C", "Child-Pugh A, Child-Pugh B": grades, not authors); a list needs a known name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import regex

from deid_studio.detect.dictionaries import safe_terms
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.medical import shipped_terms
from deid_studio.detect.rules.words import PARTICLES, Lexicon

_WORD = r"\p{Lu}[\p{Ll}\p{M}'\u2019]+(?:-\p{Lu}[\p{Ll}\p{M}'\u2019]+)*"
_PARTICLE = r"(?:(?i:de|del|della|di|da|das|do|dos|du|van|von|der|den|la|las|los|le|lo|dal)[ \t]+)"
_SURNAME = rf"{_PARTICLE}{{0,3}}{_WORD}(?:[ \t]+{_PARTICLE}{{0,3}}{_WORD}){{0,2}}"
_INITIAL = r"\p{Lu}(?:\.ª|ª|\.)?"
_INITIALS = rf"{_INITIAL}(?:[ \t]?-?{_INITIAL}){{0,2}}(?![\p{{L}}\p{{M}}])"
_MARK = r"(?:[\u00b9\u00b2\u00b3\u2070-\u2079*\u2020\u2021]+|(?<=\p{Lu}\.?)\d{1,2}(?:,\d{1,2})*)"
_AUTHOR = rf"(?P<author>{_SURNAME}[ \t]+{_INITIALS})(?P<mark>{_MARK})?"
_BYLINE = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}\d]){_AUTHOR}"
    rf"(?:[ \t]*[,;][ \t]*(?:(?:and|&|y|et|und|e)[ \t]+)?{_AUTHOR})*"
    r"(?P<etal>,?[ \t]+et[ \t]+al\.?)?"
)
"""Authors each written as a surname (particles, hyphens and up to three words: "Díez de los
Ríos") and one to three initials ("J.", "CE", "M.ª Á.", "J.-P."), an affiliation's mark
after ("¹", "*", a digit right after the initials), joined by commas or semicolons."""
_LOWER = "a-zß-ÿ\u0100-\u017f"  # Latin-1's and Latin Extended-A's ("Wałęsa" too)
_INITIALS_BEFORE_MARK = re.compile(
    rf"[A-ZÀ-Þ\u0100-\u017f][{_LOWER}'\u2019]+(?:-[A-ZÀ-Þ][{_LOWER}'\u2019]+)* "
    r"(?:[A-ZÀ-Þ][.ª]{0,2}[ -]?){1,3}(?:[,;\u00b9\u00b2\u00b3\u2074\u2075*\u2020]| et al)"
)
"""A capitalised word and initials before a comma, a mark or "et al.": the byline's pattern
is tried only around these (over every capitalised word it cost 20 times more; 39 places in
the 2,946 VAERS narratives)."""
_REACH = 80  # characters before the initials where the author's surname may start


def _bylines(text: str, lex: Lexicon) -> Iterator[tuple[int, int]]:
    """(start, end) of each author of every byline: two authors or more, or one with an
    affiliation's mark or "et al." after; every author's surname a word that may be a name
    (no stopword, medical term, drug or vaccine, and no common word unless a surname list
    holds it; an eponym is a surname), no surname twice, and one word of the list a known
    name ("Okonkwo CE, Bello AA")."""
    done = 0
    for hint in _INITIALS_BEFORE_MARK.finditer(text):
        if hint.start() < done:
            continue
        match = _BYLINE.search(text, max(done, hint.start() - _REACH), hint.end())
        if match is None:
            continue
        match = _BYLINE.match(text, match.start())  # the whole list, past the window
        done = match.end()
        authors = match.spans("author")
        if len(authors) < 2 and not match.captures("mark") and match.group("etal") is None:
            continue
        words = [
            [fold(w) for w in regex.findall(r"[\p{L}\p{M}'\u2019]{2,}", text[start:end])]
            for start, end in authors
        ]
        if not all(words) or len({item[-1] for item in words}) < len(words):
            continue  # "Child-Pugh A, Child-Pugh B": one word's grades
        if not all(_may_be_surname(item, lex) for item in words):
            continue
        if not any(w in lex.last_names or w in lex.first_names for item in words for w in item):
            continue
        yield from authors


def _may_be_surname(words: list[str], lex: Lexicon) -> bool:
    """Whether an author's surname words could be a name's: no stopword, medical term, drug
    or vaccine, and not only common words that no surname list holds."""
    terms = safe_terms()
    medical = shipped_terms()
    named = [w for w in words if w not in PARTICLES]
    if not named:
        return False
    for word in named:
        if word in lex.stop or word in medical or terms.kind(word) in ("drug", "vaccine"):
            return False
    return not all((w in lex.common or lex.everyday(w)) and w not in lex.last_names for w in named)
