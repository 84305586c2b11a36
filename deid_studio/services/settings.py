"""Project settings and the category scheme, as the data steward edits them.

Settings live in the project (every annotator of a shared project sees the same); changing one
is audited with its old and new value. Per-person preferences (font size, window layout, the
user name) are kept by the application, not here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from deid_studio.core.categories import Scheme
from deid_studio.core.errors import DeidError
from deid_studio.store.project import Project

__all__ = ["ProjectSettings", "project_settings", "scheme_of", "update_scheme", "update_settings"]


@dataclass(frozen=True, slots=True)
class ProjectSettings:
    """The project-wide choices the settings dialog edits.

    ``retrain_every``: submissions between automatic retrains (0: only on demand).
    ``accept_threshold``: the default confidence of "accept all suggestions above".
    ``four_eyes``: a reviewer may not sign off what they annotated.

    The date-shift interval and the age threshold belong to the masking policy
    (:mod:`deid_studio.mask.policy`), which the masking service keeps.
    """

    four_eyes: bool = True
    retrain_every: int = 10
    accept_threshold: float = 0.9

    def validate(self) -> ProjectSettings:
        """Itself, or a DeidError naming the first value out of range."""
        if not 0 <= self.retrain_every <= 10_000:
            raise DeidError("retrain_every must be between 0 (never) and 10000 submissions")
        if not 0.0 <= self.accept_threshold <= 1.0:
            raise DeidError("accept_threshold must be between 0 and 1")
        return self


_DEFAULTS = ProjectSettings()
_TYPES: dict[str, type] = {f.name: type(getattr(_DEFAULTS, f.name)) for f in fields(_DEFAULTS)}


def project_settings(project: Project) -> ProjectSettings:
    """The project's settings (defaults for any never set)."""
    with project.reading() as tx:
        values = {name: tx.setting(name, getattr(_DEFAULTS, name)) for name in _TYPES}
    return ProjectSettings(**{k: _TYPES[k](v) for k, v in values.items()})


def update_settings(project: Project, *, actor: str, **changes: Any) -> ProjectSettings:
    """Change some settings; audited with the old and new values. The settings after."""
    unknown = sorted(set(changes) - set(_TYPES))
    if unknown:
        raise DeidError(f"unknown project settings: {', '.join(unknown)}")
    try:
        typed = {k: _TYPES[k](v) for k, v in changes.items()}
    except (TypeError, ValueError) as err:
        raise DeidError(f"bad setting value: {err}") from None
    with project.transaction(actor) as tx:
        tx.require("steward", "change the project's settings")
        current = ProjectSettings(
            **{name: _TYPES[name](tx.setting(name, getattr(_DEFAULTS, name))) for name in _TYPES}
        )
        new = replace(current, **typed).validate()
        before, after = asdict(current), asdict(new)
        changed = {k: after[k] for k in after if after[k] != before[k]}
        for key, value in changed.items():
            tx.set_setting(key, value)
        if changed:
            tx.audit(
                "settings",
                before={k: before[k] for k in changed},
                after=changed,
                reason="single-person mode allowed" if changed.get("four_eyes") is False else "",
            )
    return new


def scheme_of(project: Project) -> tuple[Scheme, dict[str, int]]:
    """The project's scheme and how many gold spans each category has."""
    with project.reading() as tx:
        return tx.scheme(), tx.category_usage()


def update_scheme(
    project: Project,
    scheme: Scheme,
    *,
    actor: str,
    renames: Mapping[str, str] | None = None,
) -> Scheme:
    """Replace the category scheme (names, colours, keys, order).

    ``renames`` maps old names onto new ones; their gold spans and suggestions follow. A
    category that still has gold spans cannot be dropped.
    """
    renames = dict(renames or {})
    with project.transaction(actor) as tx:
        tx.require("steward", "change the category scheme")
        old = tx.scheme()
        usage = tx.category_usage()
        missing = sorted(set(renames) - set(old.names))
        if missing:
            raise DeidError(f"cannot rename categories the scheme lacks: {', '.join(missing)}")
        targets = sorted(set(renames.values()) - set(scheme.names))
        if targets:
            raise DeidError(f"renamed categories missing from the new scheme: {targets}")
        kept = set(scheme.names) | set(renames)
        dropped = sorted(c for c in old.names if c not in kept and usage.get(c))
        if dropped:
            raise DeidError(
                "categories with gold spans cannot be removed: "
                + ", ".join(f"{c} ({usage[c]})" for c in dropped)
            )
        moved = {old_name: tx.rename_category(old_name, new) for old_name, new in renames.items()}
        tx.set_scheme(scheme)
        tx.audit(
            "scheme",
            before={"categories": [_describe(c) for c in old.categories]},
            after={
                "categories": [_describe(c) for c in scheme.categories],
                "renamed": {k: {"to": renames[k], "gold": v} for k, v in moved.items()},
            },
        )
        return tx.scheme()


def _describe(category: Any) -> dict[str, Any]:
    return {"name": category.name, "colour": category.colour, "key": category.key}
