"""Best paths and marginals of a linear-chain CRF for many sequences at once (numpy).

The sequences' state scores lie one after another in one ``(tokens, labels)`` array. They are
processed position by position, all sequences together: sorted longest first, the sequences
still running at position ``t`` are a prefix of that order, so each step is a handful of
array operations over every running sequence. The cost per step is what python-crfsuite pays
per token, shared by hundreds of sequences.

Same model as crfsuite's ``crf1d``: a path's score is the sum of its state scores and of the
transition weights between consecutive labels (no start or end transitions).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Batch:
    """Sequences laid out in one array: sequence ``k`` covers rows ``starts[k]`` to
    ``starts[k] + lengths[k]``. ``order`` sorts them longest first."""

    starts: np.ndarray
    lengths: np.ndarray
    order: np.ndarray

    @classmethod
    def of(cls, starts: np.ndarray, lengths: np.ndarray) -> Batch:
        """A batch; every length must be positive."""
        starts = np.asarray(starts, dtype=np.int64)
        lengths = np.asarray(lengths, dtype=np.int64)
        if len(lengths) and lengths.min() <= 0:
            raise ValueError("empty sequence in a batch")
        order = np.argsort(-lengths, kind="stable")
        return cls(starts, lengths, order)

    def running(self) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """Starts and lengths longest first, and how many sequences run at each position."""
        starts = self.starts[self.order]
        lengths = self.lengths[self.order]
        longest = int(lengths[0]) if len(lengths) else 0
        # lengths are descending: the sequences longer than t are a prefix
        counts = np.searchsorted(-lengths, -np.arange(longest), side="left").tolist()
        return starts, lengths, counts


def viterbi(
    scores: np.ndarray, transitions: np.ndarray, batch: Batch
) -> tuple[np.ndarray, np.ndarray]:
    """The best label of every row, and each sequence's best path score (in batch order)."""
    total, n_labels = scores.shape
    best = np.zeros(total, dtype=np.int64)
    if not len(batch.lengths):
        return best, np.zeros(0)
    starts, lengths, counts = batch.running()
    delta = scores[starts].copy()
    final = np.empty((len(starts), n_labels))
    pointers: list[np.ndarray] = []
    into = np.ascontiguousarray(transitions.T)  # into[j, i]: from label i to label j
    for t in range(1, len(counts)):
        n = counts[t]
        ended = counts[t - 1]
        if n < ended:
            final[n:ended] = delta[n:ended]
        # candidates[k, j, i]: sequence k reaches label j from label i; reducing over the
        # last, contiguous axis is several times faster than over the middle one
        candidates = delta[:n, None, :] + into
        pointer = candidates.argmax(axis=2)
        delta = np.take_along_axis(candidates, pointer[:, :, None], axis=2)[:, :, 0]
        delta += scores[starts[:n] + t]
        pointers.append(pointer.astype(np.int16))
    final[: counts[-1]] = delta
    last = final.argmax(axis=1)
    path_scores = final[np.arange(len(starts)), last]
    current = np.zeros(len(starts), dtype=np.int64)
    for t in range(len(counts) - 1, -1, -1):
        n = counts[t]
        ends_here = np.nonzero(lengths[:n] == t + 1)[0]
        current[ends_here] = last[ends_here]
        best[starts[:n] + t] = current[:n]
        if t > 0:
            current[:n] = pointers[t - 1][np.arange(n), current[:n]]
    unsorted = np.empty_like(path_scores)
    unsorted[batch.order] = path_scores
    return best, unsorted


def marginals(
    scores: np.ndarray, transitions: np.ndarray, batch: Batch
) -> tuple[np.ndarray, np.ndarray]:
    """P(label | sequence) for every row and label, and each sequence's log partition
    (in batch order).

    Scaled forward-backward (Rabiner): each row's potentials are exponentiated once, relative
    to the row's best score; forward vectors are normalised at every step and the backward
    pass reuses the same factors, so the marginals are the product of the two and no
    logarithm is taken inside the loop.
    """
    total, n_labels = scores.shape
    if not len(batch.lengths):
        return np.zeros((total, n_labels)), np.zeros(0)
    starts, lengths, counts = batch.running()
    top = scores.max(axis=1, keepdims=True)
    potentials = np.exp(scores - top)
    expt = np.exp(transitions)
    expt_t = np.ascontiguousarray(expt.T)
    alpha = np.empty_like(scores)
    beta = np.empty_like(scores)
    factors = np.empty(total)
    current = potentials[starts]
    norm = current.sum(axis=1)
    current = current / norm[:, None]
    alpha[starts] = current
    factors[starts] = norm
    for t in range(1, len(counts)):
        n = counts[t]
        rows = starts[:n] + t
        current = (current[:n] @ expt) * potentials[rows]
        norm = current.sum(axis=1)
        current /= norm[:, None]
        alpha[rows] = current
        factors[rows] = norm
    last_rows = starts + lengths - 1
    beta[last_rows] = 1.0
    for t in range(len(counts) - 2, -1, -1):
        n = counts[t + 1]  # sequences that have a position t + 1
        rows = starts[:n] + t
        following = potentials[rows + 1] * beta[rows + 1]
        beta[rows] = (following @ expt_t) / factors[rows + 1][:, None]
    probabilities = alpha * beta
    offsets = np.repeat(np.cumsum(lengths) - lengths, lengths)
    row_index = np.arange(int(lengths.sum())) - offsets + np.repeat(starts, lengths)
    log_terms = np.log(factors[row_index]) + top[row_index, 0]
    log_z = np.add.reduceat(log_terms, np.cumsum(lengths) - lengths)
    unsorted = np.empty_like(log_z)
    unsorted[batch.order] = log_z
    return probabilities, unsorted
