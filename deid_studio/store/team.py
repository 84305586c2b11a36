"""A team project on PostgreSQL: roles, grants, row-level security, logins.

On a server the actor is the database login (``current_user``). Three group roles per
project — annotator, reviewer, steward, each a member of the one before, so a steward may do
what a reviewer may and a reviewer what an annotator may — are granted to logins by a steward
(:func:`add_user`). The services check the role and refuse in one line; the database checks
it again here, by grants (column-level where it matters) and row-level security, so a login
can do no more with plain SQL than through the application:

- an annotator changes gold spans and statuses only of documents not yet signed off, cannot
  move a document past ``submitted``, cannot write reviews, settings, categories, the
  surrogate vault or date offsets, and sees only their own spans of a blind double
  annotation;
- a reviewer may also sign off (``signed_off``) and write reviews in their own name;
- a steward may do everything else (import, policy, export), but like everyone may only
  append audit events in their own name: ``audit_events`` has no UPDATE or DELETE grant, and
  a trigger refuses both even to the owner.

The roles' names are stored in the project (setting ``team_roles``) when the owner first
sets it up, derived from the database's name, so two projects on one server have their own.
Every insert of a ``train`` or ``resuggest`` audit event is announced on the channel
:data:`CHANNEL` (LISTEN/NOTIFY), so every open window picks up a new model version.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, insert, select, text

from deid_studio.core.errors import DeidError
from deid_studio.store import models as m
from deid_studio.store.database import (
    ProjectError,
    current_revision,
    head_revision,
    upgrade,
)
from deid_studio.store.transaction import TransactionBase

ROLES = ("annotator", "reviewer", "steward")
ROLES_SETTING = "team_roles"
CHANNEL = "deid_studio"
ANNOUNCED = ("train", "resuggest")
_NAME = re.compile(r"^[a-z_][a-z0-9_.@-]{0,62}$")

_EDITABLE = "('new', 'in_progress', 'submitted')"
_DOC_EDITABLE = (
    f"EXISTS (SELECT 1 FROM documents d WHERE d.id = document_id AND d.status IN {_EDITABLE})"
)
_OWN_OPEN_ASSIGNMENT = (
    "EXISTS (SELECT 1 FROM assignments x WHERE x.id = assignment_id "
    "AND x.annotator = current_user AND x.submitted_at IS NULL)"
)
_OWN_ASSIGNMENT = (
    "EXISTS (SELECT 1 FROM assignments x WHERE x.id = assignment_id AND x.annotator = current_user)"
)

# role -> table -> privileges (a role also has those of the roles before it)
GRANTS: dict[str, dict[str, str]] = {
    "annotator": {
        "documents": "SELECT, UPDATE (status, claimed_by, claimed_at, version, updated_at, "
        "resolved_on_submit)",
        "annotations": "SELECT, INSERT, UPDATE, DELETE",
        "suggestions": "SELECT, INSERT, DELETE",
        "document_scores": "SELECT, INSERT, UPDATE, DELETE",
        "model_versions": "SELECT, INSERT",
        "reviews": "SELECT",
        "audit_events": "SELECT, INSERT",
        "surrogate_vault": "SELECT",
        "date_offsets": "SELECT",
        "categories": "SELECT",
        "settings": "SELECT",
        "alembic_version": "SELECT",
        "assignments": "SELECT, UPDATE (submitted_at)",
        "blind_spans": "SELECT, INSERT, UPDATE, DELETE",
    },
    "reviewer": {"reviews": "INSERT", "assignments": "UPDATE (adjudicated_at)"},
    "steward": {
        "documents": "INSERT, UPDATE, DELETE",
        "suggestions": "UPDATE",
        "model_versions": "UPDATE, DELETE",
        "reviews": "UPDATE, DELETE",
        "surrogate_vault": "INSERT, UPDATE, DELETE",
        "date_offsets": "INSERT, UPDATE, DELETE",
        "categories": "INSERT, UPDATE, DELETE",
        "settings": "INSERT, UPDATE, DELETE",
        "assignments": "INSERT, UPDATE, DELETE",
    },
}

# table -> (policy, command, role, USING, WITH CHECK); RLS is on for every table named here
POLICIES: dict[str, list[tuple[str, str, str, str | None, str | None]]] = {
    "documents": [
        ("read", "SELECT", "annotator", "true", None),
        ("annotate", "UPDATE", "annotator", f"status IN {_EDITABLE}", f"status IN {_EDITABLE}"),
        (
            "review",
            "UPDATE",
            "reviewer",
            f"status IN {_EDITABLE}",
            "status IN ('new', 'in_progress', 'submitted', 'signed_off')",
        ),
        ("steward", "ALL", "steward", "true", "true"),
    ],
    "annotations": [
        ("read", "SELECT", "annotator", "true", None),
        ("annotate", "ALL", "annotator", _DOC_EDITABLE, _DOC_EDITABLE),
        ("steward", "ALL", "steward", "true", "true"),
    ],
    "reviews": [
        ("read", "SELECT", "annotator", "true", None),
        ("review", "INSERT", "reviewer", None, "reviewer = current_user"),
        ("steward", "ALL", "steward", "true", "true"),
    ],
    "audit_events": [  # the edits of a blind copy are hidden from the other annotator
        (
            "read",
            "SELECT",
            "annotator",
            "left(action, 6) <> 'blind_' OR actor = current_user",
            None,
        ),
        ("review", "SELECT", "reviewer", "true", None),
        ("append", "INSERT", "annotator", None, "actor = current_user"),
    ],
    "assignments": [
        ("read", "SELECT", "annotator", "true", None),
        ("submit", "UPDATE", "annotator", "annotator = current_user", "annotator = current_user"),
        ("adjudicate", "UPDATE", "reviewer", "true", "true"),
        ("steward", "ALL", "steward", "true", "true"),
    ],
    "blind_spans": [
        ("own", "SELECT", "annotator", _OWN_ASSIGNMENT, None),
        ("annotate", "ALL", "annotator", _OWN_OPEN_ASSIGNMENT, _OWN_OPEN_ASSIGNMENT),
        ("adjudicate", "SELECT", "reviewer", "true", None),
        ("steward", "ALL", "steward", "true", "true"),
    ],
}


class PermissionRefused(DeidError):
    """The login's role does not allow this action."""


