"""Entities written over several lines: when to join a span at a line's end with the next.

The CRF reads one line at a time, so an address over four lines comes out as four spans. The
gold says, per category, whether such spans are one entity: :func:`line_joins` counts, in
the training documents, the spans that run on across a line break against the pairs of
same-category spans that end one line and begin the next. Where joining was more usual
(:data:`JOIN_SHARE`), :func:`join_lines` joins the detector's spans the same way.

The gold may join some breaks and not others, by their layout: a letter's head written after
a blank line, one part a line (" Suite 501"), against an address run on in the story. The
share is counted per layout too (:func:`_layout`: how far the next line is indented, and
whether a blank line stands before the span), and used where it has the evidence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import pairwise

from deid_studio.core.document import Document, Suggestion
from deid_studio.detect.document import indent_class

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
            breaks = [
                at
                for at in range(span.start, span.end)
                if text[at] == "\n" or (text[at] == "\r" and text[at + 1 : at + 2] != "\n")
            ]
            if breaks:
                joined[span.category] = joined.get(span.category, 0) + 1
            for at in breaks:
                key = _layout(text, span.category, span.start, at + 1)
                joined[key] = joined.get(key, 0) + 1
        run = spans[0].start if spans else 0  # where a run of parts across breaks began
        for left, right in pairwise(spans):
            if left.category == right.category and _across_break(text, left.end, right.start):
                apart[left.category] = apart.get(left.category, 0) + 1
                key = _layout(text, left.category, run, _line_start(text, right.start))
                apart[key] = apart.get(key, 0) + 1
            else:
                run = right.start
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
    run = 0  # where the run of parts across breaks that the last suggestion ends began
    for suggestion in sorted(suggestions, key=lambda s: (s.start, s.end)):
        last = out[-1] if out else None
        if (
            last is None
            or last.category != suggestion.category
            or not _across_break(text, last.end, suggestion.start)
        ):
            run = suggestion.start
        elif (
            joins.get(
                _layout(text, last.category, run, _line_start(text, suggestion.start)),
                joins.get(suggestion.category, 0.0),
            )
            > JOIN_SHARE
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


def _layout(text: str, category: str, start: int, line: int) -> str:
    """The key of a break's share: the category, how far the line at ``line`` is indented (0,
    1, 2 for two or three blanks, 4 for more) and whether a blank line stands before the line
    where the entity (or the run of its parts) begins at ``start`` ("STREET_ADDRESS 1
    blank")."""
    head = text[line : line + 8]
    width = indent_class(len(head) - len(head.lstrip(" \t")))
    opening = _line_start(text, start) - 1  # the break before the span's line
    blank = opening > 0 and not text[_line_start(text, opening) : opening].strip()
    return f"{category} {width}{' blank' if blank else ''}"


def _line_start(text: str, position: int) -> int:
    """Where the line holding ``position`` begins."""
    return text.rfind("\n", 0, position) + 1
