"""Scoring predictions against gold: ``deid_studio.evaluate`` (the engine only calls it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from deid_studio.core.document import Document, Span
from deid_studio.evaluate import report


def evaluation_report(
    gold: Sequence[Document],
    predicted: Sequence[Sequence[Span]],
    *,
    seconds: float = 0.0,
) -> dict[str, Any]:
    """DESIGN.md's evaluate JSON for predictions (one list of spans per gold document)."""
    return report(list(gold), [list(p) for p in predicted], seconds=seconds)
