"""Every gold span of the demo corpus is valid, exact, and of the kind its category says."""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Callable

import pytest

from deid_studio.core import Document, preset, tokenize

PV = set(preset("pv").names)
_NAME_WORD = r"\p{Lu}[\p{L}'-]*"


def test_spans_are_inside_the_text_in_the_scheme_and_trimmed(docs: list[Document]) -> None:
    for doc in docs:
        assert doc.spans, doc.external_id
        for span in doc.spans:
            assert 0 <= span.start < span.end <= len(doc.text)
            assert span.category in PV
            covered = span.text(doc.text)
            assert covered == covered.strip(), (doc.external_id, covered)
            assert "\n" not in covered and "\r" not in covered


def test_spans_are_sorted_and_never_overlap(docs: list[Document]) -> None:
    for doc in docs:
        for before, after in zip(doc.spans, doc.spans[1:], strict=False):
            assert before.end <= after.start, (doc.external_id, before, after)


def test_span_boundaries_fall_on_token_boundaries(docs: list[Document]) -> None:
    for doc in docs:
        tokens = tokenize(doc.text)
        starts = {t.start for t in tokens}
        ends = {t.end for t in tokens}
        for span in doc.spans:
            assert span.start in starts and span.end in ends, (
                doc.external_id,
                doc.text[max(0, span.start - 10) : span.end + 10],
            )


def test_every_pv_category_but_other_is_used(docs: list[Document]) -> None:
    used = Counter(span.category for doc in docs for span in doc.spans)
    assert PV - {"OTHER"} <= set(used)
    assert used["DATE"] > len(docs)  # more than one date per report on average


def test_date_spans_are_whole_dates(
    docs: list[Document],
    read_dates: Callable[[str], set[dt.date]],
    read_month: Callable[[str], tuple[int, int] | None],
) -> None:
    for doc in docs:
        for span in doc.spans:
            if span.category != "DATE":
                continue
            text = span.text(doc.text)
            dates = read_dates(text)
            if dates:
                assert all(dt.date(1900, 1, 1) < d < dt.date(2023, 1, 1) for d in dates), text
            else:
                assert read_month(text) is not None, (doc.external_id, text)


def test_the_exposure_date_of_the_metadata_is_a_date_span(
    docs: list[Document], read_dates: Callable[[str], set[dt.date]]
) -> None:
    """The structured exposure date is the one an initial report writes, span and all."""
    for doc in docs:
        if doc.meta["report_type"] != "initial":
            continue
        dates = doc.meta["dates"]
        exposure = dates.get("VAX_DATE") or dates["START_DATE"]
        written = set().union(
            *(read_dates(s.text(doc.text)) for s in doc.spans if s.category == "DATE")
        )
        assert dt.date.fromisoformat(exposure) in written, doc.external_id


def test_patient_relative_and_professional_spans_look_like_names(docs: list[Document]) -> None:
    import regex

    name = regex.compile(rf"{_NAME_WORD}(?: {_NAME_WORD})*")
    initials = regex.compile(r"(?:\p{Lu}\.)+")
    for doc in docs:
        for span in doc.spans:
            if span.category in {"PATIENT", "RELATIVE", "PROFESSIONAL"}:
                text = span.text(doc.text)
                assert name.fullmatch(text) or initials.fullmatch(text), (span.category, text)


def test_age_spans_hold_a_plausible_age(docs: list[Document]) -> None:
    for doc in docs:
        for span in doc.spans:
            if span.category == "AGE":
                text = span.text(doc.text)
                match = re.match(r"\d+", text)
                assert match and 0 < int(match.group()) < 110, text
                assert re.fullmatch(r"\d+(?:[ -]\w+(?:-\w+)?)?", text), text


def test_contact_spans_are_phones_or_email_addresses(docs: list[Document]) -> None:
    for doc in docs:
        for span in doc.spans:
            if span.category == "CONTACT":
                text = span.text(doc.text)
                email = re.fullmatch(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", text)
                assert email or len(re.findall(r"\d", text)) >= 7, text


@pytest.mark.parametrize(
    ("key", "category"),
    [
        ("Patient", "PATIENT"),
        ("Paciente", "PATIENT"),
        ("Date of birth", "DATE"),
        ("Fecha de nacimiento", "DATE"),
        ("MRN", "ID"),
        ("NHC", "ID"),
        ("Age", "AGE"),
        ("Edad", "AGE"),
        ("Telephone", "CONTACT"),
        ("Teléfono", "CONTACT"),
        ("E-mail", "CONTACT"),
        ("Country", "LOCATION"),
        ("Hospital", "ORGANIZATION"),
    ],
)
def test_header_values_are_single_exact_spans(
    docs: list[Document], key: str, category: str
) -> None:
    """In "Key: value" lines the value, up to the line break, is exactly one span."""
    line = re.compile(rf"^{re.escape(key)}: (.+?)\r?$", re.MULTILINE)
    seen = 0
    for doc in docs:
        spans = {(s.start, s.end): s.category for s in doc.spans}
        for match in line.finditer(doc.text):
            seen += 1
            assert spans.get(match.span(1)) == category, (doc.external_id, match.group())
    assert seen, f"no header line starts with {key}:"
