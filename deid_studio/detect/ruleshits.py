"""The regex rules as the CRF and the combiner use them.

Features take the hits of :func:`rule_hits`; suggestions come from :func:`rule_suggestions`,
which reuses those hits so every rule runs once per narrative.
"""

from __future__ import annotations

from collections.abc import Sequence

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Suggestion
from deid_studio.detect import rules
from deid_studio.detect.rules import RuleHit, recall


def rule_hits(text: str, language: str | None = None) -> Sequence[RuleHit]:
    """Sorted, non-overlapping hits (``start``, ``end``, ``kind``) of every rule (found once
    per narrative within :func:`~.rules.remembered`)."""
    return recall(("hits", language, text), lambda: rules.find(text, language=language))


def rule_suggestions(
    text: str,
    scheme: Scheme,
    language: str | None = None,
    hits: Sequence[RuleHit] | None = None,
) -> list[Suggestion]:
    """The rule hits whose kind the scheme has a category for, as suggestions. ``hits`` are
    the text's hits when the caller has them already (the CRF's features needed them)."""
    return rules.rule_suggestions(text, scheme, language=language, hits=hits)
