"""Diversity in the active-learning queue: five near-copies of one uncertain report teach
less than five different ones (``benchmarks/active_learning.py`` measures it).

Apart from :mod:`.uncertainty`, which every process that tags imports: SciPy is imported by
the one that orders a queue with diversity only.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.sparse import coo_matrix, csr_matrix

from deid_studio.core.tokenize import tokenize

DIVERSITY = 0.5
"""How much a candidate's similarity to what was just annotated (or picked) lowers its
score in :func:`diversified`: a score times 1 - DIVERSITY x the largest cosine similarity."""


def diversified(
    texts: Sequence[str],
    scores: Sequence[float],
    annotated: Sequence[str] = (),
    *,
    count: int,
    weight: float = DIVERSITY,
) -> list[int]:
    """The ``count`` documents to annotate next, picked one at a time: the highest score,
    lowered by its words' similarity (TF-IDF cosine) to the documents just annotated and to
    those already picked — five near-copies of one uncertain report teach less than five
    different ones."""
    if not texts:
        return []
    matrix = tfidf([*texts, *annotated])
    candidates, reference = matrix[: len(texts)], matrix[len(texts) :]
    nearest = np.zeros(len(texts))
    if reference.shape[0]:
        nearest = np.asarray((candidates @ reference.T).max(axis=1).todense()).ravel()
    base = np.asarray(scores, dtype=float)
    chosen: list[int] = []
    available = np.ones(len(texts), dtype=bool)
    for _ in range(min(count, len(texts))):
        adjusted = np.where(available, base * (1.0 - weight * nearest), -np.inf)
        pick = int(adjusted.argmax())
        chosen.append(pick)
        available[pick] = False
        similarity = np.asarray((candidates @ candidates[pick].T).todense()).ravel()
        nearest = np.maximum(nearest, similarity)
    return chosen


def tfidf(texts: Sequence[str]) -> csr_matrix:
    """L2-normalised TF-IDF rows of the texts' lowercased words (two characters or more)."""
    index: dict[str, int] = {}
    rows: list[int] = []
    columns: list[int] = []
    for row, text in enumerate(texts):
        for token in tokenize(text):
            if len(token.text) > 1 and token.text[0].isalnum():
                columns.append(index.setdefault(token.text.lower(), len(index)))
                rows.append(row)
    counts = coo_matrix(
        (np.ones(len(rows)), (rows, columns)), shape=(len(texts), max(len(index), 1))
    ).tocsr()
    counts.sum_duplicates()
    present = np.bincount(counts.indices, minlength=counts.shape[1])
    idf = np.log((1.0 + len(texts)) / (1.0 + present)) + 1.0
    weighted = counts.multiply(idf[None, :]).tocsr()
    norms = np.sqrt(np.asarray(weighted.multiply(weighted).sum(axis=1)).ravel())
    return csr_matrix(weighted.multiply(1.0 / np.maximum(norms, 1e-12)[:, None]))
