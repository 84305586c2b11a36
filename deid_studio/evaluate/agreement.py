"""Inter-annotator agreement of blind double annotations.

For each document annotated by two people: span F1 between them (one as reference, the
other as prediction: strict — same offsets and category — and overlap), pooled over
documents, per category and overall; and token-level chance-corrected agreement — Cohen's
kappa and Krippendorff's alpha from ``nltk.metrics.agreement`` — over every token of the
narratives, labelled with the category of the span covering it or ``O``. Per category the
token labels are binary (this category or not).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from nltk.metrics.agreement import AnnotationTask

from deid_studio.core.document import Span
from deid_studio.core.tokenize import tokenize
from deid_studio.evaluate.metrics import Scores, entity_scores

OUTSIDE = "O"
OVERALL = "(all)"


@dataclass(frozen=True, slots=True)
class DoubleAnnotation:
    """One narrative with the spans of its two annotators (in a fixed order)."""

    text: str
    first: Sequence[Span]
    second: Sequence[Span]


@dataclass(frozen=True, slots=True)
class CategoryAgreement:
    """Agreement on one category (or overall: :data:`OVERALL`)."""

    category: str
    spans_first: int
    spans_second: int
    f1_strict: float
    f1_overlap: float
    kappa: float
    alpha: float

    def as_dict(self) -> dict[str, float | int]:
        """The JSON form."""
        return {
            "spans_first": self.spans_first,
            "spans_second": self.spans_second,
            "f1_strict": self.f1_strict,
            "f1_overlap": self.f1_overlap,
            "kappa": self.kappa,
            "alpha": self.alpha,
        }


@dataclass(frozen=True, slots=True)
class Agreement:
    """Agreement over every double-annotated document."""

    documents: int
    tokens: int
    overall: CategoryAgreement
    per_category: tuple[CategoryAgreement, ...]

    def as_dict(self) -> dict[str, object]:
        """``{"documents", "tokens", "overall": {...}, "per_category": {CAT: {...}}}``."""
        return {
            "documents": self.documents,
            "tokens": self.tokens,
            "overall": self.overall.as_dict(),
            "per_category": {c.category: c.as_dict() for c in self.per_category},
        }


def _labels(text: str, spans: Sequence[Span]) -> list[str]:
    tokens = tokenize(text)
    labels = [OUTSIDE] * len(tokens)
    ordered = sorted(spans, key=lambda s: (s.start, -(s.end - s.start)))
    for i, token in enumerate(tokens):
        for span in ordered:
            if span.start < token.end and token.start < span.end:
                labels[i] = span.category
                break
    return labels


def _chance_corrected(pairs: list[tuple[str, str]]) -> tuple[float, float]:
    """(Cohen's kappa, Krippendorff's alpha) of two coders' labels; 1.0 when they never
    differ (nltk divides by zero when one label is all there is)."""
    if not pairs or (all(a == b for a, b in pairs) and len({a for a, _ in pairs}) == 1):
        return 1.0, 1.0
    data = [("1", i, a) for i, (a, _) in enumerate(pairs)]
    data += [("2", i, b) for i, (_, b) in enumerate(pairs)]
    task = AnnotationTask(data=data)
    return float(task.kappa()), float(task.alpha())


def agreement(documents: Sequence[DoubleAnnotation], categories: Sequence[str]) -> Agreement:
    """Span F1 (strict, overlap), token kappa and alpha, per category and overall."""
    strict, overlap = Scores(), Scores()
    tokens: list[tuple[str, str]] = []
    for document in documents:
        strict += entity_scores(document.text, document.first, document.second, "strict")
        overlap += entity_scores(document.text, document.first, document.second, "overlap")
        tokens.extend(
            zip(
                _labels(document.text, document.first),
                _labels(document.text, document.second),
                strict=True,
            )
        )
    seen = {c for pair in tokens for c in pair if c != OUTSIDE}
    rows = []
    for category in [c for c in categories if c in seen] + sorted(seen - set(categories)):
        binary = [(a == category, b == category) for a, b in tokens]
        kappa, alpha = _chance_corrected([(str(a), str(b)) for a, b in binary])
        s, o = strict.per_category.get(category), overlap.per_category.get(category)
        rows.append(
            CategoryAgreement(
                category,
                sum(1 for d in documents for x in d.first if x.category == category),
                sum(1 for d in documents for x in d.second if x.category == category),
                s.f1 if s is not None else 1.0,
                o.f1 if o is not None else 1.0,
                kappa,
                alpha,
            )
        )
    kappa, alpha = _chance_corrected(tokens)
    overall = CategoryAgreement(
        OVERALL,
        sum(len(d.first) for d in documents),
        sum(len(d.second) for d in documents),
        strict.micro.f1 if strict.per_category else 1.0,
        overlap.micro.f1 if overlap.per_category else 1.0,
        kappa,
        alpha,
    )
    return Agreement(len(documents), len(tokens), overall, tuple(rows))
