"""Passphrases on the command line: the terminal prompts, ``rekey``, and ``--remember``.

An encrypted project opens with ``DEID_STUDIO_KEY`` when it is set (batch work), else with
the passphrase remembered in the system keyring, else by asking on the terminal.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path
from typing import Any

from deid_studio.cli._shared import PROG, target
from deid_studio.core.errors import DeidError
from deid_studio.services import passphrases
from deid_studio.services.project import change_passphrase, open_project

ENVIRONMENT_KEY = passphrases.ENVIRONMENT_KEY
NEW_KEY = "DEID_STUDIO_NEW_KEY"


def register(commands: Any) -> None:
    """Add ``rekey``."""
    rekey = commands.add_parser(
        "rekey",
        help="change the passphrase of an encrypted project (or encrypt a plain one)",
        description="Re-encrypt the project file under a new passphrase, typed twice on the "
        f"terminal or taken from ${NEW_KEY}. The current passphrase comes as for any command "
        "($DEID_STUDIO_KEY, the system keyring, or typed). A plain project file is encrypted "
        "in place. Close the window on the project first.",
    )
    add_remember(rekey)
    rekey.set_defaults(run=_rekey)


def add_remember(parser: argparse.ArgumentParser) -> None:
    """The ``--remember`` option: keep the new passphrase in the system keyring."""
    parser.add_argument(
        "--remember",
        action="store_true",
        help="keep the passphrase in the system keyring, so that it is not asked again",
    )


def install_prompt() -> None:
    """Let the store ask for passphrases on this terminal (when there is one)."""
    passphrases.install(ask_on_terminal)


def ask_on_terminal(path: Path, attempt: int) -> str | None:
    """The passphrase of an encrypted project, typed without echo; None without a terminal."""
    if not sys.stdin.isatty():
        return None
    if attempt:
        print(f"{PROG}: wrong passphrase, try again", file=sys.stderr)
    try:
        return getpass.getpass(f"passphrase for {path}: ")
    except (EOFError, KeyboardInterrupt):
        return None


def ask_new(variable: str = ENVIRONMENT_KEY) -> str:
    """A new passphrase: from ``variable`` when set, else typed twice on the terminal."""
    given = os.environ.get(variable)
    if given:
        return given
    if not sys.stdin.isatty():
        raise DeidError(f"no passphrase: type it on a terminal or set {variable}")
    first = getpass.getpass("new passphrase: ")
    if not first:
        raise DeidError("the passphrase is empty; nothing was changed")
    if getpass.getpass("the same again: ") != first:
        raise DeidError("the two passphrases differ; nothing was changed")
    return first


def remember(path: str | Path, passphrase: str) -> None:
    """Keep the passphrase in the system keyring, saying so (or why it could not)."""
    try:
        passphrases.remember(Path(path), passphrase)
    except DeidError as err:
        print(f"{PROG}: warning: {err}; the passphrase will be asked again", file=sys.stderr)
        return
    print("the passphrase is kept in the system keyring")


def _rekey(args: argparse.Namespace) -> int:
    with open_project(target(args)) as project:
        was_encrypted = project.encrypted
        passphrase = ask_new(NEW_KEY)
        change_passphrase(project, passphrase, actor=args.user)
        location = project.location
    verb = "changed the passphrase of" if was_encrypted else "encrypted"
    print(f"{verb} {location}")
    if args.remember:
        remember(location, passphrase)
    else:
        passphrases.forget(Path(location))  # an old remembered passphrase no longer opens it
    return 0
