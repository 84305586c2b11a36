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
