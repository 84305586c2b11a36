"""Date spans: parsed, shifted by the case's offset at their resolution, written back the same."""

from __future__ import annotations

import datetime as dt
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from maskhelp import Case, marked

from deid_studio.core.document import Document, Span
from deid_studio.core.months import abbreviations, full_names
from deid_studio.mask import DateShift, MaskingPolicy, draw_offset, infer_order, parse_date


def values(text: str, order: str = "dmy", language: str | None = None) -> list[tuple]:
    parsed = parse_date(text, order=order, language=language)  # type: ignore[arg-type]
    assert parsed is not None, text
    return [(v.year, v.month, v.day) for v in parsed.values]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("03/04/2014", [(2014, 4, 3)]),
        ("16-05-2014", [(2014, 5, 16)]),
        ("24/08//1979", [(1979, 8, 24)]),
        ("27/011/2014", [(2014, 11, 27)]),
        ("4-8-04", [(2004, 8, 4)]),
        ("30/01/02", [(2002, 1, 30)]),
        ("2014-05-03", [(2014, 5, 3)]),
        ("20140503", [(2014, 5, 3)]),
        ("20210412091500+0200", [(2021, 4, 12)]),
        ("05/2014", [(2014, 5, None)]),
        ("2004", [(2004, None, None)]),
        ("año 2004", [(2004, None, None)]),
        ("27 de octubre de 2016", [(2016, 10, 27)]),
        ("30 de Agosto del 2003", [(2003, 8, 30)]),
        ("27-octubre-2016", [(2016, 10, 27)]),
        ("septiembre del año 2000", [(2000, 9, None)]),
        ("diciembre-08", [(2008, 12, None)]),
        ("Sep-04", [(2004, 9, None)]),
        ("Jan 2014", [(2014, 1, None)]),
        ("Jan 3rd, 2014", [(2014, 1, 3)]),
        ("January 3, 2014", [(2014, 1, 3)]),
        ("1st of January 2014", [(2014, 1, 1)]),
        ("mes de abril", [(None, 4, None)]),
        ("Marzo", [(None, 3, None)]),
        ("3 May", [(None, 5, 3)]),
        ("febrero y abril de 2002", [(2002, 2, None), (2002, 4, None)]),
        ("1er janvier 2014", [(2014, 1, 1)]),
        ("3. März 2014", [(2014, 3, 3)]),
        ("den 3 maj 2014", [(2014, 5, 3)]),
        ("3 de março de 2014", [(2014, 3, 3)]),
        ("12/01/2021 10:30", [(2021, 1, 12)]),
    ],
)
def test_parses_the_date_forms_of_reports(text: str, expected: list[tuple]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(
    "text",
    ["14/14/2014", "16/018/1961", "Monday 3 May 2021", "verano de 2003", "3-5 May 2021", "mg"],
)
def test_what_is_not_a_date_does_not_parse(text: str) -> None:
    assert parse_date(text) is None


def test_ambiguous_day_and_month_follow_the_order_of_the_documents_clear_dates() -> None:
    assert infer_order(["03-04-2014", "16-05-2014"]) == "dmy"
    assert infer_order(["04/03/2014", "05/16/2014"], "es") == "mdy"
    assert infer_order(["03-04-2014"], "en") == "mdy"  # no vote: the language's habit
    assert infer_order(["03-04-2014"], "es") == "dmy"


def test_the_document_decides_an_ambiguous_date(mask) -> None:
    day_first = mask(marked("[03-04-2014|DATE] then [16-05-2014|DATE]"), days=-3)
    assert day_first.text == "31-03-2014 then 13-05-2014"
    month_first = mask(marked("[04/03/2014|DATE] then [05/16/2014|DATE]", language="es"), days=-3)
    assert month_first.text == "03/31/2014 then 05/13/2014"


@pytest.mark.parametrize(
    ("text", "days", "expected"),
    [
        ("03/04/2014", -100, "24/12/2013"),  # separators and zero-padding kept
        ("4-8-04", -100, "26-4-04"),  # no padding, two-digit year
        ("30/01/02", -40, "21/12/01"),
        ("2014-05-03", 30, "2014-06-02"),
        ("20140503", -1, "20140502"),
        ("27 de octubre de 2016", -100, "19 de julio de 2016"),
        ("27-Octubre-2016", -100, "19-Julio-2016"),
        ("DICIEMBRE DE 2010", -100, "SEPTIEMBRE DE 2010"),  # month-year: three months
        ("diciembre-08", -100, "septiembre-08"),
        ("Jan 3rd, 2014", -100, "Sep 25th, 2013"),
        ("January 1st, 2014", 1, "January 2nd, 2014"),
        ("1er janvier 2014", 2, "3 janvier 2014"),
        ("févr. 2014", -100, "nov. 2013"),
        ("3. März 2014", -100, "23. November 2013"),
        ("den 3 maj 2014", -100, "den 23 januari 2014"),
        ("2004", -100, "2003"),  # a year moves by at least one year
        ("año 2004", 400, "año 2005"),
        ("mes de abril", -100, "mes de enero"),
        ("febrero y abril de 2002", 40, "marzo y mayo de 2002"),
        ("12/01/2021 10:30", -1, "11/01/2021 10:30"),  # the time is kept
        ("2000-04-16 11:34:35", 40, "2000-05-26 11:34:35"),
        ("2021-01-15T10:00", 40, "2021-02-24T10:00"),
        ("24/12/2020 01:51pm", 40, "02/02/2021 01:51pm"),
        ("24/12/2020 07:02 AM", 40, "02/02/2021 07:02 AM"),
    ],
)
def test_a_shifted_date_reads_like_the_original(text: str, days: int, expected: str) -> None:
    parsed = parse_date(text, language="es" if "de" in text else None)
    assert parsed is not None
    assert DateShift(days).render(parsed) == expected


def test_a_date_that_does_not_parse_is_tagged(mask) -> None:
    masked = mask(marked("Seen on [14/14/2014|DATE] and [3-5 May 2021|DATE]."))
    assert masked.text == "Seen on [DATE] and [DATE]."
    assert all(r.fallback for r in masked.replacements)


def test_resolution_rules() -> None:
    assert (DateShift(-100).months, DateShift(-100).years) == (-3, -1)
    assert (DateShift(10).months, DateShift(10).years) == (1, 1)  # never 0
    assert (DateShift(-800).months, DateShift(-800).years) == (-26, -2)


@given(
    secret=st.binary(min_size=1, max_size=16),
    case=st.text(max_size=12),
    bounds=st.tuples(st.integers(-2000, 2000), st.integers(-2000, 2000)),
)
def test_the_offset_is_never_zero_and_within_the_interval(secret, case, bounds) -> None:
    low, high = min(bounds), max(bounds)
    if low == high == 0:
        return
    days = draw_offset(secret, case, low, high)
    assert days != 0 and low <= days <= high
    assert draw_offset(secret, case, low, high) == days  # the same in every call


def test_cases_get_independent_offsets() -> None:
    offsets = {draw_offset(b"k", f"case-{i}", -730, -30) for i in range(50)}
    assert len(offsets) > 40


def test_structured_dates_move_with_the_narrative(mask) -> None:
    document = marked("Vaccinated [01/15/2021|DATE], onset [01/17/2021|DATE].")
    document = Document(
        document.text,
        document.spans,
        external_id="916741",
        case_id="916741",
        language="en",
        meta={
            "dates": {"VAX_DATE": "01/15/2021", "ONSET_DATE": "01/17/2021", "X": "soon"},
            "STATE": "AR",
            "AGE_YRS": "95",
        },
    )
    masked = mask(document, days=-20)
    assert masked.text == "Vaccinated 12/26/2020, onset 12/28/2020."
    assert masked.meta == {"dates": {"VAX_DATE": "12/26/2020", "ONSET_DATE": "12/28/2020"}}
    assert masked.dropped_dates == ("X",)  # never copied unmasked
    assert masked.as_document().meta == masked.meta  # no STATE, no AGE_YRS


# -- the property: every interval between two parsed dates survives ----------------------

LANGUAGES = ("en", "es", "fr", "de", "sv", "pt")
dates = st.dates(min_value=dt.date(1930, 1, 1), max_value=dt.date(2030, 12, 31))


@st.composite
def written(draw: st.DrawFn, order: str, language: str) -> tuple[str, str]:
    """A date written in one of the reports' styles, and its resolution."""
    date = draw(dates)
    style = draw(st.sampled_from(("numeric", "named", "month-year", "year", "iso")))
    sep = draw(st.sampled_from(("/", "-", ".")))
    pad = draw(st.booleans())
    day = f"{date.day:02d}" if pad else str(date.day)
    month = f"{date.month:02d}" if pad else str(date.month)
    # a two-digit year reads as 1931-2030: only where a shift of up to 2000 days stays inside
    two_digits = 1940 <= date.year <= 2020 and draw(st.booleans())
    year = f"{date.year % 100:02d}" if two_digits else str(date.year)
    name = draw(st.sampled_from((full_names, abbreviations)))(language)[date.month - 1]
    name = draw(st.sampled_from((str.lower, str.upper, str.title)))(name)
    if style == "numeric":
        parts = (day, month) if order == "dmy" else (month, day)
        return f"{parts[0]}{sep}{parts[1]}{sep}{year}", "day"
    if style == "iso":
        return date.isoformat(), "day"
    if style == "named":
        return f"{date.day} {name} {date.year}", "day"
    if style == "month-year":
        return f"{name} {date.year}", "month"
    return str(date.year), "year"


@st.composite
def reports(draw: st.DrawFn) -> tuple[Document, list[str]]:
    language = draw(st.sampled_from(LANGUAGES))
    order = "mdy" if language == "en" else "dmy"
    found = draw(st.lists(written(order, language), min_size=2, max_size=6))
    text, spans, resolutions = "", [], []
    for number, (date, resolution) in enumerate(found):
        text += f"Event {number}: "
        spans.append(Span(len(text), len(text) + len(date), "DATE"))
        text += date + ". "
        resolutions.append(resolution)
    return Document(text, tuple(spans), "R1", "C1", language=language), resolutions


def _position(value: tuple, resolution: str) -> int:
    year, month, day = value
    if resolution == "day":
        return dt.date(year, month, day).toordinal()
    if resolution == "month":
        return year * 12 + month
    return year


@settings(max_examples=150, deadline=None)
@given(report=reports(), days=st.integers(-2000, 2000).filter(bool))
def test_every_interval_between_two_dates_is_unchanged(report, days) -> None:
    document, resolutions = report
    masked = Case([document], MaskingPolicy(preset="tags"), days=days).mask(document)
    order = "mdy" if document.language == "en" else "dmy"
    before, after = [], []
    for span, r, resolution in zip(document.spans, masked.replacements, resolutions, strict=True):
        if r.action != "shift":  # would leave the calendar: tagged, never kept
            assert r.action == "tag" and r.fallback
            continue
        old = values(span.text(document.text), order, document.language)[0]
        new = values(masked.text[r.new_start : r.new_end], order, document.language)[0]
        before.append((_position(old, resolution), resolution))
        after.append((_position(new, resolution), resolution))
    pairs = list(zip(before, after, strict=True))
    for (old, resolution), (new, _) in pairs:
        if resolution == "day":
            assert new - old == days
    for (b1, a1), (b2, a2) in itertools.combinations(pairs, 2):
        if b1[1] == b2[1]:  # same resolution: the interval is exact
            assert a2[0] - a1[0] == b2[0] - b1[0]
