"""ICH E2B individual case safety reports: the narrative of every report of a file.

E2B(R2) (root ``ichicsr``): each ``safetyreport`` gives its narrative in
``patient/summary/narrativeincludeclinical``, its id in ``safetyreportid`` (kept across
follow-ups, so also the case id) and its version in ``safetyreportversion``.

E2B(R3) (HL7 v3, namespace ``urn:hl7-org:v3``, root ``MCCI_IN200100UV01`` or
``PORR_IN049016UV``): each ``controlActProcess/subject/investigationEvent`` gives the case
narrative (H.1) in its ``text`` child, the sender's report id (C.1.1) in the ``id`` with root
2.16.840.1.113883.3.989.2.1.3.1 (else the first ``id``) and the worldwide case id (C.1.8.1)
in the ``id`` with root 2.16.840.1.113883.3.989.2.1.3.2.

Dates found cheaply go into ``meta["dates"]`` under the R2 names: ``transmissiondate``
(R3: C.1.2 date of creation), ``receivedate`` (C.1.4 first received) and ``receiptdate``
(C.1.5 most recent information), as written in the file (CCYYMMDD...). XML turns CR LF in
character data into LF, so narratives come out with LF line ends.

:func:`write_e2b` writes a minimal E2B(R2) message per document (the masked export's E2B).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.etree.ElementTree import Element, SubElement

import regex

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import file_stems, input_files, relative_name
from deid_studio.formats._xml import XmlFile, local_name, namespace, parse_xml

HL7 = "urn:hl7-org:v3"
REPORT_ID_ROOT = "2.16.840.1.113883.3.989.2.1.3.1"
CASE_ID_ROOT = "2.16.840.1.113883.3.989.2.1.3.2"
_V3 = f"{{{HL7}}}"
_R2_NARRATIVE = "patient/summary/narrativeincludeclinical"
_R2_DATES = ("transmissiondate", "receivedate", "receiptdate")


@dataclass(frozen=True, slots=True)
class _Report:
    """What one safety report of a file contributes, before it becomes a Document."""

    element: Element
    report_id: str
    narrative: str
    case_id: str
    meta: dict[str, Any]


def read_e2b(
    path: Path,
    *,
    skip_empty: bool = False,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Document]:
    """The narrative of every safety report in an E2B(R2) or (R3) file, or in a folder of them.

    ``external_id`` is the report id, ``case_id`` the case it belongs to, ``source`` the
    file's path relative to the folder. A report without a narrative is an
    :class:`~deid_studio.core.InputError` naming the file and report, or skipped when
    ``skip_empty``. R2 or R3 is told from each file's root element.
    """
    root, files = input_files(Path(path), ".xml", recursive=True)
    documents: list[Document] = []
    for done, file in enumerate(files, start=1):
        check(cancelled)
        xml = parse_xml(file)
        reports = list(_reports(xml))
        if not reports:
            raise xml.error(xml.root, "no safety report in this file")
        source = relative_name(file, root)
        for report in reports:
            if not report.narrative.strip():
                if skip_empty:
                    continue
                raise xml.error(report.element, f"report {report.report_id} has no narrative")
            documents.append(
                Document(
                    text=report.narrative,
                    external_id=report.report_id,
                    case_id=report.case_id,
                    source=source,
                    meta=report.meta,
                )
            )
        progress(done, len(files))
    if not documents:
        raise InputError(str(path), "no report has a narrative")
    return documents


def _reports(xml: XmlFile) -> Iterator[_Report]:
    tag = xml.root.tag
    if tag == "ichicsr":
        return _r2_reports(xml)
    if namespace(tag) == HL7:
        return _r3_reports(xml)
    raise xml.error(
        xml.root,
        f"root element <{local_name(tag)}> is neither E2B(R2) <ichicsr> nor E2B(R3) "
        f"(namespace {HL7})",
    )


def _r2_reports(xml: XmlFile) -> Iterator[_Report]:
    for number, report in enumerate(xml.root.iter("safetyreport"), start=1):
        report_id = _text(report.find("safetyreportid"))
        if not report_id:
            raise xml.error(report, f"safetyreport {number} has no safetyreportid")
        meta: dict[str, Any] = {}
        version = _text(report.find("safetyreportversion"))
        if version:
            meta["version"] = version
        country = _text(report.find("occurcountry")) or _text(report.find("primarysourcecountry"))
        if country:
            meta["country"] = country
        dates = {name: _text(report.find(name)) for name in _R2_DATES}
        if any(dates.values()):
            meta["dates"] = {name: value for name, value in dates.items() if value}
        narrative = report.find(_R2_NARRATIVE)
        yield _Report(report, report_id, _content(narrative), report_id, meta)


def _r3_reports(xml: XmlFile) -> Iterator[_Report]:
    for process in xml.root.iter(f"{_V3}controlActProcess"):
        created = _value(process.find(f"{_V3}effectiveTime"))
        for event in process.iterfind(f"{_V3}subject/{_V3}investigationEvent"):
            ids = event.findall(f"{_V3}id")
            report_id = _id_with_root(ids, REPORT_ID_ROOT) or (
                (ids[0].get("extension") or "").strip() if ids else ""
            )
            if not report_id:
                raise xml.error(event, "investigationEvent has no id with an extension")
            dates = {
                "transmissiondate": created,
                "receivedate": _value(event.find(f"{_V3}effectiveTime/{_V3}low")),
                "receiptdate": _value(event.find(f"{_V3}availabilityTime")),
            }
            meta: dict[str, Any] = {}
            if any(dates.values()):
                meta["dates"] = {name: value for name, value in dates.items() if value}
            case_id = _id_with_root(ids, CASE_ID_ROOT) or report_id
            narrative = _content(event.find(f"{_V3}text"))
            yield _Report(event, report_id, narrative, case_id, meta)


def _id_with_root(ids: list[Element], root: str) -> str:
    for element in ids:
        if element.get("root") == root and (element.get("extension") or "").strip():
            return (element.get("extension") or "").strip()
    return ""


def _text(element: Element | None) -> str:
    """The stripped text of a short field ("" when absent)."""
    return (element.text or "").strip() if element is not None else ""


def _content(element: Element | None) -> str:
    """All character data of a narrative element, exactly ("" when absent)."""
    return "".join(element.itertext()) if element is not None else ""


def _value(element: Element | None) -> str:
    return (element.get("value") or "").strip() if element is not None else ""


# -- writing ------------------------------------------------------------------------------

R2_DOCTYPE = '<!DOCTYPE ichicsr SYSTEM "http://eudravigilance.ema.europa.eu/dtd/icsr21xml.dtd">'
SENDER = "DEID-STUDIO"
# E2B(R2) date format codes by the number of digits: CCYY, CCYYMM, CCYYMMDD, ...HHMM, ...HHMMSS
_DATE_FORMATS = {4: "602", 6: "610", 8: "102", 12: "203", 14: "204"}
_DATE_DIGITS = regex.compile(r"\d+")
_NOT_XML = regex.compile(r"[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def write_e2b(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> list[Path]:
    """Write one minimal E2B(R2) message per document, ``out``/NAME.xml.

    Each message has the ICH message header (sender ``DEID-STUDIO``) and one
    ``safetyreport``: ``safetyreportid`` (the report id), the dates of ``meta["dates"]``
    that E2B(R2) names (``transmissiondate``, ``receivedate``, ``receiptdate``, each with its
    date format code) and ``patient/summary/narrativeincludeclinical`` (the text). Nothing else
    of the document is written, so a masked document leaves nothing unmasked behind;
    characters XML cannot hold become spaces. :func:`read_e2b` reads the files back.
    ``scheme`` is not used.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    now = datetime.now(UTC).strftime("%Y%m%d%H%M%S")
    for done, (document, stem) in enumerate(
        zip(documents, file_stems(documents), strict=True), start=1
    ):
        check(cancelled)
        target = out / f"{stem}.xml"
        xml = ElementTree.tostring(_message(document, now), encoding="unicode")
        content = f'<?xml version="1.0" encoding="UTF-8"?>\n{R2_DOCTYPE}\n{xml}\n'
        target.write_bytes(content.encode("utf-8"))
        written.append(target)
        progress(done, len(documents))
    return written


