"""Readers and writers of narratives and their spans, one module per format."""
