"""Entities written over several lines: when to join a span at a line's end with the next.

The CRF reads one line at a time, so an address over four lines comes out as four spans. The
gold says, per category, whether such spans are one entity: :func:`line_joins` counts, in
the training documents, the spans that run on across a line break against the pairs of
same-category spans that end one line and begin the next. Where joining was more usual
(:data:`JOIN_SHARE`), :func:`join_lines` joins the detector's spans the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise

from deid_studio.core.document import Document, Suggestion

JOIN_SHARE = 0.5
MIN_EVIDENCE = 3


def line_joins(documents: Sequence[Document]) -> dict[str, float]:
    """Per category with at least :data:`MIN_EVIDENCE` cases: the share of its line-end /
    line-start neighbours in the gold that are one span running across the break."""
    joined: dict[str, int] = {}
    apart: dict[str, int] = {}
    for document in documents:
        text = document.text
        spans = sorted(document.spans, key=lambda s: (s.start, s.end))
        for span in spans:
            if "\n" in text[span.start : span.end] or "\r" in text[span.start : span.end]:
                joined[span.category] = joined.get(span.category, 0) + 1
        for left, right in pairwise(spans):
            if left.category == right.category and _across_break(text, left.end, right.start):
                apart[left.category] = apart.get(left.category, 0) + 1
    shares = {}
    for category in {*joined, *apart}:
        total = joined.get(category, 0) + apart.get(category, 0)
        if total >= MIN_EVIDENCE:
            shares[category] = joined.get(category, 0) / total
    return shares


def join_lines(
    text: str, suggestions: Sequence[Suggestion], joins: Mapping[str, float]
) -> list[Suggestion]:
    """The suggestions with same-category neighbours across a line break joined, for the
    categories whose gold joins them (see the module's docstring)."""
    if not joins:
        return list(suggestions)
    out: list[Suggestion] = []
    for suggestion in sorted(suggestions, key=lambda s: (s.start, s.end)):
        last = out[-1] if out else None
        if (
            last is not None
            and last.category == suggestion.category
            and joins.get(suggestion.category, 0.0) > JOIN_SHARE
            and _across_break(text, last.end, suggestion.start)
        ):
            out[-1] = replace(
                last, end=suggestion.end, confidence=min(last.confidence, suggestion.confidence)
            )
            continue
        out.append(suggestion)
    return out


def _across_break(text: str, end: int, start: int) -> bool:
    """Whether only blanks lie between ``end`` and ``start``, a line break among them."""
    between = text[end:start]
    return bool(between) and not between.strip(" \t\r\n") and ("\n" in between or "\r" in between)
