"""Narratives and the spans of PHI in them.

Offsets are Python ``str`` indices into the narrative exactly as imported (CR/LF kept), end
exclusive. Qt positions are converted in one place in the GUI, never here.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of a narrative labelled with a category.

    ``group`` ties together the fragments of one discontinuous entity (BRAT ``10 15;20 25``);
    each fragment is a span of its own, so masking and metrics see every covered character.
    """

    start: int
    end: int
    category: str
    group: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.start < self.end:
            raise ValueError(f"span {self.start}-{self.end} must satisfy 0 <= start < end")
        if not self.category:
            raise ValueError(f"span {self.start}-{self.end} has no category")

    def text(self, narrative: str) -> str:
        """The characters of ``narrative`` this span covers."""
        return narrative[self.start : self.end]

    def overlaps(self, other: Span) -> bool:
        """True when the two spans share at least one character."""
        return self.start < other.end and other.start < self.end

    def __len__(self) -> int:
        return self.end - self.start

    def sort_key(self) -> tuple[int, int, str, str]:
        """Reading order: by start, then end, category and group."""
        return (self.start, self.end, self.category, self.group or "")


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A span a model version proposed: how sure it is, and whether a rule or the CRF said so.

    ``confidence`` is the probability the detector gives the span being PHI of this category
    (for a rule hit, the rule's measured precision). ``rule`` names the rule of a rule
    suggestion ("phone_library", "date_numeric"...), None for the CRF's.
    """

    start: int
    end: int
    category: str
    confidence: float
    source: str  # "rule" or "crf"
    rule: str | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.start < self.end:
            raise ValueError(f"suggestion {self.start}-{self.end} must satisfy 0 <= start < end")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"suggestion confidence {self.confidence} is not in [0, 1]")

    @property
    def origin(self) -> str:
        """Who proposed it, as the window says it: "rule: phone_library", or "CRF"."""
        if self.source == "rule":
            return f"rule: {self.rule}" if self.rule else "rule"
        return self.source.upper()

    @property
    def span(self) -> Span:
        """The suggestion as a plain span."""
        return Span(self.start, self.end, self.category)


@dataclass(frozen=True, slots=True)
class Document:
    """A narrative with its spans, as it travels between layers.

    ``external_id`` is the report id of the source (VAERS_ID, file name); ``case_id`` links the
    follow-ups of one case so that surrogates and date offsets agree across them. ``id`` is the
    database id once stored.
    """

    text: str
    spans: tuple[Span, ...] = ()
    external_id: str = ""
    case_id: str = ""
    source: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)
    language: str | None = None
    id: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.spans, tuple):
            object.__setattr__(self, "spans", tuple(self.spans))
        limit = len(self.text)
        for span in self.spans:
            if span.end > limit:
                raise ValueError(
                    f"span {span.start}-{span.end} ({span.category}) ends beyond the "
                    f"narrative's {limit} characters"
                )

    @property
    def case(self) -> str:
        """The case this report belongs to: its case id, or its own report id."""
        return self.case_id or self.external_id

    def with_spans(self, spans: Iterable[Span]) -> Document:
        """The same narrative with other spans."""
        return replace(self, spans=tuple(sorted(spans, key=Span.sort_key)))

    def content_hash(self) -> str:
        """Identity of an imported report: its report id and its exact text."""
        return content_hash(self.external_id, self.text)


def content_hash(external_id: str, text: str) -> str:
    """SHA-256 over the report id and the text; two imports of one report share it.

    The id takes part because spontaneous reports repeat short narratives verbatim
    ("Narrative:", "Anaphylaxis") across different reports.
    """
    digest = hashlib.sha256()
    digest.update(external_id.encode("utf-8"))
    digest.update(b"\x00")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()
