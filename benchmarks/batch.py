"""Batch de-identification: throughput, scaling, memory, leaks and intervals, on Dask.

A model is trained on synthetic gold (the demo generator, ``--train`` reports, 2-fold CV),
then the ``batch`` machinery (``deid_studio.batch.run_batch``, what the command runs) masks:

* the 2,946 real VAERS 2021 narratives, with 1 and 2 workers, against today's route for the
  same reports (``import vaers`` into a copy of the project, then ``export --masked --force``,
  two commands in fresh processes);
* ``--reports`` synthetic reports (``demo --export-reports``, timed too) with 1 and 2 workers
  (``--one-worker-reports`` caps the 1-worker run on large sets), default mode;
* the gold strings of the synthetic reports that survive the model's suggestions, per
  category (recall on narratives the model was not trained on);
* the synthetic gold itself with ``--spans input`` (the gold as the suggestions: the masking
  path alone), counting reports whose gold strings survive and date intervals broken (the
  structured dates of every case, across its reports and partitions; the narrative's
  full dates within each report, aligned through the unchanged text);
* many small partitions (``--small`` reports per partition) to show the per-task overhead.

Throughput is end to end (read, tag, mask, leak check, write) from the cluster being ready
to the last partition written; the wall time with the cluster's start-up is given too.

    python benchmarks/batch.py                        # 1,000,000 synthetic reports: long
    python benchmarks/batch.py --reports 20000        # minutes
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.batch import Job, run_batch
from deid_studio.detect.rules.terms import find_terms
from deid_studio.formats.chunks import Layout
from deid_studio.formats.csv_table import CsvColumns
from deid_studio.mask import infer_order, parse_date
from deid_studio.mask.leaks import Written, find_leaks
from deid_studio.mask.text import normalise
from deid_studio.services.batching import batch_model
from deid_studio.services.importing import import_documents
from deid_studio.services.project import init_project, open_project
from deid_studio.services.training import train_model
from deid_studio.synth import generate

CLI = [sys.executable, "-m", "deid_studio", "--quiet"]
ACTOR = "benchmark"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, default=1_000_000)
    parser.add_argument("--one-worker-reports", type=int, default=100_000)
    parser.add_argument("--gold-reports", type=int, default=20_000)
    parser.add_argument("--train", type=int, default=400)
    parser.add_argument("--partition-size", type=int, default=2000)
    parser.add_argument("--vaers-partition-size", type=int, default=250)
    parser.add_argument("--small", type=int, default=5)
    parser.add_argument("--work", type=Path, help="keep files here (default: a temporary dir)")
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="deid-batch-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        run(args, work)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)


def run(args: argparse.Namespace, work: Path) -> None:
    db = work / "model.sqlite"
    started = time.perf_counter()
    if not db.exists():
        project = init_project(db, scheme="pv", actor=ACTOR)
        with project:
            import_documents(project, generate(args.train, 99), origin="synthetic gold",
                             actor=ACTOR, gold=True, signed_off=True)  # fmt: skip
            train_model(project, actor=ACTOR, folds=2)
    print(f"model ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    figures: dict[str, Any] = {}
    rows: list[tuple[str, str]] = []

    vaers = shared("vaers", "2021VAERSDATA.csv")
    layout = Layout.of("vaers")
    for workers in (1, 2):
        out = work / f"vaers-{workers}"
        result = batch(db, vaers, layout, out, workers, args.vaers_partition_size)
        figures[f"vaers_{workers}w"] = result
    route = todays_route(db, vaers, work)
    figures["vaers_route"] = route
    figures["vaers_scaling"] = ratio(figures["vaers_2w"], figures["vaers_1w"])
    figures["vaers_vs_route"] = round(route["seconds"] / figures["vaers_2w"]["wall_s"], 2)
    small = batch(db, vaers, layout, work / "vaers-small", 2, args.small)
    figures["vaers_small_partitions"] = small

    synthetic, gold, made = synthetic_set(work, args.reports)
    figures["generation"] = made
    columns = Layout.of("parquet", CsvColumns("text", "id", "case_id"))
    figures["synthetic_2w"] = batch(db, synthetic, columns, work / "syn-2", 2, args.partition_size)
    figures["synthetic_model_leaks"] = model_leaks(gold, work / "syn-2")
    one = synthetic
    if args.reports > args.one_worker_reports:
        one, _, _ = synthetic_set(work, args.one_worker_reports)
    figures["synthetic_1w"] = batch(db, one, columns, work / "syn-1", 1, args.partition_size)
    figures["synthetic_scaling"] = ratio(figures["synthetic_2w"], figures["synthetic_1w"])

    gold_input = gold if args.reports <= args.gold_reports else synthetic_set(
        work, args.gold_reports)[1]  # fmt: skip
    checked = batch(db, gold_input, Layout.of("jsonl"), work / "gold", 2, args.partition_size,
                    spans="input")  # fmt: skip
    figures["gold_as_suggestions"] = {**checked, **leak_check(gold_input, work / "gold")}

    for name in ("vaers_1w", "vaers_2w", "vaers_small_partitions", "synthetic_1w",
                 "synthetic_2w", "gold_as_suggestions"):  # fmt: skip
        f = figures[name]
        rows.append((name, (
            f"{f['reports']} reports, {f['partitions']} partitions: {f['reports_per_s']} rep/s, "
            f"{f['chars_per_s']:,} chars/s ({f['chars_per_s_per_core']:,} per core), "
            f"{f['compute_s']} s + start-up = {f['wall_s']} s, peak {f['peak_mb']} MB/worker"
        )))  # fmt: skip
    rows.append(
        (
            "today's route on VAERS",
            f"{route['seconds']} s (import {route['import_s']} "
            f"+ export {route['export_s']}); batch is {figures['vaers_vs_route']}x faster",
        )
    )
    rows.append(("scaling 1 -> 2 workers", f"VAERS {figures['vaers_scaling']}x, synthetic "
                 f"{figures['synthetic_scaling']}x (target >= 1.8x)"))  # fmt: skip
    rows.append(("synthetic generation", f"{made['reports']} reports, {made['seconds']} s"))
    m = figures["synthetic_model_leaks"]
    rows.append(("model's suggestions", (
        f"{m['surviving']} of {m['strings']} gold strings survive in {m['reports_leaking']} "
        f"reports ({m['surviving_as_written']} as the gold writes them); of "
        f"{m['initials']} initials (too short for the leak check), "
        f"{m['initials_as_written']} as written: "
        + ", ".join(f"{c} {n} of {t}" for c, (n, t) in m["by_category"].items() if n)
    )))  # fmt: skip
    g = figures["gold_as_suggestions"]
    rows.append(("gold as suggestions", (
        f"reports leaking a gold string {g['reports_leaking']} (refused by the leak check "
        f"{g['rejected']}); intervals broken {g['intervals_broken']} of {g['intervals']} "
        f"(structured, per case) and {g['text_intervals_broken']} of {g['text_intervals']} "
        "(narrative full dates, per report)"
    )))  # fmt: skip
    rows.append(("machine", "2 cores shared with other engineers' work: figures are on a "
                 "loaded machine"))  # fmt: skip
    report("batch", rows, figures)


def batch(
    db: Path, source: Path, layout: Layout, out: Path, workers: int, size: int,
    spans: str = "model",
) -> dict[str, Any]:  # fmt: skip
    """One run of the batch machinery; its figures."""
    shutil.rmtree(out, ignore_errors=True)
    with open_project(db) as project:
        model = batch_model(project, actor=ACTOR)
    job = Job(str(source), out, layout, model, partition_size=size, spans=spans)
    started = time.perf_counter()
    result = run_batch(job, workers=workers, dashboard_address=":0")
    wall = time.perf_counter() - started
    compute = result.compute_seconds
    figures = {
        "reports": result.output,
        "rejected": result.rejected,
        "partitions": result.partitions,
        "workers": workers,
        "characters": result.characters,
        "compute_s": round(compute, 1),
        "wall_s": round(wall, 1),
        "reports_per_s": round(result.output / compute, 1),
        "chars_per_s": round(result.characters / compute),
        "chars_per_s_per_core": round(result.characters / compute / workers),
        "peak_mb": round(max(result.peak_rss_mb.values(), default=0.0)),
    }
    print(json.dumps({"run": str(out.name), **figures}), file=sys.stderr, flush=True)
    return figures


def ratio(two: dict[str, Any], one: dict[str, Any]) -> float:
    return round(two["chars_per_s"] / one["chars_per_s"], 2)


def todays_route(db: Path, source: Path, work: Path) -> dict[str, Any]:
    """``import vaers`` into a copy of the project, then ``export --masked --force``."""
    copy = work / "route.sqlite"
    shutil.copy(db, copy)
    out = work / "route.jsonl"
    out.unlink(missing_ok=True)
    timed = {}
    for name, command in (
        ("import_s", ["import", "vaers", str(source)]),
        ("export_s", ["export", str(out), "--masked", "--force", "--reason", "benchmark"]),
    ):
        started = time.perf_counter()
        done = subprocess.run([*CLI, "--db", str(copy), *command], capture_output=True, text=True)
        timed[name] = round(time.perf_counter() - started, 1)
        if done.returncode != 0 and "export refused" in done.stderr:
            # all masked and leak-checked, then refused whole (a batch rejects those alone)
            timed["export_refused"] = done.stderr.strip().split(": ", 2)[-1][:200]
        elif done.returncode != 0:
            sys.exit(f"{command[0]} failed: {done.stderr.strip()}")
    seconds = timed["import_s"] + timed["export_s"]
    return {**timed, "seconds": round(seconds, 1)}


def synthetic_set(work: Path, count: int) -> tuple[Path, Path, dict[str, Any]]:
    """``demo --export-reports count`` (made once per size and kept in ``work``)."""
    out = work / f"synthetic-{count}.parquet"
    gold = work / f"synthetic-{count}.gold.jsonl"
    seconds = 0.0
    if not out.exists():
        started = time.perf_counter()
        command = [*CLI, "demo", "--export-reports", str(count), str(out)]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"demo --export-reports failed: {done.stderr.strip()}")
        seconds = time.perf_counter() - started
    return out, gold, {"reports": count, "seconds": round(seconds, 1)}


def leak_check(gold: Path, out: Path) -> dict[str, int]:
    """Gold strings surviving in the output, and date intervals broken (see the module text)."""
    leaking = intervals = broken = text_intervals = text_broken = 0
    cases: dict[str, list[tuple[dict[str, str], dict[str, str]]]] = {}
    for original, record in _masked_pairs(gold, out):
        if _leaks(original, record):
            leaking += 1
        cases.setdefault(original.get("case_id") or original["id"], []).append(
            (original["meta"].get("dates", {}), record["meta"].get("dates", {}))
        )
        pairs, bad = _text_intervals(original, record)
        text_intervals += pairs
        text_broken += bad
    for reports in cases.values():
        dated = [(k, a[k], b.get(k)) for a, b in reports for k in a]
        for (_, a1, b1), (_, a2, b2) in combinations(dated, 2):
            if not (b1 and b2):
                continue
            intervals += 1
            before = dt.date.fromisoformat(a2) - dt.date.fromisoformat(a1)
            after = dt.date.fromisoformat(b2) - dt.date.fromisoformat(b1)
            broken += before != after
    return {
        "reports_leaking": leaking,
        "intervals": intervals,
        "intervals_broken": broken,
        "text_intervals": text_intervals,
        "text_intervals_broken": text_broken,
    }


def _masked_pairs(gold: Path, out: Path) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Each gold report with its record in the batch output (the reports in the output)."""
    masked: dict[str, dict[str, Any]] = {}
    for part in sorted(out.glob("part-*.jsonl")):
        for line in part.read_text("utf-8").splitlines():
            record = json.loads(line)
            masked[record["id"]] = record
    with gold.open(encoding="utf-8") as lines:
        for line in lines:
            original = json.loads(line)
            record = masked.get(original["id"])
            if record is not None:
                yield original, record


