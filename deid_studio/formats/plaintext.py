"""Plain text: one narrative per .txt file, read and written byte for byte."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import check_not_empty, file_stems, input_files, relative_name
from deid_studio.formats.base import read_text_file


def read_text(
    path: Path,
    *,
    encoding: str = "utf-8",
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every .txt file of a folder and its subfolders (sorted), or one text file.

    The text is kept exactly as stored (CR/LF and any byte-order mark included).
    ``external_id`` is the path relative to the folder without its suffix ("2021/report-7"),
    ``source`` the relative path. Hidden files are left out. Raises
    :class:`~deid_studio.core.InputError` for bytes that do not decode (with file, line and
    byte), an empty file, or a folder without .txt files.
    """
    root, files = input_files(Path(path), ".txt", recursive=True)
    documents: list[Document] = []
    for done, file in enumerate(files, start=1):
        check(cancelled)
        text = read_text_file(file, encoding)
        check_not_empty(text, str(file))
        external_id = file.relative_to(root).with_suffix("").as_posix()
        documents.append(
            Document(text=text, external_id=external_id, source=relative_name(file, root))
        )
        progress(done, len(files))
    return documents


def write_text(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write each document's exact text (UTF-8) to ``out``/NAME.txt; returns the files written.

    NAME is the external id made safe for a file name ("2021/report-7" becomes
    "2021_report-7") and unique. Spans are not written; ``scheme`` is not used.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for done, (document, stem) in enumerate(
        zip(documents, file_stems(documents), strict=True), start=1
    ):
        check(cancelled)
        target = out / f"{stem}.txt"
        target.write_bytes(document.text.encode("utf-8"))
        written.append(target)
        progress(done, len(documents))
    return written
