"""Which rule suggestions join the CRF's in default mode: decided per rule, out of fold.

Beside a trained CRF, a rule's suggestion either stands *alone* (no span of the CRF's best
path overlaps it) or reaches *beyond* CRF spans it overlaps (the town "Alcalá de Guadaira"
where the CRF has "Alcalá"). A fixed confidence floor decides badly for both when the CRF is
weak: with fifty training documents a kinship word or a place from the gazetteer the CRF
left out is right more often than not, and a town after a postcode knows its own end better
than the CRF. So training records, on each fold's held-out documents, how many word tokens
of each rule's suggestions the gold calls PHI in either situation (:func:`rule_record`; the
tokens beyond count only those no CRF span covers), and :func:`hearing` decides per rule:

* **heard** — its suggestions alone were PHI at least :data:`HEARD_SHARE` of the time: they
  join where the CRF has nothing, whatever the rule's confidence;
* **quiet** — below that share: alone, they stay features (recall mode still takes those
  above the floor);
* **extending** — a name or place rule (:func:`~.rules.is_word_rule`) whose tokens beyond
  the CRF's spans were PHI at least that share of the time: its suggestion joins beside the
  CRF's too (the other rules' always do, for what the CRF leaves out of them).

Each share is smoothed towards the rule's confidence (its precision measured alone, the
prior) by :data:`PRIOR_TOKENS` pseudo-tokens: fifty documents show a rule beside the CRF a
few times at most, and a rule training never saw there keeps its confidence's answer (a
town after a postcode extends). Recall first: a token masked
for nothing costs less than a name left in, and the share is of tokens, not of exact spans
(the record keeps both).

Measured on MEDDOCAN dev, the same models deciding either way: with fifty training
documents (benchmarks/cold_start.py --train, 3 draws) the decisions catch 0.66-0.81 point
more PHI word tokens than the fixed floor with quiet rules by exact spans (0.17-0.25% of the
other words flagged instead of 0.12-0.16%; strict F1 0.1-0.6 point lower: a kinship word
alone is PHI but seldom the gold's whole span); trained on all 500, strict F1 and token
recall stay within 0.03 point of the floor's (two seeds) — there the record is large and
says what the floor said. A heavier prior (5 tokens) caught up to 0.15 point more with fifty
documents and cost 0.04-0.06 point of strict F1 with 500; a lighter one (2) lost 0.2-0.3
point of recall with fifty. Widening a CRF span into an extending rule's same-category span
is worth 0.14-0.43 point of strict F1 with fifty documents, nothing in recall.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass

from deid_studio.core.document import Span, Suggestion
from deid_studio.core.tokenize import Token
from deid_studio.detect.rules import is_word_rule

HEARD_SHARE = 0.5
"""The share of a rule's out-of-fold word tokens (alone, or beyond the CRF) that must be
gold PHI for its suggestions to join there in default mode."""
PRIOR_TOKENS = 3.0
"""How many out-of-fold word tokens the prior (the rule's confidence) weighs as."""


@dataclass(frozen=True, slots=True)
class RuleRecord:
    """A rule's out-of-fold suggestions alone and beside the CRF: word tokens (those gold
    calls PHI, all) and suggestions (exactly a gold span, all)."""

    alone_phi: int = 0
    alone: int = 0
    beyond_phi: int = 0
    beyond: int = 0
    alone_exact: int = 0
    alone_spans: int = 0
    beyond_exact: int = 0
    beyond_spans: int = 0

    def __add__(self, other: RuleRecord) -> RuleRecord:
        return RuleRecord(*(a + b for a, b in zip(self.to_list(), other.to_list(), strict=True)))

    def to_list(self) -> list[int]:
        """Plain JSON form (a model version's metrics)."""
        return list(astuple(self))


@dataclass(frozen=True, slots=True)
class Hearing:
    """The rules decided out of fold (see the module's docstring)."""

    heard: frozenset[str] = frozenset()
    quiet: frozenset[str] = frozenset()
    extending: frozenset[str] = frozenset()


def rule_record(
    suggestions: Sequence[Suggestion],
    crf: Sequence[Suggestion],
    words: Sequence[Token],
    gold: Sequence[Span],
) -> dict[str, RuleRecord]:
    """Per rule, the word tokens (``words``: the narrative's, in order) of its
    ``suggestions`` alone or beyond the ``crf`` spans, and how many of them ``gold`` covers
    (a token is PHI when a gold span covers one of its characters)."""
    in_crf = _Cover(crf)
    in_gold = _Cover(gold)
    exact = {(s.start, s.end, s.category) for s in gold}
    ends = [t.end for t in words]
    record: dict[str, RuleRecord] = {}
    for suggestion in suggestions:
        if suggestion.rule is None:
            continue
        alone = not in_crf.touches(suggestion.start, suggestion.end)
        if not alone and not is_word_rule(suggestion.rule):
            continue  # the other rules join beyond the CRF whatever was learnt
        tokens = [
            t
            for t in _inside(words, ends, suggestion.start, suggestion.end)
            if alone or not in_crf.touches(t.start, t.end)
        ]
        if not tokens:
            continue
        phi = sum(in_gold.touches(t.start, t.end) for t in tokens)
        right = int((suggestion.start, suggestion.end, suggestion.category) in exact)
        if alone:
            found = RuleRecord(phi, len(tokens), alone_exact=right, alone_spans=1)
        else:
            found = RuleRecord(0, 0, phi, len(tokens), beyond_exact=right, beyond_spans=1)
        record[suggestion.rule] = record.get(suggestion.rule, RuleRecord()) + found
    return record


def merge_records(records: Iterable[Mapping[str, RuleRecord]]) -> dict[str, RuleRecord]:
    """The sum of several documents' or folds' records."""
    total: dict[str, RuleRecord] = {}
    for record in records:
        for rule, counts in record.items():
            total[rule] = total.get(rule, RuleRecord()) + counts
    return total


def hearing(
    record: Mapping[str, RuleRecord],
    prior: Mapping[str, float],
    share: float = HEARD_SHARE,
    weight: float = PRIOR_TOKENS,
) -> Hearing:
    """The decisions for every rule of ``prior`` (rule -> confidence) and of the
    out-of-fold ``record`` (a rule without a prior takes 1)."""
    heard, quiet, extending = set(), set(), set()
    for rule in {*prior, *record}:
        counts = record.get(rule, RuleRecord())
        confidence = prior.get(rule, 1.0)
        alone = (counts.alone_phi + weight * confidence) / (counts.alone + weight)
        (heard if alone >= share else quiet).add(rule)
        beyond = (counts.beyond_phi + weight * confidence) / (counts.beyond + weight)
        if is_word_rule(rule) and beyond >= share:
            extending.add(rule)
    return Hearing(frozenset(heard), frozenset(quiet), frozenset(extending))


def _inside(words: Sequence[Token], ends: Sequence[int], start: int, end: int) -> list[Token]:
    """The tokens of ``words`` (sorted; ``ends`` their ends) overlapping [start, end)."""
    i = bisect_right(ends, start)
    out = []
    while i < len(words) and words[i].start < end:
        out.append(words[i])
        i += 1
    return out


class _Cover:
    """Which characters some span covers, for overlap tests."""

    def __init__(self, spans: Iterable[Span | Suggestion]) -> None:
        self.chars: set[int] = set()
        for span in spans:
            self.chars.update(range(span.start, span.end))

    def touches(self, start: int, end: int) -> bool:
        return any(i in self.chars for i in range(start, end))
