"""Training in a child process, re-suggesting, the queue order, tagging and evaluating files."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from deid_studio.core.errors import DeidError
from deid_studio.core.progress import WorkCancelled
from deid_studio.detect.crf import CrfParams, model_from_bytes
from deid_studio.formats.jsonl import write_jsonl
from deid_studio.services.evaluating import evaluate_file
from deid_studio.services.importing import import_documents
from deid_studio.services.project import init_project
from deid_studio.services.queue import queue_page
from deid_studio.services.suggesting import resuggest, scored_queue, suggestions_for
from deid_studio.services.tagging import tag_files
from deid_studio.services.training import train_model
from deid_studio.store.project import Project
from deid_studio.synth import generate
from tests.services.conftest import copy_version

QUICK = CrfParams(algorithm="lbfgs", iterations=25)


@pytest.fixture(scope="module")
def narratives() -> list:
    return generate(60, seed=4)


@pytest.fixture(scope="module", params=("sqlite", "postgresql"))
def trained(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, narratives: list
) -> Iterator[Project]:
    """40 gold documents, 20 waiting for annotation, and one model version (on each
    database)."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("engine") / "project.sqlite"
    else:
        server = request.getfixturevalue("pg_server")
        path = server.url(server.new_database())
    with init_project(path, scheme="pv", actor="ann") as project:
        import_documents(project, narratives[:40], origin="gold", actor="ann", gold=True)
        import_documents(project, narratives[40:], origin="new", actor="ann")
        stages: list[str] = []
        reports: list[tuple[int, int]] = []
        result = train_model(
            path,
            actor="ann",
            params=QUICK,
            folds=2,
            workers=2,
            progress=lambda done, total: reports.append((done, total)),
            stage=stages.append,
        )
        project.info = (result, stages, reports)  # type: ignore[attr-defined]
        yield project


def test_training_in_a_child_stores_a_model_version_with_metrics_and_audit(
    trained: Project,
) -> None:
    result, stages, reports = trained.info  # type: ignore[attr-defined]
    assert result.documents == 40 and result.tokens > 1000
    assert stages == ["word clusters", "training (3 models, 2 processes)"]
    assert reports[-1] == (75, 75)  # 3 models of 25 iterations, the folds run side by side
    assert all(0 <= done <= total for done, total in reports)
    with trained.reading() as tx:
        stored = tx.current_model()
        audit = [e for e in tx.audit_trail() if e.action == "train"]
    assert stored is not None and stored.id == result.model_version_id
    assert stored.training_documents == 40
    # the crfsuite model and the word clusters of all 60 narratives, gold or not
    model = model_from_bytes(stored.model, stored.params)
    assert stored.model.startswith(b"PK") and model.clusters is not None
    assert model.clusters.documents == 60 and model.clusters.levels
    assert stored.metrics["clusters"]["learnt_now"] is True
    assert stored.params["algorithm"] == "lbfgs" and stored.params["folds"] == 2
    metrics = stored.metrics
    assert 0.5 < metrics["entity"]["strict"]["micro"]["f1"] <= 1.0
    assert set(metrics["entity"]) == {"strict", "covering", "overlap"}
    assert metrics["token"]["binary"]["tp"] > 0
    assert 0.0 < metrics["tau"] <= 1.0 and metrics["cv"] == 2
    curve = metrics["tau_curve"]
    assert [p["tau"] for p in curve] == sorted(p["tau"] for p in curve)
    assert {"tau", "recall", "precision", "masked", "other_masked"} <= set(curve[0])
    [at_tau] = [p for p in curve if p["tau"] == metrics["tau"]]
    if metrics["tau_floored"]:  # too few documents to reach the target at a bearable cost
        assert at_tau["recall"] < 0.995 and at_tau["precision"] >= 0.5
    else:
        assert at_tau["recall"] >= 0.995
    # the scale kept is, of the likelihood fit and a few softer ones, the one masking least
    choices = metrics["scale_choices"]
    assert choices[0]["scale"] == metrics["loss_scale"] and len(choices) == 5
    assert [c["scale"] for c in choices] == sorted((c["scale"] for c in choices), reverse=True)
    [kept] = [c for c in choices if c["scale"] == metrics["scale"]]
    assert kept["tau"] == metrics["tau_common"]  # before per-category offsets
    assert kept["other_masked"] == min(c["other_masked"] for c in choices)
    assert [e.actor for e in audit] == ["ann"]
    assert audit[0].after and audit[0].after["model_version"] == result.model_version_id


