"""Recall mode ("inverse de-identification"): mask every token the model is not sure is safe.

A token whose marginal P(O) is below the threshold τ is PHI, of its most likely PHI category
(its best-path category when the best path already marks it). τ is chosen on out-of-fold
marginals — from models that never saw the token — as the smallest value whose token recall
reaches a target (0.995 by default): the least masking that still catches that share of the
PHI. The curve of recall, precision and masked share over τ is kept for the dashboard's slider.

Tokens here are word tokens (with a letter or a digit): punctuation is never counted.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from deid_studio.core.document import Span, Suggestion
from deid_studio.core.tokenize import Token
from deid_studio.detect.labels import OUTSIDE, category
from deid_studio.detect.tagger import TaggedDocument

TARGET_RECALL = 0.995
CURVE_TAUS: tuple[float, ...] = (
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9,
    0.95, 0.98, 0.99, 0.995, 0.998, 0.999, 0.9995, 0.9999,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """Token figures at one threshold: share of PHI caught, share of flagged tokens that are
    PHI, share of all tokens masked, and share of non-PHI tokens masked."""

    tau: float
    recall: float
    precision: float
    masked: float
    other_masked: float

    def to_dict(self) -> dict[str, float]:
        """Plain JSON-able form (shares rounded to 6 decimals, τ exact)."""
        return {k: v if k == "tau" else round(v, 6) for k, v in asdict(self).items()}


def is_word(token: Token) -> bool:
    """A token with a letter or a digit (the ones recall mode counts)."""
    return any(c.isalnum() for c in token.text)


GAP = 2  # tokens between two flagged tokens of a line that are flagged with them


def flag_scores(
    tagged: TaggedDocument, caught: Sequence[Span | Suggestion] = (), gap: int = GAP
) -> list[float]:
    """Each token's effective P(O): recall mode flags the tokens whose score is below τ.

    A token the best path marks, or that ``caught`` covers (the rule suggestions), scores 0
    (flagged at any τ). A run of at most ``gap`` tokens between two tokens of the same line
    scores the larger of those two when they are of one category: it is flagged as soon as
    both are ("de la" inside "Hospital de la Paz"), which catches far more PHI than it masks.
    """
    if tagged.p_outside is None:
        raise ValueError("recall mode needs marginals: tag with marginals=True")
    kept = _covered_tokens(tagged.tokens, caught)
    base = [
        0.0 if label != OUTSIDE or i in kept else p
        for i, (label, p) in enumerate(zip(tagged.labels, tagged.p_outside, strict=True))
    ]
    kinds = _token_categories(tagged)
    scores = base[:]
    for first, end in tagged.lines:
        for i in range(first, end):
            for left in range(max(first, i - gap), i):
                for right in range(i + 1, min(end, left + gap + 2)):
                    # the tokens strictly between left and right (i among them) number <= gap
                    if kinds[left] == kinds[right]:
                        scores[i] = min(scores[i], max(base[left], base[right]))
    return scores


def _token_categories(tagged: TaggedDocument) -> list[str | None]:
    """Each token's category: its best-path one, else its most likely PHI one."""
    found: Sequence[str | None] = tagged.categories or [None] * len(tagged.labels)
    return [category(label) or found[i] for i, label in enumerate(tagged.labels)]


def recall_suggestions(
    tagged: TaggedDocument, tau: float, caught: Sequence[Span | Suggestion] = ()
) -> list[Suggestion]:
    """Spans of the tokens recall mode flags at ``tau`` (see :func:`flag_scores`): each of
    its most likely PHI category (a gap token takes its run's), joined when consecutive tokens
    of a line share one; confidence is the mean of 1 - P(O) over the span's tokens."""
    if tagged.p_outside is None or tagged.categories is None:
        raise ValueError("recall mode needs marginals: tag with marginals=True")
    scores = flag_scores(tagged, caught)
    out: list[Suggestion] = []
    run: list[int] = []
    run_category: str | None = None

    def close() -> None:
        if run:
            p_phi = [1.0 - tagged.p_outside[i] for i in run]  # type: ignore[index]
            first, last = tagged.tokens[run[0]], tagged.tokens[run[-1]]
            confidence = min(1.0, max(0.0, sum(p_phi) / len(p_phi)))
            out.append(Suggestion(first.start, last.end, run_category or "", confidence, "crf"))

    line_starts = {first for first, _ in tagged.lines}
    for i, label in enumerate(tagged.labels):
        flagged = scores[i] < tau or label != OUTSIDE
        own = category(label) if label != OUTSIDE else tagged.categories[i]
        filler = flagged and run and i not in line_starts and tagged.p_outside[i] >= tau
        cat = run_category if filler and label == OUTSIDE else own
        joins = cat == run_category and not label.startswith("B-") and i not in line_starts
        if flagged and cat and joins:
            run.append(i)
            continue
        close()
        run, run_category = ([i], cat) if flagged and cat else ([], None)
    close()
    return out