@dataclass(frozen=True, slots=True)
class Member:
    """A login and its role in the project."""

    login: str
    role: str


# -- names -----------------------------------------------------------------------------------


def quote(name: str) -> str:
    """A quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def _literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def check_login_name(name: str) -> str:
    """A login name as PostgreSQL stores it; a DeidError for one that could surprise."""
    if not _NAME.match(name):
        raise DeidError(
            f"{name!r}: a login name is lowercase letters, digits and _ . @ - "
            "(starting with a letter or _), at most 63 characters"
        )
    return name


def _derived_names(database: str) -> dict[str, str]:
    base = re.sub(r"[^a-z0-9_]", "_", database.lower())
    if len(base) > 40:
        base = base[:30] + "_" + hashlib.sha1(database.encode()).hexdigest()[:8]
    return {role: f"{base}_{role}" for role in ROLES}


def role_names(connection: Connection) -> dict[str, str]:
    """Role -> the project's PostgreSQL group role (empty before the owner set it up)."""
    value = connection.execute(
        select(m.SettingRow.value).where(m.SettingRow.key == ROLES_SETTING)
    ).scalar()
    return dict(value) if isinstance(value, dict) else {}


# -- who is connected ------------------------------------------------------------------------


def login(connection: Connection) -> str:
    """The session's login (``session_user``)."""
    return str(connection.execute(text("SELECT session_user")).scalar_one())


_OWNER = (
    "r.rolsuper OR pg_has_role(current_user, COALESCE("
    "(SELECT tableowner FROM pg_tables WHERE schemaname = current_schema() "
    "AND tablename = 'alembic_version'), pg_get_userbyid(d.datdba)), 'USAGE')"
)
_OF_CURRENT_USER = (
    "FROM pg_roles r, pg_database d WHERE r.rolname = current_user "
    "AND d.datname = current_database()"
)


def may_migrate(connection: Connection) -> bool:
    """True for a superuser, the owner of the project's tables, or (for an empty database)
    the database's owner."""
    return bool(connection.execute(text(f"SELECT {_OWNER} {_OF_CURRENT_USER}")).scalar())


def roles_of(connection: Connection) -> frozenset[str]:
    """The project roles of ``current_user`` (every role for the owner or a superuser, and
    before the owner set the project up for a team); one statement."""
    set_up, owner, held = connection.execute(
        text(
            "SELECT EXISTS (SELECT 1 FROM settings WHERE key = :key "
            "AND json_typeof(value) = 'object'), "
            f"{_OWNER}, "
            "ARRAY(SELECT j.key FROM settings s, json_each_text(s.value) AS j(key, value) "
            "WHERE s.key = :key AND json_typeof(s.value) = 'object' "
            "AND j.key = ANY(CAST(:roles AS text[])) "
            "AND CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = j.value) "
            "THEN pg_has_role(current_user, j.value, 'USAGE') ELSE false END) "
            f"{_OF_CURRENT_USER}"
        ),
        {"key": ROLES_SETTING, "roles": list(ROLES)},
    ).one()
    if not set_up or owner:
        return frozenset(ROLES)
    return frozenset(held)


