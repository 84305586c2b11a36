"""What a batch run is: its options, the project's model, and the records it leaves behind.

The output folder of a run::

    OUT/part-000000.jsonl     one file per partition (or .csv, .parquet, a folder for txt)
    OUT/rejects.jsonl         every report that is not in the output, with its reason
    OUT/manifest.json         counts per partition, model version, policy, SHA-256 per file
    OUT/.batch/job.json       what the run was started with (``--resume`` checks it)
    OUT/.batch/part-000000.json   a partition's record: written last, it marks it done

Nothing in these files depends on the time, the machine or the number of workers, so an
interrupted run finished with ``--resume`` writes the same bytes as an uninterrupted one.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deid_studio.formats.chunks import Layout, Rejected
from deid_studio.services.batch_model import BatchModel

STATE = ".batch"
OUT_FORMATS = ("jsonl", "csv", "parquet", "txt")
SPANS = ("model", "input", "both")
"""Which spans are masked: the model's suggestions (default), the input's own spans (JSONL
or Parquet ``spans``, labels taken as categories), or both."""


@dataclass(frozen=True, slots=True)
class Job:
    """A batch run as every worker sees it (one picklable value, sent once)."""

    source: str
    out: Path
    layout: Layout
    model: BatchModel
    mode: str = "default"
    out_format: str = "jsonl"
    partition_size: int = 2000
    spans: str = "model"
    key: str = ""

    def partition_name(self, index: int) -> str:
        """The output file (or folder) of partition ``index``."""
        suffix = "" if self.out_format == "txt" else f".{self.out_format}"
        return f"part-{index:06d}{suffix}"

    def describe(self) -> dict[str, Any]:
        """The run's options as its ``job.json`` and manifest record them."""
        columns = self.layout.columns
        return {
            "input": self.source,
            "format": self.layout.format,
            "columns": {
                "text": columns.text,
                "id": columns.id,
                "case": columns.case,
                "dates": list(columns.dates),
            },
            "out_format": self.out_format,
            "mode": self.mode,
            "spans": self.spans,
            "partition_size": self.partition_size,
            "model_version": self.model.model_version,
            "policy": self.model.policy.to_json(),
            "model_fingerprint": self.model.fingerprint(),
        }


def job_key(job: Job) -> str:
    """A SHA-256 of everything the output depends on (options, model, policy, keys)."""
    return hashlib.sha256(json.dumps(job.describe(), sort_keys=True).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class PartitionRecord:
    """What one partition wrote: reports in, out and rejected, the file and its SHA-256."""

    index: int
    file: str
    input: int
    output: int
    rejected: int
    characters: int
    sha256: str
    rejects: tuple[Rejected, ...] = ()

    def to_json(self) -> str:
        """The record as stored in ``OUT/.batch``."""
        value = {
            "index": self.index,
            "file": self.file,
            "input": self.input,
            "output": self.output,
            "rejected": self.rejected,
            "characters": self.characters,
            "sha256": self.sha256,
            "rejects": [_reject(r) for r in self.rejects],
        }
        return json.dumps(value, ensure_ascii=False, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> PartitionRecord:
        """A record read back from ``OUT/.batch``."""
        value = json.loads(text)
        rejects = tuple(
            Rejected(r["id"], r["file"], r["line"], r["reason"]) for r in value["rejects"]
        )
        fields = {k: value[k] for k in ("index", "file", "input", "output", "rejected")}
        return cls(**fields, characters=value["characters"], sha256=value["sha256"],
                   rejects=rejects)  # fmt: skip

    @classmethod
    def from_dict(cls, value: dict[str, Any]) -> PartitionRecord:
        """A record from :func:`dataclasses.asdict` (as a worker returns it)."""
        rejects = tuple(
            r if isinstance(r, Rejected) else Rejected(**r) for r in value.get("rejects", ())
        )
        return cls(**{**value, "rejects": rejects})


def _reject(rejected: Rejected) -> dict[str, Any]:
    return {
        "id": rejected.id,
        "file": rejected.file,
        "line": rejected.line,
        "reason": rejected.reason,
    }


def state_dir(out: Path) -> Path:
    """Where a run keeps its job description and partition records."""
    return out / STATE


def record_path(out: Path, index: int) -> Path:
    """The record of partition ``index``."""
    return state_dir(out) / f"part-{index:06d}.json"
