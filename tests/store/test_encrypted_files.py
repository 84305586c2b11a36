"""Encrypted project files (SQLCipher): nothing in clear on disk, a wrong passphrase changes
nothing, migrations run on them, the passphrase can be changed, a plain file encrypted."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from deid_studio.core.document import Document, Span
from deid_studio.services.importing import import_documents
from deid_studio.services.project import change_passphrase, init_project, open_project
from deid_studio.store import cipher
from deid_studio.store.database import (
    alembic_config,
    current_revision,
    head_revision,
    make_engine,
    upgrade,
)
from deid_studio.store.project import Project

PASSPHRASE = 'correct horse: "battery" @ 100% / staple'
NARRATIVES = [
    "Patient Ashlee Robertson, 45, was seen at St Mary Hospital on 03/04/2021 by Dr Jones.",
    "Report from Dr Alan Smith (phone 555-0101): the patient collapsed on 12 May 2021.",
]
SECRETS = [b"Ashlee", b"Robertson", b"St Mary Hospital", b"Alan Smith", b"555-0101",
           b"collapsed on", b"was seen at"]  # fmt: skip


@pytest.fixture(autouse=True)
def environment_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Passphrases come from DEID_STUDIO_KEY alone, whatever an earlier test installed."""
    monkeypatch.delenv(cipher.ENVIRONMENT_KEY, raising=False)
    cipher.set_key_source(None)
    cipher.forget_unlocked()  # as a new process would
    yield
    cipher.set_key_source(None)


def fill(project: Project) -> None:
    documents = [
        Document(t, (Span(8, 24, "PATIENT"),) if i == 0 else (), external_id=f"R{i}", language="en")
        for i, t in enumerate(NARRATIVES)
    ]
    import_documents(project, documents, origin="t.jsonl", actor="ann", gold=True)


def on_disk(folder: Path) -> bytes:
    """Every byte the project left in its folder: the file, its WAL, its shared memory."""
    return b"".join(path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file())


def snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    return {
        p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
        for p in sorted(folder.iterdir())
    }


def encrypted_project(folder: Path) -> Path:
    folder.mkdir()
    path = folder / "secret.sqlite"
    with init_project(path, scheme="pv", actor="ann", passphrase=PASSPHRASE) as project:
        assert project.encrypted
        fill(project)
    cipher.forget_unlocked()  # later opens behave as in a new process
    return path


def test_no_narrative_text_or_name_is_in_clear_on_disk(tmp_path: Path, monkeypatch) -> None:
    plain = tmp_path / "plain"
    plain.mkdir()
    with init_project(plain / "p.sqlite", scheme="pv", actor="ann") as project:
        fill(project)
        assert all(secret in on_disk(plain) for secret in SECRETS)  # the check can fail
    path = encrypted_project(tmp_path / "enc")
    assert not path.read_bytes().startswith(b"SQLite format 3")
    monkeypatch.setenv(cipher.ENVIRONMENT_KEY, PASSPHRASE)
    with open_project(path) as project:  # open, read and write again: the WAL is on disk now
        with project.reading() as tx:
            assert {d.document.external_id for d in tx.documents()} == {"R0", "R1"}
        fill_more = [Document("Seen by Dr Ottoline Quist.", (), external_id="R9")]
        import_documents(project, fill_more, origin="more.jsonl", actor="ann")
        disk = on_disk(tmp_path / "enc")
        assert not [s for s in [*SECRETS, b"Ottoline", b"Quist"] if s in disk]
    with pytest.raises(sqlite3.DatabaseError):  # and SQLite itself cannot read it
        sqlite3.connect(path).execute("SELECT count(*) FROM documents").fetchall()


def test_a_wrong_passphrase_gives_one_line_and_changes_nothing(tmp_path: Path, monkeypatch) -> None:
    path = encrypted_project(tmp_path / "enc")
    before = snapshot(path.parent)
    monkeypatch.setenv(cipher.ENVIRONMENT_KEY, "not the passphrase")
    with pytest.raises(cipher.PassphraseError) as raised:
        open_project(path)
    assert str(raised.value) == f"{path}: wrong passphrase; nothing was changed"
    monkeypatch.delenv(cipher.ENVIRONMENT_KEY)
    with pytest.raises(cipher.PassphraseError, match="encrypted .*give its passphrase"):
        open_project(path)
    assert snapshot(path.parent) == before


