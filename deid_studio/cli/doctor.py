"""``deid-studio doctor``: is this installation able to run? A table of checks, exit 1 when
one fails.

Python's version, each required package's installed version against the requirement, Qt's
platform plugin and what it needs from the system (the preflight), SQLCipher and the system
keyring, the project database (reachable, its migration revision against the newest), and
the user data folder's permissions.
"""

from __future__ import annotations

import argparse
import os
import platform
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from deid_studio.cli import preflight
from deid_studio.cli._shared import target
from deid_studio.services.paths import data_dir, log_dir
from deid_studio.store.probe import probe

DISTRIBUTION = "deid-studio"
OK, WARN, FAIL = "ok", "warn", "FAIL"


@dataclass(frozen=True, slots=True)
class Check:
    """One row of the table."""

    name: str
    status: str
    detail: str


def register(commands: Any) -> None:
    """Add ``doctor``."""
    doctor = commands.add_parser(
        "doctor",
        help="check this installation: Python, packages, Qt, database, folders",
        description="Check what DeID Studio needs: the Python version, the installed packages "
        "against their requirements, Qt's platform plugin and the system libraries, display "
        "and fonts it needs, SQLCipher and the system keyring, the project database "
        "(--db, reachable, migration revision) and the user data folder. Prints a table; the "
        "exit code is 1 when a check fails.",
    )
    doctor.set_defaults(run=_doctor)


def _doctor(args: argparse.Namespace) -> int:
    checks = list(run_checks(args))
    print(table(checks))
    failed = [c for c in checks if c.status == FAIL]
    print(f"\n{len(checks)} checks: {len(failed)} failed, "
          f"{sum(c.status == WARN for c in checks)} warnings")  # fmt: skip
    return 1 if failed else 0


def run_checks(args: argparse.Namespace) -> Iterator[Check]:
    """Every check, in the order of the table."""
    yield python_check()
    yield from package_checks()
    yield from qt_checks()
    yield from encryption_checks()
    yield from database_checks(target(args))
    yield from folder_checks()


def table(checks: list[Check]) -> str:
    """The checks as an aligned text table."""
    rows = [("check", "status", "detail"), *((c.name, c.status, c.detail) for c in checks)]
    widths = [max(len(row[i]) for row in rows) for i in range(2)]
    return "\n".join(
        f"{name:<{widths[0]}}  {status:<{widths[1]}}  {detail}".rstrip()
        for name, status, detail in rows
    )


def python_check() -> Check:
    """The running Python against the package's ``Requires-Python``."""
    version = platform.python_version()
    needed = _metadata().get("Requires-Python") or ">=3.11"
    good = version in SpecifierSet(needed)
    return Check("python", OK if good else FAIL, f"{version} ({sys.executable}; needs {needed})")


def package_checks() -> Iterator[Check]:
    """Each requirement of this platform: installed, and in its version range."""
    if getattr(sys, "frozen", False):
        yield Check("packages", OK, f"bundled with the application ({sys.executable})")
        return
    try:
        requirements = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:
        yield Check("packages", FAIL, f"{DISTRIBUTION} is not installed (pip install .)")
        return
    for text in requirements:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        wanted = str(requirement.specifier) or "any version"
        try:
            installed = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            yield Check(requirement.name, FAIL, f"not installed (needs {wanted})")
            continue
        good = requirement.specifier.contains(installed, prereleases=True)
        yield Check(requirement.name, OK if good else FAIL, f"{installed} (needs {wanted})")


