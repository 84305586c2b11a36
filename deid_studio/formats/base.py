"""What every reader and writer promises.

A reader turns a file or folder into :class:`~deid_studio.core.Document` objects and either
returns all of them or raises :class:`~deid_studio.core.InputError` naming the file, the line
or offset and the problem: it never returns part of an input. Labels are returned as the file
spells them; the import service maps them onto the project's scheme.

A writer writes documents (and their spans) to a file or folder and returns the paths it
wrote. Both take ``progress`` and ``cancelled`` callables (see ``core.progress``).

Readers and writers of the annotation tools' formats (INCEpTION, Label Studio, Prodigy,
spaCy) also take ``notes``, a list they append one-line remarks to: what a reader skipped
(Prodigy's rejected examples), how a writer resolved what the target cannot hold (spaCy's
overlapping entities). The import and export summaries print them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from deid_studio.core.document import Document
from deid_studio.core.errors import InputError

Reader = Callable[..., list[Document]]
"""``reader(path, *, progress=..., cancelled=..., **format_options) -> list[Document]``."""

Writer = Callable[..., list[Path]]
"""``writer(documents, out, *, scheme=None, progress=..., cancelled=...) -> list[Path]``."""

Notes = list[str]
"""Remarks a reader or writer leaves for the summary, one line each."""


@dataclass(frozen=True, slots=True)
class Format:
    """A named file format with its reader and/or writer."""

    name: str
    description: str
    read: Reader | None = None
    write: Writer | None = None
    # ``path`` is a folder (True), a file (False), or either (None)
    folder: bool | None = None
    # the reader and writer take ``notes`` (a list they append remarks to)
    notes: bool = False
    # the writer takes ``predictions`` (per document, the current model's suggestions) and
    # ``model_version`` (a name for them)
    predictions: bool = False
    # keyword options the reader takes besides progress, cancelled and notes
    options: tuple[str, ...] = ()


def read_text_file(path: Path, encoding: str = "utf-8") -> str:
    """A file's text exactly as stored (CR/LF kept), or an InputError at the first bad byte."""
    data = path.read_bytes()
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputError(
            str(path),
            f"byte {err.start} (0x{data[err.start]:02x}) cannot be decoded as {encoding}",
            line=line,
        ) from None
