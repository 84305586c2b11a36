"""INCEpTION / UIMA CAS: UTF-16 offsets, layer detection, the export's layers, zip exports."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

import pytest

from deid_studio.core import DeidError, Document, InputError, Span
from deid_studio.formats.inception import (
    METADATA,
    PHI_LAYER,
    SENTENCE,
    TOKEN,
    phi_typesystem,
    read_inception,
    to_cas,
    write_inception,
    write_inception_json,
)

# an emoji (a surrogate pair in UTF-16), a rare CJK ideograph outside the BMP, a ZWJ
# sequence, accents, and CRLF line ends: every later UTF-16 offset differs from Python's
TEXT = (
    "Paciente 😀 Ana Núñez\r\nVista el 3 de mayo por 𠀋 Dr. Lee.\r\nFirmado: 👩\u200d⚕️ "
    "Marta Ruiz, Hospital 12 de Octubre."
)
SPANS = (
    Span(TEXT.index("Ana"), TEXT.index("Ana") + 9, "PATIENT"),
    Span(TEXT.index("3 de"), TEXT.index("3 de") + 9, "DATE"),
    Span(TEXT.index("Lee"), TEXT.index("Lee") + 3, "PROFESSIONAL"),
    Span(TEXT.index("Marta"), TEXT.index("Marta") + 10, "PROFESSIONAL"),
    Span(TEXT.index("Hospital"), len(TEXT) - 1, "ORGANIZATION"),
)
XMI_NS = {
    "xmi": "http://www.omg.org/XMI",
    "cas": "http:///uima/cas.ecore",
    "custom": "http:///webanno/custom.ecore",
    "seg": "http:///de/tudarmstadt/ukp/dkpro/core/api/segmentation/type.ecore",
}


def utf16(text: str, offset: int) -> int:
    """A Python offset as Java counts it (UTF-16 code units), computed independently."""
    return len(text[:offset].encode("utf-16-le")) // 2


def typesystem_xml(*layers: tuple[str, list[str]]) -> str:
    types = "".join(
        f"<typeDescription><name>{name}</name><supertypeName>uima.tcas.Annotation"
        "</supertypeName><features>"
        + "".join(
            f"<featureDescription><name>{f}</name><rangeTypeName>uima.cas.String"
            "</rangeTypeName></featureDescription>"
            for f in features
        )
        + "</features></typeDescription>"
        for name, features in layers
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><typeSystemDescription '
        f'xmlns="http://uima.apache.org/resourceSpecifier"><types>{types}</types>'
        "</typeSystemDescription>"
    )


def xmi(text: str, annotations: list[tuple[str, int, int, dict[str, str]]]) -> str:
    """An XMI file as UIMA's Java serializer writes it: UTF-16 offsets, CR/LF as entities.

    ``annotations`` holds (short type name in webanno.custom, begin, end, features) with
    begin and end already in UTF-16 code units.
    """
    elements = "".join(
        f'<custom:{name} xmi:id="{10 + i}" sofa="1" begin="{b}" end="{e}" '
        + " ".join(f"{k}={quoteattr(v)}" for k, v in features.items())
        + "/>"
        for i, (name, b, e, features) in enumerate(annotations)
    )
    members = " ".join(str(10 + i) for i in range(len(annotations)))
    sofa = quoteattr(text, {"\r": "&#13;", "\n": "&#10;"})
    return (
        '<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI" '
        'xmlns:cas="http:///uima/cas.ecore" xmlns:custom="http:///webanno/custom.ecore" '
        'xmi:version="2.0"><cas:NULL xmi:id="0"/>'
        f"{elements}"
        f'<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" mimeType="text" '
        f"sofaString={sofa}/>"
        f'<cas:View sofa="1" members="{members}"/></xmi:XMI>'
    )


def phi_xmi(text: str, spans: tuple[Span, ...]) -> str:
    return xmi(
        text,
        [("PHI", utf16(text, s.start), utf16(text, s.end), {"kind": s.category}) for s in spans],
    )


def test_utf16_offsets_after_astral_characters_and_crlf_become_python_offsets(write) -> None:
    assert utf16(TEXT, SPANS[-1].start) == SPANS[-1].start + 3  # three astral characters before
    write("in/TypeSystem.xml", typesystem_xml(("webanno.custom.PHI", ["kind"])))
    path = write("in/report-7.xmi", phi_xmi(TEXT, SPANS))
    (document,) = read_inception(path.parent)
    assert document.text == TEXT  # CR/LF kept exactly
    assert document.spans == SPANS
    assert [s.text(TEXT) for s in document.spans] == [
        "Ana Núñez", "3 de mayo", "Lee", "Marta Ruiz", "Hospital 12 de Octubre",
    ]  # fmt: skip
    assert document.external_id == "report-7" and document.source == "report-7.xmi"


def test_the_export_counts_utf16_units_as_inception_will(tmp_path: Path) -> None:
    document = Document(TEXT, SPANS, external_id="R1", language="es")
    write_inception([document], tmp_path / "out")
    root = ElementTree.parse(tmp_path / "out" / "R1.xmi").getroot()
    sofa = root.find("cas:Sofa", XMI_NS)
    assert sofa is not None and sofa.get("sofaString") == TEXT  # CR/LF survive the XML
    units = TEXT.encode("utf-16-le")
    found = [
        (units[2 * int(e.get("begin")) : 2 * int(e.get("end"))].decode("utf-16-le"), e.get("kind"))
        for e in root.findall("custom:PHI", XMI_NS)
    ]
    assert found == [(s.text(TEXT), s.category) for s in SPANS]


def test_the_export_has_the_layers_inception_expects(tmp_path: Path) -> None:
    document = Document(TEXT, SPANS, external_id="R1", language="es")
    notes: list[str] = []
    written = write_inception([document], tmp_path / "out", notes=notes)
    assert sorted(p.name for p in written) == ["R1.xmi", "TypeSystem.xml"]
    ts = ElementTree.parse(tmp_path / "out" / "TypeSystem.xml").getroot()
    ns = {"u": "http://uima.apache.org/resourceSpecifier"}
    declared = {
        t.findtext("u:name", namespaces=ns): [
            (f.findtext("u:name", namespaces=ns), f.findtext("u:rangeTypeName", namespaces=ns))
            for f in t.iterfind("u:features/u:featureDescription", ns)
        ]
        for t in ts.iterfind("u:types/u:typeDescription", ns)
    }
    assert declared[PHI_LAYER] == [("kind", "uima.cas.String")]
    assert SENTENCE in declared and TOKEN in declared and METADATA in declared
    root = ElementTree.parse(tmp_path / "out" / "R1.xmi").getroot()
    sentences = root.findall("seg:Sentence", XMI_NS)
    tokens = {(int(t.get("begin")), int(t.get("end"))) for t in root.findall("seg:Token", XMI_NS)}
    assert len(sentences) == 3  # one per line
    starts, ends = {b for b, _ in tokens}, {e for _, e in tokens}
    for phi in root.findall("custom:PHI", XMI_NS):  # every span starts and ends on a token
        assert int(phi.get("begin")) in starts and int(phi.get("end")) in ends
    meta = root.find(
        "{http:///de/tudarmstadt/ukp/dkpro/core/api/metadata/type.ecore}DocumentMetaData"
    )
    assert meta is not None and meta.get("documentId") == "R1" and meta.get("language") == "es"
    assert any("span layer PHI" in n and "'kind'" in n for n in notes)


@pytest.mark.parametrize("writer", [write_inception, write_inception_json])
def test_export_and_import_give_back_every_span(writer, tmp_path: Path) -> None:
    documents = [
        Document(TEXT, SPANS, external_id="R1", language="es"),
        Document("Sin datos.\n", (), external_id="R2"),
        Document("Li 李 Wei, 90 años", (Span(0, 8, "PATIENT"), Span(10, 17, "AGE")), "R3"),
    ]
    writer(documents, tmp_path / "out")
    again = read_inception(tmp_path / "out")
    assert [(d.external_id, d.text, d.spans, d.language) for d in again] == [
        (d.external_id, d.text, d.spans, d.language) for d in documents
    ]


def test_uima_json_counts_utf16_units_too(tmp_path: Path) -> None:
    write_inception_json([Document(TEXT, SPANS, external_id="R1")], tmp_path / "out")
    data = json.loads((tmp_path / "out" / "R1.json").read_text("utf-8"))
    phi = [fs for fs in data["%FEATURE_STRUCTURES"] if fs.get("%TYPE") == PHI_LAYER]
    assert [(fs["begin"], fs["end"]) for fs in phi] == [
        (utf16(TEXT, s.start), utf16(TEXT, s.end)) for s in SPANS
    ]


def test_an_offset_inside_a_surrogate_pair_is_refused(write) -> None:
    write("TypeSystem.xml", typesystem_xml(("webanno.custom.PHI", ["kind"])))
    inside_emoji = utf16(TEXT, TEXT.index("😀")) + 1
    path = write("bad.xmi", xmi(TEXT, [("PHI", inside_emoji, inside_emoji + 4, {"kind": "X"})]))
    with pytest.raises(InputError, match=r"bad\.xmi: offset \d+ is not a character boundary"):
        read_inception(path)


@pytest.mark.parametrize(
    ("annotations", "problem"),
    [
        ([("PHI", 3, 500, {"kind": "DATE"})], "bad.xmi: offset 500 is not a character boundary"),
        ([("PHI", 5, 5, {"kind": "DATE"})], "PHI annotation 5-5: empty or reversed"),
        ([("PHI", 0, 8, {})], r"PHI annotation 0-8 \('Paciente'\) has no kind"),
    ],
)
def test_bad_spans_are_refused_with_the_file_and_place(write, annotations, problem) -> None:
    write("TypeSystem.xml", typesystem_xml(("webanno.custom.PHI", ["kind"])))
    path = write("bad.xmi", xmi(TEXT, annotations))
    with pytest.raises(InputError, match=problem):
        read_inception(path)


def test_the_layer_and_feature_are_detected_or_asked_for(write) -> None:
    write(
        "TypeSystem.xml",
        typesystem_xml(("webanno.custom.PHI", ["kind"]), ("webanno.custom.Deid", ["type", "note"])),
    )
    both = xmi(TEXT, [("PHI", 9, 12, {"kind": "X"}), ("Deid", 12, 14, {"type": "NAME"})])
    path = write("a.xmi", both)
    with pytest.raises(InputError, match="several span layers hold annotations") as caught:
        read_inception(path)
    assert "webanno.custom.PHI" in str(caught.value) and "webanno.custom.Deid" in str(caught.value)
    (document,) = read_inception(path, layer="webanno.custom.Deid")  # only "type" has values
    assert [(s.start, s.end, s.category) for s in document.spans] == [(11, 13, "NAME")]
    no_note = r"a\.xmi: offset 11: Deid annotation 11-13 \('An'\) has no note"
    with pytest.raises(InputError, match=no_note):
        read_inception(path, layer="webanno.custom.Deid", feature="note")

    with pytest.raises(InputError, match=r"layer webanno\.custom\.Nope is not in the type system"):
        read_inception(path, layer="webanno.custom.Nope")
    with pytest.raises(InputError, match=r"no string feature 'kinds' \(its string features: kind"):
        read_inception(path, layer="webanno.custom.PHI", feature="kinds")

    path = write("b.xmi", xmi(TEXT, [("Deid", 12, 14, {"type": "NAME", "note": "sure"})]))
    with pytest.raises(InputError, match="several string features .note, type.; choose"):
        read_inception(path)


def test_an_export_without_a_custom_layer_reads_named_entities(write) -> None:
    ne = "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"
    write("TypeSystem.xml", typesystem_xml((ne, ["value", "identifier"])))
    content = (
        xmi(TEXT, [])
        .replace(
            "<cas:Sofa",
            '<type:NamedEntity xmlns:type="http:///de/tudarmstadt/ukp/dkpro/core/api/ner/type.ecore"'
            ' xmi:id="9" sofa="1" begin="12" end="21" value="PER"/><cas:Sofa',
        )
        .replace('members=""', 'members="9"')
    )
    (document,) = read_inception(write("ne.xmi", content))
    assert [(s.text(TEXT), s.category) for s in document.spans] == [("Ana Núñez", "PER")]


def test_a_missing_type_system_or_a_doctype_is_refused(write) -> None:
    path = write("alone/a.xmi", phi_xmi(TEXT, SPANS))
    with pytest.raises(InputError, match=r"a\.xmi: no TypeSystem\.xml beside this XMI file"):
        read_inception(path)
    write("alone/typesystem.xml", typesystem_xml(("webanno.custom.PHI", ["kind"])))
    assert len(read_inception(path)[0].spans) == 5  # any capitalisation of the name
    evil = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>' + phi_xmi(TEXT, SPANS)[38:]
    with pytest.raises(InputError, match="DOCTYPE and ENTITY declarations are not allowed"):
        read_inception(write("alone/evil.xmi", evil))
    with pytest.raises(InputError, match=r"broken\.xmi: not valid UIMA CAS XMI"):
        read_inception(write("alone/broken.xmi", phi_xmi(TEXT, SPANS)[:300]))


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _cas_zip(document: Document) -> bytes:
    """What INCEpTION exports for one annotator's document: the XMI and its type system."""
    typesystem = phi_typesystem()
    cas, _ = to_cas(document, typesystem)
    return _zip({"doc.xmi": cas.to_xmi().encode(), "TypeSystem.xml": typesystem.to_xml().encode()})


