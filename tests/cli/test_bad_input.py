"""Each kind of bad input, through the whole command: exit 1, one line naming the file, the
place and the problem, no traceback, and the project exactly as it was."""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

import pytest


def snapshot(db: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(db) as c:
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: c.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in tables}


def brat(folder: Path, files: dict[str, str | bytes]) -> Path:
    folder.mkdir()
    for name, content in files.items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        (folder / name).write_bytes(data)
    return folder


GOOD_TXT = "Ana Lee was seen on 3/4/2021.\n"
NARRATIVE_TEXT = ("Ana", "Lee", "3/4/2021", "4/4/2021", "Seed narrative", "line one", "Jos")
GOOD_ANN = "T1\tPATIENT 0 7\tAna Lee\n"


def case_offsets(tmp: Path) -> tuple[list[str], str]:
    folder = brat(
        tmp / "b",
        {
            "a.txt": GOOD_TXT,
            "a.ann": GOOD_ANN,
            "z.txt": GOOD_TXT,
            "z.ann": "T1\tDATE 20 99\t3/4/2021\n",
        },
    )
    return ["brat", str(folder), "--gold"], r"z\.ann:1: .*(outside|beyond|exceed).*"


def case_mismatch(tmp: Path) -> tuple[list[str], str]:
    folder = brat(tmp / "b", {"a.txt": GOOD_TXT, "a.ann": GOOD_ANN + "T2\tDATE 20 28\t4/4/2021\n"})
    return (
        [
            "brat",
            str(folder),
            "--gold",
        ],
        r"a\.ann:2: T2 at 20 28: the text given \(8 characters\) differs from the narrative's "
        r"\(8\) from its character 1",
    )


