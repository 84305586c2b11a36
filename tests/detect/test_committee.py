"""Committees: online models on the same features, their weights averaged — the fast model
on a small corpus, and ``train --committee K``."""

from __future__ import annotations

import io
import zipfile
from dataclasses import replace

import numpy as np
import pytest

from deid_studio.detect.crf import CrfParams, model_from_bytes, model_to_bytes, train_crf
from deid_studio.detect.modelfile import ModelWeights, average_weights, read_weights
from deid_studio.detect.tagger import CrfTagger
from deid_studio.services.training import best_params, default_params
from tests.detect.toycorpus import toy_corpus

QUICK = CrfParams(algorithm="pa", iterations=3, committee=1)


def test_weights_are_averaged_by_attribute_and_label_name() -> None:
    one = ModelWeights(
        labels=("O", "B-X"),
        attributes={b"a": 0, b"b": 1},
        state=np.array([[1.0, 2.0], [3.0, 4.0], [0.0, 0.0]]),
        transitions=np.array([[1.0, 0.0], [0.0, 1.0]]),
    )
    other = ModelWeights(  # its labels and attributes in another order, and one of its own
        labels=("B-X", "O"),
        attributes={b"c": 0, b"a": 1},
        state=np.array([[5.0, 6.0], [7.0, 8.0], [0.0, 0.0]]),
        transitions=np.array([[3.0, 2.0], [0.0, 1.0]]),
    )
    mean = average_weights([one, other])
    assert mean.labels == ("O", "B-X")
    row = {name: mean.state[i].tolist() for name, i in mean.attributes.items()}
    assert row == {b"a": [4.5, 4.5], b"b": [1.5, 2.0], b"c": [3.0, 2.5]}
    assert mean.state[len(mean.attributes)].tolist() == [0.0, 0.0]  # the unknown row
    # other: B-X -> B-X 3, B-X -> O 2, O -> O 1; one: O -> O 1, B-X -> B-X 1
    assert mean.transitions.tolist() == [[1.0, 0.0], [1.0, 2.0]]
    assert average_weights([one]) is one


def test_a_committee_is_its_members_trained_alone_averaged() -> None:
    corpus = toy_corpus(30)
    committee = train_crf(corpus, replace(QUICK, committee=3, seed=4))
    assert len(committee.files) == 3 and committee.labels
    alone = [train_crf(corpus, replace(QUICK, seed=seed)).data for seed in (4, 5, 6)]
    assert list(committee.files) == alone  # the features built once serve every member
    assert len(set(alone)) == 3  # the seeds shuffle differently: three models
    tagger = CrfTagger(committee)
    single = [read_weights(data) for data in alone]
    assert all(w.labels == tagger.labels for w in single)  # the same data: the same labels
    for name, row in tagger._attributes.items():  # one a model weighs 0 it does not store
        rows = [w.state[w.attributes.get(name, len(w.attributes))] for w in single]
        assert np.allclose(tagger._state[row], np.mean(rows, axis=0))
    tagged = tagger.tag("Nombre: Rosa Torres.\nFecha de ingreso: 03/04/2015.\n", "es")
    assert "B-PATIENT" in tagged.labels and "B-DATE" in tagged.labels


def test_a_committee_is_stored_and_loaded_whole() -> None:
    committee = train_crf(toy_corpus(20), replace(QUICK, committee=2))
    blob = model_to_bytes(committee)
    with zipfile.ZipFile(io.BytesIO(blob)) as archive:
        assert sorted(archive.namelist()) == ["member-1.crfsuite", "model.crfsuite"]
    loaded = model_from_bytes(blob, committee.params.to_dict(), scale=0.5)
    assert loaded.files == committee.files and loaded.params.committee == 2
    assert loaded.labels == committee.labels and loaded.scale == 0.5
    single = train_crf(toy_corpus(20), QUICK)
    assert model_to_bytes(single) == single.data  # one model without clusters: the bare file


def test_a_committee_of_models_with_other_labels_is_refused() -> None:
    one = train_crf(toy_corpus(20), QUICK)
    dates_only = [replace(d, spans=d.spans[1:]) for d in toy_corpus(20)]
    other = train_crf(dates_only, QUICK)
    blob = model_to_bytes(replace(one, members=(other.data,)))
    with pytest.raises(ValueError, match="different labels"):
        model_from_bytes(blob, replace(one.params, committee=2).to_dict())


def test_committees_by_corpus_and_by_choice_and_lbfgs_is_one_model() -> None:
    assert best_params().algorithm == "lbfgs" and best_params().committee_for(20_000) == 1
    fast = default_params()  # a committee while the corpus is small, then one model
    assert (fast.committee_for(20_000), fast.committee_for(99_999)) == (3, 3)
    assert (fast.committee_for(100_000), fast.committee_for(500_000)) == (1, 1)
    chosen = best_params().with_overrides(algorithm="pa", committee=2)  # --best --committee 2
    assert (chosen.algorithm, chosen.committee_for(10**7)) == ("pa", 2)
    assert CrfParams(committee=3).with_overrides(algorithm="lbfgs").committee is None
    assert CrfParams(algorithm="ap").committee_for(20_000) == 1  # not tuned: one model
    with pytest.raises(ValueError, match="online algorithm"):
        CrfParams(algorithm="lbfgs", committee=2)
    with pytest.raises(ValueError, match="at least one"):
        CrfParams(committee=0)
    assert CrfParams.from_dict({"algorithm": "pa"}).committee is None  # older versions


def test_the_fast_model_on_a_small_corpus_is_a_committee() -> None:
    corpus = toy_corpus(30)
    small = train_crf(corpus, CrfParams(iterations=3))
    assert len(small.files) == 3
    assert small.data == train_crf(corpus, replace(QUICK, committee=1)).data
    assert len(train_crf(corpus, CrfParams(iterations=3, committee=1)).files) == 1


def test_a_committee_with_a_missing_or_extra_model_is_refused() -> None:
    committee = train_crf(toy_corpus(20), replace(QUICK, committee=3))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:  # member-1 lost, member-2 kept
        archive.writestr("model.crfsuite", committee.data)
        archive.writestr("member-2.crfsuite", committee.members[1])
    with pytest.raises(ValueError, match=r"members \[2\]"):
        model_from_bytes(buffer.getvalue(), committee.params.to_dict())
    blob = model_to_bytes(replace(committee, members=committee.members[:1]))
    with pytest.raises(ValueError, match="a committee of 3 stored with 2 models"):
        model_from_bytes(blob, committee.params.to_dict())


def test_a_committee_reading_word_clusters_keeps_both() -> None:
    from deid_studio.detect.cluster_learning import learn_clusters

    corpus = toy_corpus(30)
    clusters = learn_clusters([d.text for d in corpus])
    committee = train_crf(corpus, replace(QUICK, committee=2), clusters=clusters)
    loaded = model_from_bytes(model_to_bytes(committee), committee.params.to_dict())
    assert loaded.files == committee.files and loaded.clusters is not None
    assert loaded.clusters.to_bytes() == clusters.to_bytes()


def test_params_of_the_algorithms_choice_are_stored_as_before_committees() -> None:
    """A batch run's fingerprint holds the model's params: a single model's must not change
    with the committee's arrival, or `batch --resume` of an older run is refused."""
    stored = CrfParams().to_dict()
    assert "committee" not in stored and CrfParams.from_dict(stored) == CrfParams()
    assert CrfParams(committee=3).to_dict()["committee"] == 3
    assert CrfParams.from_dict(CrfParams(committee=3).to_dict()).committee == 3
