"""Batch de-identification on Dask distributed: reports outside the project, in partitions.

Dask orchestration only (DESIGN.md): :mod:`.run` plans the partitions and runs them on a
LocalCluster or a scheduler, :mod:`.work` is the one pure function a worker runs per
partition (read, detect, mask, leak-check, write), :mod:`.job` and :mod:`.output` describe and
write what a run leaves. The project's model version, policy and keys come from
:mod:`deid_studio.services.batching`. Dask is imported here and nowhere else; only the command
line imports this package.
"""

from __future__ import annotations

from deid_studio.batch.job import OUT_FORMATS, SPANS, Job
from deid_studio.batch.run import BatchProgress, BatchResult, run_batch

__all__ = ["OUT_FORMATS", "SPANS", "BatchProgress", "BatchResult", "Job", "run_batch"]
