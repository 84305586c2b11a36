"""Reading a large input a chunk at a time, with bad records set aside instead of stopping.

The readers of the other modules read a whole input or refuse it. Batch de-identification
needs the opposite: an input of millions of reports read in chunks that separate processes
read on their own, and a bad row or file in one chunk rejected *alone* (file, line, problem)
while the rest goes on. :func:`plan` splits an input into :class:`Chunk` descriptions (small,
picklable: a byte range of a CSV or JSONL file, a row range of a Parquet file, a list of
files of a folder); :func:`read_chunk` reads one into documents and :class:`Rejected` records.

* CSV and VAERS: the header is checked once (a missing column refuses the whole input); a
  record ends at a line end outside quotes, so quoted fields may span lines. Each record is
  decoded and parsed alone: undecodable bytes, a broken quote, a wrong number of fields or an
  empty narrative reject that record.
* JSONL: one record per line; invalid UTF-8 or JSON, a missing ``id`` or ``text``, bad spans
  reject that line.
* Parquet: row ranges, read through the row groups that hold them.
* E2B and text: folders (or one file) of ``.xml`` / ``.txt`` files, a number of files per
  chunk; an unreadable file is rejected whole.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from deid_studio.core.document import Document
from deid_studio.core.errors import InputError
from deid_studio.formats import jsonl, parquet
from deid_studio.formats._common import input_files
from deid_studio.formats.csv_table import (
    VAERS_DATES,
    VAERS_META,
    CsvColumns,
    check_header,
    csv_document,
)
from deid_studio.formats.e2b import read_e2b
from deid_studio.formats.plaintext import read_text

CHUNKED = ("csv", "vaers", "jsonl", "parquet", "e2b", "text")
"""Formats that can be read a chunk at a time."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A report (or a stretch of input) that could not be read or masked, and why.

    ``id`` is the report id when it is known ("" otherwise); ``file`` and ``line`` say where
    it is (a row number for Parquet); ``reason`` is one line, never the narrative.
    """

    id: str
    file: str
    line: int | None
    reason: str

    @classmethod
    def from_error(cls, err: InputError, id: str = "") -> Rejected:
        """A rejected record from a reader's located error."""
        return cls(id, err.source, err.line, err.problem)


@dataclass(frozen=True, slots=True)
class Layout:
    """How to read an input: its format and, for tables, which columns make a report."""

    format: str
    columns: CsvColumns = field(default_factory=CsvColumns)
    encoding: str = "utf-8"
    delimiter: str = ","

    @classmethod
    def of(cls, format_name: str, columns: CsvColumns | None = None, **options: str) -> Layout:
        """The layout of ``format_name``; VAERS brings its own columns and encoding."""
        if format_name == "vaers":
            vaers = CsvColumns(
                "SYMPTOM_TEXT", "VAERS_ID", "VAERS_ID", VAERS_META, VAERS_DATES, "en", "VAERS"
            )
            return cls("vaers", vaers, encoding="latin-1")
        if format_name not in CHUNKED:
            raise ValueError(f"{format_name} cannot be read in chunks; choose {CHUNKED}")
        return cls(format_name, columns or CsvColumns(id="id"), **options)


@dataclass(frozen=True, slots=True)
class Chunk:
    """One piece of an input, as :func:`plan` cut it.

    ``path`` is the file (CSV, JSONL, Parquet) or the folder's root (E2B, text); ``start``
    and ``end`` a byte range, or a row range for Parquet; ``line`` the line (or row) the chunk
    starts on, from 1; ``first`` the number of records before it; ``files`` the files of a
    folder chunk, relative to ``path``; ``count`` how many records (or files) it holds.
    """

    index: int
    path: str
    start: int = 0
    end: int = 0
    line: int = 1
    first: int = 0
    count: int = 0
    files: tuple[str, ...] = ()


def plan(source: Path, layout: Layout, size: int) -> Iterator[Chunk]:
    """Cut ``source`` into chunks of ``size`` records (files for folders), in input order.

    The input's structure is checked first (a CSV header with every column of the layout, a
    Parquet schema with the narrative column, a folder with files): :class:`InputError` refuses
    the whole input before any chunk is made.
    """
    if layout.format in ("csv", "vaers"):
        return _plan_csv(source, layout, size)
    if layout.format == "jsonl":
        return _plan_lines(source, size)
    if layout.format == "parquet":
        return _plan_parquet(source, layout, size)
    return _plan_files(source, ".xml" if layout.format == "e2b" else ".txt", size)


