from __future__ import annotations

from toycorpus import toy_corpus

from deid_studio.core.categories import preset
from deid_studio.core.document import Suggestion
from deid_studio.detect.crf import CrfModel
from deid_studio.detect.detector import Detector, DetectorSettings, crf_suggestions
from deid_studio.detect.tagger import CrfTagger
from deid_studio.detect.uncertainty import uncertainty


def test_a_document_the_model_is_unsure_of_scores_higher(toy_model: CrfModel) -> None:
    tagger = CrfTagger(toy_model)
    familiar = toy_corpus(1, seed=99)[0].text
    strange = (
        "Consulta: Xiomara Quenby Oyelaran-Kwabena, remitida por Zebulon Aurelio.\n"
        "Ingreso 3 de marzo; control en Villanueva del Arzobispo el 14.IV.21.\n"
    )
    scores = {}
    for name, text in (("familiar", familiar), ("strange", strange)):
        tagged = tagger.tag(text, "es", marginals=True)
        scores[name] = uncertainty(tagged, 0.5, crf=crf_suggestions(tagged))
    assert scores["strange"].score > scores["familiar"].score
    assert scores["strange"].mean_entropy > scores["familiar"].mean_entropy
    assert 0.0 <= scores["familiar"].score <= 1.0


def test_rule_and_crf_disagreement_counts(toy_model: CrfModel) -> None:
    tagged = CrfTagger(toy_model).tag("Nombre: Ana Garcia.", "es", marginals=True)
    crf = [Suggestion(8, 18, "PATIENT", 0.9, "crf")]
    agree = uncertainty(tagged, 0.5, rules=[Suggestion(8, 18, "PATIENT", 1, "rule")], crf=crf)
    clash = uncertainty(tagged, 0.5, rules=[Suggestion(8, 11, "ID", 1, "rule")], crf=crf)
    assert agree.disagreement == 0 and clash.disagreement == 2
    assert clash.score > agree.score
    assert set(agree.details()) >= {"score", "mean_entropy", "least_confidence", "near_tau"}


def test_the_detector_merges_rules_and_scores_documents(toy_model: CrfModel) -> None:
    document = toy_corpus(1, seed=3)[0]
    detector = Detector(toy_model, preset("meddocan"), DetectorSettings(tau=0.5))
    [default] = detector.detect([(document.text, "es")], marginals=True)
    assert [s.span for s in default.crf] == list(document.spans)
    assert default.uncertainty is not None and all(s.confidence > 0.5 for s in default.crf)
    [recall] = detector.detect([(document.text, "es")], mode="recall")
    recall_chars = {i for s in recall.suggestions for i in range(s.start, s.end)}
    assert all(i in recall_chars for s in default.suggestions for i in range(s.start, s.end))
