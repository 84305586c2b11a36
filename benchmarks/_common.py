"""Shared bits of the benchmarks: where the shared data is, how to print results."""

from __future__ import annotations

import json
import os
import sys
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
