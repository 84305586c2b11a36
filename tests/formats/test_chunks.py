"""Reading an input a chunk at a time gives what reading it whole gives, bad records aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from deid_studio.core import Document
from deid_studio.formats.chunks import Layout, plan, read_chunk
from deid_studio.formats.csv_table import CsvColumns, read_csv, write_csv
from deid_studio.formats.jsonl import read_jsonl, write_jsonl
from deid_studio.formats.parquet import read_parquet, write_parquet

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def _all(source: Path, layout: Layout, size: int) -> list[Document]:
    chunks = list(plan(source, layout, size))
    out: list[Document] = []
    for chunk in chunks:
        documents, rejected = read_chunk(chunk, layout)
        assert rejected == []
        assert len(documents) == chunk.count
        out += documents
    return out


def _documents() -> list[Document]:
    texts = ['one\r\nline two, "quoted"', "plain", "with,comma", "x" * 50, "last\n\nline"]
    return [
        Document(text=t, external_id=f"R{i}", case_id=f"C{i % 2}", language="en")
        for i, t in enumerate(texts)
    ]


@pytest.mark.parametrize("size", [1, 2, 5, 9])
def test_csv_jsonl_parquet_in_chunks_equal_the_whole_read(tmp_path: Path, size: int) -> None:
    documents = _documents()
    write_csv(documents, tmp_path / "r.csv")
    columns = CsvColumns("text", "id", "case_id", (), (), None, "r.csv")
    whole = read_csv(tmp_path / "r.csv", text="text", id="id", case="case_id", source="r.csv")
    assert _all(tmp_path / "r.csv", Layout.of("csv", columns), size) == whole
    write_jsonl(documents, tmp_path / "r.jsonl")
    assert _all(tmp_path / "r.jsonl", Layout.of("jsonl"), size) == read_jsonl(tmp_path / "r.jsonl")
    write_parquet(documents, tmp_path / "r.parquet")
    parquet_columns = CsvColumns("text", "id", "case_id")
    chunked = _all(tmp_path / "r.parquet", Layout.of("parquet", parquet_columns), size)
    assert chunked == read_parquet(tmp_path / "r.parquet")
    assert [d.text for d in chunked] == [d.text for d in documents]


def test_chunk_lines_are_physical_lines(tmp_path: Path) -> None:
    source = tmp_path / "r.csv"
    source.write_bytes(b'id,text\n\nA,"two\nlines"\nB,x,y\n\nC,ok\n')
    layout = Layout.of("csv", CsvColumns("text", "id"))
    chunks = list(plan(source, layout, 2))
    assert [(c.line, c.count) for c in chunks] == [(3, 2), (7, 1)]
    documents, rejected = read_chunk(chunks[0], layout)
    assert [d.external_id for d in documents] == ["A"]
    assert [(r.id, r.line) for r in rejected] == [("B", 5)]


@pytest.mark.skipif(not (SHARED / "vaers").exists(), reason="needs ../shared/data/vaers")
def test_vaers_in_chunks_equals_the_import_reader() -> None:
    from deid_studio.formats import reader

    source = SHARED / "vaers" / "2021VAERSDATA.csv"
    whole = reader("vaers")(source, skip_empty=True)
    assert _all(source, Layout.of("vaers"), 700) == whole


def test_a_parquet_row_that_is_not_utf8_is_refused_with_its_row(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from deid_studio.core.errors import InputError
    from deid_studio.formats.parquet import read_parquet_rows

    texts = ["first report", "QQQQ second report", "third report"]
    table = pa.table({"id": ["a", "b", "c"], "text": texts})
    path = tmp_path / "r.parquet"
    pq.write_table(table, path, compression="NONE", use_dictionary=False, write_statistics=False)
    raw = path.read_bytes()
    assert raw.count(b"QQQQ") == 1
    path.write_bytes(raw.replace(b"QQQQ", b"\x8fQQQ"))  # the bytes of row 2 are not UTF-8
    rows = list(read_parquet_rows(path, 0, 3))
    assert [r.text for r in rows if isinstance(r, Document)] == ["first report", "third report"]
    [bad] = [r for r in rows if isinstance(r, InputError)]
    assert bad.line == 2 and "not UTF-8" in str(bad) and "QQQ" not in str(bad)
    with pytest.raises(InputError, match="r.parquet.*2.*not UTF-8"):
        read_parquet(path)


def test_a_parquet_partition_read_leaves_pyarrow_allocating_through_malloc(
    tmp_path: Path,
) -> None:
    """A batch worker reads a Parquet partition through pyarrow, whose own allocator
    (mimalloc) kept every partition's pages: 41 MB of the worker's resident memory after
    one partition of 2,000 reports, 20 MB through the C library's ``malloc``. Run in a fresh
    interpreter, as a worker starts, since the pool is the process's."""
    import subprocess
    import sys

    path = tmp_path / "r.parquet"
    write_parquet([Document(text="Dr Smith saw her.", external_id="R1", language="en")], path)
    script = (
        "import sys, pyarrow as pa\n"
        "from pathlib import Path\n"
        "from deid_studio.formats.chunks import Layout, plan, read_chunk\n"
        "from deid_studio.formats.csv_table import CsvColumns\n"
        "layout = Layout.of('parquet', CsvColumns('text', 'id', 'case_id'))\n"
        "[chunk] = plan(Path(sys.argv[1]), layout, 10)\n"
        "documents, rejected = read_chunk(chunk, layout)\n"
        "assert [d.text for d in documents] == ['Dr Smith saw her.'], documents\n"
        "print(pa.default_memory_pool().backend_name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "system"
