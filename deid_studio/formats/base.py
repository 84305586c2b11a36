"""What every reader and writer promises.

A reader turns a file or folder into :class:`~deid_studio.core.Document` objects and either
returns all of them or raises :class:`~deid_studio.core.InputError` naming the file, the line
or offset and the problem: it never returns part of an input. Labels are returned as the file
spells them; the import service maps them onto the project's scheme.

A writer writes documents (and their spans) to a file or folder and returns the paths it
wrote. Both take ``progress`` and ``cancelled`` callables (see ``core.progress``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress


class Reader(Protocol):
    """Reads every document of ``path`` or raises :class:`InputError`."""

    def __call__(
        self,
        path: Path,
        *,
        progress: Progress = ...,
        cancelled: Cancelled = ...,
        **options: Any,
    ) -> list[Document]: ...


class Writer(Protocol):
    """Writes ``documents`` to ``out`` and returns the files written."""

    def __call__(
        self,
        documents: Sequence[Document],
        out: Path,
        *,
        scheme: Scheme | None = ...,
        progress: Progress = ...,
        cancelled: Cancelled = ...,
        **options: Any,
    ) -> list[Path]: ...


@dataclass(frozen=True, slots=True)
class Format:
    """A named file format with its reader and/or writer."""

    name: str
    description: str
    read: Reader | None = None
    write: Writer | None = None
    # ``path`` is a folder (True), a file (False), or either (None)
    folder: bool | None = None


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