_KEPT = frozenset({"AGE"})
"""Gold categories the tags preset keeps (ages of 89 or less; above, capped): no leak."""


def _leaks(original: dict[str, Any], record: dict[str, Any]) -> bool:
    """A gold string (not of a kept category) in the masked text outside a shifted date and
    a safe term."""
    return bool(_surviving(original, record))


def _surviving(original: dict[str, Any], record: dict[str, Any]) -> dict[str, str]:
    """The gold strings (not of a kept category) found in the masked text outside a shifted
    date and a safe term, with their category, as the product's leak check reads them
    (:func:`~deid_studio.mask.leaks.find_leaks`): a shifted date that reads like another gold
    date, alone or with a date's own words copied beside it ("Jul2020 and"), is computed, no
    survivor; an occurrence inside a surrogate is one."""
    text = original["text"]
    labels = {text[s["start"] : s["end"]]: s["label"] for s in original["spans"]
              if s["label"] not in _KEPT}  # fmt: skip
    by_key = {normalise(s): s for s in labels}
    masked = record["text"]
    written = [Written(s["start"], s["end"], "shift" if s["label"] == "DATE" else "surrogate")
               for s in record["spans"]]  # fmt: skip
    # a safe term the masking keeps on purpose ("Stevens-Johnson syndrome" of Mrs Johnson)
    terms = [(t.start, t.end) for t in find_terms(masked, original.get("language"))]
    found = find_leaks(masked, labels, written, protected=terms)
    keys = (normalise(masked[leak.offset : leak.offset + leak.length]) for leak in found)
    return {by_key[key]: labels[by_key[key]] for key in keys if key in by_key}


