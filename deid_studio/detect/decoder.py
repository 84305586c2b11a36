"""Best paths and marginals of a linear-chain CRF for many sequences at once (numpy).

The sequences' state scores lie one after another in one ``(tokens, labels)`` array. They are
processed position by position, all sequences together: sorted longest first, the sequences
still running at position ``t`` are a prefix of that order, so each step is a handful of
array operations over every running sequence. The cost per step is what python-crfsuite pays
per token, shared by hundreds of sequences. The rows are copied position by position first
(all sequences' first rows, then their second rows, ...), so every step reads and writes one
slice. Most steps have only a few sequences left (the tail of the longest lines).

Viterbi leaves out, at every step, the labels that cannot be any label's best predecessor
(:class:`_Step`); the forward pass keeps only scores and the backward pass recomputes the one
predecessor each path needs. Paths and scores are the same numbers a full argmax over every
pair of labels gives, ties included.

Same model as crfsuite's ``crf1d``: a path's score is the sum of its state scores and of the
transition weights between consecutive labels (no start or end transitions).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

TOLERANCE = 1e-12  # a pruned label loses by this share of the largest possible score
SINGLE_THREAD_WORK = 262_144  # OpenBLAS multiplies on one thread up to m * n * k of this


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
    """The best label of every row, and each sequence's best path score (in batch order).

    The forward pass keeps only the best score of every label at every position
    (:meth:`_Step.best_into`); the backward pass then finds the one predecessor each path
    needs, by the same sums and the same first-index tie-break as a full argmax.
    """
    best = np.zeros(len(scores), dtype=np.int64)
    if not len(batch.lengths):
        return best, np.zeros(0)
    starts, lengths, counts = batch.running()
    layout, firsts = _by_position(starts, counts)
    # the rows of position t are history[firsts[t] : firsts[t] + counts[t]]: their state
    # scores, to which the forward pass adds the best score reaching each label (in place:
    # a copy of the scores beside the history was a tenth of a batch worker's memory)
    history = scores[layout]
    step = _Step(transitions, len(counts) * (np.abs(scores).max() + np.abs(transitions).max()))
    reaching = np.empty((counts[0], history.shape[1]))
    delta = history[: counts[0]]
    for t in range(1, len(counts)):
        rows = slice(firsts[t], firsts[t] + counts[t])
        reached = step.best_into(delta[: counts[t]], out=reaching[: counts[t]])
        delta = history[rows]
        delta += reached
    final = history[firsts[lengths - 1] + np.arange(len(starts))]
    last = final.argmax(axis=1)
    path_scores = final[np.arange(len(starts)), last]
    into = np.ascontiguousarray(transitions.T)  # into[j, i]: from label i to label j
    current = np.zeros(len(starts), dtype=np.int64)
    path = np.empty(len(layout), dtype=np.int64)
    for t in range(len(counts) - 1, -1, -1):
        n = counts[t]
        ending = counts[t + 1] if t + 1 < len(counts) else 0  # sequences ending to n end here
        current[ending:n] = last[ending:n]
        path[firsts[t] : firsts[t] + n] = current[:n]
        if t > 0:
            before = history[firsts[t - 1] : firsts[t - 1] + n]
            current[:n] = (before + into[current[:n]]).argmax(axis=1)
    best[layout] = path
    unsorted = np.empty_like(path_scores)
    unsorted[batch.order] = path_scores
    return best, unsorted


def _by_position(starts: np.ndarray, counts: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Row order position by position (the running sequences at position 0, then at 1, ...),
    and where each position's rows begin in that order."""
    running = np.asarray(counts, dtype=np.int64)
    firsts = np.cumsum(running) - running
    sequence = np.arange(int(running.sum())) - np.repeat(firsts, running)
    return starts[sequence] + np.repeat(np.arange(len(counts)), running), firsts


