"""Creating and opening projects."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass

from deid_studio.core.categories import Scheme, preset
from deid_studio.core.errors import DeidError
from deid_studio.store.database import ProjectError
from deid_studio.store.project import Project

__all__ = [
    "ProjectError",
    "ProjectSummary",
    "change_passphrase",
    "init_project",
    "open_project",
    "summary",
]


@dataclass(frozen=True, slots=True)
class ProjectSummary:
    """What a project holds, for ``deid-studio status`` and the status bar."""

    location: str
    scheme: str
    categories: int
    documents: dict[str, int]
    annotations: int


def init_project(
    target: str | os.PathLike[str], *, scheme: str, actor: str, passphrase: str | None = None
) -> Project:
    """Create a project with a preset scheme (a file encrypted under ``passphrase``, if
    given); refuses a database that is already a project."""
    try:
        chosen: Scheme = preset(scheme)
    except ValueError as err:
        raise DeidError(str(err)) from None
    if passphrase is not None and Project.exists(target):
        raise ProjectError(f"{target}: already exists; an encrypted project needs a new file")
    project = Project.open(target, create=True, passphrase=passphrase)
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
                    "encrypted": project.encrypted,
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


def change_passphrase(project: Project, passphrase: str, *, actor: str) -> None:
    """Re-encrypt the project under a new passphrase (or encrypt a plain project file), and
    audit it (the passphrase itself is recorded nowhere)."""
    was_encrypted = project.encrypted
    project.change_passphrase(passphrase)
    with project.transaction(actor) as tx:
        tx.audit("rekey" if was_encrypted else "encrypt", after={"encrypted": True})


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
