"""What a worker does around one partition: the garbage collector paused, and only then."""

from __future__ import annotations

import gc

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
