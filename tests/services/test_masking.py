"""Masking services: policy, preview, masked export (sign-off, force, leaks, consistency)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from sqlalchemy import insert, text

from deid_studio.core import DeidError, Document, Span
from deid_studio.mask import LeakError, MaskingPolicy, PolicyError, keyed_hash
from deid_studio.services.importing import import_documents
from deid_studio.services.masking import (
    export_masked,
    masking_policy,
    policy_actions,
    preview,
    set_masking_policy,
)
from deid_studio.store import models as m
from deid_studio.store.project import Project


def doc(text: str, marks: list[tuple[str, str]], ext: str, case: str = "") -> Document:
    spans = []
    for piece, category in marks:
        start = text.index(piece)
        spans.append(Span(start, start + len(piece), category))
    return Document(text, tuple(spans), external_id=ext, case_id=case, language="en", source=ext)


INITIAL = doc(
    "Ann Lee, 67, was vaccinated on 03/01/2021 at Leeds General; rash on 03/04/2021.",
    [("Ann Lee", "PATIENT"), ("03/01/2021", "DATE"), ("Leeds General", "ORGANIZATION"),
     ("03/04/2021", "DATE")],
    "R1",
    "CASE-1",
)  # fmt: skip
FOLLOW_UP = doc(
    "Follow-up: Ann Lee recovered on 03/20/2021. Phone 0113 243 3144.",
    [("Ann Lee", "PATIENT"), ("03/20/2021", "DATE"), ("0113 243 3144", "CONTACT")],
    "R1-FU1",
    "CASE-1",
)
OTHER = doc("Bob Stone had a fever on 04/02/2021.", [("Bob Stone", "PATIENT"),
            ("04/02/2021", "DATE")], "R2")  # fmt: skip


def load(project: Project, *documents: Document, signed_off: bool = True) -> list[int]:
    result = import_documents(
        project, list(documents), origin="test", actor="ann", gold=True, signed_off=signed_off
    )
    return list(result.document_ids)


def rows(project: Project, table: str) -> int:
    with project.engine.connect() as c:
        return c.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()


def statuses(project: Project) -> list[str]:
    with project.reading() as tx:
        return [s.status for s in tx.documents()]


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def test_policy_defaults_changes_and_audit(project: Project) -> None:
    assert masking_policy(project) == MaskingPolicy()
    chosen = MaskingPolicy(preset="surrogates", actions={"PROFESSIONAL": "keep"})
    set_masking_policy(project, chosen, actor="steward")
    assert masking_policy(project) == chosen
    assert policy_actions(project)["PROFESSIONAL"] == "keep"
    with project.reading() as tx:
        event = tx.audit_trail()[-1]
    assert (event.action, event.actor, event.before) == ("set_masking_policy", "steward", None)
    assert event.after == chosen.to_json()
    with pytest.raises(PolicyError, match="WIDGET is not a category"):
        set_masking_policy(project, MaskingPolicy(actions={"WIDGET": "tag"}), actor="steward")
    assert masking_policy(project) == chosen


def test_export_masks_signed_off_documents_consistently_per_case(
    project: Project, tmp_path: Path
) -> None:
    load(project, INITIAL, FOLLOW_UP, OTHER)
    out = tmp_path / "masked.jsonl"
    result = export_masked(project, out, "jsonl", actor="steward", preset="surrogates")
    assert (result.documents, result.forced, result.preset) == (3, 0, "surrogates")
    first, follow_up, other = read_jsonl(out)
    name = first["text"][: first["spans"][0]["end"]]
    assert name != "Ann Lee" and follow_up["text"].startswith(f"Follow-up: {name} recovered")
    # one date offset for the case: 3 January -> 3 April is still 3 days, 20 March 19 days on
    dates = [first["text"][s["start"] : s["end"]] for s in first["spans"] if s["label"] == "DATE"]
    fu = [
        follow_up["text"][s["start"] : s["end"]] for s in follow_up["spans"] if s["label"] == "DATE"
    ]
    days = [dt.datetime.strptime(d, "%m/%d/%Y").date() for d in [*dates, *fu]]
    assert [(d - days[0]).days for d in days] == [0, 3, 19]
    assert "Bob" not in other["text"] and "Stone" not in other["text"]
    assert statuses(project) == ["exported"] * 3
    assert rows(project, "date_offsets") == 2 and rows(project, "surrogate_vault") > 0
    with project.reading() as tx:
        events = [e for e in tx.audit_trail() if e.action == "export_masked"]
    assert len(events) == 3 and all(e.after["status"] == "exported" for e in events)


def test_a_follow_up_imported_later_gets_the_same_surrogates(
    project: Project, tmp_path: Path
) -> None:
    load(project, INITIAL)
    export_masked(project, tmp_path / "one.jsonl", "jsonl", actor="s", preset="surrogates")
    before = read_jsonl(tmp_path / "one.jsonl")[0]
    load(project, FOLLOW_UP)
    export_masked(project, tmp_path / "two.jsonl", "jsonl", actor="s", preset="surrogates")
    again, follow_up = read_jsonl(tmp_path / "two.jsonl")
    name = before["text"][: before["spans"][0]["end"]]
    assert again["text"] == before["text"]  # exported documents export again, identically
    assert follow_up["text"].startswith(f"Follow-up: {name} recovered")


def test_preview_shows_what_the_export_writes_and_leaves_no_trace(
    project: Project, tmp_path: Path
) -> None:
    ids = load(project, INITIAL, FOLLOW_UP)
    policy = MaskingPolicy(preset="surrogates")
    seen = [preview(project, i, policy) for i in ids]
    assert rows(project, "surrogate_vault") == rows(project, "date_offsets") == 0
    assert seen[0].replacements[0].action == "surrogate" and seen[0].leaks == ()
    export_masked(project, tmp_path / "out.jsonl", "jsonl", actor="s", preset="surrogates")
    written = read_jsonl(tmp_path / "out.jsonl")
    assert [w["text"] for w in written] == [s.text for s in seen]


def test_preview_can_remember_what_it_drew(project: Project) -> None:
    (document_id,) = load(project, INITIAL)
    shown = preview(project, document_id, MaskingPolicy(preset="surrogates"), remember=True,
                    actor="rev")  # fmt: skip
    assert rows(project, "surrogate_vault") > 0 and rows(project, "date_offsets") == 1
    with project.reading() as tx:
        assert tx.audit_trail()[-1].action == "remember_surrogates"
    again = preview(project, document_id, MaskingPolicy(preset="surrogates"))
    assert again.text == shown.text
    with pytest.raises(DeidError, match="no document 999"):
        preview(project, 999)


def test_unsigned_documents_are_refused_unless_forced(project: Project, tmp_path: Path) -> None:
    load(project, INITIAL, signed_off=False)
    out = tmp_path / "out"
    with pytest.raises(DeidError, match="no signed-off documents to export; 1 documents await"):
        export_masked(project, out, "txt", actor="s")
    with pytest.raises(DeidError, match="not signed off .*R1 is submitted.*--force"):
        export_masked(project, out, "txt", actor="s", statuses=["submitted"])
    assert not out.exists()
    result = export_masked(project, out, "txt", actor="s", force=True, reason="urgent signal")
    assert result.forced == 1 and (out / "R1.txt").read_text("utf-8").startswith("[PATIENT], 67")
    assert statuses(project) == ["submitted"]  # a forced export does not skip the review
    with project.reading() as tx:
        forced = [e for e in tx.audit_trail() if e.action == "export_masked"]
    assert forced[0].before == {"status": "submitted"}
    assert "forced export" in forced[0].reason and "urgent signal" in forced[0].reason


def test_a_leak_refuses_the_whole_export(project: Project, tmp_path: Path) -> None:
    load(project, OTHER)
    leaky = doc("Stone, Bob: seen by Dr Lee on 04/05/2021.", [("Stone, Bob", "PATIENT"),
                ("Lee", "PROFESSIONAL"), ("04/05/2021", "DATE")], "R3")  # fmt: skip
    load(project, leaky)
    with project.reading() as tx:
        secret = bytes.fromhex(tx.setting("vault_secret"))
    # an old vault entry maps the patient's surname onto the doctor's name
    with project.engine.begin() as c:
        c.execute(
            insert(m.SurrogateRow).values(
                case_id="R3",
                category="name",
                original_hash=keyed_hash(secret, "R3", "name", "Stone"),
                surrogate="Lee",
            )
        )
    out = tmp_path / "out.jsonl"
    with pytest.raises(LeakError) as refused:
        export_masked(project, out, "jsonl", actor="s", preset="surrogates")
    assert [(leak.external_id, leak.offset, leak.category) for leak in refused.value.leaks] == [
        ("R3", 0, "PROFESSIONAL")
    ]
    assert "report R3 offset 0 (PROFESSIONAL)" in str(refused.value)
    assert not out.exists() and statuses(project) == ["signed_off", "signed_off"]
    assert rows(project, "surrogate_vault") == 1 and rows(project, "date_offsets") == 0


def test_suggestions_above_the_threshold_are_masked(project: Project, tmp_path: Path) -> None:
    (document_id,) = load(project, OTHER)
    text = OTHER.text
    with project.engine.begin() as c:
        c.execute(
            insert(m.SuggestionRow),
            [
                {"document_id": document_id, "start": text.index("fever"),
                 "end": text.index("fever") + 5, "category": "OTHER", "confidence": 0.8,
                 "source": "crf"},
                {"document_id": document_id, "start": 0, "end": 3, "category": "PATIENT",
                 "confidence": 0.2, "source": "crf"},
            ],
        )  # fmt: skip
    export_masked(project, tmp_path / "o.jsonl", "jsonl", actor="s")
    (written,) = read_jsonl(tmp_path / "o.jsonl")
    assert written["text"].startswith("[PATIENT] had a [OTHER] on ")


def test_every_masked_format(project: Project, tmp_path: Path) -> None:
    load(project, INITIAL, FOLLOW_UP)
    for name, expect in (("txt", "R1.txt"), ("brat", "R1.ann"), ("e2b", "R1.xml")):
        out = tmp_path / name
        export_masked(project, out, name, actor="s")
        assert (out / expect).exists()
    export_masked(project, tmp_path / "o.csv", "csv", actor="s")
    assert (tmp_path / "o.csv").read_text("utf-8").startswith("id,case_id,language,text")
    with pytest.raises(DeidError, match="no masked export to 'conll'"):
        export_masked(project, tmp_path / "c", "conll", actor="s")


def test_reference_date_and_linked_reports_in_an_export(project: Project, tmp_path: Path) -> None:
    """No vaccination shifted before the reference date (the case's interval is narrowed, the
    structured dates too); a linked report number gets the same pseudonym in two cases."""
    first = Document(
        "Vaccinated 01/05/2021, rash 01/07/2021. Linked to case US-FDA-2021-312213.",
        (Span(11, 21, "DATE"), Span(28, 38, "DATE")),
        external_id="V1", case_id="V1", language="en",
        meta={"dates": {"VAX_DATE": "01/05/2021", "RECVDATE": "01/09/2021"}},
    )  # fmt: skip
    second = Document(
        "Same reporter as US-FDA-2021-312213; fever on 02/01/2021.",
        (Span(46, 56, "DATE"),), external_id="V2", case_id="V2", language="en",
    )  # fmt: skip
    load(project, first, second)
    set_masking_policy(project, MaskingPolicy(keep_after="2020-12-11"), actor="steward")
    out = tmp_path / "out.jsonl"
    export_masked(project, out, "jsonl", actor="steward")
    records = {r["id"]: r for r in map(json.loads, out.read_text("utf-8").splitlines())}
    text = records["V1"]["text"]
    words = text.replace(",", " ").replace(".", " ").split()
    shifted = [dt.datetime.strptime(d, "%m/%d/%Y").date() for d in (words[1], words[3])]
    assert all(d >= dt.date(2020, 12, 11) for d in shifted)
    assert shifted[1] - shifted[0] == dt.timedelta(days=2)  # the interval survives
    vax = dt.datetime.strptime(records["V1"]["meta"]["dates"]["VAX_DATE"], "%m/%d/%Y").date()
    assert vax == shifted[0]
    pseudonyms = {r["text"].split("US-FDA-")[1][:11] for r in records.values()}
    assert len(pseudonyms) == 1 and "2021-312213" not in pseudonyms  # one, not the original
