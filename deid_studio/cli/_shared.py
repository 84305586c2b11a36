"""What the command modules share: the project argument, progress bars, messages."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from deid_studio.core.errors import DeidError, printable
from deid_studio.core.progress import Progress
from deid_studio.services.paths import default_project
from deid_studio.services.project import summary
from deid_studio.store.project import Project

PROG = "deid-studio"
STATUSES = ("new", "in_progress", "submitted", "signed_off", "exported")


def target(args: argparse.Namespace) -> str | Path:
    """The project the command works on: ``--db``, or the default project."""
    return args.db or default_project()


@contextmanager
def progress_bar(args: argparse.Namespace, what: str) -> Iterator[Progress]:
    """A tqdm bar on stderr (only on a terminal, and not with --quiet)."""
    from tqdm import tqdm

    disable = True if args.quiet else None  # None: tqdm shows it only on a terminal
    with tqdm(desc=what, unit="", disable=disable, leave=False, file=sys.stderr) as bar:

        def report(done: int, total: int) -> None:
            if total and bar.total != total:
                bar.total = total
            bar.n = done
            bar.refresh()

        yield report


def print_summary(project: Project) -> None:
    """Documents by status and gold spans, as ``status`` prints them."""
    info = summary(project)
    total = sum(info.documents.values())
    print(f"project    {info.location}")
    print(f"scheme     {info.scheme} ({info.categories} categories)")
    print(f"documents  {total}")
    for status in STATUSES:
        if info.documents.get(status):
            print(f"  {status:<12} {info.documents[status]}")
    print(f"gold spans {info.annotations}")


def positive(value: str) -> int:
    """An argparse type: a whole number above zero."""
    number = int(value)
    if number <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return number


def fail(message: str) -> None:
    """The one line a failed command prints (control characters escaped: a file's header or
    label cannot break the line or drive the terminal)."""
    print(f"{PROG}: error: {printable(message)}", file=sys.stderr)


def note(message: str) -> None:
    """A one-line remark on stderr that is not an error."""
    print(f"{PROG}: {printable(message)}", file=sys.stderr)


def label_map(pairs: list[str]) -> dict[str, str]:
    """``--map LABEL=CATEGORY`` options as a mapping (a malformed one is a clear error)."""
    mapping: dict[str, str] = {}
    for pair in pairs:
        label, sep, category = pair.partition("=")
        if not sep or not label or not category:
            raise DeidError(f"--map {pair!r}: expected LABEL=CATEGORY")
        mapping[label] = category
    return mapping
