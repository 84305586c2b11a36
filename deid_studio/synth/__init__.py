"""Synthetic pharmacovigilance narratives with gold spans, for the demo project.

``generate(count, seed)`` writes spontaneous adverse-reaction reports in English, Spanish,
French and German, with every piece of PHI labelled in the ``pv`` scheme while the text is
composed. Drug names, doses, lot numbers and linked case numbers appear too, unlabelled, because
they are not PHI.
"""

from __future__ import annotations

from deid_studio.synth.generator import generate, generate_range

__all__ = ["generate", "generate_range"]