_INITIALS = regex.compile(r"(?:\p{Lu}\.){2,6}\Z")


def model_leaks(gold: Path, out: Path) -> dict[str, Any]:
    """With the model's suggestions (recall on narratives it was not trained on): gold
    strings that survive in the output, per category, and of how many."""
    surviving: Counter[str] = Counter()
    strings: Counter[str] = Counter()
    reports = written = short = short_written = 0
    for original, record in _masked_pairs(gold, out):
        text = original["text"]
        labels = {text[s["start"] : s["end"]]: s["label"] for s in original["spans"]}
        strings.update(label for label in labels.values() if label not in _KEPT)
        found = _surviving(original, record)
        surviving.update(found.values())
        reports += bool(found)
        written += sum(_as_written(name, record["text"]) for name in found)
        # initials ("N.P.") are too short for the leak check's search: as written only
        brief = [s for s, label in labels.items() if label not in _KEPT and _INITIALS.match(s)]
        short += len(brief)
        short_written += sum(_as_written(s, record["text"]) for s in brief)
    return {
        "reports_leaking": reports,
        "strings": sum(strings.values()),
        "surviving": sum(surviving.values()),
        "surviving_as_written": written,
        "initials": short,
        "initials_as_written": short_written,
        "by_category": {c: [surviving[c], strings[c]] for c in sorted(strings)},
    }


