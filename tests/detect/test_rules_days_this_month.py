"""A day of the month written alone, its month named by where it stands ("el 3 del presente
mes", "le 3 courant", "il 20 u.s.", "am 15. d. M.") or by the weekday before it ("jeudi 12"),
as letters and patients' messages in Spanish, French, German, Italian and Portuguese write
them; and the counts, hours and doses of the same shape that stay."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "dates"),
    [
        ("El 3 del presente mes inició la clínica.", "es", ["3 del presente mes"]),
        ("Ingresó el 5 del corriente.", "es", ["5 del corriente"]),
        ("Comenzó el tratamiento el día 2 del mes pasado.", "es", ["día 2 del mes pasado"]),
        ("el dia 3 de este mes tuvo un sangrado", "es", ["dia 3 de este mes"]),
        ("Hospitalisée le 14 du mois dernier.", "fr", ["14 du mois dernier"]),
        ("Arrêt du traitement le 3 courant.", "fr", ["3 courant"]),
        ("Am 15. d. M. trat ein Ikterus auf.", "de", ["15. d. M."]),
        ("Am 3. des Monats stellte sie sich vor.", "de", ["3. des Monats"]),
        ("Seit dem 12. letzten Monats besteht Juckreiz.", "de", ["12. letzten Monats"]),
        ("In data 3 c.m. sospende il farmaco.", "it", ["3 c.m."]),
        ("Il 20 u.s. ha sospeso la terapia.", "it", ["20 u.s."]),
        ("il 7 dello stesso mese compare ittero", "it", ["7 dello stesso mese"]),
        ("il 12 di questo mese", "it", ["12 di questo mese"]),
        ("A 15 do corrente mês iniciou o tratamento.", "pt", ["15 do corrente mês"]),
        ("Observada no dia 21 p.p. no centro de saúde.", "pt", ["dia 21 p.p."]),
        ("Desde o dia 3 deste mês apresenta prurido.", "pt", ["dia 3 deste mês"]),
    ],
)
def test_a_day_of_this_or_last_month_is_a_date(text: str, language: str, dates: list[str]) -> None:
    assert stretches(text, language, "DATE") == dates


@pytest.mark.parametrize(
    ("text", "language", "dates"),
    [
        ("il 3/3 u.s. comparsa di rash", "it", ["3/3"]),
        ("Ricoverato il 12/3 u.s. per rash.", "it", ["12/3"]),
    ],
)
def test_an_italian_month_abbreviation_is_no_dose_unit(
    text: str, language: str, dates: list[str]
) -> None:
    """The dose guard read "u" and "c" of "u.s." and "c.m." as units and dropped the date."""
    assert stretches(text, language, "DATE") == dates


@pytest.mark.parametrize(
    ("text", "language", "dates"),
    [
        ("Le jeudi 12, apparition d'un ictère.", "fr", ["jeudi 12"]),
        ("el lunes 3 ingresó por disnea", "es", ["lunes 3"]),
        ("il sabato 5 è caduto", "it", ["sabato 5"]),
        ("el lunes 3 de marzo ingresó", "es", ["3 de marzo"]),
    ],
)
def test_a_weekday_and_its_day_are_a_date(text: str, language: str, dates: list[str]) -> None:
    """A month after them belongs to the day's date, which the month rules take."""
    assert stretches(text, language, "DATE") == dates


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("El paciente acudió el día 3 del ciclo.", "es"),
        ("Il giorno 3 di terapia comparsa di febbre.", "it"),
        ("Insulina 20 u.s.c. al giorno", "it"),
        ("jeudi 12 h, consultation", "fr"),
        ("lunes 3 veces al día", "es"),
        ("quinta 3 dias depois", "pt"),
        ("20 U.S. states reported it", "en"),
    ],
)
def test_a_count_an_hour_or_a_dose_stays(text: str, language: str) -> None:
    assert stretches(text, language, "DATE") == []


@pytest.mark.parametrize(
    ("text", "language", "dates"),
    [
        ("El tres de marzo comenzó el prurito.", "es", ["tres de marzo"]),
        ("el treinta y uno de diciembre ingresó", "es", ["treinta y uno de diciembre"]),
        ("Le trois mars, apparition d'une éruption.", "fr", ["trois mars"]),
        ("Am dritten März kam es zum Exanthem.", "de", ["dritten März"]),
        ("Il tre marzo comparsa di rash.", "it", ["tre marzo"]),
        ("No dia três de março surgiu exantema.", "pt", ["três de março"]),
    ],
)
def test_a_day_written_as_a_word_before_its_month_is_a_date(
    text: str, language: str, dates: list[str]
) -> None:
    """Only the month was taken, or nothing: "tres de marzo" left the day."""
    assert stretches(text, language, "DATE") == dates


@pytest.mark.parametrize(
    ("text", "language", "dates"),
    [
        ("Im Mai und Juni traten erneut Schübe auf.", "de", ["Mai", "Juni"]),
        ("Prurit en mars et avril, réapparu.", "fr", ["mars", "avril"]),
        ("Comparsa di prurito a marzo, regredito ad aprile.", "it", ["marzo", "aprile"]),
        ("Prurido em março e abril, com recidiva em maio.", "pt", ["março", "abril", "maio"]),
    ],
)
def test_a_month_alone_joined_to_another_or_after_a_preposition_is_a_date(
    text: str, language: str, dates: list[str]
) -> None:
    """The second month of "Mai und Juni" stayed, and "mars" after "en" in French (the
    planet in other languages) and a month after the Italian "a", "ad"."""
    assert stretches(text, language, "DATE") == dates


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("hace dos meses de tratamiento", "es"),
        ("cincuenta de marzo", "es"),
        ("la planète mars", "fr"),
        ("a marzo 2021x", "it"),
    ],
)
def test_a_count_or_a_planet_is_no_date(text: str, language: str) -> None:
    assert stretches(text, language, "DATE") == []
