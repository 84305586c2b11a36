"""The migrations: a linear chain, in step with the models, and kind to existing data."""

from __future__ import annotations

import itertools
import os
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from deid_studio.store.database import (
    ProjectError,
    alembic_config,
    current_revision,
    head_revision,
    make_engine,
    open_database,
    upgrade,
)
from deid_studio.store.models import Base


def revisions() -> list:
    script = ScriptDirectory.from_config(alembic_config())
    return list(reversed(list(script.walk_revisions())))  # oldest first


def test_revision_chain_is_linear() -> None:
    chain = revisions()
    assert chain, "no migrations"
    assert chain[0].down_revision is None
    for older, newer in itertools.pairwise(chain):
        assert newer.down_revision == older.revision, f"{newer.revision} does not follow {older}"
    script = ScriptDirectory.from_config(alembic_config())
    assert len(script.get_heads()) == 1
    assert len(script.get_bases()) == 1
    assert chain[-1].revision == head_revision()


def test_migration_files_follow_the_dated_template() -> None:
    for rev in revisions():
        name = Path(rev.path).name
        assert name[:4].isdigit() and name[4] == "_", name
        assert rev.revision in name


def test_autogenerate_finds_no_difference_from_the_models(project_target) -> None:
    engine = open_database(project_target, create=True)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        diff = compare_metadata(context, Base.metadata)
    engine.dispose()
    assert diff == []


def test_first_revision_with_data_upgrades_to_head_intact(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    path.touch()
    engine = make_engine(f"sqlite:///{path}")
    first = revisions()[0].revision
    upgrade(engine, first)
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO documents (id, external_id, case_id, source, text, meta, language, "
                "status, content_hash, created_at, updated_at) VALUES (7, 'R1', 'C1', 'f.txt', "
                "'Ann Lee, 3/4/2020\r\n', '{\"STATE\": \"MO\"}', 'en', 'submitted', 'h1', "
                "'2026-01-01 00:00:00', '2026-01-01 00:00:00')"
            )
        )
        c.execute(
            text(
                'INSERT INTO annotations (document_id, start, "end", category, author, origin, '
                "created_at, updated_at) VALUES (7, 0, 7, 'PATIENT', 'ann', 'human', "
                "'2026-01-01 00:00:00', '2026-01-01 00:00:00')"
            )
        )
        c.execute(
            text(
                "INSERT INTO audit_events (at, actor, action, document_id, reason) VALUES "
                "('2026-01-01 00:00:00', 'ann', 'import', 7, 'f.txt')"
            )
        )
    engine.dispose()

    engine = open_database(path)  # opening migrates to head
    assert current_revision(engine) == head_revision()
    with engine.connect() as c:
        doc = c.execute(text("SELECT external_id, text, meta, status FROM documents")).one()
        span = c.execute(text('SELECT start, "end", category FROM annotations')).one()
        audit = c.execute(text("SELECT actor, action, document_id FROM audit_events")).one()
    engine.dispose()
    assert doc == ("R1", "Ann Lee, 3/4/2020\r\n", '{"STATE": "MO"}', "submitted")
    assert span == (0, 7, "PATIENT")
    assert audit == ("ann", "import", 7)


def test_audit_trail_is_append_only_in_the_database(project_target) -> None:
    engine = open_database(project_target, create=True)
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO audit_events (at, actor, action, reason) "
                "VALUES ('2026-01-01', 'ann', 'init', '')"
            )
        )
    for statement in ("UPDATE audit_events SET actor = 'eve'", "DELETE FROM audit_events"):
        with pytest.raises(Exception, match="append-only"), engine.begin() as c:
            c.execute(text(statement))
    with engine.connect() as c:
        assert c.execute(text("SELECT actor FROM audit_events")).scalar_one() == "ann"
    engine.dispose()


def test_every_connection_has_foreign_keys_and_wal(tmp_path: Path) -> None:
    engine = open_database(tmp_path / "p.sqlite", create=True)
    for _ in range(3):
        with engine.connect() as c:
            assert c.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            with pytest.raises(Exception, match="FOREIGN KEY"):
                c.execute(
                    text(
                        'INSERT INTO annotations (document_id, start, "end", category, '
                        "author, origin, created_at, updated_at) VALUES (999, 0, 1, 'X', 'a', "
                        "'human', '2026-01-01', '2026-01-01')"
                    )
                )
    engine.dispose()


def test_a_new_project_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "private.sqlite"
    open_database(path, create=True).dispose()
    assert os.stat(path).st_mode & 0o777 == 0o600


def test_opening_a_missing_project_explains_how_to_create_one(tmp_path: Path) -> None:
    with pytest.raises(ProjectError, match="no project here.*init"):
        open_database(tmp_path / "nothing.sqlite")
    assert not (tmp_path / "nothing.sqlite").exists()


def test_a_foreign_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE patients (name TEXT)")
    with pytest.raises(ProjectError, match="not a DeID Studio project"):
        open_database(path)
    with sqlite3.connect(path) as c:
        tables = {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"patients"}


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_text("dear diary " * 200)
    with pytest.raises(ProjectError, match="notes.sqlite: cannot open the database"):
        open_database(path)


def test_a_project_from_a_newer_version_is_refused(project_target) -> None:
    engine = open_database(project_target, create=True)
    with engine.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = 'ffffffffffff'"))
    engine.dispose()
    with pytest.raises(ProjectError, match="newer DeID Studio"):
        open_database(project_target)


def test_url_targets_are_accepted(tmp_path: Path) -> None:
    engine = open_database(f"sqlite:///{tmp_path / 'by-url.sqlite'}", create=True)
    assert current_revision(engine) == head_revision()
    engine.dispose()
    with pytest.raises(ProjectError, match="not a database URL"):
        open_database("nonsense://::")
