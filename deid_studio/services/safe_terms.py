"""The safe terms of a narrative: what the masking spares (:mod:`deid_studio.mask.safe`).

Apart from the store, so a batch worker reads no more than it runs (see
:mod:`deid_studio.services.batch_model`).
"""

from __future__ import annotations

import regex

from deid_studio.core.document import Document
from deid_studio.detect.rules.terms import find_terms
from deid_studio.mask.safe import Term


def safe_terms_of(document: Document) -> list[Term]:
    """The safe terms of a narrative (drugs, vaccines, eponyms in context)."""
    text = document.text
    return [
        Term(h.start, h.end, h.rule, phrase=len(_PIECE.findall(text, h.start, h.end)) > 1)
        for h in find_terms(text, document.language)
    ]


_PIECE = regex.compile(r"[\p{L}\p{M}\d]+")
"""A piece of a term's name: "Johnson & Johnson" and "Pfizer-BioNTech" have two."""