def recall_spans(
    tagged: TaggedDocument, tau: float, caught: Sequence[Span | Suggestion] = ()
) -> list[Span]:
    """:func:`recall_suggestions` as plain spans."""
    return [s.span for s in recall_suggestions(tagged, tau, caught)]


@dataclass(frozen=True, slots=True)
class TokenEvidence:
    """For calibration: each word token's P(O) (out of fold) and whether gold calls it PHI."""

    p_outside: list[float]
    is_phi: list[bool]

    @classmethod
    def collect(
        cls,
        tagged: TaggedDocument,
        gold: Sequence[Span],
        caught: Sequence[Span | Suggestion] = (),
    ) -> TokenEvidence:
        """The word tokens of one tagged narrative against its gold spans, each with the
        score recall mode compares with τ (:func:`flag_scores`; ``caught``: the rules'
        suggestions, which recall mode keeps whatever τ is)."""
        if tagged.p_outside is None:
            raise ValueError("calibration needs marginals")
        covered = _covered_tokens(tagged.tokens, gold)
        scores = flag_scores(tagged, caught)
        p_outside: list[float] = []
        is_phi: list[bool] = []
        for i, token in enumerate(tagged.tokens):
            if is_word(token):
                p_outside.append(scores[i])
                is_phi.append(i in covered)
        return cls(p_outside, is_phi)

    @classmethod
    def merge(cls, parts: Sequence[TokenEvidence]) -> TokenEvidence:
        """All parts together."""
        return cls(
            [p for part in parts for p in part.p_outside],
            [f for part in parts for f in part.is_phi],
        )


def calibrate(evidence: TokenEvidence, target: float = TARGET_RECALL) -> float:
    """The smallest τ at which the share of PHI word tokens with P(O) < τ reaches ``target``
    (1.0 when even τ = 1 does not: everything the model doubts at all is masked)."""
    phi = sorted(p for p, f in zip(evidence.p_outside, evidence.is_phi, strict=True) if f)
    if not phi:
        return 0.5
    needed = math.ceil(target * len(phi) - 1e-9)
    if needed <= 0:
        return phi[0] if phi[0] > 0 else 1e-6
    if needed > len(phi):
        return 1.0
    edge = phi[needed - 1]  # this token must be caught: τ just above its P(O)
    return min(1.0, math.nextafter(edge, math.inf) if edge < 1.0 else 1.0)


def curve(evidence: TokenEvidence, taus: Sequence[float] = CURVE_TAUS) -> list[CurvePoint]:
    """Token recall, precision and masked shares at each τ (plus the τ values themselves)."""
    phi = sorted(p for p, f in zip(evidence.p_outside, evidence.is_phi, strict=True) if f)
    other = sorted(p for p, f in zip(evidence.p_outside, evidence.is_phi, strict=True) if not f)
    points = []
    for tau in sorted(set(taus)):
        caught = bisect.bisect_left(phi, tau)
        false = bisect.bisect_left(other, tau)
        flagged = caught + false
        points.append(
            CurvePoint(
                tau=tau,
                recall=caught / len(phi) if phi else 1.0,
                precision=caught / flagged if flagged else 1.0,
                masked=flagged / (len(phi) + len(other)) if phi or other else 0.0,
                other_masked=false / len(other) if other else 0.0,
            )
        )
    return points


def curve_json(points: Sequence[CurvePoint]) -> list[dict[str, Any]]:
    """The curve as stored in a model version's metrics."""
    return [p.to_dict() for p in points]


def _covered_tokens(tokens: Sequence[Token], spans: Sequence[Span | Suggestion]) -> set[int]:
    covered: set[int] = set()
    starts = [t.start for t in tokens]
    for span in spans:
        i = max(0, bisect.bisect_right(starts, span.start) - 1)
        while i < len(tokens) and tokens[i].start < span.end:
            if tokens[i].end > span.start:
                covered.add(i)
            i += 1
    return covered
