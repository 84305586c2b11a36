"""Running a batch on Dask distributed: partitions out to the workers, records back, a manifest.

The client plans the partitions (:func:`~deid_studio.formats.chunks.plan`: a byte range, a
row range or a list of files each, never the data), sends the :class:`~.job.Job` to every
worker once, and keeps a bounded number of partitions in flight (a few per worker thread), so
neither the scheduler nor the client holds more than that however large the input. Each
worker reads its own partition from the input and writes its own output file: on a cluster,
the input and OUT must be on a file system every worker sees.

A worker that dies (killed, out of memory) loses only the partition it was running: the
scheduler gives it to another worker. A client that dies leaves the finished partitions, each
with its record; ``--resume`` runs the others. When every partition is done, the client writes
``rejects.jsonl`` and ``manifest.json`` from the records, in partition order.
"""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import islice
from pathlib import Path
from typing import Any

from deid_studio import __version__
from deid_studio.batch.job import Job, PartitionRecord, job_key, record_path, state_dir
from deid_studio.batch.output import json_lines, write_atomically
from deid_studio.batch.work import run_partition
from deid_studio.core.errors import DeidError
from deid_studio.formats.chunks import Chunk, plan

IN_FLIGHT_PER_THREAD = 3
CONNECT_TIMEOUT = "10s"
LOCAL_WORKER_CONFIG = {"distributed.worker.profile.enabled": False}
"""What the workers of our LocalCluster run with, unless the user's Dask configuration says
otherwise: no statistical profiler. It samples the running task's stack every 10 ms, each
time taking the interpreter's lock from it: the VAERS partitions took 11.5 s instead of
12.5 s on one worker (medians of seven alternating runs), as fast as the same partitions in
one process without Dask. The dashboard keeps its progress and task stream."""

Progress = Callable[["BatchProgress"], None]


@dataclass(frozen=True, slots=True)
class BatchProgress:
    """Where a run stands: reports and partitions done, of how many."""

    reports: int
    total_reports: int
    partitions: int
    total_partitions: int


@dataclass(frozen=True, slots=True)
class BatchResult:
    """What a run did (``resumed``: partitions found done at the start)."""

    out: Path
    partitions: int
    resumed: int
    input: int
    output: int
    rejected: int
    characters: int
    seconds: float
    workers: int
    dashboard: str | None
    compute_seconds: float = 0.0  # from the cluster ready to the last partition written
    peak_rss_mb: dict[int, float] = field(default_factory=dict)


def run_batch(
    job: Job,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    resume: bool = False,
    progress: Progress | None = None,
    announce: Callable[[str], None] | None = None,
    dashboard_address: str = ":8787",
) -> BatchResult:
    """Run ``job`` on a LocalCluster of ``workers`` processes, or on ``scheduler``.

    Refused in one line, with nothing written, when OUT exists without ``resume`` (or was
    started with other options or another model), when the input's structure is wrong, or
    when the scheduler cannot be reached.
    """
    started = time.perf_counter()
    job = replace(job, key=job_key(job))
    _check_out(job, resume)
    chunks = list(plan(Path(job.source), job.layout, job.partition_size))
    with _client(workers, scheduler, dashboard_address) as client:
        ready = time.perf_counter()
        link = _dashboard(client)
        if announce is not None and link:
            announce(f"Dask dashboard: {link}")
        _prepare_out(job)
        done = {c.index for c in chunks if _finished(job, c.index)}
        pending = [c for c in chunks if c.index not in done]
        total = sum(c.count for c in chunks)
        reports = sum(c.count for c in chunks if c.index in done)
        report = progress or (lambda p: None)
        report(BatchProgress(reports, total, len(done), len(chunks)))
        peaks: dict[int, float] = {}
        finished = len(done)
        for chunk, outcome in _map(client, job, pending):
            finished += 1
            reports += chunk.count
            pid = int(outcome["worker_pid"])
            peaks[pid] = max(peaks.get(pid, 0.0), float(outcome["peak_rss_mb"]))
            report(BatchProgress(reports, total, finished, len(chunks)))
        threads = sum(client.nthreads().values())
        computed = time.perf_counter() - ready
    records = [_record(job, c.index) for c in chunks]
    _finish(job, records)
    return BatchResult(
        out=job.out,
        partitions=len(chunks),
        resumed=len(done),
        input=sum(r.input for r in records),
        output=sum(r.output for r in records),
        rejected=sum(r.rejected for r in records),
        characters=sum(r.characters for r in records),
        seconds=time.perf_counter() - started,
        workers=threads,
        dashboard=link,
        peak_rss_mb=peaks,
        compute_seconds=computed,
    )


def _check_out(job: Job, resume: bool) -> None:
    if job.out.exists() and not resume:
        raise DeidError(
            f"{job.out}: already exists; add --resume to finish the run that wrote it, or "
            "choose another OUT; nothing was written"
        )
    if job.out.exists() and not job.out.is_dir():
        raise DeidError(f"{job.out}: is a file, not a batch output folder; nothing was written")
    stored = state_dir(job.out) / "job.json"
    if resume and job.out.exists():
        if not stored.is_file():
            raise DeidError(
                f"{job.out}: not the output of a batch run (no {stored.name}); nothing was written"
            )
        before = _json(stored)
        if before.get("key") != job.key:
            changed = [k for k, v in job.describe().items() if before.get(k) != v]
            raise DeidError(
                f"{job.out}: started with other settings ({', '.join(changed) or 'the model'} "
                "differ); run it again with the same ones, or choose another OUT; nothing "
                "was written"
            )


