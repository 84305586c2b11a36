"""i2b2 de-identification XML: the 2014 standoff format (read and write) and 2006 inline (read).

2014: ``<deIdi2b2><TEXT><![CDATA[...]]></TEXT><TAGS><NAME id="P0" start="16" end="20"
text="John" TYPE="PATIENT" comment=""/>...</TAGS></deIdi2b2>``, one narrative per file. The tag
is the class (NAME, LOCATION, ...), TYPE the subtype, which is the label we keep; TYPE="OTHER"
under LOCATION becomes ``LOCATION-OTHER`` as in the ``i2b2-2014`` scheme.

2006: ``<ROOT><RECORD ID="..."><TEXT>... <PHI TYPE="PATIENT">Name</PHI> ...</TEXT></RECORD>
...</ROOT>``, the PHI marked inline; one narrative per RECORD.

Line ends: an XML parser turns CR LF and a lone CR in character data into LF (XML 1.0,
section 2.11), so a narrative read from XML never contains CR unless the file writes it as
``&#13;``. An i2b2 file whose offsets were counted on CR LF text therefore no longer lines up
and is rejected by the covered-text check. :func:`write_i2b2` writes every CR as ``&#13;``, so
its files read back exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.etree.ElementTree import Element
from xml.sax.saxutils import escape

import regex

from deid_studio.core.categories import Scheme, preset
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import (
    check_not_empty,
    check_span,
    file_stems,
    input_files,
    relative_name,
    same_covered_text,
    sorted_spans,
    text_mismatch,
)
from deid_studio.formats._xml import XmlFile, parse_xml

# Characters XML 1.0 cannot carry at all, not even as character references.
_NOT_XML = regex.compile(r"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_TAG_NAME = regex.compile(r"[A-Za-z_][\w.\-]*")
_I2B2_2014 = preset("i2b2-2014")
_ATTRIBUTE_ESCAPES = {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def read_i2b2(
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every i2b2 2014 file of a folder (and below), or one file; one document per file.

    ``external_id`` is the file stem, ``source`` the path relative to the folder; labels are
    the TYPE attributes (see the module docstring). Raises :class:`InputError` at the first
    invalid file, tag or offset and returns nothing partial.
    """
    root, files = input_files(Path(path), ".xml", recursive=True)
    documents: list[Document] = []
    for done, file in enumerate(files, start=1):
        check(cancelled)
        documents.append(_read_2014(parse_xml(file), relative_name(file, root)))
        progress(done, len(files))
    return documents


def _read_2014(xml: XmlFile, source: str) -> Document:
    if xml.root.tag == "ROOT":
        raise xml.error(xml.root, "this is i2b2 2006 inline XML; import it as i2b2-2006")
    if xml.root.tag != "deIdi2b2":
        raise xml.error(xml.root, f"root element is <{xml.root.tag}>, not <deIdi2b2>")
    text_element = xml.root.find("TEXT")
    if text_element is None:
        raise xml.error(xml.root, "no <TEXT> element")
    text = "".join(text_element.itertext())
    check_not_empty(text, str(xml.path), line=xml.line(text_element))
    spans: list[Span] = []
    tags = xml.root.find("TAGS")
    for tag in tags if tags is not None else ():
        spans.append(_read_tag(xml, tag, text))
    return Document(text=text, spans=sorted_spans(spans), external_id=xml.path.stem, source=source)


def _read_tag(xml: XmlFile, tag: Element, text: str) -> Span:
    name = f"<{tag.tag} id={tag.get('id', '?')}>"
    start, end = (_integer(xml, tag, name, attribute) for attribute in ("start", "end"))
    check_span(text, start, end, str(xml.path), line=xml.line(tag), what=f"{name} offsets")
    stated = tag.get("text")
    if stated is not None and not same_covered_text(text[start:end], stated):
        raise xml.error(tag, f"{name} at {start}-{end}: {text_mismatch(stated, text[start:end])}")
    return Span(start, end, label_of(tag.tag, tag.get("TYPE")))


def _integer(xml: XmlFile, tag: Element, name: str, attribute: str) -> int:
    value = tag.get(attribute)
    try:
        return int(value or "")
    except ValueError:
        raise xml.error(tag, f"{name}: {attribute} is not an integer") from None


def label_of(tag: str, subtype: str | None) -> str:
    """The label of an i2b2 2014 tag: its TYPE, with LOCATION's OTHER as LOCATION-OTHER."""
    if not subtype:
        return tag
    if tag == "LOCATION" and subtype == "OTHER":
        return "LOCATION-OTHER"
    return subtype


