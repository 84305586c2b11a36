"""The JSON report that ``deid-studio evaluate --json`` writes (DESIGN.md, "Command line")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from deid_studio.core import Document, Span
from deid_studio.evaluate.metrics import MATCHINGS, CategoryMap, Evaluation, evaluate


def report_of(evaluation: Evaluation, seconds: float) -> dict[str, Any]:
    """The report of an :class:`Evaluation` that took ``seconds`` to produce.

    ``{"entity": {"strict"|"covering"|"overlap": {"micro": {precision, recall, f1, tp, fp,
    fn}, "macro": {precision, recall, f1}, "per_category": {CAT: {...}}}}, "token":
    {"binary": {...}, "per_category": {CAT: {...}}}, "documents": N, "seconds": S}``.
    Macro averages carry no counts (they average scores, not counts).
    """
    return {
        "entity": {m: evaluation.entity[m].as_dict() for m in MATCHINGS},
        "token": evaluation.token.as_dict(),
        "documents": evaluation.documents,
        "seconds": seconds,
    }


def report(
    documents: Sequence[Document],
    predictions: Sequence[Iterable[Span]],
    mapping: CategoryMap | None = None,
    seconds: float = 0.0,
) -> dict[str, Any]:
    """Score ``predictions[i]`` against ``documents[i]``'s gold spans and return the report
    of :func:`report_of`; ``seconds`` is what the caller spent (tagging, say)."""
    return report_of(evaluate(documents, predictions, mapping), seconds)
