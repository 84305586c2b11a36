"""The ``deid-studio`` command line: the GUI's operations for batch work.

Each module of this package registers its commands; this one assembles the parser, runs the
command and turns every failure into one line on stderr and a non-zero exit code, never a
traceback. Qt is imported only when a command opens the window.
"""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import traceback
from collections.abc import Sequence
from pathlib import Path

from deid_studio import __version__
from deid_studio.cli import doctor, engine, masking, passphrase, project, transfer
from deid_studio.cli._shared import PROG, fail
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import WorkCancelled
from deid_studio.services.paths import default_project, log_dir

# Command modules in the order their commands appear in --help.
COMMAND_MODULES = (project, passphrase, transfer, engine, masking, doctor)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    passphrase.install_prompt()  # an encrypted project asks for its passphrase on the terminal
    try:
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
    except Exception as err:  # a bug: the user gets one line, the log the traceback
        log = _log_traceback()
        fail(f"internal error: {err.__class__.__name__}: {err} (details in {log})")
        return 70


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command, each with its own --help."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="De-identify adverse-drug-reaction narratives and build the gold standard "
        "that trains the model. Without a command, opens the application.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--db",
        metavar="PATH",
        default=None,
        help=f"project file or SQLAlchemy URL (default: {default_project()})",
    )
    parser.add_argument(
        "--user",
        default=os.environ.get("DEID_STUDIO_USER") or getpass.getuser(),
        help="your name in the audit trail (default: $DEID_STUDIO_USER or your login)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress bars")
    parser.set_defaults(run=project.open_gui)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(commands)
    return parser


def _log_traceback() -> Path:
    folder = log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "errors.log"
    logging.basicConfig(filename=log, level=logging.ERROR)
    logging.getLogger(PROG).error("".join(traceback.format_exc()))
    return log


__all__ = ["build_parser", "main"]
