"""Where the shipped resources and migrations are, installed or in a source checkout.

A wheel carries ``resources/`` and ``migrations/`` inside the package (``_resources``,
``_migrations``); an editable install or a checkout finds them at the repository's top.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _locate(packaged: str, top_level: str) -> Path:
    for candidate in (_PACKAGE / packaged, _PACKAGE.parent / top_level):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"the installation is incomplete: neither {_PACKAGE / packaged} nor "
        f"{_PACKAGE.parent / top_level} exists"
    )


@cache
def resources_dir() -> Path:
    """The folder of shipped data (nltk corpora, gazetteers), each with its licence."""
    return _locate("_resources", "resources")


@cache
def migrations_dir() -> Path:
    """The Alembic script folder."""
    return _locate("_migrations", "migrations")


@cache
def nltk_data_dir() -> Path:
    """The nltk data folder shipped with the product; added to ``nltk.data.path`` on use."""
    return resources_dir() / "nltk_data"
