"""Apache Parquet tables of reports, through pyarrow: one row per report.

Columns ``id``, ``case_id``, ``language``, ``text``, ``spans`` (JSON: ``[{"start", "end",
"label"}]``) and ``meta`` (JSON object, structured dates under ``"dates"``), all strings.
Reading takes any table with a narrative column (``text`` by default) and optional id, case
and language columns; ``spans`` and ``meta`` are read when present. Reading a slice of rows
(:func:`read_parquet_rows`) touches only the row groups that hold it, so a large file can be
read a partition at a time.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import sorted_spans

COLUMNS = ("id", "case_id", "language", "text", "spans", "meta")
ROW_GROUP = 10_000


def read_parquet(
    path: Path,
    *,
    text: str = "text",
    id: str | None = "id",
    case: str | None = "case_id",
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every row of a Parquet file as a document (see the module text for the columns)."""
    path = Path(path)
    rows = parquet_rows(path)
    documents: list[Document] = []
    for document in read_parquet_rows(path, 0, rows, text=text, id=id, case=case):
        if isinstance(document, InputError):
            raise document
        documents.append(document)
        if len(documents) % 1000 == 0:
            check(cancelled)
            progress(len(documents), rows)
    if not documents:
        raise InputError(str(path), "the table has no rows")
    return documents


def parquet_rows(path: Path) -> int:
    """How many rows the file holds (from its footer)."""
    return _open(path).metadata.num_rows


def check_columns(path: Path, wanted: Iterable[str]) -> None:
    """Raise :class:`InputError` naming the first wanted column the table lacks."""
    names = _open(path).schema_arrow.names
    for name in wanted:
        if name not in names:
            raise InputError(str(path), f"no column {name!r}; the table has {', '.join(names)}")


def read_parquet_rows(
    path: Path,
    start: int,
    count: int,
    *,
    text: str = "text",
    id: str | None = "id",
    case: str | None = "case_id",
) -> Iterator[Document | InputError]:
    """Rows ``[start, start + count)`` as documents, or as the error of a bad row (``line``
    is the row number, from 1), reading only the row groups that hold them."""
    table = _open(path)
    names = set(table.schema_arrow.names)
    columns = [c for c in dict.fromkeys((text, id, case, "language", "spans", "meta")) if c]
    columns = [c for c in columns if c in names]
    if text not in names:
        raise InputError(str(path), f"no column {text!r}")
    first_row = 0
    groups: list[int] = []
    offset = 0
    for group in range(table.num_row_groups):
        rows = table.metadata.row_group(group).num_rows
        if offset + rows > start and offset < start + count:
            if not groups:
                first_row = offset
            groups.append(group)
        offset += rows
    row = first_row
    # in this thread: pyarrow's reading threads each kept memory of their own (mimalloc's
    # heaps): 50 MB more in a batch worker after four partitions, and no faster on 2 cores
    batches = table.iter_batches(
        row_groups=groups, columns=columns, batch_size=2048, use_threads=False
    )
    while True:
        try:
            batch = next(batches, None)
        except Exception as err:  # a damaged page: pyarrow's ArrowInvalid, OSError...
            raise InputError(str(path), f"unreadable rows after row {row} ({err})") from None
        if batch is None:
            break
        low, high = max(start, row), min(start + count, row + batch.num_rows)
        if low < high:  # only the rows wanted become Python objects
            for i, record in enumerate(_records(batch.slice(low - row, high - low))):
                number = low + i + 1
                if isinstance(record, str):
                    yield InputError(str(path), record, line=number)
                else:
                    yield _row(path, number, record, text, id, case)
        row += batch.num_rows


def _records(batch: Any) -> Iterator[dict[str, Any] | str]:
    """The rows of a record batch as dicts; a row whose strings are not UTF-8 as the problem
    (pyarrow checks the bytes only when it makes Python strings of them)."""
    try:
        values = batch.to_pydict()
    except UnicodeDecodeError:
        for i in range(batch.num_rows):  # find the rows at fault, one by one
            try:
                yield {k: v[0] for k, v in batch.slice(i, 1).to_pydict().items()}
            except UnicodeDecodeError as err:
                yield f"text that is not UTF-8 (byte {err.start}: {err.reason})"
        return
    for i in range(batch.num_rows):
        yield {k: v[i] for k, v in values.items()}


