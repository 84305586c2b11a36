"""DeID Studio: de-identify adverse-drug-reaction narratives and build the gold standard."""

from __future__ import annotations

from deid_studio import _lifeline

__version__ = "0.1.0"

_lifeline.bind_early()  # a spawned child of DeID Studio dies with its parent, from now on
