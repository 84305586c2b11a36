"""Recall mode ("inverse de-identification"): mask every token the model is not sure is safe.

Each token gets one score, its effective P(O) (:func:`flag_scores`), and recall mode flags
the tokens scoring below the threshold τ, each with its most likely PHI category. The score
starts from the token's own odds of being safe against its likeliest PHI category,
P(O) / (P(O) + P(category)): probability spread thinly over many unlikely categories is
noise, not doubt. Tokens the best path or a rule marks score 0; a token beside a more
doubtful token of its own category, or in a short gap between two tokens of one category,
or a word marked elsewhere in the narrative, scores lower still (see :func:`flag_scores`).

τ is chosen on out-of-fold scores — from models that never saw the token — as the smallest
value whose token recall reaches a target (0.995 by default): the least masking that still
catches that share of the PHI. The curve of recall, precision and masked share over τ is kept
for the dashboard's slider. Calibration can also compare several score scales (temperatures)
and keep the one that masks least at the target (:func:`calibrate_scale`).

Tokens here are word tokens (with a letter or a digit): punctuation is never counted.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

import numpy as np

from deid_studio.core.document import Span, Suggestion
from deid_studio.core.language import stopwords
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


GAP = 2  # tokens between two tokens of one category of a line that are flagged with them
EDGE_POWER = 2.0  # beside a more doubtful token of its category, a token's doubt counts twice
SAME_WORD_LENGTH = 3  # shortest word that a mark elsewhere in the narrative flags everywhere


@dataclass(frozen=True, slots=True)
class _Flags:
    """Per token: its own score and category, and its effective score with the category it
    is flagged with at that score (a neighbour's or another occurrence's when they lower it)."""

    own: list[float]
    own_kinds: list[str | None]
    scores: list[float]
    kinds: list[str | None]


def flag_scores(
    tagged: TaggedDocument,
    caught: Sequence[Span | Suggestion] = (),
    gap: int = GAP,
    offsets: Mapping[str, float] | None = None,
) -> list[float]:
    """Each token's effective P(O): recall mode flags the tokens whose score is below τ.

    - A token the best path marks, or that ``caught`` covers (the rule suggestions), scores 0
      (flagged at any τ); any other starts from P(O) / (P(O) + P(c)), c its likeliest PHI
      category.
    - Beside a token of the same category that is more doubtful, a word token's score is
      squared (two doubts instead of one) but not below its neighbour's: entities run on
      (punctuation does not: a comma after a name stays unless it is in a gap).
    - A run of at most ``gap`` tokens between two tokens of one category of a line scores
      the larger of those two ("de la" inside "Hospital de la Paz" is flagged with them).
    - A word (three characters or more, not a stopword) that the best path or a rule marks
      anywhere in the narrative scores 0 everywhere in it: a name found in the header is
      masked in the story too.
    """
    return _flags(tagged, caught, gap, offsets).scores


def shift(score: float, offset: float) -> float:
    """A score moved by a category's threshold offset: comparing it with τ is comparing the
    original with τ moved by ``offset`` in log-odds (a positive offset masks more)."""
    if offset == 0.0 or score <= 0.0 or score >= 1.0:
        return score
    return score / (score + (1.0 - score) * math.exp(offset))


def _flags(
    tagged: TaggedDocument,
    caught: Sequence[Span | Suggestion],
    gap: int,
    offsets: Mapping[str, float] | None = None,
) -> _Flags:
    if tagged.p_outside is None or tagged.p_category is None:
        raise ValueError("recall mode needs marginals: tag with marginals=True")
    kept = _covered_tokens(tagged.tokens, caught)
    marked = [label != OUTSIDE or i in kept for i, label in enumerate(tagged.labels)]
    own = [
        0.0 if marked[i] else _odds_outside(p, c)
        for i, (p, c) in enumerate(zip(tagged.p_outside, tagged.p_category, strict=True))
    ]
    kinds = _token_categories(tagged)
    for i, label in enumerate(tagged.labels):
        if label == OUTSIDE and i in kept:
            kinds[i] = _category_at(tagged.tokens[i], caught) or kinds[i]
    if offsets:
        own = [shift(score, offsets.get(kinds[i] or "", 0.0)) for i, score in enumerate(own)]
    words = [is_word(token) for token in tagged.tokens]
    edged = own[:]
    for first, end in tagged.lines:
        for i in range(first, end):
            if not words[i]:
                continue  # punctuation does not extend an entity; a gap may still join it
            for j in (i - 1, i + 1):
                if first <= j < end and kinds[j] == kinds[i] and own[j] < own[i]:
                    edged[i] = min(edged[i], max(own[j], own[i] ** EDGE_POWER))
    scores = edged[:]
    flagged_kinds = kinds[:]
    for first, end in tagged.lines:
        for i in range(first, end):
            for left in range(max(first, i - gap), i):
                for right in range(i + 1, min(end, left + gap + 2)):
                    # the tokens strictly between left and right (i among them) number <= gap
                    if kinds[left] == kinds[right]:
                        score = max(edged[left], edged[right])
                        if score < scores[i]:
                            scores[i], flagged_kinds[i] = score, kinds[left]
    elsewhere = _marked_words(tagged.tokens, marked, kinds)
    for i, token in enumerate(tagged.tokens):
        found = elsewhere.get(token.text.casefold())
        if found is not None and not marked[i]:
            scores[i], flagged_kinds[i] = 0.0, found
    return _Flags(own, kinds, scores, flagged_kinds)


def _odds_outside(p_outside: float, p_category: float) -> float:
    """P(O) against the likeliest PHI category alone."""
    total = p_outside + p_category
    return p_outside / total if total > 0.0 else p_outside


def _marked_words(
    tokens: Sequence[Token], marked: Sequence[bool], kinds: Sequence[str | None]
) -> dict[str, str | None]:
    """Casefolded words the best path or a rule marks somewhere, with the first mark's
    category (stopwords and words shorter than SAME_WORD_LENGTH left out)."""
    words: dict[str, str | None] = {}
    skip = _all_stopwords()
    for i, token in enumerate(tokens):
        word = token.text.casefold()
        if marked[i] and len(word) >= SAME_WORD_LENGTH and word not in skip and is_word(token):
            words.setdefault(word, kinds[i])
    return words


@cache
def _all_stopwords() -> frozenset[str]:
    """The stopwords of every shipped language (a tagged narrative does not know its own)."""
    return frozenset().union(*stopwords().values())


def _token_categories(tagged: TaggedDocument) -> list[str | None]:
    """Each token's category: its best-path one, else its most likely PHI one."""
    found: Sequence[str | None] = tagged.categories or [None] * len(tagged.labels)
    return [category(label) or found[i] for i, label in enumerate(tagged.labels)]


