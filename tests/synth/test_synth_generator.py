"""The demo corpus: reproducible, mixed in language and structure, with follow-ups of cases."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from deid_studio.core import Document
from deid_studio.core.language import guess_language
from deid_studio.synth import generate

ROOT = Path(__file__).resolve().parents[2]

_DIGEST = """
import hashlib, json, sys
from deid_studio.synth import generate
docs = generate(int(sys.argv[1]), int(sys.argv[2]))
rows = [[d.text, [[s.start, s.end, s.category] for s in d.spans], d.external_id, d.case_id,
         d.language, d.meta] for d in docs]
print(hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest())
"""


def _digest(docs: list[Document]) -> str:
    rows = [
        [d.text, [[s.start, s.end, s.category] for s in d.spans], d.external_id, d.case_id,
         d.language, d.meta]
        for d in docs
    ]  # fmt: skip
    return hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()


def _covered(doc: Document, start: int, end: int) -> bool:
    return any(s.start < end and start < s.end for s in doc.spans)


# --- reproducibility and size ----------------------------------------------------------------


def test_same_seed_gives_identical_documents() -> None:
    assert generate(60, seed=3) == generate(60, seed=3)


def test_different_seeds_give_different_documents() -> None:
    first, second = generate(30, seed=1), generate(30, seed=2)
    assert sum(a.text != b.text for a, b in zip(first, second, strict=True)) >= 28


def test_smaller_count_gives_a_prefix(docs: list[Document]) -> None:
    assert generate(40) == docs[:40]


@pytest.mark.parametrize("hash_seed", ["1", "2"])
def test_other_processes_produce_the_same_corpus(hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, "-c", _DIGEST, "80", "5"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert out.stdout.strip() == _digest(generate(80, seed=5))


@pytest.mark.parametrize("count", [0, 1, 7, 200])
def test_count_is_honoured(count: int) -> None:
    assert len(generate(count)) == count


def test_negative_count_is_refused() -> None:
    with pytest.raises(ValueError, match="count"):
        generate(-1)


# --- what the documents carry ----------------------------------------------------------------


def test_ids_source_and_metadata(docs: list[Document]) -> None:
    assert len({d.external_id for d in docs}) == len(docs)
    for doc in docs:
        assert re.fullmatch(r"DEMO-20\d\d-\d{6}", doc.external_id)
        assert re.fullmatch(r"DEMO-20\d\d-\d{6}", doc.case_id)
        assert doc.source == "demo"
        assert doc.meta["country"] and doc.meta["report_type"] in {"initial", "follow-up"}
        dates = doc.meta["dates"]
        assert set(dates) in ({"RECVDATE", "VAX_DATE", "ONSET_DATE"},
                              {"RECVDATE", "START_DATE", "ONSET_DATE"})  # fmt: skip
        parsed = {k: dt.date.fromisoformat(v) for k, v in dates.items()}
        exposure = parsed.get("VAX_DATE") or parsed["START_DATE"]
        assert exposure <= parsed["ONSET_DATE"] < parsed["RECVDATE"]


def test_languages_are_mixed_and_labelled_right(docs: list[Document]) -> None:
    languages = Counter(d.language for d in docs)
    assert 0.6 <= languages["en"] / len(docs) <= 0.8
    assert languages["es"] >= 0.1 * len(docs)
    assert set(languages) <= {"en", "es", "fr", "de"}
    wrong = [d.external_id for d in docs if guess_language(d.text) != d.language]
    assert len(wrong) <= 0.03 * len(docs), wrong


def test_spanish_reports_write_spanish_dates_and_two_surnames(docs: list[Document]) -> None:
    spanish = [d for d in docs if d.language == "es"]
    date_texts = [s.text(d.text) for d in spanish for s in d.spans if s.category == "DATE"]
    assert any(re.fullmatch(r"\d{1,2} de [a-z]+ de \d{4}", t) for t in date_texts)
    for doc in spanish:  # the patient's full name: given name and two surnames
        names = [s.text(doc.text) for s in doc.spans if s.category == "PATIENT"]
        assert max(len(n.split()) for n in names) >= 3, (doc.external_id, names)


def test_lengths_range_from_short_to_long(docs: list[Document]) -> None:
    lengths = [len(d.text) for d in docs]
    assert min(lengths) >= 250 and max(lengths) <= 2600
    assert sum(n < 600 for n in lengths) >= 10
    assert sum(n > 1500 for n in lengths) >= 10


def test_some_reports_have_a_header_block_and_some_are_prose(docs: list[Document]) -> None:
    header = re.compile(r"\A(?:[^\r\n:]{2,40}: [^\r\n]+\r?\n){3,}")
    with_header = sum(bool(header.match(d.text)) for d in docs)
    assert 0.15 * len(docs) <= with_header <= 0.6 * len(docs)


def test_crlf_reports_are_consistent_and_their_spans_exact(docs: list[Document]) -> None:
    crlf = [d for d in docs if "\r\n" in d.text]
    assert len(crlf) >= 0.05 * len(docs)
    for doc in crlf:
        assert "\n" not in doc.text.replace("\r\n", "")  # no bare LF mixed in
        lf = doc.text.replace("\r\n", "\n")
        for span in doc.spans:
            shift = doc.text.count("\r", 0, span.start)
            assert lf[span.start - shift : span.end - shift] == span.text(doc.text)


# --- cases and follow-ups --------------------------------------------------------------------


def test_follow_ups_share_the_case_and_the_patient(docs: list[Document]) -> None:
    cases: dict[str, list[Document]] = defaultdict(list)
    for doc in docs:
        cases[doc.case_id].append(doc)
    followed = [reports for reports in cases.values() if len(reports) > 1]
    assert len(followed) >= 10
    for initial, *follow_ups in followed:
        assert initial.external_id == initial.case_id
        assert initial.meta["report_type"] == "initial"
        names = {s.text(initial.text) for s in initial.spans if s.category == "PATIENT"}
        full_names = {n for n in names if " " in n}
        for report in follow_ups:
            assert report.meta["report_type"] == "follow-up"
            assert report.language == initial.language
            assert report.meta["dates"]["RECVDATE"] > initial.meta["dates"]["RECVDATE"]
            theirs = {s.text(report.text) for s in report.spans if s.category == "PATIENT"}
            assert full_names & theirs, (initial.external_id, report.external_id)


# --- what is not PHI stays unlabelled -------------------------------------------------------

_LOT = re.compile(r"\b(?:[Ll]ot(?: number)?|[Bb]atch(?: number)?|lote|Ch\.-B\.|Charge) ([A-Z0-9]+)")
_DOSE = re.compile(r"\b\d+(?:[.,/]\d+)*(?: mg)?(?:/\d+(?:[.,]\d+)?)? ?(?:mg|mL|g|mcg)\b")
_LINKED = re.compile(r"\b(?:[A-Z]{2}-(?:MHRA|FDA|HPRA|AEMPS|ANSM|PEI|BfArM|BASG)[-\w ]*\d|"
                     r"DEMO-\d{4}-\d{6}|VAERS \d+|FEDRA \d+|CRPV \d+)")  # fmt: skip
_DRUGS = re.compile(r"Comirnaty|Spikevax|Vaxzevria|Janssen|Shingrix|Gardasil|Prevenar|"
                    r"Infanrix|atorvastatin\w*|clozapin\w*|warfarin\w*|metformin\w*|"
                    r"amoxicillin\w*|carbamazepin\w*|ciprofloxacin\w*", re.IGNORECASE)  # fmt: skip


@pytest.mark.parametrize(
    ("pattern", "share"),
    [(_LOT, 0.4), (_DOSE, 0.4), (_LINKED, 0.1), (_DRUGS, 0.5)],
    ids=["lot", "dose", "linked-case", "drug"],
)
def test_non_phi_items_are_present_and_unlabelled(
    docs: list[Document], pattern: re.Pattern[str], share: float
) -> None:
    having = 0
    for doc in docs:
        matches = list(pattern.finditer(doc.text))
        having += bool(matches)
        for match in matches:
            start, end = match.span(match.lastindex or 0)
            assert not _covered(doc, start, end), (doc.external_id, match.group())
    assert having >= share * len(docs)


def test_a_year_alone_and_relative_times_are_not_dates(docs: list[Document]) -> None:
    relative = re.compile(r"\b(?:\w+ days later|The following day|días después|Tage später)\b")
    years = re.compile(r"\((?:diagnosed in|desde|depuis|seit) (\d{4})\)|\bsince (\d{4})\b")
    found = 0
    for doc in docs:
        for match in [*relative.finditer(doc.text), *years.finditer(doc.text)]:
            found += 1
            assert not _covered(doc, *match.span()), match.group()
    assert found >= 10
