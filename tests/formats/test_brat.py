"""BRAT standoff: MEDDOCAN round trip, discontinuous entities, located errors."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from deid_studio.core import Document, InputError, Span
from deid_studio.core.progress import WorkCancelled
from deid_studio.formats.brat import read_brat, write_brat


def _ann_entries(path: Path) -> Counter[tuple[str, str, str]]:
    """(type, offsets, text) of every T line of an .ann file, as a multiset."""
    entries: Counter[tuple[str, str, str]] = Counter()
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.startswith("T"):
            _, middle, text = line.split("\t", 2)
            label, offsets = middle.split(" ", 1)
            entries[(label, offsets, text)] += 1
    return entries


def _covered(document: Document) -> Counter[tuple[int, int, str, str]]:
    return Counter((s.start, s.end, s.category, s.text(document.text)) for s in document.spans)


def test_meddocan_dev_round_trips_exactly(shared_data: Path, tmp_path: Path) -> None:
    dev = shared_data / "meddocan" / "dev"
    documents = read_brat(dev)

    originals = sorted(dev.glob("*.txt"))
    assert [d.external_id for d in documents] == [p.stem for p in originals]
    assert [d.source for d in documents] == [p.name for p in originals]
    expected_spans = sum(sum(_ann_entries(p.with_suffix(".ann")).values()) for p in originals)
    assert sum(len(d.spans) for d in documents) == expected_spans > 5000
    # some MEDDOCAN files start with a byte-order mark, which BRAT counts as a character
    assert any(d.text.startswith("\ufeff") for d in documents)

    out = tmp_path / "out"
    written = write_brat(documents, out)
    assert len(written) == 2 * len(documents)
    again = read_brat(out)

    assert [d.text for d in again] == [d.text for d in documents]
    for before, after in zip(documents, again, strict=True):
        assert after.external_id == before.external_id
        assert _covered(after) == _covered(before)
        assert all(s.text(after.text) for s in after.spans)
    for original in originals:
        assert (out / original.name).read_bytes() == original.read_bytes()
        ann = original.with_suffix(".ann")
        assert _ann_entries(out / ann.name) == _ann_entries(ann), ann.name


def test_discontinuous_entity_is_one_span_per_fragment_and_written_back_as_one_line(
    write, tmp_path: Path
) -> None:
    text = "Juan (the patient) Pérez was seen in Madrid."
    write("in/r1.txt", text)
    write(
        "in/r1.ann",
        "T1\tNOMBRE 0 4;19 24\tJuan Pérez\n"
        "#1\tAnnotatorNotes T1\tfirst and last name\n"
        "T2\tTERRITORIO 37 43\tMadrid\n"
        "A1\tNegated T2\n"
        "R1\tLives_in Arg1:T1 Arg2:T2\n"
        "E1\tVisit:T2\n"
        "N1\tReference T2 Wikipedia:2807\tMadrid\n"
        "\n",
    )
    (document,) = read_brat(tmp_path / "in")

    assert document.spans == (
        Span(0, 4, "NOMBRE", "T1"),
        Span(19, 24, "NOMBRE", "T1"),
        Span(37, 43, "TERRITORIO"),
    )

    write_brat([document], tmp_path / "out")
    lines = (tmp_path / "out" / "r1.ann").read_text(encoding="utf-8").split("\n")
    assert lines == ["T1\tNOMBRE 0 4;19 24\tJuan Pérez", "T2\tTERRITORIO 37 43\tMadrid", ""]
    assert read_brat(tmp_path / "out") == [document]


def test_single_txt_file_and_txt_without_ann(write, tmp_path: Path) -> None:
    write("a.txt", "First narrative.")
    write("a.ann", "T1\tX 0 5\tFirst\n")
    write("b.txt", "No annotations here.")

    (only,) = read_brat(tmp_path / "a.txt")
    assert only.external_id == "a" and only.source == "a.txt"
    assert only.spans == (Span(0, 5, "X"),)
    both = read_brat(tmp_path)
    assert [d.external_id for d in both] == ["a", "b"]
    assert both[1].spans == ()


def test_ann_with_crlf_line_ends_and_a_span_over_a_line_break(write, tmp_path: Path) -> None:
    text = "Address: 12 Calle Mayor\nMadrid, Spain"
    write("r.txt", text)
    # BRAT's text column cannot hold a line break; writers put a space there
    write("r.ann", "T1\tCALLE 9 30\t12 Calle Mayor Madrid\r\nT2\tPAIS 32 37\tSpain\r\n")
    (document,) = read_brat(tmp_path)
    assert [s.text(text) for s in document.spans] == ["12 Calle Mayor\nMadrid", "Spain"]

    write_brat([document], tmp_path / "out")
    assert (tmp_path / "out" / "r.ann").read_text(encoding="utf-8") == (
        "T1\tCALLE 9 30\t12 Calle Mayor Madrid\nT2\tPAIS 32 37\tSpain\n"
    )
    assert read_brat(tmp_path / "out") == [document]


def test_written_names_are_safe_and_unique(tmp_path: Path) -> None:
    documents = [
        Document("one", external_id="../../etc/passwd"),
        Document("two", external_id="etc_passwd"),
        Document("three", external_id="ETC_PASSWD"),
        Document("four", external_id=""),
        Document("five", external_id="CON"),
        Document("six", external_id="a b:c*?"),
    ]
    written = write_brat(documents, tmp_path / "out")
    names = [p.name for p in written if p.suffix == ".txt"]
    assert names == [
        "etc_passwd.txt",
        "etc_passwd-2.txt",
        "ETC_PASSWD-3.txt",
        "document-4.txt",
        "CON_.txt",
        "a_b_c.txt",
    ]
    assert all(p.parent == tmp_path / "out" for p in written)
    assert {d.external_id: d.text for d in read_brat(tmp_path / "out")} == {
        "etc_passwd": "one",
        "etc_passwd-2": "two",
        "ETC_PASSWD-3": "three",
        "document-4": "four",
        "CON_": "five",
        "a_b_c": "six",
    }


def test_progress_is_reported_and_cancel_stops(write, tmp_path: Path) -> None:
    for n in range(3):
        write(f"r{n}.txt", f"narrative {n}")
    calls: list[tuple[int, int]] = []
    read_brat(tmp_path, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    with pytest.raises(WorkCancelled):
        read_brat(tmp_path, cancelled=lambda: True)


# --- bad input: every error names the file, the line and the problem -------------------------


@pytest.mark.parametrize(
    ("ann_line", "problem"),
    [
        ("T2 NOMBRE 0 4\tJuan", "malformed text-bound annotation"),
        ("T2\tNOMBRE 0 four\tJuan", "malformed text-bound annotation"),
        ("T2\tNOMBRE 0 4", "malformed text-bound annotation"),
        ("T2\tNOMBRE 10 400\tx", r"T2 offsets 10-400: outside the text, which has 20 characters"),
        ("T2\tNOMBRE 4 4\tx", "T2 offsets 4-4: empty or reversed"),
        ("T2\tNOMBRE 8 4\tx", "T2 offsets 8-4: empty or reversed"),
        (
            "T2\tNOMBRE 0 4\tJose",
            r"T2 at 0 4: the text given \(4 characters\) differs from the "
            r"narrative's \(4\) from its character 2",
        ),
        (
            "T2\tNOMBRE 0 4;5 8\tJuan Pe",
            r"T2 at 0 4;5 8: the text given \(7 characters\) differs "
            r"from the narrative's \(8\) from its character 8",
        ),
        ("T1\tNOMBRE 5 10\tPerez", r"T1 is defined twice \(first on line 1\)"),
    ],
)
def test_bad_text_bound_line(write, tmp_path: Path, ann_line: str, problem: str) -> None:
    write("r.txt", "Juan Perez was seen.")
    ann = write("r.ann", f"T1\tNOMBRE 0 4\tJuan\n{ann_line}\n")
    with pytest.raises(InputError, match=problem) as caught:
        read_brat(tmp_path)
    assert caught.value.source == str(ann)
    assert caught.value.line == 2
    assert str(caught.value).startswith(f"{ann}:2: ")
    for word in ("Juan", "Jose", "Perez"):  # the place is named, the narrative never quoted
        assert word not in caught.value.problem


def test_ann_without_txt(write, tmp_path: Path) -> None:
    write("a.txt", "fine")
    ann = write("b.ann", "T1\tX 0 1\tf\n")
    with pytest.raises(InputError, match=r"b\.ann: no matching b\.txt") as caught:
        read_brat(tmp_path)
    assert caught.value.source == str(ann)
    with pytest.raises(InputError, match=r"no matching b\.txt"):
        read_brat(ann)


def test_undecodable_txt_names_line_and_byte(write, tmp_path: Path) -> None:
    txt = write("r.txt", b"line one\nline two caf\xe9\n")
    with pytest.raises(InputError, match=r"byte 21 \(0xe9\) cannot be decoded as utf-8") as caught:
        read_brat(tmp_path)
    assert caught.value.source == str(txt)
    assert caught.value.line == 2


def test_undecodable_ann(write, tmp_path: Path) -> None:
    write("r.txt", "fine")
    ann = write("r.ann", b"T1\tX 0 1\tf\nT2\tX 1 2\t\xff\n")
    with pytest.raises(InputError, match="cannot be decoded") as caught:
        read_brat(tmp_path)
    assert (caught.value.source, caught.value.line) == (str(ann), 2)


@pytest.mark.parametrize("content", ["", " \n\r\n"])
def test_empty_txt(write, tmp_path: Path, content: str) -> None:
    txt = write("r.txt", content)
    with pytest.raises(InputError, match=r"the narrative is (empty|only whitespace)") as caught:
        read_brat(tmp_path)
    assert caught.value.source == str(txt)


def test_folder_without_txt(write, tmp_path: Path) -> None:
    write("notes.md", "nothing to see")
    with pytest.raises(InputError, match=r"no \.txt files in this folder or below") as caught:
        read_brat(tmp_path)
    assert caught.value.source == str(tmp_path)


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or folder"):
        read_brat(tmp_path / "nowhere")


def test_one_bad_file_imports_nothing(write, tmp_path: Path) -> None:
    write("a.txt", "good one")
    write("b.txt", "bad one")
    write("b.ann", "T1\tX 0 3\tgood\n")
    with pytest.raises(InputError, match=r"b\.ann:1: T1 at 0 3: the text given"):
        read_brat(tmp_path)
