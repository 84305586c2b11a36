"""Rules on what reports other than clinical letters write: a relative's phone under a key
that names the relative, a reporter named by surname only, dates in Roman numerals and
Italian abbreviations (second session of 2026-12-01)."""

from __future__ import annotations

import pytest

from deid_studio.detect.rules import find
from deid_studio.mask import DateShift, parse_date


def _found(text: str, language: str | None, kind: str) -> list[str]:
    return [text[h.start : h.end] for h in find(text, language) if h.kind == kind]


@pytest.mark.parametrize(
    ("text", "language", "number"),
    [
        ("Celular do marido: (11) 98765-4321.", "pt", "(11) 98765-4321"),
        ("Numéro de portable de la fille : 06 12 34 56 78.", "fr", "06 12 34 56 78"),
        ("O marido pode ser contatado no (11) 98765-4321.", "pt", "(11) 98765-4321"),
        ("Tel. Ehefrau: 0171 2345678.", "de", "0171 2345678"),
    ],
)
def test_a_relatives_phone_under_a_key_that_names_the_relative(
    text: str, language: str, number: str
) -> None:
    """A key's last word is the relative's ("marido:", "fille :"), its first says phone; and
    the Portuguese "no" (in the) is no "No." before an identifier."""
    assert number in _found(text, language, "PHONE")


@pytest.mark.parametrize(
    "text",
    ["Número de historia clínica: 612345678.", "NHC del paciente: 612345678.", "No. 612345678"],
)
def test_a_number_under_another_key_is_still_no_phone(text: str) -> None:
    assert _found(text, "es", "PHONE") == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Relatado por SOUZA, farmacêutico.", "pt", "SOUZA"),
        ("Reported by Johnson, pharmacist.", "en", "Johnson"),
        ("Notificado por García, enfermera del centro.", "es", "García"),
        ("Signalé par DUBOIS, pharmacien.", "fr", "DUBOIS"),
        ("Segnalato da Rossi, farmacista.", "it", "Rossi"),
    ],
)
def test_a_reporter_named_by_surname_before_the_job(text: str, language: str, name: str) -> None:
    assert name in _found(text, language, "STAFF")


@pytest.mark.parametrize(
    "text",
    ["Reported by Pfizer, the manufacturer.", "Reported by phone, pharmacist unknown."],
)
def test_a_reporter_that_is_no_person_is_no_name(text: str) -> None:
    assert _found(text, "en", "STAFF") == []


@pytest.mark.parametrize(
    ("text", "language", "date"),
    [
        ("Dimessa il 12 sett. 2022 in buone condizioni.", "it", "12 sett. 2022"),
        ("Da sett. 2021 assume warfarin.", "it", "sett. 2021"),
        ("Data: 3/iv/2021.", "it", "3/iv/2021"),
    ],
)
def test_italian_september_and_a_lower_case_roman_month_with_their_year(
    text: str, language: str, date: str
) -> None:
    assert date in _found(text, language, "DATE")


@pytest.mark.parametrize(
    "text", ["Da 3 sett. assume ibuprofene.", "Dopo 2 sett. di terapia.", "dosis 7 iv 2 veces"]
)
def test_weeks_and_a_route_are_no_dates(text: str) -> None:
    assert _found(text, "it", "DATE") == []


@pytest.mark.parametrize(
    ("text", "days", "shifted"),
    [
        ("15/XI/2023", -100, "7/VIII/2023"),
        ("3/iv/2021", -100, "24/xii/2020"),
        ("7-III-21", 40, "16-IV-21"),
        ("31/XII/1999", 40, "9/II/2000"),
        ("12 sett. 2022", 30, "12 ott. 2022"),
    ],
)
def test_a_roman_or_italian_month_shifts_as_it_is_written(
    text: str, days: int, shifted: str
) -> None:
    parsed = parse_date(text, language="it")
    assert parsed is not None
    assert DateShift(days).render(parsed) == shifted
