"""The annotation tools' formats through the import, export and tag services: all or nothing,
notes in the summaries, Label Studio predictions from the current model."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from deid_studio.core import Document, InputError, Span
from deid_studio.formats.inception import write_inception, write_inception_json
from deid_studio.formats.label_studio import write_label_studio
from deid_studio.formats.prodigy import write_prodigy
from deid_studio.formats.spacy_docbin import write_spacy
from deid_studio.services.exporting import export_gold
from deid_studio.services.importing import import_documents, import_file
from deid_studio.services.tagging import tag_files
from deid_studio.store.project import Project

GOOD = [
    Document(f"Ana Li {n} was seen on 03/05/2021 by Dr. Lee.", (Span(0, 6, "PATIENT"),), f"G{n}")
    for n in range(3)
]


def _spoil_inception(out: Path) -> Path:
    (out / "zz-last.xmi").write_text(
        (out / "G0.xmi").read_text("utf-8").replace('end="6"', 'end="600"')
    )
    return out


def _spoil_label_studio(out: Path) -> Path:
    tasks = json.loads((out / "tasks.json").read_text("utf-8"))
    tasks[-1]["annotations"][0]["result"][0]["value"]["end"] = 600
    (out / "tasks.json").write_text(json.dumps(tasks), "utf-8")
    return out


def _spoil_prodigy(out: Path) -> Path:
    with out.open("a", encoding="utf-8") as f:
        f.write(
            '{"text": "Ana", "spans": [{"start": 0, "end": 9, "label": "X"}], "answer": "accept"}\n'
        )
    return out


def _spoil_spacy(out: Path) -> Path:
    folder = out.parent / "docbins"
    folder.mkdir()
    out.rename(folder / "a.spacy")
    (folder / "b.spacy").write_bytes(b"not a docbin")
    return folder


@pytest.mark.parametrize(
    ("name", "write", "target", "spoil"),
    [
        ("inception", write_inception, "xmi", _spoil_inception),
        ("inception-json", write_inception_json, "json", lambda out: _add_bad_json(out)),
        ("label-studio", write_label_studio, "ls", _spoil_label_studio),
        ("prodigy", write_prodigy, "p.jsonl", _spoil_prodigy),
        ("spacy", write_spacy, "g.spacy", _spoil_spacy),
    ],
)
def test_one_bad_document_imports_nothing(
    project: Project, tmp_path: Path, name: str, write: Callable, target: str, spoil: Callable
) -> None:
    if name == "spacy":
        pytest.importorskip("spacy")
    out = tmp_path / target
    write(GOOD, out)
    bad = spoil(out)
    with pytest.raises(InputError) as caught:
        import_file(project, name, bad, actor="ann", gold=True)
    assert "\n" not in str(caught.value)
    with project.reading() as tx:
        assert tx.documents() == []  # nothing of the file landed


def _add_bad_json(out: Path) -> Path:
    data = json.loads((out / "G0.json").read_text("utf-8"))
    for fs in data["%FEATURE_STRUCTURES"]:
        if fs.get("%TYPE") == "webanno.custom.PHI":
            fs["kind"] = ""
    (out / "zz-last.json").write_text(json.dumps(data), "utf-8")
    return out


def test_the_import_summary_says_what_prodigy_examples_were_skipped(
    project: Project, tmp_path: Path
) -> None:
    source = tmp_path / "db.jsonl"
    write_prodigy(GOOD, source)
    with source.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"text": "Bob Ray", "spans": [], "answer": "reject"}) + "\n")
    result = import_file(project, "prodigy", source, actor="ann", gold=True)
    assert result.documents == 3 and result.spans == 3
    assert result.notes == ("skipped 1 rejected examples: only accepted examples are gold",)


def test_label_studio_export_carries_the_current_models_predictions(
    project: Project, tmp_path: Path
) -> None:
    import_documents(project, GOOD, origin="t", actor="ann", gold=True)
    result = export_gold(project, "label-studio", tmp_path / "ls", actor="ann")
    tasks = json.loads((tmp_path / "ls" / "tasks.json").read_text("utf-8"))
    assert len(tasks) == 3
    (prediction,) = tasks[0]["predictions"]
    assert prediction["model_version"] == "deid-studio model version 0 (rules)"
    dates = [r for r in prediction["result"] if r["value"]["labels"] == ["DATE"]]
    assert [r["value"]["text"] for r in dates] == ["03/05/2021"]
    assert 0 < dates[0]["score"] <= 1 and prediction["score"] <= dates[0]["score"]
    assert tasks[0]["annotations"][0]["result"][0]["value"]["text"] == "Ana Li"
    assert any("suggestions of deid-studio model version 0 (rules)" in n for n in result.notes)

    export_gold(project, "label-studio", tmp_path / "bare", actor="ann", predictions=False)
    tasks = json.loads((tmp_path / "bare" / "tasks.json").read_text("utf-8"))
    assert all("predictions" not in t for t in tasks)


def test_spacy_export_says_which_overlapping_spans_it_left_out(
    project: Project, tmp_path: Path
) -> None:
    pytest.importorskip("spacy")
    overlapping = Document("Ana Li Wong", (Span(0, 6, "PATIENT"), Span(4, 11, "RELATIVE")), "O1")
    import_documents(project, [overlapping], origin="t", actor="ann", gold=True)
    result = export_gold(project, "spacy", tmp_path / "g.spacy", actor="ann")
    (note,) = result.notes
    assert "left out 1 spans in 1 documents" in note
    assert "report O1 0-6 PATIENT (overlaps 4-11 RELATIVE)" in note


def test_tagging_into_label_studio_gives_predictions_to_confirm(
    project: Project, tmp_path: Path
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "N1", "text": "Seen on 03/05/2021."}) + "\n", "utf-8")
    result = tag_files(project, "jsonl", source, tmp_path / "ls", out_format="label-studio")
    assert result.spans == 1
    (task,) = json.loads((tmp_path / "ls" / "tasks.json").read_text("utf-8"))
    assert "annotations" not in task  # nothing confirmed yet: Label Studio shows it as to do
    assert [r["value"]["text"] for r in task["predictions"][0]["result"]] == ["03/05/2021"]
