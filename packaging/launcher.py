"""The packaged application's entry point: the ``deid-studio`` command, which opens the window
when given no command. Training and re-suggestion run in spawned processes, which a frozen
executable starts as itself: ``freeze_support`` turns those starts into the child's work."""

from __future__ import annotations

import multiprocessing
import os
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    # A windowed build (Windows' "DeID Studio.exe", the macOS bundle) has no console: its
    # messages go nowhere rather than failing on a missing stream.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    from deid_studio.cli import main

    sys.exit(main())
