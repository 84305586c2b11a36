"""`deid-studio demo`: a reproducible demo project in the user data folder."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def rows(db: Path, sql: str) -> list[tuple]:
    with sqlite3.connect(db) as c:
        return c.execute(sql).fetchall()


def test_demo_creates_a_project_at_every_stage_of_the_workflow(cli, tmp_path: Path) -> None:
    code, out, err = cli("demo", db=False)
    assert code == 0, err
    db = tmp_path / "xdg-data" / "deid-studio" / "demo.sqlite"
    assert f"demo project created: {db}" in out
    statuses = dict(rows(db, "SELECT status, count(*) FROM documents GROUP BY status"))
    assert statuses == {"signed_off": 80, "submitted": 20, "new": 100}
    languages = dict(rows(db, "SELECT language, count(*) FROM documents GROUP BY language"))
    assert languages.get("en", 0) > 100 and languages.get("es", 0) > 20
    assert rows(
        db,
        "SELECT count(*) FROM annotations WHERE document_id IN "
        "(SELECT id FROM documents WHERE status = 'new')",
    ) == [(0,)]
    gold = rows(db, "SELECT count(*) FROM annotations")[0][0]
    assert gold > 500


def test_demo_reopens_and_resets_reproducibly(cli, tmp_path: Path) -> None:
    cli("demo", "--count", "30", db=False)
    db = tmp_path / "xdg-data" / "deid-studio" / "demo.sqlite"
    first = rows(db, "SELECT external_id, text FROM documents ORDER BY id")
    code, out, _ = cli("demo", db=False)
    assert code == 0 and "reopened" in out
    code, out, _ = cli("demo", "--count", "30", "--reset", db=False)
    assert code == 0 and "created" in out
    assert rows(db, "SELECT external_id, text FROM documents ORDER BY id") == first


def test_demo_honours_db(cli) -> None:
    code, out, _ = cli("demo", "--count", "10")
    assert code == 0 and f"created: {cli.db}" in out


def test_demo_gold_is_the_work_of_synthetic_annotators_and_a_reviewer(cli, tmp_path) -> None:
    from deid_studio.services.demo import DEMO_ANNOTATORS, DEMO_REVIEWER

    code, _, err = cli("demo", "--count", "40", "--no-window", db=False)
    assert code == 0, err
    db = tmp_path / "xdg-data" / "deid-studio" / "demo.sqlite"
    authors = {a for (a,) in rows(db, "SELECT DISTINCT author FROM annotations")}
    assert authors == set(DEMO_ANNOTATORS)
    signers = rows(db, "SELECT DISTINCT actor FROM audit_events WHERE action = 'sign_off'")
    assert signers == [(DEMO_REVIEWER,)]
    assert rows(db, "SELECT DISTINCT reviewer FROM reviews") == [(DEMO_REVIEWER,)]
    # whoever runs the demo (the test's login) annotated nothing: they may sign off at once
    waiting = rows(
        db,
        "SELECT DISTINCT e.actor FROM audit_events e JOIN documents d ON d.id = e.document_id "
        "WHERE d.status = 'submitted' AND e.action = 'import'",
    )
    assert {a for (a,) in waiting} <= set(DEMO_ANNOTATORS) and len(waiting) > 1


def test_demo_exports_synthetic_reports_with_their_gold_aside(cli, tmp_path: Path) -> None:
    import json

    from deid_studio.formats.parquet import read_parquet
    from deid_studio.services import demo as demo_service
    from deid_studio.synth import generate, generate_range

    out = tmp_path / "reports.parquet"
    code, printed, err = cli("demo", "--export-reports", "25", str(out), "--seed", "3", db=False)
    assert code == 0, err
    assert "wrote 25 synthetic reports" in printed
    gold = [json.loads(x) for x in (tmp_path / "reports.gold.jsonl").read_text().splitlines()]
    expected = generate(25, 3)
    assert [g["id"] for g in gold] == [d.external_id for d in expected]
    assert [len(g["spans"]) for g in gold] == [len(d.spans) for d in expected]
    bare = read_parquet(out)
    assert [d.text for d in bare] == [d.text for d in expected] and not any(d.spans for d in bare)
    assert [d.case_id for d in bare] == [d.case_id for d in expected]
    code, _, err = cli("demo", "--export-reports", "25", str(out), db=False)
    assert code == 1 and "already exists" in err
    # ranges of the larger sets share no case and are made in parallel: the same output
    monkeypatched = demo_service.BLOCK
    try:
        demo_service.BLOCK = 10
        jsonl = tmp_path / "blocks.jsonl"
        assert cli("demo", "--export-reports", "25", str(jsonl), "--seed", "3", db=False)[0] == 0
    finally:
        demo_service.BLOCK = monkeypatched
    texts = [json.loads(x)["text"] for x in jsonl.read_text().splitlines()]
    ranges = [*generate_range(3, 0, 10), *generate_range(3, 10, 20), *generate_range(3, 20, 25)]
    assert texts == [d.text for d in ranges]
    assert texts[:10] == [d.text for d in expected[:10]]
