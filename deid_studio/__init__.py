"""DeID Studio: de-identify adverse-drug-reaction narratives and build the gold standard."""

from __future__ import annotations

__version__ = "0.1.0"
