"""Fixtures of the engine's tests: a CRF trained once per session on the toy corpus."""

from __future__ import annotations

import pytest
from toycorpus import FAST, toy_corpus

from deid_studio.detect.crf import CrfModel, train_crf


@pytest.fixture(scope="session")
def toy_model() -> CrfModel:
    """L-BFGS (probabilistic marginals) on 30 toy documents: a second or so."""
    return train_crf(toy_corpus(30), FAST)
