"""What a worker does around one partition: the garbage collector paused, and only then;
and what a worker imports to start: no store."""

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
