"""Exchange with the annotation tools: MEDDOCAN train (500 documents) through each new format.

MEDDOCAN train is imported from BRAT as gold once; then, per format, the whole command a user
types (a new process each time): ``export OUT --format X`` from that project, ``import X OUT
--gold`` into a fresh project, and ``export --format brat`` back, whose narratives and spans
are compared with the original BRAT files, document by document. Times are the median of
``--repeat`` runs, wall clock and CPU (user + system: the steadier figure on a shared
machine). Label Studio's export is timed with the current model's suggestions as predictions
(here model version 0, the rules alone: the project has no trained model) and without them.

    python benchmarks/exchange.py [--repeat 3] [--split train]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared
from _common import run_cli as run

from deid_studio.core import Span
from deid_studio.formats.brat import read_brat

FORMATS = {
    "inception": "xmi",
    "inception-json": "json",
    "label-studio": "ls",
    "prodigy": "examples.jsonl",
    "spacy": "gold.spacy",
}


def timed(args: list[str]) -> tuple[float, float]:
    """The command's wall time and the CPU time (user + system) it used: on a machine shared
    with other work the CPU time is the steadier figure (the work is single-threaded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = run(args)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def spans_by_document(folder: Path) -> dict[str, tuple[str, tuple[Span, ...]]]:
    """Per report id: the narrative and its spans, as the BRAT reader gives them."""
    return {d.external_id: (d.text, d.spans) for d in read_brat(folder)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--split", default="train", choices=("train", "dev"))
    args = parser.parse_args()
    source = shared("meddocan", args.split)
    original = spans_by_document(source)
    spans_in = sum(len(spans) for _, spans in original.values())
    figures: dict[str, object] = {"documents": len(original), "spans": spans_in}
    rows: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        db = str(work / "source.sqlite")
        run(["--db", db, "init", "--scheme", "meddocan"])
        run(["--db", db, "import", "brat", str(source), "--gold", "--no-suggest"])
        for name, target in FORMATS.items():
            exports, imports = [], []
            for n in range(args.repeat):
                out = work / f"{name}-{n}" / target
                exports.append(timed(["--db", db, "export", str(out), "--format", name]))
                again = str(work / f"{name}-{n}.sqlite")
                run(["--db", again, "init", "--scheme", "meddocan"])
                imports.append(
                    timed(["--db", again, "import", name, str(out), "--gold", "--no-suggest"])
                )
            export_s, export_cpu = (statistics.median(t) for t in zip(*exports, strict=True))
            import_s, import_cpu = (statistics.median(t) for t in zip(*imports, strict=True))
            back = work / f"{name}-back"
            run(["--db", again, "export", str(back), "--format", "brat"])
            returned = spans_by_document(back)
            identical = sum(returned.get(k) == v for k, v in original.items())
            spans_out = sum(len(spans) for _, spans in returned.values())
            key = name.replace("-", "_")
            figures |= {
                f"{key}_export_s": round(export_s, 2),
                f"{key}_export_cpu_s": round(export_cpu, 2),
                f"{key}_import_s": round(import_s, 2),
                f"{key}_import_cpu_s": round(import_cpu, 2),
                f"{key}_round_trip_spans": spans_out,
                f"{key}_identical_documents": identical,
            }
            rows.append(
                (
                    name,
                    f"export {export_s:5.2f} s (CPU {export_cpu:5.2f})  import {import_s:5.2f} s "
                    f"(CPU {import_cpu:5.2f})  spans {spans_in} -> {spans_out}  identical "
                    f"documents {identical}/{len(original)}",
                )
            )
        bare_export = ["export", "--format", "label-studio", "--no-predictions"]
        bare = [
            timed(["--db", db, *bare_export, str(work / f"bare-{n}")]) for n in range(args.repeat)
        ]
        bare_s, bare_cpu = (statistics.median(t) for t in zip(*bare, strict=True))
        figures["label_studio_export_without_predictions_s"] = round(bare_s, 2)
        figures["label_studio_export_without_predictions_cpu_s"] = round(bare_cpu, 2)
        rows.append(
            ("label-studio, --no-predictions", f"export {bare_s:5.2f} s (CPU {bare_cpu:5.2f})")
        )
    figures["repeat"] = args.repeat
    rows.append(("runs each (median)", str(args.repeat)))
    report(f"exchange (MEDDOCAN {args.split})", rows, figures)


if __name__ == "__main__":
    main()