def case_invalid_xml(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.xml"
    path.write_text("<deIdi2b2>\n<TEXT><![CDATA[Ana]]></TEXT>\n<TAGS>\n</deIdi2b2>\n", "utf-8")
    return ["i2b2", str(path), "--gold"], r"r\.xml:4: .*"


def case_undecodable(tmp: Path) -> tuple[list[str], str]:
    folder = brat(tmp / "b", {"a.txt": GOOD_TXT, "b.txt": b"line one\nJos\xe9 Garc\xeda\n"})
    return ["brat", str(folder)], r"b\.txt:2: byte \d+ \(0xe9\) cannot be decoded as utf-8"


def case_unknown_label(tmp: Path) -> tuple[list[str], str]:
    folder = brat(tmp / "b", {"a.txt": GOOD_TXT, "a.ann": "T1\tWIZARD 0 7\tAna Lee\n"})
    return [
        "brat",
        str(folder),
        "--gold",
    ], r"labels not in the project's pv scheme: WIZARD \(first in a\.txt at offset 0\)"


def case_empty_file(tmp: Path) -> tuple[list[str], str]:
    folder = brat(tmp / "b", {"a.txt": GOOD_TXT, "empty.txt": ""})
    return ["brat", str(folder)], r"empty\.txt: .*empty"


def case_bad_jsonl(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.jsonl"
    path.write_text('{"id": "1", "text": "Ana"}\n{"id": "2", "text": \n', "utf-8")
    return ["jsonl", str(path)], r"r\.jsonl:2: .*JSON"


def case_deep_jsonl(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "deep.jsonl"
    path.write_text('{"id": "1", "text": "Ana"}\n{"id": "2", "text": ' + "[" * 100_000 + "\n")
    return ["jsonl", str(path)], r"deep\.jsonl:2: nested too deeply to read"


def case_deep_presidio(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "deep.json"
    path.write_text("[" + "[" * 100_000 + "]" * 100_001)
    return ["presidio", str(path)], r"deep\.json:1: nested too deeply to read"


def case_deep_xml(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "deep.xml"
    path.write_text("<ichicsr>\n" + "<a>" * 50_000 + "</a>" * 50_000 + "</ichicsr>\n")
    return ["e2b", str(path)], r"deep\.xml:2: elements nested more than 256 levels deep"


def case_lone_surrogate(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "s.jsonl"
    path.write_text('{"id": "1", "text": "Ana"}\n{"id": "R2", "text": "Ana \\ud800 Lee"}\n')
    return ["jsonl", str(path)], (
        r"s\.jsonl: report R2, offset 4: the narrative holds an unpaired surrogate \(U\+D800\)"
    )


def case_file_name_not_utf8(tmp: Path) -> tuple[list[str], str]:
    folder = tmp / "t"
    folder.mkdir()
    (folder / "a.txt").write_text(GOOD_TXT)
    (folder / os.fsdecode(b"inform\xe9.txt")).write_text(GOOD_TXT.replace("3/4", "5/6"))
    return ["text", str(folder)], r"t: inform\\xe9\.txt: the file name is not valid UTF-8"


def case_xml_encoding(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.xml"
    path.write_bytes(b'<?xml version="1.0" encoding="latin-9x"?>\n<deIdi2b2/>\n')
    return ["i2b2", str(path)], r"r\.xml:1: unknown encoding 'latin-9x' in the XML declaration"


def case_bad_delimiter(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.csv"
    path.write_text("id,text\n1,Ana\n")
    return ["csv", str(path), "--text-column", "text", "--delimiter", ";;"], (
        r"r\.csv: the delimiter ';;' must be one character"
    )


def case_bad_encoding(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.csv"
    path.write_text("id,text\n1,Ana\n")
    return ["vaers", str(path), "--encoding", "klingon"], r"r\.csv: unknown encoding 'klingon'"


def case_escape_codes_in_header(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.csv"
    path.write_text('id,"\x1b[1mText\x1b[0m\x07\r\n\n"\n1,Ana\n')
    return ["csv", str(path), "--text-column", "text"], (
        r"r\.csv:1: no column 'text' in the header \(2 columns\); did you mean "
        r"'\\x1b\[1mText\\x1b\[0m\\x07\\x0d\\x0a\\x0a'\?$"
    )


def case_nul_in_narrative(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.csv"
    path.write_text("id,text\nA,Ana\nB,Ana\x00 Lee\n")
    return ["csv", str(path), "--text-column", "text", "--id-column", "id"], (
        r"r\.csv: report B, offset 3: the narrative holds a NUL character"
    )


def case_duplicate_brat_id(tmp: Path) -> tuple[list[str], str]:
    folder = brat(tmp / "b", {"a.txt": GOOD_TXT, "a.ann": GOOD_ANN + "T1\tDATE 20 28\t3/4/2021\n"})
    return ["brat", str(folder), "--gold"], r"a\.ann:2: T1 is defined twice \(first on line 1\)"


def case_repeated_column(tmp: Path) -> tuple[list[str], str]:
    path = tmp / "r.csv"
    path.write_text("text,id,text\nAna,1,Lee\n")
    return ["csv", str(path), "--text-column", "text"], (
        r"r\.csv:1: column 'text' appears 2 times in the header \(fields 1 and 3\)"
    )


@pytest.mark.parametrize(
    "case",
    [
        case_offsets,
        case_mismatch,
        case_invalid_xml,
        case_undecodable,
        case_unknown_label,
        case_empty_file,
        case_bad_jsonl,
        case_deep_jsonl,
        case_deep_presidio,
        case_deep_xml,
        case_lone_surrogate,
        case_file_name_not_utf8,
        case_xml_encoding,
        case_bad_delimiter,
        case_bad_encoding,
        case_escape_codes_in_header,
        case_nul_in_narrative,
        case_duplicate_brat_id,
        case_repeated_column,
    ],
)
def test_bad_input_is_refused_whole(cli, tmp_path: Path, case) -> None:
    cli("init")
    cli("import", "jsonl", str(_seed(tmp_path)))  # something already in the project
    before = snapshot(cli.db)
    args, message = case(tmp_path)
    code, _, err = cli("import", *args)
    assert code == 1, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert err.rstrip("\n").isprintable(), err  # nothing that drives a terminal
    assert re.search(message, err), err
    assert snapshot(cli.db) == before
    for text in NARRATIVE_TEXT:  # messages name the place, never quote a narrative
        assert text not in err, err


def test_a_duplicate_import_is_refused_whole(cli, tmp_path: Path) -> None:
    cli("init")
    folder = brat(tmp_path / "b", {"a.txt": GOOD_TXT, "a.ann": GOOD_ANN})
    assert cli("import", "brat", str(folder), "--gold")[0] == 0
    before = snapshot(cli.db)
    code, _, err = cli("import", "brat", str(folder), "--gold")
    assert code == 1
    assert re.search(r"b: report a \(a\.txt\) is already in the project as document 1", err), err
    assert snapshot(cli.db) == before


def _seed(tmp: Path) -> Path:
    path = tmp / "seed.jsonl"
    path.write_text('{"id": "s1", "text": "Seed narrative."}\n', "utf-8")
    return path
