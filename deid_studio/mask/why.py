"""Why a stretch of a narrative is masked or left as written: what the window's tooltips say.

A :class:`Why` holds what decides it for one narrative — its safe terms, the project's keep
list, the strings its case's gold marks as PHI, the masking policy — and answers in the words
of :mod:`.safe` ("kept: drug name (dictionary)", "kept: keep list, added by ann") or with what
proposed a span ("masked: CRF 93%", "masked: rule date_numeric 100%", "masked: gold"). It asks
:func:`.safe.spare`, the function the masking itself calls, so a tooltip and the export agree;
the masked preview shows the masking's own result (other mentions of a masked string and
leaks included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import regex

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Suggestion
from deid_studio.mask.kinds import kind_of
from deid_studio.mask.policy import MaskingPolicy
from deid_studio.mask.safe import KeptTerm, Spared, Term, spare

ACTION_WORDS: Mapping[str, str] = {
    "tag": "tag",
    "surrogate": "surrogate",
    "shift": "date shifted",
    "cap": "age capped",
    "pseudonym": "pseudonym",
}
"""How the preview names what the masking did to a stretch (:class:`~.masker.Replacement`)."""


@dataclass(frozen=True, slots=True)
class Why:
    """What decides whether the stretches of one narrative are masked, and the answers."""

    text: str
    terms: tuple[Term, ...] = ()
    keep: Mapping[tuple[str, ...], KeptTerm] = field(default_factory=dict)
    gold_strings: tuple[str, ...] = ()
    """The strings the gold of the narrative's case marks (they are never spared, unless a
    term read from its context holds them: "Bell's palsy")."""
    policy: MaskingPolicy = field(default_factory=MaskingPolicy)
    scheme: Scheme | None = None

    def spared(self, start: int, end: int) -> str | None:
        """Why a suggestion over ``[start, end)`` is left as written (None: it is not)."""
        probe = Suggestion(start, end, "OTHER", 1.0, "crf")
        _, spared = spare(
            self.text, [probe], terms=self.terms, keep=self.keep, gold_strings=self.gold_strings
        )
        return spared[0].reason if spared else None

    def stretches(self) -> list[Spared]:
        """What the masking leaves as written wherever a suggestion marks it, and why: each
        safe term still safe in this case, and each mention of a keep list entry that is not
        gold PHI of the case."""
        found: list[Spared] = []
        for term in self.terms:
            reason = self.spared(term.start, term.end)
            if reason is not None:
                found.append(Spared(term.start, term.end, "", reason))
        for entry in self.keep.values():
            for match in _mentions(entry.term).finditer(self.text):
                reason = self.spared(*match.span())
                if reason is not None:
                    found.append(Spared(*match.span(), "", reason))
        return sorted(found, key=lambda k: (k.start, k.end))

    def of_suggestion(
        self, start: int, end: int, category: str, confidence: float, source: str
    ) -> str:
        """What the masking does with a suggestion, and why. ``source`` says what proposed it
        and how sure it is ("CRF 93%")."""
        reason = self.spared(start, end) or self.policy_keeps(category)
        if reason is not None:
            return reason
        if confidence < self.policy.confidence:
            return (
                f"masked only beside a masked name or address: {source} is under the "
                f"masking policy's {self.policy.confidence:.0%}"
            )
        return f"masked: {source}"

    def of_gold(self, category: str) -> str:
        """What the masking does with a gold span: masked (never spared), unless the policy
        keeps its category."""
        return self.policy_keeps(category) or "masked: gold"

    def policy_keeps(self, category: str) -> str | None:
        """Why a span of ``category`` comes through: the policy keeps the category (None:
        it does not)."""
        kind = kind_of(category, self.scheme)
        if self.policy.action(category, kind) != "keep":
            return None
        if kind == "age":
            return (
                f"kept: the masking policy keeps {category} "
                f"(above {self.policy.age_threshold} it is capped)"
            )
        return f"kept: the masking policy keeps {category}"


def masked_line(category: str, action: str, sources: Sequence[str]) -> str:
    """The preview's words for a stretch the masking replaced: "masked: PATIENT (tag) ·
    CRF 93%"."""
    said = f"masked: {category} ({ACTION_WORDS.get(action, action)})"
    return " · ".join([said, *sources])


@lru_cache(maxsize=1024)
def _mentions(term: str) -> regex.Pattern[str]:
    """Every mention of a keep list entry, a whole word, in any case."""
    return regex.compile(
        rf"(?<![\p{{L}}\p{{M}}\d]){regex.escape(term)}(?![\p{{L}}\p{{M}}\d])", regex.IGNORECASE
    )
