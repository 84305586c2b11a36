"""Shared bits of the benchmarks: where the shared data is, how to print results."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = Path(os.environ.get("DEID_SHARED_DATA", ROOT.parent / "shared" / "data"))


def shared(*parts: str) -> Path:
    """A path under ../shared/data, or exit with a clear message when it is absent."""
    path = SHARED_DATA.joinpath(*parts)
    if not path.exists():
        sys.exit(f"benchmark needs {path} (set DEID_SHARED_DATA to the shared data folder)")
    return path


def report(name: str, rows: list[tuple[str, str]], figures: dict[str, Any]) -> None:
    """Print a two-column table, then the figures as one JSON line."""
    width = max(len(k) for k, _ in rows)
    print(f"## {name}")
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    print(json.dumps({"benchmark": name, **figures}, sort_keys=True))


CLI = [sys.executable, "-m", "deid_studio", "--quiet"]


def run_cli(args: list[str]) -> float:
    """Run ``deid-studio ARGS`` as a user would (a new process); its wall time in seconds.
    Exits with the command's own message when it fails."""
    started = time.perf_counter()
    done = subprocess.run(CLI + args, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(args)} failed: {done.stderr.strip()}")
    return elapsed
