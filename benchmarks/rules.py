"""The regex rules alone on MEDDOCAN train: precision and recall of each rule kind.

Each kind is scored against the gold spans of the MEDDOCAN category it becomes
(``rule_category``): strict (same start and end) and overlap. A kind's recall is the share
of that category's gold spans its hits match, so DATE and YEAR share FECHAS and the ID rules
share the ID_* categories; POSTCODE is scored against the TERRITORIO spans that are numbers
(a postcode is the only territory a rule can find). Also: precision of every rule, and the
speed of ``find`` in CPU time, after the other split has been read (the word lists and
imports a process loads once, the per-word caches of a process that has read narratives:
what a worker tagging many narratives runs at). The CRF sees rule hits as features, so
these figures say how much to trust each. The speed is the median of ``--processes`` fresh
processes (3 by default), each reading the other split first: a process's first pass over
narratives it has not seen can be measured once, and on a shared machine one process's
figure moves by a tenth from one run to the next.

    python benchmarks/rules.py [--split train] [--processes 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import regex
from _common import report, shared

from deid_studio.core import preset
from deid_studio.detect.rules import KINDS, find, narrow, rule_category
from deid_studio.formats.brat import read_brat

_POSTCODE = regex.compile(r"(?:[A-Z]{1,2}[- ])?\d{4,5}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="train", choices=("train", "dev"))
    parser.add_argument("--processes", type=int, default=3, help="processes timed (median)")
    parser.add_argument("--speed-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    documents = read_brat(shared("meddocan", args.split))
    scheme = preset("meddocan")

    hits, seconds, warm_up = _timed(documents, args.split)
    chars = sum(len(d.text) for d in documents)
    if args.speed_only:
        print(json.dumps({"seconds": seconds}))
        return
    speeds = [chars / seconds / 1e6] + [
        chars / _seconds_in_new_process(args.split) / 1e6 for _ in range(args.processes - 1)
    ]

    # gold (start, end) per category; numeric TERRITORIO spans stand for postcodes
    gold: dict[str, set[tuple[int, int, int]]] = defaultdict(set)
    for n, d in enumerate(documents):
        for s in d.spans:
            gold[s.category].add((n, s.start, s.end))
            if s.category == "TERRITORIO" and _POSTCODE.fullmatch(d.text[s.start : s.end]):
                gold["TERRITORIO (numeric)"].add((n, s.start, s.end))
    kind_rows: dict[str, Counter[str]] = defaultdict(Counter)
    rule_rows: dict[str, Counter[str]] = defaultdict(Counter)
    for n, (d, found) in enumerate(zip(documents, hits, strict=True)):
        for h in found:
            category = rule_category(h.kind, scheme, h.rule)
            if category is None:
                continue
            target = "TERRITORIO (numeric)" if h.kind == "POSTCODE" else category
            family = "ID_*" if category.startswith("ID_") else target
            start, end = narrow(d.text, h, scheme)
            exact = (n, start, end) in gold[target]
            loose = any(
                g[0] == n and g[1] < end and start < g[2]
                for g in _near(gold, family, category, target)
            )
            for row in (kind_rows[h.kind], rule_rows[h.rule]):
                row["hits"] += 1
                row["strict"] += exact
                row["overlap"] += loose
            kind_rows[h.kind]["target:" + family] = 1

    rows: list[tuple[str, str]] = []
    figures: dict[str, object] = {"split": args.split, "documents": len(documents)}
    for kind in KINDS:
        row = kind_rows.get(kind)
        category = rule_category(kind, scheme)
        if not row or category is None:
            continue
        target = "TERRITORIO (numeric)" if kind == "POSTCODE" else category
        family = "ID_*" if category.startswith("ID_") else target
        size = sum(len(gold[c]) for c in _family(gold, family, target))
        p_strict, p_overlap = row["strict"] / row["hits"], row["overlap"] / row["hits"]
        r_strict = row["strict"] / size if size else 0.0
        rows.append(
            (
                f"{kind} -> {family}",
                f"hits {row['hits']:5d}  strict P {p_strict:.3f} R {r_strict:.3f}  "
                f"overlap P {p_overlap:.3f}  (gold {size})",
            )
        )
        figures[kind] = {
            "category": family,
            "hits": row["hits"],
            "strict_precision": round(p_strict, 4),
            "strict_recall": round(r_strict, 4),
            "overlap_precision": round(p_overlap, 4),
            "gold": size,
        }
    for rule, row in sorted(rule_rows.items()):
        rows.append(
            (f"  rule {rule}", f"hits {row['hits']:5d}  strict P {row['strict'] / row['hits']:.3f}")
        )
    figures["rule_precision"] = {r: round(c["strict"] / c["hits"], 4) for r, c in rule_rows.items()}
    speed = statistics.median(speeds)
    figures["mb_per_s"] = round(speed, 2)
    figures["mb_per_s_processes"] = [round(s, 3) for s in speeds]
    figures["warm_up_s"] = round(warm_up, 2)
    rows.append(
        (
            "find speed",
            f"{speed:.2f} MB/s of CPU time, median of {len(speeds)} processes "
            f"({min(speeds):.2f}-{max(speeds):.2f}; {chars:,} characters)",
        )
    )
    rows.append(("warm-up", f"{warm_up:.1f} s of CPU time: the other split, read first"))
    report("rules", rows, figures)


def _family(gold: dict[str, set], family: str, target: str) -> list[str]:
    if family == "ID_*":
        return [c for c in gold if c.startswith("ID_")]
    return [target]


def _timed(documents: list, split: str) -> tuple[list, float, float]:
    """The rule hits of ``documents``, the CPU seconds ``find`` took on them, and the
    seconds of reading the other split first."""
    other = "dev" if split == "train" else "train"
    started = time.process_time()
    for d in read_brat(shared("meddocan", other)):  # word lists, tries, imports: once per
        find(d.text, "es")  # process; and the caches of a process that has read narratives
    warm_up = time.process_time() - started
    started = time.process_time()  # CPU time: the figure a busy machine does not distort
    hits = [find(d.text, "es") for d in documents]
    return hits, time.process_time() - started, warm_up


def _seconds_in_new_process(split: str) -> float:
    """:func:`_timed`'s seconds, measured by a fresh process running this script."""
    done = subprocess.run(
        [sys.executable, __file__, "--split", split, "--speed-only"],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(done.stdout.splitlines()[-1])["seconds"])


def _near(gold: dict[str, set], family: str, category: str, target: str) -> set:
    return set().union(*(gold[c] for c in _family(gold, family, target)))


if __name__ == "__main__":
    main()
