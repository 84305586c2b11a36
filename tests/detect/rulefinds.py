"""What the rules find in a text, as the rule tests compare it."""

from __future__ import annotations

from deid_studio.detect.rules import find


def stretches(
    text: str, language: str | None, kind: str | None = None, *, rule: str | None = None
) -> list[str]:
    """The stretches of ``text`` the rules find in a narrative of ``language``, in order:
    those of ``kind`` or of ``rule`` when given."""
    return [
        text[h.start : h.end]
        for h in find(text, language)
        if (kind is None or h.kind == kind) and (rule is None or h.rule == rule)
    ]
