from __future__ import annotations

from pathlib import Path

import pytest

from deid_studio.core.errors import DeidError
from deid_studio.services.project import ProjectError, init_project, open_project
from deid_studio.store.project import Project


def test_init_records_the_scheme_and_the_audit(project_target) -> None:
    with init_project(project_target, scheme="meddocan", actor="ann") as project:
        with project.reading() as tx:
            assert tx.scheme().name == "meddocan"
            assert "FECHAS" in tx.scheme()
            assert len(tx.setting("vault_secret")) == 64
            [event] = tx.audit_trail()
    assert (event.action, event.actor) == ("init", "ann")


def test_init_twice_is_refused_and_changes_nothing(project_target) -> None:
    init_project(project_target, scheme="pv", actor="ann").close()
    with pytest.raises(ProjectError, match="already a project"):
        init_project(project_target, scheme="meddocan", actor="bob")
    with open_project(project_target) as project, project.reading() as tx:
        assert tx.scheme().name == "pv"
        assert len(tx.audit_trail()) == 1


def test_unknown_scheme_creates_nothing(project_target) -> None:
    with pytest.raises(DeidError, match="unknown scheme"):
        init_project(project_target, scheme="nope", actor="ann")
    if isinstance(project_target, Path):
        assert not project_target.exists()


def test_an_uninitialised_database_is_explained(project_target) -> None:
    Project.open(project_target, create=True).close()
    with pytest.raises(ProjectError, match="no category scheme yet.*init"):
        open_project(project_target)


def test_a_change_without_audit_is_refused(project_target) -> None:
    with init_project(project_target, scheme="pv", actor="ann") as project:
        with pytest.raises(RuntimeError, match="without an audit event"):
            with project.transaction("ann") as tx:
                tx.set_setting("four_eyes", False)
        with project.reading() as tx:
            assert tx.setting("four_eyes") is True


def test_an_error_rolls_the_whole_action_back(project_target) -> None:
    with init_project(project_target, scheme="pv", actor="ann") as project:
        with pytest.raises(ZeroDivisionError), project.transaction("ann") as tx:
            tx.set_setting("four_eyes", False)
            tx.audit("settings", after={"four_eyes": False})
            1 / 0  # noqa: B018
        with project.reading() as tx:
            assert tx.setting("four_eyes") is True
            assert [e.action for e in tx.audit_trail()] == ["init"]


def test_reading_refuses_writes(project_target) -> None:
    with init_project(project_target, scheme="pv", actor="ann") as project:
        with pytest.raises(RuntimeError, match="read-only"), project.reading() as tx:
            tx.set_setting("x", 1)
