"""How a project's word clusters (:mod:`.clusters`) are learnt: Levy and Goldberg's
count-based embeddings, then k-means, all numpy/scipy.

1. each narrative is tokenized; words are lowercased and digit runs become their shape, so
   "12" and "34" are one context;
2. the co-occurrence counts of each word (of at least :data:`MIN_COUNT` occurrences) with the
   most frequent tokens at positions -2, -1, +1, +2 (four sets of contexts: position matters)
   are weighted by positive pointwise mutual information with context smoothing 0.75;
3. a truncated SVD (randomized, numpy and ``scipy.sparse``) gives each word a dense vector,
   normalised;
4. k-means (k-means++ seeding, seeded; numpy) at several numbers of clusters
   (:data:`LEVELS`) gives each word a cluster id per level, coarse to fine — the
   role of Brown clusters' path prefixes.

Measured against gensim's word2vec (benchmarks/ablation.py): see the README's engine section.
Computed in the training process only: SciPy is not imported by a process that tags.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable

import numpy as np
from scipy.sparse import coo_matrix, csr_matrix
from threadpoolctl import threadpool_limits

from deid_studio.core.tokenize import tokenize
from deid_studio.detect.clusters import WordClusters, normal

LEVELS = (32, 128, 512)
DIMENSIONS = 64
MIN_COUNT = 2
MAX_WORDS = 40_000
CONTEXTS = 2_000  # most frequent tokens used as contexts, per position
POSITIONS = (-2, -1, 1, 2)
SMOOTHING = 0.75


def learn_clusters(
    texts: Iterable[str],
    *,
    levels: tuple[int, ...] = LEVELS,
    dimensions: int = DIMENSIONS,
    min_count: int = MIN_COUNT,
    seed: int = 0,
) -> WordClusters:
    """Cluster the words of ``texts`` (see the module's docstring)."""
    started = time.perf_counter()
    documents = 0
    sequences: list[list[str]] = []
    for text in texts:
        documents += 1
        sequences.append([normal(t.text) for t in tokenize(text)])
    counts = Counter(w for sequence in sequences for w in sequence)
    total = sum(counts.values())
    vocabulary = [w for w, n in counts.most_common(MAX_WORDS) if n >= min_count and w[:1].isalpha()]
    if len(vocabulary) < 2 * max(levels, default=2):
        levels = tuple(k for k in levels if 2 * k <= len(vocabulary))
    if not levels:
        return WordClusters((), {}, documents, total, time.perf_counter() - started)
    with threadpool_limits(1):  # tiny products: BLAS threads only fight the other processes
        vectors = _embed(sequences, vocabulary, counts, dimensions)
        rng = np.random.default_rng(seed)
        ids = np.stack([_kmeans(vectors, k, rng) for k in levels], axis=1)
    table = {w: tuple(int(i) for i in row) for w, row in zip(vocabulary, ids.tolist(), strict=True)}
    return WordClusters(
        levels=levels,
        table=table,
        documents=documents,
        tokens=total,
        seconds=time.perf_counter() - started,
        meta={"method": "ppmi-svd-kmeans", "dimensions": int(vectors.shape[1])},
    )


def _embed(
    sequences: list[list[str]], vocabulary: list[str], counts: Counter[str], dimensions: int
) -> np.ndarray:
    """Row-normalised SVD vectors of the words' PPMI matrix over positional contexts."""

    rows_of = {w: i for i, w in enumerate(vocabulary)}
    contexts = {w: i for i, (w, _) in enumerate(counts.most_common(CONTEXTS))}
    width = len(contexts)
    reach = max(abs(o) for o in POSITIONS)
    # every narrative's tokens one after another, ``reach`` empty slots (-1) between them
    flat: list[str | None] = []
    for sequence in sequences:
        flat += sequence
        flat += [None] * reach
    word_ids = np.fromiter((rows_of.get(w, -1) for w in flat), np.int64, len(flat))
    context_ids = np.fromiter((contexts.get(w, -1) for w in flat), np.int64, len(flat))
    padded = np.concatenate([np.full(reach, -1), context_ids, np.full(reach, -1)])
    at = np.flatnonzero(word_ids >= 0)
    row_parts = []
    column_parts = []
    for p, offset in enumerate(POSITIONS):
        near = padded[at + reach + offset]
        seen = near >= 0
        row_parts.append(word_ids[at[seen]])
        column_parts.append(p * width + near[seen])
    rows = np.concatenate(row_parts)
    columns = np.concatenate(column_parts)
    shape = (len(vocabulary), len(POSITIONS) * width)
    matrix = coo_matrix((np.ones(len(rows)), (rows, columns)), shape=shape).tocsr()
    matrix.sum_duplicates()
    word_totals = np.asarray(matrix.sum(axis=1)).ravel()
    context_totals = np.asarray(matrix.sum(axis=0)).ravel() ** SMOOTHING
    coo = matrix.tocoo()
    # PMI(w, c) = log( n(w,c) * N_c / (n(w) * n_c^0.75) ) with N_c the smoothed context total
    pmi = np.log(coo.data * context_totals.sum() / (word_totals[coo.row] * context_totals[coo.col]))
    keep = pmi > 0
    ppmi = coo_matrix(
        (pmi[keep], (coo.row[keep], coo.col[keep])), shape=shape, dtype=np.float64
    ).tocsr()
    k = max(2, min(dimensions, min(shape) - 1))
    u, s = _randomized_svd(ppmi, k)
    vectors = u * np.sqrt(s)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


def _randomized_svd(matrix: csr_matrix, k: int, power: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` leading left singular vectors and values (Halko, Martinsson and Tropp's
    randomized range finder with power iterations; seconds where ARPACK takes minutes)."""
    rng = np.random.default_rng(0)
    sketch = matrix @ rng.standard_normal((matrix.shape[1], k + 10))
    q, _ = np.linalg.qr(sketch)
    for _ in range(power):
        q, _ = np.linalg.qr(matrix.T @ q)
        q, _ = np.linalg.qr(matrix @ q)
    small = (matrix.T @ q).T  # q.T @ matrix, as a dense (k + 10) x columns array
    u, s, _ = np.linalg.svd(small, full_matrices=False)
    return (q @ u)[:, :k], s[:k]


def _kmeans(vectors: np.ndarray, k: int, rng: np.random.Generator, rounds: int = 20) -> np.ndarray:
    """Each row's cluster among ``k``: k-means++ seeding, then Lloyd's iterations. Rows are
    unit vectors, so the nearest centre is the one with the largest dot product (less its
    half squared norm)."""
    n = len(vectors)
    first = int(rng.integers(n))
    centres = np.empty((k, vectors.shape[1]))
    centres[0] = vectors[first]
    nearest = ((vectors - centres[0]) ** 2).sum(axis=1)
    for j in range(1, k):
        total = nearest.sum()
        pick = int(rng.choice(n, p=nearest / total)) if total > 0 else int(rng.integers(n))
        centres[j] = vectors[pick]
        nearest = np.minimum(nearest, ((vectors - centres[j]) ** 2).sum(axis=1))
    labels = np.zeros(n, dtype=np.int64)
    for _ in range(rounds):
        labels_before = labels
        labels = (vectors @ centres.T - 0.5 * (centres**2).sum(axis=1)).argmax(axis=1)
        if _ and np.array_equal(labels, labels_before):
            break
        members = csr_matrix((np.ones(n), (labels, np.arange(n))), shape=(k, n))
        sums = members @ vectors
        sizes = np.bincount(labels, minlength=k)
        filled = sizes > 0
        centres[filled] = sums[filled] / sizes[filled, None]
    return labels
