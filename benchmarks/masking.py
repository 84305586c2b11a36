"""Masking: MEDDOCAN dev as signed-off gold, exported masked with the ``surrogates`` preset.

Figures from the masker (its own preview of every report, which must equal the export):
leaks (must be 0), the share of gold FECHAS spans parsed and shifted (target >= 98%), pairs of
dates of a report whose interval is preserved (must be all, per resolution), reports per
second of the export (in-process, the import excluded).

Then an independent check from the outside, written separately from the masker (its own date
parser and month names, its own matching; only the BRAT reader is shared): the masked BRAT
output is aligned with the original through the unchanged text between the spans; every
identifying gold string (all but sex, ages of 89 or less, and single characters) is searched
for in the masked text; and every interval between two day-month-year dates of a report is
compared in days.

    python benchmarks/masking.py
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.core import Document
from deid_studio.formats.brat import read_brat
from deid_studio.mask import DateShift, LeakError, MaskingPolicy, parse_date
from deid_studio.services.importing import import_file
from deid_studio.services.masking import export_masked, preview
from deid_studio.services.project import init_project

ACTOR = "benchmark"


def main() -> None:
    source = shared("meddocan", "dev")
    with tempfile.TemporaryDirectory() as tmp:
        project = init_project(Path(tmp) / "bench.sqlite", scheme="meddocan", actor=ACTOR)
        with project:
            import_file(project, "brat", source, actor=ACTOR, gold=True, signed_off=True)
            with project.reading() as tx:
                stored = [s.document for s in tx.documents()]
            inside = masker_figures(project, stored)
            out = Path(tmp) / "masked"
            started = time.perf_counter()
            try:
                export_masked(project, out, "brat", actor=ACTOR, preset="surrogates")
                leaks = 0
            except LeakError as err:
                sys.exit(f"the export was refused: {err}")
            seconds = time.perf_counter() - started
            masked = {d.external_id: d for d in read_brat(out)}
        same = sum(masked[d.external_id].text == inside["texts"][d.external_id] for d in stored)
        outside = outside_check(read_brat(source), masked)
    figures = {
        "reports": len(stored),
        "leaks": leaks + inside["leaks"],
        "fechas": inside["fechas"],
        "fechas_shifted_share": round(inside["shifted"] / inside["fechas"], 4),
        "interval_pairs": inside["pairs"],
        "intervals_preserved": inside["preserved"],
        "reports_per_s": round(len(stored) / seconds, 1),
        "export_s": round(seconds, 2),
        "preview_equals_export": same,
        "outside_gold_strings": outside["strings"],
        "outside_leaks": outside["leaks"],
        "outside_date_coincidences": outside["coincidences"],
        "outside_fechas_not_tagged_share": round(outside["not_tagged"] / outside["fechas"], 4),
        "outside_dmy_pairs": outside["pairs"],
        "outside_dmy_pairs_preserved": outside["preserved"],
    }
    report(
        "masking",
        [
            ("MEDDOCAN dev reports, surrogates preset", str(len(stored))),
            ("leaks (must be 0)", str(figures["leaks"])),
            (
                "gold FECHAS parsed and shifted (target >= 98%)",
                f"{inside['shifted']}/{inside['fechas']} = {figures['fechas_shifted_share']:.1%}",
            ),
            (
                "date pairs, interval preserved (must be all)",
                f"{inside['preserved']}/{inside['pairs']}",
            ),
            ("export, reports per second", f"{figures['reports_per_s']} ({seconds:.2f} s)"),
            ("preview equals export (reports)", f"{same}/{len(stored)}"),
            ("outside: identifying gold strings searched", str(outside["strings"])),
            ("outside: found in masked text (leaks)", str(outside["leaks"])),
            ("outside: found inside a shifted date only", str(outside["coincidences"])),
            ("outside: FECHAS not tagged", f"{outside['not_tagged']}/{outside['fechas']}"),
            ("outside: d-m-y pairs, same interval", f"{outside['preserved']}/{outside['pairs']}"),
        ],
        figures,
    )


# -- the masker's own account ---------------------------------------------------------------


def masker_figures(project, stored: list[Document]) -> dict:
    policy = MaskingPolicy(preset="surrogates")
    counts = Counter()
    texts = {}
    for document in stored:
        masked = preview(project, document.id, policy)
        texts[document.external_id] = masked.text
        counts["leaks"] += len(masked.leaks)
        dates = []
        for r in masked.replacements:
            if r.category != "FECHAS" or r.origin != "gold":
                continue
            counts["fechas"] += 1
            if r.action == "shift":
                counts["shifted"] += 1
                dates.append((document.text[r.start : r.end], masked.text[r.new_start : r.new_end]))
        pairs, preserved = _intervals(dates)
        counts["pairs"] += pairs
        counts["preserved"] += preserved
    return {**counts, "texts": texts}


def _intervals(dates: list[tuple[str, str]]) -> tuple[int, int]:
    """Pairs of same-resolution dates, and how many kept their interval (mask's parser)."""
    order = "dmy"
    points = []
    for old, new in dates:
        before, after = (
            parse_date(old, order=order, language="es"),
            parse_date(new, order=order, language="es"),
        )
        if before is None or after is None or len(before.values) != 1:
            continue
        points.append((_position(before.values[0]), _position(after.values[0])))
    pairs = preserved = 0
    for (b1, a1), (b2, a2) in itertools.combinations(points, 2):
        if b1[0] != b2[0]:
            continue
        pairs += 1
        preserved += (b2[1] - b1[1]) == (a2[1] - a1[1])
    return pairs, preserved


def _position(value) -> tuple[str, int]:
    if value.day is not None and value.year is not None:
        return "day", dt.date(value.year, value.month, value.day).toordinal()
    if value.day is not None:
        return "day-month", dt.date(2001, value.month, value.day).toordinal()
    if value.month is not None:
        return (
            ("month", value.year * 12 + value.month) if value.year else ("month-only", value.month)
        )
    return "year", value.year


assert DateShift  # the resolution rules are documented in deid_studio.mask.dateshift


# -- the independent check ------------------------------------------------------------------

MONTHS = "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre"
MONTH = {name: number for number, name in enumerate(MONTHS.split(), start=1)}
NUMERIC = re.compile(r"^(\d{1,2})\s*[/.-]\s*(\d{1,3})\s*[/.-]+\s*(\d{4}|\d{2})$")
NAMED = re.compile(
    r"^(\d{1,2})\s*(?:de\s+|-)?\s*([a-záéíóú]+)\s*(?:de\s+|del\s+|-)?\s*(\d{4})$", re.I
)


def dmy(text: str) -> dt.date | None:
    """A day-month-year date (Spanish reports: day first), else None."""
    text = text.strip()
    found = NUMERIC.match(text)
    if found:
        day, month, year = (int(g) for g in found.groups())
        if month > 12 >= day:
            day, month = month, day
    else:
        found = NAMED.match(text)
        if not found or found.group(2).lower() not in MONTH:
            return None
        day, month, year = int(found.group(1)), MONTH[found.group(2).lower()], int(found.group(3))
    if year < 100:
        year += 2000 if year <= 30 else 1900
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def identifying(category: str, text: str) -> bool:
    """Not sex, not an age of 89 or less (HIPAA), at least two letters or digits."""
    if category == "SEXO_SUJETO_ASISTENCIA" or sum(c.isalnum() for c in text) < 2:
        return False
    if category == "EDAD_SUJETO_ASISTENCIA":
        number = re.search(r"\d+", text)
        if re.search(r"mes|d[ií]a|semana", text, re.I):
            return False  # months, weeks or days old
        if number:
            return int(number.group()) > 89
        # in words ("trece años"): 90 and over need "noventa" or "cien"
        return bool(re.search(r"noventa|cien", text, re.I))
    return True


def search(needle: str, haystack: str) -> list[tuple[int, int]]:
    words = [re.escape(w) for w in needle.split()]
    pattern = r"(?<![^\W_])" + r"\s+".join(words) + r"(?![^\W_])"
    return [(m.start(), m.end()) for m in re.finditer(pattern, haystack, re.IGNORECASE)]


def align(original: str, masked: Document) -> list[tuple[int, int, int, int, str]]:
    """(old start, old end, new start, new end, category) of every masked span, found through
    the unchanged text between spans (it must appear, in order, in the original)."""
    spans = sorted(masked.spans, key=lambda s: s.start)
    aligned, old, new = [], 0, 0
    for i, span in enumerate(spans):
        before = masked.text[new : span.start]
        assert original.startswith(before, old), "text outside the spans changed"
        start = old + len(before)
        following = spans[i + 1].start if i + 1 < len(spans) else len(masked.text)
        after = masked.text[span.end : following]
        end = original.find(after, start + 1) if after else len(original)
        aligned.append((start, end, span.start, span.end, span.category))
        old, new = end, span.end
    return aligned


def outside_check(gold: list[Document], masked: dict[str, Document]) -> dict[str, int]:
    counts = Counter()
    for document in gold:
        out = masked[document.external_id]
        aligned = align(document.text, out)
        shifted = [(ns, ne) for _, _, ns, ne, c in aligned if c == "FECHAS"]
        for span in document.spans:
            text = span.text(document.text)
            if span.category == "FECHAS":
                counts["fechas"] += 1
                new = next(
                    (
                        out.text[ns:ne]
                        for os_, oe, ns, ne, _ in aligned
                        if (os_, oe) == (span.start, span.end)
                    ),
                    "",
                )
                counts["not_tagged"] += new != "[FECHAS]"
            if not identifying(span.category, text):
                continue
            counts["strings"] += 1
            for start, end in search(text, out.text):
                if span.category == "FECHAS" and any(s <= start and end <= e for s, e in shifted):
                    counts["coincidences"] += 1
                else:
                    counts["leaks"] += 1
        dates = [
            (dmy(document.text[os_:oe]), dmy(out.text[ns:ne]))
            for os_, oe, ns, ne, c in aligned
            if c == "FECHAS"
        ]
        dates = [(a, b) for a, b in dates if a is not None and b is not None]
        for (a1, b1), (a2, b2) in itertools.combinations(dates, 2):
            counts["pairs"] += 1
            counts["preserved"] += (a2 - a1) == (b2 - b1)
    return counts


if __name__ == "__main__":
    main()
