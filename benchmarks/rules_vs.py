"""The rules' speed against an older commit's, both in one process, turn by turn.

On a shared machine whose speed drifts by a fifth from one minute to the next, two runs
of ``rules.py`` an hour apart say little about a change of 10%. This script loads the
older commit's ``deid_studio`` beside the working tree's (extracted with ``git archive``
and renamed), reads each corpus with both, alternating every 100 narratives, and prints
the CPU time of each and their ratio: the drift hits both alike.

    python benchmarks/rules_vs.py COMMIT [--rounds 2]

Corpora: the 2,946 VAERS narratives (English) and MEDDOCAN train (Spanish).
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.detect.rules import find
from deid_studio.formats import read_brat, read_vaers

_ROOT = Path(__file__).resolve().parent.parent
_STEP = 100


def _older(commit: str, into: Path) -> object:
    """The ``find`` of ``commit``'s rules, imported as the package ``deid_older``."""
    archive = subprocess.run(
        ["git", "-C", str(_ROOT), "archive", commit, "deid_studio"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    package = into / "deid_older"
    (into / "deid_studio").rename(package)
    for source in package.rglob("*.py"):
        source.write_text(source.read_text("utf-8").replace("deid_studio", "deid_older"), "utf-8")
    (into / "resources").symlink_to(_ROOT / "resources")
    sys.path.insert(0, str(into))
    return importlib.import_module("deid_older.detect.rules").find


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit", help="the older commit (a hash, a tag, HEAD~3)")
    parser.add_argument("--rounds", type=int, default=2, help="passes over each corpus")
    args = parser.parse_args()
    corpora = {
        "vaers": ([d.text for d in read_vaers(shared("vaers", "2021VAERSDATA.csv"))], "en"),
        "meddocan": ([d.text for d in read_brat(shared("meddocan", "train"))], "es"),
    }
    rows: list[tuple[str, str]] = []
    figures: dict[str, object] = {"against": args.commit}
    with tempfile.TemporaryDirectory() as folder:
        older = _older(args.commit, Path(folder))
        for name, (texts, language) in corpora.items():
            for text in texts:  # word lists, imports, caches: both warm before timing
                older(text, language)  # type: ignore[operator]
                find(text, language)
            spent = {"older": 0.0, "now": 0.0}
            for _ in range(args.rounds):
                for i in range(0, len(texts), _STEP):
                    part = texts[i : i + _STEP]
                    for label, function in (("older", older), ("now", find)):
                        started = time.process_time()
                        for text in part:
                            function(text, language)  # type: ignore[operator]
                        spent[label] += time.process_time() - started
            chars = args.rounds * sum(map(len, texts))
            speed = {label: chars / seconds / 1e6 for label, seconds in spent.items()}
            ratio = spent["now"] / spent["older"]
            rows.append(
                (
                    name,
                    f"{args.commit} {speed['older']:.3f} MB/s, now {speed['now']:.3f} MB/s "
                    f"(time ratio {ratio:.3f})",
                )
            )
            figures[name] = {
                "older_mb_per_s": round(speed["older"], 3),
                "now_mb_per_s": round(speed["now"], 3),
                "time_ratio": round(ratio, 3),
            }
    report("rules_vs", rows, figures)


if __name__ == "__main__":
    main()