def _message(document: Document, now: str) -> Element:
    root = Element("ichicsr", {"lang": document.language or "en"})
    header = SubElement(root, "ichicsrmessageheader")
    for name, value in (
        ("messagetype", "ichicsr"),
        ("messageformatversion", "2.1"),
        ("messageformatrelease", "2.0"),
        ("messagenumb", f"{SENDER}-{document.external_id}"),
        ("messagesenderidentifier", SENDER),
        ("messagereceiveridentifier", ""),
        ("messagedateformat", "204"),
        ("messagedate", now),
    ):
        SubElement(header, name).text = value
    report = SubElement(root, "safetyreport")
    SubElement(report, "safetyreportid").text = _xml_text(document.external_id)
    dates = document.meta.get("dates")
    for name in _R2_DATES:
        digits = _e2b_date(dates.get(name) if isinstance(dates, dict) else None)
        if digits is not None:
            SubElement(report, f"{name}format").text = _DATE_FORMATS[len(digits)]
            SubElement(report, name).text = digits
    summary = SubElement(SubElement(report, "patient"), "summary")
    SubElement(summary, "narrativeincludeclinical").text = _xml_text(document.text)
    return root


def _e2b_date(value: Any) -> str | None:
    """The leading digits of an E2B-style date when they have a length E2B(R2) knows."""
    if not isinstance(value, str):
        return None
    found = _DATE_DIGITS.match(value.strip())
    return found.group() if found and len(found.group()) in _DATE_FORMATS else None


def _xml_text(text: str) -> str:
    return _NOT_XML.sub(" ", text)
