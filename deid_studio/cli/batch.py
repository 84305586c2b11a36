"""``batch``: de-identify reports outside the project with its model and policy, on Dask."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from deid_studio.batch import OUT_FORMATS, SPANS, BatchProgress, BatchResult, Job, run_batch
from deid_studio.cli._shared import positive, target
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import WorkCancelled
from deid_studio.detect.detector import MODES
from deid_studio.formats.chunks import CHUNKED, Layout
from deid_studio.formats.csv_table import CsvColumns
from deid_studio.mask.policy import PRESETS
from deid_studio.services.batch_model import for_mode
from deid_studio.services.batching import batch_model, record_batch
from deid_studio.services.project import open_project

DEFAULT_PARTITION = 2000


def register(commands: Any) -> None:
    """Add ``batch``."""
    batch = commands.add_parser(
        "batch",
        help="de-identify reports outside the project, in parallel (Dask)",
        description="Mask every report of IN with the project's model version in use (the one "
        "the window suggests with) and masking policy, and write them to the folder OUT: "
        "one file per partition, "
        "rejects.jsonl (every report not written, with the reason) and manifest.json "
        "(counts, model version, policy, SHA-256 per file). The reports never enter the "
        "project; its audit trail records the run. Runs on a local Dask cluster of "
        "--workers processes, or on the cluster of --scheduler.",
        epilog="Each case's date offset and surrogates come from the project's secret and "
        "the case id, so every report of a case masks alike across partitions, workers and "
        "runs. Interrupted? Run the same command with --resume: only the missing partitions "
        "run, and the output is the same bytes.",
    )
    batch.add_argument("source", type=Path, metavar="IN", help="file or folder of reports")
    batch.add_argument("out", type=Path, metavar="OUT", help="output folder (must not exist)")
    batch.add_argument(
        "--format",
        choices=CHUNKED,
        help="format of IN (default: from its name: .csv (VAERS for *VAERSDATA.csv), "
        ".jsonl, .parquet; a folder of .xml is e2b, of .txt text)",
    )
    batch.add_argument("--out-format", choices=OUT_FORMATS, default="jsonl", help="default: jsonl")
    batch.add_argument(
        "--mode", choices=MODES, default="default", help="recall: every token below τ is PHI"
    )
    batch.add_argument("--preset", choices=PRESETS, help="mask with this preset instead")
    where = batch.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=positive, metavar="N", help="local worker processes (default: cores)"
    )
    where.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a running Dask scheduler (start its workers with 'dask worker ADDRESS --preload "
        "deid_studio.batch.preload' so that each builds the rules before its first partition)",
    )
    batch.add_argument(
        "--partition-size",
        type=positive,
        default=DEFAULT_PARTITION,
        metavar="ROWS",
        help=f"reports (files for folders) per partition (default {DEFAULT_PARTITION})",
    )
    batch.add_argument("--resume", action="store_true", help="finish an interrupted run")
    batch.add_argument(
        "--spans",
        choices=SPANS,
        default="model",
        help="mask the model's suggestions (default), the input's own spans, or both",
    )
    table = batch.add_argument_group("csv and parquet options")
    table.add_argument("--text-column", metavar="COL", default="text", help="default: text")
    table.add_argument("--id-column", metavar="COL", default="id", help="default: id")
    table.add_argument(
        "--case-column", metavar="COL", help="column linking follow-ups (default: case_id in "
        "Parquet; none in CSV: every report its own case)"
    )  # fmt: skip
    table.add_argument("--date-columns", metavar="A,B", help="columns of structured dates")
    table.add_argument("--language", metavar="CODE", help="language of every narrative")
    table.add_argument("--encoding", default="utf-8", help="text encoding (default utf-8)")
    table.add_argument("--delimiter", default=",", help="field separator (default ,)")
    batch.set_defaults(run=_batch)


def _batch(args: argparse.Namespace) -> int:
    source = args.source
    if not source.exists():
        raise DeidError(f"{source}: no such file or folder")
    layout = _layout(args, args.format or _guess_format(source))
    with open_project(target(args)) as project:
        model = for_mode(batch_model(project, preset=args.preset, actor=args.user), args.mode)
        job = Job(
            source=str(source.resolve()),
            out=args.out.resolve(),
            layout=layout,
            model=model,
            mode=args.mode,
            out_format=args.out_format,
            partition_size=args.partition_size,
            spans=args.spans,
        )
        try:
            with _progress_bar(args) as progress:
                result = run_batch(
                    job,
                    workers=args.workers or os.cpu_count() or 1,
                    scheduler=args.scheduler,
                    resume=args.resume,
                    progress=progress,
                    announce=lambda line: print(line, file=sys.stderr, flush=True),
                )
        except KeyboardInterrupt:
            raise WorkCancelled(
                f"interrupted; the finished partitions in {job.out} are kept: the same command "
                "with --resume finishes the others"
            ) from None
        record_batch(project, actor=args.user, summary=_summary(job, result))
    _print(result)
    return 0


def _guess_format(source: Path) -> str:
    if source.is_dir():
        return "e2b" if next(source.rglob("*.xml"), None) is not None else "text"
    suffix = source.suffix.lower()
    if suffix == ".csv":
        return "vaers" if "vaersdata" in source.name.lower() else "csv"
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".parquet", ".pq"):
        return "parquet"
    if suffix == ".xml":
        return "e2b"
    if suffix == ".txt":
        return "text"
    raise DeidError(f"{source}: cannot tell its format from its name; add --format")


def _layout(args: argparse.Namespace, format_name: str) -> Layout:
    if format_name == "vaers":
        return Layout.of("vaers")
    case = args.case_column or ("case_id" if format_name == "parquet" else None)
    dates = tuple(c for c in (args.date_columns or "").split(",") if c)
    columns = CsvColumns(args.text_column, args.id_column, case, (), dates, args.language)
    return Layout.of(format_name, columns, encoding=args.encoding, delimiter=args.delimiter)


class _Bar:
    """A tqdm bar of reports (rate and ETA) with the partitions done beside it."""

    def __init__(self, bar: Any) -> None:
        self.bar = bar

    def __call__(self, state: BatchProgress) -> None:
        if self.bar.total != state.total_reports:  # the first report: partitions planned
            self.bar.reset(total=state.total_reports)
            self.bar.n = self.bar.last_print_n = state.reports  # resumed: not in the rate
        else:
            self.bar.update(state.reports - self.bar.n)
        self.bar.set_postfix_str(f"partitions {state.partitions}/{state.total_partitions}")


class _progress_bar:
    def __init__(self, args: argparse.Namespace) -> None:
        self.disable = True if args.quiet else None

    def __enter__(self) -> _Bar:
        from tqdm import tqdm

        self.bar = tqdm(
            desc="masking",
            unit=" reports",
            unit_scale=True,
            disable=self.disable,
            file=sys.stderr,
            smoothing=0.1,
        )
        return _Bar(self.bar)

    def __exit__(self, *exc: object) -> None:
        self.bar.close()


def _summary(job: Job, result: BatchResult) -> dict[str, Any]:
    return {
        "input": job.source,
        "out": str(job.out),
        "model_version": job.model.model_version,
        "policy": job.model.policy.to_json(),
        "mode": job.mode,
        "partitions": result.partitions,
        "resumed_partitions": result.resumed,
        "reports_in": result.input,
        "reports_out": result.output,
        "rejected": result.rejected,
        "workers": result.workers,
        "seconds": round(result.seconds, 1),
    }


def _print(result: BatchResult) -> None:
    rate = result.output / result.seconds if result.seconds else 0.0
    resumed = f" ({result.resumed} were already done)" if result.resumed else ""
    print(
        f"masked {result.output} of {result.input} reports ({result.characters} characters) "
        f"in {result.partitions} partitions{resumed}, {result.seconds:.1f} s, "
        f"{rate:.0f} reports/s, {result.workers} workers"
    )
    if result.rejected:
        print(f"rejected {result.rejected}: see {result.out / 'rejects.jsonl'}")
    print(f"manifest {result.out / 'manifest.json'}")
