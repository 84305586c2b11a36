"""The ``deid-studio`` command line: the GUI's operations for batch work.

Every command exits non-zero with a one-line message on bad input, never a traceback. Qt is
imported only when a command opens the window.
"""

from __future__ import annotations

import argparse
import getpass
import logging
import os
import sys
import traceback
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from deid_studio import __version__
from deid_studio.core.categories import preset_names
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Progress, WorkCancelled
from deid_studio.services.exporting import export_gold
from deid_studio.services.importing import ImportResult, import_file
from deid_studio.services.paths import default_project, log_dir
from deid_studio.services.project import init_project, open_project, summary

PROG = "deid-studio"
STATUSES = ("new", "in_progress", "submitted", "signed_off", "exported")
IMPORT_FORMATS = ("brat", "i2b2", "i2b2-2006", "jsonl", "presidio", "csv", "vaers", "text", "e2b")
EXPORT_FORMATS = ("jsonl", "brat", "i2b2", "conll", "txt")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except WorkCancelled as err:
        _fail(str(err))
        return 130
    except KeyboardInterrupt:
        _fail("interrupted; the current action was rolled back, nothing was changed")
        return 130
    except DeidError as err:
        _fail(str(err))
        return 1
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        _fail(f"{where}{err.strerror or err}")
        return 1
    except Exception as err:  # a bug: the user gets one line, the log the traceback
        log = _log_traceback()
        _fail(f"internal error: {err.__class__.__name__}: {err} (details in {log})")
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
    parser.set_defaults(run=_open_gui)
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    demo = commands.add_parser(
        "demo",
        help="create a demo project of synthetic narratives and open it",
        description="Create (or reopen) a demo project of synthetic pharmacovigilance "
        "narratives with gold spans, in the user data folder.",
    )
    demo.add_argument("--count", type=_positive, default=200, help="narratives (default 200)")
    demo.add_argument("--seed", type=int, default=0, help="generator seed (default 0)")
    demo.add_argument("--reset", action="store_true", help="recreate the demo project")
    demo.set_defaults(run=_demo)

    init = commands.add_parser(
        "init",
        help="create a project",
        description="Create a project database with a category scheme.",
    )
    init.add_argument("--scheme", choices=preset_names(), default="pv", help="default: pv")
    init.set_defaults(run=_init)

    imp = commands.add_parser(
        "import",
        help="import narratives (and gold spans)",
        description="Import every narrative of a file or folder, or nothing if any is bad.",
        epilog="Formats: brat (folder of .txt/.ann), i2b2 (2014 XML), i2b2-2006 (inline XML), "
        "jsonl, presidio (JSON), csv (with --text-column), vaers (VAERS data CSV), "
        "text (folder of .txt), e2b (ICH E2B R2/R3 XML).",
    )
    imp.add_argument("format", choices=IMPORT_FORMATS, metavar="FORMAT")
    imp.add_argument("path", type=Path, metavar="PATH")
    imp.add_argument("--gold", action="store_true", help="import the file's spans as gold")
    imp.add_argument("--signed-off", action="store_true", help="gold that was reviewed elsewhere")
    imp.add_argument("--add-categories", action="store_true", help="add labels the scheme lacks")
    imp.add_argument(
        "--map",
        action="append",
        default=[],
        metavar="LABEL=CATEGORY",
        help="map a label of the file onto a category (repeatable)",
    )
    imp.add_argument(
        "--skip-duplicates", action="store_true", help="import only reports not yet stored"
    )
    imp.add_argument("--language", metavar="CODE", help="language of every narrative (en, es...)")
    csv = imp.add_argument_group("csv options")
    csv.add_argument("--text-column", metavar="COL", help="column of the narrative")
    csv.add_argument("--id-column", metavar="COL", help="column of the report id")
    csv.add_argument("--case-column", metavar="COL", help="column linking follow-ups")
    csv.add_argument("--meta-columns", metavar="A,B", help="columns kept as metadata")
    csv.add_argument("--date-columns", metavar="A,B", help="columns of structured dates")
    csv.add_argument("--encoding", help="text encoding (default utf-8; vaers: latin-1)")
    csv.add_argument("--delimiter", help="field separator (default ,)")
    imp.set_defaults(run=_import)

    exp = commands.add_parser(
        "export",
        help="export documents with their gold spans",
        description="Export documents and their gold spans. The output appears whole or not "
        "at all.",
    )
    exp.add_argument("out", type=Path, metavar="OUT")
    exp.add_argument("--format", choices=EXPORT_FORMATS, default="jsonl", help="default: jsonl")
    exp.add_argument(
        "--status",
        action="append",
        choices=STATUSES,
        help="only documents in this status (repeatable; default: all)",
    )
    exp.add_argument("--overwrite", action="store_true", help="replace an existing OUT")
    exp.set_defaults(run=_export)

    status = commands.add_parser(
        "status", help="what the project holds", description="Documents by status, gold spans."
    )
    status.set_defaults(run=_status)
    return parser


