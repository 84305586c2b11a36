"""The ``mask`` fixture: mask one document as a case of its own."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from maskhelp import Case

from deid_studio.core import Document, Suggestion
from deid_studio.mask import MaskedDocument, MaskingPolicy


@pytest.fixture
def mask() -> Callable[..., MaskedDocument]:
    """Mask one document as its own case: ``mask(doc, preset="surrogates", days=-100)``."""

    def run(
        document: Document,
        preset_name: str = "surrogates",
        days: int = -100,
        suggestions: list[Suggestion] | None = None,
        **policy: object,
    ) -> MaskedDocument:
        chosen = MaskingPolicy(preset=preset_name, **policy)  # type: ignore[arg-type]
        found = {document.external_id: suggestions or []}
        return Case([document], chosen, days=days, suggestions=found).mask(document)

    return run
