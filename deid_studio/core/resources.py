"""Where the shipped resources and migrations are, installed or in a source checkout.

A wheel carries ``resources/`` and ``migrations/`` inside the package (``_resources``,
``_migrations``); an editable install or a checkout finds them at the repository's top.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, wraps
from pathlib import Path
from typing import ParamSpec, TypeVar

import platformdirs

_PACKAGE = Path(__file__).resolve().parent.parent


_P = ParamSpec("_P")
_T = TypeVar("_T")


def resident(load: Callable[_P, _T]) -> Callable[_P, _T]:
    """``load`` (a loader of shipped word lists) cached for the life of the process, as
    :func:`functools.cache` does, and the objects alive once it has loaded moved out of the
    garbage collector's generations (:func:`gc.freeze`).

    The word lists hold about a million strings in frozensets, which the collector cannot
    untrack: each full collection walked them all (60 ms), and a process reading narratives
    (new words in the rules' memories, matches made and dropped) set one off every few
    hundred narratives: a twentieth of the rules' time on a first pass over MEDDOCAN train.
    Frozen, they are not walked again, and reference counting still frees what is dropped.
    The freeze keeps from the collector whatever else is alive at that moment too (modules,
    the window): a reference cycle among those objects that later becomes garbage stays."""
    loaded: dict[object, _T] = {}

    @wraps(load)
    def cached(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        key = (args, tuple(sorted(kwargs.items())))
        try:
            return loaded[key]
        except KeyError:
            value = loaded[key] = load(*args, **kwargs)
            gc.freeze()
            return value

    cached.cache_clear = loaded.clear  # type: ignore[attr-defined]
    return cached


def _locate(packaged: str, top_level: str) -> Path:
    for candidate in (_PACKAGE / packaged, _PACKAGE.parent / top_level):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"the installation is incomplete: neither {_PACKAGE / packaged} nor "
        f"{_PACKAGE.parent / top_level} exists"
    )


@cache
def resources_dir() -> Path:
    """The folder of shipped data (nltk corpora, gazetteers), each with its licence."""
    return _locate("_resources", "resources")


@cache
def migrations_dir() -> Path:
    """The Alembic script folder."""
    return _locate("_migrations", "migrations")


@cache
def nltk_data_dir() -> Path:
    """The nltk data folder shipped with the product; added to ``nltk.data.path`` on use.

    nltk refuses to read a data file that its group may write, and ``pip install`` under a
    umask of 002 (the default for users of Fedora and other user-private-group systems)
    creates exactly that: the write bits of group and others are taken off the folder's files
    this user owns.
    """
    folder = resources_dir() / "nltk_data"
    make_private(folder)
    return folder


def make_private(folder: Path) -> None:
    """Remove group and other write permission from what this user owns under ``folder``
    (what they cannot change is left as it is)."""
    for path in (folder, *folder.rglob("*")):
        try:
            info = path.lstat()
            if info.st_uid == os.geteuid() and info.st_mode & 0o022 and not path.is_symlink():
                path.chmod(stat.S_IMODE(info.st_mode) & ~0o022)
        except OSError:
            continue


def cached_word_lists(
    name: str, sources: Sequence[Path], read: Callable[[], Mapping[str, Iterable[str]]]
) -> dict[str, list[str]]:
    """Word lists that ``read`` builds from shipped ``sources``, kept in the user's cache.

    Reading through nltk costs its import (about two and a half seconds: it pulls in SciPy
    and scikit-learn), so what ``read`` returns is saved as JSON under a name made of
    ``name`` and the sources' sizes and times (an edited source invalidates it) and reused by
    later processes. The module that defines ``read`` counts as a source: an upgrade that
    reads Faker's or nltk's unchanged files differently must not find the lists the older
    code made (two checkouts sharing one environment did). An unwritable cache only costs
    time.
    """
    path = cache_file(name, [*sources, *_defined_in(read)], ".json")
    try:
        cached = json.loads(path.read_text("utf-8"))
        if isinstance(cached, dict):
            return {k: list(v) for k, v in cached.items()}
    except (OSError, ValueError, TypeError):
        pass
    lists = {k: sorted(set(v)) for k, v in read().items()}
    save_to_cache(path, lambda staged: staged.write_text(json.dumps(lists), "utf-8"))
    return lists


def _defined_in(read: Callable[..., object]) -> list[Path]:
    """The source file of the function ``read`` (none for a callable without one, or a
    frozen application's module)."""
    code = getattr(read, "__code__", None)
    path = Path(code.co_filename) if code is not None else None
    return [path] if path is not None and path.is_file() else []


def cache_file(name: str, sources: Sequence[Path], suffix: str) -> Path:
    """Where something derived from ``sources`` is kept in the user's cache: a name made of
    ``name`` and the sources' sizes and times, so that an edited source invalidates it."""
    key = hashlib.sha256()
    for path in sources:
        info = path.stat()
        key.update(f"{path.name}:{info.st_size}:{info.st_mtime_ns};".encode())
    folder = Path(platformdirs.user_cache_dir("deid-studio", appauthor=False))
    return folder / f"{name}-{key.hexdigest()[:16]}{suffix}"


def save_to_cache(path: Path, write: Callable[[Path], object]) -> bool:
    """``write`` a cache file beside ``path`` and rename it into place (readers never see
    half a file); False when the cache is unwritable, which only costs time. Older files of
    the same name made from other sources (an upgrade, another checkout) are removed but the
    :data:`KEPT_VERSIONS` newest: the folder held 600 MB of them on a developer's machine."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        staged = path.with_suffix(f".{os.getpid()}.tmp")
        write(staged)
        os.replace(staged, path)
    except OSError:
        return False
    _forget_older(path)
    return True


KEPT_VERSIONS = 3
"""Cache files of one name kept (the newest), for installs that take turns."""


def _forget_older(path: Path) -> None:
    """Remove the files of ``path``'s name made from other sources, but the newest."""
    name, _, _ = path.name.rpartition("-")
    pattern = f"{name}-{'?' * 16}{path.suffix}"
    try:
        others = [p for p in path.parent.glob(pattern) if p != path]
        others.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in others[KEPT_VERSIONS - 1 :]:
            old.unlink()
    except OSError:  # another process removed it first, or it is in use (Windows)
        pass
