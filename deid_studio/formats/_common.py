"""Helpers the format modules share: finding input files, checking spans, naming output files."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from pathlib import Path

import regex

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import InputError

# Characters a file name keeps; everything else becomes "_".
_UNSAFE = regex.compile(r"[^\w.\-]+")
_WINDOWS_RESERVED = frozenset(
    ["CON", "PRN", "AUX", "NUL"]
    + [f"COM{i}" for i in range(1, 10)]
    + [f"LPT{i}" for i in range(1, 10)]
)
# File systems limit a name to 255 bytes (not characters: a CJK character takes 3 in UTF-8);
# a stem keeps room for "-NNN" and a suffix.
_NAME_BYTES = 120
TOO_DEEP = "nested too deeply to read"
# Line-format fields (BRAT's text column, XML attributes) hold no line breaks or tabs.
_BLANKS = str.maketrans("\r\n\t", "   ")


def input_files(path: Path, suffix: str, *, recursive: bool) -> tuple[Path, list[Path]]:
    """The folder that relative names start from, and the ``suffix`` files of ``path``.

    ``path`` may be one file (taken whatever its suffix) or a folder, searched for files whose
    suffix is ``suffix`` in any case, sorted by relative path. Hidden files and folders (a name
    starting with ".", such as macOS's "._report.txt" companions) are left out.
    """
    if path.is_file():
        return path.parent, [path]
    if not path.is_dir():
        raise InputError(str(path), "no such file or folder")
    candidates = path.rglob("*") if recursive else path.iterdir()
    found = [
        p
        for p in candidates
        if p.suffix.lower() == suffix
        and p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(path).parts)
    ]
    if not found:
        where = "in this folder or below" if recursive else "in this folder"
        raise InputError(str(path), f"no {suffix} files {where}")
    return path, sorted(found, key=lambda p: p.relative_to(path).as_posix())


def relative_name(path: Path, root: Path) -> str:
    """``path`` relative to ``root`` with "/" separators (a document's ``source``)."""
    return path.relative_to(root).as_posix()


def one_line(text: str) -> str:
    """``text`` with CR, LF and TAB turned into spaces, as line-based fields store it."""
    return text.translate(_BLANKS)


def same_covered_text(expected: str, stored: str) -> bool:
    """True when a file's copy of a span's text agrees with the narrative.

    Line breaks and tabs compare equal to spaces: BRAT's text column and XML attribute values
    cannot hold them.
    """
    return one_line(expected) == one_line(stored)


def text_mismatch(stated: str, actual: str) -> str:
    """How a file's copy of a span's text differs from the narrative, without quoting either
    (error messages never carry narrative text): lengths and the first differing character."""
    given, narrative = one_line(stated), one_line(actual)
    first = next(
        (i for i, (a, b) in enumerate(zip(given, narrative, strict=False)) if a != b),
        min(len(given), len(narrative)),
    )
    return (
        f"the text given ({len(given)} characters) differs from the narrative's "
        f"({len(narrative)}) from its character {first + 1}"
    )


def check_span(
    text: str, start: int, end: int, source: str, *, line: int | None = None, what: str = "span"
) -> None:
    """Raise InputError unless ``0 <= start < end <= len(text)``."""
    if start < 0 or end > len(text):
        raise InputError(
            source,
            f"{what} {start}-{end}: outside the text, which has {len(text)} characters",
            line=line,
            offset=None if line is not None else start,
        )
    if start >= end:
        raise InputError(
            source,
            f"{what} {start}-{end}: empty or reversed (start must be below end)",
            line=line,
            offset=None if line is not None else start,
        )


def check_not_empty(text: str, source: str, *, line: int | None = None) -> None:
    """Raise InputError when a narrative has no characters other than whitespace."""
    if not text.strip():
        problem = "the narrative is empty" if not text else "the narrative is only whitespace"
        raise InputError(source, problem, line=line)


def sorted_spans(spans: Iterable[Span]) -> tuple[Span, ...]:
    """Spans in reading order (start, end, category, group)."""
    return tuple(sorted(spans, key=Span.sort_key))


def file_stems(documents: Sequence[Document], default: str = "document") -> list[str]:
    """A safe file name stem per document, from its external id, unique ignoring case.

    Path separators and other characters that are not letters, digits, ".", "-" or "_"
    become "_"; names that would be hidden, empty or reserved on Windows are adjusted; a
    repeated stem gets "-2", "-3", ...
    """
    used: set[str] = set()
    stems: list[str] = []
    for number, document in enumerate(documents, start=1):
        base = safe_stem(document.external_id) if document.external_id else ""
        base = base or f"{default}-{number}"
        stem, n = base, 1
        while stem.casefold() in used:
            n += 1
            stem = f"{base}-{n}"
        used.add(stem.casefold())
        stems.append(stem)
    return stems


def cut_to_bytes(text: str, limit: int) -> str:
    """The longest prefix of ``text`` whose UTF-8 encoding fits in ``limit`` bytes."""
    encoded = text.encode("utf-8", "surrogatepass")
    if len(encoded) <= limit:
        return text
    return encoded[:limit].decode("utf-8", "ignore")


def safe_stem(name: str) -> str:
    """``name`` made usable as a file name stem on Windows, macOS and Linux ("" if none is left)."""
    stem = str(_UNSAFE.sub("_", unicodedata.normalize("NFC", name)))
    stem = cut_to_bytes(stem.strip("._ "), _NAME_BYTES).rstrip(". ")
    if stem.split(".")[0].upper() in _WINDOWS_RESERVED:
        stem = f"{stem}_"
    return stem
