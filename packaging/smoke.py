"""Driving the packaged application under Xvfb: a server, the window, a screenshot, Ctrl+Q.

Shared by the smoke test (tests/test_frozen_app.py) and the install benchmark
(benchmarks/install.py). Needs Xvfb, xdotool and ImageMagick.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dist" / "deid-studio" / "deid-studio"
TOOLS = ("Xvfb", "xdotool", "import", "convert")
TITLE = "DeID Studio"


def _display_taken(number: int) -> bool:
    """Whether display ``number`` is in use here: its lock file, its socket file, or its
    abstract socket (shared by every process of this network namespace, other sessions'
    X servers included — and libxcb tries that one first)."""
    if Path(f"/tmp/.X{number}-lock").exists() or Path(f"/tmp/.X11-unix/X{number}").exists():
        return True
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(f"\0/tmp/.X11-unix/X{number}")
        except OSError:
            return True
    return False


def _answers(server: subprocess.Popen[bytes], display: str, wait: float = 30) -> bool:
    """Whether the new server accepts a client (xdotool) within ``wait`` seconds."""
    deadline = time.perf_counter() + wait
    env = {**os.environ, "DISPLAY": display}
    while server.poll() is None and time.perf_counter() < deadline:
        probe = subprocess.run(
            ["xdotool", "getmouselocation"], env=env, capture_output=True, timeout=30
        )
        if probe.returncode == 0:
            return True
        time.sleep(0.1)
    return False


@contextmanager
def xvfb() -> Iterator[str]:
    """A fresh Xvfb server on a display nobody else uses; its name (``:N``)."""
    for number in range(150, 400):
        if _display_taken(number):
            continue
        server = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", "1400x900x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        if not _answers(server, f":{number}"):  # someone took the number meanwhile
            server.kill()
            server.wait(timeout=30)
            continue
        try:
            yield f":{number}"
        finally:
            server.terminate()
            server.wait(timeout=30)
        return
    raise RuntimeError("no free X display number")


def app_environment(display: str, home: Path) -> dict[str, str]:
    """The environment of a user on that display with a home of their own (no Python, Qt or
    DeID Studio variables from this process)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "QT_", "DEID_"))}
    env.update(
        DISPLAY=display, HOME=str(home), XDG_DATA_HOME=str(home / "data"),
        XDG_STATE_HOME=str(home / "state"), XDG_CONFIG_HOME=str(home / "config"),
        XDG_CACHE_HOME=str(home / "cache"), DEID_STUDIO_USER="smoke",
    )  # fmt: skip
    return env


def find_window(env: Mapping[str, str]) -> str | None:
    """The visible DeID Studio window's id, if there is one."""
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", TITLE],
        capture_output=True, text=True, env=dict(env),
    )  # fmt: skip
    ids = found.stdout.split()
    return ids[0] if ids else None


@dataclass
class Launch:
    """A started application: its process, window, and seconds from start to the window."""

    process: subprocess.Popen[str]
    window: str | None
    seconds: float


def launch(app: Path, args: list[str], env: Mapping[str, str], timeout: float = 180) -> Launch:
    """Start the application and wait until its window is shown (mapped: first paint)."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(app), *args], env=dict(env), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    window = None
    while window is None and time.perf_counter() - started < timeout and process.poll() is None:
        time.sleep(0.05)
        window = find_window(env)
    return Launch(process, window, time.perf_counter() - started)


def screenshot(env: Mapping[str, str], path: Path) -> int:
    """Save the screen as PNG; how many colours it has (a blank screen has one or two)."""
    subprocess.run(["import", "-window", "root", str(path)], env=dict(env), check=True)
    colours = subprocess.run(
        ["convert", str(path), "-format", "%k", "info:"], capture_output=True, text=True,
        check=True,
    ).stdout  # fmt: skip
    return int(colours)


def quit_with_ctrl_q(launched: Launch, env: Mapping[str, str], timeout: float = 60) -> int:
    """Focus the window, press Ctrl+Q, and wait for the process: its exit code."""
    assert launched.window is not None
    subprocess.run(["xdotool", "windowfocus", "--sync", launched.window], env=dict(env), check=True)
    subprocess.run(["xdotool", "key", "ctrl+q"], env=dict(env), check=True)
    return launched.process.wait(timeout=timeout)


def folder_size(folder: Path) -> int:
    """Bytes of the files in a folder, each counted once (PyInstaller links libraries)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
