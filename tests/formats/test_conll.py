"""CoNLL BIO output, checked line by line."""

from __future__ import annotations

from pathlib import Path

from deid_studio.core import Document, Span
from deid_studio.formats.conll import write_conll


def _span(text: str, covered: str, label: str, occurrence: int = 0) -> Span:
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(covered, start + 1)
    return Span(start, start + len(covered), label)


def test_bio_lines_for_a_hand_made_document(tmp_path: Path) -> None:
    text = (
        "John Smith was seen on 12/01/2020.\r\nCall Dr. Ng at 555-1234\n\n  \nLives in New\nYork."
    )
    first = Document(
        text,
        (
            _span(text, "John Smith", "PATIENT"),
            _span(text, "12/01/2020", "DATE"),
            _span(text, "Ng", "DOCTOR"),
            _span(text, "555-1234", "CONTACT"),
            _span(text, "New\nYork", "LOCATION"),
        ),
        external_id="r1",
    )
    second_text = "AnnBob and Cy Dee; Dr Ana Li"
    second = Document(
        second_text,
        (
            Span(3, 6, "PATIENT"),  # part of the token "AnnBob"
            _span(second_text, "Cy", "PATIENT"),  # two adjacent spans: B then B
            _span(second_text, "Dee", "PATIENT"),
            _span(second_text, "Dr Ana Li", "PROFESSIONAL"),  # the earlier span wins
            _span(second_text, "Ana Li", "PATIENT"),
        ),
        external_id="r\t2",
    )
    out = tmp_path / "gold.conll"
    assert write_conll([first, second], out) == [out]

    assert out.read_text(encoding="utf-8").split("\n") == [
        "# document: r1",
        "John\tB-PATIENT",
        "Smith\tI-PATIENT",
        "was\tO",
        "seen\tO",
        "on\tO",
        "12\tB-DATE",
        "/\tI-DATE",
        "01\tI-DATE",
        "/\tI-DATE",
        "2020\tI-DATE",
        ".\tO",
        "",
        "Call\tO",
        "Dr\tO",
        ".\tO",
        "Ng\tB-DOCTOR",
        "at\tO",
        "555\tB-CONTACT",
        "-\tI-CONTACT",
        "1234\tI-CONTACT",
        "",
        "Lives\tO",
        "in\tO",
        "New\tB-LOCATION",
        "",
        "York\tB-LOCATION",
        ".\tO",
        "",
        "# document: r 2",
        "AnnBob\tB-PATIENT",
        "and\tO",
        "Cy\tB-PATIENT",
        "Dee\tB-PATIENT",
        ";\tO",
        "Dr\tB-PROFESSIONAL",
        "Ana\tI-PROFESSIONAL",
        "Li\tI-PROFESSIONAL",
        "",
        "",
    ]


def test_document_without_spans_is_all_o(tmp_path: Path) -> None:
    out = tmp_path / "x" / "o.conll"
    calls: list[tuple[int, int]] = []
    write_conll(
        [Document("No PHI here.", external_id="d")],
        out,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert out.read_text(encoding="utf-8") == "# document: d\nNo\tO\nPHI\tO\nhere\tO\n.\tO\n\n"
    assert calls == [(1, 1)]