def test_resuggest_writes_suggestions_and_scores_and_the_queue_follows_them(
    trained: Project,
) -> None:
    done = resuggest(trained)
    assert done.documents == 20 and done.suggestions > 20
    page = queue_page(trained, limit=100)
    scores = [e.score for e in page]
    assert all(s is not None for s in scores) and scores == sorted(scores, reverse=True)
    top = page[0].document_id
    found = suggestions_for(trained, top)
    assert found and all(s.source in ("rule", "crf") for s in found)
    assert found == sorted(found, key=lambda s: (s.start, s.end))
    with trained.reading() as tx:
        details = {s.document_id: s.details for s in tx.document_scores()}
        gold_ids = tx.document_ids(("submitted",))
        audit = [e for e in tx.audit_trail() if e.action == "resuggest"]
    assert {"mean_entropy", "max_entropy", "least_confidence", "near_tau", "disagreement"} <= set(
        details[top]
    )
    assert not set(gold_ids) & set(details)  # annotated documents are not re-scored
    assert audit and audit[-1].after["documents"] == 20
    entries = scored_queue(trained, limit=3)
    assert [e.document_id for e, _ in entries] == [e.document_id for e in page[:3]]


def test_tagging_files_writes_predictions_in_a_gold_format(
    trained: Project, narratives: list, tmp_path: Path
) -> None:
    source = tmp_path / "in.jsonl"
    write_jsonl([replace(d, spans=()) for d in narratives[40:50]], source)
    out = tmp_path / "out"
    result = tag_files(trained, "jsonl", source, out, out_format="brat")
    assert result.documents == 10 and result.spans > 10 and result.tokens > 500
    assert len(list(out.glob("*.ann"))) == 10
    with pytest.raises(DeidError, match="already exists"):
        tag_files(trained, "jsonl", source, out)
    recall = tag_files(trained, "jsonl", source, tmp_path / "r.jsonl", mode="recall")
    assert recall.spans >= result.spans and recall.out_format == "jsonl"


def test_evaluating_a_file_writes_the_design_report(
    trained: Project, narratives: list, tmp_path: Path
) -> None:
    source = tmp_path / "gold.jsonl"
    write_jsonl(narratives[40:], source)
    report = evaluate_file(trained, "jsonl", source, json_out=tmp_path / "r.json")
    assert json.loads((tmp_path / "r.json").read_text()) == report
    assert report["documents"] == 20 and report["mode"] == "default"
    assert set(report["entity"]) == {"strict", "covering", "overlap"}
    assert report["entity"]["strict"]["micro"]["f1"] > 0.5
    assert set(report["token"]) >= {"binary", "per_category"}


def test_cancelling_training_stops_the_child_and_stores_nothing(
    project_target, narratives: list
) -> None:
    path = project_target
    with init_project(path, scheme="pv", actor="ann") as project:
        import_documents(project, narratives[:30], origin="gold", actor="ann", gold=True)
    asked = threading.Event()
    with pytest.raises(WorkCancelled):
        train_model(
            path,
            actor="ann",
            params=replace(QUICK, iterations=500),
            folds=0,
            workers=1,
            progress=lambda done, total: asked.set(),
            cancelled=asked.is_set,
        )
    with Project.open(path) as project, project.reading() as tx:
        assert tx.current_model() is None
        assert not [e for e in tx.audit_trail() if e.action == "train"]


def test_training_without_gold_is_a_clear_error_and_the_rules_suggest_meanwhile(
    project: Project, narratives: list
) -> None:
    import_documents(project, narratives[:3], origin="new", actor="ann")
    with pytest.raises(DeidError, match="no gold standard"):
        train_model(project, actor="ann")
    result = resuggest(project)
    assert result.model_version_id is None and result.documents == 3
    assert result.suggestions > 0


