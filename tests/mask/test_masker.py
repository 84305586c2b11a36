"""Which spans are masked, what each becomes, and what comes through untouched."""

from __future__ import annotations

import re

import pytest
from maskhelp import marked

from deid_studio.core import Span, Suggestion
from deid_studio.mask.spans import MaskSpan, merge


def unchanged_outside_spans(masked) -> None:
    """Every character outside the replacements is the original's, in order."""
    original = masked.original.text
    kept_old, kept_new, last_old, last_new = [], [], 0, 0
    for r in masked.replacements:
        kept_old.append(original[last_old : r.start])
        kept_new.append(masked.text[last_new : r.new_start])
        last_old, last_new = r.end, r.new_end
    kept_old.append(original[last_old:])
    kept_new.append(masked.text[last_new:])
    assert kept_old == kept_new


def test_tags_preset(mask) -> None:
    document = marked(
        "[Ann Lee|PATIENT], [93 years|AGE], seen by [Dr Bob Stone|PROFESSIONAL] at "
        "[St Mary's|ORGANIZATION] on [3 May 2021|DATE]; [45 years|AGE] old husband."
    )
    masked = mask(document, "tags", days=-10)
    assert masked.text == (
        "[PATIENT], [AGE > 89], seen by [PROFESSIONAL] at [ORGANIZATION] on 23 April 2021; "
        "45 years old husband."
    )
    assert [r.action for r in masked.replacements] == ["tag", "cap", "tag", "tag", "shift", "keep"]


def test_redact_preset_is_one_token(mask) -> None:
    document = marked("[Ann Lee|PATIENT], [93 years|AGE], on [3 May 2021|DATE], [45|AGE].")
    assert mask(document, "redact").text == "[PHI], [PHI], on [PHI], [PHI]."


def test_surrogates_preset(mask) -> None:
    document = marked(
        "[Ann Lee|PATIENT] (MRN [A-1234-77|ID], tel [+1 (555) 010-2030|CONTACT]) of "
        "[Springfield|LOCATION] was vaccinated on [01/05/2021|DATE]."
    )
    masked = mask(document, "surrogates", days=-10)
    unchanged_outside_spans(masked)
    new = [masked.text[r.new_start : r.new_end] for r in masked.replacements]
    assert [r.action for r in masked.replacements] == ["surrogate"] * 4 + ["shift"]
    assert re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z'A-Z]+", new[0]) and "Ann" not in new[0]
    assert re.fullmatch(r"[A-Z]-\d{4}-\d\d", new[1]) and new[1] != "A-1234-77"
    assert re.fullmatch(r"\+\d \(\d{3}\) \d{3}-\d{4}", new[2])
    assert new[3] != "Springfield"
    assert new[4] == "12/26/2020"


def test_gold_and_suggestions_above_the_threshold_are_masked_together(mask) -> None:
    document = marked("[Ann|PATIENT] Lee called Dr Wu from Leeds on Monday.")
    text = document.text
    suggestions = [
        Suggestion(0, 7, "PATIENT", 0.9, "crf"),  # "Ann Lee": overlaps gold, extends it
        Suggestion(text.index("Wu"), text.index("Wu") + 2, "PROFESSIONAL", 0.5, "crf"),
        Suggestion(text.index("Leeds"), text.index("Leeds") + 5, "LOCATION", 0.49, "crf"),
    ]
    masked = mask(document, "tags", suggestions=suggestions)
    assert masked.text == "[PATIENT] called Dr [PROFESSIONAL] from Leeds on Monday."
    assert masked.replacements[0].origin == "gold"
    assert mask(document, "tags", suggestions=suggestions, confidence=0.4).text.count("[") == 3


def test_merging_never_drops_a_covered_character() -> None:
    spans = [
        MaskSpan(0, 5, "DATE", "suggestion"),
        MaskSpan(3, 10, "PATIENT", "gold"),
        MaskSpan(9, 12, "AGE", "gold"),
        MaskSpan(12, 14, "ID", "gold"),  # touching is not overlapping
    ]
    merged = merge(spans, lambda c: c != "AGE")
    assert [(s.start, s.end, s.category) for s in merged] == [
        (0, 12, "PATIENT"),
        (12, 14, "ID"),
    ]
    # a masked category wins over a kept one, whatever the origin
    kept = merge(
        [MaskSpan(0, 6, "AGE", "gold"), MaskSpan(0, 2, "ID", "repeat")], lambda c: c == "ID"
    )
    assert kept[0].category == "ID"


