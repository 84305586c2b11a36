"""The leak check: no PHI string of the document survives, listed with report and offset."""

from __future__ import annotations

from maskhelp import SECRET, Case, marked

from deid_studio.mask import LeakError, MaskingPolicy, VaultEntry, keyed_hash
from deid_studio.mask.leaks import Written, find_leaks


def test_finds_every_surviving_phi_string_case_and_space_insensitive() -> None:
    masked = "Seen: ANA  garcía, then Mariana and ana garcía."
    leaks = find_leaks(masked, {"Ana García": "PATIENT"}, [], document_id=7, external_id="R7")
    assert [(leak.offset, leak.length, leak.category) for leak in leaks] == [
        (6, 11, "PATIENT"),
        (masked.rindex("ana garcía"), 10, "PATIENT"),
    ]
    assert leaks[0].external_id == "R7" and leaks[0].document_id == 7


def test_single_characters_are_not_searched_for() -> None:
    assert find_leaks("H, 24 h", {"H": "SEX"}, []) == []


def test_what_the_masker_computed_is_not_a_survivor() -> None:
    text = "En 2003 y el 13/05/2004, [PATIENT]."
    written = [Written(3, 7, "shift"), Written(13, 23, "shift"), Written(25, 34, "tag")]
    phi = {"2004": "DATE", "patient": "OTHER", "13/05/2004": "DATE"}
    assert find_leaks(text, phi, written) == []
    # the same strings copied through unmasked are leaks
    assert len(find_leaks(text, phi, [])) == 3


def test_a_shifted_date_that_reads_like_another_with_the_word_its_span_took_is_no_leak() -> None:
    # VAERS 962222: the model's span took the "and" after "Jul2020"; moved by six months,
    # "Jan2021" reads "Jul2020" and the copied " and" after it completes the PHI string
    document = marked(
        "Reported in [Jul2020 and|DATE] [Oct2020|DATE]. Tested in [Jan2021|DATE] and it was "
        "negative."
    )
    masked = Case([document], MaskingPolicy(), days=-190).mask(document)
    assert "Tested in Jul2020 and it was negative" in masked.text
    assert masked.leaks == ()


def test_a_phi_string_that_runs_out_of_a_shifted_date_into_more_than_date_words_leaks() -> None:
    text = "In May 2018 and May 2018 again."
    phi = {"May 2018": "DATE"}
    # the span took "2019" of "May 2019" alone: its shift "2018" and the copied "May" before
    # it spell the other date, and "May" of the original survives
    assert len(find_leaks(text, phi, [Written(19, 23, "shift")])) == 2
    # "and" after a shifted date is a word dates are written with
    assert (
        find_leaks("In Jul2020 and then", {"Jul2020 and": "DATE"}, [Written(3, 10, "shift")]) == []
    )
    # a capitalised word after a shifted date is a name ("Le", "Do": date words in French and
    # Portuguese, surnames too), no word of the date
    assert (
        len(find_leaks("seen 2019 Le Do", {"2019 Le Do": "PERSON"}, [Written(5, 9, "shift")])) == 1
    )
    # after a tag it is a survivor: nothing was shifted there
    assert len(find_leaks("In Jul2020 and", {"Jul2020 and": "DATE"}, [Written(3, 10, "tag")])) == 1


def test_a_surrogate_that_brings_back_a_phi_string_is_a_leak() -> None:
    document = marked("[Ana|PATIENT] y su hija [Berta|RELATIVE].", language="es")
    # the vault (say, from a report of the case exported long ago) says Ana -> Berta
    entries = [VaultEntry("C1", "name", keyed_hash(SECRET, "C1", "name", "Ana"), "Berta")]
    masked = Case([document], MaskingPolicy(preset="surrogates"), entries=entries).mask(document)
    assert masked.text.startswith("Berta y su hija ")
    assert [(leak.external_id, leak.offset, leak.category) for leak in masked.leaks] == [
        ("R1", 0, "RELATIVE")
    ]
    error = LeakError(masked.leaks)
    assert "report R1 offset 0 (RELATIVE)" in str(error) and "nothing was written" in str(error)


def test_nothing_leaks_when_every_mention_is_masked(mask) -> None:
    document = marked(
        "[John Smith|PATIENT] (john smith, JOHN SMITH) lives in [Leeds|LOCATION]; Leeds "
        "General treated him on [5 Jan 2021|DATE] and again on 5 Jan 2021."
    )
    for preset_name in ("tags", "surrogates", "redact"):
        masked = mask(document, preset_name)
        assert masked.leaks == (), preset_name
        assert "smith" not in masked.text.casefold() and "leeds" not in masked.text.casefold()


def test_a_masked_string_behind_a_span_that_cuts_a_word_is_masked_there_too(mask) -> None:
    # "2.S" is masked where the model marked it; elsewhere it follows "Ad26.COV", which is
    # masked too: in the masked text it stands alone after the tag, so it must go as well
    from deid_studio.core import Suggestion

    text = "Dose of 2.S given. Vaccine (Ad26.COV2.S) lot 7."
    document = marked(text)
    second = text.index("Ad26.COV")
    suggestions = [
        Suggestion(8, 11, "PATIENT", 0.9, "crf"),
        Suggestion(second, second + 8, "CONTACT", 0.9, "crf"),
    ]
    masked = mask(document, "tags", suggestions=suggestions)
    assert masked.leaks == ()
    assert "2.S" not in masked.text and "(Ad26" not in masked.text
    assert masked.text == "Dose of [PATIENT] given. Vaccine ([CONTACT][PATIENT]) lot 7."
    # a span that ends at a word's edge blanks nothing: the plain search finds the rest
    plain = mask(marked("Dose of 2.S given; 2.S again."), "tags", suggestions=suggestions[:1])
    assert plain.text == "Dose of [PATIENT] given; [PATIENT] again."
