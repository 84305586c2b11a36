"""A wheel carries what an installed DeID Studio needs: migrations, resources, the command."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_wheel_carries_migrations_and_resources(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    [wheel] = tmp_path.glob("deid_studio-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "deid_studio/_migrations/env.py" in names
    assert any(n.startswith("deid_studio/_migrations/versions/") for n in names)
    assert "deid_studio/_resources/nltk_data/corpora/stopwords/english" in names
    assert "deid_studio/_resources/nltk_data/corpora/stopwords/README" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    assert (
        "deid-studio = deid_studio.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
    )
