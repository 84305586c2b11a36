"""CSV tables with a column mapping, and the preset for VAERS data files.

Each row is one report: a narrative column, optionally a report id, a case id, structured
columns kept in ``meta`` and date columns kept in ``meta["dates"]`` (for consistent date
shifting). Quoted fields may span lines, and their line ends are kept exactly. Line numbers in
errors are physical lines of the file, the line where the record starts.
"""

from __future__ import annotations

import codecs
import csv
import difflib
import io
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import regex

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document
from deid_studio.core.errors import InputError, InputWarning, quoted
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats.base import read_text_file

VAERS_DATES: tuple[str, ...] = (
    "VAX_DATE",
    "ONSET_DATE",
    "RECVDATE",
    "RPT_DATE",
    "DATEDIED",
    "TODAYS_DATE",
)
"""VAERS date columns (mm/dd/yyyy), kept in ``meta["dates"]``."""

VAERS_META: tuple[str, ...] = (
    "STATE",
    "AGE_YRS",
    "CAGE_YR",
    "CAGE_MO",
    "SEX",
    "DIED",
    "L_THREAT",
    "ER_VISIT",
    "HOSPITAL",
    "HOSPDAYS",
    "X_STAY",
    "DISABLE",
    "RECOVD",
    "NUMDAYS",
    "V_ADMINBY",
    "V_FUNDBY",
    "SPLTTYPE",
    "FORM_VERS",
    "BIRTH_DEFECT",
    "OFC_VISIT",
    "ER_ED_VISIT",
)
"""VAERS structured columns kept in ``meta``. The free-text columns (LAB_DATA, HISTORY,
OTHER_MEDS, CUR_ILL, PRIOR_VAX, ALLERGIES) are left out: they can hold PHI, and meta is
exported unmasked."""