def qt_checks() -> Iterator[Check]:
    """Qt's platform plugin, what it needs from the system, a display and fonts."""
    environ = os.environ
    name = preflight.platform_name(environ)
    files = preflight.qt_files(name)
    plugins = preflight.qt_plugins()
    if not plugins:
        yield Check("Qt plugins", FAIL, "PySide6's platform plugins not found")
        return
    detail = f"{', '.join(plugins)}; this session uses {name}"
    yield Check("Qt plugins", OK if name in plugins else FAIL, detail)
    if not sys.platform.startswith("linux"):
        return
    distro = preflight.distribution()
    missing = preflight.missing_libraries(files)
    problem = preflight.libraries_problem(name, missing, distro)
    shown = ", ".join(p.name for p in files)
    yield Check("Qt libraries", FAIL if problem else OK, problem or f"ldd finds all for {shown}")
    display = preflight.display_problem(environ)
    where = environ.get("WAYLAND_DISPLAY") or environ.get("DISPLAY") or name
    yield Check("display", WARN if display else OK, display or where)
    fonts = preflight.font_count()
    problem = preflight.fonts_problem(fonts, distro)
    found = "fontconfig cannot be asked" if fonts is None else f"{fonts} font families"
    yield Check("fonts", FAIL if problem else OK, problem or found)


def encryption_checks() -> Iterator[Check]:
    """SQLCipher for encrypted projects, and the keyring that can remember passphrases."""
    try:
        import sqlcipher3

        connection = sqlcipher3.connect(":memory:")
        version = connection.execute("PRAGMA cipher_version").fetchone()[0]
        connection.close()
        yield Check("SQLCipher", OK, f"{version} (encrypted projects)")
    except Exception as err:  # an ImportError or a broken build: either way, no encryption
        yield Check("SQLCipher", FAIL, f"encrypted projects cannot open: {err}")
    try:
        import keyring

        backend = keyring.get_keyring()
        name = f"{type(backend).__module__}.{type(backend).__name__}"
        usable = "fail" not in type(backend).__module__
        detail = name if usable else f"none here ({name}): passphrases are asked each time"
        yield Check("system keyring", OK if usable else WARN, detail)
    except Exception as err:  # keyring's backends import platform libraries
        yield Check("system keyring", WARN, f"unavailable: {err}")


def database_checks(where: str | Path) -> Iterator[Check]:
    """The project database: reachable, and at which migration."""
    state = probe(where)
    kind = "encrypted, " if state.encrypted else ""
    problem = state.problem.removeprefix(f"{state.path}: ")
    if not state.exists:
        yield Check("database", WARN, f"{state.url}: {problem}")
        return
    if not state.reachable:
        yield Check("database", FAIL, f"{state.url}: {problem}")
        return
    yield Check("database", OK, f"{state.url} ({kind}reachable)")
    if state.revision is None:
        yield Check("schema", WARN, f"empty database (head {state.head}); run init")
    elif state.revision == state.head:
        yield Check("schema", OK, f"at {state.revision} (the newest)")
    else:
        yield Check(
            "schema", WARN, f"at {state.revision}, newest {state.head}: migrated when opened"
        )
    path = state.path
    if path is not None:
        mode = stat.S_IMODE(path.stat().st_mode)
        private = not mode & 0o077
        detail = f"{oct(mode)}" + ("" if private else f"; others may read it: chmod 600 {path}")
        yield Check("project file", OK if private else WARN, detail)


def folder_checks() -> Iterator[Check]:
    """The user data and log folders: writable by the user, private to them."""
    for name, folder in (("data folder", data_dir()), ("log folder", log_dir())):
        existing = folder
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        if not os.access(existing, os.W_OK | os.X_OK):
            yield Check(name, FAIL, f"{folder}: not writable ({existing} is not)")
            continue
        if not folder.exists():
            yield Check(name, OK, f"{folder} (created when first needed)")
            continue
        mode = stat.S_IMODE(folder.stat().st_mode)
        private = not mode & 0o077
        hint = "" if private else f"; others may list it: chmod 700 {folder}"
        yield Check(name, OK if private else WARN, f"{folder} ({oct(mode)}{hint})")


def _metadata() -> metadata.PackageMetadata | dict[str, str]:
    try:
        return metadata.metadata(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return {}
