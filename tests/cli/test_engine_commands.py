"""train, tag, evaluate and queue from the command line, and their one-line errors."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from deid_studio.core.document import Span
from deid_studio.formats.jsonl import write_jsonl
from deid_studio.synth import generate


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("engine-cli")
    narratives = generate(50, seed=8)
    paths = {name: folder / f"{name}.jsonl" for name in ("gold", "new", "test", "strange")}
    write_jsonl(narratives[:35], paths["gold"])
    write_jsonl([replace(d, spans=()) for d in narratives[35:45]], paths["new"])
    write_jsonl(narratives[45:], paths["test"])
    odd = [replace(d, spans=(Span(0, 3, "NOT_A_CATEGORY"),)) for d in narratives[45:47]]
    write_jsonl(odd, paths["strange"])
    return paths


def test_train_tag_evaluate_queue(cli, files: dict[str, Path], tmp_path: Path) -> None:
    assert cli("init")[0] == 0
    assert cli("import", "jsonl", str(files["gold"]), "--gold")[0] == 0
    assert cli("import", "jsonl", str(files["new"]))[0] == 0

    code, out, err = cli("train", "--algorithm", "lbfgs", "--iterations", "20", "--cv", "2")
    assert code == 0, err
    assert "model version 1: lbfgs on 35 documents" in out
    assert "cross-validated strict micro F1" in out and "recall-mode τ" in out
    assert "suggestions refreshed for 10 unannotated documents" in out

    code, out, err = cli("queue", "--limit", "3")
    assert code == 0, err
    rows = out.splitlines()[1:]
    assert len(rows) == 3
    scores = [float(r.split()[0]) for r in rows]
    assert scores == sorted(scores, reverse=True)

    out_dir = tmp_path / "tagged"
    code, out, err = cli("tag", "jsonl", str(files["test"]), str(out_dir), "--out-format", "brat")
    assert code == 0, err
    assert "tagged 5 documents" in out and "with model version 1 in default mode" in out
    assert len(list(out_dir.glob("*.ann"))) == 5

    report = tmp_path / "report.json"
    code, out, err = cli("evaluate", "jsonl", str(files["test"]), "--json", str(report))
    assert code == 0, err
    assert "strict micro P" in out
    data = json.loads(report.read_text())
    assert set(data) >= {"entity", "token", "documents", "seconds"}
    assert data["documents"] == 5

    code, out, err = cli("evaluate", "jsonl", str(files["test"]), "--mode", "recall")
    assert code == 0 and "recall mode" in out

    code, _, err = cli("evaluate", "jsonl", str(files["strange"]))
    assert code == 1 and "NOT_A_CATEGORY" in err and len(err.strip().splitlines()) == 1


def test_train_committee_stores_its_models_in_one_version(cli, files: dict[str, Path]) -> None:
    from deid_studio.detect.crf import model_from_bytes
    from deid_studio.services.project import open_project
    from deid_studio.services.quality import models

    assert cli("init")[0] == 0
    assert cli("import", "jsonl", str(files["gold"]), "--gold")[0] == 0
    code, out, err = cli(
        "train", "--best", "--algorithm", "pa", "--committee", "3", "--cv", "2", "--no-suggest"
    )
    assert code == 0, err
    assert "best model version 1: a committee of 3 pa models on 35 documents" in out
    project = open_project(cli.db)
    try:
        best = models(project).best
        assert best is not None and best.params["committee"] == 3
        with project.reading() as tx:
            stored = tx.current_model("crf-best")
        assert stored is not None and stored.model is not None and stored.id == best.id
        loaded = model_from_bytes(stored.model, stored.params)
        assert len(loaded.files) == 3 and len(set(loaded.files)) == 3
    finally:
        project.close()
    code, out, err = cli("train", "--best", "--iterations", "5", "--cv", "2", "--no-suggest")
    assert code == 0, err
    assert "best model version 2: lbfgs on 35 documents" in out  # the best model by default


def test_a_best_model_that_does_not_come_into_use_says_why_and_the_fast_one_suggests(
    cli, files: dict[str, Path]
) -> None:
    assert cli("init")[0] == 0
    assert cli("import", "jsonl", str(files["gold"]), "--gold")[0] == 0
    assert cli("import", "jsonl", str(files["test"]))[0] == 0  # waiting for annotation
    code, out, err = cli("train", "--cv", "2")
    assert code == 0, err
    assert "suggestions refreshed for 5 unannotated documents" in out
    # a deliberately weak best model: one epoch of the averaged perceptron
    code, out, err = cli("train", "--best", "--algorithm", "ap", "--iterations", "1", "--cv", "2")
    assert code == 0, err
    assert "in use: the fast model (version 1;" in out
    assert "the best model is not used: its cross-validated F1 is not higher" in out
    assert "suggestions refreshed for 5 unannotated documents" in out  # by the fast model
    from deid_studio.services._detector import current_detector
    from deid_studio.services.project import open_project

    with open_project(cli.db) as project:
        assert current_detector(project).model_version_id == 1
        with project.reading() as tx:
            versions = {s.model_version_id for d in tx.documents(statuses=["new"])
                        for s in tx.suggestions(d.document.id)}  # fmt: skip
    assert versions == {1}


def test_train_without_gold_says_what_to_do_and_tag_without_a_model_uses_the_rules(
    cli,
    files: dict[str, Path],
    tmp_path: Path,
) -> None:
    assert cli("init")[0] == 0
    code, _, err = cli("train")
    assert code == 1 and "no gold standard to train on" in err
    assert len(err.strip().splitlines()) == 1
    code, out, err = cli("tag", "jsonl", str(files["test"]), str(tmp_path / "o"))
    assert code == 0, err
    assert "with model version 0 (the rules alone)" in out
    tagged = [json.loads(line) for line in (tmp_path / "o").read_text().splitlines()]
    assert len(tagged) == 5 and any(d["spans"] for d in tagged)
    report = tmp_path / "rules.json"
    code, out, err = cli("evaluate", "jsonl", str(files["test"]), "--json", str(report))
    assert code == 0, err
    data = json.loads(report.read_text())
    assert data["model_version"] == 0 and data["token"]["binary"]["tp"] > 0
    code, out, _ = cli("queue")
    assert code == 0 and "the queue is empty" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("train", "--cv", "1"), "--cv 1 cannot cross-validate"),
        (("train", "--c1", "-1"), "regularisation must not be negative"),
        (("train", "--negatives", "0"), "the share of lines without PHI must be above 0"),
        (("train", "--negatives", "1.5"), "the share of lines without PHI must be above 0"),
        (("train", "--target-recall", "2"), "--target-recall"),
        (("train", "--best", "--cv", "0"), "--best needs cross-validation"),
        (("train", "--algorithm", "lbfgs", "--committee", "2"), "needs an online algorithm"),
    ],
)
def test_bad_training_options(cli, args: tuple[str, ...], message: str) -> None:
    assert cli("init")[0] == 0
    code, _, err = cli(*args)
    assert code == 1 and message in err


def test_curve_writes_json_and_png_that_grow_with_the_gold(
    cli, files: dict[str, Path], tmp_path: Path
) -> None:
    assert cli("init")[0] == 0
    assert cli("import", "jsonl", str(files["gold"]), "--gold")[0] == 0
    out_dir = tmp_path / "curve"
    code, out, err = cli("curve", str(out_dir), "--fractions", "0.1,1", "--repeats", "2")
    assert code == 0, err
    data = json.loads((out_dir / "learning_curve.json").read_text())
    small, whole = data["points"]
    assert data["test_documents"] == 35 - whole["documents"]
    assert small["documents"] < whole["documents"] == 35 - data["test_documents"]
    assert len(small["f1"]) == len(whole["f1"]) == 2
    assert whole["f1_mean"] > small["f1_mean"]
    assert whole["f1_sd"] == 0.0  # every repeat at 1.0 trains on the whole pool
    assert (out_dir / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"scored on {data['test_documents']} held-out documents" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--fractions", "0,0.5"), "every fraction must be in (0, 1]"),
        (("--fractions", "half"), "expected numbers"),
    ],
)
def test_curve_bad_fractions(
    cli, args: tuple[str, ...], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli("init")[0] == 0
    with pytest.raises(SystemExit) as stopped:  # argparse's usage error
        cli("curve", str(tmp_path / "c"), *args)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_curve_needs_enough_gold(cli, tmp_path: Path) -> None:
    assert cli("init")[0] == 0
    code, _, err = cli("curve", str(tmp_path / "c"))
    assert code == 1
    assert "needs at least 10 gold documents; the project has 0" in err
    assert not (tmp_path / "c").exists()
