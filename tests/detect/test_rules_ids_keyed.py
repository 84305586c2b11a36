"""Record and identity numbers after short keys that end with their "#" or their dot ("MR#
445566", "Hosp # 99812", "C.F. BNCLRA40A41F205Z", "D.N.I.: 12.345.678-Z"): the key pattern
asked for a word's end after them, which a "#" or a dot never is."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "code"),
    [
        ("MR# 445566", "en", "445566"),
        ("MR #: 4455667 on the label", "en", "4455667"),
        ("Hosp # 99812", "en", "99812"),
        ("Hosp. no. 99812", "en", "99812"),
        ("C.F. BNCLRA40A41F205Z (codice con errore di trascrizione).", "it", "BNCLRA40A41F205Z"),
        ("D.N.I.: 12.345.678-Z", "es", "12.345.678-Z"),
    ],
)
def test_a_code_after_a_short_key_is_an_id(text: str, language: str, code: str) -> None:
    assert stretches(text, language, "ID") == [code]


@pytest.mark.parametrize("text", ["Echo showed MR# 3 and TR 2.", "Mr # 2 was seen first."])
def test_a_grade_after_a_short_key_is_no_id(text: str) -> None:
    assert stretches(text, "en", "ID") == []
