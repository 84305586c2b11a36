"""Import speed: MEDDOCAN train as gold (500 documents) and all VAERS 2021 narratives.

Each import runs as the whole command a user types (`deid-studio import ...`, a new process
each time, into a fresh project), repeated; the median wall time is the figure. Target: under
5 s each on a 2-core machine. A project without a model suggests what the rules find as it
imports (model version 0); the VAERS import is also timed with ``--no-suggest``.

    python benchmarks/import_speed.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared
from _common import run_cli as run


def time_import(scheme: str, import_args: list[str], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            db = str(Path(tmp) / "bench.sqlite")
            run(["--db", db, "init", "--scheme", scheme])
            times.append(run(["--db", db, "import", *import_args]))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    meddocan = time_import(
        "meddocan", ["brat", str(shared("meddocan", "train")), "--gold"], args.repeat
    )
    vaers_file = str(shared("vaers", "2021VAERSDATA.csv"))
    vaers = time_import("pv", ["vaers", vaers_file], args.repeat)
    bare = time_import("pv", ["vaers", vaers_file, "--no-suggest"], args.repeat)
    figures = {
        "meddocan_train_gold_s": round(statistics.median(meddocan), 2),
        "meddocan_train_gold_s_max": round(max(meddocan), 2),
        "vaers_2946_s": round(statistics.median(vaers), 2),
        "vaers_2946_s_max": round(max(vaers), 2),
        "vaers_2946_no_suggest_s": round(statistics.median(bare), 2),
        "repeat": args.repeat,
    }
    report(
        "import_speed",
        [
            ("MEDDOCAN train, 500 docs as gold (median s)", f"{figures['meddocan_train_gold_s']}"),
            ("VAERS 2021, 2,946 narratives (median s)", f"{figures['vaers_2946_s']}"),
            ("the same, --no-suggest (median s)", f"{figures['vaers_2946_no_suggest_s']}"),
            ("runs each", str(args.repeat)),
        ],
        figures,
    )


if __name__ == "__main__":
    main()