def test_every_other_mention_is_masked_too(mask) -> None:
    document = marked(
        "[Ana García|PATIENT] llamó. Luego ANA GARCÍA volvió; García y Ana firmaron. "
        "El intestino delgado está bien. NHC [12345678|ID]; repetido 12345678 y 1234."
    )
    masked = mask(document, "tags")
    assert masked.text == (
        "[PATIENT] llamó. Luego [PATIENT] volvió; [PATIENT] y [PATIENT] firmaron. "
        "El intestino delgado está bien. NHC [ID]; repetido [ID] y 1234."
    )
    assert [r.origin for r in masked.replacements].count("repeat") == 4


def test_a_surname_alone_gets_the_surname_of_the_surrogate(mask) -> None:
    document = marked(
        "[Ana García|PATIENT] llamó; la Sra. García y [GARCÍA|RELATIVE] vinieron.", language="es"
    )
    masked = mask(document)
    full = masked.text[masked.replacements[0].new_start : masked.replacements[0].new_end]
    _first, last = full.split(" ", 1)
    assert masked.text == f"{full} llamó; la Sra. {last} y {last.upper()} vinieron."


@pytest.mark.parametrize(
    "sentence",
    [
        # real VAERS narratives (2021VAERSDATA.csv), dates marked
        "Patient was admitted to the hospital on [24Dec2020|DATE] and then was moved to the ICU "
        "2 days later, on [26Dec2020|DATE].",
        "Approximately 9 days later, on [27Dec2020|DATE], the patient developed/experienced "
        "tested positive after receiving Covid-19 vaccine.",
        "Epinephrine 0.3 mg IM and diphenhydramine 50 mg IV given in clinic, Rapid Response was "
        "called overhead and patient immediately transported down the hall to the Emergency Dept.",
        "I had my epi pen on hand incase I needed it but I ended up taking 25mg of Benadryl, then "
        "50 mg of Benadryl 5 hrs later.",
        "Pt received methylprednisolone 125mg IVP, diphenhydramine 25mg IVP, & famotidine "
        "20mg IVP.",
        "Normal CMP except slightly heightened glucose at 117 mg/dL performed at hospital on "
        "[3/22/2019|DATE].",
        "Normal EKG, High WBC at time at 18.7 K/uL, Abs neuts at 15.5K/uL, up from 5.8K/uL "
        "reading done on [2/21/2019|DATE], Abs immature grans at .1, and Abs monos at 1.3 K/uL.",
        "On [18th November 2020|DATE], 8 days after receiving Shingrix, the patient experienced "
        "rash lupus-like (serious criteria GSK medically significant) and rash.",
        "The patient reported that 2 days after her 1st Covid vaccine, she broke out into a rash "
        "with hives requiring her to go to the ER on [19Dec2020 12:00|DATE].",
        "She was seen in my clinic 2 days later ([1/4/21|DATE]) and was started on 3 day course "
        "of Decadron, topical acyclovir for herpetic lesion.",
        "She was taking 600mg Ibuprofen and 1000mg paracetamol (TYLENOL) every 6-8 hours.",
        "The patient experienced shortness of breath, stridor, migraine for 5 days and 10 days "
        "later cellulitis at injection site on [28Dec2020 15:00|DATE].",
    ],
)
def test_drugs_doses_routes_labs_and_relative_times_come_through(mask, sentence: str) -> None:
    document = marked(sentence)
    for preset_name in ("tags", "surrogates"):
        masked = mask(document, preset_name, days=-45)
        unchanged_outside_spans(masked)
        assert all(r.action == "shift" for r in masked.replacements)
        assert not masked.leaks


def test_relative_times_in_words_survive(mask) -> None:
    document = marked(
        "Three weeks after the dose given on [Jan 3, 2021|DATE] she had a rash; seven days "
        "later, on [Jan 31, 2021|DATE], it was gone. Aspirin 81 mg PO daily continued."
    )
    masked = mask(document, "surrogates", days=-30)
    assert masked.text == (
        "Three weeks after the dose given on Dec 4, 2020 she had a rash; seven days "
        "later, on Jan 1, 2021, it was gone. Aspirin 81 mg PO daily continued."
    )


