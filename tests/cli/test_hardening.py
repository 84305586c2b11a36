"""Issue 17 through the command line: no narrative in errors or logs, private files, CSV
cells a spreadsheet will not run, project paths with any character, warnings in the summary,
long non-ASCII report ids."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from pathlib import Path

import pytest

from deid_studio.formats.csv_table import FORMULA_STARTS

NARRATIVE = "Juan García Pérez (NHC 884-221) vive en Calle Mayor 5, Huelva."
SECRETS = ("Juan", "García", "Pérez", "884-221", "Calle Mayor", "Huelva")


def _jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    return path


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def _modes(tree: Path) -> tuple[set[int], set[int]]:
    """(modes of the folders, modes of the files) in ``tree``, itself included."""
    folders, files = {_mode(tree)}, set()
    for folder, names, leaves in os.walk(tree):
        folders |= {_mode(Path(folder, n)) for n in names}
        files |= {_mode(Path(folder, n)) for n in leaves}
    return folders, files


@pytest.fixture
def signed(cli, tmp_path: Path):
    """A project with one signed-off gold report holding PHI."""
    cli("init")
    spans = [{"start": 0, "end": 17, "label": "PATIENT"}, {"start": 23, "end": 30, "label": "ID"}]
    source = _jsonl(tmp_path / "in.jsonl", [{"id": "R1", "text": NARRATIVE, "spans": spans}])
    code, _, err = cli("import", "jsonl", str(source), "--gold", "--signed-off", "--no-suggest")
    assert code == 0, err
    return cli


# -- errors and the log ------------------------------------------------------------------


def test_an_internal_error_names_no_data_and_is_logged_privately(
    cli, tmp_path: Path, monkeypatch
) -> None:
    cli("init")
    source = _jsonl(tmp_path / "in.jsonl", [{"id": "R1", "text": NARRATIVE}])

    def bug(documents, origin):  # a bug whose exception message carries the narrative
        raise KeyError(documents[0].text)

    monkeypatch.setattr("deid_studio.services.importing.check_characters", bug)
    code, out, err = cli("import", "jsonl", str(source))
    assert code == 70
    assert err.count("\n") == 1 and "internal error: KeyError at services/importing.py:" in err
    log = tmp_path / "xdg-state" / "deid-studio" / "log" / "errors.log"
    assert f"details in {log}" in err
    assert _mode(log) == 0o600 and _mode(log.parent) == 0o700
    logged = log.read_text("utf-8")
    assert "KeyError" in logged and "import_documents" in logged
    for text in SECRETS:
        assert text not in err and text not in out and text not in logged


def test_a_database_error_shows_no_parameters(cli, tmp_path: Path, monkeypatch) -> None:
    """The loser of two imports of one file used to print a narrative from the SQL
    parameters; any database error still reaching the user holds none."""
    cli("init")
    source = _jsonl(tmp_path / "in.jsonl", [{"id": "R1", "text": NARRATIVE}])
    assert cli("import", "jsonl", str(source), "--no-suggest")[0] == 0
    # the duplicate check misses (as when another command stores the same report meanwhile)
    monkeypatch.setattr("deid_studio.services.importing._drop_duplicates", lambda *a: (a[1], 0))
    code, _, err = cli("import", "jsonl", str(source), "--no-suggest")
    assert code == 1 and err.count("\n") == 1, err
    assert "another command stored the same records" in err
    for text in SECRETS:
        assert text not in err


# -- file modes ----------------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "name"), [("jsonl", "gold.jsonl"), ("brat", "gold")])
def test_gold_exports_are_readable_by_their_owner_only(signed, tmp_path: Path, fmt, name) -> None:
    out = tmp_path / name
    code, _, err = signed("export", str(out), "--format", fmt)
    assert code == 0, err
    folders, files = _modes(out) if out.is_dir() else (set(), {_mode(out)})
    assert folders <= {0o700} and files == {0o600}


def test_the_gold_standard_cannot_be_made_readable_by_others(signed, tmp_path: Path) -> None:
    code, _, err = signed("export", str(tmp_path / "g.jsonl"), "--readable-by", "everyone")
    assert code == 1 and "--readable-by apply to masked exports" in err
    assert not (tmp_path / "g.jsonl").exists()


@pytest.mark.parametrize(
    ("choice", "folder_mode", "file_mode"),
    [
        (None, 0o700, 0o600),
        ("me", 0o700, 0o600),
        ("group", 0o750, 0o640),
        ("everyone", 0o755, 0o644),
    ],
)
def test_masked_exports_are_private_unless_the_user_chooses(
    signed, tmp_path: Path, choice, folder_mode, file_mode
) -> None:
    out = tmp_path / "masked"
    extra = ["--readable-by", choice] if choice else []
    code, _, err = signed("export", str(out), "--masked", "--format", "brat", *extra)
    assert code == 0, err
    assert _modes(out) == ({folder_mode}, {file_mode})


def test_everything_a_command_creates_is_private(signed, tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        tagged = tmp_path / "tagged.jsonl"
        source = _jsonl(tmp_path / "new.jsonl", [{"id": "N1", "text": NARRATIVE}])
        assert signed("tag", "jsonl", str(source), str(tagged))[0] == 0
        assert _mode(tagged) == 0o600  # predicted spans with their narratives
        report = tmp_path / "reports" / "evaluation.json"
        assert signed("evaluate", "jsonl", str(source), "--json", str(report))[0] == 0
        assert _mode(report) == 0o600 and _mode(report.parent) == 0o700  # by the umask
        assert _mode(signed.db) == 0o600
        assert os.umask(0o022) == 0o022  # the caller's umask is back once the command ends
    finally:
        os.umask(previous)


# -- CSV injection -------------------------------------------------------------------------


def test_masked_csv_cells_cannot_run_as_formulas(cli, tmp_path: Path) -> None:
    cli("init")
    starts = ["=HYPERLINK(", "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\r=1", "plain"]
    records = [
        {
            "id": f"{first}{n}",
            "case_id": f"{first}case",
            "text": f"{first} Ann Lee was seen.",
            "spans": [{"start": len(first) + 1, "end": len(first) + 8, "label": "PATIENT"}],
        }
        for n, first in enumerate(starts)
    ]
    source = _jsonl(tmp_path / "in.jsonl", records)
    assert cli("import", "jsonl", str(source), "--gold", "--signed-off", "--no-suggest")[0] == 0
    out = tmp_path / "masked.csv"
    code, _, err = cli("export", str(out), "--masked", "--format", "csv")
    assert code == 0, err
    with out.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    cells = [cell for row in rows[1:] for cell in row]
    assert not [c for c in cells if c.startswith(FORMULA_STARTS)]
    neutralised = [c for c in cells if c.startswith("'")]
    assert len(neutralised) == 3 * (len(starts) - 1)  # id, case id and text of each
    assert {c[1:].startswith(FORMULA_STARTS) for c in neutralised} == {True}
    texts = {row[3] for row in rows[1:]}
    assert "'=HYPERLINK( [PATIENT] was seen." in texts and "plain [PATIENT] was seen." in texts


# -- project paths -------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["a@b.sqlite", "100%.sqlite", "x%40y.sqlite", "q?#1.sqlite"])
def test_a_project_path_may_hold_any_character(cli, tmp_path: Path, name) -> None:
    db = tmp_path / name
    code, out, err = cli("--db", str(db), "init", db=False)
    assert code == 0, err
    assert db.is_file() and not (tmp_path / "x@y.sqlite").exists()
    code, out, err = cli("--db", str(db), "status", db=False)
    assert code == 0 and f"project    {db}" in out, err


def test_a_failed_init_leaves_no_file(cli, tmp_path: Path, monkeypatch) -> None:
    def broken(engine, revision="head"):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("deid_studio.store.database.upgrade", broken)
    code, _, err = cli("init")
    assert code == 1 and "No space left on device" in err
    assert list(tmp_path.glob("project.sqlite*")) == []


# -- silently accepted before --------------------------------------------------------------


def test_unreadable_structured_dates_are_a_warning_in_the_summary(cli, tmp_path: Path) -> None:
    cli("init")
    source = tmp_path / "r.csv"
    source.write_text("id,seen,text\nA,03/04/2021,fine\nB,14/14/2014,odd\nC,soon,odd\n", "utf-8")
    code, out, err = cli(
        "import", "csv", str(source), "--text-column", "text", "--id-column", "id",
        "--date-columns", "seen", "--no-suggest",
    )  # fmt: skip
    assert code == 0, err
    assert "warning: " in out and "2 structured dates of 2 reports cannot be read as dates" in out
    assert "(first: report B, seen)" in out and "14/14/2014" not in out


def test_a_repeated_column_nobody_reads_is_a_warning(cli, tmp_path: Path) -> None:
    cli("init")
    source = tmp_path / "r.csv"
    source.write_text("note,text,note\nx,A narrative.,y\n", "utf-8")
    code, out, err = cli("import", "csv", str(source), "--text-column", "text", "--no-suggest")
    assert code == 0, err
    assert (
        "warning: " in out and "column 'note' appears 2 times in the header (fields 1 and 3)" in out
    )


# -- long non-ASCII ids --------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["brat", "txt", "i2b2"])
def test_long_cjk_report_ids_export(cli, tmp_path: Path, fmt) -> None:
    cli("init")
    long_id = "報告" * 100  # 200 characters, 600 bytes in UTF-8
    records = [{"id": long_id, "text": "A narrative."}, {"id": long_id + "x", "text": "Another."}]
    source = _jsonl(tmp_path / "in.jsonl", records)
    assert cli("import", "jsonl", str(source), "--no-suggest")[0] == 0
    out = tmp_path / "out"
    code, _, err = cli("export", str(out), "--format", fmt)
    assert code == 0, err
    names = [p.name for p in out.iterdir()]
    assert len(names) == (4 if fmt == "brat" else 2)
    assert max(len(os.fsencode(n)) for n in names) <= 255


def test_audit_of_an_export_names_it(signed, tmp_path: Path) -> None:
    """The audit event exists once the output is visible (it is written first)."""
    out = tmp_path / "m.jsonl"
    assert signed("export", str(out), "--masked")[0] == 0
    with sqlite3.connect(signed.db) as c:
        events = c.execute("SELECT after FROM audit_events WHERE action='export_masked'").fetchall()
    assert out.exists() and len(events) == 1 and str(out) in events[0][0]


@pytest.mark.parametrize("command", ["tag", "evaluate"])
def test_tag_and_evaluate_refuse_what_import_refuses(signed, tmp_path: Path, command) -> None:
    """The same reading, the same checks: an unpaired surrogate and deep nesting."""
    surrogate = tmp_path / "s.jsonl"
    surrogate.write_text('{"id": "S1", "text": "Ana \\ud800 Lee"}\n', "utf-8")
    deep = tmp_path / "d.jsonl"
    deep.write_text('{"id": "D1", "text": ' + "[" * 50_000 + "\n", "utf-8")
    for source, problem in ((surrogate, "unpaired surrogate"), (deep, "nested too deeply")):
        args = [str(tmp_path / "out.jsonl")] if command == "tag" else []
        code, _, err = signed(command, "jsonl", str(source), *args)
        assert code == 1 and err.count("\n") == 1 and problem in err, err
