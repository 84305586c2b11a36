"""A team project on a real PostgreSQL server: URLs, identities, roles enforced by the
services and by the database itself, and the bad input of the issue (wrong password,
unreachable server, a login without a role, a schema the login cannot migrate)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import psycopg
import pytest
from pgserver_fixture import PASSWORD, PgServer
from sqlalchemy import text

from deid_studio.cli import main
from deid_studio.core.document import Document, Span
from deid_studio.services import annotating, submitting
from deid_studio.services.importing import import_documents
from deid_studio.services.masking import set_masking_policy
from deid_studio.services.project import ProjectError, init_project, open_project
from deid_studio.services.reviewing import sign_off
from deid_studio.services.team import PermissionRefused, add_member, identity, members
from deid_studio.store.project import Project

TEXT = "Patient Ann Lee, seen on 3/4/2020 at St Mary."


@pytest.fixture
def team(pg_server: PgServer) -> Iterator[tuple[PgServer, str]]:
    """A project (owned by the superuser) with a document, a steward ``sofia``, an annotator
    ``anna`` and a reviewer ``rene`` (each a login of their own)."""
    name = pg_server.new_database(migrated=False)
    with init_project(pg_server.url(name), scheme="pv", actor="") as project:
        import_documents(project, [Document(TEXT, external_id="R1")], origin="t", actor="")
        add_member(project, "sofia", "steward", password=PASSWORD, actor="")
        add_member(project, "anna", "annotator", password=PASSWORD, actor="")
        add_member(project, "rene", "reviewer", password=PASSWORD, actor="")
    yield pg_server, name
    pg_server.drop_database(name)


def as_login(team: tuple[PgServer, str], login: str) -> Project:
    server, name = team
    return open_project(server.url(name, login, PASSWORD))


def test_the_issue_url_with_a_percent_encoded_socket_works_from_the_command_line(
    pg_server: PgServer, capsys: pytest.CaptureFixture[str]
) -> None:
    name = pg_server.new_database(migrated=False)
    url = pg_server.url(name).replace("postgresql+psycopg://", "postgresql://")
    assert "%2F" in url
    assert main(["--db", url, "--quiet", "init"]) == 0
    assert main(["--db", url, "status"]) == 0
    out = capsys.readouterr().out
    assert "scheme     pv" in out
    with Project.open(url) as project, project.reading() as tx:
        [event] = tx.audit_trail()
    assert event.actor == "postgres"  # the login, not the system user's name
    assert "team" in event.after["users"]


def test_deid_studio_db_holds_the_url(
    team: tuple[PgServer, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    server, name = team
    monkeypatch.setenv("DEID_STUDIO_DB", server.url(name, "anna", PASSWORD))
    monkeypatch.setenv("DEID_STUDIO_USER", "somebody-else")
    assert main(["whoami"]) == 0
    assert capsys.readouterr().out.strip() == "anna (annotator)"


def test_wrong_password_is_one_line(team: tuple[PgServer, str]) -> None:
    server, name = team
    with pytest.raises(ProjectError) as caught:
        open_project(server.url(name, "anna", "wrong"))
    message = str(caught.value)
    assert "\n" not in message and "password authentication failed" in message
    assert "wrong" not in message  # the password itself is never shown


def test_an_unreachable_server_is_one_line_within_seconds() -> None:
    started = time.perf_counter()
    with pytest.raises(ProjectError, match="cannot open the database") as caught:
        open_project("postgresql://anna@127.0.0.1:9/nowhere")
    assert "\n" not in str(caught.value)
    assert time.perf_counter() - started < 15


def test_a_login_without_a_role_is_told_who_can_give_one(team: tuple[PgServer, str]) -> None:
    server, name = team
    server.create_login("nobody")
    with pytest.raises(ProjectError, match="nobody has no role in this project.*add-user"):
        open_project(server.url(name, "nobody", PASSWORD))


def test_an_older_schema_is_migrated_by_its_owner_only(team: tuple[PgServer, str]) -> None:
    from alembic import command

    from deid_studio.store.database import alembic_config, head_revision, make_engine

    server, name = team
    engine = make_engine(server.url(name))
    with engine.begin() as connection:  # as if this version's migration had not run yet
        config = alembic_config(engine)
        config.attributes["connection"] = connection
        command.downgrade(config, "91ce18ec4d6e")
    engine.dispose()
    with pytest.raises(ProjectError, match="91ce18ec4d6e.*its owner must open it once"):
        open_project(server.url(name, "anna", PASSWORD))
    with plain_sql(team, "anna") as c:  # nothing half-done
        assert c.execute("SELECT version_num FROM alembic_version").fetchone() == ("91ce18ec4d6e",)
    Project.open(server.url(name)).close()  # the owner opens it: migrated, set up again
    with as_login(team, "anna") as project, project.engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == (
            head_revision()
        )
        assert identity(project).describe() == "anna (annotator)"


def test_identity_is_the_login_and_four_eyes_uses_it(team: tuple[PgServer, str]) -> None:
    with as_login(team, "anna") as project:
        assert identity(project, "anna").describe() == "anna (annotator)"
        state = annotating.open_for_annotation(project, 1, actor="")
        annotating.add_span(project, 1, Span(8, 15, "PATIENT"), actor="")
        submitting.submit(project, 1, actor="")
        assert state.info.claimed_by == "anna"
        with pytest.raises(PermissionRefused, match="signed in as anna, you cannot act as rene"):
            sign_off(project, 1, actor="rene")
        with pytest.raises(PermissionRefused, match="you cannot act as nobody-here"):
            sign_off(project, 1, actor="nobody-here")  # no such role: one line too
        with pytest.raises(PermissionRefused, match="needs the reviewer role"):
            sign_off(project, 1, actor="")
    with as_login(team, "rene") as project:
        assert sign_off(project, 1, actor="") == "signed_off"
        with project.reading() as tx:
            trail = [(e.actor, e.action) for e in tx.audit_trail(1)]
            [signed] = [e for e in tx.audit_trail(1) if e.action == "sign_off"]
    assert ("anna", "submit") in trail and ("rene", "sign_off") in trail
    assert signed.after["identity"] == "database login"


def test_services_refuse_an_annotator_in_one_line(team: tuple[PgServer, str], tmp_path) -> None:
    from deid_studio.mask.policy import MaskingPolicy
    from deid_studio.services.masking import export_masked

    with as_login(team, "anna") as project:
        with pytest.raises(PermissionRefused, match=r"anna \(annotator\) may not change the mask"):
            set_masking_policy(project, MaskingPolicy(), actor="")
        with pytest.raises(PermissionRefused, match="may not export"):
            export_masked(
                project, tmp_path / "out.jsonl", "jsonl", actor="", force=True, reason="r"
            )
        with pytest.raises(PermissionRefused, match="may not import"):
            import_documents(project, [Document("x y", external_id="R2")], origin="t", actor="")
    assert not (tmp_path / "out.jsonl").exists()


def plain_sql(team: tuple[PgServer, str], login: str) -> psycopg.Connection:
    server, name = team
    return server.connect(name, login, PASSWORD)


def refused(connection: psycopg.Connection, statement: str) -> bool:
    """True when the database refuses the statement or changes no row."""
    try:
        with connection.transaction():
            cursor = connection.execute(statement)
            return cursor.rowcount == 0
    except psycopg.Error:
        return True


def test_an_annotator_cannot_do_more_with_plain_sql(team: tuple[PgServer, str]) -> None:
    with as_login(team, "anna") as project:  # anna's gold, submitted; then rene signs off R1
        annotating.open_for_annotation(project, 1, actor="")
        annotating.add_span(project, 1, Span(8, 15, "PATIENT"), actor="")
    with plain_sql(team, "anna") as c:
        # what an annotator does is allowed
        assert not refused(c, "UPDATE annotations SET category = 'RELATIVE' WHERE id = 1")
        assert not refused(
            c,
            "INSERT INTO audit_events (at, actor, action, reason) VALUES "
            "(now(), 'anna', 'note', '')",
        )
        # sign-off, export, policy, audit: refused
        assert refused(c, "UPDATE documents SET status = 'signed_off' WHERE id = 1")
        assert refused(
            c,
            "INSERT INTO reviews (document_id, reviewer, decision, comment, at) "
            "VALUES (1, 'anna', 'signed_off', '', now())",
        )
        assert refused(c, "UPDATE documents SET status = 'exported' WHERE id = 1")
        assert refused(
            c,
            "INSERT INTO surrogate_vault (case_id, category, original_hash, "
            "surrogate, created_at) VALUES ('c', 'PATIENT', 'h', 'Bo', now())",
        )
        assert refused(c, "UPDATE settings SET value = '\"redact\"' WHERE key = 'four_eyes'")
        assert refused(c, "INSERT INTO settings (key, value) VALUES ('masking_policy', '{}')")
        assert refused(c, "UPDATE documents SET text = 'rewritten' WHERE id = 1")
        assert refused(c, "DELETE FROM audit_events")
        assert refused(c, "UPDATE audit_events SET actor = 'rene'")
        assert refused(
            c,
            "INSERT INTO audit_events (at, actor, action, reason) VALUES "
            "(now(), 'rene', 'sign_off', '')",
        )
    with as_login(team, "anna") as project:
        submitting.submit(project, 1, actor="")
    with as_login(team, "rene") as project:
        sign_off(project, 1, actor="")
    with plain_sql(team, "anna") as c:  # signed off: the gold is out of an annotator's reach
        assert refused(c, "UPDATE annotations SET category = 'PATIENT' WHERE id = 1")
        assert refused(c, "DELETE FROM annotations WHERE document_id = 1")
        assert refused(c, "UPDATE documents SET status = 'in_progress' WHERE id = 1")
    with plain_sql(team, "rene") as c:  # a reviewer does not export either
        assert refused(c, "UPDATE documents SET status = 'exported' WHERE id = 1")
    with plain_sql(team, "sofia") as c:  # nor does anyone rewrite the audit trail
        assert refused(c, "DELETE FROM audit_events")
        assert not refused(c, "UPDATE documents SET status = 'exported' WHERE id = 1")


def test_a_steward_adds_users_from_the_command_line(
    team: tuple[PgServer, str], monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    import io

    server, name = team
    url = server.url(name, "sofia", PASSWORD)
    monkeypatch.setattr("sys.stdin", io.StringIO("pw-of-noor\n"))
    assert (
        main(["--db", url, "team", "add-user", "noor", "--role", "annotator", "--password-stdin"])
        == 0
    )
    assert "created noor: annotator" in capsys.readouterr().out
    with open_project(server.url(name, "noor", "pw-of-noor")) as project:
        assert identity(project).describe() == "noor (annotator)"
    assert (
        main(
            [
                "--db",
                server.url(name, "anna", PASSWORD),
                "team",
                "add-user",
                "zed",
                "--role",
                "steward",
                "--password-stdin",
            ]
        )
        == 1
    )
    assert "may not add users" in capsys.readouterr().err
    with Project.open(server.url(name)) as project:
        roles = {m.login: m.role for m in members(project)}
    assert roles["noor"] == "annotator" and roles["sofia"] == "steward" and "zed" not in roles


def test_sqlite_stays_single_user_and_says_so(tmp_path) -> None:
    with init_project(tmp_path / "p.sqlite", scheme="pv", actor="ann") as project:
        assert identity(project, "ann").describe() == "ann (single user)"
        with project.reading() as tx:
            [event] = tx.audit_trail()
    assert event.actor == "ann" and "single user" in event.after["users"]


def test_a_blind_copy_is_hidden_from_the_other_annotator_by_the_database(
    team: tuple[PgServer, str],
) -> None:
    from deid_studio.services.double import assign_double

    server, name = team
    server.create_login("beth")
    with Project.open(server.url(name)) as project:
        add_member(project, "beth", "annotator", password=None, actor="")
        assign_double(project, ["anna", "beth"], actor="", document_ids=[1])
    with as_login(team, "anna") as project:
        annotating.add_span(project, 1, Span(8, 15, "PATIENT"), actor="")
    with plain_sql(team, "beth") as c:
        assert c.execute("SELECT count(*) FROM blind_spans").fetchone() == (0,)
        assert c.execute(
            "SELECT count(*) FROM audit_events WHERE action LIKE 'blind%'"
        ).fetchone() == (0,)
        assert refused(c, "UPDATE blind_spans SET category = 'AGE'")
    with plain_sql(team, "anna") as c:
        assert c.execute("SELECT count(*) FROM blind_spans").fetchone() == (1,)
    with plain_sql(team, "rene") as c:  # the adjudicator sees both copies
        assert c.execute("SELECT count(*) FROM blind_spans").fetchone() == (1,)


def test_a_lost_connection_mid_edit_is_one_line_and_the_retry_saves_it(
    team: tuple[PgServer, str],
) -> None:
    from deid_studio.store.project import ConnectionLost

    server, name = team
    with as_login(team, "anna") as project:
        annotating.open_for_annotation(project, 1, actor="")
        first = annotating.add_span(project, 1, Span(8, 15, "PATIENT"), actor="")
        server.sql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")  # the server goes away
        server.sql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        )
        try:
            with pytest.raises(ConnectionLost) as caught:
                annotating.add_span(
                    project, 1, Span(25, 33, "DATE"), actor="", expected_version=first.version
                )
        finally:
            server.sql(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        message = str(caught.value)
        assert "\n" not in message and "nothing of this action was saved" in message
        assert PASSWORD not in message
        again = annotating.add_span(
            project, 1, Span(25, 33, "DATE"), actor="", expected_version=first.version
        )  # the retry
        assert again.version == first.version + 1
        gold = annotating.load_document(project, 1).gold
    assert [(a.start, a.category) for a in gold] == [(8, "PATIENT"), (25, "DATE")]


def test_connections_the_server_ended_meanwhile_cost_no_error(team: tuple[PgServer, str]) -> None:
    server, name = team
    with as_login(team, "anna") as project:
        annotating.open_for_annotation(project, 1, actor="")
        first = annotating.add_span(project, 1, Span(8, 15, "PATIENT"), actor="")
        for _ in range(2):  # the pooled connection ends (a restart, an administrator)
            server.sql(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                f"WHERE datname = '{name}' AND pid <> pg_backend_pid()"
            )
            time.sleep(0.2)  # the server's goodbye reaches the client
            state = annotating.load_document(project, 1, actor="")
            assert state.info.version == first.version
        again = annotating.add_span(
            project, 1, Span(25, 33, "DATE"), actor="", expected_version=first.version
        )
        assert again.version == first.version + 1