def test_detector_settings_are_checked_audited_and_used(project: Project) -> None:
    from deid_studio.services.suggesting import detector_settings, update_detector_settings

    assert detector_settings(project).priority == {} and detector_settings(project).rules
    with pytest.raises(DeidError, match="not categories"):
        update_detector_settings(project, actor="ann", priority={"NOPE": "rule"})
    with pytest.raises(DeidError, match="'rule' or 'crf'"):
        update_detector_settings(project, actor="ann", priority={"DATE": "regex"})
    after = update_detector_settings(project, actor="ann", priority={"DATE": "rule"}, rules=True)
    assert after.priority == {"DATE": "rule"}
    with project.reading() as tx:
        [event] = [e for e in tx.audit_trail() if e.action == "detector_settings"]
    assert event.after == {"priority": {"DATE": "rule"}, "rules": True}


def test_a_forced_export_masks_unreviewed_documents_in_recall_mode(
    trained: Project, narratives: list, tmp_path
) -> None:
    import json

    from deid_studio.services.masking import export_masked

    def export(mode: str | None, name: str):
        out = tmp_path / f"{name}.jsonl"
        result = export_masked(
            trained, out, "jsonl", actor="steward", force=True, reason="signal",
            statuses=["new", "in_progress"], mode=mode,
        )  # fmt: skip
        texts = [json.loads(line)["text"] for line in out.read_text("utf-8").splitlines()]
        return result, texts

    recall, recall_texts = export(None, "recall")  # recall mode unless told otherwise
    default, default_texts = export("default", "default")
    assert recall.mode == "recall" and default.mode == "default" and recall.forced == 20
    assert "recall mode: model v1 read them again" in recall.mode_note and "τ" in recall.mode_note
    assert "default mode, as asked" in default.mode_note

    def surviving(texts: list[str]) -> int:
        """Gold PHI strings of the unreviewed narratives still in the masked texts (not the
        ages, which the policy keeps below its cap)."""
        phi = {
            d.text[s.start : s.end] for d in narratives[40:] for s in d.spans if s.category != "AGE"
        }
        return sum(text.count(p) for text in texts for p in phi if len(p) > 3)

    # the rules alone catch nearly everything in default mode (2 strings left here, 1 in
    # recall mode); recall mode never leaks more, and masks more
    assert surviving(recall_texts) <= surviving(default_texts)
    tags = sum(t.count("[") for t in recall_texts), sum(t.count("[") for t in default_texts)
    assert tags[0] > tags[1]  # more was masked
    with trained.reading() as tx:
        reasons = [e.reason for e in tx.audit_trail() if e.action == "export_masked"]
    assert any("(recall mode)" in r for r in reasons) and any(
        "(default mode)" in r for r in reasons
    )


def test_narratives_unlike_the_gold_rise_in_the_queue_and_say_why(trained: Project) -> None:
    from deid_studio.core.document import Document

    foreign = (  # the keyed lines look like the gold's headers: the model takes a name there
        "Regulatory Authorities: Ethics Committees notified.\nHospital: Ethics Committees.\n"
        "Pt took Pepcid and Benadryl "
        "after the Moderna dose; Bells Palsy suspected, neurology consult requested, "
        "lot EH9899 recorded by the pharmacist on duty."
    )
    [doc] = import_documents(
        trained, [Document(foreign, external_id="VAERS-1")], origin="vaers", actor="ann"
    ).document_ids
    resuggest(trained)
    page = queue_page(trained, limit=100)
    position = [e.document_id for e in page].index(doc)
    by_model = sorted(page, key=lambda e: -e.details["model_score"])
    assert [e.document_id for e in by_model].index(doc) - position >= 5  # it rose
    assert position < len(page) // 2  # into the head of the queue
    assert any(
        r.startswith("contradicted: “Ethics Committees”") for r in page[position].details["reasons"]
    )
    details = page[position].details
    assert details["novelty"] > 0.4
    assert any(r.startswith("new vocabulary") for r in details["reasons"])
    assert details["model_score"] < page[position].score