# -- opening ---------------------------------------------------------------------------------


def check_access(engine: Engine, *, where: str) -> None:
    """Refuse in one line a login that may not read the project at all (no role in it)."""
    with engine.connect() as connection:
        row = connection.execute(
            text(
                "SELECT session_user, has_table_privilege(c.oid, 'SELECT') FROM pg_class c "
                "WHERE c.relname = 'alembic_version' AND c.relnamespace = "
                "to_regnamespace(current_schema())::oid"
            )
        ).first()
    if row is not None and not row[1]:
        raise ProjectError(_no_role(where, row[0]))


def _no_role(where: str, who: str) -> str:
    return (
        f"{where}: {who} has no role in this project; a steward gives one with "
        f"`deid-studio --db URL team add-user {who} --role annotator`"
    )


def prepare_server(engine: Engine, *, where: str) -> None:
    """Migrate a team project (only its owner may) and check the login has a role in it.

    After a migration, or when the project was never set up for a team, the owner's
    connection (re)creates the roles, grants and policies.
    """
    behind = current_revision(engine) != head_revision()
    with engine.connect() as connection:
        owner = may_migrate(connection)
        me = login(connection)
    if behind and not owner:
        current = current_revision(engine) or "empty"
        raise ProjectError(
            f"{where}: the project is at schema {current} and this DeID Studio needs "
            f"{head_revision()}; its owner must open it once with this version to upgrade it"
        )
    if behind:
        upgrade(engine)
    with engine.begin() as connection:
        if owner and (behind or not _set_up(connection)):
            secure(connection)
        roles = roles_of(connection)
    if not roles:
        raise ProjectError(_no_role(where, me))


def _set_up(connection: Connection) -> bool:
    names = role_names(connection)
    if not names:
        return False
    found = connection.execute(
        text("SELECT count(*) FROM pg_roles WHERE rolname = ANY(CAST(:n AS text[]))"),
        {"n": list(names.values())},
    ).scalar()
    return found == len(ROLES)


def secure(connection: Connection) -> None:
    """Create the project's group roles and give them their grants and policies
    (idempotent: run by the owner after every migration)."""
    names = role_names(connection)
    if not names:
        database = str(connection.execute(text("SELECT current_database()")).scalar_one())
        names = _derived_names(database)
        connection.execute(insert(m.SettingRow), [{"key": ROLES_SETTING, "value": names}])
    for role in ROLES:
        connection.execute(
            text(
                "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = "
                f"{_literal(names[role])}) THEN CREATE ROLE {quote(names[role])} NOLOGIN; "
                "END IF; END $$"
            )
        )
    for lower, higher in itertools.pairwise(ROLES):
        connection.execute(text(f"GRANT {quote(names[lower])} TO {quote(names[higher])}"))
    tables = [t for t in connection.execute(text(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    )).scalars()]  # fmt: skip
    every = ", ".join(quote(names[r]) for r in ROLES)
    for table in tables:
        connection.execute(text(f"REVOKE ALL ON {quote(table)} FROM PUBLIC, {every}"))
    for role, grants in GRANTS.items():
        for table, privileges in grants.items():
            if table in tables:
                connection.execute(
                    text(f"GRANT {privileges} ON {quote(table)} TO {quote(names[role])}")
                )
    steward_reads = [t for t in tables if t not in GRANTS["annotator"]]
    for table in steward_reads:  # a table added later: the steward reads it at least
        connection.execute(text(f"GRANT SELECT ON {quote(table)} TO {quote(names['steward'])}"))
    connection.execute(
        text(
            "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA "
            f"{quote(_schema(connection))} TO {quote(names['annotator'])}"
        )
    )
    for table, policies in POLICIES.items():
        if table not in tables:
            continue
        connection.execute(text(f"ALTER TABLE {quote(table)} ENABLE ROW LEVEL SECURITY"))
        for name, command, role, using, check in policies:
            connection.execute(text(f"DROP POLICY IF EXISTS {name} ON {quote(table)}"))
            clause = f"CREATE POLICY {name} ON {quote(table)} FOR {command} TO "
            clause += quote(names[role])
            if using is not None:
                clause += f" USING ({using})"
            if check is not None:
                clause += f" WITH CHECK ({check})"
            connection.execute(text(clause))
    _announce_trigger(connection)


