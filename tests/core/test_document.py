from __future__ import annotations

import pytest

from deid_studio.core.document import Document, Span


@pytest.mark.parametrize(("start", "end"), [(-1, 3), (3, 3), (5, 2)])
def test_span_refuses_bad_offsets(start: int, end: int) -> None:
    with pytest.raises(ValueError, match="0 <= start < end"):
        Span(start, end, "PATIENT")


def test_span_needs_a_category() -> None:
    with pytest.raises(ValueError, match="no category"):
        Span(0, 2, "")


def test_document_refuses_a_span_beyond_its_text() -> None:
    with pytest.raises(ValueError, match="beyond the narrative's 5 characters"):
        Document("hello", (Span(3, 6, "PATIENT"),))


def test_span_at_the_very_end_is_fine() -> None:
    doc = Document("hi Ann", [Span(3, 6, "PATIENT")])
    assert isinstance(doc.spans, tuple)
    assert doc.spans[0].text(doc.text) == "Ann"


def test_overlap() -> None:
    assert Span(0, 5, "A").overlaps(Span(4, 6, "B"))
    assert not Span(0, 5, "A").overlaps(Span(5, 6, "B"))


def test_content_hash_tells_reports_with_the_same_text_apart() -> None:
    a = Document("Narrative:", external_id="1")
    b = Document("Narrative:", external_id="2")
    assert a.content_hash() != b.content_hash()
    assert a.content_hash() == Document("Narrative:", external_id="1", source="x").content_hash()


def test_case_defaults_to_the_report() -> None:
    assert Document("x", external_id="R1").case == "R1"
    assert Document("x", external_id="R2", case_id="C1").case == "C1"


def test_suggestion_validates_and_converts() -> None:
    from deid_studio.core.document import Suggestion

    s = Suggestion(2, 5, "DATE", 0.8, "crf")
    assert s.span == Span(2, 5, "DATE")
    with pytest.raises(ValueError, match=r"not in \[0, 1\]"):
        Suggestion(2, 5, "DATE", 1.5, "crf")
    with pytest.raises(ValueError, match="0 <= start < end"):
        Suggestion(5, 5, "DATE", 0.5, "rule")
