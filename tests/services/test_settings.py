"""Project settings and the category scheme editor."""

from __future__ import annotations

from dataclasses import replace

import pytest

from deid_studio.core.categories import Category
from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError
from deid_studio.services.importing import import_documents
from deid_studio.services.settings import (
    project_settings,
    scheme_of,
    update_scheme,
    update_settings,
)
from deid_studio.store.project import Project


def test_settings_default_change_and_audit(project: Project) -> None:
    assert project_settings(project).four_eyes is True
    new = update_settings(project, actor="steward", retrain_every=5, accept_threshold="0.8")
    assert new.retrain_every == 5 and new.accept_threshold == 0.8
    assert project_settings(project) == new
    with project.reading() as tx:
        event = tx.audit_trail()[-1]
    assert event.action == "settings" and event.before == {
        "retrain_every": 10,
        "accept_threshold": 0.9,
    }
    with pytest.raises(DeidError, match="accept_threshold"):
        update_settings(project, actor="steward", accept_threshold=2)
    with pytest.raises(DeidError, match="unknown"):
        update_settings(project, actor="steward", colour="red")


def test_scheme_rename_recolour_add_and_refuse_drop(project: Project) -> None:
    import_documents(
        project, [Document("John was here", (Span(0, 4, "PATIENT"),), external_id="a")],
        origin="t", actor="steward", gold=True,
    )  # fmt: skip
    scheme, usage = scheme_of(project)
    assert usage == {"PATIENT": 1}
    renamed = [
        replace(c, name="SUBJECT", colour="#123456") if c.name == "PATIENT" else c
        for c in scheme.categories
    ]
    renamed.append(Category("VEHICLE", "#abcdef", "v"))
    new = update_scheme(
        project,
        replace(scheme, categories=tuple(renamed)),
        actor="steward",
        renames={"PATIENT": "SUBJECT"},
    )
    assert new["SUBJECT"].colour == "#123456" and "VEHICLE" in new
    assert scheme_of(project)[1] == {"SUBJECT": 1}
    without = tuple(c for c in new.categories if c.name != "SUBJECT")
    with pytest.raises(DeidError, match="SUBJECT"):
        update_scheme(project, replace(new, categories=without), actor="steward")
