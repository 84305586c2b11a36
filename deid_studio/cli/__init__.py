"""The ``deid-studio`` command line: the GUI's operations for batch work.

Each module of this package registers its commands; this one assembles the parser, runs the
command and turns every failure into one line on stderr and a non-zero exit code, never a
traceback. Qt is imported only when a command opens the window.
"""

from __future__ import annotations

import argparse
import getpass
import os
from collections.abc import Sequence

from deid_studio import __version__
from deid_studio.cli import batch, doctor, engine, masking, passphrase, project, team, transfer
from deid_studio.cli._shared import PROG, fail, note
from deid_studio.core.errors import DeidError, describe_bug
from deid_studio.core.progress import WorkCancelled
from deid_studio.services.paths import default_project
from deid_studio.services.privacy import log_failure, private_process
from deid_studio.services.staging import recover_staged
from deid_studio.store.database import database_url, is_server

# Command modules in the order their commands appear in --help.
COMMAND_MODULES = (project, passphrase, transfer, engine, masking, batch, team, doctor)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit code.

    Everything the command creates is readable by its owner only (umask 077) unless an
    option says otherwise; the previous umask is restored at the end.
    """
    previous = private_process()
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        passphrase.install_prompt()  # an encrypted project asks for its passphrase on the terminal
        return _run(args)
    finally:
        os.umask(previous)


def _run(args: argparse.Namespace) -> int:
    try:
        _resolve_user(args)
        for folder in recover_staged():
            note(f"removed the unfinished output of an interrupted run: {folder}")
        return int(args.run(args) or 0)
    except WorkCancelled as err:
        fail(str(err))
        return 130
    except KeyboardInterrupt:
        fail("interrupted; the current action was rolled back, nothing was changed")
        return 130
    except DeidError as err:
        fail(str(err))
        return 1
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        fail(f"{where}{err.strerror or err}")
        return 1
    except Exception as err:  # a bug: one line without the message (it may hold data)
        command = f"command {args.command or 'window'}"
        try:
            where = f"details in {log_failure(err, command)}"
        except OSError as log_err:
            where = f"the error log could not be written: {log_err.strerror}"
        fail(f"internal error: {describe_bug(err)} ({where})")
        return 70


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command, each with its own --help."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="De-identify adverse-drug-reaction narratives and build the gold standard "
        "that trains the model. Without a command, opens the application.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    _global_options(parser)
    parser.set_defaults(run=project.open_gui)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", dest="command")
    for module in COMMAND_MODULES:
        module.register(commands)
    _after_commands(parser, set())
    return parser


def _global_options(parser: argparse.ArgumentParser, *, after_command: bool = False) -> None:
    """--db, --user and -q; after a command without defaults, so that those given before
    the command stand when these are absent."""
    unset = argparse.SUPPRESS
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=unset if after_command else os.environ.get("DEID_STUDIO_DB") or None,
        help="project file or SQLAlchemy URL, e.g. postgresql://ann@db-host/pv_team "
        f"(default: $DEID_STUDIO_DB, then {default_project()})",
    )
    parser.add_argument(
        "--user",
        default=unset if after_command else None,
        help="your name in the audit trail of a SQLite project (default: $DEID_STUDIO_USER "
        "or your login); on a server you are your database login",
    )
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        default=unset if after_command else False,
        help="no progress bars",
    )


def _after_commands(parser: argparse.ArgumentParser, seen: set[int]) -> None:
    """The global options after any command too ("deid-studio train --db p.sqlite"), without
    overriding those given before it when absent after it."""
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for command in action.choices.values():
            if id(command) in seen:
                continue
            seen.add(id(command))
            _global_options(command, after_command=True)
            _after_commands(command, seen)


def _resolve_user(args: argparse.Namespace) -> None:
    """The actor: on a server the database login (an explicit --user asks the database to act
    as that login, which only a superuser may); on SQLite --user, $DEID_STUDIO_USER or the
    system login."""
    if args.user is not None:
        return
    args.user = os.environ.get("DEID_STUDIO_USER") or getpass.getuser()
    if args.db and is_server(database_url(args.db)):
        args.user = ""  # the project's transactions act as the login


__all__ = ["build_parser", "main"]
