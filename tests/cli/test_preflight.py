"""The check before Qt loads: missing system libraries, no display, no fonts — one line each,
with the command that fixes it, and exit 1 instead of Qt's abort."""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from deid_studio.cli import preflight
from deid_studio.cli.preflight import Distribution, distribution, missing_libraries

# What `ldd libqxcb.so` prints on a fresh Debian without the three xcb utility libraries.
LDD_WITHOUT_XCB_UTILS = """\
\tlinux-vdso.so.1 (0x00007ffd3c5f2000)
\tlibQt6XcbQpa.so.6 => /venv/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x7f0)
\tlibxcb-cursor.so.0 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb-util.so.1 => /lib/x86_64-linux-gnu/libxcb-util.so.1 (0x00007f3c1a1e2000)
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f3c19e00000)
"""
DEBIAN = Distribution("apt", "Debian GNU/Linux 12 (bookworm)")
FEDORA = Distribution("dnf", "Fedora Linux 41")
PLUGIN = Path("/venv/PySide6/Qt/plugins/platforms/libqxcb.so")


@pytest.fixture
def x_display(monkeypatch: pytest.MonkeyPatch) -> str:
    """A display whose X server accepts us (the libxcb handshake is answered yes)."""
    monkeypatch.setattr(preflight, "_x_server_answers", lambda display: display == ":4242")
    return ":4242"


@pytest.fixture
def x_socket() -> Iterator[str]:
    """A display whose socket answers (an abstract Unix socket, so no file is created)."""
    for number in range(4100, 4200):
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            server.bind(f"\0/tmp/.X11-unix/X{number}")
        except OSError:
            server.close()
            continue
        server.listen(4)
        try:
            yield f":{number}"
        finally:
            server.close()
        return
    pytest.skip("no free display number")


def fake_ldd(report: str) -> preflight.Ldd:
    return lambda path: report if path == PLUGIN else ""


def check(environ: dict[str, str], report: str, distro: Distribution, fonts: int = 12) -> list:
    return preflight.preflight(
        environ, ldd=fake_ldd(report), files=[PLUGIN], fonts=lambda: fonts, distro=distro
    )


pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def test_missing_xcb_libraries_give_one_line_with_the_apt_command(x_display) -> None:
    problems = check({"DISPLAY": x_display}, LDD_WITHOUT_XCB_UTILS, DEBIAN)
    assert len(problems) == 1
    [line] = problems
    assert "libxcb-cursor.so.0, libxcb-icccm.so.4, libxcb-keysyms.so.1" in line
    assert line.endswith("apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1")
    assert "\n" not in line


def test_on_fedora_the_line_names_the_dnf_packages(x_display) -> None:
    [line] = check({"DISPLAY": x_display}, LDD_WITHOUT_XCB_UTILS, FEDORA)
    assert line.endswith("dnf install xcb-util-cursor xcb-util-wm xcb-util-keysyms")


def test_an_unknown_distribution_gets_both_commands(x_display) -> None:
    [line] = check({"DISPLAY": x_display}, LDD_WITHOUT_XCB_UTILS, Distribution(None, "Arch"))
    assert "apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 (Debian/Ubuntu)" in line
    assert "dnf install xcb-util-cursor xcb-util-wm xcb-util-keysyms (Fedora)" in line


def test_a_library_without_a_known_package_is_still_named(x_display) -> None:
    report = "\tlibxcb-cursor.so.0 => not found\n\tlibweird.so.3 => not found\n"
    [line] = check({"DISPLAY": x_display}, report, DEBIAN)
    assert "libxcb-cursor.so.0, libweird.so.3" in line
    assert "apt-get install libxcb-cursor0" in line and "libweird.so.3 with `apt-file" in line


def test_nothing_missing_means_no_problem(x_display) -> None:
    report = LDD_WITHOUT_XCB_UTILS.replace("not found", "/lib/x86_64-linux-gnu/lib.so (0x1)")
    assert check({"DISPLAY": x_display}, report, DEBIAN) == []


def test_no_display_and_no_fonts_are_problems_of_their_own() -> None:
    problems = check({}, "", DEBIAN, fonts=0)
    assert len(problems) == 2
    assert problems[0].startswith("no display: DISPLAY is not set")
    assert problems[1].endswith("apt-get install fonts-dejavu-core")


def test_a_display_that_refuses_us_or_nobody_answers_on_is_named(x_display) -> None:
    [line] = check({"DISPLAY": ":4099"}, "", DEBIAN)
    assert line.startswith("cannot connect to the X server on DISPLAY=:4099")


def test_without_libxcb_a_local_display_socket_is_tried(x_socket) -> None:
    assert preflight._x_socket_answers(x_socket)
    assert not preflight._x_socket_answers(":4099")
    assert preflight._x_socket_answers("remote.example:0")  # not checked: trusted


def test_offscreen_needs_no_display_and_checks_the_offscreen_plugin() -> None:
    assert check({"QT_QPA_PLATFORM": "offscreen"}, "", DEBIAN) == []
    assert preflight.platform_name({"QT_QPA_PLATFORM": "offscreen"}) == "offscreen"


def test_wayland_is_chosen_when_its_socket_exists(tmp_path: Path) -> None:
    (tmp_path / "wayland-1").touch()
    environ = {"WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": str(tmp_path)}
    assert preflight.platform_name(environ) == "wayland"
    assert check(environ, "", DEBIAN) == []
    assert preflight.display_problem({"QT_QPA_PLATFORM": "wayland"}) is not None


def test_ldd_reports_are_read_for_not_found_only() -> None:
    assert missing_libraries([PLUGIN], fake_ldd(LDD_WITHOUT_XCB_UTILS)) == [
        "libxcb-cursor.so.0",
        "libxcb-icccm.so.4",
        "libxcb-keysyms.so.1",
    ]


def test_the_distribution_comes_from_os_release() -> None:
    assert distribution('ID=ubuntu\nID_LIKE=debian\nPRETTY_NAME="Ubuntu 24.04"\n').family == "apt"
    assert distribution('ID="rocky"\nID_LIKE="rhel centos fedora"\n').family == "dnf"
    assert distribution("ID=fedora\n").family == "dnf"
    assert distribution("ID=arch\n").family is None


def test_the_window_command_prints_the_fix_and_exits_1_before_qt_loads(
    cli, x_display, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("DISPLAY", x_display)
    monkeypatch.setattr(preflight, "qt_files", lambda platform: [PLUGIN])
    monkeypatch.setattr(preflight, "run_ldd", fake_ldd(LDD_WITHOUT_XCB_UTILS))
    monkeypatch.setattr(preflight, "distribution", lambda: DEBIAN)
    loaded_before = "PySide6.QtWidgets" in sys.modules
    cli("init")
    code, _, err = cli()
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("deid-studio: error: cannot open the window: Qt's xcb")
    assert lines[0].endswith("apt-get install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1")
    assert ("PySide6.QtWidgets" in sys.modules) == loaded_before
    assert os.environ["DISPLAY"] == x_display
