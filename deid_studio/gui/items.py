"""A span as the editor shows it: gold or a suggestion, one type for both."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from deid_studio.store.editing import StoredAnnotation, StoredSuggestion


@dataclass(frozen=True, slots=True)
class Item:
    """A span shown in the editor: gold or a suggestion."""

    kind: str  # "gold" or "suggestion"
    id: int
    start: int
    end: int
    category: str
    confidence: float | None = None
    source: str | None = None
    origin: str | None = None
    author: str | None = None
    rule: str | None = None

    @property
    def proposer(self) -> str:
        """Who proposed a suggestion: "CRF", or "rule: phone_library" (the rule's name)."""
        if self.source == "crf":
            return "CRF"
        return f"rule: {self.rule}" if self.rule else (self.source or "?")

    @property
    def source_text(self) -> str:
        """Who proposed a suggestion and how sure it is: "CRF 93%", "rule: date_numeric
        100%"."""
        return f"{self.proposer} {self.confidence or 0.0:.0%}"

    @property
    def key(self) -> tuple[str, int]:
        """Identity within the document."""
        return (self.kind, self.id)


@lru_cache(maxsize=8192)
def gold_item(a: StoredAnnotation) -> Item:
    """A gold span as an item (cached: items are rebuilt on every edit)."""
    return Item("gold", a.id, a.start, a.end, a.category, origin=a.origin, author=a.author)


@lru_cache(maxsize=8192)
def suggestion_item(s: StoredSuggestion) -> Item:
    """A suggestion as an item (cached)."""
    return Item(
        "suggestion", s.id, s.start, s.end, s.category,
        confidence=s.confidence, source=s.source, rule=s.rule,
    )  # fmt: skip
