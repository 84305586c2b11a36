"""Dates a pharmacist can trust (a reference date no shift crosses, years alone kept by
policy) and linked report numbers pseudonymised with a keyed hash."""

from __future__ import annotations

import datetime as dt

import pytest
from maskhelp import marked

from deid_studio.mask import DateShift
from deid_studio.mask.dates import DateValue
from deid_studio.mask.linked import linked_numbers, pseudonym
from deid_studio.mask.reference import case_interval

REFERENCE = dt.date(2020, 12, 11)  # the first COVID-19 vaccinations (US)


def test_the_interval_is_narrowed_so_no_date_crosses_the_reference() -> None:
    vaccinated = DateValue(2021, 1, 5)
    history = DateValue(2019, 3, None)  # March 2019: its last day bounds it
    low, high = case_interval(-730, -30, REFERENCE, [vaccinated, history])
    # -730..-30 would take 01/05/2021 before 12/11/2020: the days the dates allow instead
    assert (low, high) == (-25, -1)
    for days in range(low, high + 1):
        if days:
            moved = dt.date(2021, 1, 5) + dt.timedelta(days=days)
            assert moved >= REFERENCE
    # without a reference date, the policy's interval
    assert case_interval(-730, -30, None, [vaccinated]) == (-730, -30)
    # dates far from the reference keep the whole interval
    assert case_interval(-730, -30, REFERENCE, [DateValue(2023, 1, 1)]) == (-730, -30)


def test_a_month_or_year_that_would_still_cross_is_tagged_not_shifted(mask) -> None:
    shift = DateShift(-40, keep_after=REFERENCE)
    assert shift.value(DateValue(2021, 1, 25)) == DateValue(2020, 12, 16)  # stays after
    assert shift.value(DateValue(2021, 1, 5)) is None  # would cross: tagged
    assert shift.value(DateValue(2021, 1, None)) is None  # January 2021 -> December 2020
    assert shift.value(DateValue(2020, 6, 1)) == DateValue(2020, 4, 22)  # before stays before
    document = marked("Vaccinated on [01/05/2021|DATE], seen [01/25/2021|DATE].")
    masked = mask(document, "tags", days=-40, keep_after="2020-12-11")
    assert masked.text == "Vaccinated on [DATE], seen 12/16/2020."


def test_years_alone_move_with_the_case_or_stay_by_policy(mask) -> None:
    document = marked("Vaccinated in [2021|DATE] on [01/25/2021|DATE]; asthma since [2004|DATE].")
    shifted = mask(document, "tags", days=-400)
    assert shifted.text == "Vaccinated in 2020 on 12/22/2019; asthma since 2003."
    kept = mask(document, "tags", days=-400, years_alone="keep")
    assert kept.text == "Vaccinated in 2021 on 12/22/2019; asthma since 2004."
    assert not kept.leaks  # a year the policy keeps is not a leak


def test_linked_report_numbers_are_found_and_pseudonymised_consistently(mask) -> None:
    text = (
        "This case is linked to case VAERS 1772130 (same patient). Linked Report(s) : "
        "US-PFIZER INC-2021018407; see US-FDA-2021-312213. Lot EH9899; Test Date: 20201222."
    )
    found = [text[a:b] for a, b in linked_numbers(text)]
    assert found == ["1772130", "US-PFIZER INC-2021018407", "US-FDA-2021-312213"]
    secret = b"project secret"
    first = pseudonym(secret, "US-FDA-2021-312213")
    assert first == pseudonym(secret, "US-FDA-2021-312213")  # the same number, the same
    assert first != "US-FDA-2021-312213" and first.startswith("US-FDA-")
    assert len(first) == len("US-FDA-2021-312213")
    assert pseudonym(b"another project", "US-FDA-2021-312213") != first
    masked = mask(marked(text), "tags")
    assert "1772130" not in masked.text and "2021018407" not in masked.text
    assert "US-PFIZER INC-" in masked.text and "EH9899" in masked.text
    kept = mask(marked(text), "tags", linked_reports="keep")
    assert "VAERS 1772130" in kept.text


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Cas lié au cas CRPV 257581 (même patient).", "257581"),
        ("Caso relacionado con el caso FEDRA 514776 (mismo paciente).", "514776"),
        ("Verknüpft mit Fall DE-BfArM-21-744657 (gleicher Patient).", "DE-BfArM-21-744657"),
        ("Duplicate of GB-MHRA-ADR 86943396, also received.", "GB-MHRA-ADR 86943396"),
        ("Fall-Nr. 2021004711, siehe Aktenzeichen", "2021004711"),
        ("Linked: US-MODERNATX, INC.-MOD-2021-123456.", "US-MODERNATX, INC.-MOD-2021-123456"),
    ],
)
def test_linked_report_numbers_of_european_centres(mask, text: str, number: str) -> None:
    # the demo's French, Spanish, German and British narratives name their linked cases so
    found = [text[a:b] for a, b in linked_numbers(text)]
    assert found == [number]
    masked = mask(marked(text, language="fr"), "tags")
    assert number not in masked.text and len(masked.text) == len(text)


def test_hyphenated_words_and_short_numbers_are_not_linked_reports() -> None:
    text = (
        "CT-Scan of the chest on 2021-1234; SARS-CoV-2 RNA; Pfizer-BioNTech lot EW0182; "
        "platelets 150000 (reference 150-450); cas 2021; déclaration du 12/03/2021."
    )
    assert linked_numbers(text) == []
