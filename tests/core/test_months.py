from __future__ import annotations

import pytest

from deid_studio.core.months import LANGUAGES, abbreviations, full_names, month_words


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_twelve_months(language: str) -> None:
    assert len(full_names(language)) == 12
    assert len(abbreviations(language)) == 12
    assert set(month_words(language).values()) == set(range(1, 13))


@pytest.mark.parametrize(
    ("word", "month"),
    [
        ("diciembre", 12),
        ("dic", 12),
        ("août", 8),
        ("märz", 3),
        ("maj", 5),
        ("outubro", 10),
        ("sept", 9),
        ("mayo", 5),
        ("okt", 10),
    ],
)
def test_words_mean_their_month(word: str, month: int) -> None:
    assert month_words()[word] == month


def test_a_shared_word_means_the_same_month_in_every_language() -> None:
    seen: dict[str, int] = {}
    for language in LANGUAGES:
        for word, month in month_words(language).items():
            assert seen.setdefault(word, month) == month, (word, language)
