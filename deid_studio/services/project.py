"""Creating and opening projects."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

from deid_studio.core.categories import Scheme, preset
from deid_studio.core.errors import DeidError
from deid_studio.store.database import ProjectError
from deid_studio.store.project import Project

__all__ = ["ProjectError", "ProjectSummary", "init_project", "open_project", "summary"]


@dataclass(frozen=True, slots=True)
class ProjectSummary:
    """What a project holds, for ``deid-studio status`` and the status bar."""

    location: str
    scheme: str
    categories: int
    documents: dict[str, int]
    annotations: int


def init_project(target: str | os.PathLike[str], *, scheme: str, actor: str) -> Project:
    """Create a project with a preset scheme; refuses a database that is already a project."""
    try:
        chosen: Scheme = preset(scheme)
    except ValueError as err:
        raise DeidError(str(err)) from None
    project = Project.open(target, create=True)
    try:
        with project.transaction(actor) as tx:
            if tx.setting("scheme") is not None:
                raise ProjectError(
                    f"{project.location}: already a project (scheme {tx.setting('scheme')}); "
                    "nothing was changed"
                )
            tx.set_scheme(chosen)
            tx.set_setting("vault_secret", secrets.token_hex(32))
            tx.set_setting("four_eyes", True)
            tx.audit(
                "init",
                after={
                    "scheme": chosen.name,
                    "categories": list(chosen.names),
                    "users": "team: database logins and roles"
                    if project.server
                    else "single user: the actor is the name given (--user or settings)",
                },
            )
    except BaseException:
        project.close()
        raise
    return project


def open_project(target: str | os.PathLike[str]) -> Project:
    """Open an initialised project; a missing or uninitialised one is a clear error."""
    project = Project.open(target)
    with project.reading() as tx:
        initialised = tx.setting("scheme") is not None
    if not initialised:
        location = project.location
        project.close()
        raise ProjectError(
            f"{location}: the project has no category scheme yet; run `deid-studio --db "
            f"{location} init` first"
        )
    return project


def summary(project: Project) -> ProjectSummary:
    """Counts of documents by status, gold spans and categories."""
    with project.reading() as tx:
        scheme = tx.scheme()
        return ProjectSummary(
            location=project.location,
            scheme=scheme.name,
            categories=len(scheme),
            documents=tx.status_counts(),
            annotations=tx.annotation_count(),
        )
