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
