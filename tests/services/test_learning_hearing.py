"""A training run learns, out of fold, which rules join the CRF in default mode."""

from __future__ import annotations

import random
from dataclasses import replace

from deid_studio.core.categories import preset
from deid_studio.core.document import Document, Span
from deid_studio.detect.crf import CrfParams
from deid_studio.detect.detector import DetectorSettings
from deid_studio.detect.hearing import RuleRecord, hearing
from deid_studio.detect.rules import confidences
from deid_studio.services._learning import learn

FAST = CrfParams(algorithm="lbfgs", iterations=20, c1=0.01, c2=0.01)


def document(rng: random.Random, number: int) -> Document:
    """A patient's name after its key, and a town after a postcode the gold marks whole."""
    name = rng.choice(("Ana Garcia", "Luis Lopez", "Marta Ruiz", "Pedro Romero"))
    town = rng.choice(("Alcalá de Guadaira", "Miranda de Ebro", "Medina del Campo"))
    text = f"Nombre: {name}.\nVive en 41500 {town} con su familia.\n"
    start = text.index(name)
    where = text.index(town)
    spans = (
        Span(start, start + len(name), "NOMBRE_SUJETO_ASISTENCIA"),
        Span(where - 6, where - 1, "TERRITORIO"),
        Span(where, where + len(town), "TERRITORIO"),
    )
    return Document(text, spans, external_id=f"d{number}", language="es")


def test_the_decisions_and_their_record_are_stored_with_the_model() -> None:
    rng = random.Random(0)
    documents = [document(rng, i) for i in range(12)]
    learned = learn(documents, preset("meddocan"), FAST, folds_wanted=3, progress=lambda *_: None)
    metrics = learned.metrics
    record = {rule: RuleRecord(*counts) for rule, counts in metrics["rule_record"].items()}
    decided = hearing(record, confidences())
    assert metrics["heard_rules"] == sorted(decided.heard)
    assert metrics["quiet_rules"] == sorted(decided.quiet)
    assert metrics["extending_rules"] == sorted(decided.extending)
    assert set(decided.heard) | set(decided.quiet) >= set(confidences())
    settings = DetectorSettings.of_model(None, metrics)
    assert settings.heard_rules == decided.heard
    assert settings.extending_rules == decided.extending


def test_a_training_run_reads_each_documents_rules_once(monkeypatch) -> None:
    """Cross-validation trains on a document in every fold but its own and tags it in that
    one: in one process its rule hits are found once, and every model learns from the same
    hits as before (the cross-validated figures do not move)."""
    from dataclasses import replace

    import deid_studio.detect.rules as rules_package

    rng = random.Random(1)  # each text its own: what the rules find is kept by text
    documents = [
        replace(d, text=f"{d.text}Caso {i}.\n")
        for i, d in enumerate(document(rng, i) for i in range(12))
    ]
    texts: list[str] = []
    original = rules_package.find
    monkeypatch.setattr(
        rules_package,
        "find",
        lambda text, language=None: texts.append(text) or original(text, language),
    )
    learned = learn(documents, preset("meddocan"), FAST, folds_wanted=3, progress=lambda *_: None)
    assert sorted(texts) == sorted(d.text for d in documents)
    assert learned.metrics["entity"]["strict"]["micro"]["f1"] > 0.5


def test_every_fold_trains_the_committee_the_final_model_trains(monkeypatch) -> None:
    """The corpus's size decides the committee: folds hold fewer tokens than the whole, and
    a fold below the size where pa trains a committee must still train what the final model
    trains, or the cross-validation measures another model than the one stored."""
    from dataclasses import replace

    import deid_studio.services._learning as learning
    from deid_studio.detect import crf
    from deid_studio.detect.crf import documents_tokens, train_crf

    rng = random.Random(2)
    documents = [document(rng, i) for i in range(12)]
    total = documents_tokens(documents)
    fast = crf.ALGORITHM_DEFAULTS["pa"]  # a committee below the whole, above each fold
    monkeypatch.setitem(crf.ALGORITHM_DEFAULTS, "pa", replace(fast, committee_tokens=total))
    trained: list[int] = []

    def recording(*args, **kwargs):
        model = train_crf(*args, **kwargs)
        trained.append(len(model.files))
        return model

    monkeypatch.setattr(learning, "train_crf", recording)
    params = CrfParams(algorithm="pa", iterations=3)
    learned = learn(documents, preset("meddocan"), params, folds_wanted=3, progress=lambda *_: None)
    assert trained == [1, 1, 1, 1] and learned.metrics["committee"] == 1
    trained.clear()
    monkeypatch.setitem(crf.ALGORITHM_DEFAULTS, "pa", replace(fast, committee_tokens=total + 1))
    learned = learn(documents, preset("meddocan"), params, folds_wanted=3, progress=lambda *_: None)
    assert trained == [3, 3, 3, 3] and learned.metrics["committee"] == 3


def test_the_cross_validated_figures_merge_as_the_stored_model_does() -> None:
    """A project whose gold leaves dates unmarked: the date rule's suggestions, alone where
    the CRF has nothing, are never PHI out of fold, so training makes the rule quiet and the
    stored model suggests no date. Each fold's figures merge its suggestions under the rules
    heard from the other folds, so they count no date either: they measure the detector the
    project uses, not one that still suggests every date."""
    from deid_studio.detect.detector import Detector

    rng = random.Random(3)
    documents = []
    for d in (document(rng, i) for i in range(12)):
        day = f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/20{rng.randint(10, 23)}"
        documents.append(replace(d, text=f"{d.text}Ingreso el {day} por fiebre.\n"))
    learned = learn(documents, preset("meddocan"), FAST, folds_wanted=3, progress=lambda *_: None)
    metrics = learned.metrics
    quiet_alone = [r for r in metrics["quiet_rules"] if metrics["rule_record"].get(r, [0, 0])[1]]
    assert quiet_alone, "some rule's suggestions alone were never PHI out of fold"
    stored = Detector(learned.model, preset("meddocan"), DetectorSettings.of_model(None, metrics))
    text = "Nombre: Ana Garcia.\nVive en 41500 Medina del Campo.\nIngreso el 02/05/2021.\n"
    assert all(s.category != "FECHAS" for s in stored.detect([(text, "es")])[0].suggestions)
    per_category = metrics["entity"]["strict"]["per_category"]
    assert per_category.get("FECHAS", {}).get("fp", 0) == 0
    assert metrics["entity"]["strict"]["micro"]["recall"] > 0.9
