"""Token labels from spans and back: BIO, and IOB1 (fewer labels, the same spans).

``bio`` marks the first token of every span ``B-CAT`` and the others ``I-CAT``. ``iob1`` uses
``I-CAT`` for every token of a span and ``B-CAT`` only for a span that directly follows
another span of the same category with no token between them ("28036 Madrid", two
TERRITORIO spans). Both describe the same spans; IOB1 needs about half as many labels, and
the CRF's cost grows with the square of the number of labels.
"""

from __future__ import annotations

from collections.abc import Sequence

from deid_studio.core.document import Span
from deid_studio.core.tokenize import Token

OUTSIDE = "O"
SCHEMES = ("bio", "iob1")


def category(label: str) -> str | None:
    """The category of a label (``B-DATE`` -> ``DATE``), None for ``O``."""
    return None if label == OUTSIDE else label[2:]


def encode(tokens: Sequence[Token], spans: Sequence[Span], scheme: str = "bio") -> list[str]:
    """A label per token: the category of the span that covers it (the earliest-starting
    span wins where gold spans overlap), with B/I prefixes by ``scheme``."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown label scheme {scheme!r}; choose one of {', '.join(SCHEMES)}")
    ordered = sorted(spans, key=lambda s: (s.start, -s.end))
    labels = [OUTSIDE] * len(tokens)
    owner: list[int] = [-1] * len(tokens)
    j = 0
    for i, token in enumerate(tokens):
        while j < len(ordered) and ordered[j].end <= token.start:
            j += 1
        k = j
        while k < len(ordered) and ordered[k].start < token.end:
            if ordered[k].end > token.start:
                owner[i] = k
                break
            k += 1
    for i, k in enumerate(owner):
        if k < 0:
            continue
        cat = ordered[k].category
        previous = owner[i - 1] if i > 0 else -1
        if previous == k:
            labels[i] = "I-" + cat
        elif scheme == "bio":
            labels[i] = "B-" + cat
        elif previous >= 0 and ordered[previous].category == cat:
            labels[i] = "B-" + cat
        else:
            labels[i] = "I-" + cat
    return labels


def decode(tokens: Sequence[Token], labels: Sequence[str]) -> list[Span]:
    """Spans from token labels, in either scheme.

    A span starts at a ``B-`` label, or at an ``I-`` label whose previous token is outside
    or of another category; it ends at its last token of the same category.
    """
    if len(tokens) != len(labels):
        raise ValueError(f"{len(tokens)} tokens but {len(labels)} labels")
    spans: list[Span] = []
    start = end = -1
    last = -2  # the index of the last labelled token
    current: str | None = None
    # the labelled tokens only, found at C speed: nine tokens in ten are outside
    for i in [i for i, label in enumerate(labels) if label != OUTSIDE]:
        label = labels[i]
        cat = label[2:]
        if cat == current and i == last + 1 and label[0] != "B":
            end = tokens[i].end
        else:
            if current is not None:
                spans.append(Span(start, end, current))
            current = cat
            start, end = tokens[i].start, tokens[i].end
        last = i
    if current is not None:
        spans.append(Span(start, end, current))
    return spans
