"""The regex rules as the CRF and the combiner use them (``detect.rules``, by its owner).

A thin seam: features take the hits of :func:`rule_hits`, suggestions come from
:func:`rule_suggestions`. Until ``detect.rules`` exists both return nothing, so the engine
runs (without rule features) on a checkout where the rules have not landed yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import import_module
from typing import Any

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Suggestion


@cache
def _rules() -> Any | None:
    try:
        return import_module("deid_studio.detect.rules")
    except ModuleNotFoundError as err:
        if err.name != "deid_studio.detect.rules":
            raise
        return None


def available() -> bool:
    """True when the rule module is installed."""
    return _rules() is not None


def rule_hits(text: str, language: str | None = None) -> Sequence[Any]:
    """Sorted, non-overlapping hits (``start``, ``end``, ``kind``) of every rule."""
    rules = _rules()
    return rules.find(text, language=language) if rules is not None else ()


def rule_suggestions(text: str, scheme: Scheme, language: str | None = None) -> list[Suggestion]:
    """The rule hits whose kind the scheme has a category for, as suggestions."""
    rules = _rules()
    if rules is None:
        return []
    return list(rules.rule_suggestions(text, scheme, language=language))
