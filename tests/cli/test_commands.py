"""The command line as a user types it: init, import, export, status, and their errors."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from deid_studio.cli import build_parser, main


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    return path


RECORDS = [
    {
        "id": "r1",
        "text": "Dr. Ann Lee saw the patient on 3 May 2021.",
        "spans": [
            {"start": 4, "end": 11, "label": "PROFESSIONAL"},
            {"start": 31, "end": 41, "label": "DATE"},
        ],
    },
    {
        "id": "r2",
        "text": "Bob Stone, 67, developed a rash after the second dose.",
        "spans": [
            {"start": 0, "end": 9, "label": "PATIENT"},
            {"start": 11, "end": 13, "label": "AGE"},
        ],
    },
]


def counts(db: Path) -> tuple[int, int, int]:
    with sqlite3.connect(db) as c:
        return tuple(  # type: ignore[return-value]
            c.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("documents", "annotations", "audit_events")
        )


def test_init_import_export_round_trip(cli, tmp_path: Path) -> None:
    assert cli("init")[0] == 0
    code, out, err = cli(
        "import", "jsonl", str(write_jsonl(tmp_path / "in.jsonl", RECORDS)), "--gold"
    )
    assert code == 0, err
    assert "imported 2 documents with 4 gold spans as submitted" in out
    code, out, err = cli("export", str(tmp_path / "out.jsonl"))
    assert code == 0, err
    back = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text("utf-8").splitlines()]
    assert [(r["id"], r["text"], r["spans"]) for r in back] == [
        (r["id"], r["text"], r["spans"]) for r in RECORDS
    ]


def test_status_reports_counts(cli, tmp_path: Path) -> None:
    cli("init", "--scheme", "pv")
    cli(
        "import",
        "jsonl",
        str(write_jsonl(tmp_path / "in.jsonl", RECORDS)),
        "--gold",
        "--signed-off",
    )
    code, out, _ = cli("status")
    assert code == 0
    assert "signed_off" in out and "gold spans 4" in out and "pv (11 categories)" in out


@pytest.mark.parametrize(
    ("records", "message"),
    [
        (
            [
                RECORDS[0],
                {"id": "r9", "text": "short", "spans": [{"start": 2, "end": 9, "label": "DATE"}]},
            ],
            r"in\.jsonl:2: .*",
        ),
        (
            [
                RECORDS[0],
                {
                    "id": "r9",
                    "text": "Widget",
                    "spans": [{"start": 0, "end": 6, "label": "WIDGET"}],
                },
            ],
            r"in\.jsonl: labels not in the project's pv scheme: WIDGET",
        ),
    ],
)
def test_bad_input_is_one_line_exit_1_and_nothing_lands(
    cli, tmp_path: Path, records, message
) -> None:
    cli("init")
    before = counts(cli.db)
    code, _out, err = cli(
        "import", "jsonl", str(write_jsonl(tmp_path / "in.jsonl", records)), "--gold"
    )
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("deid-studio: error: ")
    import re

    assert re.search(message, err), err
    assert counts(cli.db) == before


def test_duplicate_import_is_refused(cli, tmp_path: Path) -> None:
    cli("init")
    source = str(write_jsonl(tmp_path / "in.jsonl", RECORDS))
    assert cli("import", "jsonl", source)[0] == 0
    before = counts(cli.db)
    code, _, err = cli("import", "jsonl", source)
    assert code == 1 and "already in the project as document 1" in err
    assert counts(cli.db) == before
    code, out, _ = cli("import", "jsonl", source, "--skip-duplicates")
    assert code == 0 and "skipped 2 reports" in out


def test_import_without_a_project_explains_init(cli, tmp_path: Path) -> None:
    code, _, err = cli("import", "jsonl", str(write_jsonl(tmp_path / "in.jsonl", RECORDS)))
    assert code == 1 and "no project here" in err and "init" in err
    assert not cli.db.exists()


def test_missing_input_is_named(cli, tmp_path: Path) -> None:
    cli("init")
    code, _, err = cli("import", "brat", str(tmp_path / "nowhere"))
    assert code == 1 and "nowhere: no such file or folder" in err


def test_csv_needs_its_text_column(cli, tmp_path: Path) -> None:
    cli("init")
    (tmp_path / "a.csv").write_text("id,narrative\n1,Fever after dose\n", "utf-8")
    code, _, err = cli("import", "csv", str(tmp_path / "a.csv"))
    assert code == 1 and "--text-column" in err
    code, out, err = cli(
        "import", "csv", str(tmp_path / "a.csv"), "--text-column", "narrative", "--id-column", "id"
    )
    assert code == 0, err
    assert "imported 1 documents" in out


def test_csv_options_are_refused_for_other_formats(cli, tmp_path: Path) -> None:
    cli("init")
    code, _, err = cli(
        "import", "jsonl", str(write_jsonl(tmp_path / "in.jsonl", RECORDS)), "--text-column", "x"
    )
    assert code == 1 and "options for csv only: text" in err


def test_export_refuses_to_overwrite(cli, tmp_path: Path) -> None:
    cli("init")
    cli("import", "jsonl", str(write_jsonl(tmp_path / "in.jsonl", RECORDS)), "--gold")
    (tmp_path / "out.jsonl").write_text("precious", "utf-8")
    code, _, err = cli("export", str(tmp_path / "out.jsonl"))
    assert code == 1 and "already exists" in err
    assert (tmp_path / "out.jsonl").read_text("utf-8") == "precious"
    assert cli("export", str(tmp_path / "out.jsonl"), "--overwrite")[0] == 0
    assert (tmp_path / "out.jsonl").read_text("utf-8") != "precious"


def test_export_by_status(cli, tmp_path: Path) -> None:
    cli("init")
    cli(
        "import",
        "jsonl",
        str(write_jsonl(tmp_path / "a.jsonl", RECORDS[:1])),
        "--gold",
        "--signed-off",
    )
    cli("import", "jsonl", str(write_jsonl(tmp_path / "b.jsonl", RECORDS[1:])))
    code, out, _ = cli("export", str(tmp_path / "signed.jsonl"), "--status", "signed_off")
    assert code == 0 and "exported 1 documents" in out
    code, _, err = cli("export", str(tmp_path / "none.jsonl"), "--status", "exported")
    assert code == 1 and "no documents to export" in err
    assert not (tmp_path / "none.jsonl").exists()


@pytest.mark.parametrize("fmt", ["brat", "i2b2", "conll", "txt", "jsonl"])
def test_every_gold_format_exports(cli, tmp_path: Path, fmt: str) -> None:
    cli("init")
    cli("import", "jsonl", str(write_jsonl(tmp_path / "in.jsonl", RECORDS)), "--gold")
    code, _out, err = cli("export", str(tmp_path / f"out-{fmt}"), "--format", fmt)
    assert code == 0, err
    assert (tmp_path / f"out-{fmt}").exists()


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices
    assert {"init", "import", "export", "demo", "status"} <= set(commands)
    for name in commands:  # in this process: a new one per command costs seconds each
        with pytest.raises(SystemExit) as exited:
            main([name, "--help"])
        assert exited.value.code == 0 and "usage: deid-studio" in capsys.readouterr().out, name
    done = subprocess.run(  # and as a user runs it
        [sys.executable, "-m", "deid_studio", "export", "--help"], capture_output=True, text=True
    )
    assert done.returncode == 0 and "usage: deid-studio" in done.stdout


def test_unexpected_errors_are_one_line_with_a_log(cli, tmp_path: Path, monkeypatch) -> None:
    import deid_studio.cli as cli_module

    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(cli_module._shared, "summary", broken)
    cli("init")
    code, _, err = cli("status")
    assert code == 70
    assert "internal error: KeyError" in err and "errors.log" in err
    assert len(err.strip().splitlines()) == 1


def test_global_options_after_the_command_too(tmp_path: Path) -> None:
    """`deid-studio train --db p.sqlite` as a user types it; after the command they win, and
    absent there the ones before it stand."""
    parser = build_parser()
    after = parser.parse_args(["status", "--db", str(tmp_path / "a.sqlite"), "-q"])
    assert after.db == str(tmp_path / "a.sqlite") and after.quiet
    before = parser.parse_args(["--db", "b.sqlite", "--user", "ann", "status"])
    assert (before.db, before.user, before.quiet) == ("b.sqlite", "ann", False)
    both = parser.parse_args(["--db", "b.sqlite", "team", "list", "--db", "c.sqlite"])
    assert both.db == "c.sqlite"


def test_a_command_runs_on_the_project_named_after_it(cli, tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    assert main(["init", "--db", str(other)]) == 0
    assert other.exists()
    assert main(["status", "--db", str(other), "-q"]) == 0
