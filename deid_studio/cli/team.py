"""Team commands (a PostgreSQL project): ``team add-user``, ``team remove-user``,
``team list``, ``whoami``."""

from __future__ import annotations

import argparse
import getpass
import sys
from typing import Any

from deid_studio.cli._shared import target
from deid_studio.core.errors import DeidError
from deid_studio.services.project import open_project
from deid_studio.services.team import ROLES, add_member, identity, members, remove_member


def register(commands: Any) -> None:
    """Add ``team`` and ``whoami``."""
    team = commands.add_parser(
        "team",
        help="members of a shared PostgreSQL project and their roles",
        description="Logins and roles of a team project on PostgreSQL. annotator: annotate; "
        "reviewer: also sign off and adjudicate; steward: also import, export, settings, "
        "policy, double-annotation assignments and members. Run by a steward.",
    )
    verbs = team.add_subparsers(title="actions", metavar="ACTION", required=True)
    add = verbs.add_parser(
        "add-user",
        help="create a login (if new) and give it a role",
        description="Create the database login NAME (asking its password) if it does not "
        "exist, and give it ROLE in this project instead of any role it had.",
    )
    add.add_argument("name", metavar="NAME")
    add.add_argument("--role", choices=ROLES, required=True)
    add.add_argument(
        "--password-stdin", action="store_true", help="read the new password from stdin"
    )
    add.set_defaults(run=_add)
    remove = verbs.add_parser(
        "remove-user",
        help="take a login's role in this project",
        description="The login stays on the server; it can no longer open this project.",
    )
    remove.add_argument("name", metavar="NAME")
    remove.set_defaults(run=_remove)
    listing = verbs.add_parser("list", help="every member and role")
    listing.set_defaults(run=_list)
    whoami = commands.add_parser(
        "whoami",
        help="who you act as in the project, and your role",
        description="On a server: your database login and role. On SQLite: the --user name.",
    )
    whoami.set_defaults(run=_whoami)


def _password(args: argparse.Namespace) -> str | None:
    if args.password_stdin:
        password = sys.stdin.readline().rstrip("\n")
    elif sys.stdin.isatty():
        password = getpass.getpass(f"password for {args.name} (empty: keep it): ")
        if password and getpass.getpass("again: ") != password:
            raise DeidError("the two passwords differ; nothing was changed")
    else:
        raise DeidError("no terminal to ask the password on: pass --password-stdin")
    return password or None


def _add(args: argparse.Namespace) -> int:
    with open_project(target(args)) as project:
        password = _password(args)
        created = add_member(project, args.name, args.role, password=password, actor=args.user)
    verb = "created" if created else "updated"
    print(f"{verb} {args.name}: {args.role}")
    return 0


def _remove(args: argparse.Namespace) -> int:
    with open_project(target(args)) as project:
        remove_member(project, args.name, actor=args.user)
    print(f"{args.name} no longer has a role in the project")
    return 0


def _list(args: argparse.Namespace) -> int:
    with open_project(target(args)) as project:
        for member in members(project):
            print(f"{member.login:<24} {member.role}")
    return 0


def _whoami(args: argparse.Namespace) -> int:
    with open_project(target(args)) as project:
        print(identity(project, args.user).describe())
    return 0
