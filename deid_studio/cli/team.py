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

    assign = commands.add_parser(
        "assign",
        help="give a share of new documents to two annotators each, blind",
        description="Blind double annotation: each chosen document (status new) goes to two of "
        "the annotators, in turn; each annotates a copy of their own, without suggestions, "
        "and a reviewer who annotated neither adjudicates. A steward's command.",
    )
    assign.add_argument("--annotators", required=True, help="logins, comma-separated (2 or more)")
    which = assign.add_mutually_exclusive_group(required=True)
    which.add_argument("--share", type=float, help="a random share of the new documents (0.1)")
    which.add_argument("--documents", help="document ids, comma-separated")
    assign.add_argument("--seed", type=int, default=0, help="of the random choice (default 0)")
    assign.set_defaults(run=_assign)

    agree = commands.add_parser(
        "agreement",
        help="inter-annotator agreement of the double annotations",
        description="Between the two annotators of every double-annotated document whose "
        "copies are both submitted: span F1 (strict and overlap), token-level Cohen's kappa "
        "and Krippendorff's alpha, per category and overall.",
    )
    agree.add_argument("--json", metavar="OUT", help="also write the figures as JSON")
    agree.set_defaults(run=_agreement)


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


def _assign(args: argparse.Namespace) -> int:
    from deid_studio.services.double import assign_double

    ids = None
    if args.documents:
        try:
            ids = [int(x) for x in args.documents.split(",") if x.strip()]
        except ValueError:
            raise DeidError(f"--documents {args.documents!r}: expected ids like 3,7,12") from None
    with open_project(target(args)) as project:
        result = assign_double(
            project, args.annotators.split(","), actor=args.user, share=args.share,
            document_ids=ids, seed=args.seed,
        )  # fmt: skip
    for doc, pair in result.pairs.items():
        print(f"document {doc}: {pair[0]} and {pair[1]}")
    print(f"{len(result.pairs)} documents assigned for blind double annotation")
    return 0


def _agreement(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from deid_studio.services.double import agreement_report

    with open_project(target(args)) as project:
        report = agreement_report(project)
    if not report.documents:
        raise DeidError("no double annotation has both copies submitted yet")
    print(f"{report.documents} documents, {report.tokens} tokens, annotated twice")
    print(
        f"{'category':<16} {'spans':>11} {'F1 strict':>9} {'overlap':>8} {'kappa':>7} {'alpha':>7}"
    )
    for row in (*report.per_category, report.overall):
        spans = f"{row.spans_first}/{row.spans_second}"
        print(
            f"{row.category:<16} {spans:>11} {row.f1_strict:>9.3f} {row.f1_overlap:>8.3f} "
            f"{row.kappa:>7.3f} {row.alpha:>7.3f}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(report.as_dict(), indent=2), encoding="utf-8")
    return 0