def test_label_studio_export_predicts_with_the_trained_model_version(
    trained: Project, tmp_path: Path
) -> None:
    from deid_studio.services.exporting import export_gold

    result, _, _ = trained.info  # type: ignore[attr-defined]
    export_gold(trained, "label-studio", tmp_path / "ls", actor="ann", statuses=["new"])
    tasks = json.loads((tmp_path / "ls" / "tasks.json").read_text("utf-8"))
    with trained.reading() as tx:  # other tests of the module may have imported more
        assert len(tasks) == tx.status_counts()["new"] >= 20
    versions = {t["predictions"][0]["model_version"] for t in tasks}
    assert versions == {f"deid-studio model version {result.model_version_id}"}
    scores = [r["score"] for t in tasks for r in t["predictions"][0]["result"]]
    assert len(scores) > 20 and all(0 < s <= 1 for s in scores)


def test_word_clusters_are_reused_until_the_narratives_grow(
    project: Project, narratives: list
) -> None:
    import_documents(project, narratives[:15], origin="gold", actor="ann", gold=True)
    import_documents(project, narratives[15:30], origin="new", actor="ann")
    quick = replace(QUICK, iterations=3)

    def train() -> tuple[dict, list[str]]:
        stages: list[str] = []
        result = train_model(project, actor="ann", params=quick, folds=0, stage=stages.append)
        return dict(result.metrics["clusters"]), stages

    first, stages = train()
    assert first["learnt_now"] and first["documents"] == 30 and "word clusters" in stages
    again, stages = train()  # nothing new: the stored clusters are read back, not relearnt
    assert not again["learnt_now"] and again["tokens"] == first["tokens"]
    assert "word clusters" not in stages
    import_documents(project, narratives[30:], origin="new", actor="ann")  # twice the text
    grown, _ = train()
    assert grown["learnt_now"] and grown["documents"] == 60


def test_the_best_model_is_used_while_it_beats_the_fast_one(
    project: Project, narratives: list
) -> None:
    from deid_studio.services._detector import current_detector
    from deid_studio.services.quality import better, models, quality

    import_documents(project, narratives[:30], origin="gold", actor="ann", gold=True)
    underfit = CrfParams(algorithm="pa", iterations=1)
    fast = train_model(project, actor="ann", params=underfit, folds=2)
    assert current_detector(project).model_version_id == fast.model_version_id
    assert quality(project).best is None
    best = train_model(project, actor="ann", params=QUICK, folds=2, best=True)
    found = models(project)
    assert found.fast is not None and found.best is not None
    assert (found.fast.id, found.best.id) == (fast.model_version_id, best.model_version_id)
    assert found.best.kind == "crf-best" and found.best.params["algorithm"] == "lbfgs"
    winner = best if better(best.metrics, fast.metrics) else fast
    assert found.in_use is not None and found.in_use.id == winner.model_version_id
    assert current_detector(project).model_version_id == winner.model_version_id
    assert best.f1 is not None and fast.f1 is not None and best.f1 > fast.f1  # lbfgs wins
    assert better(best.metrics, fast.metrics)  # and catches as many PHI tokens
    q = quality(project)
    assert q.model is not None and q.model.id == best.model_version_id
    assert [d for d, _ in q.learning_curve] == [30]  # the fast model's history only
    with project.reading() as tx:
        [event] = [e for e in tx.audit_trail() if e.action == "train"][-1:]
    assert event.after and event.after["kind"] == "crf-best"


