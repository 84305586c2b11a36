"""Prodigy JSONL (only accepted examples are gold) and spaCy DocBin (overlaps resolved)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from deid_studio.core import DeidError, Document, InputError, Span
from deid_studio.formats._pieces import pieces
from deid_studio.formats.prodigy import read_prodigy, write_prodigy
from deid_studio.formats.spacy_docbin import read_spacy, resolve_overlaps, write_spacy

TEXT = "Pt 😀 Ana Li\r\nseen  on 3 May 2021\tby Dr. 𠀋 Lee ."
SPANS = (
    Span(TEXT.index("Ana"), TEXT.index("Ana") + 6, "PATIENT"),
    Span(TEXT.index("3 May"), TEXT.index("3 May") + 10, "DATE"),
    Span(TEXT.index("Dr."), TEXT.index("Lee") + 3, "PROFESSIONAL"),
    Span(TEXT.index("Li"), TEXT.index("Li") + 3, "OTHER"),  # ends after the CR, inside CRLF
)


def test_pieces_spell_the_text_and_every_span_boundary_is_a_piece_boundary() -> None:
    parts = pieces(TEXT, SPANS)
    assert "".join(p.text + (" " if p.space_after else "") for p in parts) == TEXT
    starts, ends = {p.start for p in parts}, {p.end for p in parts}
    assert all(s.start in starts and s.end in ends for s in SPANS)
    assert [p.text for p in parts if p.is_space] == ["\r", "\n", "  ", "\t"]  # CR|LF: a span cut
    assert next(p for p in parts if p.text == "Ana").space_after


def example(spans: list[dict], answer: str | None = "accept", **extra) -> str:
    record = {"text": TEXT, "spans": spans, **extra}
    if answer is not None:
        record["answer"] = answer
    return json.dumps(record, ensure_ascii=False)


def test_only_accepted_examples_are_gold_and_the_rest_is_counted(write) -> None:
    name = {"start": SPANS[0].start, "end": SPANS[0].end, "label": "PATIENT"}
    lines = [
        example([name], meta={"report_id": "R1"}),
        example([name], "reject"),
        example([name], "ignore"),
        example([name], "ignore"),
        example([name], None),
        "",
        example([], meta={"source": "ward 3"}, _input_hash=42),
    ]
    notes: list[str] = []
    documents = read_prodigy(write("db.jsonl", "\n".join(lines) + "\n"), notes=notes)
    assert [(d.external_id, d.spans) for d in documents] == [("R1", SPANS[:1]), ("42", ())]
    assert documents[1].meta == {"source": "ward 3"}
    assert notes == [
        "skipped 1 rejected, 2 ignored, 1 unanswered examples: only accepted examples are gold"
    ]
    with pytest.raises(InputError, match=r"no accepted examples \(1 rejected examples\)"):
        read_prodigy(write("none.jsonl", example([name], "reject")))


def test_spans_given_by_tokens_agree_with_their_characters(write) -> None:
    exported = write_prodigy(
        [Document(TEXT, SPANS, external_id="R1")], write("x", "").parent / "p.jsonl"
    )
    record = json.loads(exported[0].read_text("utf-8"))
    tokens = record["tokens"]
    for span in record["spans"]:  # Prodigy's token indices point at the span's own tokens
        assert tokens[span["token_start"]]["start"] == span["start"]
        assert tokens[span["token_end"]]["end"] == span["end"]
    assert record["answer"] == "accept" and record["meta"]["report_id"] == "R1"
    only_tokens = [
        {k: v for k, v in s.items() if k not in ("start", "end")} for s in record["spans"]
    ]
    (document,) = read_prodigy(write("t.jsonl", json.dumps({**record, "spans": only_tokens})))
    assert document.spans == tuple(sorted(SPANS, key=Span.sort_key))
    wrong = [{**record["spans"][0], "end": record["spans"][0]["end"] - 1}]
    with pytest.raises(InputError, match=r"w\.jsonl:1: spans\[0\]: characters .* but tokens"):
        read_prodigy(write("w.jsonl", json.dumps({**record, "spans": wrong})))


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ('{"text": "x"', r"b\.jsonl:2: invalid JSON"),
        ('["x"]', r"b\.jsonl:2: expected a JSON object, found list"),
        (example([], "maybe"), r'b\.jsonl:2: "answer" must be accept, reject or ignore'),
        (example([{"start": 0, "end": 99, "label": "X"}]), r"b\.jsonl:2: spans\[0\] 0-99: outside"),
        (example([{"start": 0, "end": 2}]), r'b\.jsonl:2: spans\[0\]: "label" must be'),
        (json.dumps({"text": 5, "answer": "accept"}), r'b\.jsonl:2: "text" must be a string'),
        (json.dumps({"text": "  ", "answer": "accept"}), r"b\.jsonl:2: the narrative is only"),
    ],
)
def test_bad_examples_are_refused_with_their_line(write, line, problem) -> None:
    with pytest.raises(InputError, match=problem):
        read_prodigy(write("b.jsonl", example([]) + "\n" + line + "\n"))


def test_overlapping_spans_are_kept_for_prodigy_and_noted(tmp_path: Path) -> None:
    notes: list[str] = []
    write_prodigy([Document(TEXT, SPANS, external_id="R1")], tmp_path / "p.jsonl", notes=notes)
    assert notes == [
        "1 documents have overlapping spans, written as they are (Prodigy's spans recipes show "
        "them; its ner recipes expect none)"
    ]
    (document,) = read_prodigy(tmp_path / "p.jsonl")
    assert document.spans == tuple(sorted(SPANS, key=Span.sort_key))


def test_overlaps_are_resolved_longest_first_whatever_the_order() -> None:
    spans = [Span(0, 4, "A"), Span(2, 9, "B"), Span(8, 12, "C"), Span(2, 9, "A"), Span(20, 22, "D")]
    kept, left_out = resolve_overlaps(spans)
    assert kept == [Span(2, 9, "A"), Span(20, 22, "D")]
    assert [(lost, winner) for lost, winner in left_out] == [
        (Span(2, 9, "B"), Span(2, 9, "A")),
        (Span(0, 4, "A"), Span(2, 9, "A")),
        (Span(8, 12, "C"), Span(2, 9, "A")),
    ]
    assert resolve_overlaps(list(reversed(spans))) == (kept, left_out)


def test_a_docbin_round_trip_keeps_the_text_exactly(tmp_path: Path) -> None:
    pytest.importorskip("spacy")
    spans = SPANS[:3]
    documents = [
        Document(TEXT, spans, external_id="R1", case_id="C1", language="en", meta={"k": 1}),
        Document("  leading blanks,  Ana  ", (Span(19, 22, "PATIENT"),), external_id="R2"),
    ]
    write_spacy(documents, tmp_path / "gold.spacy")
    again = read_spacy(tmp_path / "gold.spacy")
    assert [
        (d.text, d.spans, d.external_id, d.case_id, d.language, dict(d.meta)) for d in again
    ] == [(d.text, d.spans, d.external_id, d.case_id, d.language, dict(d.meta)) for d in documents]

    from spacy.tokens import DocBin
    from spacy.vocab import Vocab

    (doc, _) = DocBin().from_disk(tmp_path / "gold.spacy").get_docs(Vocab())
    assert doc.text == TEXT
    assert [(e.text, e.label_) for e in doc.ents] == [("Ana Li", "PATIENT"), ("3 May 2021", "DATE"),
                                                      ("Dr. 𠀋 Lee", "PROFESSIONAL")]  # fmt: skip


def test_overlapping_entities_are_resolved_and_named_in_the_notes(tmp_path: Path) -> None:
    pytest.importorskip("spacy")
    notes: list[str] = []
    write_spacy([Document(TEXT, SPANS, external_id="R1")], tmp_path / "g.spacy", notes=notes)
    (document,) = read_spacy(tmp_path / "g.spacy")
    assert document.spans == SPANS[:3]
    (note,) = notes
    lost, kept = SPANS[3], SPANS[0]
    assert note.startswith("spaCy entities cannot overlap: left out 1 spans in 1 documents")
    assert (
        f"report R1 {lost.start}-{lost.end} OTHER (overlaps {kept.start}-{kept.end} PATIENT)"
        in note
    )


def test_a_bad_docbin_is_refused_in_one_line(write) -> None:
    pytest.importorskip("spacy")
    with pytest.raises(InputError, match=r"bad\.spacy: not a spaCy DocBin"):
        read_spacy(write("bad.spacy", b"\x00\x01 not msgpack"))


def test_a_docbin_whose_entity_label_is_not_among_its_strings_is_refused_in_one_line(
    tmp_path: Path,
) -> None:
    """Found by the exchange fuzz test: spaCy raises while it reads the entities (E084)."""
    pytest.importorskip("spacy")
    import zlib

    import srsly

    write_spacy([Document(TEXT, SPANS[:1], external_id="R1")], tmp_path / "gold.spacy")
    packed = srsly.msgpack_loads(zlib.decompress((tmp_path / "gold.spacy").read_bytes()))
    packed["strings"] = [s for s in packed["strings"] if s != "PATIENT"]
    (tmp_path / "gold.spacy").write_bytes(zlib.compress(srsly.msgpack_dumps(packed)))
    with pytest.raises(InputError, match=r"gold\.spacy: doc 1: unreadable entities: ") as err:
        read_spacy(tmp_path / "gold.spacy")
    assert "\n" not in str(err.value)


def test_without_spacy_the_format_says_what_to_install(tmp_path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "spacy", None)  # import spacy now raises ImportError
    monkeypatch.setitem(sys.modules, "spacy.tokens", None)
    with pytest.raises(
        DeidError, match=r"^the spacy format needs spaCy: pip install 'deid-studio\[spacy\]'$"
    ):
        write_spacy([Document("x", (), external_id="R")], tmp_path / "x.spacy")
    with pytest.raises(DeidError, match="pip install 'deid-studio"):
        read_spacy(tmp_path)
