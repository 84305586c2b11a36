"""The registry of formats: names, lookups, and that every registered reader really reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deid_studio.core import Document, Span
from deid_studio.formats import FORMATS, reader, writer


def test_names() -> None:
    tools = ["inception", "inception-json", "label-studio", "prodigy", "spacy"]
    older = ["brat", "i2b2", "i2b2-2006", "jsonl", "presidio", "csv", "vaers", "text", "e2b"]
    assert sorted(FORMATS) == sorted([*older, "conll", "parquet", *tools])
    assert {n for n, f in FORMATS.items() if f.read} == set(FORMATS) - {"conll"}
    assert {n for n, f in FORMATS.items() if f.write} == {
        "brat",
        "i2b2",
        "jsonl",
        "csv",
        "text",
        "conll",
        "e2b",
        *tools,
        "parquet",
    }
    assert {n for n, f in FORMATS.items() if f.notes} == set(tools)
    assert all(f.name == n and f.description for n, f in FORMATS.items())


def test_unknown_names_list_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"no reader for format 'docx'; choose one of brat, i2b2,"):
        reader("docx")
    with pytest.raises(ValueError, match="no reader for format 'conll'") as caught:
        reader("conll")
    assert "conll" not in str(caught.value).split("choose one of")[1]
    with pytest.raises(ValueError, match=r"no writer for format 'vaers'; choose one of brat, i2b2"):
        writer("vaers")


@pytest.mark.parametrize(
    "name",
    ["brat", "i2b2", "jsonl", "text", "inception", "inception-json", "label-studio", "prodigy",
     "spacy"],
)  # fmt: skip
def test_registered_writer_and_reader_round_trip(name: str, tmp_path: Path) -> None:
    if name == "spacy":
        pytest.importorskip("spacy")
    text = "Ana Li was seen\r\non 3 May."
    document = Document(text, (Span(0, 6, "PATIENT"), Span(20, 25, "DATE")), external_id="r1")
    target = tmp_path / ("out.jsonl" if FORMATS[name].folder is False else "out")
    written = writer(name)([document], target)
    assert written and all(p.exists() for p in written)
    (again,) = reader(name)(target)
    assert again.text == text
    if name != "text":
        assert again.spans == document.spans


def test_registered_readers_take_progress(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps([{"full_text": "x", "spans": []}]), encoding="utf-8")
    calls: list[tuple[int, int]] = []
    reader("presidio")(path, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 1)]