def read_chunk(chunk: Chunk, layout: Layout) -> tuple[list[Document], list[Rejected]]:
    """The documents of one chunk, in input order, and what was rejected, in input order."""
    if layout.format in ("csv", "vaers"):
        return _read_csv(chunk, layout)
    if layout.format == "jsonl":
        return _read_lines(chunk)
    if layout.format == "parquet":
        return _read_parquet(chunk, layout)
    return _read_files(chunk, layout)


# -- CSV --------------------------------------------------------------------------------


def _records(lines: Iterator[bytes], quoted: bool = True) -> Iterator[tuple[int, int, bytes]]:
    """(lines before it, lines it takes, bytes) of each record of a run of lines: a CSV record
    ends at a line end outside quotes (an even number of quote bytes so far); without
    ``quoted`` (JSONL) every line is a record."""
    pending: list[bytes] = []
    quotes = 0
    line = 0
    for raw in lines:
        pending.append(raw)
        line += 1
        if quoted:
            quotes += raw.count(b'"')
            if quotes % 2:
                continue
        yield line - len(pending), len(pending), b"".join(pending)
        pending, quotes = [], 0
    if pending:
        yield line - len(pending), len(pending), b"".join(pending)


def _plan_csv(source: Path, layout: Layout, size: int) -> Iterator[Chunk]:
    header, header_lines, body = _csv_header(source, layout)
    check_header(source, header, layout.columns, 1)
    return _cut(source, size, quoted=True, begin=body, lines_before=header_lines)


def _csv_header(source: Path, layout: Layout) -> tuple[list[str], int, int]:
    """The header's fields, the lines it takes and the byte where the rows begin."""
    if not source.is_file():
        raise InputError(str(source), "no such file")
    with source.open("rb") as f:
        for _, lines, record in _records(iter(f)):
            text = _decode(record, layout.encoding, str(source), 1).removeprefix("\ufeff")
            rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=layout.delimiter))
            if rows and rows[0]:
                return rows[0], lines, len(record)
            break
    raise InputError(str(source), "the file is empty")


def _cut(
    source: Path, size: int, *, quoted: bool, begin: int = 0, lines_before: int = 0
) -> Iterator[Chunk]:
    """Chunks of ``size`` non-blank records from byte ``begin`` on, streaming the file."""
    index = first = count = 0
    start = position = begin
    chunk_line = 1
    with source.open("rb") as f:
        f.seek(begin)
        for offset, _, record in _records(iter(f), quoted):
            if record.strip():
                if count == 0:
                    start, chunk_line = position, lines_before + offset + 1
                count += 1
            position += len(record)
            if count == size:
                yield Chunk(index, str(source), start, position, chunk_line, first, count)
                index, first, count = index + 1, first + count, 0
    if count:
        yield Chunk(index, str(source), start, position, chunk_line, first, count)


def _read_csv(chunk: Chunk, layout: Layout) -> tuple[list[Document], list[Rejected]]:
    source = Path(chunk.path)
    header, _, _ = _csv_header(source, layout)
    with source.open("rb") as f:
        f.seek(chunk.start)
        data = f.read(chunk.end - chunk.start)
    documents: list[Document] = []
    rejected: list[Rejected] = []
    number = chunk.first
    for offset, lines, record in _records(iter(io.BytesIO(data))):
        if not record.strip():
            continue
        number += 1
        line = chunk.line + offset
        try:
            text = _decode(record, layout.encoding, str(source), line)
            rows = list(
                csv.reader(io.StringIO(text, newline=""), delimiter=layout.delimiter, strict=True)
            )
            if len(rows) != 1:
                raise InputError(str(source), f"{len(rows)} rows in one record", line=line)
            documents.append(
                csv_document(source, header, rows[0], layout.columns, line=line, number=number)
            )
        except csv.Error as err:
            where = f" (lines {line}-{line + lines - 1})" if lines > 1 else ""
            rejected.append(Rejected("", str(source), line, f"invalid CSV: {err}{where}"))
        except InputError as err:
            rejected.append(Rejected.from_error(err, _row_id(record, header, layout)))
    return documents, rejected


