"""ICH E2B(R2) and E2B(R3): narratives, report and case ids, dates; located errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deid_studio.core import InputError
from deid_studio.formats.e2b import read_e2b


def test_reads_r2(sample_data: Path) -> None:
    first, second = read_e2b(sample_data / "e2b_r2.xml")

    assert (first.external_id, first.case_id, first.source) == (
        "FR-ACME-2021000123",
        "FR-ACME-2021000123",
        "e2b_r2.xml",
    )
    # ISO-8859-1 as declared, the entity decoded, the line break kept
    assert first.text == (
        "Mme Marie Dubois, 67 ans, traitée par ramipril depuis le 12/01/2021, a présenté le "
        "01/03/2021 un angio-oedème de la face.\nHospitalisée au CHU de Lyon (Dr Hélène Durand). "
        "Évolution favorable après arrêt du traitement & corticoïdes."
    )
    assert first.meta == {
        "version": "2",
        "country": "FR",
        "dates": {
            "transmissiondate": "20210315",
            "receivedate": "20210302",
            "receiptdate": "20210310",
        },
    }
    assert second.external_id == "FR-ACME-2021000124"
    assert second.text.startswith("Patient J.P. (born 1950)")
    assert second.meta == {"country": "BE", "dates": {"receivedate": "20210305"}}


def test_reads_r3(sample_data: Path) -> None:
    first, second = read_e2b(sample_data / "e2b_r3.xml")

    # the report id, not the message id that shares its OID root
    assert (first.external_id, first.case_id) == ("DE-ACME-2021004711", "DE-BFARM-21099887")
    assert first.text.startswith("Herr Klaus Becker (58 J.) erhielt am 03.04.2021")
    assert first.text.count("\n") == 2 and first.text.endswith("Tel. 089 4140-0.")
    assert first.meta == {
        "dates": {
            "transmissiondate": "20210412091500+0200",
            "receivedate": "20210406",
            "receiptdate": "20210410",
        }
    }
    # no id with the report OID: the first id's extension
    assert (second.external_id, second.case_id) == ("ACME-LOCAL-77", "ACME-LOCAL-77")
    assert second.text == "Patientin (Initialen A.S.) meldet Kopfschmerzen seit 02.04.2021."
    assert second.meta == {"dates": {"transmissiondate": "20210412091600+0200"}}


def test_reads_a_folder_of_both(sample_data: Path, tmp_path: Path) -> None:
    shutil.copy(sample_data / "e2b_r2.xml", tmp_path / "a.xml")
    shutil.copy(sample_data / "e2b_r3.xml", tmp_path / "b.xml")
    calls: list[tuple[int, int]] = []
    documents = read_e2b(tmp_path, progress=lambda d, t: calls.append((d, t)))
    assert [d.source for d in documents] == ["a.xml", "a.xml", "b.xml", "b.xml"]
    assert calls == [(1, 2), (2, 2)]


R2_NO_NARRATIVE = """<?xml version="1.0"?>
<ichicsr lang="en">
  <safetyreport>
    <safetyreportid>GB-X-1</safetyreportid>
    <patient><summary><narrativeincludeclinical>Fine.</narrativeincludeclinical></summary></patient>
  </safetyreport>
  <safetyreport>
    <safetyreportid>GB-X-2</safetyreportid>
    <patient><patientinitial>AB</patientinitial></patient>
  </safetyreport>
</ichicsr>
"""


def test_report_without_narrative_is_named(write) -> None:
    path = write("r2.xml", R2_NO_NARRATIVE)
    with pytest.raises(InputError, match="report GB-X-2 has no narrative") as caught:
        read_e2b(path)
    assert (caught.value.source, caught.value.line) == (str(path), 7)

    (only,) = read_e2b(path, skip_empty=True)
    assert only.external_id == "GB-X-1"


def test_r3_report_without_narrative_is_named(sample_data: Path, write) -> None:
    content = (sample_data / "e2b_r3.xml").read_text(encoding="utf-8")
    start = content.index('<text mediaType="text/plain">')
    end = content.index("</text>", start) + len("</text>")
    path = write("r3.xml", content[:start] + content[end:])
    with pytest.raises(InputError, match="report ACME-LOCAL-77 has no narrative") as caught:
        read_e2b(path)
    events = [n for n, line in enumerate(content.split("\n"), 1) if "<investigationEvent" in line]
    assert caught.value.line == events[1]


@pytest.mark.parametrize(
    ("content", "line", "problem"),
    [
        (
            "<ichicsr>\n<safetyreport>\n<patient/></safetyreport></ichicsr>",
            2,
            "safetyreport 1 has no safetyreportid",
        ),
        ("<ichicsr>\n<ichicsrmessageheader/>\n</ichicsr>", 1, "no safety report in this file"),
        ("<catalog/>", 1, r"root element <catalog> is neither E2B\(R2\) <ichicsr> nor E2B\(R3\)"),
        (
            '<PORR_IN049016UV xmlns="urn:hl7-org:v3"><controlActProcess><subject>\n'
            "<investigationEvent><text>x</text></investigationEvent></subject></controlActProcess>"
            "</PORR_IN049016UV>",
            2,
            "investigationEvent has no id with an extension",
        ),
        ("<ichicsr>\n<safetyreport>\n</ichicsr>", 3, r"invalid XML: mismatched tag \(column 3\)"),
        (
            '<?xml version="1.0"?>\n<!DOCTYPE ichicsr [\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>'
            "<ichicsr>&x;</ichicsr>",
            3,
            "refused",
        ),
    ],
)
def test_bad_e2b(write, content: str, line: int, problem: str) -> None:
    path = write("bad.xml", content)
    with pytest.raises(InputError, match=problem) as caught:
        read_e2b(path)
    assert (caught.value.source, caught.value.line) == (str(path), line)


def test_every_report_empty_with_skip_empty(write, tmp_path: Path) -> None:
    write("r2.xml", R2_NO_NARRATIVE.replace("Fine.", " "))
    with pytest.raises(InputError, match="no report has a narrative"):
        read_e2b(tmp_path, skip_empty=True)
