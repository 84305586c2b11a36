"""What Qt needs from the system, checked before Qt is loaded.

Qt aborts the process (exit 134) when its platform plugin cannot load, after a message that
does not say what to install. Before a window opens, this module runs ``ldd`` on PySide6's
platform plugin and widgets module, looks for a display (X or a Wayland socket) and for fonts,
and turns each problem into one line with the exact command for the machine's distribution.
Nothing here imports PySide6: it only finds its files.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import importlib.util
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

# soname -> (Debian/Ubuntu package, Fedora package): the libraries PySide6's Qt links against
# that a minimal system may lack (`ldd` on libqxcb.so, libqwayland.so and QtWidgets).
PACKAGES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb-xinput.so.0": ("libxcb-xinput0", "libxcb"),
    "libxcb-glx.so.0": ("libxcb-glx0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libXau.so.6": ("libxau6", "libXau"),
    "libXdmcp.so.6": ("libxdmcp6", "libXdmcp"),
    "libSM.so.6": ("libsm6", "libSM"),
    "libICE.so.6": ("libice6", "libICE"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libwayland-client.so.0": ("libwayland-client0", "libwayland-client"),
    "libwayland-cursor.so.0": ("libwayland-cursor0", "libwayland-cursor"),
    "libwayland-egl.so.1": ("libwayland-egl1", "libwayland-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libGLX.so.0": ("libglx0", "libglvnd-glx"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libOpenGL.so.0": ("libopengl0", "libglvnd-opengl"),
    "libGLdispatch.so.0": ("libglvnd0", "libglvnd"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libpng16.so.16": ("libpng16-16", "libpng"),
    "libexpat.so.1": ("libexpat1", "expat"),
    "libz.so.1": ("zlib1g", "zlib"),
    "libzstd.so.1": ("libzstd1", "libzstd"),
}
FONT_PACKAGES = ("fonts-dejavu-core", "dejavu-sans-fonts")
# QT_QPA_PLATFORM values that draw into memory or a framebuffer: no X server, no Wayland.
HEADLESS = {"offscreen", "minimal", "vnc", "linuxfb", "eglfs", "minimalegl", "vkkhrdisplay"}

Ldd = Callable[[Path], str]


@dataclass(frozen=True, slots=True)
class Distribution:
    """The package manager to name in a fix: ``apt``, ``dnf``, or ``None`` when unknown."""

    family: str | None
    name: str

    def install(self, debian: Iterable[str], fedora: Iterable[str]) -> str:
        """The exact command that installs these packages here (both when unknown)."""
        sudo = "sudo " if hasattr(os, "geteuid") and os.geteuid() != 0 else ""
        apt = f"{sudo}apt-get install {' '.join(_unique(debian))}"
        dnf = f"{sudo}dnf install {' '.join(_unique(fedora))}"
        if self.family == "apt":
            return apt
        if self.family == "dnf":
            return dnf
        return f"{apt} (Debian/Ubuntu) or {dnf} (Fedora)"


def distribution(os_release: str | None = None) -> Distribution:
    """The distribution family from ``/etc/os-release`` (its text may be given, for tests)."""
    if os_release is None:
        try:
            os_release = Path("/etc/os-release").read_text("utf-8", "replace")
        except OSError:
            os_release = ""
    fields = dict(re.findall(r'^(\w+)=["\']?([^"\'\n]*)', os_release, re.MULTILINE))
    ids = {fields.get("ID", "").lower(), *fields.get("ID_LIKE", "").lower().split()}
    name = fields.get("PRETTY_NAME") or fields.get("ID") or "unknown"
    if ids & {"debian", "ubuntu"}:
        return Distribution("apt", name)
    if ids & {"fedora", "rhel", "centos"}:
        return Distribution("dnf", name)
    return Distribution(None, name)


def platform_name(environ: Mapping[str, str]) -> str:
    """The Qt platform plugin that will load: QT_QPA_PLATFORM's first choice, else Wayland in
    a Wayland session and xcb (X11) otherwise."""
    chosen = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if chosen:
        return chosen
    return "wayland" if wayland_socket(environ) is not None else "xcb"


def wayland_socket(environ: Mapping[str, str]) -> Path | None:
    """The Wayland compositor's socket, when there is one."""
    name = environ.get("WAYLAND_DISPLAY")
    if not name:
        return None
    path = Path(name) if os.path.isabs(name) else Path(environ.get("XDG_RUNTIME_DIR", "")) / name
    return path if path.exists() else None


def display_problem(environ: Mapping[str, str]) -> str | None:
    """Why no window can be shown (no X display, no Wayland socket), or None."""
    platform = platform_name(environ)
    if platform in HEADLESS or not sys.platform.startswith("linux"):
        return None
    if platform == "wayland":
        if wayland_socket(environ) is None:
            return (
                f"no Wayland compositor: WAYLAND_DISPLAY={environ.get('WAYLAND_DISPLAY', '')!r} "
                "names no socket; start the application from your desktop session"
            )
        return None
    display = environ.get("DISPLAY", "")
    if not display:
        return (
            "no display: DISPLAY is not set (and there is no Wayland socket); start the "
            "application from your desktop session, or run it under `xvfb-run`"
        )
    if not _x_server_answers(display):
        return (
            f"cannot connect to the X server on DISPLAY={display}: it is not running, or it "
            "refuses this user (see `xhost` and XAUTHORITY)"
        )
    return None


def _x_server_answers(display: str) -> bool:
    """Whether the X server on ``display`` accepts this user, asked the way Qt will ask it:
    through libxcb, which reads the Xauthority cookie. Without libxcb (its absence is reported
    on its own), a local display's socket is tried instead."""
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return _x_socket_answers(display)
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    for attempt in range(5):  # a busy X server refuses a connection now and then
        if attempt:
            time.sleep(0.2)
        connection = xcb.xcb_connect(display.encode(), None)
        try:
            if xcb.xcb_connection_has_error(connection) == 0:
                return True
        finally:
            xcb.xcb_disconnect(connection)
    return False