def _row(
    path: Path, number: int, value: dict[str, Any], text: str, id: str | None, case: str | None
) -> Document | InputError:
    narrative = value.get(text)
    if not isinstance(narrative, str) or not narrative.strip():
        return InputError(str(path), f"empty narrative in column {text}", line=number)
    external_id = str(value.get(id) or "") if id else ""
    try:
        spans = [
            Span(int(s["start"]), int(s["end"]), str(s["label"]))
            for s in json.loads(value.get("spans") or "[]")
        ]
        meta = json.loads(value.get("meta") or "{}")
        return Document(
            text=narrative,
            spans=sorted_spans(spans),
            external_id=external_id or f"{path.stem}-{number}",
            case_id=str(value.get(case) or "") if case else "",
            source=path.name,
            meta=meta if isinstance(meta, dict) else {},
            language=value.get("language") or None,
        )
    except (ValueError, TypeError, KeyError) as err:
        return InputError(str(path), f"bad spans or meta: {err}", line=number)


def parquet_record(document: Document) -> dict[str, str]:
    """The row :class:`ParquetSink` writes for a document."""
    return {
        "id": document.external_id,
        "case_id": document.case_id,
        "language": document.language or "",
        "text": document.text,
        "spans": json.dumps(
            [{"start": s.start, "end": s.end, "label": s.category} for s in document.spans]
        ),
        "meta": json.dumps(dict(document.meta), ensure_ascii=False, sort_keys=True),
    }


class ParquetSink:
    """Writes documents to one Parquet file as they come, a row group at a time."""

    def __init__(self, out: Path, row_group: int = ROW_GROUP) -> None:
        import pyarrow as pa

        pq = _parquet()
        self._pa = pa
        self._schema = pa.schema([(c, pa.string()) for c in COLUMNS])
        self._writer = pq.ParquetWriter(str(out), self._schema, compression="zstd")
        self._rows: list[dict[str, str]] = []
        self._row_group = row_group

    def add(self, documents: Iterable[Document]) -> None:
        """Queue documents; full row groups are written at once."""
        for document in documents:
            self._rows.append(parquet_record(document))
            if len(self._rows) >= self._row_group:
                self._flush()

    def close(self) -> None:
        """Write what is queued and the file's footer."""
        self._flush()
        self._writer.close()

    def _flush(self) -> None:
        if self._rows:
            table = self._pa.Table.from_pylist(self._rows, schema=self._schema)
            self._writer.write_table(table)
            self._rows = []


def write_parquet(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write the documents to the one file ``out``; returns ``[out]``. ``scheme`` is not used."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    sink = ParquetSink(out)
    try:
        for first in range(0, len(documents), ROW_GROUP):
            check(cancelled)
            sink.add(documents[first : first + ROW_GROUP])
            progress(min(first + ROW_GROUP, len(documents)), len(documents))
    finally:
        sink.close()
    return [out]


@cache
def _parquet() -> Any:
    """``pyarrow.parquet``, imported when a Parquet file is first used, with pyarrow's
    buffers allocated by the C library's ``malloc`` (its system pool) rather than its own
    mimalloc: mimalloc kept the pages of every partition read, 41 MB of a batch worker's
    resident memory after reading 2,000 synthetic reports against 20 MB, for 0.01-0.02 s
    more per partition."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    pa.set_memory_pool(pa.system_memory_pool())
    return pq


def _open(path: Path) -> Any:
    pq = _parquet()
    if not path.is_file():
        raise InputError(str(path), "no such file")
    try:
        return pq.ParquetFile(str(path))
    except Exception as err:  # pyarrow raises its own ArrowInvalid, OSError...
        raise InputError(str(path), f"not a readable Parquet file ({err})") from None
