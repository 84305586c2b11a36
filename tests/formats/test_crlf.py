"""A CR LF narrative keeps its line ends, and its offsets index the exact text, in every format."""

from __future__ import annotations

import json
from pathlib import Path

from deid_studio.core import Document, Span
from deid_studio.formats.brat import read_brat, write_brat
from deid_studio.formats.csv_table import read_csv, write_csv
from deid_studio.formats.i2b2 import read_i2b2, write_i2b2
from deid_studio.formats.jsonl import read_jsonl, write_jsonl
from deid_studio.formats.plaintext import read_text, write_text

TEXT = "Patient: John Smith\r\nDOB: 01/02/1960\r\n\r\nSeen at St Mary's by Dr Ng.\r\n"
EXPECTED = {"John Smith": "PATIENT", "01/02/1960": "DATE", "St Mary's": "HOSPITAL", "Ng": "DOCTOR"}


def _spans(text: str) -> tuple[Span, ...]:
    return tuple(
        Span(text.index(covered), text.index(covered) + len(covered), label)
        for covered, label in EXPECTED.items()
    )


def _assert_exact(document: Document) -> None:
    assert document.text == TEXT
    assert document.text.count("\r\n") == 4
    assert {s.text(document.text): s.category for s in document.spans} == EXPECTED


def test_offsets_are_counted_with_the_cr() -> None:
    # "St Mary's" starts at 48 in the CR LF text, at 45 if CRs were dropped
    assert _spans(TEXT)[2].start == 48
    assert TEXT.replace("\r\n", "\n").index("St Mary's") == 45


def test_brat(write, tmp_path: Path) -> None:
    write("in/r.txt", TEXT)
    ann = "".join(
        f"T{n}\t{s.category} {s.start} {s.end}\t{s.text(TEXT)}\n"
        for n, s in enumerate(_spans(TEXT), start=1)
    )
    write("in/r.ann", ann)
    (document,) = read_brat(tmp_path / "in")
    _assert_exact(document)

    write_brat([document], tmp_path / "out")
    assert (tmp_path / "out" / "r.txt").read_bytes() == TEXT.encode()
    (again,) = read_brat(tmp_path / "out")
    _assert_exact(again)


def test_plaintext(write, tmp_path: Path) -> None:
    write("in/r.txt", TEXT)
    (document,) = read_text(tmp_path / "in")
    assert document.text == TEXT

    write_text([document.with_spans(_spans(TEXT))], tmp_path / "out")
    assert (tmp_path / "out" / "r.txt").read_bytes() == TEXT.encode()
    (again,) = read_text(tmp_path / "out" / "r.txt")
    assert again.text == TEXT
    assert [s.text(again.text) for s in _spans(again.text)] == list(EXPECTED)


def test_jsonl(write, tmp_path: Path) -> None:
    spans = [{"start": s.start, "end": s.end, "label": s.category} for s in _spans(TEXT)]
    path = write("in.jsonl", json.dumps({"id": "r", "text": TEXT, "spans": spans}) + "\r\n")
    (document,) = read_jsonl(path)
    _assert_exact(document)

    out = tmp_path / "out.jsonl"
    write_jsonl([document], out)
    assert b"\\r\\n" in out.read_bytes()
    (again,) = read_jsonl(out)
    _assert_exact(again)


def test_i2b2_writer_keeps_cr(tmp_path: Path) -> None:
    document = Document(TEXT, _spans(TEXT), external_id="r")
    write_i2b2([document], tmp_path)
    (again,) = read_i2b2(tmp_path)
    _assert_exact(again)


def test_csv_quoted_field(tmp_path: Path) -> None:
    document = Document(TEXT, external_id="r")
    write_csv([document], tmp_path / "out.csv")
    (again,) = read_csv(tmp_path / "out.csv", id="id")
    assert again.text == TEXT
