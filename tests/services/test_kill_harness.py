"""The kill -9 harness (benchmarks/kill_harness.py) on a few kill points per operation: no
survivor, nothing half-visible, integrity ok, the next run cleans up (issue 17, "Measure")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "kill_harness.py"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_kill_9_at_points_of_import_train_and_export_leaves_nothing_wrong() -> None:
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--points", "2", "--documents", "30"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert done.returncode == 0, done.stderr
    assert figures["kill_points"] == 8
    assert figures["survivors"] == 0 and figures["failed_checks"] == 0
    assert set(figures["operations"]) == {"import", "train", "export-masked", "export-gold"}
