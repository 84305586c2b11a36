"""i2b2 2014 standoff XML (read and write) and i2b2 2006 inline XML (read)."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from deid_studio.core import Document, InputError, Span, preset
from deid_studio.formats.i2b2 import read_i2b2, read_i2b2_2006, write_i2b2

SAMPLE_2014 = """<?xml version="1.0" encoding="UTF-8" ?>
<deIdi2b2>
<TEXT><![CDATA[

Record date: 2067-05-03
Patient John Doe, 54, seen at Fairview in Lodi.
]]></TEXT>
<TAGS>
<DATE id="P0" start="15" end="25" text="2067-05-03" TYPE="DATE" comment="" />
<NAME id="P1" start="34" end="42" text="John Doe" TYPE="PATIENT" comment="" />
<AGE id="P2" start="44" end="46" text="54" TYPE="AGE" comment="" />
<LOCATION id="P3" start="56" end="64" text="Fairview" TYPE="HOSPITAL" comment="" />
<LOCATION id="P4" start="68" end="72" text="Lodi" TYPE="OTHER" comment="" />
</TAGS>
</deIdi2b2>
"""


def test_reads_2014_labels_as_subtypes(write, tmp_path: Path) -> None:
    path = write("110-01.xml", SAMPLE_2014)
    (document,) = read_i2b2(path)
    assert document.external_id == "110-01"
    assert document.source == "110-01.xml"
    assert document.text.startswith("\n\nRecord date")
    assert [(s.text(document.text), s.category) for s in document.spans] == [
        ("2067-05-03", "DATE"),
        ("John Doe", "PATIENT"),
        ("54", "AGE"),
        ("Fairview", "HOSPITAL"),
        ("Lodi", "LOCATION-OTHER"),
    ]


def _tags(path: Path) -> list[tuple[str, str, str]]:
    root = ElementTree.parse(path).getroot()
    tags = root.find("TAGS")
    assert tags is not None
    return [(t.tag, t.get("TYPE", ""), t.get("text", "")) for t in tags]


def test_2014_write_read_round_trip(tmp_path: Path) -> None:
    text = 'Mrs Ana "Nan" López <ana@x.org>, 8 Elm St,\nSpringfield; code ]]> & more\r\nFOO 1'
    labels = [
        ('Ana "Nan" López', "PATIENT"),
        ("ana@x.org", "EMAIL"),
        ("8 Elm St,\nSpringfield", "STREET"),
        ("Springfield", "LOCATION-OTHER"),
        ("]]>", "DATE"),
        ("FOO 1", "SOMETHING"),
    ]
    spans = [Span(text.index(t), text.index(t) + len(t), label) for t, label in labels]
    document = Document(text, tuple(spans), external_id="report 1/2")
    (path,) = write_i2b2([document], tmp_path)

    assert path.name == "report_1_2.xml"
    assert sorted(_tags(path)) == sorted(
        [
            ("NAME", "PATIENT", 'Ana "Nan" López'),
            ("CONTACT", "EMAIL", "ana@x.org"),
            ("LOCATION", "STREET", "8 Elm St,\nSpringfield"),
            ("LOCATION", "OTHER", "Springfield"),
            ("DATE", "DATE", "]]>"),
            ("SOMETHING", "SOMETHING", "FOO 1"),
        ]
    )
    (again,) = read_i2b2(tmp_path)
    assert again.text == text
    assert sorted(again.spans, key=Span.sort_key) == sorted(spans, key=Span.sort_key)
    assert again.external_id == "report_1_2"


def test_writer_takes_the_tag_from_the_scheme(tmp_path: Path) -> None:
    document = Document("Seen by Dr Ng.", (Span(11, 13, "PROFESSIONAL"),), external_id="r")
    (path,) = write_i2b2([document], tmp_path, scheme=preset("pv"))
    assert _tags(path) == [("PROFESSIONAL", "PROFESSIONAL", "Ng")]
    (path,) = write_i2b2([document.with_spans([Span(11, 13, "DOCTOR")])], tmp_path / "b")
    assert _tags(path) == [("NAME", "DOCTOR", "Ng")]


def test_writer_refuses_characters_xml_cannot_hold(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"r7: offset 4: character U\+000C cannot be written"):
        write_i2b2([Document("page\x0cbreak", external_id="r7")], tmp_path)


def test_reads_a_folder_sorted(write, tmp_path: Path) -> None:
    write("b.xml", SAMPLE_2014)
    write("sub/a.xml", SAMPLE_2014)
    write("notes.txt", "ignored")
    documents = read_i2b2(tmp_path)
    assert [d.source for d in documents] == ["b.xml", "sub/a.xml"]


# --- i2b2 2014: bad input -------------------------------------------------------------------


def test_invalid_xml_reports_line_and_column(write) -> None:
    path = write("bad.xml", SAMPLE_2014.replace('<AGE id="P2"', '<AGE id="P2"/ '))
    with pytest.raises(InputError, match=r"invalid XML: not well-formed.*\(column \d+\)") as caught:
        read_i2b2(path)
    assert caught.value.source == str(path)
    assert caught.value.line == 11


def test_missing_text(write) -> None:
    path = write("bad.xml", "<deIdi2b2>\n<TAGS/>\n</deIdi2b2>\n")
    with pytest.raises(InputError, match=r"bad\.xml:1: no <TEXT> element"):
        read_i2b2(path)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('start="44"', 'start="forty"', r"<AGE id=P2>: start is not an integer"),
        ('start="44" ', "", r"<AGE id=P2>: start is not an integer"),
        ('end="46"', 'end="4600"', r"<AGE id=P2> offsets 44-4600: outside the text"),
        ('end="46"', 'end="44"', r"<AGE id=P2> offsets 44-44: empty or reversed"),
        (
            'text="54"',
            'text="55"',
            r"<AGE id=P2> at 44-46: the text given \(2 characters\) "
            r"differs from the narrative's \(2\) from its character 2",
        ),
    ],
)
def test_bad_tag(write, old: str, new: str, problem: str) -> None:
    path = write("bad.xml", SAMPLE_2014.replace(old, new))
    with pytest.raises(InputError, match=problem) as caught:
        read_i2b2(path)
    assert (caught.value.source, caught.value.line) == (str(path), 11)


def test_2006_file_given_to_the_2014_reader(sample_data: Path) -> None:
    with pytest.raises(InputError, match="this is i2b2 2006 inline XML; import it as i2b2-2006"):
        read_i2b2(sample_data / "i2b2_2006.xml")


def test_crlf_in_a_file_is_normalised_by_xml_and_the_offsets_then_disagree(write) -> None:
    # offsets counted on the CR LF text no longer fit once the parser turns CR LF into LF
    text = "Line one\r\nJohn Doe was seen."
    xml = (
        f"<deIdi2b2><TEXT><![CDATA[{text}]]></TEXT><TAGS>"
        '<NAME id="P0" start="10" end="18" text="John Doe" TYPE="PATIENT" comment=""/>'
        "</TAGS></deIdi2b2>"
    )
    path = write("crlf.xml", xml)
    with pytest.raises(InputError, match=r"<NAME id=P0> at 10-18: the text given .* character 1$"):
        read_i2b2(path)


def test_entity_expansion_is_refused(write) -> None:
    path = write(
        "bomb.xml",
        '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">]>\n'
        "<deIdi2b2><TEXT>&a;</TEXT></deIdi2b2>",
    )
    with pytest.raises(InputError, match="refused") as caught:
        read_i2b2(path)
    assert caught.value.line == 2


# --- i2b2 2006 inline -----------------------------------------------------------------------


def test_reads_2006_inline(sample_data: Path) -> None:
    first, second = read_i2b2_2006(sample_data / "i2b2_2006.xml")

    assert first.external_id == "101"
    assert first.source == "i2b2_2006.xml"
    assert first.text.startswith("\n093847562\nFIH\nDischarge Summary\nADMISSION DATE : 10/12/1993")
    assert "call 617-555-0142 & ask." in first.text
    assert [(s.text(first.text), s.category) for s in first.spans] == [
        ("093847562", "ID"),
        ("FIH", "HOSPITAL"),
        ("10/12/1993", "DATE"),
        ("Hanna Odell", "PATIENT"),
        ("Tavi Ruiz", "DOCTOR"),
        ("Boston", "LOCATION"),
        ("617-555-0142", "PHONE"),
    ]
    assert second.external_id == "102"
    assert second.text == "\nFollow-up on 11/02 at Ph University Of Medical Center.\n"
    assert [s.text(second.text) for s in second.spans] == [
        "11/02",
        "Ph University Of Medical Center",
    ]


@pytest.mark.parametrize(
    ("xml", "line", "problem"),
    [
        ('<ROOT>\n<RECORD ID="7">\n</RECORD>\n</ROOT>', 2, "RECORD 7 has no <TEXT> element"),
        (
            '<ROOT><RECORD ID="7"><TEXT>\nA <PHI>Bo</PHI>\n</TEXT></RECORD></ROOT>',
            2,
            "<PHI> without a TYPE attribute",
        ),
        (
            '<ROOT><RECORD ID="7"><TEXT>\nA\n <PHI TYPE="X"/></TEXT></RECORD></ROOT>',
            3,
            "<PHI TYPE='X'> is empty",
        ),
        ("<deIdi2b2/>", 1, "root element is <deIdi2b2>, not <ROOT>"),
        (
            '<ROOT><RECORD ID="7">\n<TEXT>  </TEXT></RECORD></ROOT>',
            2,
            "the narrative is only whitespace",
        ),
        ("<ROOT><RECORD>\n<TEXT>x</TEXT></RECORD", 2, "invalid XML: unclosed token"),
    ],
)
def test_bad_2006(write, xml: str, line: int, problem: str) -> None:
    path = write("bad.xml", xml)
    with pytest.raises(InputError, match=problem) as caught:
        read_i2b2_2006(path)
    assert (caught.value.source, caught.value.line) == (str(path), line)
