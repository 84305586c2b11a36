"""Outputs that appear whole or not at all, recorded before they appear, and what a killed
run left behind.

An export (or tagged output) to ``OUT`` is written into a staging folder beside it,
``.OUT.deid-staging``, holding a lock file that the writing process keeps locked and listed
in the user's state folder. The caller records the export (audit events, commit) while the
output is still hidden; only then does :func:`staged_output` give it its modes and move it
into place. So an output in place has always been audited, and a process killed before that
leaves only the hidden staging folder, which the next run removes: :func:`recover_staged`
(called when the command line or the window starts) goes through the list, and an export to
the same ``OUT`` removes it too — in both cases only once nobody holds its lock. A second
export to the same ``OUT`` while the first runs is refused in one line.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from deid_studio.core.errors import DeidError
from deid_studio.services.paths import state_dir
from deid_studio.services.privacy import DEFAULT_READABLE_BY, private_folder, set_modes

try:  # POSIX: the kernel drops a dead process's lock
    import fcntl
except ImportError:  # pragma: no cover - Windows: a folder in use cannot be removed anyway
    fcntl = None  # type: ignore[assignment]

SUFFIX = ".deid-staging"
LOCK = ".lock"
_REPLACED = ".replaced"
_NAME_BYTES = 255
SETTING_UP_SECONDS = 60.0  # a staging folder without its lock is left alone this long


@dataclass(frozen=True, slots=True)
class Stage:
    """Where to write an output that is not visible yet."""

    path: Path
    """Write the output here (a file or a folder, named like ``out``)."""
    out: Path
    folder: Path


def staging_folder(out: Path) -> Path:
    """The hidden folder beside ``out`` that stages it (one per destination)."""
    name = f".{out.name}{SUFFIX}"
    if len(os.fsencode(name)) > _NAME_BYTES:
        name = f".{hashlib.sha256(os.fsencode(out.name)).hexdigest()[:24]}{SUFFIX}"
    return out.parent / name


@contextmanager
def staged_output(
    out: Path, *, overwrite: bool = False, readable_by: str = DEFAULT_READABLE_BY
) -> Iterator[Stage]:
    """A hidden place to write ``out``, moved into place when the block ends normally.

    Record what is being written (audit, commit) inside the block: the output becomes visible
    only after it, with the modes of ``readable_by`` (owner only by default). On any error the
    staged files are removed and ``out`` is left as it was.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    folder = staging_folder(out)
    _remove_if_abandoned(folder)
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        raise DeidError(
            f"{out}: another export to this place is running; wait for it to finish"
        ) from None
    entry = _remember(folder)
    lock = os.open(folder / LOCK, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        _hold(lock)
        stage = Stage(folder / out.name, out, folder)
        yield stage
        set_modes(stage.path, readable_by)
        _publish(stage, overwrite=overwrite)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        os.close(lock)
        if entry is not None:
            entry.unlink(missing_ok=True)


def recover_staged() -> list[Path]:
    """Remove the staging folders of runs that were killed before finishing; the ones removed.

    A folder whose lock is still held belongs to a run in progress and is left alone.
    """
    journal = state_dir() / "staging"
    try:
        entries = sorted(journal.iterdir())
    except OSError:  # no notes (or none readable): nothing to do
        return []
    removed: list[Path] = []
    for entry in entries:
        try:
            folder = Path(os.fsdecode(entry.read_bytes()))
        except OSError:
            continue
        if not folder.name.endswith(SUFFIX):
            entry.unlink(missing_ok=True)  # not ours to remove
            continue
        if not folder.exists():
            entry.unlink(missing_ok=True)
        elif _remove_if_abandoned(folder):
            removed.append(folder)
            entry.unlink(missing_ok=True)
    return removed


def _remember(folder: Path) -> Path | None:
    """A note in the state folder naming ``folder``, so that the next run can find it (None
    when the state folder cannot be written: an export to the same place still cleans up)."""
    try:
        entry = private_folder(state_dir() / "staging") / secrets.token_hex(8)
        fd = os.open(entry, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return None
    try:
        os.write(fd, os.fsencode(folder.resolve()))
    finally:
        os.close(fd)
    return entry


def _hold(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _remove_if_abandoned(folder: Path) -> bool:
    """Remove ``folder`` when no live process holds its lock; True when it was removed."""
    if not folder.is_dir():
        return False
    try:
        fd = os.open(folder / LOCK, os.O_RDONLY)
    except FileNotFoundError:
        # no lock yet: a run is creating it this instant, or was killed before it could
        try:
            age = time.time() - folder.stat().st_mtime
        except OSError:
            return False
        if age < SETTING_UP_SECONDS:
            return False
        fd = None
    except OSError:
        return False
    try:
        if fd is not None and fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
        shutil.rmtree(folder, ignore_errors=True)
        return not folder.exists()
    finally:
        if fd is not None:
            os.close(fd)


def _publish(stage: Stage, *, overwrite: bool) -> None:
    """Move the staged output to ``out``; an existing ``out`` (when allowed) goes first into
    the staging folder, so that it is removed with it."""
    out = stage.out
    if out.is_dir() and not any(out.iterdir()):
        out.rmdir()
    elif out.exists() or out.is_symlink():
        if not overwrite:
            raise DeidError(f"{out}: appeared while this export ran; nothing was moved there")
        out.rename(stage.folder / _REPLACED)
    stage.path.rename(out)
