"""Label Studio's JSON export: which annotation is gold, located errors, tasks with predictions."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest

from deid_studio.core import Document, InputError, Span, Suggestion
from deid_studio.core.categories import preset
from deid_studio.formats.label_studio import read_label_studio, write_label_studio

TEXT = "Paciente 😀 Ana Li\r\nvista el 3/5/2021 en 𠀋 Madrid."


def region(start: int, end: int, label: str, *, text: str | None = None, kind: str = "labels"):
    value = {"start": start, "end": end, "labels": [label]}
    if text is not None:
        value["text"] = text
    return {
        "id": f"r{start}",
        "from_name": "label",
        "to_name": "text",
        "type": kind,
        "value": value,
    }


def task(results: list, *, task_id: int = 1, **annotation) -> dict:
    return {
        "id": task_id,
        "data": {"text": TEXT},
        "annotations": [{"id": 10, "completed_by": 1, "result": results, **annotation}],
        "predictions": [{"result": [region(0, 8, "OTHER")]}],  # never gold
    }


def test_a_label_studio_export_is_read_in_code_points(write) -> None:
    name = TEXT.index("Ana")
    date = TEXT.index("3/5")
    results = [
        region(name, name + 6, "PATIENT", text="Ana Li"),
        region(date, date + 8, "DATE", text="3/5/2021"),
        {"type": "choices", "value": {"choices": ["urgent"]}, "from_name": "c", "to_name": "text"},
    ]
    notes: list[str] = []
    (document,) = read_label_studio(write("export.json", json.dumps([task(results)])), notes=notes)
    assert document.text == TEXT
    assert [(s.text(TEXT), s.category) for s in document.spans] == [
        ("Ana Li", "PATIENT"),
        ("3/5/2021", "DATE"),
    ]
    assert document.external_id == "1"
    assert notes == ["result items that are not labelled spans were not read: 1 of type choices"]


def test_which_annotation_is_gold(write) -> None:
    gold = region(12, 18, "PATIENT")
    other = region(12, 14, "PATIENT")
    cancelled = {**task([gold]), "annotations": [
        {"result": [other], "was_cancelled": True, "completed_by": 1},
        {"result": [gold], "completed_by": 2},
    ]}  # fmt: skip
    two = {**task([]), "annotations": [
        {"result": [other], "completed_by": {"id": 1, "email": "ann@x.org"}},
        {"result": [gold], "completed_by": {"id": 2, "email": "bob@x.org"}},
    ]}  # fmt: skip
    truth = {**two, "annotations": [{**two["annotations"][1], "ground_truth": True},
                                    two["annotations"][0]]}  # fmt: skip
    nobody = {**task([]), "annotations": []}
    path = write("export.json", json.dumps([cancelled, truth, nobody]))
    documents = read_label_studio(path)
    assert [[(s.start, s.end) for s in d.spans] for d in documents] == [[(12, 18)], [(12, 18)], []]

    path = write("export.json", json.dumps([cancelled, two]))
    with pytest.raises(InputError, match=r"task 1: has 2 annotations \(by 1, 2\) and no single"):
        read_label_studio(path)
    chosen = read_label_studio(path, annotator="ann@x.org")  # only where there is a choice
    assert [[(s.start, s.end) for s in d.spans] for d in chosen] == [[(12, 18)], [(12, 14)]]
    assert read_label_studio(path, annotator="2")[1].spans[0].end == 18


def test_the_text_field_is_found_or_asked_for(write) -> None:
    one = {"data": {"narrative": TEXT, "report_id": "R7"}, "annotations": []}
    (document,) = read_label_studio(write("a.json", json.dumps([one])))
    assert document.text == TEXT and document.external_id == "R7"
    two = {"data": {"narrative": TEXT, "summary": "x"}, "annotations": []}
    with pytest.raises(InputError, match="data has narrative, summary; name it with --text-field"):
        read_label_studio(write("b.json", json.dumps([two])))
    assert read_label_studio(write("b.json", json.dumps([two])), text_field="narrative")
    with pytest.raises(InputError, match='data has no text field "body"'):
        read_label_studio(write("b.json", json.dumps([two])), text_field="body")


@pytest.mark.parametrize(
    ("results", "problem"),
    [
        ([region(5, 500, "X")], r"result\[0\] 5-500: outside the text"),
        ([region(9, 9, "X")], r"result\[0\] 9-9: empty or reversed"),
        ([region(0, 8, "X", text="Paziente")], r"result\[0\] says 'Paziente' but the text"),
        ([{"type": "labels", "value": {"start": "0", "end": 8, "labels": ["X"]}}], "integers"),
        ([{"type": "labels", "value": {"start": 0, "end": 8, "labels": []}}], "non-empty list"),
        (["r1"], r"result\[0\] is not an object"),
    ],
)
def test_bad_regions_are_refused_naming_the_task(write, results, problem) -> None:
    good = task([region(0, 8, "X")], task_id=1)
    bad = task(results, task_id=2)
    with pytest.raises(InputError, match=problem) as caught:
        read_label_studio(write("export.json", json.dumps([good, bad])))
    assert "export.json: task 2: " in str(caught.value)


def test_not_a_label_studio_export_says_so(write) -> None:
    with pytest.raises(InputError, match=r"x\.json:1: invalid JSON"):
        read_label_studio(write("x.json", "[{"))
    with pytest.raises(InputError, match="expected a JSON array of tasks"):
        read_label_studio(write("x.json", "[]"))
    with pytest.raises(InputError, match='task 1: has no "data" object .*JSON-MIN'):
        read_label_studio(write("x.json", json.dumps([{"text": TEXT, "label": []}])))


def test_the_export_carries_gold_predictions_with_scores_and_a_labeling_config(
    tmp_path: Path,
) -> None:
    name = TEXT.index("Ana")
    spans = (
        Span(name, name + 6, "PATIENT"),
        Span(TEXT.index("3/5"), TEXT.index("3/5") + 8, "DATE"),
    )
    document = Document(TEXT, spans, external_id="R1", case_id="C1", language="es")
    suggested = [
        Suggestion(name, name + 6, "PATIENT", 0.93, "crf"),
        Suggestion(spans[1].start, spans[1].end, "DATE", 0.99, "rule", "date_numeric"),
    ]
    notes: list[str] = []
    written = write_label_studio(
        [document], tmp_path / "ls", scheme=preset("pv"), predictions=[suggested],
        model_version="deid-studio model version 3", notes=notes,
    )  # fmt: skip
    assert [p.name for p in written] == ["tasks.json", "label_config.xml"]
    (exported,) = json.loads((tmp_path / "ls" / "tasks.json").read_text("utf-8"))
    assert exported["data"] == {"text": TEXT, "report_id": "R1", "case_id": "C1", "language": "es"}
    gold = exported["annotations"][0]["result"]
    assert [(r["value"]["text"], r["value"]["labels"]) for r in gold] == [
        ("Ana Li", ["PATIENT"]), ("3/5/2021", ["DATE"]),
    ]  # fmt: skip
    (prediction,) = exported["predictions"]
    assert prediction["model_version"] == "deid-studio model version 3"
    assert prediction["score"] == 0.93  # the task's least sure region
    assert [(r["value"]["start"], r["score"]) for r in prediction["result"]] == [
        (name, 0.93), (spans[1].start, 0.99),
    ]  # fmt: skip
    config = ElementTree.parse(tmp_path / "ls" / "label_config.xml").getroot()
    labels = [label.get("value") for label in config.iter("Label")]
    assert labels == list(preset("pv").names)
    assert config.find("Text").get("value") == "$text"
    assert any("2 suggestions of deid-studio model version 3 as Label" in n for n in notes)
    (again,) = read_label_studio(tmp_path / "ls")  # the folder, or its tasks.json
    assert (again.text, again.spans, again.external_id, again.case_id) == (TEXT, spans, "R1", "C1")
