"""A family named by its surname ("the Jones family sued Pfizer", "la familia Pérez"), a
store's number with its word ("Store #5521, Walgreens"), a vaccine petition's number at the
Court of Federal Claims ("No. 17-1234V") and an English day in words after a month typed in
lower case ("on july fourth")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "kind", "found"),
    [
        ("the Jones family sued Pfizer", "en", "PERSON", "Jones"),
        ("the O'Brien family called", "en", "PERSON", "O'Brien"),
        ("Vino la familia Pérez a visitarla.", "es", "PERSON", "Pérez"),
        ("Rose Ann DiMaggio, RPh, Store #5521, Walgreens", "en", "INSTITUTION", "Store #5521"),
        ("filed in the Court of Federal Claims, No. 17-1234V.", "en", "ID", "17-1234V"),
        ("on july fourth she had a fever", "en", "DATE", "july fourth"),
    ],
)
def test_what_the_rules_now_read(text: str, language: str, kind: str, found: str) -> None:
    assert found in stretches(text, language, kind)


@pytest.mark.parametrize(
    ("text", "language", "kind"),
    [
        ("the Pfizer family of vaccines", "en", "PERSON"),
        ("the Nuclear family", "en", "PERSON"),
        ("La familia Materna refiere", "es", "PERSON"),
        ("Familie Anamnese unauffällig", "de", "PERSON"),
        ("Store 3 tablets at room temperature; store #2", "en", "INSTITUTION"),
        ("a 12-15V battery; output 12-240V", "en", "ID"),
        ("we march first to the car; she may first try", "en", "DATE"),
    ],
)
def test_what_they_leave(text: str, language: str, kind: str) -> None:
    assert stretches(text, language, kind) == []
