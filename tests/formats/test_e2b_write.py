"""Writing E2B(R2): one minimal message per document that read_e2b reads back."""

from __future__ import annotations

from pathlib import Path

from deid_studio.core import Document, Span
from deid_studio.formats import writer
from deid_studio.formats.e2b import read_e2b, write_e2b


def test_written_messages_read_back(tmp_path: Path) -> None:
    documents = [
        Document(
            "Patient [PATIENT] had a rash on 02/03/2021.\r\nAll well & <fine>\x0b.",
            (Span(8, 17, "PATIENT"),),
            external_id="FR-ACME/1",
            case_id="FR-ACME/1",
            language="fr",
            meta={
                "dates": {
                    "receivedate": "20210302",
                    "transmissiondate": "20210412091500+0200",
                    "VAX_DATE": "01/02/2021",
                },
                "STATE": "AR",
            },
        ),
        Document("Second report.", external_id="R2", meta={"dates": {"receiptdate": "2021"}}),
    ]
    files = write_e2b(documents, tmp_path / "out")
    assert [f.name for f in files] == ["FR-ACME_1.xml", "R2.xml"]
    content = files[0].read_text("utf-8")
    assert content.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ichicsr')
    assert "AR" not in content.split("<narrativeincludeclinical>")[0]  # only what E2B names
    first, second = read_e2b(tmp_path / "out")
    assert first.external_id == "FR-ACME/1"
    assert first.text == "Patient [PATIENT] had a rash on 02/03/2021.\nAll well & <fine> ."
    assert first.meta == {
        "dates": {"transmissiondate": "20210412091500", "receivedate": "20210302"}
    }
    assert "<transmissiondateformat>204</transmissiondateformat>" in content
    assert second.meta == {"dates": {"receiptdate": "2021"}}
    assert "<receiptdateformat>602</receiptdateformat>" in files[1].read_text("utf-8")


def test_the_registry_writes_e2b() -> None:
    assert writer("e2b") is write_e2b
