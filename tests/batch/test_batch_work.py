"""What a worker does around one partition."""

from __future__ import annotations

import gc

from deid_studio.batch.work import collector_paused


def test_the_collector_is_paused_for_a_partition_and_only_for_it() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():  # nested: the outer block turns it on again
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()  # off before: off after
    finally:
        gc.enable()
