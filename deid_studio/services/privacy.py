"""Files that hold PHI are readable by their owner only; the error log holds no PHI at all.

- :func:`private_process` sets the process umask to 077, so that every file and folder the
  process creates (project files, exports, tagged output, temporary files, logs, and those of
  its child processes) is created ``0600``/``0700``. The command line and the window call it
  first thing.
- :func:`set_modes` gives a finished output its final modes explicitly, whatever the umask:
  owner only for anything holding PHI (the gold standard, tagged narratives), and for masked
  exports what the user chose (:data:`READABLE_BY`, owner only by default).
- :func:`log_failure` appends an unexpected error to ``errors.log`` (``0600`` in a ``0700``
  folder) as a traceback without messages or values (see ``core.errors.bug_trace``).
"""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

from deid_studio import __version__
from deid_studio.core.errors import bug_trace
from deid_studio.services.paths import log_dir

PRIVATE_UMASK = 0o077

READABLE_BY: dict[str, tuple[int, int]] = {
    "me": (0o600, 0o700),
    "group": (0o640, 0o750),
    "everyone": (0o644, 0o755),
}
"""Who may read an output: (file mode, folder mode). PHI is always ``me``."""

DEFAULT_READABLE_BY = "me"


def private_process() -> int:
    """Make everything this process (and its children) creates private; the previous umask."""
    return os.umask(PRIVATE_UMASK)


def private_folder(path: Path) -> Path:
    """``path`` as a folder only its owner can enter (created if missing, tightened if not)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if (path.stat().st_mode & 0o777) != 0o700:
        path.chmod(0o700)
    return path


def set_modes(path: Path, readable_by: str = DEFAULT_READABLE_BY) -> None:
    """Give ``path`` (a file, or a folder and everything in it) the modes of ``readable_by``."""
    try:
        file_mode, folder_mode = READABLE_BY[readable_by]
    except KeyError:
        choices = ", ".join(READABLE_BY)
        raise ValueError(f"readable by {readable_by!r}? choose one of {choices}") from None
    if not path.is_dir():
        path.chmod(file_mode)
        return
    path.chmod(folder_mode)
    for folder, folders, files in os.walk(path):
        for name in folders:
            Path(folder, name).chmod(folder_mode)
        for name in files:
            Path(folder, name).chmod(file_mode)


def log_failure(err: BaseException, what: str = "") -> Path:
    """Append ``err`` to the error log, without its message; the log's path."""
    log = private_folder(log_dir()) / "errors.log"
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)  # a log from an older version may be wider
        header = (
            f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} deid-studio {__version__} "
            f"(Python {platform.python_version()}, {sys.platform}, pid {os.getpid()})"
            f"{': ' + what if what else ''}\n"
        )
        os.write(fd, (header + bug_trace(err)).encode("utf-8", "backslashreplace"))
    finally:
        os.close(fd)
    return log