def test_a_document_export_zip_is_read(write) -> None:
    path = write("export.zip", _cas_zip(Document(TEXT, SPANS, external_id="R9")))
    (document,) = read_inception(path)
    assert document.spans == SPANS and document.external_id == "R9"


def test_a_project_export_takes_the_curation_else_the_only_annotator(write) -> None:
    narrative = "Ana Li vio al Dr. Lee."
    anna = Document(narrative, (Span(0, 6, "PATIENT"),), external_id="a.txt")
    ben = Document(narrative, (Span(0, 6, "PATIENT"), Span(18, 21, "PROFESSIONAL")), "a.txt")
    curated = Document(narrative, (Span(0, 6, "RELATIVE"),), external_id="a.txt")
    plain = Document("Texto sin anotar.", (), external_id="c.txt")
    export = {
        "exportedproject1.json": b"{}",
        "source/a.txt": narrative.encode(),
        "annotation/a.txt/INITIAL_CAS.zip": _cas_zip(Document(narrative, (), "a.txt")),
        "annotation/a.txt/anna.zip": _cas_zip(anna),
        "annotation/a.txt/ben.zip": _cas_zip(ben),
        "curation/a.txt/CURATION_USER.zip": _cas_zip(curated),
        "annotation/b.txt/ben.zip": _cas_zip(Document(narrative, ben.spans, "b.txt")),
        "annotation/c.txt/INITIAL_CAS.zip": _cas_zip(plain),
    }
    path = write("project.zip", _zip(export))
    documents = read_inception(path)
    assert [(d.external_id, [s.category for s in d.spans]) for d in documents] == [
        ("a", ["RELATIVE"]),  # curated
        ("b", ["PATIENT", "PROFESSIONAL"]),  # its only annotator
        ("c", []),  # nobody annotated it: the narrative alone
    ]

    del export["curation/a.txt/CURATION_USER.zip"]
    path = write("project.zip", _zip(export))
    with pytest.raises(InputError, match=r"'a\.txt' is annotated by anna, ben and not curated"):
        read_inception(path)
    documents = read_inception(path, annotator="anna")
    assert [len(d.spans) for d in documents] == [1, 2, 0]  # a: anna's; b: its only annotator's
    with pytest.raises(InputError, match="'carl' did not annotate it; choose whose"):
        read_inception(path, annotator="carl")
    with pytest.raises(InputError, match="--annotator applies to INCEpTION project exports"):
        read_inception(write("x/TypeSystem.xml", "").parent, annotator="anna")


def test_an_unreadable_zip_is_refused(write) -> None:
    with pytest.raises(InputError, match=r"broken\.zip: not a readable zip file"):
        read_inception(write("broken.zip", b"PK\x03\x04 not really a zip"))


def test_a_narrative_xml_cannot_carry_is_refused_on_export(tmp_path: Path) -> None:
    document = Document("Ana\x0bLi", (Span(0, 3, "PATIENT"),), external_id="V1")
    with pytest.raises(DeidError, match=r"report V1: character U\+000B at offset 3 .* inception-j"):
        write_inception([document], tmp_path / "out")
    write_inception_json([document], tmp_path / "json")  # JSON can
    assert read_inception(tmp_path / "json")[0].text == "Ana\x0bLi"


def test_a_span_over_a_line_break_is_noted(tmp_path: Path) -> None:
    notes: list[str] = []
    document = Document("Calle Mayor\n12, Madrid", (Span(0, 15, "LOCATION"),), external_id="L")
    write_inception([document], tmp_path / "out", notes=notes)
    assert any("1 spans run over a line break" in n for n in notes)
