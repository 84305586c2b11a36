"""Entity-level and token-level scores of predicted spans against the gold standard.

Counting, for each category (after the optional category mapping):

- **strict**: a gold span is a true positive (tp) when a predicted span has the same start,
  end and category; a predicted span with no identical gold span is a false positive (fp); a
  gold span with no identical predicted span is a false negative (fn).
- **covering** (the de-identification view: was it hidden?): a gold span is a tp when every
  one of its characters lies inside some predicted span of its category (one or several
  predictions together; whitespace between them need not be covered, as it hides nothing);
  otherwise it is a fn. A predicted span is a fp when it overlaps no
  gold span of its category.
- **overlap**: a gold span is a tp when at least one predicted span of its category overlaps
  it; otherwise a fn. A predicted span is a fp when it overlaps no gold span of its category.

So in covering and overlap, tp and fn count gold spans and fp counts predicted spans: a
prediction over two gold spans gives two tp (both hidden) and no fp, and two predictions
over one gold span give one tp and no fp. Precision is tp / (tp + fp): found gold spans
against found gold spans plus spurious predictions. In strict matching both sides count
the same pairs, so it is the usual precision.

Token level uses :func:`deid_studio.core.tokenize` tokens. A token is *in* a span when it
shares at least one character with it. **Binary**: a token is PHI when it is in any gold span
and caught when it is in any predicted span, whatever the categories: tp = PHI tokens caught,
fn = PHI tokens not caught, fp = other tokens caught. **Per category**: the same with only the
spans of that category on both sides.

A ratio with a zero denominator is 1.0: no prediction makes no false claim (precision 1),
nothing to find misses nothing (recall 1). F1 is 0.0 when precision and recall are both 0.
Macro averages are the plain means of the per-category precision, recall and F1 over the
categories that occur in the gold standard or the predictions (all 1.0 when there are none).

Spans are compared as sets: a span given twice counts once. The fragments of a discontinuous
entity are spans of their own.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from deid_studio.core import Document, Scheme, Span, tokenize

MATCHINGS: tuple[str, ...] = ("strict", "covering", "overlap")
"""The entity-level matchings, in the order reports list them."""

CategoryMap = Callable[[str], "str | None"] | Mapping[str, str]
"""How categories are renamed before scoring: a function (None drops the span) or a dict
(categories missing from it are kept as they are)."""


def _ratio(numerator: int, denominator: int) -> float:
    return numerator / denominator if denominator else 1.0


@dataclass(frozen=True, slots=True)
class Counts:
    """True positives, false positives and false negatives, and the scores they give."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float:
        """tp / (tp + fp); 1.0 when nothing was predicted."""
        return _ratio(self.tp, self.tp + self.fp)

    @property
    def recall(self) -> float:
        """tp / (tp + fn); 1.0 when there was nothing to find."""
        return _ratio(self.tp, self.tp + self.fn)

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall; 0.0 when both are 0."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float | int]:
        """The JSON form of DESIGN.md: precision, recall, f1, tp, fp, fn."""
        return {
            "precision": self.precision,
            "recall": self.recall,
            "f1": self.f1,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
        }


@dataclass(frozen=True, slots=True)
class Averages:
    """Macro averages: the means of the per-category precision, recall and F1."""

    precision: float
    recall: float
    f1: float

    @classmethod
    def of(cls, per_category: Mapping[str, Counts]) -> Averages:
        """Macro averages of ``per_category`` (1.0 each when it is empty)."""
        if not per_category:
            return cls(1.0, 1.0, 1.0)
        n = len(per_category)
        return cls(
            sum(c.precision for c in per_category.values()) / n,
            sum(c.recall for c in per_category.values()) / n,
            sum(c.f1 for c in per_category.values()) / n,
        )

    def as_dict(self) -> dict[str, float]:
        """precision, recall, f1."""
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1}


