"""Moving narratives in and out: import and export."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deid_studio.cli._shared import STATUSES, label_map, progress_bar, target
from deid_studio.core.errors import DeidError, printable
from deid_studio.formats import FORMATS, TOOL_FORMATS
from deid_studio.mask.policy import PRESETS
from deid_studio.services.exporting import export_gold
from deid_studio.services.importing import ImportResult, import_file
from deid_studio.services.masking import (
    MASKED_FORMATS,
    MIN_REPORTS,
    MaskedExportResult,
    export_masked,
)
from deid_studio.services.privacy import DEFAULT_READABLE_BY, READABLE_BY
from deid_studio.services.project import open_project

if TYPE_CHECKING:
    from deid_studio.store.project import Project

IMPORT_FORMATS = ("brat", "i2b2", "i2b2-2006", "jsonl", "presidio", "csv", "vaers", "text", "e2b")
IMPORT_FORMATS += TOOL_FORMATS
EXPORT_FORMATS = ("jsonl", "brat", "i2b2", "conll", "txt", *TOOL_FORMATS)
# the options of a format's reader, by the name argparse gives them
_TOOL_OPTIONS = {"layer", "feature", "annotator", "text_field"}
ALL_EXPORT_FORMATS = tuple(dict.fromkeys(EXPORT_FORMATS + MASKED_FORMATS))


def register(commands: Any) -> None:
    """Add ``import`` and ``export``."""
    imp = commands.add_parser(
        "import",
        help="import narratives (and gold spans)",
        description="Import every narrative of a file or folder, or nothing if any is bad.",
        epilog="Formats: brat (folder of .txt/.ann), i2b2 (2014 XML), i2b2-2006 (inline XML), "
        "jsonl, presidio (JSON), csv (with --text-column), vaers (VAERS data CSV), "
        "text (folder of .txt), e2b (ICH E2B R2/R3 XML); from annotation tools: inception "
        "(UIMA CAS .xmi + TypeSystem.xml, CAS .json, a folder, or INCEpTION's document or "
        "project export .zip), label-studio (its JSON export), prodigy (db-out JSONL; only "
        "accepted examples), spacy (.spacy DocBin; needs the spacy extra).",
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
    imp.add_argument(
        "--no-suggest",
        action="store_true",
        help="do not suggest for the new narratives now (by default the current model, or the "
        "rules alone before the first training, suggests at once and scores the queue)",
    )
    tools = imp.add_argument_group("inception and label-studio options")
    tools.add_argument(
        "--layer", metavar="TYPE", help="inception: the span layer (default: the obvious one)"
    )
    tools.add_argument(
        "--feature", metavar="NAME", help="inception: the layer's feature holding the category"
    )
    tools.add_argument(
        "--annotator",
        metavar="NAME",
        help="whose annotations, where several people annotated a document: an INCEpTION user "
        "(for documents not curated), a Label Studio user id or e-mail",
    )
    tools.add_argument(
        "--text-field", metavar="NAME", help="label-studio: the data field of the narrative"
    )
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
        help="export the gold standard, or masked reports with --masked",
        description="Export documents and their gold spans or, with --masked, the "
        "de-identified reports by the project's masking policy. The output appears whole or "
        "not at all.",
        epilog=f"Gold formats: {', '.join(EXPORT_FORMATS)}. Masked formats: "
        f"{', '.join(MASKED_FORMATS)} (brat shows what was replaced; e2b is one E2B(R2) "
        "message per report). A masked export takes signed-off documents only, unless "
        "--force, which the audit trail records; it is refused when a PHI string of a "
        "document survives masking. The output is readable by you only (see --readable-by "
        "for masked exports).",
    )
    exp.add_argument("out", type=Path, metavar="OUT")
    exp.add_argument("--format", choices=ALL_EXPORT_FORMATS, default="jsonl", help="default: jsonl")
    exp.add_argument(
        "--status",
        action="append",
        choices=STATUSES,
        help="only documents in this status (repeatable; default: all, or signed off with "
        "--masked)",
    )
    exp.add_argument("--overwrite", action="store_true", help="replace an existing OUT")
    exp.add_argument(
        "--no-predictions",
        action="store_true",
        help="label-studio: leave out the current model's suggestions (Label Studio's predictions)",
    )
    masked = exp.add_argument_group("masked export")
    masked.add_argument("--masked", action="store_true", help="export de-identified reports")
    masked.add_argument(
        "--preset", choices=PRESETS, help="mask with this preset instead of the project's policy"
    )
    masked.add_argument(
        "--force", action="store_true", help="also export documents that are not signed off"
    )
    masked.add_argument("--reason", default="", help="why --force (kept in the audit trail)")
    masked.add_argument(
        "--readable-by",
        choices=tuple(READABLE_BY),
        default=None,
        help="who may read the masked output: me (the default; files 0600, folders 0700), "
        "group (0640/0750) or everyone (0644/0755). The gold standard is PHI: always 'me'",
    )
    masked.add_argument(
        "--mode",
        choices=("recall", "default"),
        help="how --force masks documents not signed off: recall (the default: the current "
        "model reads them again and every token it doubts is masked) or default (their "
        "suggestions at or above the policy's confidence)",
    )
    exp.set_defaults(run=_export)


def _import(args: argparse.Namespace) -> int:
    options = _format_options(args)
    with open_project(target(args)) as project:
        with progress_bar(args, f"reading {args.path.name}") as progress:
            result = import_file(
                project,
                args.format,
                args.path,
                actor=args.user,
                gold=args.gold,
                signed_off=args.signed_off,
                add_categories=args.add_categories,
                label_map=label_map(args.map),
                skip_duplicates=args.skip_duplicates,
                language=args.language,
                progress=progress,
                **options,
            )
        _print_import(result)
        if not args.no_suggest:
            _suggest_new(args, project)
    return 0


def _suggest_new(args: argparse.Namespace, project: Project) -> None:
    """Suggestions and queue scores for the narratives nobody suggested for yet."""
    from deid_studio.services.suggesting import resuggest, stale_documents  # the engine: lazily

    stale = stale_documents(project)
    if not stale:
        return
    with progress_bar(args, "suggesting") as progress:
        done = resuggest(project, document_ids=stale, actor=args.user, progress=progress)
    by = (
        "the rules alone (no model yet)"
        if done.model_version_id is None
        else (f"model version {done.model_version_id}")
    )
    print(f"{done.suggestions} suggestions for {done.documents} new documents by {by}")


def _export(args: argparse.Namespace) -> int:
    if args.masked:
        return _export_masked(args)
    stray = [
        f"--{n.replace('_', '-')}"
        for n in ("preset", "force", "reason", "readable_by", "mode")
        if getattr(args, n)
    ]
    if stray:
        raise DeidError(f"{', '.join(stray)} apply to masked exports; add --masked")
    if args.format not in EXPORT_FORMATS:
        raise DeidError(
            f"the gold standard exports as {', '.join(EXPORT_FORMATS)}; {args.format} is for "
            "masked exports (add --masked)"
        )
    if args.no_predictions and args.format != "label-studio":
        raise DeidError("--no-predictions applies to --format label-studio")
    with open_project(target(args)) as project:
        with progress_bar(args, "writing") as progress:
            result = export_gold(
                project,
                args.format,
                args.out,
                actor=args.user,
                statuses=args.status,
                overwrite=args.overwrite,
                predictions=not args.no_predictions,
                progress=progress,
            )
    print(
        f"exported {result.documents} documents with {result.spans} gold spans to "
        f"{result.out} ({result.files} files, {result.seconds:.1f} s)"
    )
    print_notes(result.notes)
    return 0


def _export_masked(args: argparse.Namespace) -> int:
    if args.format not in MASKED_FORMATS:
        raise DeidError(
            f"masked exports are written as {', '.join(MASKED_FORMATS)}, not {args.format}"
        )
    if args.reason and not args.force:
        raise DeidError("--reason explains --force; add --force or leave it out")
    if args.mode and not args.force:
        raise DeidError("--mode says how --force masks documents not signed off; add --force")
    with open_project(target(args)) as project:
        with progress_bar(args, "masking") as progress:
            result = export_masked(
                project,
                args.out,
                args.format,
                actor=args.user,
                preset=args.preset,
                force=args.force,
                reason=args.reason,
                statuses=args.status,
                overwrite=args.overwrite,
                readable_by=args.readable_by or DEFAULT_READABLE_BY,
                mode=args.mode,
                progress=progress,
            )
    _print_masked(result)
    return 0


def _print_masked(result: MaskedExportResult) -> None:
    totals: dict[str, int] = {}
    for counts in result.actions.values():
        for action, n in counts.items():
            totals[action] = totals.get(action, 0) + n
    done = ", ".join(f"{n} {action}" for action, n in sorted(totals.items())) or "nothing masked"
    print(
        f"exported {result.documents} masked documents ({result.preset} preset) to "
        f"{result.out} ({result.files} files, {result.seconds:.1f} s): {done}"
    )
    if result.fallbacks:
        tagged = ", ".join(f"{c} {n}" for c, n in sorted(result.fallbacks.items()))
        print(f"tagged because the policy's action could not apply: {tagged}")
    if result.forced:
        print(f"forced: {result.forced} documents not signed off (recorded in the audit trail)")
        print(result.mode_note)
    if result.spared:
        print(f"left as written: {result.spared} suggestions (safe terms and the keep list)")
    if result.most_masked:
        print(
            f"most often masked by suggestions (in {MIN_REPORTS} reports or more; a word "
            "that is no PHI: `deid-studio keep add WORD`):"
        )
        for w in result.most_masked:
            times = "once" if w.count == 1 else f"{w.count} times"
            print(f"  {printable(w.word)} masked {times} in {w.reports} reports")


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
        print(f"added categories: {printable(', '.join(result.added_categories))}")
    for warning in result.warnings:
        print(f"warning: {printable(warning)}")
    print_notes(result.notes)


def print_notes(notes: tuple[str, ...]) -> None:
    """A reader's or writer's remarks, one line each."""
    for note in notes:
        print(f"note: {printable(note)}")


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
    tools = {n: getattr(args, n) for n in sorted(_TOOL_OPTIONS) if getattr(args, n) is not None}
    found = FORMATS[args.format]
    stray_tools = sorted(set(tools) - set(found.options))
    if stray_tools:
        named = ", ".join("--" + n.replace("_", "-") for n in stray_tools)
        verb = "does" if len(stray_tools) == 1 else "do"
        raise DeidError(f"{named} {verb} not apply to format {args.format}")
    given |= tools
    if args.format == "csv":
        if "text" not in given:
            raise DeidError("import csv needs --text-column (the column of the narrative)")
        return given
    allowed = {"encoding", "delimiter"} if args.format == "vaers" else set(tools)
    stray = sorted(set(given) - allowed)
    if stray:
        raise DeidError(f"options for csv only: {', '.join(stray)} (format is {args.format})")
    return given


def _columns(value: str | None) -> tuple[str, ...] | None:
    if value is None:
        return None
    return tuple(c.strip() for c in value.split(",") if c.strip())