def _row_id(record: bytes, header: Sequence[str], layout: Layout) -> str:
    """The report id of a rejected row, when it can still be read."""
    if not layout.columns.id:
        return ""
    try:
        text = record.decode(layout.encoding)
        row = next(csv.reader(io.StringIO(text, newline=""), delimiter=layout.delimiter))
        return row[list(header).index(layout.columns.id)].strip()
    except (UnicodeDecodeError, csv.Error, StopIteration, IndexError, ValueError):
        return ""


def _decode(data: bytes, encoding: str, source: str, line: int) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        raise InputError(
            source,
            f"byte 0x{data[err.start]:02x} cannot be decoded as {encoding}",
            line=line + data.count(b"\n", 0, err.start),
        ) from None


# -- JSONL --------------------------------------------------------------------------------


def _plan_lines(source: Path, size: int) -> Iterator[Chunk]:
    if not source.is_file():
        raise InputError(str(source), "no such file")
    return _cut(source, size, quoted=False)


def _read_lines(chunk: Chunk) -> tuple[list[Document], list[Rejected]]:
    source = Path(chunk.path)
    with source.open("rb") as f:
        f.seek(chunk.start)
        data = f.read(chunk.end - chunk.start)
    documents: list[Document] = []
    rejected: list[Rejected] = []
    for offset, _, raw in _records(iter(io.BytesIO(data)), quoted=False):
        if not raw.strip():
            continue
        line = chunk.line + offset
        try:
            text = _decode(raw, "utf-8", str(source), line).removeprefix("\ufeff")
            documents.append(jsonl.jsonl_document(text, str(source), line))
        except InputError as err:
            rejected.append(Rejected.from_error(err, _json_id(raw)))
    return documents, rejected


def _json_id(raw: bytes) -> str:
    import json

    try:
        found = json.loads(raw).get("id")
    except (ValueError, AttributeError):
        return ""
    return str(found) if isinstance(found, str | int) else ""


# -- Parquet ------------------------------------------------------------------------------


def _plan_parquet(source: Path, layout: Layout, size: int) -> Iterator[Chunk]:
    columns = layout.columns
    parquet.check_columns(source, [c for c in (columns.text, columns.id, columns.case) if c])
    rows = parquet.parquet_rows(source)
    if not rows:
        raise InputError(str(source), "the table has no rows")
    return (
        Chunk(
            i,
            str(source),
            start,
            min(start + size, rows),
            start + 1,
            start,
            min(size, rows - start),
        )
        for i, start in enumerate(range(0, rows, size))
    )


def _read_parquet(chunk: Chunk, layout: Layout) -> tuple[list[Document], list[Rejected]]:
    documents: list[Document] = []
    rejected: list[Rejected] = []
    columns = layout.columns
    for found in parquet.read_parquet_rows(
        Path(chunk.path),
        chunk.start,
        chunk.end - chunk.start,
        text=columns.text,
        id=columns.id,
        case=columns.case,
    ):
        if isinstance(found, InputError):
            rejected.append(Rejected.from_error(found))
        else:
            documents.append(found)
    return documents, rejected


# -- folders ------------------------------------------------------------------------------


def _plan_files(source: Path, suffix: str, size: int) -> Iterator[Chunk]:
    root, files = input_files(source, suffix, recursive=True)
    names = [f.relative_to(root).as_posix() for f in files]
    return (
        Chunk(
            i,
            str(root),
            line=1,
            first=start,
            count=len(names[start : start + size]),
            files=tuple(names[start : start + size]),
        )
        for i, start in enumerate(range(0, len(names), size))
    )


def _read_files(chunk: Chunk, layout: Layout) -> tuple[list[Document], list[Rejected]]:
    root = Path(chunk.path)
    read = read_e2b if layout.format == "e2b" else read_text
    documents: list[Document] = []
    rejected: list[Rejected] = []
    for name in chunk.files:
        try:
            found = read(root / name)
        except InputError as err:
            rejected.append(Rejected.from_error(err))
            continue
        for document in found:
            documents.append(_relative_source(document, name))
    return documents, rejected


def _relative_source(document: Document, name: str) -> Document:
    from dataclasses import replace

    external_id = document.external_id
    if not name.endswith(".xml"):  # a text file's id is its path without the suffix
        external_id = name.rsplit(".", 1)[0]
    return replace(document, source=name, external_id=external_id)
