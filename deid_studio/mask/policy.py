"""The masking policy: what happens to each category, and the options of the date and age rules.

A policy is a preset plus per-category overrides. The preset gives every category an action by
its kind (see :mod:`deid_studio.mask.kinds`):

========== =============================== ============================== ====================
kind       ``tags``                        ``surrogates``                 ``redact``
========== =============================== ============================== ====================
date       shift                           shift                          tag ``[PHI]``
age        keep (capped above threshold)   keep (capped above threshold)  tag ``[PHI]``
sex        tag                             keep                           tag ``[PHI]``
other      tag                             tag                            tag ``[PHI]``
the rest   tag ``[CATEGORY]``              surrogate                      tag ``[PHI]``
========== =============================== ============================== ====================

Options: the date-shift interval in days (both ends included, 0 never drawn), the age
threshold (ages above it become ``[AGE > 89]`` whatever the action), the confidence a
suggestion needs to be masked and leak-checked, and the lower one a name-like suggestion
beside a masked span needs (see :mod:`deid_studio.mask.spans`); a reference date no shifted
date may cross and whether years alone shift (:mod:`deid_studio.mask.reference`); whether
the numbers of linked reports get keyed pseudonyms (:mod:`deid_studio.mask.linked`). A
policy is stored in the project as JSON (:meth:`MaskingPolicy.to_json`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal, cast

from deid_studio.core.categories import Scheme
from deid_studio.core.errors import DeidError
from deid_studio.mask.kinds import Kind, kind_of

Action = Literal["keep", "tag", "surrogate", "shift"]
YearsAlone = Literal["shift", "keep"]
LinkedReports = Literal["pseudonymise", "keep"]
YEARS_ALONE: tuple[YearsAlone, ...] = ("shift", "keep")
LINKED_REPORTS: tuple[LinkedReports, ...] = ("pseudonymise", "keep")
ACTIONS: tuple[Action, ...] = ("keep", "tag", "surrogate", "shift")
PRESETS: tuple[str, ...] = ("tags", "surrogates", "redact")
REDACT_TAG = "[PHI]"
DEFAULT_SHIFT_DAYS = (-730, -30)
DEFAULT_AGE_THRESHOLD = 89
DEFAULT_CONFIDENCE = 0.5
DEFAULT_NEIGHBOUR_CONFIDENCE = 0.2


class PolicyError(DeidError):
    """A masking policy that cannot be used, with what is wrong with it."""


_PRESET_ACTIONS: Mapping[str, Mapping[str, Action]] = {
    "tags": {"date": "shift", "age": "keep"},
    "surrogates": {"date": "shift", "age": "keep", "sex": "keep", "other": "tag"},
    "redact": {},
}
_PRESET_DEFAULT: Mapping[str, Action] = {"tags": "tag", "surrogates": "surrogate", "redact": "tag"}


@dataclass(frozen=True, slots=True)
class MaskingPolicy:
    """Per-category actions (a preset and overrides) and the options of the masking rules."""

    preset: str = "tags"
    actions: Mapping[str, Action] = field(default_factory=dict)
    shift_days: tuple[int, int] = DEFAULT_SHIFT_DAYS
    age_threshold: int = DEFAULT_AGE_THRESHOLD
    confidence: float = DEFAULT_CONFIDENCE
    neighbour_confidence: float = DEFAULT_NEIGHBOUR_CONFIDENCE
    """A name-like suggestion beside a masked span is masked from this confidence on (a
    name's parts and an address's are masked together whatever theirs)."""
    keep_after: str | None = None
    """A reference date (ISO) no shifted date may cross (see :mod:`.reference`)."""
    years_alone: YearsAlone = "shift"
    """A year alone moves with the case (``shift``) or stays as written (``keep``)."""
    linked_reports: LinkedReports = "pseudonymise"
    """Numbers of linked reports get a keyed pseudonym (see :mod:`.linked`) or stay."""

    def __post_init__(self) -> None:
        if self.preset not in PRESETS:
            raise PolicyError(f"unknown masking preset {self.preset!r}; choose {_one_of(PRESETS)}")
        for category, action in self.actions.items():
            if action not in ACTIONS:
                raise PolicyError(
                    f"{category}: unknown masking action {action!r}; choose {_one_of(ACTIONS)}"
                )
        low, high = self.shift_days
        if low > high or (low == 0 and high == 0):
            raise PolicyError(
                f"date shift interval {low}..{high} days is empty or only 0; give MIN <= MAX "
                "with a day other than 0 in between"
            )
        if not 0 <= self.age_threshold <= 150:
            raise PolicyError(f"age threshold {self.age_threshold} is not between 0 and 150")
        if not 0.0 <= self.confidence <= 1.0:
            raise PolicyError(f"confidence threshold {self.confidence} is not between 0 and 1")
        if self.keep_after is not None:
            try:
                dt.date.fromisoformat(self.keep_after)
            except ValueError:
                raise PolicyError(
                    f"reference date {self.keep_after!r} is not a date written YYYY-MM-DD"
                ) from None
        if self.years_alone not in YEARS_ALONE:
            raise PolicyError(f"years alone: {self.years_alone!r}; choose {_one_of(YEARS_ALONE)}")
        if self.linked_reports not in LINKED_REPORTS:
            raise PolicyError(
                f"linked reports: {self.linked_reports!r}; choose {_one_of(LINKED_REPORTS)}"
            )
        if not 0.0 <= self.neighbour_confidence <= 1.0:
            raise PolicyError(
                f"neighbour confidence {self.neighbour_confidence} is not between 0 and 1"
            )

    def action(self, category: str, kind: Kind) -> Action:
        """What the policy does with ``category`` (of ``kind``): its override, else the preset's."""
        if category in self.actions:
            return self.actions[category]
        return _PRESET_ACTIONS[self.preset].get(kind, _PRESET_DEFAULT[self.preset])

    def tag(self, category: str) -> str:
        """The tag that replaces a span of ``category``: ``[CATEGORY]``, or ``[PHI]`` to redact."""
        return REDACT_TAG if self.preset == "redact" else f"[{category}]"

    def age_cap(self) -> str:
        """What an age above the threshold becomes (``[AGE > 89]``; ``[PHI]`` to redact)."""
        return REDACT_TAG if self.preset == "redact" else f"[AGE > {self.age_threshold}]"

    def actions_for(self, scheme: Scheme) -> dict[str, Action]:
        """The action of every category of ``scheme``, in scheme order."""
        return {c.name: self.action(c.name, kind_of(c.name, scheme)) for c in scheme}

    def problems(self, scheme: Scheme) -> list[str]:
        """What does not fit ``scheme``: unknown categories, shifting something not a date."""
        found = []
        for category, action in self.actions.items():
            if category not in scheme:
                found.append(f"{category} is not a category of the {scheme.name} scheme")
            elif action == "shift" and kind_of(category, scheme) != "date":
                found.append(f"{category}: only dates can be shifted")
        return found

    def with_preset(self, preset: str) -> MaskingPolicy:
        """The same options under another preset, without per-category overrides."""
        return replace(self, preset=preset, actions={})

    def to_json(self) -> dict[str, Any]:
        """The policy as stored in the project's settings."""
        return {
            "preset": self.preset,
            "actions": dict(self.actions),
            "shift_days": list(self.shift_days),
            "age_threshold": self.age_threshold,
            "confidence": self.confidence,
            "neighbour_confidence": self.neighbour_confidence,
            "keep_after": self.keep_after,
            "years_alone": self.years_alone,
            "linked_reports": self.linked_reports,
        }

    @classmethod
    def from_json(cls, value: Mapping[str, Any] | None) -> MaskingPolicy:
        """A policy from its stored form (the default policy for ``None``)."""
        if value is None:
            return cls()
        try:
            low, high = value.get("shift_days", DEFAULT_SHIFT_DAYS)
            return cls(
                preset=str(value.get("preset", "tags")),
                actions=cast(dict[str, Action], dict(value.get("actions", {}))),
                shift_days=(int(low), int(high)),
                age_threshold=int(value.get("age_threshold", DEFAULT_AGE_THRESHOLD)),
                confidence=float(value.get("confidence", DEFAULT_CONFIDENCE)),
                neighbour_confidence=float(
                    value.get("neighbour_confidence", DEFAULT_NEIGHBOUR_CONFIDENCE)
                ),
                keep_after=value.get("keep_after") or None,
                years_alone=cast(YearsAlone, value.get("years_alone", "shift")),
                linked_reports=cast(LinkedReports, value.get("linked_reports", "pseudonymise")),
            )
        except (TypeError, ValueError, AttributeError) as err:
            raise PolicyError(f"the stored masking policy is unreadable ({err})") from None


def preset_policy(name: str, base: MaskingPolicy | None = None) -> MaskingPolicy:
    """The preset ``name`` with the options of ``base`` (the defaults when not given)."""
    return (base or MaskingPolicy()).with_preset(name)


def _one_of(values: tuple[str, ...]) -> str:
    return ", ".join(values)
