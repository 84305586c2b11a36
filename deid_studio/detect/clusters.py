"""Word clusters learnt from every narrative of a project, annotated or not.

Words that occur in the same contexts get the same cluster: "Toledo" and "Albacete" after
"en" and before ",", first names before surnames. The CRF takes a word's cluster ids as
features (:mod:`.features`), so a word that no gold document contains but the project's
unannotated narratives do still gets the weights its cluster learnt.

How they are learnt is :mod:`.cluster_learning` (numpy and SciPy, imported only by the
process that trains). A model version stores the table it was trained with.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

GROWTH = 0.25
"""A project's clusters are learnt again when its narratives' tokens grew by this share."""


def normal(token: str) -> str:
    """The form a word is clustered under: lowercase, digit runs as their shape (``dd``)."""
    if token.isdigit():
        return "d" * min(len(token), 6)
    return token.lower()


@dataclass(frozen=True, slots=True)
class WordClusters:
    """Cluster ids per word (lowercase), one per level, and the corpus they came from."""

    levels: tuple[int, ...]
    table: Mapping[str, tuple[int, ...]]
    documents: int = 0
    tokens: int = 0
    seconds: float = 0.0
    meta: Mapping[str, object] = field(default_factory=dict)

    def of(self, word: str) -> tuple[int, ...] | None:
        """The cluster ids of a word (any case), None when it was too rare to cluster."""
        return self.table.get(normal(word))

    def outgrown(self, tokens: int, growth: float = GROWTH) -> bool:
        """Whether a corpus of ``tokens`` has grown enough beyond this one's to learn again."""
        return tokens > self.tokens * (1.0 + growth)

    def to_bytes(self) -> bytes:
        """A compact JSON form (stored with a model version)."""
        words = sorted(self.table)
        body = {
            "levels": list(self.levels),
            "documents": self.documents,
            "tokens": self.tokens,
            "seconds": round(self.seconds, 3),
            "meta": dict(self.meta),
            "words": words,
            "ids": [list(self.table[w]) for w in words],
        }
        return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> WordClusters:
        """The inverse of :meth:`to_bytes`; ValueError when the data is not a table."""
        try:
            body = json.loads(data)
            table = {
                w: tuple(int(i) for i in ids)
                for w, ids in zip(body["words"], body["ids"], strict=True)
            }
            return cls(
                levels=tuple(int(k) for k in body["levels"]),
                table=table,
                documents=int(body.get("documents", 0)),
                tokens=int(body.get("tokens", 0)),
                seconds=float(body.get("seconds", 0.0)),
                meta=dict(body.get("meta", {})),
            )
        except (ValueError, KeyError, TypeError) as err:
            raise ValueError(f"not a word-cluster table: {err}") from None
