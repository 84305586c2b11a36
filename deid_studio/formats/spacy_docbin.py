"""spaCy: a ``DocBin`` (``.spacy``), the training data of ``spacy train``, with ``doc.ents``.

Needs spaCy, an optional extra (``pip install 'deid-studio[spacy]'``); without it the format
says so in one line. Offsets are code points, as in Python.

Reading: a ``.spacy`` file, or a folder of them; each ``Doc`` is a document whose spans are
its entities. The report id is the ``report_id`` the export stored in ``doc.user_data``, else
the file's name and the document's number.

Writing: one ``.spacy`` file. Each narrative becomes a ``Doc`` cut into tokens on which every
span starts and ends (:mod:`._pieces`), so ``doc.text`` is the narrative exactly, CR/LF
included. ``doc.ents`` cannot overlap: of spans that overlap, the longest is kept (then the
earliest, then by category name, as ``spacy.util.filter_spans`` chooses), and every span left
out is named in the notes. The report id, case and language go in ``doc.user_data``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError, InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import check_not_empty, check_span, input_files, sorted_spans
from deid_studio.formats._pieces import pieces, words_and_spaces
from deid_studio.formats.base import Notes

INSTALL = "the spacy format needs spaCy: pip install 'deid-studio[spacy]'"
_SHOWN = 5  # dropped spans named one by one in the notes


def _spacy() -> Any:
    """The ``spacy.tokens`` module, or a one-line error saying what to install."""
    try:
        import spacy.tokens
    except ImportError:
        raise DeidError(INSTALL) from None
    return spacy.tokens


def read_spacy(
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Document]:
    """Every ``Doc`` of a ``.spacy`` file (or a folder of them) with its entities as spans."""
    tokens = _spacy()
    from spacy.vocab import Vocab

    root, files = input_files(Path(path), ".spacy", recursive=True)
    documents: list[Document] = []
    for done, file in enumerate(files, start=1):
        check(cancelled)
        try:
            docs = list(tokens.DocBin().from_bytes(file.read_bytes()).get_docs(Vocab()))
        except Exception as err:  # spaCy, msgpack and zlib raise many kinds for a bad file
            raise InputError(str(file), f"not a spaCy DocBin: {_said(err)}") from None
        name = file.relative_to(root).as_posix() if file != root else file.name
        documents += [_document(doc, n, file, name) for n, doc in enumerate(docs, start=1)]
        progress(done, len(files))
    if not documents:
        raise InputError(str(path), "holds no documents")
    return documents


def _said(err: Exception) -> str:
    """What spaCy (or msgpack, zlib) said, on one line."""
    return " ".join(str(err).split())[:160] or err.__class__.__name__


def _document(doc: Any, number: int, file: Path, name: str) -> Document:
    where = f"{file}: doc {number}"
    try:  # a Doc is read lazily: a label missing from the file's strings fails here
        text = doc.text
        entities = [(ent.start_char, ent.end_char, ent.label_) for ent in doc.ents]
    except Exception as err:
        raise InputError(where, f"unreadable entities: {_said(err)}") from None
    check_not_empty(text, where)
    spans = []
    for start, end, label in entities:
        check_span(text, start, end, where, what="entity")
        if not label:
            raise InputError(where, f"entity {start}-{end} has no label")
        spans.append(Span(start, end, label))
    data = doc.user_data if isinstance(doc.user_data, dict) else {}
    external = data.get("report_id")
    meta = data.get("meta")
    language = data.get("language")
    return Document(
        text=text,
        spans=sorted_spans(spans),
        external_id=str(external) if external else f"{Path(name).stem}-{number}",
        case_id=str(data.get("case_id") or ""),
        source=f"{name}#{number}",
        meta=meta if isinstance(meta, dict) else {},
        language=language if isinstance(language, str) and language else None,
    )


def write_spacy(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Path]:
    """Write every document to the one DocBin file ``out``; overlapping spans are resolved
    (see the module's docstring) and the ones left out listed in ``notes``."""
    tokens = _spacy()
    from spacy.vocab import Vocab

    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    vocab = Vocab()
    docbin = tokens.DocBin(store_user_data=True)
    dropped: list[tuple[Document, Span, Span]] = []
    for done, document in enumerate(documents, start=1):
        if done % 100 == 1:
            check(cancelled)
        kept, left_out = resolve_overlaps(document.spans)
        dropped += [(document, lost, winner) for lost, winner in left_out]
        docbin.add(_doc(tokens, vocab, document, kept))
        progress(done, len(documents))
    out.write_bytes(docbin.to_bytes())
    if notes is not None and dropped:
        notes.append(_dropped_note(dropped))
    return [out]


def _doc(tokens: Any, vocab: Any, document: Document, spans: Sequence[Span]) -> Any:
    parts = pieces(document.text, document.spans)
    words, spaces = words_and_spaces(parts)
    doc = tokens.Doc(vocab, words=words, spaces=spaces)
    first = {p.start: i for i, p in enumerate(parts)}
    last = {p.end: i for i, p in enumerate(parts)}
    doc.ents = [tokens.Span(doc, first[s.start], last[s.end] + 1, label=s.category) for s in spans]
    doc.user_data["report_id"] = document.external_id
    if document.case_id:
        doc.user_data["case_id"] = document.case_id
    if document.language:
        doc.user_data["language"] = document.language
    if document.meta:
        doc.user_data["meta"] = dict(document.meta)
    return doc


def resolve_overlaps(spans: Sequence[Span]) -> tuple[list[Span], list[tuple[Span, Span]]]:
    """Spans that do not overlap, and each span left out with the kept span it overlapped.

    The longest span wins, then the one starting first, then the category first in
    alphabetical order; spans that overlap nothing kept stay. Deterministic whatever the
    order of ``spans``.
    """
    ranked = sorted(spans, key=lambda s: (-(s.end - s.start), s.start, s.category, s.group or ""))
    kept: list[Span] = []
    left_out: list[tuple[Span, Span]] = []
    for span in ranked:
        winner = next((k for k in kept if k.overlaps(span)), None)
        if winner is None:
            kept.append(span)
        else:
            left_out.append((span, winner))
    return sorted(kept, key=Span.sort_key), left_out


def _dropped_note(dropped: list[tuple[Document, Span, Span]]) -> str:
    documents = len({id(d) for d, _, _ in dropped})
    shown = "; ".join(
        f"report {d.external_id} {lost.start}-{lost.end} {lost.category} (overlaps "
        f"{winner.start}-{winner.end} {winner.category})"
        for d, lost, winner in dropped[:_SHOWN]
    )
    more = f"; and {len(dropped) - _SHOWN} more" if len(dropped) > _SHOWN else ""
    return (
        f"spaCy entities cannot overlap: left out {len(dropped)} spans in {documents} documents, "
        f"keeping the longest of each overlap (then the earliest, then by category): {shown}{more}"
    )