def _schema(connection: Connection) -> str:
    return str(connection.execute(text("SELECT current_schema()")).scalar_one())


def _announce_trigger(connection: Connection) -> None:
    actions = ", ".join(_literal(a) for a in ANNOUNCED)
    connection.execute(
        text(
            "CREATE OR REPLACE FUNCTION audit_events_announce() RETURNS trigger AS $$ "
            f"BEGIN PERFORM pg_notify({_literal(CHANNEL)}, NEW.action || ':' || NEW.id); "
            "RETURN NULL; END $$ LANGUAGE plpgsql"
        )
    )
    connection.execute(text("DROP TRIGGER IF EXISTS audit_events_announce ON audit_events"))
    connection.execute(
        text(
            "CREATE TRIGGER audit_events_announce AFTER INSERT ON audit_events FOR EACH ROW "
            f"WHEN (NEW.action IN ({actions})) EXECUTE FUNCTION audit_events_announce()"
        )
    )


# -- members ---------------------------------------------------------------------------------


def add_user(connection: Connection, name: str, role: str, password: str | None) -> bool:
    """Create the login ``name`` (with ``password``) if it does not exist and give it
    ``role`` in the project (instead of any other). True when the login was created."""
    if role not in ROLES:
        raise DeidError(f"{role}: not a role (choose from {', '.join(ROLES)})")
    check_login_name(name)
    names = role_names(connection)
    exists = connection.execute(
        text("SELECT 1 FROM pg_roles WHERE rolname = :n"), {"n": name}
    ).scalar()
    if not exists:
        if not password:
            raise DeidError(f"{name} is a new login: give it a password")
        connection.execute(text(f"CREATE ROLE {quote(name)} LOGIN PASSWORD {_literal(password)}"))
    elif password:
        connection.execute(text(f"ALTER ROLE {quote(name)} PASSWORD {_literal(password)}"))
    _revoke(connection, name, names)
    if role == "steward":  # a steward adds users: CREATEROLE, and the roles to hand out
        connection.execute(text(f"ALTER ROLE {quote(name)} CREATEROLE"))
        every = ", ".join(quote(names[r]) for r in ROLES)
        connection.execute(text(f"GRANT {every} TO {quote(name)} WITH ADMIN OPTION"))
    else:
        connection.execute(text(f"GRANT {quote(names[role])} TO {quote(name)}"))
    return not exists


def remove_user(connection: Connection, name: str) -> None:
    """Take every project role from ``name`` (the login itself stays)."""
    _revoke(connection, name, role_names(connection))


def _revoke(connection: Connection, name: str, names: dict[str, str]) -> None:
    held = members(connection)
    if any(member.login == name for member in held):
        every = ", ".join(quote(names[r]) for r in ROLES)
        connection.execute(text(f"REVOKE {every} FROM {quote(name)}"))


def members(connection: Connection) -> list[Member]:
    """Every login with a role in the project, with its highest role."""
    names = role_names(connection)
    rank = {names[r]: i for i, r in enumerate(ROLES) if r in names}
    rows = connection.execute(
        text(
            "SELECT u.rolname, g.rolname FROM pg_auth_members a "
            "JOIN pg_roles u ON u.oid = a.member JOIN pg_roles g ON g.oid = a.roleid "
            "WHERE u.rolcanlogin AND g.rolname = ANY(CAST(:n AS text[]))"
        ),
        {"n": list(rank)},
    ).all()
    best: dict[str, int] = {}
    for user, group in rows:
        best[user] = max(best.get(user, -1), rank[group])
    return [Member(user, ROLES[i]) for user, i in sorted(best.items())]


class TeamQueries(TransactionBase):
    """The project's members, within a transaction (a server project only)."""

    def _server_connection(self) -> Connection:
        if not self.server:
            raise DeidError(
                "a SQLite project has one user and no team; team members live in a "
                "PostgreSQL project"
            )
        return self._session.connection()

    def add_member(self, name: str, role: str, password: str | None) -> bool:
        """Create the login if needed and give it ``role``; True when it was created
        (the caller audits it)."""
        self._write()
        return add_user(self._server_connection(), name, role, password)

    def remove_member(self, name: str) -> None:
        """Take the project's roles from ``name`` (the caller audits it)."""
        self._write()
        remove_user(self._server_connection(), name)

    def members(self) -> list[Member]:
        """Every login with a role in the project."""
        return members(self._server_connection())
