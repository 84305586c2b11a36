"""Presidio's synthetic data set: the shared file, and errors located by record and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deid_studio.core import InputError, Span
from deid_studio.formats.presidio import read_presidio


def test_reads_the_shared_data_set(shared_data: Path) -> None:
    path = shared_data / "presidio-synth" / "synth_dataset_v2.json"
    documents = read_presidio(path)
    raw = json.loads(path.read_text(encoding="utf-8"))

    assert len(documents) == len(raw) == 1500
    assert [d.external_id for d in documents[:3]] == ["presidio-0", "presidio-1", "presidio-2"]
    assert len({d.external_id for d in documents}) == 1500
    assert {d.language for d in documents} == {"en"}
    for document, record in zip(documents, raw, strict=True):
        assert document.text == record["full_text"]
        assert sorted(
            (s.start, s.end, s.category, s.text(document.text)) for s in document.spans
        ) == sorted(
            (s["start_position"], s["end_position"], s["entity_type"], s["entity_value"])
            for s in record["spans"]
        )
    # multi-line addresses stay multi-line
    assert any("\n" in s.text(d.text) for d in documents for s in d.spans)


def _record(text: str, *spans: tuple[str, str, int, int]) -> dict[str, object]:
    return {
        "full_text": text,
        "masked": "",
        "spans": [
            {"entity_type": t, "entity_value": v, "start_position": s, "end_position": e}
            for t, v, s, e in spans
        ],
        "template_id": 3,
    }


def test_reads_a_small_file(write) -> None:
    records = [_record("Hi John", ("PERSON", "John", 3, 7)), _record("No PII.")]
    path = write("p.json", json.dumps(records, indent=4))
    first, second = read_presidio(path)
    assert first.spans == (Span(3, 7, "PERSON"),)
    assert first.meta == {"template_id": 3}
    assert (second.external_id, second.spans) == ("presidio-1", ())


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        (
            _record("Hi John", ("PERSON", "Jon", 3, 7)),
            r"record 1, span 0: entity_value at 3-7: the text given \(3 characters\) differs "
            r"from the narrative's \(4\) from its character 3",
        ),
        (
            _record("Hi John", ("PERSON", "John", 3, 70)),
            r"record 1, span 0: 3-70 is not a non-empty range inside the text \(0-7\)",
        ),
        (_record("Hi John", ("PERSON", "", 3, 3)), "record 1, span 0: 3-3 is not a non-empty"),
        (_record("Hi John", ("", "John", 3, 7)), "record 1, span 0: entity_type must be"),
        ({"full_text": 7, "spans": []}, 'record 1: "full_text" is missing or not a string'),
        ({"full_text": "x", "spans": {}}, 'record 1: "spans" is not a list'),
        (["not", "an", "object"], "record 1 is not an object"),
        (_record("  "), "the narrative is only whitespace"),
    ],
)
def test_bad_record_names_index_and_line(write, bad: object, problem: str) -> None:
    records = [_record("Fine, Ann.", ("PERSON", "Ann", 6, 9)), bad]
    content = json.dumps(records, indent=2)
    path = write("p.json", content)
    second_starts_on = content.split("\n").index("  },") + 2
    with pytest.raises(InputError, match=problem) as caught:
        read_presidio(path)
    assert caught.value.source == str(path)
    assert caught.value.line == second_starts_on > 2


@pytest.mark.parametrize(
    ("content", "line", "problem"),
    [
        ("", None, "the file is empty"),
        ('{"full_text": "x"}', 1, "expected a JSON array of records"),
        ("[]", None, "the array holds no records"),
        (
            '[\n{"full_text": "x", "spans": []}\n{"full_text": "y"}\n]',
            3,
            "invalid JSON: expected ',' or ']'",
        ),
        ('[\n{"full_text": "x",\n "spans": [}\n]', 3, "invalid JSON: Expecting value"),
        ('[{"full_text": "x", "spans": []}]\n]', 1, "extra data after the array"),
    ],
)
def test_bad_json(write, content: str, line: int | None, problem: str) -> None:
    path = write("p.json", content)
    with pytest.raises(InputError, match=problem) as caught:
        read_presidio(path)
    assert caught.value.line == line
