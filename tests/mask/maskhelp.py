"""Masking test helpers: documents from marked-up text, and a case's keys as services build them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from deid_studio.core import Document, Span, Suggestion, preset
from deid_studio.mask import (
    CaseKeys,
    CaseVault,
    DateShift,
    MaskedDocument,
    MaskingPolicy,
    Surrogates,
    VaultEntry,
    mask_document,
    phi_strings,
)
from deid_studio.mask.linked import pseudonym
from deid_studio.mask.reference import parse_reference

SECRET = b"test secret"
_MARK = re.compile(r"\[([^\]|]+)\|([A-Z_]+)\]")


def marked(source: str, *, language: str = "en", case: str = "C1", ext: str = "R1") -> Document:
    """A document from text with spans written ``[text|CATEGORY]``."""
    text, spans, shift = [], [], 0
    last = 0
    for m in _MARK.finditer(source):
        text.append(source[last : m.start()])
        start = m.start() - shift
        text.append(m.group(1))
        spans.append(Span(start, start + len(m.group(1)), m.group(2)))
        shift += len(m.group(0)) - len(m.group(1))
        last = m.end()
    text.append(source[last:])
    return Document("".join(text), tuple(spans), external_id=ext, case_id=case, language=language)


class Case:
    """One case's keys over an in-memory vault, as the services build them."""

    def __init__(
        self,
        documents: Sequence[Document],
        policy: MaskingPolicy,
        *,
        days: int = -100,
        secret: bytes = SECRET,
        entries: Iterable[VaultEntry] = (),
        suggestions: dict[str, list[Suggestion]] | None = None,
    ) -> None:
        self.policy = policy
        self.suggestions = suggestions or {}
        case_id = documents[0].case
        strings = [
            pair
            for d in documents
            for pair in phi_strings(d, self.suggestions.get(d.external_id, []), policy)
        ]
        self.vault = CaseVault(secret, case_id, entries)
        self.keys = CaseKeys(
            case_id,
            DateShift(
                days,
                keep_after=parse_reference(policy.keep_after),
                keep_years=policy.years_alone == "keep",
            ),
            Surrogates(
                self.vault,
                documents[0].language,
                avoid=[t for t, _ in strings],
                people=[t for t, k in strings if k == "person"],
            ),
            lambda number: pseudonym(secret, number),
        )

    def mask(self, document: Document, **options: object) -> MaskedDocument:
        return mask_document(
            document,
            self.suggestions.get(document.external_id, []),
            self.policy,
            self.keys,
            preset("pv"),
            **options,  # type: ignore[arg-type]
        )
