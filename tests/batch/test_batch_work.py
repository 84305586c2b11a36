"""What a worker does around one partition: the garbage collector paused, and only then;
what a worker imports to start: no store; and what it has built before its first partition:
the rules."""

from __future__ import annotations

import gc
import subprocess
import sys

from deid_studio.detect.crf import gc_paused


def test_the_collector_is_paused_for_a_block_and_only_for_it() -> None:
    was = gc.isenabled()
    gc.enable()
    try:
        with gc_paused():
            assert not gc.isenabled()
            with gc_paused():  # nested: the outer block turns it on again
                assert not gc.isenabled()
            assert not gc.isenabled()
        assert gc.isenabled()
        gc.disable()
        with gc_paused():
            pass
        assert not gc.isenabled()  # off before: off after
    finally:
        if was:
            gc.enable()


def test_a_worker_imports_no_store_to_run_a_partition() -> None:
    # a worker unpickles the job (its model, policy and keys: a plain value) and runs
    # run_partition; SQLAlchemy and Alembic would cost it 0.4 s of start-up for nothing
    probe = (
        "import sys, pickle, deid_studio.batch.work, deid_studio.batch.job;"
        "print(sorted(m for m in ('sqlalchemy', 'alembic', 'deid_studio.store')"
        " if m in sys.modules))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert shown.strip() == "[]"


def test_the_batch_workers_start_with_the_rules_built() -> None:
    # the LocalCluster's workers preload deid_studio.batch.preload: the rules' word lists
    # are in memory before the first partition, which then runs as fast as the others (once
    # read, they are frozen out of the collector: about 98,000 containers; none without it)
    from deid_studio.batch.run import _client

    probe = "__import__('gc').get_freeze_count()"
    with _client(2, None, ":0") as client:
        frozen = client.run(eval, probe)
    assert len(frozen) == 2
    assert all(count > 10_000 for count in frozen.values()), frozen