def _category_at(token: Token, spans: Sequence[Span | Suggestion]) -> str | None:
    """The category of the first of ``spans`` that overlaps ``token``."""
    for span in spans:
        if span.start < token.end and token.start < span.end:
            return span.category
    return None


def recall_suggestions(
    tagged: TaggedDocument,
    tau: float,
    caught: Sequence[Span | Suggestion] = (),
    offsets: Mapping[str, float] | None = None,
) -> list[Suggestion]:
    """Spans of the tokens recall mode flags at ``tau`` (see :func:`flag_scores`): each of
    its most likely PHI category (a token flagged through its neighbours or another
    occurrence takes theirs), joined when consecutive tokens of a line share one; confidence
    is the mean of 1 - P(O) over the span's tokens."""
    if tagged.p_outside is None or tagged.categories is None:
        raise ValueError("recall mode needs marginals: tag with marginals=True")
    flags = _flags(tagged, caught, GAP, offsets)
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
        flagged = flags.scores[i] < tau or label != OUTSIDE
        cat = flags.own_kinds[i] if flags.own[i] < tau else flags.kinds[i]
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
    kinds: list[str] | None = None  # the category each token is flagged with ("" for none)

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
        flags = _flags(tagged, caught, GAP)
        p_outside: list[float] = []
        is_phi: list[bool] = []
        kinds: list[str] = []
        for i, token in enumerate(tagged.tokens):
            if is_word(token):
                p_outside.append(flags.scores[i])
                is_phi.append(i in covered)
                kinds.append(flags.own_kinds[i] or "")
        return cls(p_outside, is_phi, kinds)

    @classmethod
    def merge(cls, parts: Sequence[TokenEvidence]) -> TokenEvidence:
        """All parts together."""
        kinds = None
        if all(part.kinds is not None for part in parts):
            kinds = [k for part in parts for k in part.kinds or ()]
        return cls(
            [p for part in parts for p in part.p_outside],
            [f for part in parts for f in part.is_phi],
            kinds,
        )

    def shifted(self, offsets: Mapping[str, float]) -> TokenEvidence:
        """The same tokens with each score moved by its category's offset (:func:`shift`)."""
        if not offsets or self.kinds is None:
            return self
        return TokenEvidence(
            [
                shift(p, offsets.get(k, 0.0))
                for p, k in zip(self.p_outside, self.kinds, strict=True)
            ],
            self.is_phi,
            self.kinds,
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


@dataclass(frozen=True, slots=True)
class ScaleChoice:
    """One candidate score scale: the τ calibrated on its evidence and the share of non-PHI
    tokens recall mode masks at that τ."""

    scale: float
    tau: float
    other_masked: float

    def to_dict(self) -> dict[str, float]:
        """Plain JSON-able form."""
        return {"scale": self.scale, "tau": self.tau, "other_masked": round(self.other_masked, 6)}


def calibrate_scale(
    candidates: Sequence[tuple[float, TokenEvidence]], target: float = TARGET_RECALL
) -> list[ScaleChoice]:
    """For (scale, evidence at that scale) pairs: each scale's calibrated τ and masked share,
    the best first — the one masking least at the target (of equals, the earliest given)."""
    choices = []
    for scale, evidence in candidates:
        tau = calibrate(evidence, target)
        [point] = curve(evidence, [tau])
        choices.append(ScaleChoice(scale, tau, point.other_masked))
    order = sorted(range(len(choices)), key=lambda k: (choices[k].other_masked, k))
    return [choices[k] for k in order]


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


MIN_CATEGORY_TOKENS = 40
"""PHI tokens (out of fold) a category needs for a threshold of its own; fewer: the common τ."""
MAX_OFFSET = 4.0
PRECISION_FLOOR = 0.5
"""Recall mode never calibrates to a τ whose out-of-fold precision is below this: with few
documents the models are unsure of everything, and reaching the target recall would mask a
large part of the text. τ then stops where precision is still this, below the target."""
MASK_BUDGET = 0.04
"""Nor to a τ that masks more than this share of the other word tokens out of fold. The
precision floor alone let 50 MEDDOCAN documents mask up to a tenth of the other words of dev
(half of what is masked may be no PHI, and a tenth of MEDDOCAN's words are PHI); where PHI is
sparse, as in most spontaneous reports, the floor binds long before the budget. Dev masks
more than out of fold: with 6% one draw of three masked 7.4% of dev's other words, with 4%
none more than 4.6%, at a token recall of 0.994-0.995 either way
(``benchmarks/cold_start.py --train --corpora meddocan``)."""


def category_offsets(
    evidence: TokenEvidence, target: float = TARGET_RECALL, minimum: int = MIN_CATEGORY_TOKENS
) -> dict[str, float]:
    """Per-category threshold offsets (log-odds, relative to the common τ) that reach the
    target token recall out of fold while masking the fewest other tokens.

    For a price λ of a missed PHI token (in masked other tokens), each category picks the
    threshold that maximises λ x PHI caught - others masked on its own tokens; λ is the
    smallest price at which all categories together reach ``target``. Categories with fewer
    than ``minimum`` PHI tokens keep the common τ (offset 0), and their tokens count with it.
    """
    if evidence.kinds is None:
        return {}
    common = calibrate(evidence, target)
    groups: dict[str, tuple[list[float], list[float]]] = {}
    for p, phi, kind in zip(evidence.p_outside, evidence.is_phi, evidence.kinds, strict=True):
        phis, others = groups.setdefault(kind, ([], []))
        (phis if phi else others).append(p)
    own = {k: g for k, g in groups.items() if k and len(g[0]) >= minimum}
    if len(own) < 2:
        return {}
    total_phi = sum(len(phis) for phis, _ in groups.values())
    needed = math.ceil(target * total_phi - 1e-9)
    rest = [
        (p, f)
        for p, f, k in zip(evidence.p_outside, evidence.is_phi, evidence.kinds, strict=True)
        if k not in own
    ]
    rest_caught = sum(1 for p, f in rest if f and p < common)
    options = {k: _options(phis, others) for k, (phis, others) in own.items()}

    def choose(price: float) -> tuple[int, dict[str, float]]:
        caught = rest_caught
        chosen = {}
        for kind, (taus, hits, costs) in options.items():
            best = int(np.argmax(price * hits - costs))
            caught += int(hits[best])
            chosen[kind] = float(taus[best])
        return caught, chosen

    low, high = 0.0, 1e7
    caught, chosen = choose(high)
    if caught < needed:
        return {}
    for _ in range(60):
        middle = (low + high) / 2
        caught, attempt = choose(middle)
        if caught >= needed:
            high, chosen = middle, attempt
        else:
            low = middle
    reference = _logit(common)
    return {
        kind: max(-MAX_OFFSET, min(MAX_OFFSET, _logit(tau) - reference))
        for kind, tau in chosen.items()
    }


def _options(phis: list[float], others: list[float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A category's candidate thresholds (just above each PHI score, and 0), with the PHI
    tokens each catches and the other tokens each masks."""
    phi = np.sort(np.asarray(phis))
    other = np.sort(np.asarray(others))
    taus = np.concatenate([[1e-9], np.nextafter(phi, np.inf)])
    hits = np.searchsorted(phi, taus, side="left").astype(float)
    costs = np.searchsorted(other, taus, side="left").astype(float)
    return np.minimum(taus, 1.0), hits, costs


def _logit(p: float) -> float:
    p = min(max(p, 1e-9), 1.0 - 1e-9)
    return math.log(p / (1.0 - p))


def floored(
    evidence: TokenEvidence,
    tau: float,
    floor: float = PRECISION_FLOOR,
    budget: float = MASK_BUDGET,
) -> float:
    """``tau``, or the largest smaller τ whose out-of-fold precision reaches ``floor`` and
    whose share of other tokens masked stays within ``budget`` when ``tau``'s do not (see
    :data:`PRECISION_FLOOR`, :data:`MASK_BUDGET`)."""
    [point] = curve(evidence, [tau])
    if point.precision >= floor and point.other_masked <= budget:
        return tau
    scores = np.asarray(evidence.p_outside)
    flags = np.asarray(evidence.is_phi, dtype=bool)
    phi, other = np.sort(scores[flags]), np.sort(scores[~flags])
    candidates = np.unique(scores[(scores > 0.0) & (scores < tau)])
    caught = np.searchsorted(phi, candidates, side="left")
    false = np.searchsorted(other, candidates, side="left")
    good = (
        (caught > 0)
        & (caught >= floor * np.maximum(caught + false, 1))
        & (false <= budget * len(other))
    )
    if good.any():
        return float(candidates[np.flatnonzero(good)[-1]])
    return min(tau, 1e-6)