def _x_socket_answers(display: str) -> bool:
    """Whether a local X display's socket accepts a connection (remote ones are trusted)."""
    match = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", display)
    if match is None:
        return True
    path = f"/tmp/.X11-unix/X{match.group(1)}"
    for address in (path, "\0" + path):  # the file, then Linux's abstract namespace
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(2)
            try:
                probe.connect(address)
            except OSError:
                continue
            return True
    return False


def qt_files(platform: str) -> list[Path]:
    """PySide6's files whose system libraries decide whether a window can open: the platform
    plugin and the widgets module (found without importing PySide6)."""
    root = _pyside_dir()
    if root is None:
        return []
    plugin = root / "Qt" / "plugins" / "platforms" / f"libq{platform}.so"
    widgets = next(iter(sorted(root.glob("QtWidgets*.so"))), None)
    return [path for path in (plugin, widgets) if path is not None and path.is_file()]


def qt_plugins() -> list[str]:
    """The platform plugins PySide6 ships here (xcb, wayland, offscreen...)."""
    root = _pyside_dir()
    if root is None:
        return []
    folder = root / "Qt" / "plugins" / "platforms"
    names = (p.name.split(".")[0].removeprefix("libq") for p in folder.glob("*"))
    return sorted(n.removeprefix("q") for n in names if n)


def _pyside_dir() -> Path | None:
    try:
        spec = importlib.util.find_spec("PySide6")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    frozen = getattr(sys, "_MEIPASS", None)  # a PyInstaller bundle
    if frozen and (Path(frozen) / "PySide6").is_dir():
        return Path(frozen) / "PySide6"
    return None


def run_ldd(path: Path) -> str:
    """``ldd``'s report on a shared object ('' when ldd is not there)."""
    try:
        done = subprocess.run(
            ["ldd", str(path)], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout


def missing_libraries(files: Iterable[Path], ldd: Ldd | None = None) -> list[str]:
    """The sonames ``ldd`` reports as ``not found`` for any of these files, in order."""
    missing: list[str] = []
    for path in files:
        for line in (ldd or run_ldd)(path).splitlines():
            name, arrow, where = line.strip().partition("=>")
            if arrow and where.strip() == "not found" and name.strip() not in missing:
                missing.append(name.strip())
    return missing


def libraries_problem(platform: str, missing: list[str], distro: Distribution) -> str | None:
    """One line naming the missing libraries and the command that installs them."""
    if not missing:
        return None
    known = [name for name in missing if name in PACKAGES]
    unknown = [name for name in missing if name not in PACKAGES]
    them = "it" if len(missing) == 1 else "them"
    line = (
        f"cannot open the window: Qt's {platform} platform plugin needs "
        f"{', '.join(missing)}, not installed"
    )
    if known:
        line += f"; install {them}: " + distro.install(
            (PACKAGES[name][0] for name in known), (PACKAGES[name][1] for name in known)
        )
    if unknown:
        line += (
            f" (find the package of {', '.join(unknown)} with `apt-file search` or `dnf provides`)"
        )
    return line


def font_count() -> int | None:
    """How many fonts fontconfig knows (None when fontconfig cannot be asked)."""
    name = ctypes.util.find_library("fontconfig")
    if name is None:
        return None
    try:
        fc = ctypes.CDLL(name)
        fc.FcInitLoadConfigAndFonts.restype = ctypes.c_void_p
        fc.FcPatternCreate.restype = ctypes.c_void_p
        fc.FcObjectSetBuild.restype = ctypes.c_void_p
        fc.FcObjectSetBuild.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
        fc.FcFontList.restype = ctypes.POINTER(ctypes.c_int)
        fc.FcFontList.argtypes = [ctypes.c_void_p] * 3
        config = fc.FcInitLoadConfigAndFonts()
        pattern = fc.FcPatternCreate()
        objects = fc.FcObjectSetBuild(b"family", None)
        fonts = fc.FcFontList(config, pattern, objects)
        return int(fonts.contents.value) if fonts else 0  # FcFontSet starts with nfont
    except (OSError, AttributeError, ValueError):
        return None


def fonts_problem(count: int | None, distro: Distribution) -> str | None:
    """One line when fontconfig knows no font (Qt would draw no text)."""
    if count is None or count > 0:
        return None
    return "no fonts: fontconfig finds none, so the window would show no text; install one: " + (
        distro.install([FONT_PACKAGES[0]], [FONT_PACKAGES[1]])
    )


def preflight(
    environ: Mapping[str, str] | None = None,
    *,
    ldd: Ldd | None = None,
    files: list[Path] | None = None,
    fonts: Callable[[], int | None] | None = None,
    distro: Distribution | None = None,
) -> list[str]:
    """Every reason the window cannot open here, one line each with its fix ([] when none).

    Linux only: elsewhere Qt ships what it needs. ``ldd``, ``files``, ``fonts`` and ``distro``
    are the system's unless given (tests give a fake ``ldd`` report).
    """
    environ = os.environ if environ is None else environ
    if not sys.platform.startswith("linux"):
        return []
    distro = distro or distribution()
    platform = platform_name(environ)
    problems = [display_problem(environ)]
    if files is None:
        files = qt_files(platform)
    missing = missing_libraries(files, ldd)
    problems.append(libraries_problem(platform, missing, distro))
    problems.append(fonts_problem((fonts or font_count)(), distro))
    return [problem for problem in problems if problem]


def _unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))
