"""Synthetic pharmacovigilance narratives with gold spans, for the demo project."""
