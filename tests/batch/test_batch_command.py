"""``deid-studio batch`` on a two-worker LocalCluster: output, manifest, rejects, consistency,
and equality with the project's masked export."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from batchhelp import read_records, synthetic, tree, write_jsonl


def test_batch_equals_the_masked_export_of_the_same_reports(cli, tmp_path: Path) -> None:
    documents = synthetic(40)
    assert len({d.case for d in documents}) < len(documents)  # follow-ups share a case
    source = write_jsonl(documents, tmp_path / "reports.jsonl")
    assert cli("policy", "--preset", "surrogates")[0] == 0
    assert cli("import", "jsonl", str(source))[0] == 0  # suggested at once by the rules

    code, _, err = cli.batch(source, tmp_path / "before", "--partition-size", "100")
    assert code == 0, err
    # default mode, as the batch masks (a forced export masks in recall mode unless told)
    code, _, err = cli("export", str(tmp_path / "export.jsonl"), "--masked", "--force",
                       "--reason", "test", "--mode", "default")  # fmt: skip
    assert code == 0, err
    code, _, err = cli.batch(source, tmp_path / "after")
    assert code == 0, err

    exported = {
        r["id"]: r
        for r in map(json.loads, (tmp_path / "export.jsonl").read_text("utf-8").splitlines())
    }
    before = {r["id"]: r for r in read_records(tmp_path / "before")}
    after = {r["id"]: r for r in read_records(tmp_path / "after")}
    assert len(exported) == len(before) == len(after) == 40
    masked = [r for r in exported.values() if r["spans"]]
    assert len(masked) > 30 and any(s["label"] == "DATE" for r in masked for s in r["spans"])
    assert before == exported  # keys derived alike before anything was stored
    assert after == exported  # and alike once the export remembered them


def test_output_manifest_and_audit(cli, tmp_path: Path) -> None:
    source = write_jsonl(synthetic(30), tmp_path / "reports.jsonl")
    out = tmp_path / "out"
    code, printed, err = cli.batch(source, out, local=True)  # its own LocalCluster
    assert code == 0, err
    assert "Dask dashboard: http" in err
    assert (
        "masked 30 of 30 reports" in printed
        and "2 workers" in printed
        and "in 5 partitions" in printed
    )
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["model_version"] == 0 and manifest["policy"]["preset"] == "tags"
    assert manifest["totals"] == {
        "partitions": 5,
        "input": 30,
        "output": 30,
        "rejected": 0,
        "characters": manifest["totals"]["characters"],
    }
    for entry in manifest["partitions"]:
        data = (out / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert data.count(b"\n") == entry["output"]
    assert [p["input"] for p in manifest["partitions"]] == [7, 7, 7, 7, 2]
    assert (out / "rejects.jsonl").read_bytes() == b""
    code, _, _ = cli("status")
    assert code == 0
    # the audit trail records the run, never a narrative
    import sqlite3

    with sqlite3.connect(cli.db) as db:
        rows = db.execute(
            "select action, after from audit_events where action = 'batch_deidentify'"
        ).fetchall()
    assert len(rows) == 1
    event = json.loads(rows[0][1])
    assert event["reports_in"] == 30 and event["reports_out"] == 30 and event["model_version"] == 0
    assert synthetic(1)[0].text[:30] not in rows[0][1]


def test_a_case_masks_alike_across_partitions_and_runs(cli, tmp_path: Path) -> None:
    text = "Patient John Smith, seen on 2020-03-12 at Mercy Hospital; John Smith recovered."
    spans = [
        {"start": 8, "end": 18, "label": "PATIENT"},
        {"start": 28, "end": 38, "label": "DATE"},
        {"start": 42, "end": 56, "label": "ORGANIZATION"},
    ]
    other = "Follow-up: John Smith was discharged on 2020-03-15."
    lines = [
        {"id": "R1", "case_id": "C1", "text": text, "spans": spans, "language": "en"},
        {"id": "R2", "case_id": "C2", "text": text, "spans": spans, "language": "en"},
        {"id": "R3", "case_id": "C1", "text": other, "language": "en",
         "spans": [{"start": 11, "end": 21, "label": "PATIENT"},
                   {"start": 40, "end": 50, "label": "DATE"}]},
    ]  # fmt: skip
    first = tmp_path / "first.jsonl"
    first.write_text("\n".join(json.dumps(x) for x in lines[:2]) + "\n", encoding="utf-8")
    follow_up = tmp_path / "next-month.jsonl"
    follow_up.write_text(json.dumps(lines[2]) + "\n", encoding="utf-8")
    assert cli("policy", "--preset", "surrogates")[0] == 0
    options = ("--spans", "input", "--partition-size", "1")
    assert cli.batch(first, tmp_path / "a", *options)[0] == 0
    assert cli.batch(follow_up, tmp_path / "b", *options)[0] == 0
    r1, r2 = read_records(tmp_path / "a")
    (r3,) = read_records(tmp_path / "b")

    def pieces(record: dict) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for s in record["spans"]:
            found.setdefault(s["label"], []).append(record["text"][s["start"] : s["end"]])
        return found

    one, two, three = pieces(r1), pieces(r2), pieces(r3)
    # the names are gone as words (a drawn surrogate such as "Walker-Johnson" may hold the
    # letters: the surrogates change with each project's secret)
    import re

    assert not re.search(r"\bJohn\b", r1["text"]) and not re.search(r"\bSmith\b", r3["text"])
    assert one["PATIENT"][0] == one["PATIENT"][1] == three["PATIENT"][0]  # same case
    assert one["PATIENT"][0] != two["PATIENT"][0]  # another case, another surrogate
    # the same offset in the follow-up: the 3 days between the two dates survive
    import datetime as dt

    day = dt.date.fromisoformat
    assert (day(three["DATE"][0]) - day(one["DATE"][0])).days == 3
    assert one["DATE"][0] != two["DATE"][0] or one["PATIENT"] != two["PATIENT"]


def test_bad_rows_are_rejected_with_file_line_and_reason(cli, tmp_path: Path) -> None:
    source = tmp_path / "reports.csv"
    source.write_bytes(
        b"id,text\n"
        b"A1,Seen on 01/02/2020 in clinic.\n"
        b'A2,"A narrative\nover two lines, 03/04/2021."\n'
        b"A3,\n"
        b"A4,too,many,fields\n"
        b"A5,bad byte \xff here\n"
        b"A6,Fine again on 05/06/2019.\n"
    )
    out = tmp_path / "out"
    code, printed, err = cli.batch(source, out, "--partition-size", "2")
    assert code == 0, err
    assert "masked 3 of 6 reports" in printed and "rejected 3" in printed
    rejects = [json.loads(x) for x in (out / "rejects.jsonl").read_text("utf-8").splitlines()]
    assert [(r["id"], r["line"]) for r in rejects] == [("A3", 5), ("A4", 6), ("", 7)]
    assert all(r["file"] == str(source.resolve()) for r in rejects)
    assert "empty narrative" in rejects[0]["reason"]
    assert "4 fields but the header 2" in rejects[1]["reason"]
    assert "0xff cannot be decoded as utf-8" in rejects[2]["reason"]
    assert [r["id"] for r in read_records(out)] == ["A1", "A2", "A6"]
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["totals"]["input"] == 6 and manifest["totals"]["rejected"] == 3
    assert "\n" in read_records(out)[1]["text"]  # the quoted line break kept


def test_parquet_in_csv_and_parquet_out(cli, tmp_path: Path) -> None:
    from deid_studio.formats.parquet import read_parquet, write_parquet

    documents = synthetic(12)
    source = tmp_path / "reports.parquet"
    write_parquet(documents, source)
    assert cli.batch(source, tmp_path / "csv", "--out-format", "csv", "--spans", "both")[0] == 0
    assert cli.batch(source, tmp_path / "pq", "--out-format", "parquet")[0] == 0
    csv_files = sorted((tmp_path / "csv").glob("part-*.csv"))
    assert len(csv_files) == 2
    masked = [d for f in sorted((tmp_path / "pq").glob("part-*.parquet")) for d in read_parquet(f)]
    assert [d.external_id for d in masked] == [d.external_id for d in documents]
    assert [d.case_id for d in masked] == [d.case_id for d in documents]
    gold = documents[0]
    names = [gold.text[s.start : s.end] for s in gold.spans if s.category == "PATIENT"]
    both = (tmp_path / "csv" / "part-000000.csv").read_text("utf-8")
    assert names and not any(name in both for name in names)  # the input's gold masked too
    assert tree(tmp_path / "pq")  # written


def _profiling() -> bool:
    import dask

    return bool(dask.config.get("distributed.worker.profile.enabled"))


def test_our_local_workers_run_without_the_statistical_profiler_unless_configured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from deid_studio.batch.run import _client

    monkeypatch.delenv("DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED", raising=False)
    with _client(1, None, ":0") as client:
        assert set(client.run(_profiling).values()) == {False}
    monkeypatch.setenv("DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED", "True")  # the user's say
    with _client(1, None, ":0") as client:
        assert set(client.run(_profiling).values()) == {True}
