"""The matcher the masker and the leak check share: case folding, spacing, offsets."""

from __future__ import annotations

from deid_studio.mask.text import Matcher


def _found(strings: list[str], text: str, **options: bool) -> list[str]:
    return [text[h.start : h.end] for h in Matcher(strings).find(text, **options)]


def test_spacing_and_line_ends_between_words_map_back_to_the_original() -> None:
    text = "Seen by  Ana\r\n  Maria Lopez\ton 3 May; ana maria again."
    assert _found(["Ana Maria"], text) == ["Ana\r\n  Maria", "ana maria"]
    assert _found(["Lopez"], text) == ["Lopez"]


def test_case_folding_that_changes_the_length_still_finds_the_string() -> None:
    # casefold("ß") is "ss": the regular expression this replaced missed these
    text = "Frau aus Vohenstrauß (Thüringen), Straße 4; VOHENSTRAUSS."
    assert _found(["Vohenstrauß"], text) == ["Vohenstrauß", "VOHENSTRAUSS"]
    assert _found(["Strasse 4"], text) == ["Straße 4"]


def test_token_aligned_longest_first_and_overlapped() -> None:
    text = "Mariana and Ana Maria Lopez"
    assert _found(["Ana", "Ana Maria", "Maria Lopez"], text) == ["Ana Maria"]
    overlapped = _found(["Ana", "Ana Maria", "Maria Lopez"], text, overlapped=True)
    assert overlapped == ["Ana Maria", "Maria Lopez"]
    assert _found(["1234"], "a 12345 b 1234-5") == ["1234"]


def test_capitalised_start_only() -> None:
    matcher = Matcher(["Delgado"], case_sensitive_start=True)
    text = "intestino delgado; Dr Delgado"
    assert [text[h.start : h.end] for h in matcher.find(text)] == ["Delgado"]
