"""The packaged application (scripts/package, PyInstaller one-folder build) starts under Xvfb on
the demo project, shows its window, and closes cleanly on Ctrl+Q.

Slow: building takes minutes. The build is reused while no source file is newer than it. The
test skips where PyInstaller, Xvfb, xdotool or ImageMagick is missing — except where
DEID_REQUIRE_FROZEN=1 (CI sets it), where it fails instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
from smoke import (  # noqa: E402
    APP,
    TOOLS,
    app_environment,
    folder_size,
    launch,
    quit_with_ctrl_q,
    screenshot,
    xvfb,
)

SOURCES = ("deid_studio", "packaging", "resources", "migrations", "pyproject.toml")


def _unavailable(reason: str) -> None:
    if os.environ.get("DEID_REQUIRE_FROZEN") == "1":
        pytest.fail(f"{reason} (DEID_REQUIRE_FROZEN=1)")
    pytest.skip(reason)


def _newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        bundled = [p for p in files if "__pycache__" not in p.parts and p.name != "smoke.py"]
        newest = max([newest, *(p.stat().st_mtime for p in bundled)])
    return newest


@pytest.fixture(scope="module")
def frozen_app() -> Path:
    """The packaged application, built by scripts/package unless an up-to-date one exists."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        needed = "apt-get install xvfb xdotool imagemagick"
        _unavailable(f"{', '.join(missing)} not installed ({needed})")
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        _unavailable("PyInstaller is not installed (pip install .[package])")
    if not APP.exists() or APP.stat().st_mtime < _newest_source():
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "DEID_NO"))}
        built = subprocess.run(  # without the test run's PySide6 blocker on the path
            [str(ROOT / "scripts" / "package")],
            capture_output=True, text=True, timeout=1800, env=clean,
        )  # fmt: skip
        assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-4000:]
    return APP


def test_the_frozen_app_opens_the_demo_project(frozen_app: Path, tmp_path: Path) -> None:
    with xvfb() as display:
        server_alive = lambda: subprocess.run(  # noqa: E731
            ["xdotool", "getmouselocation"], env={**os.environ, "DISPLAY": display},
            capture_output=True,
        ).returncode == 0  # fmt: skip
        env = app_environment(display, tmp_path)
        made = subprocess.run(
            [str(frozen_app), "demo", "--count", "20", "--no-window"],
            capture_output=True, text=True, env=env, timeout=300,
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        demo = tmp_path / "data" / "deid-studio" / "demo.sqlite"
        assert f"demo project created: {demo}" in made.stdout

        launched = launch(frozen_app, ["--db", str(demo)], env)
        try:
            if launched.window is None:
                launched.process.kill()
                _, err = launched.process.communicate()
                alive = "answers" if server_alive() else "does not answer"
                probe = subprocess.run(
                    ["xdotool", "getmouselocation"], env=env, capture_output=True, text=True
                )
                pytest.fail(
                    f"no window (exit {launched.process.returncode}; Xvfb {display} {alive}; "
                    f"with the app's environment xdotool says {probe.returncode} "
                    f"{probe.stderr.strip()!r}; environment {sorted(env)}): {err[-2000:]}"
                )
            shot = tmp_path / "frozen-app.png"
            deadline = time.perf_counter() + 60  # mapped is not yet painted on a busy machine
            while screenshot(env, shot) <= 20 and time.perf_counter() < deadline:
                time.sleep(0.5)
            assert screenshot(env, shot) > 20, "the screenshot stayed blank for a minute"
            assert quit_with_ctrl_q(launched, env) == 0, launched.process.stderr.read()  # type: ignore[union-attr]
        finally:
            if launched.process.poll() is None:
                launched.process.kill()
                launched.process.wait()
    size = folder_size(frozen_app.parent)
    print(f"frozen app {size / 1e6:.0f} MB, window after {launched.seconds:.1f} s, {shot}")


def test_the_frozen_app_tags_trains_and_masks(frozen_app: Path, tmp_path: Path) -> None:
    """The rules read data files of installed packages (wordfreq's frequency lists, GeoNames'
    cities, the drug dictionary, the German tagger's model): the frozen app bundles them, so
    it finds PHI in narratives, trains, and exports masked reports with surrogates."""
    import json

    env = app_environment(":0", tmp_path)  # no window: the command line only
    env.pop("DISPLAY")
    narratives = tmp_path / "in.jsonl"
    narratives.write_text(
        json.dumps({"id": "en1", "language": "en", "text": "Patient John Smith, 45 years old, "
                    "from Boston, received the Pfizer vaccine on 03/04/2021."}) + "\n"
        + json.dumps({"id": "de1", "language": "de", "text": "Maria kam gestern zur "
                      "Kontrolle. Seit zwei Tagen Fieber."}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    project = tmp_path / "p.sqlite"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(frozen_app), "--db", str(project), *args],
            capture_output=True, text=True, env=env, timeout=600,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
        return done

    run("init")
    run("tag", "jsonl", str(narratives), str(tmp_path / "out.jsonl"))
    found = {
        r["id"]: {r["text"][s["start"] : s["end"]] for s in r["spans"]}
        for r in map(json.loads, (tmp_path / "out.jsonl").read_text("utf-8").splitlines())
    }
    assert {"John Smith", "Boston", "03/04/2021"} <= found["en1"]
    assert "Pfizer" not in found["en1"]
    assert found["de1"] == {"Maria"}
    demo = subprocess.run(
        [str(frozen_app), "demo", "--count", "30", "--no-window"],
        capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert demo.returncode == 0, demo.stderr[-2000:]
    project = tmp_path / "data" / "deid-studio" / "demo.sqlite"
    assert "model version 1" in run("train", "--cv", "2").stdout
    masked = tmp_path / "masked.jsonl"
    run("export", str(masked), "--format", "jsonl", "--masked", "--preset", "surrogates")
    assert masked.read_text("utf-8").count("\n") > 0
