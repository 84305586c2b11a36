from __future__ import annotations

import itertools

import numpy as np
import pytest

from deid_studio.detect.decoder import Batch, marginals, viterbi


def brute_force(scores: np.ndarray, transitions: np.ndarray) -> tuple[list[int], np.ndarray]:
    n, labels = scores.shape
    best, best_score = None, -np.inf
    z = 0.0
    weight: dict[tuple[int, ...], float] = {}
    for path in itertools.product(range(labels), repeat=n):
        s = sum(scores[t, path[t]] for t in range(n))
        s += sum(transitions[path[t - 1], path[t]] for t in range(1, n))
        weight[path] = np.exp(s)
        z += weight[path]
        if s > best_score:
            best, best_score = path, s
    probabilities = np.zeros_like(scores)
    for path, w in weight.items():
        for t, label in enumerate(path):
            probabilities[t, label] += w / z
    assert best is not None
    return list(best), probabilities


@pytest.mark.parametrize("seed", range(5))
def test_viterbi_and_marginals_match_enumeration_over_ragged_sequences(seed: int) -> None:
    rng = np.random.default_rng(seed)
    lengths = [3, 1, 4, 2, 4]
    labels = 3
    scores = rng.normal(0, 2, (sum(lengths), labels))
    transitions = rng.normal(0, 2, (labels, labels))
    starts = np.cumsum([0, *lengths[:-1]])
    batch = Batch.of(starts, np.array(lengths))
    best, path_scores = viterbi(scores, transitions, batch)
    probabilities, log_z = marginals(scores, transitions, batch)
    for k, (start, length) in enumerate(zip(starts, lengths, strict=True)):
        rows = slice(start, start + length)
        expected_path, expected_p = brute_force(scores[rows], transitions)
        assert best[rows].tolist() == expected_path
        assert probabilities[rows] == pytest.approx(expected_p, abs=1e-9)
        assert np.exp(path_scores[k] - log_z[k]) <= 1.0


def test_an_empty_batch_and_an_empty_sequence() -> None:
    best, scores = viterbi(np.zeros((0, 2)), np.zeros((2, 2)), Batch.of(np.array([]), np.array([])))
    assert best.size == 0 and scores.size == 0
    with pytest.raises(ValueError, match="empty sequence"):
        Batch.of(np.array([0]), np.array([0]))


@pytest.mark.parametrize("seed", range(3))
def test_viterbi_with_sparse_transitions_matches_enumeration(seed: int) -> None:
    rng = np.random.default_rng(seed)
    lengths = [4, 2, 5, 1]
    labels = 4
    scores = rng.normal(0, 2, (sum(lengths), labels))
    transitions = rng.normal(0, 2, (labels, labels)) * (rng.random((labels, labels)) < 0.3)
    starts = np.cumsum([0, *lengths[:-1]])
    best, _ = viterbi(scores, transitions, Batch.of(starts, np.array(lengths)))
    for start, length in zip(starts, lengths, strict=True):
        expected, _ = brute_force(scores[start : start + length], transitions)
        assert best[start : start + length].tolist() == expected


def dense_viterbi(scores: np.ndarray, transitions: np.ndarray) -> tuple[list[int], float]:
    """One sequence, every label against every label, ties to the lowest label."""
    n, labels = scores.shape
    delta = scores[0].copy()
    pointers = []
    for t in range(1, n):
        candidates = delta[:, None] + transitions  # [i, j]: from i to j
        pointer = candidates.argmax(axis=0)
        delta = candidates[pointer, np.arange(labels)] + scores[t]
        pointers.append(pointer)
    path = [int(delta.argmax())]
    for pointer in reversed(pointers):
        path.append(int(pointer[path[-1]]))
    return path[::-1], float(delta.max())


def assert_same_as_dense(scores: np.ndarray, transitions: np.ndarray, lengths: list[int]) -> None:
    starts = np.cumsum([0, *lengths[:-1]])
    best, path_scores = viterbi(scores, transitions, Batch.of(starts, np.array(lengths)))
    for k, (start, length) in enumerate(zip(starts, lengths, strict=True)):
        expected, expected_score = dense_viterbi(scores[start : start + length], transitions)
        assert best[start : start + length].tolist() == expected
        assert path_scores[k] == expected_score  # the same sums, not merely close ones


@pytest.mark.parametrize("seed", range(6))
def test_pruned_viterbi_is_the_dense_one_over_many_long_sequences(seed: int) -> None:
    rng = np.random.default_rng(seed)
    lengths = rng.integers(1, 40, size=60).tolist()
    labels = 9
    if seed % 2:  # small integers: ties everywhere, decided by the lowest label
        scores = rng.integers(-2, 3, (sum(lengths), labels)).astype(float)
        transitions = rng.integers(-1, 2, (labels, labels)).astype(float)
    else:  # a few strong labels, so most labels are pruned at most steps
        scores = rng.normal(0, 1, (sum(lengths), labels))
        scores[np.arange(len(scores)), rng.integers(0, labels, len(scores))] += 8.0
        transitions = rng.normal(0, 1, (labels, labels))
    assert_same_as_dense(scores, transitions, lengths)


def test_a_label_far_behind_still_wins_through_a_strong_transition() -> None:
    # after the first token label 1 trails by 10, but 1 -> 1 is worth 20: it must survive
    scores = np.array([[10.0, 0.0], [0.0, 0.0], [0.0, 1.0]])
    transitions = np.array([[0.0, 0.0], [0.0, 20.0]])
    assert_same_as_dense(scores, transitions, [3])
    best, _ = viterbi(scores, transitions, Batch.of(np.array([0]), np.array([3])))
    assert best.tolist() == [1, 1, 1]


def test_a_label_behind_by_exactly_its_reach_ties_and_the_lowest_label_wins() -> None:
    # into label 1: from label 0 (10 + 0) or from label 1 (4 + 6), a tie; label 2 is pruned
    scores = np.array([[10.0, 4.0, -5.0], [0.0, 1.0, 0.0]])
    transitions = np.array([[0.0, 0.0, 0.0], [0.0, 6.0, 0.0], [0.0, 0.0, 0.0]])
    one = Batch.of(np.array([0]), np.array([2]))
    assert viterbi(scores, transitions, one)[0].tolist() == [0, 1]
    swap = [1, 0, 2]  # the same model with labels 0 and 1 renamed
    assert viterbi(scores[:, swap], transitions[swap][:, swap], one)[0].tolist() == [0, 0]
    assert_same_as_dense(scores, transitions, [2])
    assert_same_as_dense(scores[:, swap], transitions[swap][:, swap], [2])


def test_pruning_on_huge_scores_and_infinite_ones() -> None:
    rng = np.random.default_rng(7)
    lengths = [12, 5, 9]
    scores = 1e9 + rng.integers(0, 3, (sum(lengths), 4)).astype(float)  # large, coarse
    transitions = rng.integers(-1, 2, (4, 4)) * 1e-7
    assert_same_as_dense(scores, transitions, lengths)
    scores[:, 2] = -np.inf  # a label never allowed
    assert_same_as_dense(scores, transitions, lengths)
    transitions[0, 1] = -np.inf  # a transition never allowed
    assert_same_as_dense(scores, transitions, lengths)
