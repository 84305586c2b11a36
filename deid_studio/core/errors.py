"""Errors a user sees: one line that names the file, the place and the problem.

A message never quotes a narrative: it names the file, the line or offset and the report id.
:func:`printable` makes any text safe to echo on a terminal (control characters, line breaks
and unpaired surrogates are escaped), and :func:`describe_bug` / :func:`bug_trace` describe an
unexpected exception by its type and where it happened in the code, never by its message,
which may carry data (a database error's parameters, a dictionary key, a decoded string).
"""

from __future__ import annotations

import traceback
import unicodedata
from pathlib import Path

# Categories escaped when echoed: controls, format characters (bidi overrides, zero-width),
# line and paragraph separators, surrogates and unassigned code points.
_ESCAPED = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
_PACKAGE = Path(__file__).resolve().parents[1]


class DeidError(Exception):
    """An error meant for the user: its message is the whole story, no traceback needed."""


class InputError(DeidError):
    """Bad input, located: ``file:line: problem`` or ``file: offset N: problem``."""

    def __init__(
        self,
        source: str,
        problem: str,
        *,
        line: int | None = None,
        offset: int | None = None,
    ) -> None:
        self.source = source
        self.problem = problem
        self.line = line
        self.offset = offset
        super().__init__(self._render())

    def _render(self) -> str:
        if self.line is not None:
            return f"{self.source}:{self.line}: {self.problem}"
        if self.offset is not None:
            return f"{self.source}: offset {self.offset}: {self.problem}"
        return f"{self.source}: {self.problem}"


class InputWarning(UserWarning):
    """Something in an input that is imported anyway but deserves a line in the summary:
    readers raise it with ``warnings.warn``, and the import lists what it caught. The message
    names the file, the place and the problem, like an :class:`InputError`'s."""


def printable(text: str, limit: int | None = None) -> str:
    """``text`` safe to echo in one line: control and format characters, line breaks and
    unpaired surrogates become ``\\x1b``-style escapes; cut to ``limit`` characters ("...")."""
    if limit is not None and len(text) > limit:
        text = text[: max(limit - 3, 0)] + "..."
    if text.isprintable() and text.isascii():
        return text
    return "".join(_escape(c) if unicodedata.category(c) in _ESCAPED else c for c in text)


def quoted(text: str, limit: int | None = 40) -> str:
    """``text`` in single quotes, :func:`printable` (a column, label or option in a message)."""
    return f"'{printable(text, limit)}'"


def _escape(character: str) -> str:
    code = ord(character)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a name that was not UTF-8 (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def describe_bug(err: BaseException) -> str:
    """An unexpected exception in one line without its message: its type and the innermost
    place in DeID Studio's code it came through (``KeyError at services/x.py:12 in f``)."""
    place = _innermost_own_frame(err)
    return f"{type(err).__name__} at {place}" if place else type(err).__name__


def bug_trace(err: BaseException) -> str:
    """A traceback of ``err`` (and of the exceptions it was raised from) with file, line,
    function and source line of each frame, and each exception's type — but no exception
    message and no local values, so that nothing of a narrative can reach a log."""
    chain: list[BaseException] = []
    current: BaseException | None = err
    while current is not None and current not in chain:
        chain.append(current)
        current = current.__cause__ or (
            None if current.__suppress_context__ else current.__context__
        )
    parts: list[str] = []
    for exc in reversed(chain):
        if parts:
            parts.append("which led to:\n")
        parts.append("Traceback (most recent call last):\n")
        for frame in traceback.extract_tb(exc.__traceback__):
            parts.append(f'  File "{frame.filename}", line {frame.lineno}, in {frame.name}\n')
            if frame.line:
                parts.append(f"    {frame.line.strip()}\n")
        parts.append(f"{_qualified(type(exc))}{_errno(exc)} (message withheld: it may hold data)\n")
    return "".join(parts)


def _qualified(kind: type[BaseException]) -> str:
    module = kind.__module__
    return kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"


def _errno(err: BaseException) -> str:
    if isinstance(err, OSError) and err.errno is not None:
        import errno

        return f" [{errno.errorcode.get(err.errno, err.errno)}]"
    return ""


def _innermost_own_frame(err: BaseException) -> str:
    found = ""
    for frame in traceback.extract_tb(err.__traceback__):
        path = Path(frame.filename)
        if path.is_relative_to(_PACKAGE):
            found = f"{path.relative_to(_PACKAGE).as_posix()}:{frame.lineno} in {frame.name}"
    return found