def test_the_key_source_is_tried_in_order_until_one_opens(tmp_path: Path) -> None:
    path = encrypted_project(tmp_path / "enc")
    asked: list[str] = []

    def source(_path: Path) -> Iterator[str]:
        for guess in ("first guess", "", PASSPHRASE, "never asked"):
            asked.append(guess)
            yield guess

    cipher.set_key_source(source)
    with open_project(path) as project:
        assert project.location == str(path)
        assert PASSPHRASE not in project.location
    assert asked == ["first guess", "", PASSPHRASE]


def test_migrations_run_on_an_encrypted_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "old.sqlite"
    path.touch()
    engine = make_engine(cipher.keyed_url(path, PASSPHRASE))
    from alembic.script import ScriptDirectory

    first = list(ScriptDirectory.from_config(alembic_config()).walk_revisions())[-1].revision
    upgrade(engine, first)
    with engine.begin() as c:
        c.execute(
            text(
                "INSERT INTO documents (id, external_id, case_id, source, text, meta, language, "
                "status, content_hash, created_at, updated_at) VALUES (7, 'R1', 'C1', 'f.txt', "
                "'Ann Lee, 3/4/2020', '{}', 'en', 'new', 'h1', '2026-01-01 00:00:00', "
                "'2026-01-01 00:00:00')"
            )
        )
    assert current_revision(engine) == first != head_revision()
    engine.dispose()
    assert cipher.is_encrypted_file(path)
    monkeypatch.setenv(cipher.ENVIRONMENT_KEY, PASSPHRASE)
    project = Project.open(path)  # opening migrates to head, encrypted as it was
    assert current_revision(project.engine) == head_revision()
    with project.engine.connect() as c:
        assert c.execute(text("SELECT text FROM documents")).scalar_one() == "Ann Lee, 3/4/2020"
    project.close()
    assert b"Ann Lee" not in path.read_bytes()


def test_rekey_changes_the_passphrase(tmp_path: Path, monkeypatch) -> None:
    path = encrypted_project(tmp_path / "enc")
    monkeypatch.setenv(cipher.ENVIRONMENT_KEY, PASSPHRASE)
    with open_project(path) as project:
        change_passphrase(project, "a new one", actor="steward")
        with project.reading() as tx:  # the open project goes on with the new key
            assert tx.audit_trail()[-1].action == "rekey"
            assert len(tx.documents()) == 2
    cipher.forget_unlocked()
    with pytest.raises(cipher.PassphraseError, match="wrong passphrase"):
        open_project(path)
    monkeypatch.setenv(cipher.ENVIRONMENT_KEY, "a new one")
    with open_project(path) as project, project.reading() as tx:
        assert [d.document.text for d in tx.documents()] == NARRATIVES


def test_a_plain_project_can_be_encrypted_in_place(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "p.sqlite"
    with init_project(path, scheme="pv", actor="ann") as project:
        fill(project)
        change_passphrase(project, PASSPHRASE, actor="steward")
        assert project.encrypted
    cipher.forget_unlocked()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.sqlite"]
    assert path.stat().st_mode & 0o777 == 0o600
    assert not [s for s in SECRETS if s in path.read_bytes()]
    monkeypatch.setenv(cipher.ENVIRONMENT_KEY, PASSPHRASE)
    with open_project(path) as project, project.reading() as tx:
        assert [e.action for e in tx.audit_trail()][-1] == "encrypt"
        assert [d.document.text for d in tx.documents()] == NARRATIVES
        assert [len(d.document.spans) for d in tx.documents()] == [1, 0]
    with pytest.raises(Exception, match="append-only"), Project.open(path) as project:
        with project.engine.begin() as c:  # the triggers came along
            c.execute(text("DELETE FROM audit_events"))


def test_an_encrypted_project_is_never_created_over_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    path.write_bytes(b"")
    with pytest.raises(Exception, match="already exists"):
        init_project(path, scheme="pv", actor="ann", passphrase=PASSPHRASE)
    assert path.read_bytes() == b""
