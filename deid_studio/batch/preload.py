"""Dask worker preload: ``dask worker SCHEDULER --preload deid_studio.batch.preload``.

A worker that starts with it has imported the detector and built the rules' patterns and
word lists (:func:`deid_studio.batch.work.warm`) before it takes its first partition, so
that partition runs as fast as the others. The LocalCluster of ``deid-studio batch`` starts
its workers with it; on a cluster of your own, give it to ``dask worker``.
"""

from __future__ import annotations

from typing import Any

from deid_studio.batch.work import warm


def dask_setup(worker: Any) -> None:
    """Called by Dask when the worker starts."""
    warm()
