"""BRAT standoff: NAME.txt holds the narrative, NAME.ann its text-bound annotations.

Only text-bound lines (``T1<TAB>TYPE 10 15<TAB>covered text``) carry spans; notes, attributes,
relations, events and normalisations (``#``, ``A``, ``R``, ``E``, ``N``, ``*`` ...) are read
past. A discontinuous entity (``T1<TAB>TYPE 10 15;20 25<TAB>text``) becomes one span per
fragment, all with ``group`` set to the entity's id; BRAT joins the fragments' texts with one
space in the third column. Offsets count Python characters of the text exactly as stored, a
byte-order mark and CR/LF included, as BRAT itself counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import regex

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import InputError, printable
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import (
    check_not_empty,
    check_span,
    file_stems,
    input_files,
    one_line,
    relative_name,
    same_covered_text,
    sorted_spans,
    text_mismatch,
)
from deid_studio.formats.base import read_text_file

_TEXT_BOUND = regex.compile(r"(T\S*)\t(\S+) (\d+ \d+(?:;\d+ \d+)*)\t(.*)", regex.DOTALL)


def read_brat(
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every NAME.txt of a folder (and below) with the spans of its NAME.ann, or one .txt file.

    ``external_id`` is the file stem, ``source`` the .txt path relative to the folder. A .txt
    without .ann is a narrative without spans; an .ann without .txt is an error. Raises
    :class:`InputError` at the first problem and returns nothing partial.
    """
    path = Path(path)
    if path.is_file() and path.suffix.lower() == ".ann":
        path = path.with_suffix(".txt")
        if not path.is_file():
            raise InputError(str(path.with_suffix(".ann")), f"no matching {path.name}")
    root, texts = input_files(path, ".txt", recursive=True)
    if path.is_dir():
        _check_orphan_annotations(root, texts)
    documents: list[Document] = []
    for done, txt in enumerate(texts, start=1):
        check(cancelled)
        documents.append(_read_pair(txt, root))
        progress(done, len(texts))
    return documents


def _check_orphan_annotations(root: Path, texts: list[Path]) -> None:
    have = {t.with_suffix("") for t in texts}
    anns = sorted(
        a
        for a in root.rglob("*.ann")
        if a.is_file() and not any(p.startswith(".") for p in a.relative_to(root).parts)
    )
    for ann in anns:
        if ann.with_suffix("") not in have:
            raise InputError(str(ann), f"no matching {ann.with_suffix('.txt').name}")


def _read_pair(txt: Path, root: Path) -> Document:
    text = read_text_file(txt)
    check_not_empty(text, str(txt))
    ann = _annotation_file(txt)
    spans = _read_annotations(ann, text) if ann is not None else ()
    return Document(
        text=text,
        spans=sorted_spans(spans),
        external_id=txt.stem,
        source=relative_name(txt, root),
    )


def _annotation_file(txt: Path) -> Path | None:
    ann = txt.with_suffix(".ann")
    return ann if ann.is_file() else None


def _read_annotations(ann: Path, text: str) -> list[Span]:
    content = read_text_file(ann)
    if content.startswith("\ufeff"):
        content = content[1:]
    spans: list[Span] = []
    seen: dict[str, int] = {}
    # Split on LF only: str.splitlines would also break at U+2028, U+0085 and friends, which
    # may sit inside an annotation's covered text.
    for number, raw in enumerate(content.split("\n"), start=1):
        line = raw.removesuffix("\r")
        if not line.startswith("T"):
            continue
        entity = line.split("\t", 1)[0]
        if entity in seen:
            raise InputError(
                str(ann),
                f"{printable(entity, 20)} is defined twice (first on line {seen[entity]}); "
                "each annotation needs its own id",
                line=number,
            )
        seen[entity] = number
        spans.extend(_parse_text_bound(line, text, str(ann), number))
    return spans


def _parse_text_bound(line: str, text: str, source: str, number: int) -> list[Span]:
    match = _TEXT_BOUND.fullmatch(line)
    if match is None:
        raise InputError(
            source,
            f"malformed text-bound annotation {printable(line.split(chr(9))[0], 20)}; "
            "expected 'T1<TAB>TYPE START END<TAB>text'",
            line=number,
        )
    entity, label, ranges, covered = match.groups()
    fragments: list[tuple[int, int]] = []
    for part in ranges.split(";"):
        start, end = (int(n) for n in part.split(" "))
        check_span(text, start, end, source, line=number, what=f"{entity} offsets")
        fragments.append((start, end))
    expected = " ".join(text[s:e] for s, e in fragments)
    if not same_covered_text(expected, covered):
        raise InputError(
            source, f"{entity} at {ranges}: {text_mismatch(covered, expected)}", line=number
        )
    group = entity if len(fragments) > 1 else None
    return [Span(s, e, label, group) for s, e in fragments]


def write_brat(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write NAME.txt (the exact text) and NAME.ann per document into the folder ``out``.

    NAME comes from the external id, made safe and unique. Entities are numbered T1, T2, ...
    in reading order; spans sharing a ``group`` (and category) become one discontinuous
    entity. Line breaks and tabs inside the covered-text column are written as spaces, which
    :func:`read_brat` accepts. ``scheme`` is not needed by BRAT and is ignored.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for done, (document, stem) in enumerate(
        zip(documents, file_stems(documents), strict=True), start=1
    ):
        check(cancelled)
        txt, ann = out / f"{stem}.txt", out / f"{stem}.ann"
        txt.write_bytes(document.text.encode("utf-8"))
        ann.write_bytes(annotation_lines(document).encode("utf-8"))
        written += [txt, ann]
        progress(done, len(documents))
    return written


def annotation_lines(document: Document) -> str:
    """The .ann content for a document's spans (empty when it has none)."""
    entities: dict[tuple[str, str] | int, list[Span]] = {}
    for index, span in enumerate(sorted_spans(document.spans)):
        key: tuple[str, str] | int = (span.group, span.category) if span.group else index
        entities.setdefault(key, []).append(span)
    lines = []
    for number, fragments in enumerate(entities.values(), start=1):
        ranges = ";".join(f"{s.start} {s.end}" for s in fragments)
        covered = one_line(" ".join(s.text(document.text) for s in fragments))
        lines.append(f"T{number}\t{fragments[0].category} {ranges}\t{covered}\n")
    return "".join(lines)
