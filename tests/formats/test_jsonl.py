"""JSON Lines: read, write, round trip, and errors that name the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deid_studio.core import Document, InputError, Span
from deid_studio.formats.jsonl import read_jsonl, write_jsonl


def _line(**record: object) -> str:
    return json.dumps(record, ensure_ascii=False)


def test_reads_records_skipping_blank_lines(write) -> None:
    path = write(
        "in.jsonl",
        "\n".join(
            [
                _line(
                    id="R1",
                    text="Jürgen Weiß, 1 May",
                    spans=[{"start": 0, "end": 11, "label": "PATIENT", "text": "Jürgen Weiß"}],
                    meta={"country": "DE"},
                    case_id="C9",
                    language="de",
                ),
                "",
                "   ",
                _line(id=42, text="No PHI\u2028here."),
            ]
        )
        + "\n",
    )
    first, second = read_jsonl(path)
    assert first == Document(
        "Jürgen Weiß, 1 May",
        (Span(0, 11, "PATIENT"),),
        external_id="R1",
        case_id="C9",
        source="in.jsonl",
        meta={"country": "DE"},
        language="de",
    )
    # integer ids become strings; U+2028 inside a string does not split the line
    assert (second.external_id, second.text, second.spans) == ("42", "No PHI\u2028here.", ())
    assert second.language is None and second.meta == {}


def test_write_read_round_trip_and_exact_shape(tmp_path: Path) -> None:
    documents = [
        Document(
            "Ana López, née le 3/4/1950.\r\nTel ☎ 555",
            (Span(0, 9, "PATIENT"), Span(18, 26, "DATE")),
            external_id="r1",
            case_id="case-1",
            meta={"dates": {"RECVDATE": "01/01/2021"}},
            language="fr",
        ),
        Document("Nothing here.", external_id="r2"),
    ]
    out = tmp_path / "sub" / "out.jsonl"
    assert write_jsonl(documents, out) == [out]

    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines[-1] == ""
    assert "☎" in lines[0] and "López" in lines[0]  # ensure_ascii=False
    assert json.loads(lines[0]) == {
        "id": "r1",
        "text": "Ana López, née le 3/4/1950.\r\nTel ☎ 555",
        "spans": [
            {"start": 0, "end": 9, "label": "PATIENT"},
            {"start": 18, "end": 26, "label": "DATE"},
        ],
        "meta": {"dates": {"RECVDATE": "01/01/2021"}},
        "case_id": "case-1",
        "language": "fr",
    }
    assert list(json.loads(lines[1])) == ["id", "text", "spans", "meta"]

    again = read_jsonl(out)
    assert [(d.external_id, d.text, d.spans, d.case_id, d.meta, d.language) for d in again] == [
        (d.external_id, d.text, d.spans, d.case_id, d.meta, d.language) for d in documents
    ]


GOOD = _line(id="ok", text="fine", spans=[])


@pytest.mark.parametrize(
    ("bad", "problem"),
    [
        ('{"id": "x", "text": "a",', r"invalid JSON: Expecting property name .*\(column 25\)"),
        ('["not", "an", "object"]', "expected a JSON object, found list"),
        (_line(text="no id"), r'missing "id" \(a string or an integer\)'),
        (_line(id="x"), r'missing "text" \(a string\)'),
        (_line(id="x", text=5), '"text" must be a string, not int'),
        (_line(id=True, text="a"), '"id" must be a string or an integer, not bool'),
        (_line(id="x", text="   "), "the narrative is only whitespace"),
        (_line(id="x", text="abc", spans={}), '"spans" must be a list, not dict'),
        (_line(id="x", text="abc", meta=[]), '"meta" must be an object, not list'),
        (_line(id="x", text="abc", case_id=3), '"case_id" must be a string, not int'),
        (_line(id="x", text="abc", language=["en"]), '"language" must be a string, not list'),
        (_line(id="x", text="abc", spans=[[0, 1]]), r"spans\[0\] is not an object"),
        (
            _line(id="x", text="abc", spans=[{"start": 0, "label": "X"}]),
            r'spans\[0\]: "end" is missing',
        ),
        (
            _line(id="x", text="abc", spans=[{"start": "0", "end": 1, "label": "X"}]),
            r"spans\[0\]: \"start\" is not an integer \(a str\)",
        ),
        (
            _line(id="x", text="abc", spans=[{"start": 0, "end": 1, "label": ""}]),
            r'spans\[0\]: "label" must be a non-empty string',
        ),
        (
            _line(
                id="x",
                text="abc",
                spans=[{"start": 0, "end": 1, "label": "X"}, {"start": 1, "end": 9, "label": "X"}],
            ),
            r"spans\[1\] 1-9: outside the text, which has 3 characters",
        ),
        (
            _line(id="x", text="abc", spans=[{"start": 2, "end": 1, "label": "X"}]),
            r"spans\[0\] 2-1: empty or reversed",
        ),
        (
            _line(id="x", text="abc", spans=[{"start": 0, "end": 1, "label": "X", "text": "b"}]),
            r"spans\[0\] at 0-1: the text given \(1 characters\) differs from the narrative's "
            r"\(1\) from its character 1",
        ),
    ],
)
def test_bad_line_is_named(write, bad: str, problem: str) -> None:
    path = write("in.jsonl", f"{GOOD}\n\n{bad}\n{GOOD}\n")
    with pytest.raises(InputError, match=problem) as caught:
        read_jsonl(path)
    assert caught.value.source == str(path)
    assert caught.value.line == 3
    assert str(caught.value).startswith(f"{path}:3: ")


def test_undecodable_bytes(write) -> None:
    path = write("in.jsonl", GOOD.encode() + b"\n" + b'{"id": "x", "text": "caf\xe9"}\n')
    with pytest.raises(InputError, match=r"0xe9\) cannot be decoded") as caught:
        read_jsonl(path)
    assert caught.value.line == 2


@pytest.mark.parametrize("content", ["", "\n\n  \n"])
def test_empty_file(write, content: str) -> None:
    path = write("in.jsonl", content)
    with pytest.raises(InputError, match="no records"):
        read_jsonl(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        read_jsonl(tmp_path / "none.jsonl")