def read_i2b2_2006(
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """Every RECORD of an i2b2 2006 inline file (or of every .xml file of a folder).

    The narrative is all character data of the record's TEXT in order; each PHI element
    becomes a span labelled with its TYPE. ``external_id`` is the RECORD's ID attribute.
    """
    root, files = input_files(Path(path), ".xml", recursive=True)
    documents: list[Document] = []
    for done, file in enumerate(files, start=1):
        check(cancelled)
        xml = parse_xml(file)
        if xml.root.tag != "ROOT":
            raise xml.error(xml.root, f"root element is <{xml.root.tag}>, not <ROOT>")
        source = relative_name(file, root)
        for number, record in enumerate(xml.root.iter("RECORD"), start=1):
            documents.append(_read_record(xml, record, number, source))
        progress(done, len(files))
    return documents


def _read_record(xml: XmlFile, record: Element, number: int, source: str) -> Document:
    record_id = record.get("ID") or f"{xml.path.stem}-{number}"
    text_element = record.find("TEXT")
    if text_element is None:
        raise xml.error(record, f"RECORD {record_id} has no <TEXT> element")
    pieces: list[str] = []
    spans: list[Span] = []
    _walk(xml, text_element, pieces, spans, top=True)
    text = "".join(pieces)
    check_not_empty(text, str(xml.path), line=xml.line(text_element))
    return Document(
        text=text,
        spans=sorted_spans(spans),
        external_id=record_id,
        source=source,
    )


def _walk(
    xml: XmlFile, element: Element, pieces: list[str], spans: list[Span], *, top: bool = False
) -> None:
    """Append ``element``'s character data to ``pieces`` and a span for every PHI in it."""
    start = sum(map(len, pieces))
    pieces.append(element.text or "")
    for child in element:
        _walk(xml, child, pieces, spans)
    if element.tag == "PHI" and not top:
        end = sum(map(len, pieces))
        label = element.get("TYPE")
        if not label:
            raise xml.error(element, "<PHI> without a TYPE attribute")
        if end == start:
            raise xml.error(element, f"<PHI TYPE={label!r}> is empty")
        spans.append(Span(start, end, label))
    if not top:
        pieces.append(element.tail or "")


def write_i2b2(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write one i2b2 2014 NAME.xml per document into the folder ``out``.

    The tag of a span is its category's top-level ancestor in ``scheme`` when the scheme has
    the category, else its i2b2 2014 class when it is an i2b2 subtype, else the category
    itself; TYPE is the category (LOCATION-OTHER is written as LOCATION with TYPE="OTHER").
    The text goes into CDATA with CR written as ``&#13;``, so it reads back exactly.
    Raises :class:`InputError` for a narrative with a character XML cannot hold (U+0000,
    form feed, ...).
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for done, (document, stem) in enumerate(
        zip(documents, file_stems(documents), strict=True), start=1
    ):
        check(cancelled)
        target = out / f"{stem}.xml"
        target.write_bytes(i2b2_xml(document, scheme).encode("utf-8"))
        written.append(target)
        progress(done, len(documents))
    return written


def i2b2_xml(document: Document, scheme: Scheme | None = None) -> str:
    """The i2b2 2014 XML of one document (see :func:`write_i2b2`)."""
    bad = _NOT_XML.search(document.text)
    if bad is not None:
        raise InputError(
            document.external_id or "document",
            f"character U+{ord(bad.group()):04X} cannot be written in XML",
            offset=bad.start(),
        )
    lines = [
        '<?xml version="1.0" encoding="UTF-8" ?>',
        "<deIdi2b2>",
        f"<TEXT>{_cdata(document.text)}</TEXT>",
        "<TAGS>",
    ]
    for number, span in enumerate(sorted_spans(document.spans)):
        tag = _tag_for(span.category, scheme)
        if not _TAG_NAME.fullmatch(tag):
            raise InputError(
                document.external_id or "document",
                f"category {span.category!r} cannot be written as an XML tag",
                offset=span.start,
            )
        subtype = "OTHER" if span.category == "LOCATION-OTHER" else span.category
        lines.append(
            f'<{tag} id="P{number}" start="{span.start}" end="{span.end}" '
            f'text="{escape(span.text(document.text), _ATTRIBUTE_ESCAPES)}" '
            f'TYPE="{escape(subtype, _ATTRIBUTE_ESCAPES)}" comment="" />'
        )
    lines += ["</TAGS>", "</deIdi2b2>", ""]
    return "\n".join(lines)


def _tag_for(category: str, scheme: Scheme | None) -> str:
    if scheme is not None and category in scheme:
        return scheme.root(category)
    if category in _I2B2_2014:
        return _I2B2_2014.root(category)
    return category


def _cdata(text: str) -> str:
    """``text`` as CDATA sections; "]]>" is split and CR written as a character reference."""
    pieces = regex.split(r"(\r)", text.replace("]]>", "]]]]><![CDATA[>"))
    return "".join(
        "&#13;" if piece == "\r" else f"<![CDATA[{piece}]]>" for piece in pieces if piece
    )
