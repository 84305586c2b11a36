"""What the masking spares: safe terms and the project's keep list, never a gold span.

A masked report stays readable when the words that carry its pharmacovigilance signal come
through: the drug, the vaccine and its maker, the eponym of the reaction. Two sources say
which words those are:

* **safe terms** the detector found (:class:`Term`: a drug, a vaccine or maker, an eponym
  in its context — "Bell's palsy"); a suggestion inside one is spared. A word of a
  dictionary alone ("Pfizer") is no longer safe in a case whose gold marks the same string
  as PHI (someone's employer); a term read from its context ("Bell's palsy") or a name of
  several words ("Johnson & Johnson", "Sanofi Pasteur") always is, and the masking neither
  searches a masked string inside it nor counts it as a leak — a patient called Bell (or
  Johnson) is masked wherever he is named, his palsy (and his vaccine) is not;
* the project's **keep list** (:class:`KeptTerm`): words a steward decided are never masked
  unless annotated; a suggestion whose words are all on it is spared, unless its string is
  gold PHI in the case.

Gold spans are never spared. :func:`spare` returns the suggestions left to mask and a
:class:`Spared` for each one it kept, with the reason the window shows ("kept: drug name
(dictionary)", "kept: keep list, added by ann").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import regex

from deid_studio.core.document import Suggestion

_WORD = regex.compile(r"[\p{L}\p{M}\d]+(?:['\u2019-][\p{L}\p{M}\d]+)*")
CONTEXT_RULES = frozenset({"eponym_term"})
"""Term rules that read a context: their terms are safe even from a case's gold strings."""
TERM_LABELS: Mapping[str, str] = {
    "drug_name": "drug name (dictionary)",
    "vaccine_name": "vaccine or maker (dictionary)",
    "product_phrase": "vaccine or maker (dictionary)",
    "eponym_term": "eponym in its term",
    "disease_name": "disease named after a place (dictionary)",
    "flu_strain": "influenza strain",
}


@dataclass(frozen=True, slots=True)
class Term:
    """A safe term of a narrative: where, and which rule found it."""

    start: int
    end: int
    rule: str
    phrase: bool = False
    """A name of several words ("Johnson & Johnson"): its words are its own context."""

    @property
    def in_context(self) -> bool:
        """Read from its context ("Bell's palsy") or a phrase, not from one dictionary word."""
        return self.rule in CONTEXT_RULES or self.phrase

    @property
    def label(self) -> str:
        """What the window says it is."""
        return TERM_LABELS.get(self.rule, self.rule.replace("_", " "))


@dataclass(frozen=True, slots=True)
class KeptTerm:
    """A word (or words) of the project's keep list, who added it, and why."""

    term: str
    added_by: str
    reason: str = ""

    @property
    def why(self) -> str:
        """What the window says of a word it keeps: "kept: keep list, added by ann (why)"."""
        said = f"kept: keep list, added by {self.added_by}"
        return f"{said} ({self.reason})" if self.reason else said


@dataclass(frozen=True, slots=True)
class Spared:
    """A suggestion the masking leaves as written, and why."""

    start: int
    end: int
    category: str
    reason: str


def keep_map(entries: Iterable[KeptTerm]) -> dict[tuple[str, ...], KeptTerm]:
    """The keep list as the masking looks it up: a term's folded words -> the entry."""
    return {fold_words(e.term): e for e in entries if fold_words(e.term)}


def fold_words(text: str) -> tuple[str, ...]:
    """The words of ``text`` as the keep list compares them: lower case, no accents, no
    possessive ("Bell's" is "bell")."""
    import unicodedata

    words = []
    for word in _WORD.findall(text):
        decomposed = unicodedata.normalize("NFKD", word.casefold())
        plain = "".join(c for c in decomposed if not unicodedata.combining(c))
        words.append(plain.removesuffix("'s").removesuffix("\u2019s"))
    return tuple(words)


def spare(
    text: str,
    suggestions: Iterable[Suggestion],
    *,
    terms: Sequence[Term] = (),
    keep: Mapping[tuple[str, ...], KeptTerm] | None = None,
    gold_strings: Iterable[str] = (),
) -> tuple[list[Suggestion], list[Spared]]:
    """The suggestions to mask, and those spared (see the module text)."""
    gold = {fold_words(s) for s in gold_strings}
    keep = keep or {}
    kept_words = {w for words in keep for w in words if len(words) == 1}
    masked: list[Suggestion] = []
    spared: list[Spared] = []
    for s in suggestions:
        words = fold_words(text[s.start : s.end])
        term = next((t for t in terms if t.start <= s.start and s.end <= t.end), None)
        reason = None
        if term is not None and (term.in_context or words not in gold):
            reason = f"kept: {term.label}"
        elif words and words not in gold:
            entry = keep.get(words)
            if entry is None and all(w in kept_words for w in words):
                entry = keep.get((words[0],))
            if entry is not None:
                reason = entry.why
        if reason is None:
            masked.append(s)
        else:
            spared.append(Spared(s.start, s.end, s.category, reason))
    return masked, spared


def protected_spans(terms: Sequence[Term]) -> list[tuple[int, int]]:
    """The stretches no search for a masked string enters: terms read from their context."""
    return sorted((t.start, t.end) for t in terms if t.in_context)