def test_a_best_model_that_catches_fewer_phi_tokens_is_not_used(
    project: Project, project_target, narratives: list, capsys: pytest.CaptureFixture[str]
) -> None:
    """Recall first: a best model with the higher F1 but fewer PHI tokens caught out of fold
    (L-BFGS beside a committee on a small corpus) leaves the fast model in use, and the
    window and ``train`` say why."""
    from deid_studio.cli.engine import _say_which_model
    from deid_studio.services._detector import current_detector
    from deid_studio.services.annotating import submitted_count
    from deid_studio.services.quality import models, quality
    from deid_studio.services.submitting import submit

    import_documents(project, narratives[:30], origin="gold", actor="ann", gold=True)
    fast = train_model(project, actor="ann", params=replace(QUICK, iterations=5), folds=2)
    with project.reading() as tx:
        stored = tx.current_model("crf")
    assert stored is not None and stored.model is not None
    f1 = stored.metrics["entity"]["strict"]["micro"]["f1"]
    caught = stored.metrics["token"]["binary"]["recall"]
    assert 0 < f1 < 1 and 0.01 < caught <= 1

    def best_scoring(f1_now: float, caught_now: float, kind: str = "crf-best") -> int:
        metrics = json.loads(json.dumps(stored.metrics))  # the fast one's, then changed
        metrics["entity"]["strict"]["micro"]["f1"] = f1_now
        metrics["token"]["binary"]["recall"] = caught_now
        return copy_version(project, stored, kind=kind, metrics=metrics, training_documents=30)

    new = import_documents(project, narratives[30:32], origin="new", actor="ann")
    for document_id in new.document_ids:
        submit(project, document_id, actor="ann")
    assert submitted_count(project) == 2  # since the fast model
    higher_f1 = min(1.0, f1 + 0.01)
    fewer = best_scoring(higher_f1, caught - 0.01)
    assert submitted_count(project) == 2  # a best model out of use holds no retrain back
    found = models(project)
    assert found.best is not None and found.best.id == fewer
    assert found.in_use is not None and found.in_use.id == fast.model_version_id
    assert "catches fewer PHI tokens out of fold" in found.why_fast
    assert f"missed against {stored.metrics['token']['binary']['fn']})" in found.why_fast
    assert current_detector(project).model_version_id == fast.model_version_id
    assert "catches fewer PHI tokens" in quality(project).why_fast
    _say_which_model(project_target)
    said = capsys.readouterr().out
    assert "in use: the fast model" in said and "the best model is not used: it catches" in said

    same_f1 = best_scoring(f1, min(1.0, caught + 0.001))  # more recall, the same F1: not used
    assert models(project).in_use.id == fast.model_version_id  # type: ignore[union-attr]
    assert "F1 is not higher" in models(project).why_fast
    both = best_scoring(higher_f1, caught)  # as much recall and more F1: used
    found = models(project)
    assert found.in_use is not None and found.in_use.id == both != same_f1
    assert found.why_fast == "" and current_detector(project).model_version_id == both
    assert submitted_count(project) == 0  # the model in use is newer than the submissions
    later = import_documents(project, narratives[32:34], origin="new", actor="ann")
    for document_id in later.document_ids:
        submit(project, document_id, actor="ann")
    assert submitted_count(project) == 2
    # the retrain those two asked for: a fast model the best one keeps out of use, which
    # must still reset the count (else every next submission would retrain again)
    kept_out = best_scoring(f1, caught, kind="crf")
    found = models(project)
    assert found.fast is not None and found.fast.id == kept_out and found.in_use.id == both
    assert submitted_count(project) == 0


def test_which_model_is_better_is_decided_on_f1_and_phi_tokens_caught() -> None:
    from deid_studio.services.quality import better, why_not_best

    def scored(f1: float, caught: float | None = None) -> dict:
        metrics: dict = {"entity": {"strict": {"micro": {"f1": f1}}}}
        if caught is not None:
            metrics["token"] = {"binary": {"recall": caught}}
        return metrics

    assert better(scored(0.9, 0.98), scored(0.8, 0.97))
    assert better(scored(0.9, 0.98), scored(0.8, 0.98))  # as many PHI tokens caught
    assert not better(scored(0.9, 0.97), scored(0.8, 0.98))  # fewer: recall first
    assert not better(scored(0.8, 0.99), scored(0.8, 0.98))  # the F1 is not higher
    assert better(scored(0.9), scored(0.8))  # versions without token scores: the F1 alone
    assert better(scored(0.9, 0.97), {"cv": 0})  # a fast model trained without folds
    assert why_not_best({}, scored(0.8)) == "it was not cross-validated"
    nan = float("nan")
    assert not better(scored(nan, 0.99), scored(0.8, 0.98))  # not a number: worse
    assert not better(scored(0.9, nan), scored(0.8, 0.98))
    assert better(scored(0.9, 0.99), scored(nan, 0.98))  # on either side
    assert better(scored(0.9, 0.97), scored(0.8, nan))
