"""CSV with a column mapping and the VAERS preset."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from deid_studio.core import Document, InputError
from deid_studio.formats.csv_table import VAERS_DATES, VAERS_META, read_csv, read_vaers, write_csv


def test_reads_every_vaers_row(shared_data: Path) -> None:
    path = shared_data / "vaers" / "2021VAERSDATA.csv"
    documents = read_vaers(path)

    assert len(documents) == 2946
    assert len({d.external_id for d in documents}) == 2946
    assert all(d.case_id == d.external_id for d in documents)
    assert {d.source for d in documents} == {"VAERS"}
    assert {d.language for d in documents} == {"en"}

    (known,) = [d for d in documents if d.external_id == "916710"]
    assert known.meta["dates"] == {
        "VAX_DATE": "12/29/2020",
        "ONSET_DATE": "01/01/2021",
        "RECVDATE": "01/01/2021",
        "TODAYS_DATE": "01/01/2021",
    }
    assert (known.meta["STATE"], known.meta["AGE_YRS"], known.meta["SEX"]) == ("MO", "23.0", "F")
    assert known.text.startswith("Acute appendicitis, onset morning of 1/1/2021")
    assert "HISTORY" not in known.meta  # free text may hold PHI and stays out of meta

    # the narratives are the file's fields exactly (Latin-1, nothing stripped)
    with path.open(encoding="latin-1", newline="") as handle:
        expected = {row["VAERS_ID"]: row["SYMPTOM_TEXT"] for row in csv.DictReader(handle)}
    assert {d.external_id: d.text for d in documents} == expected
    assert any("\xa0" in d.text or "é" in d.text for d in documents)


VAERS_HEADER = ",".join(["VAERS_ID", "SYMPTOM_TEXT", *VAERS_META, *VAERS_DATES])


def _vaers_row(vaers_id: str, text: str, **values: str) -> str:
    fields = [vaers_id, text] + [values.get(c, "") for c in (*VAERS_META, *VAERS_DATES)]
    out = []
    for f in fields:
        out.append('"' + f.replace('"', '""') + '"' if any(c in f for c in ',"\r\n') else f)
    return ",".join(out)


def test_multi_line_vaers_narrative_is_kept_exactly(write) -> None:
    narrative = 'Patient reports:\n- fever 39.5 "high"\r\n- rash, on arms\n\nResolved.'
    content = "\n".join(
        [
            VAERS_HEADER,
            _vaers_row("1001", narrative, STATE="TX", VAX_DATE="01/02/2021"),
            _vaers_row("1002", "One line.", DATEDIED="01/09/2021"),
            "",
        ]
    )
    path = write("2021VAERSDATA.csv", content.encode("latin-1"))
    first, second = read_vaers(path)
    assert first.text == narrative
    assert first.meta == {"STATE": "TX", "dates": {"VAX_DATE": "01/02/2021"}}
    assert second.meta == {"dates": {"DATEDIED": "01/09/2021"}}


def test_error_line_is_the_physical_line_where_the_record_starts(write) -> None:
    content = "\n".join(
        [
            VAERS_HEADER,
            _vaers_row("1001", "three\nline\nnarrative"),
            _vaers_row("1002", "two\r\nlines"),
            _vaers_row("1003", ""),
            "",
        ]
    )
    path = write("v.csv", content.encode("latin-1"))
    with pytest.raises(InputError, match="empty narrative in column SYMPTOM_TEXT") as caught:
        read_vaers(path)
    assert caught.value.line == 1 + 3 + 2 + 1
    assert str(caught.value).startswith(f"{path}:7: ")

    assert [d.external_id for d in read_vaers(path, skip_empty=True)] == ["1001", "1002"]


def test_column_mapping(write) -> None:
    path = write(
        "reports.csv",
        "\ufeffreport;case;country;received;narrative\r\n"
        'R1;C1;FR;2021-03-01;"Mme X; vue le 2 mars"\r\n'
        "R2;C1;;;Suivi.\r\n",
    )
    first, second = read_csv(
        path,
        text="narrative",
        id="report",
        case="case",
        meta=["country"],
        dates=["received"],
        language="fr",
        delimiter=";",
    )
    assert first == Document(
        "Mme X; vue le 2 mars",
        external_id="R1",
        case_id="C1",
        source="reports.csv",
        meta={"country": "FR", "dates": {"received": "2021-03-01"}},
        language="fr",
    )
    assert (second.external_id, second.case_id, second.meta) == ("R2", "C1", {})


def test_without_an_id_column_rows_are_numbered(write) -> None:
    path = write("notes.csv", "text\nfirst\nsecond\n")
    assert [d.external_id for d in read_csv(path)] == ["notes-1", "notes-2"]


def test_write_read_round_trip(tmp_path: Path) -> None:
    documents = [
        Document(
            'Line one,\r\nline "two"\n',
            external_id="a",
            case_id="c",
            meta={"STATE": "NY", "dates": {"VAX_DATE": "01/01/2021"}},
            language="en",
        ),
        Document("Other.", external_id="b", meta={"AGE_YRS": 40, "nested": {"x": 1}}),
    ]
    out = tmp_path / "out.csv"
    assert write_csv(documents, out) == [out]
    assert out.read_bytes().decode("utf-8").split("\r\n")[0] == (
        "id,case_id,language,text,STATE,AGE_YRS,VAX_DATE"
    )
    first, second = read_csv(
        out, id="id", case="case_id", meta=["STATE", "AGE_YRS"], dates=["VAX_DATE"]
    )
    assert first.text == documents[0].text
    assert (first.case_id, first.meta) == ("c", documents[0].meta)
    assert (second.text, second.meta) == ("Other.", {"AGE_YRS": "40"})


# --- bad input ------------------------------------------------------------------------------


def test_missing_mapped_column_is_named_with_a_close_match(write) -> None:
    path = write("v.csv", "VAERS_ID,SYMPTOM_TEXT\n1,text\n")
    with pytest.raises(
        InputError, match=r"no column 'STATE' in the header \(2 columns\)$"
    ) as caught:
        read_vaers(path)
    assert (caught.value.source, caught.value.line) == (str(path), 1)
    with pytest.raises(InputError, match=r"no column 'TEXT' .*; did you mean 'Text'\?"):
        read_csv(write("w.csv", "Id,Text\n1,x\n"), text="TEXT")


def test_a_header_that_is_really_a_row_is_not_echoed(write) -> None:
    """Without its header line, the first row stands in its place: its narrative must not
    reach the message."""
    path = write("v.csv", "1,Juan García was seen\n2,Ana Lee\n")
    with pytest.raises(InputError, match=r"no column 'text' in the header") as caught:
        read_csv(path, text="text")
    assert "Juan" not in str(caught.value)


def test_undecodable_bytes_name_the_line(write) -> None:
    path = write("u.csv", b"id,text\n1,fine\n2,caf\xe9\n")
    with pytest.raises(InputError, match=r"byte 20 \(0xe9\) cannot be decoded as utf-8") as caught:
        read_csv(path, id="id")
    assert (caught.value.source, caught.value.line) == (str(path), 3)


@pytest.mark.parametrize(
    ("content", "line", "problem"),
    [
        ("", None, "the file is empty"),
        ("\n\n", None, "the file is empty"),
        ("id,text\n\n", 1, "the file has a header but no rows"),
        ("id,text\n1,a\n2,b,c\n", 3, "the row has 3 fields but the header 2"),
        ("id,text\n1,a\n2\n", 3, "the row has 1 fields but the header 2"),
        ("id,text\n1,a\n ,b\n", 3, "empty report id in column id"),
        ('id,text\n1,a\n2,"open\nquote\n', 3, "invalid CSV: unexpected end of data"),
        ('id,text\n1,"a"b\n', 2, "invalid CSV: ',' expected after '\"'"),
    ],
)
def test_bad_csv(write, content: str, line: int | None, problem: str) -> None:
    path = write("b.csv", content)
    with pytest.raises(InputError, match=problem) as caught:
        read_csv(path, id="id")
    assert (caught.value.source, caught.value.line) == (str(path), line)


def test_all_narratives_empty_with_skip_empty(write) -> None:
    path = write("b.csv", "id,text\n1,\n2, \n")
    with pytest.raises(InputError, match="no row has a narrative in column text"):
        read_csv(path, id="id", skip_empty=True)