def _prepare_out(job: Job) -> None:
    state_dir(job.out).mkdir(parents=True, exist_ok=True)
    stored = state_dir(job.out) / "job.json"
    if not stored.exists():
        value = {**job.describe(), "key": job.key}
        write_atomically(stored, json_lines([value]))


def _finished(job: Job, index: int) -> bool:
    record = record_path(job.out, index)
    if not record.is_file():
        return False
    return (job.out / PartitionRecord.from_json(record.read_text("utf-8")).file).exists()


def _record(job: Job, index: int) -> PartitionRecord:
    return PartitionRecord.from_json(record_path(job.out, index).read_text("utf-8"))


def _map(client: Any, job: Job, chunks: list[Chunk]) -> Iterator[tuple[Chunk, dict[str, Any]]]:
    """Run the partitions, a bounded number in flight; yields each as it completes."""
    from distributed import as_completed

    if not chunks:
        return
    shared = client.scatter(job, broadcast=True, hash=False)
    limit = max(2, IN_FLIGHT_PER_THREAD * max(1, sum(client.nthreads().values())))
    waiting = iter(chunks)
    by_future: dict[Any, Chunk] = {}

    def submit(chunk: Chunk) -> Any:
        future = client.submit(
            run_partition, chunk, shared, key=f"partition-{chunk.index:06d}-{job.key[:12]}"
        )
        by_future[future] = chunk
        return future

    running = as_completed([submit(c) for c in islice(waiting, limit)])
    for future in running:
        chunk = by_future.pop(future)
        try:
            outcome = future.result()
        except Exception as err:
            raise DeidError(
                f"partition {chunk.index} ({_where(chunk)}) failed: {err.__class__.__name__}: "
                f"{err}; the finished partitions are kept, --resume runs the others"
            ) from None
        following = next(waiting, None)
        if following is not None:
            running.add(submit(following))
        yield chunk, outcome


def _where(chunk: Chunk) -> str:
    if chunk.files:
        return f"{chunk.path}: {chunk.files[0]}..."
    return f"{chunk.path} from line {chunk.line}"


def _finish(job: Job, records: list[PartitionRecord]) -> None:
    """Write rejects.jsonl and manifest.json from the records; tidy what killed runs left."""
    rejects = [
        {"partition": r.index, "id": x.id, "file": x.file, "line": x.line, "reason": x.reason}
        for r in records
        for x in r.rejects
    ]
    write_atomically(job.out / "rejects.jsonl", json_lines(rejects))
    manifest = {
        "deid_studio": __version__,
        **job.describe(),
        "partitions": [
            {
                "index": r.index,
                "file": r.file,
                "input": r.input,
                "output": r.output,
                "rejected": r.rejected,
                "characters": r.characters,
                "sha256": r.sha256,
            }
            for r in records
        ],
        "totals": {
            "partitions": len(records),
            "input": sum(r.input for r in records),
            "output": sum(r.output for r in records),
            "rejected": sum(r.rejected for r in records),
            "characters": sum(r.characters for r in records),
        },
        "rejects_file": "rejects.jsonl",
    }
    write_atomically(job.out / "manifest.json", json_lines([manifest]))
    for leftover in (*job.out.glob(".part-*"), *state_dir(job.out).glob(".*.tmp")):
        if leftover.is_dir():
            shutil.rmtree(leftover, ignore_errors=True)
        else:
            leftover.unlink(missing_ok=True)


@contextmanager
def _client(workers: int | None, scheduler: str | None, dashboard_address: str) -> Iterator[Any]:
    """A Dask client: on a LocalCluster of ``workers`` single-threaded processes, or on the
    scheduler at ``scheduler``; a one-line error when it cannot be had."""
    import dask
    from distributed import Client, LocalCluster

    for name in ("distributed", "bokeh", "tornado"):  # errors come as one line (below)
        logging.getLogger(name).setLevel(logging.CRITICAL)
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as err:
            raise DeidError(
                f"cannot reach the Dask scheduler at {scheduler}: {err}; nothing was written"
            ) from None
        try:
            yield client
        finally:
            client.close()
        return
    chosen = {k: v for k, v in LOCAL_WORKER_CONFIG.items() if not _configured(k)}
    with dask.config.set(chosen):  # the nannies hand their configuration to the workers
        cluster = LocalCluster(
            n_workers=workers or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=dashboard_address,
            # a worker logs an ERROR with its traceback when it heartbeats while the cluster
            # shuts down ("Failed to communicate with scheduler", seen once in fifteen runs);
            # what fails in a partition reaches the client as the task's error instead
            silence_logs=logging.CRITICAL,
            preload=["deid_studio.batch.preload"],  # each worker warm before its first task
        )
    try:
        with Client(cluster) as client:
            yield client
    finally:
        cluster.close()


def _configured(key: str) -> bool:
    """Whether the user's Dask configuration (a YAML file or a ``DASK_`` variable) sets
    ``key``."""
    import dask

    unset = object()
    return dask.config.get(key, unset, config=dask.config.collect()) is not unset


def _dashboard(client: Any) -> str | None:
    try:
        return str(client.dashboard_link)
    except Exception:  # no dashboard (bokeh missing, or a scheduler without one)
        return None


def _json(path: Path) -> dict[str, Any]:
    import json

    try:
        value = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}
