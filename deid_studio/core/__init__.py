"""Core types: narratives, spans, category schemes, tokens. No database, no Qt."""

from __future__ import annotations

from deid_studio.core.categories import Category, LabelMap, Scheme, preset, preset_names
from deid_studio.core.document import Document, Span, Suggestion
from deid_studio.core.errors import DeidError, InputError
from deid_studio.core.tokenize import Token, tokenize

__all__ = [
    "Category",
    "DeidError",
    "Document",
    "InputError",
    "LabelMap",
    "Scheme",
    "Span",
    "Suggestion",
    "Token",
    "preset",
    "preset_names",
    "tokenize",
]
