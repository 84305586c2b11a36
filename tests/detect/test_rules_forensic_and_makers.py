"""Institutions MEDDOCAN's dev split showed missing (fourth session of 2026-12-03): Spanish
forensic institutes and Madrid's emergency service by their acronyms, and the maker in the
brackets after a drug's brand alone; and, found on the way, a person's name in such brackets,
which the maker rule had taken for a maker (no PHI outside MEDDOCAN's scheme: a leak)."""

from __future__ import annotations

import pytest
from rulefinds import stretches

from deid_studio.core import preset
from deid_studio.detect.rules import rule_suggestions


def _categories(text: str, scheme: str) -> dict[str, str]:
    return {text[s.start : s.end]: s.category for s in rule_suggestions(text, preset(scheme), "es")}


@pytest.mark.parametrize(
    ("text", "institute"),
    [
        ("Servicio de Patología Forense. IML de Huelva. Plaza Isabel s/n.", "IML de Huelva"),
        ("Remitido por: Pedro M. Garamendi. IVML. Vizcaya.", "IVML"),
        ("el análisis toxicológico realizado en el INTCF mostró", "INTCF"),
        ("remitido al Hospital 12 de Octubre por el SAMUR, tras sufrir", "SAMUR"),
        ("Informe del IMLCF de Alicante.", "IMLCF de Alicante"),
    ],
)
def test_a_forensic_institute_by_its_acronym_is_an_institution(text: str, institute: str) -> None:
    assert institute in stretches(text, "es", "ORGANISATION")
    assert _categories(text, "meddocan")[institute] == "INSTITUCION"


@pytest.mark.parametrize("text", ["el TAC-IML mostró", "IMLX 3", "la escala IMLS-2"])
def test_the_acronyms_inside_other_words_are_no_institute(text: str) -> None:
    assert stretches(text, "es", "ORGANISATION") == []


def test_the_maker_after_a_brand_alone_is_one() -> None:
    text = "tobramicina y dexametasona/4 h (Tobradex, Alcon Cusí) y carmelosa"
    assert stretches(text, "es", rule="manufacturer") == ["Alcon Cusí"]
    assert _categories(text, "meddocan")["Alcon Cusí"] == "INSTITUCION"
    assert "Alcon Cusí" not in _categories(text, "pv")  # a maker is no PHI there


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("prednisona (Dacortin 30 mg, Juan Pérez, Madrid)", "Juan Pérez"),
        ("brinzolamida (Azopt®, María López)", "María López"),
        ("received adalimumab (Humira 40 mg, John Smith)", "John Smith"),
        ("adalimumab (Humira, Juan Pérez)", "Juan Pérez"),
    ],
)
def test_a_persons_name_in_a_products_brackets_stays_a_person(text: str, person: str) -> None:
    assert stretches(text, "es", rule="manufacturer") == []
    assert person in _categories(text, "pv")  # masked as a person


@pytest.mark.parametrize(
    ("text", "maker"),
    [
        ("triamcinolona (Trigon Depot®, Bristol-Myers Squibb)", "Bristol-Myers Squibb"),
        ("insulina lispro (Humalog, Eli Lilly)", "Eli Lilly"),
        ("un stent (Wallstent 10 mm, Boston Scientific, Natick)", "Boston Scientific"),
    ],
)
def test_a_maker_named_after_its_founders_stays_a_maker(text: str, maker: str) -> None:
    assert stretches(text, "es", rule="manufacturer") == [maker]


@pytest.mark.parametrize(
    ("text", "body"),
    [
        (
            "Maria Subirana Domènech Institut de Medicina Legal de Catalunya Servei de Patologia",
            "Institut de Medicina Legal de Catalunya",
        ),
        (
            "Dra. Victoria de Juan Instituto Universitario de Oftalmobiología Aplicada (IOBA)"
            " Edificio Ciencias de la Salud",
            "Instituto Universitario de Oftalmobiología Aplicada (IOBA)",
        ),
    ],
)
def test_an_institute_is_a_body_to_its_department(text: str, body: str) -> None:
    """MEDDOCAN annotates every institute as INSTITUCION (14 of 14); a Catalan one was read as
    a hospital, and an organisation's name ran on into a department or a building."""
    assert _categories(text, "meddocan")[body] == "INSTITUCION"


_MAKERS_TEXT = (
    "prednisona (Dacortin 30 mg, Merck, Barcelona), doxiciclina (Vibracina 100, Pfizer, Madrid)"
    " y la tinción de Papanicolau (Merck); quimioterapia intravesical (BCG)."
)


def test_a_known_maker_in_a_products_brackets_is_an_institution_under_meddocan_only() -> None:
    """MEDDOCAN's gold marks "Merck" and "Pfizer" in a product's brackets as INSTITUCION; the
    safe term kept them out of every suggestion. Elsewhere they stay readable, and a vaccine
    in brackets is no maker ("(BCG)")."""
    from deid_studio.detect.detector import Detector

    def suggested(scheme: str) -> list[tuple[str, str]]:
        (found,) = Detector(None, preset(scheme)).detect([(_MAKERS_TEXT, "es")])
        return [(_MAKERS_TEXT[s.start : s.end], s.category) for s in found.suggestions]

    meddocan = suggested("meddocan")
    assert [m for m in meddocan if m[1] == "INSTITUCION"] == [
        ("Merck", "INSTITUCION"),
        ("Pfizer", "INSTITUCION"),
        ("Merck", "INSTITUCION"),
    ]
    pv = [text for text, _ in suggested("pv")]
    assert "Merck" not in pv and "Pfizer" not in pv and "BCG" not in pv
    assert "Barcelona" in pv and "Madrid" in pv
    assert "BCG" in stretches(_MAKERS_TEXT, "es", rule="vaccine_name")
