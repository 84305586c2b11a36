"""Bad input: a bad record or file is rejected alone; a missing column, an unreadable model,
an unreachable scheduler end the command with one line and write nothing."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from batchhelp import read_records, synthetic, write_jsonl

from deid_studio.formats.e2b import write_e2b


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if not line.startswith("Dask dashboard")]
    assert len(lines) == 1, err
    assert lines[0].startswith("deid-studio: error: ")
    return lines[0]


def test_a_missing_column_writes_nothing(cli, tmp_path: Path) -> None:
    source = tmp_path / "reports.csv"
    source.write_text("id,narrative\nA1,Seen on 01/02/2020.\n", encoding="utf-8")
    code, _, err = cli.batch(source, tmp_path / "out")
    assert code == 1
    assert "reports.csv:1: no column 'text' in the header (2 columns)" in _one_line(err)
    assert not (tmp_path / "out").exists()
    code, _, err = cli.batch(source, tmp_path / "out", "--text-column", "narrative")
    assert code == 0, err


def test_an_unreadable_model_writes_nothing(cli, tmp_path: Path) -> None:
    with sqlite3.connect(cli.db) as db:
        db.execute(
            "insert into model_versions (kind, params, training_documents, metrics, "
            "training_seconds, model, created_at) values ('crf', '{}', 1, '{}', 0, x'00ff', "
            "'2026-01-01 00:00:00')"
        )
    source = write_jsonl(synthetic(3), tmp_path / "reports.jsonl")
    code, _, err = cli.batch(source, tmp_path / "out")
    assert code == 1 and "model version 1 cannot be read" in _one_line(err)
    assert not (tmp_path / "out").exists()


def test_an_unreachable_scheduler_writes_nothing(cli, tmp_path: Path) -> None:
    source = write_jsonl(synthetic(3), tmp_path / "reports.jsonl")
    out = tmp_path / "out"
    code, _, err = cli("batch", str(source), str(out), "--scheduler", "tcp://127.0.0.1:9")
    assert code == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in _one_line(err)
    assert not out.exists()


def test_an_existing_out_without_resume_is_left_alone(cli, tmp_path: Path) -> None:
    source = write_jsonl(synthetic(3), tmp_path / "reports.jsonl")
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("keep me", encoding="utf-8")
    code, _, err = cli.batch(source, out)
    assert code == 1 and "already exists; add --resume" in _one_line(err)
    assert [p.name for p in out.iterdir()] == ["mine.txt"]


def test_bad_jsonl_lines_are_rejected_and_the_rest_masked(cli, tmp_path: Path) -> None:
    written = write_jsonl(synthetic(4), tmp_path / "g.jsonl").read_text("utf-8")
    good = [json.loads(line) for line in written.splitlines()]
    lines = [
        json.dumps(good[0]),
        '{"id": "B1", "text": ',
        json.dumps({"id": "B2"}),
        json.dumps(good[1]),
        json.dumps({"id": "B3", "text": "   "}),
        "",
        json.dumps(good[2]),
    ]
    source = tmp_path / "reports.jsonl"
    source.write_bytes(
        ("\n".join(lines) + "\n").encode("utf-8") + b'{"id": "B4", "text": "\xff"}\n'
    )
    code, printed, err = cli.batch(source, tmp_path / "out", "--partition-size", "3")
    assert code == 0, err
    assert "masked 3 of 7 reports" in printed
    rejects = [json.loads(x) for x in (tmp_path / "out" / "rejects.jsonl").read_text().splitlines()]
    assert [(r["partition"], r["id"], r["line"]) for r in rejects] == [
        (0, "", 2),
        (0, "B2", 3),
        (1, "B3", 5),
        (2, "", 8),
    ]
    reasons = [r["reason"] for r in rejects]
    assert "invalid JSON" in reasons[0] and 'missing "text"' in reasons[1]
    assert "only whitespace" in reasons[2] and "cannot be decoded as utf-8" in reasons[3]
    assert [r["id"] for r in read_records(tmp_path / "out")] == [g["id"] for g in good[:3]]


def test_folders_of_e2b_and_text_files_with_a_bad_file(cli, tmp_path: Path) -> None:
    documents = synthetic(5)
    e2b = tmp_path / "e2b"
    write_e2b(documents, e2b)
    (e2b / "broken.xml").write_text("<ichicsr><safetyreport>", encoding="utf-8")
    code, printed, err = cli.batch(e2b, tmp_path / "e2b-out", "--partition-size", "2")
    assert code == 0, err
    assert "masked 5 of 6 reports" in printed
    (reject,) = [
        json.loads(x) for x in (tmp_path / "e2b-out" / "rejects.jsonl").read_text().splitlines()
    ]
    assert reject["file"].endswith("broken.xml") and reject["line"] == 1
    assert sorted(r["id"] for r in read_records(tmp_path / "e2b-out")) == sorted(
        d.external_id for d in documents
    )
    text = tmp_path / "text"
    (text / "2021").mkdir(parents=True)
    for d in documents[:3]:
        (text / "2021" / f"{d.external_id}.txt").write_text(d.text, encoding="utf-8")
    (text / "empty.txt").write_text("", encoding="utf-8")
    code, printed, err = cli.batch(text, tmp_path / "text-out", "--out-format", "txt")
    assert code == 0, err
    assert "masked 3 of 4 reports" in printed
    written = sorted(p.name for p in (tmp_path / "text-out").rglob("*.txt"))
    assert written == sorted(f"2021_{d.external_id}.txt" for d in documents[:3])
