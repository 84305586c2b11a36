"""Regex rules for the PHI that has a shape: dates, ages, contacts, ID codes, postcodes.

Each rule is a named pattern with its own positive and negative examples (see
:class:`Rule`); guards say what is *not* PHI (doses, lab values, lot numbers, linked case
numbers, relative times) and veto any hit they overlap.

Conventions the rest of the engine relies on:

- kinds are scheme-independent (:data:`KINDS`); :func:`rule_category` maps a kind onto a
  project's scheme. ``YEAR`` (a year alone, "en 2004") is a date for MEDDOCAN and i2b2 and
  nothing for ``pv``;
- a DATE span covers the whole date expression; two dates joined by a word are two spans;
- an AGE span is the number with its unit ("46 años", "9 y.o.", "41-year-old"), without the
  key or the trailing "old"/"de edad"; i2b2 suggestions keep the number alone;
- an ID span is the code without its key ("NHC: [7946135]"); a phone number keeps its "+"
  and extension (MEDDOCAN suggestions drop the "+", as its gold does);
- a rule suggestion carries its rule's confidence (``Rule.confidence``, or a finder's table;
  ``benchmarks/rules.py`` prints each rule's measured precision on MEDDOCAN);
- a rule family that is not a regex at anchors (a phone-number library, names after cue
  words) is a :class:`Finder` in :data:`FINDERS`: its hits compete with the regex rules'.

:func:`find` is the fast path the CRF features use (each regex rule is tried only at its
anchors, see :mod:`.anchors`; the word rules read a narrative's words once, through the
word index, and share what they compute of it, see :func:`.base.last_text`; the speed is in
``benchmarks/rules.py``); :func:`rule_suggestions` gives suggestions in a scheme's categories.
"""

from __future__ import annotations

from deid_studio.detect.rules.base import (
    GUARD,
    KINDS,
    Finder,
    Rule,
    RuleHit,
    expected_spans,
    recall,
    remembered,
)
from deid_studio.detect.rules.guards import GUARDS, NOT_PHI
from deid_studio.detect.rules.matching import (
    FINDERS,
    RULES,
    confidence,
    confidences,
    find,
    is_word_rule,
    rule_spans,
    rule_spans_of,
)
from deid_studio.detect.rules.schemes import (
    narrow,
    number_part,
    rule_category,
    rule_suggestions,
)

__all__ = [
    "FINDERS",
    "GUARD",
    "GUARDS",
    "KINDS",
    "NOT_PHI",
    "RULES",
    "Finder",
    "Rule",
    "RuleHit",
    "confidence",
    "confidences",
    "expected_spans",
    "find",
    "is_word_rule",
    "narrow",
    "number_part",
    "recall",
    "remembered",
    "rule_category",
    "rule_spans",
    "rule_spans_of",
    "rule_suggestions",
]
