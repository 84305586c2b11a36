"""Writing a partition's masked reports, and the run's rejects file and manifest.

A partition's file is written with the masked export's own record layout (JSONL: one record
per report with its id, case id, masked text and the masked stretches as spans; CSV and
Parquet: the same columns; txt: a folder of one ``.txt`` per report), under a temporary name
beside it, then renamed: a partition's file is either complete or absent.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deid_studio.core.document import Document
from deid_studio.formats import writer
from deid_studio.formats.jsonl import jsonl_record
from deid_studio.formats.parquet import write_parquet


def write_partition(documents: Sequence[Document], out: Path, out_format: str) -> str:
    """Write a partition's reports to ``out`` atomically; returns the SHA-256 of the file
    (of a txt folder: of the list of its files' names and SHA-256s)."""
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        staged = staging / out.name
        if out_format == "jsonl":
            lines = (json.dumps(jsonl_record(d), ensure_ascii=False) + "\n" for d in documents)
            staged.write_bytes("".join(lines).encode("utf-8"))
        elif out_format == "parquet":
            write_parquet(documents, staged)
        elif out_format == "txt":
            staged.mkdir()
            writer("txt")(documents, staged)
        else:
            writer(out_format)(documents, staged)
        digest = _digest(staged)
        if out.is_dir():  # a txt folder left by an earlier attempt: the same files
            shutil.rmtree(out)
        os.replace(staged, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return digest


def _digest(path: Path) -> str:
    if path.is_dir():
        listing = "".join(
            f"{f.name}\t{_file_digest(f)}\n" for f in sorted(path.iterdir(), key=lambda p: p.name)
        )
        return hashlib.sha256(listing.encode("utf-8")).hexdigest()
    return _file_digest(path)


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def json_lines(records: Sequence[dict[str, Any]]) -> bytes:
    """Records as JSON Lines, keys sorted, characters as they are (UTF-8)."""
    return "".join(
        json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records
    ).encode("utf-8")


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary name beside it and a rename."""
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