def test_masked_document_remaps_the_spans(mask) -> None:
    document = marked("[Ann Lee|PATIENT] on [3 May 2021|DATE], aged [45|AGE].")
    masked = mask(document, "tags", days=-1)
    out = masked.as_document()
    assert out.text == "[PATIENT] on 2 May 2021, aged 45."
    assert [(s.text(out.text), s.category) for s in out.spans] == [
        ("[PATIENT]", "PATIENT"),
        ("2 May 2021", "DATE"),
    ]
    assert (out.external_id, out.case_id, out.language) == ("R1", "C1", "en")


def test_spans_of_discontinuous_entities_are_each_masked(mask) -> None:
    document = marked("Mr Lee, first name Ann.")
    text = document.text
    document = document.with_spans(
        [
            Span(text.index("Lee"), text.index("Lee") + 3, "PATIENT", "T1"),
            Span(text.index("Ann"), text.index("Ann") + 3, "PATIENT", "T1"),
        ]
    )
    assert mask(document, "tags").text == "Mr [PATIENT], first name [PATIENT]."


def test_a_masked_string_inside_a_kept_span_is_masked_all_the_same(mask) -> None:
    document = marked("Room [4512|ID]; the patient, [4512 days|AGE] old, is fine.")
    masked = mask(document, "tags")
    assert masked.text == "Room [ID]; the patient, [ID] old, is fine."
    assert masked.leaks == ()


def test_a_town_of_a_masked_address_is_masked_alone_elsewhere(mask) -> None:
    document = marked(
        "Domicilio: [Calle Mayor 4, 17884 Huelva|LOCATION]. Trabaja en "
        "[Centro de Salud Torrejón|ORGANIZATION]. Reside en Huelva desde 2010; en el "
        "Centro de Salud le vieron, y en Torrejón otra vez. La calle estaba cortada.",
        language="es",
    )
    masked = mask(document, "tags")
    assert masked.text == (
        "Domicilio: [LOCATION]. Trabaja en [ORGANIZATION]. Reside en [LOCATION] desde 2010; "
        "en el Centro de Salud le vieron, y en [ORGANIZATION] otra vez. La calle estaba cortada."
    )
    surrogates = mask(document, "surrogates")
    assert "Huelva" not in surrogates.text and "Torrejón" not in surrogates.text
    assert "Centro de Salud le vieron" in surrogates.text  # kinds of place are not PHI alone


def test_the_initials_of_a_masked_name_are_masked_where_the_narrative_uses_them(mask) -> None:
    document = marked(
        "Nouvelles informations concernant [Patrick Schmitt|PATIENT], 26 ans. P.S. a quitté "
        "l'hôpital; p. s. va mieux. Le C.T. scan est normal.",
        language="fr",
    )
    tags = mask(document, "tags")
    assert tags.text == (
        "Nouvelles informations concernant [PATIENT], 26 ans. [PATIENT] a quitté l'hôpital; "
        "[PATIENT] va mieux. Le C.T. scan est normal."
    )
    assert not tags.leaks
    surrogates = mask(document, "surrogates")
    name = surrogates.text.removeprefix("Nouvelles informations concernant ").split(",")[0]
    first, last = name.split()
    # the surrogate's initials, in the form the narrative wrote (a surrogate name with the
    # original's initials would give its initials other letters)
    dotted = f"{first[0]}.{last[0]}."
    assert dotted != "P.S." and f" {dotted} a quitté" in surrogates.text
    assert f"; {first[0]}. {last[0]}. va mieux" in surrogates.text
    assert not surrogates.leaks
    # a name of one word has no initials: "C.T." stays a scan
    alone = mask(marked("[Schmitt|PATIENT] a eu un C.T. scan; S. va mieux.", language="fr"), "tags")
    assert alone.text == "[PATIENT] a eu un C.T. scan; S. va mieux."


def test_initials_that_count_a_capitalised_particle_are_masked_too(mask) -> None:
    """Spanish names write "Del" capitalised, and narratives count it: "María Del Carmen
    Gisbert Ferrándiz (M.D.C.G.F.)" came through with the name masked."""
    document = marked(
        "Nombre: [María Del Carmen Gisbert Ferrándiz|PATIENT] (M.D.C.G.F.). M.D.C.G.F. acudió.",
        language="es",
    )
    tags = mask(document, "tags")
    assert tags.text == "Nombre: [PATIENT] ([PATIENT]). [PATIENT] acudió."
    surrogates = mask(document, "surrogates")
    assert "M.D.C.G.F." not in surrogates.text and not surrogates.leaks
