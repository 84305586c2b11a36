"""INCEpTION / WebAnno / DKPro: UIMA CAS XMI (with its TypeSystem.xml) and UIMA CAS JSON.

Read and written through ``dkpro-cassis``, the INCEpTION team's own Python implementation of
the CAS. UIMA counts offsets in UTF-16 code units (Java's strings), Python in code points: an
emoji or a rare CJK character before a span shifts every later offset by one. cassis converts
both ways when it loads and saves a CAS; an offset that falls inside a character (between the
two halves of a surrogate pair) or beyond the text is refused, naming the file.

Reading: where the files are is :mod:`._casfiles`' business, loading them :mod:`._uima`'s.
The span layer and the feature holding the category are detected when one is obvious — the
one span layer holding annotations, a custom (``webanno.custom.*``) one first; the one string
feature of that layer, or the one holding values — and otherwise named with ``layer`` and
``feature``; an ambiguous
or unknown choice is refused with the candidates listed. The report id is the document's
``DocumentMetaData`` id (or title, or file name), without a ``.txt`` ending.

Writing: a folder with ``TypeSystem.xml`` and one ``NAME.xmi`` per document (or ``NAME.json``
for UIMA CAS JSON), as INCEpTION's "UIMA CAS XMI (XML 1.0)" and "UIMA CAS JSON" formats import
them: the PHI spans on the custom span layer ``webanno.custom.PHI`` with the string feature
``kind``, DKPro ``Sentence`` annotations (one per line of the narrative) and ``Token``
annotations (on which every span starts and ends), and ``DocumentMetaData`` naming the report.
INCEpTION keeps only the layers its project defines: create the span layer ``PHI`` with a
string feature ``kind`` in the project before importing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import regex
from cassis import Cas, TypeSystem

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError, InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.core.tokenize import line_spans
from deid_studio.formats._casfiles import CasFile, cas_files
from deid_studio.formats._common import check_not_empty, check_span, file_stems, sorted_spans
from deid_studio.formats._pieces import pieces
from deid_studio.formats._uima import (
    ANNOTATION,
    METADATA,
    SENTENCE,
    STRING,
    TOKEN,
    accessor,
    load_cas,
    span_layers,
    string_features,
)
from deid_studio.formats.base import Notes

PHI_LAYER = "webanno.custom.PHI"
PHI_FEATURE = "kind"
_CUSTOM = "webanno.custom."
_UNSPECIFIED = ("", "x-unspecified")
# characters XML 1.0 cannot carry, so an XMI file cannot hold a narrative that has one
_NOT_XML = regex.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\p{Cs}]")

# -- reading ---------------------------------------------------------------------------------


def read_inception(
    path: Path,
    *,
    layer: str | None = None,
    feature: str | None = None,
    annotator: str | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Document]:
    """Every document of an INCEpTION export (XMI, CAS JSON, a folder or a zip), or an
    :class:`InputError` naming the file, the place and the problem."""
    path = Path(path)
    files = cas_files(path, annotator=annotator)
    typesystems: dict[Any, TypeSystem] = {}  # by the bytes of a TypeSystem.xml or JSON %TYPES
    loaded: list[tuple[CasFile, Cas]] = []
    for done, file in enumerate(files, start=1):
        check(cancelled)
        loaded.append((file, load_cas(file, typesystems, layer)))
        progress(done, len(files))
    chosen_layer, chosen_feature = _choose_layer([cas for _, cas in loaded], layer, feature, path)
    documents = [_document(file, cas, chosen_layer, chosen_feature, path) for file, cas in loaded]
    if notes is not None:
        if chosen_layer is None:
            notes.append("no span layer holds annotations: narratives only")
        else:
            notes.append(f"spans from layer {chosen_layer}, category from feature {chosen_feature}")
    return documents


def _choose_layer(
    cases: list[Cas], layer: str | None, feature: str | None, where: Path
) -> tuple[str | None, str | None]:
    typesystems = list({id(c.typesystem): c.typesystem for c in cases}.values())
    if layer is not None:
        if not any(ts.contains_type(layer) for ts in typesystems):
            known = ", ".join(sorted(span_layers(typesystems))) or "none"
            raise InputError(
                str(where), f"layer {layer} is not in the type system (span layers: {known})"
            )
        if not all(ts.subsumes(ANNOTATION, layer) for ts in typesystems if ts.contains_type(layer)):
            raise InputError(
                str(where), f"{layer} is not a span layer (not a uima.tcas.Annotation)"
            )
    else:
        candidates = span_layers(typesystems)
        used = {name: sum(_count(c, name) for c in cases) for name in candidates}
        holding = sorted(name for name, n in used.items() if n)
        pool = [n for n in holding if n.startswith(_CUSTOM)] or holding
        if not pool:
            custom = [n for n in candidates if n.startswith(_CUSTOM)]
            if len(custom) != 1:
                return None, None
            pool = custom
        if len(pool) > 1:
            listed = "; ".join(
                f"{n} ({used[n]} annotations; features {', '.join(candidates[n])})" for n in pool
            )
            raise InputError(
                str(where), f"several span layers hold annotations: {listed}; choose with --layer"
            )
        layer = pool[0]
    return layer, _choose_feature(cases, typesystems, layer, feature, where)


def _choose_feature(
    cases: list[Cas], typesystems: list[TypeSystem], layer: str, feature: str | None, where: Path
) -> str:
    features = sorted(
        {f for ts in typesystems if ts.contains_type(layer) for f in string_features(ts, layer)}
    )
    if feature is not None:
        if feature not in features:
            raise InputError(
                str(where),
                f"layer {layer} has no string feature {feature!r} "
                f"(its string features: {', '.join(features) or 'none'})",
            )
        return feature
    if not features:
        raise InputError(str(where), f"layer {layer} has no string feature to read categories from")
    if len(features) > 1:
        filled = [f for f in features if any(_has_values(c, layer, f) for c in cases)]
        if len(filled) != 1:
            raise InputError(
                str(where),
                f"layer {layer} has several string features ({', '.join(features)}); "
                "choose the one holding the category with --feature",
            )
        return filled[0]
    return features[0]


def _count(cas: Cas, layer: str) -> int:
    try:
        return len(cas.select(layer))
    except Exception:  # the type is not in this CAS's type system
        return 0


def _has_values(cas: Cas, layer: str, feature: str) -> bool:
    try:
        return any(a.get(accessor(feature)) for a in cas.select(layer))
    except Exception:
        return False


def _document(
    file: CasFile, cas: Cas, layer: str | None, feature: str | None, root: Path
) -> Document:
    text = cas.sofa_string
    if not isinstance(text, str):
        raise InputError(
            file.where, "the CAS holds no text (its subject of analysis is not a string)"
        )
    check_not_empty(text, file.where)
    spans: list[Span] = []
    if layer is not None and feature is not None and cas.typesystem.contains_type(layer):
        short = layer.rsplit(".", 1)[-1]
        for annotation in cas.select(layer):
            start, end = annotation.begin, annotation.end
            check_span(text, start, end, file.where, what=f"{short} annotation")
            label = annotation.get(accessor(feature))
            if not isinstance(label, str) or not label.strip():
                raise InputError(
                    file.where,
                    f"{short} annotation {start}-{end} ({text[start:end][:40]!r}) has no {feature}",
                    offset=start,
                )
            spans.append(Span(start, end, label))
    external_id, language = _metadata(cas, file.document)
    return Document(
        text=text,
        spans=sorted_spans(spans),
        external_id=external_id,
        source=_relative(file.where, root),
        language=language,
    )


def _metadata(cas: Cas, fallback: str) -> tuple[str, str | None]:
    name, language = "", None
    if cas.typesystem.contains_type(METADATA):
        for meta in cas.select(METADATA):
            name = str(meta.get("documentId") or meta.get("documentTitle") or "")
            language = meta.get("language")
            break
    if language is None:
        for annotation in cas.select_all_annotations():
            if annotation.type.name == "uima.tcas.DocumentAnnotation":
                language = annotation.get("language")
                break
    name = (name or fallback).strip()
    if name.lower().endswith(".txt"):
        name = name[:-4]
    language = language if isinstance(language, str) and language not in _UNSPECIFIED else None
    return name or fallback, language


def _relative(where: str, root: Path) -> str:
    prefix = str(root)
    if where.startswith(prefix):
        return where[len(prefix) :].lstrip("/\\: ") or root.name
    return where


# -- writing ---------------------------------------------------------------------------------


def write_inception(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Path]:
    """A folder ``out`` with TypeSystem.xml and NAME.xmi per document (UIMA CAS XMI 1.0)."""
    for document in documents:
        _check_xml_text(document)
    return _write(documents, Path(out), "xmi", progress, cancelled, notes)


def write_inception_json(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Path]:
    """A folder ``out`` with NAME.json per document (UIMA CAS JSON, type system inside)."""
    return _write(documents, Path(out), "json", progress, cancelled, notes)


def _write(
    documents: Sequence[Document],
    out: Path,
    kind: str,
    progress: Progress,
    cancelled: Cancelled,
    notes: Notes | None,
) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    typesystem = phi_typesystem()
    written: list[Path] = []
    if kind == "xmi":
        written.append(out / "TypeSystem.xml")
        typesystem.to_xml(written[-1])
    crossing = 0
    for done, (document, stem) in enumerate(
        zip(documents, file_stems(documents), strict=True), start=1
    ):
        check(cancelled)
        cas, crossed = to_cas(document, typesystem)
        crossing += crossed
        target = out / f"{stem}.{kind}"
        if kind == "xmi":
            cas.to_xmi(target)
        else:
            cas.to_json(target)
        written.append(target)
        progress(done, len(documents))
    if notes is not None:
        notes.append(
            f"for INCEpTION: create the span layer PHI (type {PHI_LAYER}) with a string feature "
            f"{PHI_FEATURE!r} in the project before importing these files"
        )
        if crossing:
            notes.append(
                f"{crossing} spans run over a line break (a sentence boundary here): allow "
                "'crossing sentence boundaries' on the PHI layer"
            )
    return written


def phi_typesystem() -> TypeSystem:
    """The type system the export uses: DKPro's Sentence, Token and DocumentMetaData and the
    custom span layer ``webanno.custom.PHI`` with its string feature ``kind``."""
    ts = TypeSystem()
    ts.create_type(SENTENCE, supertypeName=ANNOTATION)
    ts.create_type(TOKEN, supertypeName=ANNOTATION)
    meta = ts.create_type(METADATA, supertypeName="uima.tcas.DocumentAnnotation")
    for name in ("documentTitle", "documentId", "documentUri", "collectionId", "documentBaseUri"):
        ts.create_feature(meta, name, STRING)
    ts.create_feature(meta, "isLastSegment", "uima.cas.Boolean")
    phi = ts.create_type(PHI_LAYER, supertypeName=ANNOTATION)
    ts.create_feature(phi, PHI_FEATURE, STRING)
    return ts


def to_cas(document: Document, typesystem: TypeSystem) -> tuple[Cas, int]:
    """The document as a CAS of :func:`phi_typesystem`, and how many spans cross a line."""
    text = document.text
    cas = Cas(typesystem=typesystem)
    cas.sofa_string = text
    cas.sofa_mime = "text/plain"
    meta, sentence, token, phi = (
        typesystem.get_type(n) for n in (METADATA, SENTENCE, TOKEN, PHI_LAYER)
    )
    cas.add(
        meta(
            begin=0,
            end=len(text),
            documentTitle=document.external_id,
            documentId=document.external_id,
            language=document.language or "x-unspecified",
        )
    )
    lines = [(s, e) for s, e in line_spans(text) if text[s:e].strip()]
    cas.add_all(sentence(begin=s, end=e) for s, e in lines)
    cas.add_all(
        token(begin=p.start, end=p.end) for p in pieces(text, document.spans) if not p.is_space
    )
    cas.add_all(
        phi(begin=s.start, end=s.end, **{PHI_FEATURE: s.category})
        for s in sorted_spans(document.spans)
    )
    crossing = sum(1 for s in document.spans if "\n" in s.text(text) or "\r" in s.text(text))
    return cas, crossing


def _check_xml_text(document: Document) -> None:
    found = _NOT_XML.search(document.text)
    if found:
        raise DeidError(
            f"report {document.external_id}: character U+{ord(found.group()):04X} at offset "
            f"{found.start()} cannot be written in XML 1.0; export as inception-json instead"
        )
