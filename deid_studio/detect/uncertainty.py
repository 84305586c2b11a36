"""How unsure the detector is about a narrative: what orders the active-learning queue.

From the CRF's marginals and best paths, per document:

* ``mean_entropy`` / ``max_entropy`` — token entropy (nats) over word tokens;
* ``least_confidence`` — 1 - P(best path of the whole narrative) (the product of its lines'),
  and ``path_nats``, the same uncertainty without saturation: -log P(best path);
* ``near_tau`` — word tokens whose P(O) lies within a factor e (in odds) of the threshold τ;
* ``disagreement`` — rule suggestions that no CRF suggestion matches exactly, plus CRF
  suggestions that overlap a rule suggestion with other boundaries.

``score`` combines them into one number in [0, 1): the doubts of the document — the nats of
its best path, one per token near τ, two per disagreement — squashed by 1 - exp(-doubts / 20).

Before any model is trained (model version 0: the rules alone) there are no marginals;
:func:`rule_density` scores a narrative by the share of its word tokens that rule
suggestions cover, so the narratives richest in PHI come first.
It grows with how much there is to learn in a document, long ones included: on MEDDOCAN the
queue it orders reaches a given F1 with fewer documents than orders by a mean or a maximum
(``benchmarks/active_learning.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from deid_studio.core.document import Suggestion
from deid_studio.core.tokenize import Token
from deid_studio.detect.recall import is_word
from deid_studio.detect.tagger import TaggedDocument

DOUBT_SCALE = 20.0  # doubts at which the score reaches 1 - 1/e


@dataclass(frozen=True, slots=True)
class Uncertainty:
    """The parts of a document's uncertainty and their combination (``score``)."""

    score: float
    mean_entropy: float
    max_entropy: float
    least_confidence: float
    path_nats: float
    near_tau: int
    disagreement: int
    tokens: int
    flagged: int = 0
    """Word tokens a rule suggestion covers (model version 0's score; 0 otherwise)."""

    def details(self) -> dict[str, Any]:
        """Plain JSON-able form (stored beside the score)."""
        return {k: (round(v, 6) if isinstance(v, float) else v) for k, v in asdict(self).items()}


def uncertainty(
    tagged: TaggedDocument,
    tau: float,
    *,
    rules: Sequence[Suggestion] = (),
    crf: Sequence[Suggestion] = (),
) -> Uncertainty:
    """The uncertainty of one narrative tagged with marginals, against the rule and CRF
    suggestions made for it."""
    if tagged.p_outside is None or tagged.entropy is None or tagged.path_probability is None:
        raise ValueError("uncertainty needs marginals: tag with marginals=True")
    words = [i for i, t in enumerate(tagged.tokens) if is_word(t)]
    entropies = [tagged.entropy[i] for i in words]
    mean_entropy = sum(entropies) / len(entropies) if entropies else 0.0
    max_entropy = max(entropies, default=0.0)
    log_path = sum(math.log(max(p, 1e-300)) for p in tagged.path_probability)
    least_confidence = 1.0 - math.exp(log_path)
    near = _near_tau([tagged.p_outside[i] for i in words], tau)
    disagreement = _disagreements(rules, crf)
    doubts = -log_path + near + 2.0 * disagreement
    return Uncertainty(
        score=1.0 - math.exp(-doubts / DOUBT_SCALE),
        mean_entropy=mean_entropy,
        max_entropy=max_entropy,
        least_confidence=least_confidence,
        path_nats=-log_path,
        near_tau=near,
        disagreement=disagreement,
        tokens=len(words),
    )


PRIOR_WORDS = 20
"""Words without PHI added to every narrative's count by :func:`rule_density`, so that a
three-word narrative with a date does not head the queue: there is little to learn in it."""


def rule_density(tokens: Sequence[Token], rules: Sequence[Suggestion]) -> Uncertainty:
    """The queue score of a narrative when there is no model yet: the share of its word
    tokens that rule suggestions cover, each counted by the rule's confidence, shrunk
    towards 0 for short narratives (:data:`PRIOR_WORDS`)."""
    spans = sorted((s.start, s.end, s.confidence) for s in rules)
    words = [t for t in tokens if is_word(t)]
    flagged = 0
    weight = 0.0
    i = 0
    for token in words:
        while i < len(spans) and spans[i][1] <= token.start:
            i += 1
        if i < len(spans) and spans[i][0] < token.end:
            flagged += 1
            weight += spans[i][2]
    return Uncertainty(
        score=weight / (len(words) + PRIOR_WORDS),
        mean_entropy=0.0,
        max_entropy=0.0,
        least_confidence=0.0,
        path_nats=0.0,
        near_tau=0,
        disagreement=0,
        tokens=len(words),
        flagged=flagged,
    )


def _near_tau(p_outside: Sequence[float], tau: float) -> int:
    """Tokens whose odds of being outside are within a factor e of τ's."""
    if not 0.0 < tau < 1.0:
        return 0
    centre = math.log(tau / (1.0 - tau))
    count = 0
    for p in p_outside:
        p = min(max(p, 1e-12), 1.0 - 1e-12)
        if abs(math.log(p / (1.0 - p)) - centre) < 1.0:
            count += 1
    return count


def _disagreements(rules: Sequence[Suggestion], crf: Sequence[Suggestion]) -> int:
    """Rule suggestions no CRF suggestion matches exactly, and CRF suggestions that overlap
    a rule suggestion with other boundaries."""
    crf_bounds = {(s.start, s.end) for s in crf}
    rule_bounds = {(s.start, s.end) for s in rules}
    missing = sum(1 for b in rule_bounds if b not in crf_bounds)
    clashing = sum(
        1
        for s in crf
        if (s.start, s.end) not in rule_bounds
        and any(r.start < s.end and s.start < r.end for r in rules)
    )
    return missing + clashing