def _as_written(name: str, masked: str) -> bool:
    """Whether ``name`` stands in the masked text as the gold writes it (case and all, a
    word of its own): the leak check compares without case, so "Ward" is found in "The ward
    pharmacist" and "Don" in "Don't"; this second count tells those apart."""
    return regex.search(rf"(?<![\w'\u2019]){regex.escape(name)}(?![\w'\u2019])", masked) is not None


def _text_intervals(original: dict[str, Any], record: dict[str, Any]) -> tuple[int, int]:
    """Pairs of full narrative dates of a report, and how many changed their interval."""
    pieces = [(old, new) for old, new, label in _aligned(original["text"], record)
              if label == "DATE"]  # fmt: skip
    language = original.get("language")
    order = infer_order((old for old, _ in pieces), language)  # as the masker reads them
    dates = []
    for old, new in pieces:
        a = parse_date(old, order=order, language=language)
        b = parse_date(new, order=order, language=language)
        if a and b and len(a.values) == len(b.values) == 1:
            va, vb = a.values[0], b.values[0]
            if None not in (va.year, va.month, va.day, vb.year, vb.month, vb.day):
                dates.append((dt.date(va.year, va.month, va.day),  # type: ignore[arg-type]
                              dt.date(vb.year, vb.month, vb.day)))  # type: ignore[arg-type]  # fmt: skip
    pairs = list(combinations(dates, 2))
    return len(pairs), sum((a2 - a1) != (b2 - b1) for (a1, b1), (a2, b2) in pairs)


def _aligned(text: str, record: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(original stretch, masked stretch, label) of each masked span, found through the
    unchanged text between the spans."""
    spans = sorted(record["spans"], key=lambda s: s["start"])
    masked = record["text"]
    out: list[tuple[str, str, str]] = []
    position = 0  # in the original
    last = 0  # in the masked text
    for i, span in enumerate(spans):
        before = masked[last : span["start"]]
        found = text.find(before, position)
        if found < 0:
            return out
        start = found + len(before)
        after_end = spans[i + 1]["start"] if i + 1 < len(spans) else len(masked)
        after = masked[span["end"] : after_end]
        end = text.find(after, start) if after else (len(text) if i + 1 == len(spans) else -1)
        if end < 0:
            return out
        out.append((text[start:end], masked[span["start"] : span["end"]], span["label"]))
        position, last = end, span["end"]
    return out


if __name__ == "__main__":
    main()
