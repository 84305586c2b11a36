from __future__ import annotations

import pytest

from deid_studio.core.language import guess_language


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("The patient was admitted to the hospital after the second dose and she recovered.", "en"),
        ("La paciente ingresó en el hospital después de la segunda dosis y se recuperó.", "es"),
        ("Le patient a été hospitalisé après la deuxième dose et il s'est rétabli.", "fr"),
        ("Der Patient wurde nach der zweiten Dosis in das Krankenhaus eingeliefert und ist", "de"),
        ("Patienten lades in på sjukhuset efter den andra dosen och hon har återhämtat sig", "sv"),
    ],
)
def test_guess_language_from_stopwords(text: str, code: str) -> None:
    assert guess_language(text) == code


def test_too_short_to_tell_gets_the_default() -> None:
    assert guess_language("Anaphylaxis", default="xx") == "xx"


def test_stopword_lists_come_back_the_same_from_the_cache(tmp_path, monkeypatch) -> None:
    from deid_studio.core import language

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    language.stopwords.cache_clear()
    first = language.stopwords()  # read through nltk, then cached
    assert list(tmp_path.rglob("stopwords-*.json"))
    language.stopwords.cache_clear()
    again = language.stopwords()  # from the cache file
    assert again == first
    assert "y" in again["es"] and "the" in again["en"]
    language.stopwords.cache_clear()
