"""Word clusters from unlabelled narratives, the narrative-level and glue features, and the
storage of a model with its clusters (older models still load and tag the same)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from toycorpus import FAST, FIRST, LAST, WORDS, toy_corpus

from deid_studio.detect.cluster_learning import learn_clusters
from deid_studio.detect.clusters import WordClusters
from deid_studio.detect.crf import model_from_bytes, model_to_bytes, train_crf
from deid_studio.detect.features import ADDED_FAMILIES, FeatureConfig, Featurizer
from deid_studio.detect.tagger import CrfTagger

TOWNS = ("Toledo", "Albacete", "Cuenca", "Soria", "Teruel", "Huesca", "Lugo", "Zamora")


def unlabelled(count: int, seed: int = 1) -> list[str]:
    """Narratives nobody annotated: names after "paciente", towns after "vive en"."""
    rng = random.Random(seed)
    return [
        f"La paciente {rng.choice(FIRST)} {rng.choice(LAST)} vive en {rng.choice(TOWNS)} y "
        f"presenta {rng.choice(WORDS)} desde el lunes. Traslado a {rng.choice(TOWNS)}."
        for _ in range(count)
    ]


def test_words_of_the_same_contexts_share_a_cluster_and_the_table_round_trips() -> None:
    clusters = learn_clusters(unlabelled(300), levels=(4, 8), dimensions=8)
    assert clusters.levels == (4, 8) and clusters.documents == 300 and clusters.tokens > 5000
    coarse = {clusters.of(t)[0] for t in TOWNS}  # type: ignore[index]
    assert len(coarse) == 1, "towns share their coarse cluster"
    assert clusters.of("toledo") == clusters.of("TOLEDO")  # any case
    assert clusters.of("nunca-visto") is None
    again = WordClusters.from_bytes(clusters.to_bytes())
    assert again.table == clusters.table and again.levels == clusters.levels
    assert not again.outgrown(clusters.tokens) and again.outgrown(int(clusters.tokens * 1.3))
    with pytest.raises(ValueError, match="word-cluster"):
        WordClusters.from_bytes(b"{}")


def test_too_small_a_corpus_gives_no_levels_rather_than_failing() -> None:
    tiny = learn_clusters(["uno dos tres uno dos tres"], levels=(32,))
    assert tiny.levels == () and not tiny.table


def test_a_model_keeps_its_clusters_and_tags_the_same_after_storage() -> None:
    clusters = learn_clusters(unlabelled(200), levels=(4, 8), dimensions=8)
    model = train_crf(toy_corpus(20), FAST, clusters=clusters)
    assert model.clusters is clusters
    stored = model_to_bytes(model)
    assert stored[:2] == b"PK"  # the crfsuite model and the cluster table, together
    loaded = model_from_bytes(stored, model.params.to_dict())
    assert loaded.clusters is not None and loaded.clusters.table == clusters.table
    text = "Nombre: Rosa Soria.\nFecha de ingreso: 03/04/2021."
    assert CrfTagger(loaded).tag(text, "es").labels == CrfTagger(model).tag(text, "es").labels
    # cluster features are features of the word: Soria (a town here) gets its town cluster
    featurizer = Featurizer(model.params.features, "es", clusters)
    own, _ = featurizer.word("Soria")
    assert f"c4={clusters.of('soria')[0]}".encode() in own  # type: ignore[index]


def test_a_model_stored_before_the_new_feature_families_loads_and_tags_as_before() -> None:
    old_config = replace(FeatureConfig(), **dict.fromkeys(ADDED_FAMILIES, False))
    old = train_crf(toy_corpus(20), replace(FAST, features=old_config))
    params = old.params.to_dict()
    for name in ADDED_FAMILIES:
        del params["features"][name]  # as stored before issue 9
    loaded = model_from_bytes(old.data, params)  # a bare crfsuite file, no archive
    assert loaded.params.features == old_config and loaded.clusters is None
    text = "Nombre: Ana Lopez.\nFecha de ingreso: 03/04/2021."
    tagged = CrfTagger(loaded).tag(text, "es", marginals=True)
    assert tagged.labels == CrfTagger(old).tag(text, "es").labels
    assert {s.category for s in tagged.spans()} == {"PATIENT", "DATE"}


def features_of(text: str, word: str, hits: tuple = ()) -> set[str]:
    featurizer = Featurizer(FeatureConfig(), "es")
    for line in featurizer.lines(text, hits):
        for token, features in zip(line.tokens, line.features, strict=True):
            if token.text == word:
                return {f.decode() for f in features}
    raise AssertionError(word)


class Hit:
    def __init__(self, start: int, end: int, kind: str) -> None:
        self.start, self.end, self.kind = start, end, kind


def test_the_narrative_tells_a_word_what_its_other_occurrences_are() -> None:
    text = "Nombre: Rosa Cuenca.\nImagen normal.\nHoy Rosa dice que la imagen es buena.\n"
    rosa = text.index("Rosa")
    other = text.rindex("Rosa")
    alone = features_of(text[:other] + "Rosb" + text[other + 4 :], "Rosb")
    assert not any(f.startswith("dk=") for f in alone)  # another word: nothing carried over
    later = _all_features(text, "Rosa")[1]
    assert "dk=nombre" in later and "dn" in later  # after "Nombre:" on another line
    assert "dlc" in features_of(text, "Imagen")  # "imagen" in lower case elsewhere
    assert "dlc" not in features_of(text, "Cuenca")
    with_hit = _all_features(text, "Rosa", (Hit(rosa, rosa + 4, "PERSON"),))[1]
    assert "dr=PERSON" in with_hit
    assert "pos=h" in features_of(text, "Nombre")


def _all_features(text: str, word: str, hits: tuple = ()) -> list[set[str]]:
    featurizer = Featurizer(FeatureConfig(), "es")
    return [
        {f.decode() for f in features}
        for line in featurizer.lines(text, hits)
        for token, features in zip(line.tokens, line.features, strict=True)
        if token.text == word
    ]


def test_run_in_tokens_are_marked_glued() -> None:
    text = "Visto el 11/20/2073CPT por Dr.Smith hoy"
    assert {"ga<", "g<"} <= features_of(text, "CPT")
    assert "ga>" in features_of(text, "2073")
    assert "ga<" in features_of(text, "Smith")  # through the dot
    assert not {"g<", "g>"} & features_of(text, "por")


def test_an_indented_short_line_is_marked_so() -> None:
    """An address laid out in a letter's head: its indented, short lines carry their layout;
    a sentence of the story at the line's start carries none; the family can be off."""
    text = (
        "Please send it to my address: Sara Schwarz\n"
        "    28245 Puruntie 82 Apt. 595\n"
        "   LAPPEENRANTA\n"
        "The card arrived."
    )
    assert _layout(features_of(text, "Puruntie")) == {"ind=4"}  # six tokens: not short
    assert _layout(features_of(text, "LAPPEENRANTA")) == {"ind=2", "ll=1"}
    assert _layout(features_of(text, "Please")) == set()
    assert _layout(features_of(text, "card")) == {"ll=5"}
    letter = "Dear Sir\r\n\r\nWilliam Hughes\n\n20789 Allika 46\n Suite 501\n   \n Estonia"
    assert _layout(features_of(letter, "Dear")) == {"ll=2"}  # no blank line before it
    assert _layout(features_of(letter, "William")) == {"ll=2", "bl=1"}
    assert _layout(features_of(letter, "Allika")) == {"ll=5", "bl=1"}
    assert _layout(features_of(letter, "Suite")) == {"ind=1", "ll=2", "bl=2"}
    assert _layout(features_of(letter, "Estonia")) == {"ind=1", "ll=1", "bl=1"}  # blanks only
    off = Featurizer(replace(FeatureConfig(), layout=False), "en")
    assert not [
        f
        for line in off.lines(text)
        for features in line.features
        for f in features
        if _layout({f.decode()})
    ]


def _layout(features: set[str]) -> set[str]:
    return {f for f in features if f.startswith(("ind=", "ll=", "bl="))}