@dataclass(frozen=True, slots=True)
class Scores:
    """Counts per category, with their micro sum and macro averages."""

    per_category: Mapping[str, Counts] = field(default_factory=dict)

    @property
    def micro(self) -> Counts:
        """The counts summed over categories."""
        return sum(self.per_category.values(), Counts())

    @property
    def macro(self) -> Averages:
        """The means of the per-category scores."""
        return Averages.of(self.per_category)

    def __add__(self, other: Scores) -> Scores:
        merged: dict[str, Counts] = dict(self.per_category)
        for category, counts in other.per_category.items():
            merged[category] = merged.get(category, Counts()) + counts
        return Scores(dict(sorted(merged.items())))

    def as_dict(self) -> dict[str, object]:
        """{"micro": {...}, "macro": {...}, "per_category": {CAT: {...}}}."""
        return {
            "micro": self.micro.as_dict(),
            "macro": self.macro.as_dict(),
            "per_category": {c: n.as_dict() for c, n in self.per_category.items()},
        }


def category_map(mapping: CategoryMap | None) -> Callable[[str], str | None]:
    """``mapping`` as a function (the identity when None)."""
    if mapping is None:
        return lambda category: category
    if callable(mapping):
        return mapping
    table = dict(mapping)
    return lambda category: table.get(category, category)


def collapse(scheme: Scheme) -> Callable[[str], str | None]:
    """A category map onto top-level categories (i2b2 subtypes onto their class); a category
    the scheme does not know is kept."""
    return lambda category: scheme.root(category) if category in scheme else category


def mapped(spans: Iterable[Span], mapping: CategoryMap | None = None) -> set[Span]:
    """``spans`` renamed by ``mapping`` (dropping those it maps to None), as a set of plain
    (start, end, category) spans."""
    rename = category_map(mapping)
    result: set[Span] = set()
    for span in spans:
        category = rename(span.category)
        if category is not None:
            result.add(Span(span.start, span.end, category))
    return result


def _by_category(spans: Iterable[Span]) -> dict[str, list[Span]]:
    grouped: dict[str, list[Span]] = defaultdict(list)
    for span in spans:
        grouped[span.category].append(span)
    return grouped


def _covered(span: Span, by: list[Span], text: str) -> bool:
    """Whether the union of ``by`` (sorted by start) covers every character of ``span`` but
    whitespace."""
    reached = span.start
    for other in by:
        if other.end <= reached:
            continue
        if other.start > reached and not text[reached : min(other.start, span.end)].isspace():
            return False
        reached = max(reached, other.end)
        if reached >= span.end:
            return True
    return reached >= span.end or text[reached : span.end].isspace()


def _entity_counts(
    gold: set[Span], predicted: set[Span], matching: str, text: str
) -> dict[str, Counts]:
    gold_by, pred_by = _by_category(gold), _by_category(predicted)
    counts: dict[str, Counts] = {}
    for category in sorted(set(gold_by) | set(pred_by)):
        golds = sorted(gold_by.get(category, []), key=Span.sort_key)
        preds = sorted(pred_by.get(category, []), key=Span.sort_key)
        if matching == "strict":
            tp = len(set(golds) & set(preds))
            counts[category] = Counts(tp, len(preds) - tp, len(golds) - tp)
            continue
        if matching == "covering":
            found = sum(1 for g in golds if _covered(g, preds, text))
        elif matching == "overlap":
            found = sum(1 for g in golds if any(g.overlaps(p) for p in preds))
        else:
            raise ValueError(f"unknown matching {matching!r}; choose one of {MATCHINGS}")
        spurious = sum(1 for p in preds if not any(p.overlaps(g) for g in golds))
        counts[category] = Counts(found, spurious, len(golds) - found)
    return counts


def entity_scores(
    text: str,
    gold: Iterable[Span],
    predicted: Iterable[Span],
    matching: str = "strict",
    mapping: CategoryMap | None = None,
) -> Scores:
    """Entity-level scores of one narrative's predicted spans (see the module docstring)."""
    gold_set, pred_set = mapped(gold, mapping), mapped(predicted, mapping)
    return Scores(_entity_counts(gold_set, pred_set, matching, text))


