"""Installing DeID Studio: the wheel (size, install time into a fresh environment) and the
packaged application (size, start to first paint).

- wheel: `pip wheel --no-deps .`; then `pip install` of it into a new virtual environment in
  a temporary folder, its dependencies from the package index (pip's own cache as it is);
- packaged application: dist/deid-studio from `scripts/package` (built first when missing);
  under Xvfb, the time from starting `deid-studio --db demo.sqlite` to its window being shown,
  --starts times, each closed with Ctrl+Q; with --cold the first start follows a drop of the
  machine's page cache (root only; it slows everything else on the machine for a while).

    python benchmarks/install.py [--starts 5] [--cold] [--skip-wheel] [--skip-app]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ROOT, report

sys.path.insert(0, str(ROOT / "packaging"))
from smoke import APP, app_environment, folder_size, launch, quit_with_ctrl_q, xvfb


def wheel_figures(folder: Path) -> dict[str, float]:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(ROOT)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    [wheel] = folder.glob("deid_studio-*.whl")
    environment = folder / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    started = time.perf_counter()
    subprocess.run(
        [str(environment / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)],
        capture_output=True, text=True, check=True, cwd=folder,
    )  # fmt: skip
    seconds = time.perf_counter() - started
    return {
        "wheel_mb": round(wheel.stat().st_size / 1e6, 2),
        "wheel_install_s": round(seconds, 1),
        "installed_env_mb": round(folder_size(environment) / 1e6),
    }


def drop_page_cache() -> bool:
    try:
        subprocess.run(["sync"], check=True)
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def app_figures(folder: Path, starts: int, cold: bool) -> dict[str, float | bool]:
    if not APP.exists():
        subprocess.run([str(ROOT / "scripts" / "package")], check=True)
    with xvfb() as display:
        env = app_environment(display, folder)
        subprocess.run(
            [str(APP), "demo", "--count", "200", "--no-window"],
            capture_output=True, check=True, env=env,
        )  # fmt: skip
        demo = folder / "data" / "deid-studio" / "demo.sqlite"
        cold = cold and drop_page_cache()
        seconds = []
        for _ in range(starts):
            launched = launch(APP, ["--db", str(demo)], env)
            if launched.window is None:
                launched.process.kill()
                sys.exit(f"no window: {launched.process.communicate()[1][-2000:]}")
            seconds.append(launched.seconds)
            time.sleep(2)
            if quit_with_ctrl_q(launched, env) != 0:
                sys.exit("the application did not exit cleanly")
    return {
        "app_mb": round(folder_size(APP.parent) / 1e6),
        "first_paint_cold_s": round(seconds[0], 2),
        "first_paint_warm_median_s": round(statistics.median(seconds[1:] or seconds), 2),
        "page_cache_dropped": cold,
        "starts": starts,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--cold", action="store_true", help="drop the page cache first")
    parser.add_argument("--skip-wheel", action="store_true")
    parser.add_argument("--skip-app", action="store_true")
    args = parser.parse_args()
    figures: dict[str, float | bool] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_wheel:
            figures.update(wheel_figures(Path(tmp) / "wheel"))
        if not args.skip_app:
            figures.update(app_figures(Path(tmp) / "app", args.starts, args.cold))
    names = {
        "wheel_mb": "wheel size, MB",
        "wheel_install_s": "pip install of the wheel into a fresh venv, s",
        "installed_env_mb": "the environment after it, MB",
        "app_mb": "packaged application (dist/deid-studio), MB",
        "first_paint_cold_s": "start to window, first start (cold with --cold), s",
        "first_paint_warm_median_s": "start to window, later starts (median), s",
    }
    rows = [(label, str(figures[key])) for key, label in names.items() if key in figures]
    report("install", rows, figures)


if __name__ == "__main__":
    main()
