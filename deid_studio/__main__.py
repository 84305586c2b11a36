"""``python -m deid_studio`` is the ``deid-studio`` command."""

from __future__ import annotations

from deid_studio.cli import main

raise SystemExit(main())