class _Step:
    """One Viterbi step for many sequences, with exact pruning.

    ``best_into(delta)[k, j] = max_i delta[k, i] + transitions[i, j]``. Let ``s`` be row
    ``k``'s best label. Label ``i`` can beat ``s`` into some ``j`` only if
    ``delta[i] + reach[s, i] >= delta[s]``, where ``reach[s, i]`` is
    ``max_j transitions[i, j] - transitions[s, j]``; labels further behind lose to ``s`` into
    every label and are left out. Most rows keep ``s`` alone (on MEDDOCAN dev with the default
    model, 73% of rows; 1.9 labels survive per row on average, of 42) and the step is one row
    of ``transitions``; the others are reduced over their surviving labels only. The maxima are
    the sums a full step would compute, so results are identical: ``bound``, the largest
    score magnitude possible, sets a margin (far above rounding error) a label must lose by.
    """

    def __init__(self, transitions: np.ndarray, bound: float) -> None:
        self.transitions = transitions
        self.pruning = bool(np.isfinite(bound))  # infinite scores: every label, every step
        if self.pruning:
            self.reach = (transitions[None, :, :] - transitions[:, None, :]).max(axis=2)
            self.tolerance = TOLERANCE * (1.0 + bound)
        else:
            self.into = np.ascontiguousarray(transitions.T)

    def best_into(self, delta: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
        """The best score reaching every label from ``delta`` (``sequences x labels``)."""
        if not self.pruning:
            return np.max(delta[:, None, :] + self.into, axis=2, out=out)
        n, n_labels = delta.shape
        leader = delta.argmax(axis=1)
        top = delta.reshape(-1)[np.arange(n) * n_labels + leader]
        alive = delta + self.reach[leader] >= (top - self.tolerance)[:, None]
        following = np.take(self.transitions, leader, axis=0, out=out)
        following += top[:, None]
        survivors = alive.sum(axis=1)
        contested = np.flatnonzero(survivors > 1)
        if len(contested):
            sequence, label = alive[contested].nonzero()  # row by row, labels ascending
            candidates = self.transitions[label]
            candidates += delta[contested[sequence], label][:, None]
            counted = survivors[contested]
            following[contested] = np.maximum.reduceat(
                candidates, np.cumsum(counted) - counted, axis=0
            )
        return following


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
    layout, firsts = _by_position(starts, counts)
    # position by position, as in viterbi: every step is a slice; the arrays of a batch are
    # made in place where the numbers allow (each is rows x labels: 10 MB for 128 reports)
    potentials = scores[layout]
    top = potentials.max(axis=1, keepdims=True)
    potentials -= top
    np.exp(potentials, out=potentials)
    expt = np.exp(transitions)
    expt_t = np.ascontiguousarray(expt.T)
    alpha = np.empty_like(potentials)
    beta = np.empty_like(potentials)
    factors = np.empty(len(potentials))
    current = potentials[: counts[0]]
    norm = current.sum(axis=1)
    current = alpha[: counts[0]] = current / norm[:, None]
    factors[: counts[0]] = norm
    for t in range(1, len(counts)):
        rows = slice(firsts[t], firsts[t] + counts[t])
        current = _product(current[: counts[t]], expt, out=alpha[rows])
        current *= potentials[rows]
        norm = current.sum(axis=1)
        current /= norm[:, None]
        factors[rows] = norm
    beta[firsts[lengths - 1] + np.arange(len(starts))] = 1.0
    for t in range(len(counts) - 2, -1, -1):
        n = counts[t + 1]  # sequences that have a position t + 1
        rows = slice(firsts[t], firsts[t] + n)
        after = slice(firsts[t + 1], firsts[t + 1] + n)
        _product(potentials[after] * beta[after], expt_t, out=beta[rows])
        beta[rows] /= factors[after][:, None]
    del potentials
    alpha *= beta
    del beta
    probabilities = np.zeros_like(scores)
    probabilities[layout] = alpha
    log_terms = np.empty(total)
    log_terms[layout] = np.log(factors) + top[:, 0]
    offsets = np.repeat(np.cumsum(lengths) - lengths, lengths)
    row_index = np.arange(int(lengths.sum())) - offsets + np.repeat(starts, lengths)
    log_z = np.add.reduceat(log_terms[row_index], np.cumsum(lengths) - lengths)
    unsorted = np.empty_like(log_z)
    unsorted[batch.order] = log_z
    return probabilities, unsorted


def _product(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``a @ b`` into ``out``, in row blocks small enough for BLAS to keep to one thread.

    The products here are tiny (hundreds of rows times labels x labels); threads only add
    overhead, and with another busy process on a two-core machine, spinning BLAS threads
    made marginals about twice as slow.
    """
    block = max(16, SINGLE_THREAD_WORK // (b.shape[0] * b.shape[1]))
    for first in range(0, len(a), block):
        np.matmul(a[first : first + block], b, out=out[first : first + block])
    return out
