"""The packaged application's entry point: the ``deid-studio`` command, which opens the window
when given no command. Training and re-suggestion run in spawned processes, which a frozen
executable starts as itself: ``freeze_support`` turns those starts into the child's work."""

from __future__ import annotations

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from deid_studio.cli import main

    sys.exit(main())
