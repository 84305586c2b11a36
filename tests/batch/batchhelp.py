"""Synthetic inputs for batch tests and ways to read what a run wrote."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from deid_studio.core import Document
from deid_studio.formats.jsonl import jsonl_record
from deid_studio.synth import generate


def synthetic(count: int, seed: int = 4) -> list[Document]:
    """Synthetic reports with follow-ups (their gold spans included)."""
    return generate(count, seed)


def write_jsonl(documents: list[Document], path: Path, *, spans: bool = False) -> Path:
    """Documents as JSONL (without their spans unless asked)."""
    lines = [
        json.dumps(jsonl_record(d if spans else replace(d, spans=())), ensure_ascii=False)
        for d in documents
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def read_records(out: Path) -> list[dict[str, object]]:
    """Every record of a batch output folder's JSONL partitions, in partition order."""
    records = []
    for part in sorted(out.glob("part-*.jsonl")):
        records += [json.loads(line) for line in part.read_text("utf-8").splitlines()]
    return records


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path -> bytes)."""
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }
