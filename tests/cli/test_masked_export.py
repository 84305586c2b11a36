"""The command line's masked export and policy command, as a user types them."""

from __future__ import annotations

import csv
import hashlib
import hmac
import json
import sqlite3
from pathlib import Path

import pytest

from deid_studio.formats import reader

RECORDS = [
    {
        "id": "r1",
        "case_id": "c1",
        "text": "Dr. Ann Lee saw Bob Stone (MRN 884-221-90) on 3 May 2021; call 555-0134.",
        "spans": [
            {"start": 4, "end": 11, "label": "PROFESSIONAL"},
            {"start": 16, "end": 25, "label": "PATIENT"},
            {"start": 31, "end": 41, "label": "ID"},
            {"start": 46, "end": 56, "label": "DATE"},
            {"start": 63, "end": 71, "label": "CONTACT"},
        ],
    },
    {
        "id": "r1-fu",
        "case_id": "c1",
        "text": "Follow-up: Bob Stone, 93, recovered on 10 May 2021.",
        "spans": [
            {"start": 11, "end": 20, "label": "PATIENT"},
            {"start": 22, "end": 24, "label": "AGE"},
            {"start": 39, "end": 50, "label": "DATE"},
        ],
    },
]
PHI = ["Ann Lee", "Bob Stone", "884-221-90", "3 May 2021", "555-0134", "10 May 2021"]


@pytest.fixture
def project(cli, tmp_path: Path):
    cli("init")
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), "utf-8")
    code, _, err = cli("import", "jsonl", str(source), "--gold", "--signed-off")
    assert code == 0, err
    return cli


def audit(db: Path, action: str) -> list[tuple]:
    with sqlite3.connect(db) as c:
        return c.execute(
            "SELECT document_id, reason, before, after FROM audit_events WHERE action = ?",
            (action,),
        ).fetchall()


def statuses(db: Path) -> list[str]:
    with sqlite3.connect(db) as c:
        return [r[0] for r in c.execute("SELECT status FROM documents ORDER BY id")]


@pytest.mark.parametrize("fmt", ["txt", "jsonl", "csv", "brat", "e2b"])
@pytest.mark.parametrize("preset", ["tags", "surrogates", "redact"])
def test_every_masked_format_from_the_command_line(project, tmp_path: Path, fmt, preset) -> None:
    out = tmp_path / ("out.jsonl" if fmt == "jsonl" else "out.csv" if fmt == "csv" else "out")
    code, stdout, err = project("export", str(out), "--masked", "--format", fmt, "--preset", preset)
    assert code == 0, err
    assert f"exported 2 masked documents ({preset} preset)" in stdout
    texts = _texts(out, fmt)
    assert len(texts) == 2
    for text in texts:
        assert not any(p.casefold() in text.casefold() for p in PHI), text
    assert "[AGE > 89]" in texts[1] or (preset == "redact" and "[PHI]" in texts[1])
    assert statuses(project.db) == ["exported", "exported"]


def _texts(out: Path, fmt: str) -> list[str]:
    if fmt == "csv":
        with out.open(encoding="utf-8", newline="") as f:
            return [row["text"] for row in csv.DictReader(f)]
    name = {"txt": "text"}.get(fmt, fmt)
    return [d.text for d in sorted(reader(name)(out), key=lambda d: d.external_id)]


def test_brat_shows_what_was_replaced(project, tmp_path: Path) -> None:
    out = tmp_path / "brat"
    code, _, err = project("export", str(out), "--masked", "--format", "brat")
    assert code == 0, err
    (first, _) = sorted(reader("brat")(out), key=lambda d: d.external_id)
    assert first.text == (
        "Dr. [PROFESSIONAL] saw [PATIENT] (MRN [ID]) on " + first.text.split(" on ")[1]
    )
    assert [(s.category, s.text(first.text)) for s in first.spans][:3] == [
        ("PROFESSIONAL", "[PROFESSIONAL]"),
        ("PATIENT", "[PATIENT]"),
        ("ID", "[ID]"),
    ]


def test_unsigned_documents_are_refused_and_force_is_audited(cli, tmp_path: Path) -> None:
    cli("init")
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), "utf-8")
    cli("import", "jsonl", str(source), "--gold")
    out = tmp_path / "out"
    code, _, err = cli("export", str(out), "--masked", "--format", "txt")
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert "no signed-off documents to export; 2 documents await sign-off" in err
    assert not out.exists()
    code, stdout, err = cli(
        "export", str(out), "--masked", "--format", "txt", "--force", "--reason", "signal"
    )
    assert code == 0, err
    assert "forced: 2 documents not signed off" in stdout
    forced = audit(cli.db, "export_masked")
    assert len(forced) == 2 and all("forced" in r[1] and "signal" in r[1] for r in forced)
    assert statuses(cli.db) == ["submitted", "submitted"]


def test_a_leak_refuses_the_export_and_names_report_and_offset(project, tmp_path: Path) -> None:
    with sqlite3.connect(project.db) as c:
        secret = bytes.fromhex(json.loads(c.execute(
            "SELECT value FROM settings WHERE key = 'vault_secret'").fetchone()[0]))  # fmt: skip
        # surrogates remembered for the patient that spell the doctor's name: Ann Lee
        for word, surrogate in (("bob", "Ann"), ("stone", "Lee")):
            message = f"c1\x00name\x00{word}".encode()
            key = hmac.new(secret, message, hashlib.sha256).hexdigest()
            c.execute(
                "INSERT INTO surrogate_vault (case_id, category, original_hash, surrogate, "
                "created_at) VALUES ('c1', 'name', ?, ?, CURRENT_TIMESTAMP)",
                (key, surrogate),
            )
    out = tmp_path / "out.jsonl"
    code, _, err = project("export", str(out), "--masked", "--preset", "surrogates")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    # "Bob Stone" became "Ann Lee", a PHI string of r1 (of r1-fu it is not)
    assert "export refused: 1 PHI string(s) would leak from 1 report(s): report r1 offset" in err
    assert "(PROFESSIONAL); nothing was written" in err
    assert not out.exists() and statuses(project.db) == ["signed_off", "signed_off"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--preset", "tags"], "--preset apply to masked exports; add --masked"),
        (["--format", "e2b"], "e2b is for masked exports"),
        (["--masked", "--format", "conll"], "masked exports are written as txt, jsonl"),
        (["--masked", "--reason", "x"], "--reason explains --force"),
    ],
)
def test_export_option_mistakes(project, tmp_path: Path, args, message) -> None:
    code, _, err = project("export", str(tmp_path / "o"), *args)
    assert code == 1 and message in err


def test_policy_command(project) -> None:
    code, out, _ = project("policy")
    assert code == 0 and "preset          tags" in out and "PATIENT       tag" in out
    code, out, err = project(
        "policy", "--preset", "surrogates", "--set", "PROFESSIONAL=keep",
        "--shift-days=-365,-1", "--age-threshold", "85", "--confidence", "0.6",
        "--neighbour-confidence", "0.3", "--keep-after", "2020-12-11", "--years-alone", "keep",
    )  # fmt: skip
    assert code == 0, err
    assert "PROFESSIONAL  keep  (set)" in out and "-365..-1 days" in out
    code, out, _ = project("policy", "--json")
    assert json.loads(out) == {
        "actions": {"PROFESSIONAL": "keep"},
        "age_threshold": 85,
        "confidence": 0.6,
        "neighbour_confidence": 0.3,
        "keep_after": "2020-12-11",
        "years_alone": "keep",
        "linked_reports": "pseudonymise",
        "preset": "surrogates",
        "shift_days": [-365, -1],
    }
    assert len(audit(project.db, "set_masking_policy")) == 1
    code, _, err = project("policy", "--set", "PATIENT=shift")
    assert code == 1 and "PATIENT: only dates can be shifted" in err
    code, _, err = project("policy", "--shift-days=0,0")
    assert code == 1 and "only 0" in err
    code, _, err = project("policy", "--keep-after", "11/12/2020")
    assert code == 1 and "not a date written YYYY-MM-DD" in err