def read_csv(
    path: Path,
    *,
    text: str = "text",
    id: str | None = None,
    case: str | None = None,
    meta: Sequence[str] = (),
    dates: Sequence[str] = (),
    language: str | None = None,
    encoding: str = "utf-8",
    delimiter: str = ",",
    skip_empty: bool = False,
    source: str | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every row of a CSV file as a document, through a column mapping.

    ``text`` names the narrative column, ``id`` the report id (default: ``<file stem>-<row>``),
    ``case`` the case id; ``meta`` columns go into ``Document.meta`` and ``dates`` columns into
    ``Document.meta["dates"]``, each only where the row has a value. ``source`` defaults to
    the file name. A row with an empty narrative is an error unless ``skip_empty``.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(str(path), "no such file")
    _check_options(str(path), encoding, delimiter)
    content = read_text_file(path, encoding).removeprefix("\ufeff")
    records = _records(content, str(path), delimiter)
    if not records:
        raise InputError(str(path), "the file is empty")
    header_line, header = records[0]
    rows = records[1:]
    if not rows:
        raise InputError(str(path), "the file has a header but no rows", line=header_line)
    mapping = CsvColumns(text, id, case, tuple(meta), tuple(dates), language, source)
    check_header(path, header, mapping, header_line)
    documents: list[Document] = []
    for done, (line, row) in enumerate(rows, start=1):
        if done % 200 == 1:
            check(cancelled)
        try:
            documents.append(csv_document(path, header, row, mapping, line=line, number=done))
        except EmptyNarrative:
            if not skip_empty:
                raise
        progress(done, len(rows))
    if not documents:
        raise InputError(str(path), f"no row has a narrative in column {text}")
    return documents


_TERMINAL_CODE = regex.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _column_key(name: str) -> str:
    """A column name without case, terminal colour codes, spaces or punctuation."""
    return "".join(c for c in _TERMINAL_CODE.sub("", name).casefold() if c.isalnum())


def _close_column(name: str, header: Sequence[str]) -> str | None:
    """The header's column that ``name`` most likely meant, if one is close."""
    keys = {_column_key(h): h for h in reversed(header)}
    wanted = _column_key(name)
    if wanted in keys:
        return keys[wanted]
    close = difflib.get_close_matches(wanted, list(keys), n=1, cutoff=0.8)
    return keys[close[0]] if close else None


def _check_options(source: str, encoding: str, delimiter: str) -> None:
    """Refuse an encoding Python does not know and a delimiter that is not one character."""
    try:
        known = codecs.lookup(encoding)
    except LookupError:
        raise InputError(source, f"unknown encoding {quoted(encoding, 40)}") from None
    if not getattr(known, "_is_text_encoding", True):
        raise InputError(source, f"{quoted(encoding, 40)} is not a text encoding")
    if len(delimiter) != 1 or delimiter in '"\r\n':
        raise InputError(
            source,
            f"the delimiter {quoted(delimiter, 10)} must be one character other than a "
            "quote or a line break (for a tab: $'\\t' in the shell)",
        )


def _check_repeated_columns(source: str, header: list[str], used: set[str], line: int) -> None:
    """A column the mapping reads must be named once; another repeated name is a warning."""
    places: dict[str, list[int]] = {}
    for number, name in enumerate(header, start=1):
        places.setdefault(name, []).append(number)
    for name, numbers in places.items():
        if len(numbers) < 2:
            continue
        fields = " and ".join(str(n) for n in numbers)
        if name in used:
            raise InputError(
                source,
                f"column {quoted(name)} appears {len(numbers)} times in the header (fields "
                f"{fields}): which one is meant? rename the others",
                line=line,
            )
        warnings.warn(
            InputWarning(
                f"{source}:{line}: column {quoted(name)} appears {len(numbers)} times in the "
                f"header (fields {fields}); it is not read"
            ),
            stacklevel=2,
        )


@dataclass(frozen=True, slots=True)
class CsvColumns:
    """Which columns of a table make a report (see :func:`read_csv`)."""

    text: str = "text"
    id: str | None = None
    case: str | None = None
    meta: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    language: str | None = None
    source: str | None = None

    def wanted(self) -> list[str]:
        """Every column the mapping reads."""
        return [self.text, *(c for c in (self.id, self.case) if c), *self.meta, *self.dates]


class EmptyNarrative(InputError):
    """A row whose narrative column is empty."""


def check_header(path: Path, header: Sequence[str], mapping: CsvColumns, line: int) -> None:
    """Raise :class:`InputError` naming the first column of ``mapping`` the header lacks (the
    header itself is not listed: when it is missing, the first row stands in its place, and
    that would print a narrative), and refuse a column the mapping reads that is named
    twice."""
    wanted = mapping.wanted()
    for name in wanted:
        if name not in header:
            close = _close_column(name, header)
            hint = f"; did you mean {quoted(close, 40)}?" if close else ""
            raise InputError(
                str(path),
                f"no column {quoted(name, 40)} in the header ({len(header)} columns){hint}",
                line=line,
            )
    _check_repeated_columns(str(path), list(header), set(wanted), line)


def csv_document(
    path: Path,
    header: Sequence[str],
    row: Sequence[str],
    mapping: CsvColumns,
    *,
    line: int,
    number: int,
) -> Document:
    """The report of one row (``number``: its place among the rows, from 1); an
    :class:`InputError` (:class:`EmptyNarrative` for an empty narrative) names the line."""
    if len(row) != len(header):
        raise InputError(
            str(path), f"the row has {len(row)} fields but the header {len(header)}", line=line
        )
    columns = {name: index for index, name in reversed(list(enumerate(header)))}
    value = {name: row[index] for name, index in columns.items()}
    narrative = value[mapping.text]
    if not narrative.strip():
        raise EmptyNarrative(str(path), f"empty narrative in column {mapping.text}", line=line)
    external_id = value[mapping.id] if mapping.id else f"{path.stem}-{number}"
    if not external_id.strip():
        raise InputError(str(path), f"empty report id in column {mapping.id}", line=line)
    document_meta: dict[str, Any] = {c: value[c] for c in mapping.meta if value[c]}
    found_dates = {c: value[c] for c in mapping.dates if value[c].strip()}
    if found_dates:
        document_meta["dates"] = found_dates
    return Document(
        text=narrative,
        external_id=external_id.strip(),
        case_id=value[mapping.case].strip() if mapping.case else "",
        source=mapping.source if mapping.source is not None else path.name,
        meta=document_meta,
        language=mapping.language,
    )


def _records(content: str, source: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """Non-blank records with the physical line each starts on."""
    # newline="" hands CR, LF and CR LF to the csv module untouched, so quoted fields keep
    # their line ends and line_num counts physical lines.
    reader = csv.reader(io.StringIO(content, newline=""), delimiter=delimiter, strict=True)
    records: list[tuple[int, list[str]]] = []
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return records
        except csv.Error as err:
            raise InputError(source, f"invalid CSV: {err}", line=start) from None
        if row and any(field.strip() for field in row):
            records.append((start, row))


def read_vaers(
    path: Path,
    *,
    skip_empty: bool = False,
    encoding: str = "latin-1",
    delimiter: str = ",",
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """A VAERS data file (``<year>VAERSDATA.csv``, Latin-1): SYMPTOM_TEXT per VAERS_ID.

    The report id is also the case id; dates go into ``meta["dates"]`` (see
    :data:`VAERS_DATES`), structured fields into ``meta`` (:data:`VAERS_META`); language
    "en", source "VAERS".
    """
    return read_csv(
        path,
        text="SYMPTOM_TEXT",
        id="VAERS_ID",
        case="VAERS_ID",
        meta=VAERS_META,
        dates=VAERS_DATES,
        language="en",
        encoding=encoding,
        delimiter=delimiter,
        skip_empty=skip_empty,
        source="VAERS",
        progress=progress,
        cancelled=cancelled,
    )


def write_csv(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write one UTF-8 CSV file: id, case_id, language, text, then meta and date columns.

    Meta values that are not strings or numbers are left out; dates come from
    ``meta["dates"]``. ``read_csv(out, id="id", case="case_id", meta=..., dates=...)`` reads
    it back. Spans are not written (use JSONL or BRAT for those); ``scheme`` is not used.

    The file is meant for spreadsheets, so every cell that one would run as a formula (it
    starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a
    leading ``'``, as OWASP recommends against CSV injection: such a cell reads back with it.
    JSONL is the lossless format.
    """
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fixed = ["id", "case_id", "language", "text"]
    meta_columns: dict[str, None] = {}
    date_columns: dict[str, None] = {}
    for document in documents:
        for key, value in document.meta.items():
            if isinstance(value, str | int | float) and key not in fixed:
                meta_columns.setdefault(key)
        for key in _dates(document):
            if key not in fixed and key not in meta_columns:
                date_columns.setdefault(key)
    header = fixed + list(meta_columns) + list(date_columns)
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer)
    writer.writerow([neutralised(c) for c in header])
    for done, document in enumerate(documents, start=1):
        if done % 200 == 1:
            check(cancelled)
        found = _dates(document)
        row = (
            [document.external_id, document.case_id, document.language or "", document.text]
            + [_cell(document.meta.get(c)) for c in meta_columns]
            + [_cell(found.get(c)) for c in date_columns]
        )
        writer.writerow([neutralised(c) for c in row])
        progress(done, len(documents))
    out.write_bytes(buffer.getvalue().encode("utf-8"))
    return [out]


def _dates(document: Document) -> dict[str, Any]:
    found = document.meta.get("dates")
    return found if isinstance(found, dict) else {}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection)."""


def neutralised(cell: str) -> str:
    """``cell`` with a leading ``'`` when a spreadsheet would run it as a formula."""
    return f"'{cell}" if cell.startswith(FORMULA_STARTS) else cell


def _cell(value: Any) -> str:
    return "" if value is None or not isinstance(value, str | int | float) else str(value)
