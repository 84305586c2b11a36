"""Finding the UIMA CAS files of an INCEpTION / WebAnno / DKPro export, whatever its packaging.

What a user may point the ``inception`` reader at:

* one ``.xmi`` file, with ``TypeSystem.xml`` beside it (any capitalisation);
* one UIMA CAS ``.json`` file (it carries its own type system);
* a folder of them (searched below; an XMI file takes the type system of its own folder or of
  the nearest folder above it);
* a ``.zip``: INCEpTION's export of one document (the XMI and its ``TypeSystem.xml``), or a
  whole project export, whose annotations sit at ``annotation/<document>/<user>.<ext>`` and
  whose curated versions at ``curation/<document>/CURATION_USER.<ext>`` — each of those may
  itself be a zip holding the XMI and its type system. A folder holding an unpacked project
  export is read the same way.

In a project export, a document's gold is its curated version; without one, the annotations
of its only annotator, or those of ``annotator`` when several annotated it (several and no
``annotator`` is refused, naming them); a document nobody annotated comes from
``INITIAL_CAS`` (the narrative, no spans). Everything else in a project
export (sources, serialized CASes, logs, guidelines) is not read.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from deid_studio.core.errors import InputError

CURATION_USER = "CURATION_USER"
INITIAL_CAS = "INITIAL_CAS"
_CAS_SUFFIXES = (".xmi", ".json")
_MAX_UNPACKED = 4 << 30  # a zip that claims more than this when unpacked is refused


@dataclass(frozen=True, slots=True)
class CasFile:
    """One serialized CAS, with what it needs to be read and what it annotates."""

    where: str  # for messages: "export.zip: annotation/a.txt/anna.zip: a.xmi"
    document: str  # the document's name: its folder in a project export, else the file stem
    kind: str  # "xmi" or "json"
    data: bytes
    typesystem: bytes | None = None  # TypeSystem.xml, for XMI
    typesystem_where: str = ""


@dataclass(frozen=True, slots=True)
class _Entry:
    path: PurePosixPath  # inside the input: folders, nested zips shown as folders
    data: bytes
    where: str


def cas_files(path: Path, *, annotator: str | None = None) -> list[CasFile]:
    """The CAS files of ``path`` that hold the gold (see the module's docstring), sorted by
    document name; :class:`InputError` when there are none or the choice is ambiguous."""
    path = Path(path)
    if path.is_file():
        suffix = path.suffix.lower()
        if suffix == ".zip":
            entries = list(_zip_entries(path.read_bytes(), str(path), PurePosixPath()))
        elif suffix in _CAS_SUFFIXES:
            entries = [_Entry(PurePosixPath(path.name), path.read_bytes(), str(path))]
            entries += _sibling_typesystem(path)
        else:
            raise InputError(str(path), "expected a .xmi, .json or .zip file, or a folder")
    elif path.is_dir():
        entries = list(_folder_entries(path))
    else:
        raise InputError(str(path), "no such file or folder")
    if _is_project_export(entries):
        chosen = _project_cases(entries, str(path), annotator)
    else:
        if annotator is not None:
            raise InputError(
                str(path), "--annotator applies to INCEpTION project exports (annotation/...)"
            )
        chosen = [(e, PurePosixPath(e.path.name).stem) for e in entries if _is_cas(e.path)]
    if not chosen:
        raise InputError(str(path), "no .xmi or UIMA CAS .json files here")
    typesystems = {e.path.parent: e for e in entries if e.path.name.lower() == "typesystem.xml"}
    return [_with_typesystem(entry, document, typesystems) for entry, document in chosen]


def _sibling_typesystem(path: Path) -> list[_Entry]:
    for sibling in sorted(path.parent.iterdir()):
        if sibling.name.lower() == "typesystem.xml" and sibling.is_file():
            return [_Entry(PurePosixPath(sibling.name), sibling.read_bytes(), str(sibling))]
    return []


def _folder_entries(root: Path) -> Iterator[_Entry]:
    for file in sorted(root.rglob("*")):
        relative = file.relative_to(root)
        if any(part.startswith(".") for part in relative.parts) or not file.is_file():
            continue
        suffix = file.suffix.lower()
        inside = PurePosixPath(relative.as_posix())
        if suffix == ".zip":
            yield from _zip_entries(file.read_bytes(), str(file), inside)
        elif suffix in _CAS_SUFFIXES or file.name.lower() == "typesystem.xml":
            yield _Entry(inside, file.read_bytes(), str(file))


def _zip_entries(data: bytes, where: str, prefix: PurePosixPath) -> Iterator[_Entry]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = [i for i in archive.infolist() if not i.is_dir()]
        if sum(i.file_size for i in infos) > _MAX_UNPACKED:
            raise InputError(where, "the zip unpacks to more than 4 GiB; unpack it first")
        for info in sorted(infos, key=lambda i: i.filename):
            inner = PurePosixPath(info.filename)
            if (
                any(p.startswith(".") or p == ".." for p in inner.parts)
                or "__MACOSX" in inner.parts
            ):
                continue
            suffix = inner.suffix.lower()
            wanted = suffix in (*_CAS_SUFFIXES, ".zip") or inner.name.lower() == "typesystem.xml"
            if not wanted:
                continue
            content = archive.read(info)
            label = f"{where}: {info.filename}"
            if suffix == ".zip":
                yield from _zip_entries(content, label, prefix / inner)
            else:
                yield _Entry(prefix / inner, content, label)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError) as err:
        raise InputError(where, f"not a readable zip file ({err})") from None
    except (OSError, ValueError) as err:  # a corrupt member (bad CRC, bad header)
        raise InputError(where, f"a member of the zip cannot be read ({err})") from None


def _is_cas(path: PurePosixPath) -> bool:
    return path.suffix.lower() in _CAS_SUFFIXES and not path.name.startswith("exportedproject")


def _is_project_export(entries: list[_Entry]) -> bool:
    return any(e.path.parts[:1] in (("annotation",), ("curation",)) for e in entries)


def _project_cases(
    entries: list[_Entry], where: str, annotator: str | None
) -> list[tuple[_Entry, str]]:
    """Per document of a project export: the curated CAS, else the chosen annotator's."""
    by_document: dict[str, dict[str, _Entry]] = {}
    for entry in entries:
        parts = entry.path.parts
        if len(parts) < 3 or parts[0] not in ("annotation", "curation") or not _is_cas(entry.path):
            continue
        user = PurePosixPath(parts[2]).stem  # "anna.zip" (a nested zip) or "anna.xmi"
        if parts[0] == "curation":
            user = CURATION_USER
        by_document.setdefault(parts[1], {}).setdefault(user, entry)
    chosen: list[tuple[_Entry, str]] = []
    for document, users in sorted(by_document.items()):
        people = sorted(u for u in users if u not in (CURATION_USER, INITIAL_CAS))
        if CURATION_USER in users:
            pick = CURATION_USER
        elif len(people) == 1:
            pick = people[0]
        elif not people:
            if INITIAL_CAS not in users:
                continue
            pick = INITIAL_CAS
        elif annotator in users:
            pick = str(annotator)
        else:
            whose = f"{annotator!r} did not annotate it; " if annotator else ""
            raise InputError(
                where,
                f"document {document!r} is annotated by {', '.join(people)} and not curated; "
                f"{whose}choose whose annotations to import with --annotator NAME (or curate it)",
            )
        chosen.append((users[pick], document))
    return chosen


def _with_typesystem(
    entry: _Entry, document: str, typesystems: dict[PurePosixPath, _Entry]
) -> CasFile:
    kind = entry.path.suffix.lower().lstrip(".")
    if kind == "json":
        return CasFile(entry.where, document, kind, entry.data)
    folder = entry.path.parent
    while True:
        found = typesystems.get(folder)
        if found is not None:
            return CasFile(entry.where, document, kind, entry.data, found.data, found.where)
        if folder == folder.parent:
            raise InputError(
                entry.where,
                "no TypeSystem.xml beside this XMI file or in a folder above it (INCEpTION "
                "exports it with every XMI; put it back beside the file)",
            )
        folder = folder.parent
