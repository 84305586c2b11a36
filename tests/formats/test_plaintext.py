"""Plain text folders: exact text in, exact text out."""

from __future__ import annotations

from pathlib import Path

import pytest

from deid_studio.core import Document, InputError
from deid_studio.formats.plaintext import read_text, write_text


def test_reads_a_folder_recursively_sorted_and_exactly(write, tmp_path: Path) -> None:
    write("b.txt", "\ufeffWith a BOM\r\nand CR LF\r\n")
    write("a.txt", "Plain\nLF\n")
    write("2021/c.TXT", "Nested\rold Mac line end")
    write("notes.md", "not a narrative")
    write(".hidden.txt", "left out")
    write("._a.txt", b"\x00\x05\x16\x07 AppleDouble junk \xff")
    write(".git/d.txt", "left out")

    documents = read_text(tmp_path)
    assert [(d.external_id, d.source) for d in documents] == [
        ("2021/c", "2021/c.TXT"),
        ("a", "a.txt"),
        ("b", "b.txt"),
    ]
    assert [d.text for d in documents] == [
        "Nested\rold Mac line end",
        "Plain\nLF\n",
        "\ufeffWith a BOM\r\nand CR LF\r\n",
    ]
    assert all(d.spans == () for d in documents)


def test_reads_one_file(write) -> None:
    path = write("report 7.txt", "Só um relato.")
    (document,) = read_text(path)
    assert (document.external_id, document.source, document.text) == (
        "report 7",
        "report 7.txt",
        "Só um relato.",
    )


def test_reads_another_encoding(write) -> None:
    path = write("r.txt", "Müller".encode("latin-1"))
    assert read_text(path, encoding="latin-1")[0].text == "Müller"


def test_write_text_writes_exact_bytes_under_safe_unique_names(tmp_path: Path) -> None:
    documents = [
        Document("one\r\n", external_id="2021/c"),
        Document("two", external_id="2021_c"),
        Document("three ✓", external_id="x"),
    ]
    written = write_text(documents, tmp_path / "out")
    assert [p.name for p in written] == ["2021_c.txt", "2021_c-2.txt", "x.txt"]
    assert [p.read_bytes() for p in written] == [b"one\r\n", b"two", "three ✓".encode()]
    assert {d.external_id: d.text for d in read_text(tmp_path / "out")} == {
        "2021_c": "one\r\n",
        "2021_c-2": "two",
        "x": "three ✓",
    }


def test_undecodable_bytes_name_file_line_and_byte(write) -> None:
    path = write("sub/r.txt", b"ok\nok\nna\xefve\n")
    with pytest.raises(InputError, match=r"r\.txt:3: byte 8 \(0xef\) cannot be decoded") as caught:
        read_text(path.parent.parent)
    assert (caught.value.source, caught.value.line) == (str(path), 3)


@pytest.mark.parametrize("content", ["", "\r\n  \t\n"])
def test_empty_file(write, content: str) -> None:
    write("a.txt", "fine")
    path = write("b.txt", content)
    with pytest.raises(InputError, match=r"the narrative is (empty|only whitespace)") as caught:
        read_text(path.parent)
    assert caught.value.source == str(path)


def test_folder_without_txt(write, tmp_path: Path) -> None:
    write("a.csv", "x")
    with pytest.raises(InputError, match=r"no \.txt files in this folder or below"):
        read_text(tmp_path)


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file or folder"):
        read_text(tmp_path / "missing")
