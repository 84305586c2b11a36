"""Importing narratives (and gold spans) into a project, all or nothing."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from deid_studio.core.categories import LabelMap
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError, InputError
from deid_studio.core.language import guess_language
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats import format_named
from deid_studio.services._reading import check_characters, read_input, unreadable_dates
from deid_studio.services._retry import retrying
from deid_studio.store.project import Project


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What an import changed."""

    documents: int
    spans: int
    skipped_duplicates: int
    added_categories: tuple[str, ...]
    languages: Mapping[str, int]
    status: str
    seconds: float
    document_ids: tuple[int, ...]
    warnings: tuple[str, ...] = ()
    """One line each: what was imported anyway but deserves a look (see ``InputWarning``)."""
    notes: tuple[str, ...] = ()  # what the reader skipped or chose (Prodigy's rejected examples)


def import_file(
    project: Project,
    format_name: str,
    path: Path,
    *,
    actor: str,
    gold: bool = False,
    signed_off: bool = False,
    add_categories: bool = False,
    label_map: Mapping[str, str] | None = None,
    skip_duplicates: bool = False,
    language: str | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    **options: Any,
) -> ImportResult:
    """Read ``path`` with the named format and store every document, or nothing.

    With ``gold`` the file's spans become annotations (the gold standard) and the documents
    await review; with ``signed_off`` too they count as already reviewed elsewhere. Without
    ``gold`` the spans of the file are not imported. Labels are mapped onto the project's
    scheme; unknown labels refuse the import unless ``add_categories``.
    """
    started = time.perf_counter()
    if signed_off and not gold:
        raise DeidError("--signed-off applies to gold imports; add --gold")
    notes: list[str] = []
    if getattr(format_named(format_name), "notes", False):
        options["notes"] = notes
    documents, noted = read_input(
        format_name, path, progress=progress, cancelled=cancelled, **options
    )
    check(cancelled)
    result = import_documents(
        project,
        documents,
        origin=str(path),
        actor=actor,
        gold=gold,
        signed_off=signed_off,
        add_categories=add_categories,
        label_map=label_map,
        skip_duplicates=skip_duplicates,
        language=language,
    )
    return replace(
        result,
        seconds=time.perf_counter() - started,
        warnings=(*noted, *result.warnings),
        notes=tuple(notes),
    )


@retrying
def import_documents(
    project: Project,
    documents: Sequence[Document],
    *,
    origin: str,
    actor: str,
    gold: bool = False,
    signed_off: bool = False,
    add_categories: bool = False,
    label_map: Mapping[str, str] | None = None,
    skip_duplicates: bool = False,
    language: str | None = None,
) -> ImportResult:
    """Store documents read elsewhere; ``origin`` (a path) names them in messages and audit.

    The same rules as :func:`import_file`: all or nothing, labels mapped onto the scheme,
    duplicates refused unless skipped. When another command stores documents at the same
    moment, the import runs again and sees them (a duplicate is then refused by name).
    """
    started = time.perf_counter()
    if signed_off and not gold:
        raise DeidError("--signed-off applies to gold imports; add --gold")
    check_characters(documents, origin)
    documents = [_with_language(d, language) for d in documents]

    with project.transaction(actor) as tx:
        tx.require("steward", "import reports")
        scheme = tx.scheme()
        added: tuple[str, ...] = ()
        if gold:
            labels = LabelMap(scheme, dict(label_map or {}))
            unknown = labels.unknown(s.category for d in documents for s in d.spans)
            strangers = sorted(set((label_map or {}).values()) - set(scheme.names))
            if strangers:
                raise DeidError(
                    f"--map targets not in the project's scheme: {', '.join(strangers)}"
                )
            if unknown and not add_categories:
                raise InputError(
                    origin,
                    f"labels not in the project's {scheme.name} scheme: {', '.join(unknown)} "
                    f"(first in {_first_with(documents, unknown[0])}); map them with "
                    "--map LABEL=CATEGORY or add them with --add-categories; nothing was imported",
                )
            if unknown:
                scheme = scheme.with_categories(unknown)
                tx.set_scheme(scheme)
                added = tuple(unknown)
                tx.audit("add_categories", after={"categories": list(added)}, reason=origin)
                labels = LabelMap(scheme, dict(label_map or {}))
            documents = [with_mapped_labels(d, labels) for d in documents]
        else:
            documents = [replace(d, spans=()) for d in documents]

        documents, skipped = _drop_duplicates(tx.known_hashes, documents, origin, skip_duplicates)
        status = "signed_off" if signed_off else ("submitted" if gold else "new")
        ids = tx.add_documents(documents, status=status, gold=gold)
        tx.audit_many(
            "import",
            (
                (doc_id, None, {"source": d.source, "spans": len(d.spans), "status": status})
                for doc_id, d in zip(ids, documents, strict=True)
            ),
            reason=origin,
        )
        if signed_off:
            tx.add_reviews(ids, "signed_off", "imported as signed off")
            tx.audit_many(
                "sign_off",
                ((doc_id, None, {"status": "signed_off"}) for doc_id in ids),
                reason="imported as signed off (reviewed outside DeID Studio)",
            )
    return ImportResult(
        documents=len(ids),
        spans=sum(len(d.spans) for d in documents),
        skipped_duplicates=skipped,
        added_categories=added,
        languages=dict(Counter(d.language or "?" for d in documents)),
        status=status,
        seconds=time.perf_counter() - started,
        document_ids=tuple(ids),
        warnings=tuple(unreadable_dates(documents, origin)),
    )


def _with_language(document: Document, language: str | None) -> Document:
    if language is not None:
        return replace(document, language=language)
    if document.language is None:
        return replace(document, language=guess_language(document.text))
    return document


def with_mapped_labels(document: Document, labels: LabelMap) -> Document:
    """The document with its span labels mapped onto the project's categories (every label
    must be known to ``labels``: callers refuse unknown ones first, naming them)."""
    spans = []
    for s in document.spans:
        category = labels(s.category)
        assert category is not None, "unknown labels are refused before mapping"
        spans.append(Span(s.start, s.end, category, s.group))
    return replace(document, spans=tuple(spans))


def _first_with(documents: list[Document], label: str) -> str:
    for d in documents:
        for s in d.spans:
            if s.category == label:
                return f"{d.source or d.external_id} at offset {s.start}"
    return "?"


def _drop_duplicates(
    known_hashes: Callable[[Iterable[str]], Mapping[str, tuple[int, str]]],
    documents: list[Document],
    origin: str,
    skip: bool,
) -> tuple[list[Document], int]:
    seen: dict[str, Document] = {}
    fresh: list[Document] = []
    for d in documents:
        h = d.content_hash()
        if h in seen:
            if not skip:
                raise InputError(
                    origin,
                    f"report {d.external_id} ({d.source}) appears twice in this import, also as "
                    f"{seen[h].source}; nothing was imported",
                )
            continue
        seen[h] = d
        fresh.append(d)
    stored = known_hashes(seen)
    if stored and not skip:
        d = next(d for d in fresh if d.content_hash() in stored)
        doc_id, _ = stored[d.content_hash()]
        raise InputError(
            origin,
            f"report {d.external_id} ({d.source}) is already in the project as document "
            f"{doc_id}; {len(stored)} of {len(fresh)} reports are duplicates and nothing was "
            "imported (add --skip-duplicates to import only the new ones)",
        )
    kept = [d for d in fresh if d.content_hash() not in stored]
    return kept, len(documents) - len(kept)
