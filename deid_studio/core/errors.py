"""Errors a user sees: one line that names the file, the place and the problem."""

from __future__ import annotations


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
