from __future__ import annotations

import pycrfsuite
import pytest
from toycorpus import toy_corpus

from deid_studio.detect.crf import CrfModel
from deid_studio.detect.features import Featurizer
from deid_studio.detect.modelfile import read_weights
from deid_studio.detect.ruleshits import rule_hits
from deid_studio.detect.tagger import CrfTagger


def test_paths_and_marginals_are_those_of_crfsuite(toy_model: CrfModel) -> None:
    reference = pycrfsuite.Tagger()
    reference.open_inmemory(toy_model.data)
    featurizer = Featurizer(toy_model.params.features, "es")
    documents = toy_corpus(8, seed=3)
    # an unseen word, odd spacing and an empty line stress unknown features and padding
    texts = [d.text for d in documents] + ["Nombre:  Zyx  Qwerty.\n\nFecha 1/2/2003"]
    tagged = CrfTagger(toy_model).tag_many([(t, "es") for t in texts], marginals=True)
    for text, mine in zip(texts, tagged, strict=True):
        labels, p_outside = [], []
        for line in featurizer.lines(text, rule_hits(text, "es")):
            reference.set(line.features)
            labels += reference.tag()
            p_outside += [reference.marginal("O", i) for i in range(len(line.tokens))]
        assert mine.labels == labels
        assert mine.p_outside == pytest.approx(p_outside, abs=1e-6)


def test_marginals_are_distributions_and_path_probabilities_are_probabilities(
    toy_model: CrfModel,
) -> None:
    document = toy_corpus(1, seed=5)[0]
    tagged = CrfTagger(toy_model).tag(document.text, "es", marginals=True)
    assert tagged.p_outside and tagged.p_category and tagged.entropy and tagged.path_probability
    for p_o, p_cat in zip(tagged.p_outside, tagged.p_category, strict=True):
        assert 0.0 <= p_o <= 1.0 and 0.0 <= p_cat <= 1.0 - p_o + 1e-9
    assert all(0.0 < p <= 1.0 for p in tagged.path_probability)
    assert len(tagged.path_probability) == len(tagged.lines) == 3


@pytest.mark.parametrize(
    "text",
    [
        "Nombre: Ana Garcia.\r\nFecha de ingreso: 03/04/2019.\r\n",
        "😀😀 Nombre: Ana Garcia 👩‍⚕️.\nFecha de ingreso: 03/04/2019 ✓",
        "\ufeffNombre: Ana Garcia.",
    ],
)
def test_offsets_are_exact_with_crlf_emoji_and_bom(toy_model: CrfModel, text: str) -> None:
    tagged = CrfTagger(toy_model).tag(text, "es")
    assert all(text[t.start : t.end] == t.text for t in tagged.tokens)
    spans = tagged.spans()
    assert [text[s.start : s.end] for s in spans][:1] == ["Ana Garcia"]
    if "2019" in text:
        assert [s.category for s in spans] == ["PATIENT", "DATE"]
        assert text[spans[1].start : spans[1].end] == "03/04/2019"


def test_batches_give_the_same_answers_as_one_at_a_time(toy_model: CrfModel) -> None:
    texts = [(d.text, "es") for d in toy_corpus(6, seed=11)] + [("", "es"), ("  ", None)]
    tagger = CrfTagger(toy_model)
    together = tagger.tag_many(texts, marginals=True)
    alone = [tagger.tag(t, lang, marginals=True) for t, lang in texts]
    assert [t.labels for t in together] == [t.labels for t in alone]
    assert together[-1].tokens == [] and together[-1].spans() == []


def test_the_model_file_reader_finds_every_weight(toy_model: CrfModel) -> None:
    info = pycrfsuite.Tagger()
    info.open_inmemory(toy_model.data)
    dump = info.info()
    weights = read_weights(toy_model.data)
    assert list(weights.labels) == info.labels()
    for (attribute, label), weight in dump.state_features.items():
        row = weights.attributes[attribute.encode()]
        assert weights.state[row, weights.labels.index(label)] == pytest.approx(weight, abs=1e-6)
    for (source, destination), weight in dump.transitions.items():
        i, j = weights.labels.index(source), weights.labels.index(destination)
        assert weights.transitions[i, j] == pytest.approx(weight, abs=1e-6)
    assert not weights.state[-1].any()  # the row of unknown attributes


def test_a_batch_mixing_languages_scores_each_narrative_as_alone(toy_model: CrfModel) -> None:
    documents = toy_corpus(4, seed=21)
    texts = [(d.text, "es" if k % 2 else None) for k, d in enumerate(documents)]
    texts.insert(2, ("Paciente: Zyx Qwerty\n\n\nFecha 1/2/2003 ,", "es"))
    tagger = CrfTagger(toy_model)
    together = tagger.tag_many(texts, marginals=True)
    alone = [CrfTagger(toy_model).tag(text, language, marginals=True) for text, language in texts]
    assert [t.labels for t in together] == [t.labels for t in alone]
    for mine, reference in zip(together, alone, strict=True):
        # the same scores; products over a different number of rows may round differently
        assert mine.p_outside == pytest.approx(reference.p_outside, abs=1e-12)
        assert mine.path_probability == pytest.approx(reference.path_probability, abs=1e-12)


def test_tagging_at_several_scales_is_tagging_once_per_scale(
    toy_model: CrfModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cross-validation tags each held-out fold at five score scales: the features and
    scores are computed once, the marginals at each scale are those of a model whose scale
    it is, and the batches are cut as one pass would cut them."""
    from dataclasses import replace

    import deid_studio.detect.tagger as tagger_module

    monkeypatch.setattr(tagger_module, "BATCH_TOKENS", 40)  # several batches
    narratives = [(d.text, "es") for d in toy_corpus(6, seed=11)] + [("", "es")]
    scales = [0.5, 1.0, 2.0]
    tagger = CrfTagger(toy_model)
    prepared: list[str] = []
    original = tagger._prepare
    monkeypatch.setattr(
        tagger, "_prepare", lambda text, *rest: prepared.append(text) or original(text, *rest)
    )
    at_scales = list(tagger.tag_at_scales(narratives, scales))
    assert len(prepared) == len(narratives)  # once each, not once per scale
    for scale, tagged in zip(scales, at_scales, strict=True):
        alone = CrfTagger(replace(toy_model, scale=scale)).tag_many(narratives, marginals=True)
        assert tagged == alone
    assert at_scales[0][0].p_outside != at_scales[2][0].p_outside


def test_a_caller_that_stops_between_scales_finds_the_collector_on(toy_model: CrfModel) -> None:
    """Training checks for a cancel between two scales: the collector, paused while a scale is
    tagged, must not stay off when the caller stops there (or raises)."""
    import gc

    narratives = [(d.text, "es") for d in toy_corpus(3, seed=5)]
    was = gc.isenabled()
    gc.enable()
    try:
        scales = CrfTagger(toy_model).tag_at_scales(narratives, [0.5, 1.0])
        assert next(scales) and gc.isenabled()  # suspended between two scales
        scales.close()
    finally:
        if was:
            gc.enable()
