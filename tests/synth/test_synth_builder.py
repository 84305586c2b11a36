"""The text builder records each PHI value's span as the value is appended."""

from __future__ import annotations

import random

import pytest

from deid_studio.core import Span
from deid_studio.synth.builder import TextBuilder, phi, pick, plain, render, usable
from deid_studio.synth.dates import format_date


def test_spans_cover_exactly_the_values_appended() -> None:
    builder = TextBuilder()
    builder.text("Patient: ")
    builder.value("John Smith", "PATIENT")
    builder.text("\nMRN: ")
    builder.value("4471-22", "ID")
    text, spans = builder.build()
    assert text == "Patient: John Smith\nMRN: 4471-22"
    assert spans == (Span(9, 19, "PATIENT"), Span(25, 32, "ID"))


def test_crlf_builder_writes_crlf_and_offsets_count_both_characters() -> None:
    builder = TextBuilder("\r\n")
    builder.extend(render("Patient: {patient}\nAge: {age}\n", {
        "patient": phi("Ana Ruiz Gil", "PATIENT"),
        "age": phi("67 años", "AGE"),
    }))  # fmt: skip
    text, spans = builder.build()
    assert text == "Patient: Ana Ruiz Gil\r\nAge: 67 años\r\n"
    assert [text[s.start : s.end] for s in spans] == ["Ana Ruiz Gil", "67 años"]
    assert "\n" not in text.replace("\r\n", "")


@pytest.mark.parametrize("value", ["", " J.S.", "J.S. ", "Flat 3\nHigh St"])
def test_padded_or_multiline_values_are_refused(value: str) -> None:
    with pytest.raises(ValueError, match="LOCATION"):
        TextBuilder().value(value, "LOCATION")


def test_render_fills_plain_and_composite_slots() -> None:
    context = {
        "reporter": (("Dr ", None), ("Emily Clark", "PROFESSIONAL")),
        "lot": plain("EK5730"),
    }
    pieces = render("{reporter} gave lot {lot}.", context)
    assert pieces == [
        ("Dr ", None),
        ("Emily Clark", "PROFESSIONAL"),
        (" gave lot ", None),
        ("EK5730", None),
        (".", None),
    ]


def test_templates_with_a_missing_slot_are_not_usable() -> None:
    context = {"patient": phi("J.S.", "PATIENT")}
    templates = ["{patient} was seen.", "{patient} and her husband {relative}."]
    assert usable(templates, context) == ["{patient} was seen."]
    assert pick(random.Random(0), templates[1:], context) == []


def test_date_styles() -> None:
    import datetime as dt

    day = dt.date(2021, 3, 12)
    assert format_date(day, "dmy/", "en") == "12/03/2021"
    assert format_date(day, "mdy/", "en") == "03/12/2021"
    assert format_date(day, "iso", "en") == "2021-03-12"
    assert format_date(day, "d month y", "en") == "12 March 2021"
    assert format_date(day, "month d, y", "en") == "March 12, 2021"
    assert format_date(day, "d-mon-y", "en") == "12-Mar-2021"
    assert format_date(day, "d de month de y", "es") == "12 de marzo de 2021"
    assert format_date(day, "d. month y", "de") == "12. März 2021"
    assert format_date(dt.date(2021, 3, 1), "d month y", "fr") == "1er mars 2021"
