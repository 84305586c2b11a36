"""The team of a shared (PostgreSQL) project: who is signed in, with which role; adding and
removing members (a steward's job).

On a server the actor is the database login; nothing lets a person type another name.
On SQLite one person works with every role, and the audit trail names whoever
``--user`` or the application's settings say.
"""

from __future__ import annotations

from dataclasses import dataclass

from deid_studio.store.project import Project
from deid_studio.store.team import ROLES, Member, PermissionRefused

__all__ = [
    "ROLES",
    "Identity",
    "Member",
    "PermissionRefused",
    "add_member",
    "identity",
    "members",
    "remove_member",
]


@dataclass(frozen=True, slots=True)
class Identity:
    """Who acts in a project and what they may do."""

    actor: str
    roles: frozenset[str]
    server: bool

    @property
    def role(self) -> str:
        """The highest role held ('' for none)."""
        held = [r for r in ROLES if r in self.roles]
        return held[-1] if held else ""

    def describe(self) -> str:
        """For the status bar: 'ann (annotator)', or the single-user note on SQLite."""
        if not self.server:
            return f"{self.actor} (single user)"
        return f"{self.actor} ({self.role or 'no role'})"


def identity(project: Project, actor: str = "") -> Identity:
    """The actor (the login on a server) and their roles."""
    with project.reading(actor) as tx:
        return Identity(tx.actor or actor, tx.roles(), project.server)


def add_member(project: Project, name: str, role: str, *, password: str | None, actor: str) -> bool:
    """Create the login ``name`` if needed (with ``password``) and give it ``role`` in the
    project, replacing any role it had; a steward's action, audited. True when the login is
    new."""
    with project.transaction(actor) as tx:
        tx.require("steward", "add users")
        created = tx.add_member(name, role, password)
        tx.audit(
            "team_add_user",
            after={"login": name, "role": role, "created": created},
            reason="new login" if created else "role changed",
        )
        return created


def remove_member(project: Project, name: str, *, actor: str) -> None:
    """Take every project role from ``name``; audited."""
    with project.transaction(actor) as tx:
        tx.require("steward", "remove users")
        before = {m.login: m.role for m in tx.members()}
        if name not in before:
            from deid_studio.core.errors import DeidError

            raise DeidError(f"{name} has no role in this project")
        tx.remove_member(name)
        tx.audit("team_remove_user", before={"login": name, "role": before[name]})


def members(project: Project) -> list[Member]:
    """Every login with a role in the project, with its role."""
    with project.reading() as tx:
        return tx.members()
