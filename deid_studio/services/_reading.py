"""Reading an input file for a service (import, tag, evaluate), with the checks every format
shares: characters a project cannot hold, nesting past Python's stack, and structured dates a
masked export could not shift.

Readers hand back text as they decoded it. JSON may still encode an unpaired surrogate
(``"\\ud800"``), a file name may not be UTF-8 (Python keeps its bytes as surrogates), and a
narrative may hold NUL characters (a damaged or binary file): none of them can be stored or
shown faithfully, so the import is refused, naming the report and the offset. A structured
date that does not parse is kept, with a warning: a masked export leaves it out.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from deid_studio.core.document import Document
from deid_studio.core.errors import DeidError, InputError, InputWarning, printable
from deid_studio.core.progress import Cancelled, Progress, never_cancelled, no_progress
from deid_studio.formats import reader
from deid_studio.mask import infer_order, parse_date

_SURROGATE = re.compile("[\ud800-\udfff]")


def read_input(
    format_name: str,
    path: Path,
    *,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    **options: Any,
) -> tuple[list[Document], list[str]]:
    """Every document of ``path`` read as ``format_name``, and the reader's warning lines
    (:class:`InputWarning`); an :class:`InputError` for anything a service cannot take."""
    check_path_name(path)
    try:
        read = reader(format_name)
    except ValueError as err:
        raise DeidError(str(err)) from None
    if not path.exists():
        raise InputError(str(path), "no such file or folder")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", InputWarning)
        try:
            documents = read(path, progress=progress, cancelled=cancelled, **options)
        except RecursionError:  # whatever the format: a structure nested past Python's stack
            raise InputError(str(path), "nested too deeply to read") from None
    if not documents:
        raise InputError(str(path), "contains no narratives")
    check_characters(documents, str(path))
    return documents, [str(w.message) for w in caught if issubclass(w.category, InputWarning)]


def check_path_name(path: Path) -> None:
    """Refuse a path whose name is not valid UTF-8 (it could be neither stored nor shown)."""
    if _SURROGATE.search(os.fspath(path)):
        raise InputError(
            printable(os.fspath(path)),
            "the name is not valid UTF-8; rename it (names are stored as text)",
        )


def check_characters(documents: Sequence[Document], origin: str) -> None:
    """Refuse documents holding NUL in their narrative, or an unpaired surrogate anywhere."""
    for document in documents:
        where = f"report {printable(document.external_id, 60)}"
        if _SURROGATE.search(document.source):
            raise InputError(
                f"{origin}: {printable(document.source, 120)}",
                "the file name is not valid UTF-8; rename it (names are stored as text); "
                "nothing was imported",
            )
        for name, value in (("report id", document.external_id), ("case id", document.case_id)):
            if _SURROGATE.search(value) or "\0" in value:
                raise InputError(
                    origin,
                    f"{where}: the {name} holds a character that is not text; nothing was imported",
                )
        text = document.text
        found = _SURROGATE.search(text)
        if found:
            raise InputError(
                origin,
                f"{where}, offset {found.start()}: the narrative holds an unpaired surrogate "
                f"(U+{ord(found.group()):04X}), which is not a character; nothing was imported",
            )
        nul = text.find("\0")
        if nul >= 0:
            raise InputError(
                origin,
                f"{where}, offset {nul}: the narrative holds a NUL character (the file may be "
                "damaged or binary); nothing was imported",
            )
        for category in {s.category for s in document.spans}:
            if _SURROGATE.search(category) or "\0" in category:
                raise InputError(origin, f"{where}: a label holds a character that is not text")
        if any(_SURROGATE.search(s) or "\0" in s for s in _strings(document.meta)):
            raise InputError(
                origin,
                f"{where}: a metadata value holds a character that is not text; nothing was "
                "imported",
            )


def unreadable_dates(documents: Iterable[Document], origin: str) -> list[str]:
    """A warning line for the structured dates (``meta["dates"]``) that do not parse."""
    bad: list[tuple[str, str]] = []
    for document in documents:
        dates = document.meta.get("dates")
        if not isinstance(dates, Mapping):
            continue
        values = {str(k): str(v) for k, v in dates.items() if v is not None}
        order = infer_order(values.values(), document.language)
        bad.extend(
            (document.external_id, key)
            for key, value in values.items()
            if parse_date(value.strip(), order=order, language=document.language) is None
        )
    if not bad:
        return []
    report, field = bad[0]
    reports = len({r for r, _ in bad})
    return [
        f"{origin}: {len(bad)} structured dates of {reports} reports cannot be read as dates "
        f"(first: report {printable(report, 60)}, {printable(field, 40)}); they are kept, and "
        "masked exports leave them out"
    ]


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)
