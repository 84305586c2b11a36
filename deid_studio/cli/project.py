"""Project commands: demo, init, status, and opening the application."""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path
from typing import Any

from deid_studio.cli import passphrase
from deid_studio.cli._shared import PROG, fail, positive, print_summary, progress_bar, target
from deid_studio.cli.preflight import HEADLESS, preflight
from deid_studio.core.categories import preset_names
from deid_studio.core.errors import DeidError
from deid_studio.services.project import init_project, open_project


def register(commands: Any) -> None:
    """Add ``demo``, ``init`` and ``status``."""
    demo = commands.add_parser(
        "demo",
        help="create a demo project of synthetic narratives and open it",
        description="Create (or reopen) a demo project of synthetic pharmacovigilance "
        "narratives with gold spans, in the user data folder.",
    )
    demo.add_argument("--count", type=positive, default=200, help="narratives (default 200)")
    demo.add_argument("--seed", type=int, default=0, help="generator seed (default 0)")
    demo.add_argument("--reset", action="store_true", help="recreate the demo project")
    demo.add_argument(
        "--no-window", action="store_true", help="only create the project; do not open the window"
    )
    demo.add_argument(
        "--export-reports",
        nargs=2,
        metavar=("N", "OUT"),
        help="instead of a project, write N synthetic reports to OUT (.parquet or .jsonl) "
        "without their spans, and their gold spans aside in OUT's stem + .gold.jsonl: "
        "input for a batch run whose accuracy can be measured",
    )
    demo.set_defaults(run=_demo)

    init = commands.add_parser(
        "init",
        help="create a project",
        description="Create a project database with a category scheme.",
    )
    init.add_argument("--scheme", choices=preset_names(), default="pv", help="default: pv")
    init.add_argument(
        "--encrypt",
        action="store_true",
        help="encrypt the project file (SQLCipher) under a passphrase, typed twice or taken "
        f"from ${passphrase.ENVIRONMENT_KEY}",
    )
    passphrase.add_remember(init)
    init.set_defaults(run=_init)

    status = commands.add_parser(
        "status", help="what the project holds", description="Documents by status, gold spans."
    )
    status.set_defaults(run=_status)


def open_gui(args: argparse.Namespace) -> int:
    """``deid-studio`` without a command: the window on ``--db``, else on the last project
    (or a welcome page that offers to create one)."""
    return _window(args, args.db)


def _window(args: argparse.Namespace, project: object, *, first_model: bool = False) -> int:
    if not _has_display():
        raise DeidError(f"no display to open the window on; use `{PROG} --help` for the commands")
    problems = preflight()  # before Qt loads: Qt aborts the process when its plugin cannot load
    if problems:
        for problem in problems:
            fail(problem)
        return 1
    try:
        from deid_studio.gui.app import run  # Qt loads only when a window opens
    except ImportError as err:
        raise DeidError(f"the desktop application cannot start: {err}") from None
    user = args.user if args.user != _default_user() else None  # else the GUI's settings
    where = None if project is None else str(project)
    if first_model:
        return run(where, user=user, first_model=True)
    return run(where, user=user)


def _has_display() -> bool:
    """Whether a window can be shown at all: not on a headless Qt platform (offscreen), and on
    Linux only with a display or a Wayland socket named in the environment."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform.split(":")[0] in HEADLESS:
        return False
    if sys.platform.startswith("linux") and not platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _default_user() -> str:
    return os.environ.get("DEID_STUDIO_USER") or getpass.getuser()


def _demo(args: argparse.Namespace) -> int:
    from deid_studio.services import demo as demo_service  # Faker loads only for the demo

    if args.export_reports:
        return _export_reports(args, demo_service)

    where = args.db or demo_service.demo_project_path()
    with progress_bar(args, "generating") as progress:
        project, created = demo_service.open_demo(
            where,
            count=args.count,
            seed=args.seed,
            reset=args.reset,
            actor=args.user,
            progress=progress,
        )
    with project:
        print_summary(project)
        verb = "created" if created else "reopened"
        print(f"demo project {verb}: {project.location}")
        location = project.location
    if args.no_window or not _has_display():
        if not args.no_window:
            print(f"no display: open it later with `{PROG} --db {location}`")
        return 0
    return _window(args, location, first_model=True)


def _export_reports(args: argparse.Namespace, demo_service: Any) -> int:
    count, out = args.export_reports
    try:
        number = positive(count)
    except (ValueError, argparse.ArgumentTypeError):
        raise DeidError(f"--export-reports {count!r}: N must be a positive number") from None
    with progress_bar(args, "generating") as progress:
        done = demo_service.export_reports(number, Path(out), seed=args.seed, progress=progress)
    print(
        f"wrote {done.reports} synthetic reports ({done.characters} characters) to {done.out} "
        f"and their gold spans to {done.gold} in {done.seconds:.1f} s"
    )
    return 0


def _init(args: argparse.Namespace) -> int:
    if args.remember and not args.encrypt:
        raise DeidError("--remember keeps the passphrase of an encrypted project: add --encrypt")
    key = passphrase.ask_new() if args.encrypt else None
    with init_project(target(args), scheme=args.scheme, actor=args.user, passphrase=key) as project:
        how = "an encrypted project" if project.encrypted else "a project"
        print(f"created {how} at {project.location} with the {args.scheme} scheme")
        location = project.location
    if key is not None and args.remember:
        passphrase.remember(location, key)
    return 0


def _status(args: argparse.Namespace) -> int:
    with open_project(target(args)) as project:
        print_summary(project)
    return 0