# -- commands ----------------------------------------------------------------------------


def _open_gui(args: argparse.Namespace) -> int:
    raise DeidError(
        f"the desktop application is not built yet; use `{PROG} --help` for the commands"
    )


def _demo(args: argparse.Namespace) -> int:
    from deid_studio.services import demo as demo_service  # Faker loads only for the demo

    target = args.db or demo_service.demo_project_path()
    with _progress(args, "generating") as progress:
        project, created = demo_service.open_demo(
            target,
            count=args.count,
            seed=args.seed,
            reset=args.reset,
            actor=args.user,
            progress=progress,
        )
    with project:
        _print_summary(project)
        verb = "created" if created else "reopened"
        print(f"demo project {verb}: {project.location}")
    return 0


def _init(args: argparse.Namespace) -> int:
    target = args.db or default_project()
    with init_project(target, scheme=args.scheme, actor=args.user) as project:
        print(f"created {project.location} with the {args.scheme} scheme")
    return 0


def _import(args: argparse.Namespace) -> int:
    options = _format_options(args)
    with open_project(args.db or default_project()) as project:
        with _progress(args, f"reading {args.path.name}") as progress:
            result = import_file(
                project,
                args.format,
                args.path,
                actor=args.user,
                gold=args.gold,
                signed_off=args.signed_off,
                add_categories=args.add_categories,
                label_map=_label_map(args.map),
                skip_duplicates=args.skip_duplicates,
                language=args.language,
                progress=progress,
                **options,
            )
    _print_import(result)
    return 0


def _export(args: argparse.Namespace) -> int:
    with open_project(args.db or default_project()) as project:
        with _progress(args, "writing") as progress:
            result = export_gold(
                project,
                args.format,
                args.out,
                actor=args.user,
                statuses=args.status,
                overwrite=args.overwrite,
                progress=progress,
            )
    print(
        f"exported {result.documents} documents with {result.spans} gold spans to "
        f"{result.out} ({result.files} files, {result.seconds:.1f} s)"
    )
    return 0


def _status(args: argparse.Namespace) -> int:
    with open_project(args.db or default_project()) as project:
        _print_summary(project)
    return 0


# -- helpers -----------------------------------------------------------------------------


def _print_summary(project: Any) -> None:
    info = summary(project)
    total = sum(info.documents.values())
    print(f"project    {info.location}")
    print(f"scheme     {info.scheme} ({info.categories} categories)")
    print(f"documents  {total}")
    for status in STATUSES:
        if info.documents.get(status):
            print(f"  {status:<12} {info.documents[status]}")
    print(f"gold spans {info.annotations}")


def _print_import(result: ImportResult) -> None:
    languages = ", ".join(f"{k} {v}" for k, v in sorted(result.languages.items()))
    line = f"imported {result.documents} documents"
    if result.spans:
        line += f" with {result.spans} gold spans"
    line += f" as {result.status} ({languages}; {result.seconds:.1f} s)"
    print(line)
    if result.skipped_duplicates:
        print(f"skipped {result.skipped_duplicates} reports already in the project")
    if result.added_categories:
        print(f"added categories: {', '.join(result.added_categories)}")


def _format_options(args: argparse.Namespace) -> dict[str, Any]:
    given = {
        "text": args.text_column,
        "id": args.id_column,
        "case": args.case_column,
        "meta": _columns(args.meta_columns),
        "dates": _columns(args.date_columns),
        "encoding": args.encoding,
        "delimiter": args.delimiter,
    }
    given = {k: v for k, v in given.items() if v is not None}
    if args.format == "csv":
        if "text" not in given:
            raise DeidError("import csv needs --text-column (the column of the narrative)")
        return given
    allowed = {"encoding", "delimiter"} if args.format == "vaers" else set()
    stray = sorted(set(given) - allowed)
    if stray:
        raise DeidError(f"options for csv only: {', '.join(stray)} (format is {args.format})")
    return given


def _columns(value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    return tuple(c.strip() for c in value.split(",") if c.strip())


def _label_map(pairs: list[str]) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for pair in pairs:
        label, sep, category = pair.partition("=")
        if not sep or not label or not category:
            raise DeidError(f"--map {pair!r}: expected LABEL=CATEGORY")
        mapping[label] = category
    return mapping


@contextmanager
def _progress(args: argparse.Namespace, what: str) -> Iterator[Progress]:
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


def _positive(value: str) -> int:
    number = int(value)
    if number <= 0:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number")
    return number


def _fail(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _log_traceback() -> Path:
    folder = log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "errors.log"
    logging.basicConfig(filename=log, level=logging.ERROR)
    logging.getLogger(PROG).error("".join(traceback.format_exc()))
    return log