@dataclass(frozen=True, slots=True)
class TokenScores:
    """Token-level scores: binary (any PHI caught) and per category; ``tokens`` counts all
    tokens, so ``binary.fp / (tokens - binary.tp - binary.fn)`` is the share of non-PHI
    tokens masked."""

    binary: Counts = Counts()
    per_category: Scores = Scores()
    tokens: int = 0

    def __add__(self, other: TokenScores) -> TokenScores:
        return TokenScores(
            self.binary + other.binary,
            self.per_category + other.per_category,
            self.tokens + other.tokens,
        )

    @property
    def masked_share(self) -> float:
        """The share of non-PHI tokens that predictions cover (0.0 with no such token)."""
        other = self.tokens - self.binary.tp - self.binary.fn
        return self.binary.fp / other if other else 0.0

    def as_dict(self) -> dict[str, object]:
        """{"binary": {...}, "per_category": {CAT: {...}}}."""
        return {
            "binary": self.binary.as_dict(),
            "per_category": {c: n.as_dict() for c, n in self.per_category.per_category.items()},
        }


def _token_sets(starts: list[int], ends: list[int], spans: Iterable[Span]) -> dict[str, set[int]]:
    """Category -> indices of the tokens (given by their starts and ends) that share a
    character with a span of that category."""
    result: dict[str, set[int]] = defaultdict(set)
    for span in spans:
        first = bisect_right(ends, span.start)  # first token ending after the span starts
        last = bisect_left(starts, span.end)  # first token starting at or after its end
        result[span.category].update(range(first, last))
    return result


def token_scores(
    text: str,
    gold: Iterable[Span],
    predicted: Iterable[Span],
    mapping: CategoryMap | None = None,
) -> TokenScores:
    """Token-level scores of one narrative (see the module docstring)."""
    tokens = tokenize(text)
    starts, ends = [t.start for t in tokens], [t.end for t in tokens]
    gold_tokens = _token_sets(starts, ends, mapped(gold, mapping))
    pred_tokens = _token_sets(starts, ends, mapped(predicted, mapping))
    any_gold = set().union(*gold_tokens.values())
    any_pred = set().union(*pred_tokens.values())
    binary = Counts(len(any_gold & any_pred), len(any_pred - any_gold), len(any_gold - any_pred))
    per_category = {}
    for category in sorted(set(gold_tokens) | set(pred_tokens)):
        g, p = gold_tokens.get(category, set()), pred_tokens.get(category, set())
        per_category[category] = Counts(len(g & p), len(p - g), len(g - p))
    return TokenScores(binary, Scores(per_category), len(tokens))


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every score of a set of narratives: entity level under each matching, token level."""

    entity: Mapping[str, Scores]
    token: TokenScores
    documents: int

    def __add__(self, other: Evaluation) -> Evaluation:
        return Evaluation(
            {m: self.entity[m] + other.entity[m] for m in MATCHINGS},
            self.token + other.token,
            self.documents + other.documents,
        )


EMPTY = Evaluation({m: Scores() for m in MATCHINGS}, TokenScores(), 0)
"""The evaluation of no narrative (the start of a sum)."""


def evaluate(
    documents: Sequence[Document],
    predictions: Sequence[Iterable[Span]],
    mapping: CategoryMap | None = None,
) -> Evaluation:
    """Score ``predictions[i]`` against the gold spans of ``documents[i]``, summed over all."""
    if len(documents) != len(predictions):
        raise ValueError(
            f"{len(documents)} documents but {len(predictions)} lists of predicted spans"
        )
    total = EMPTY
    for document, predicted in zip(documents, predictions, strict=True):
        gold = mapped(document.spans, mapping)
        pred = mapped(predicted, mapping)
        total = total + Evaluation(
            {m: Scores(_entity_counts(gold, pred, m, document.text)) for m in MATCHINGS},
            token_scores(document.text, gold, pred),
            1,
        )
    return total
