"""The keep list from the command line (issue 14): add, list and remove as a steward types
them, one line for a mistake, and the masked export's summary of the words it masked most."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest


def _events(db: Path) -> list[tuple[str, str, str]]:
    with sqlite3.connect(db) as c:
        return c.execute(
            "SELECT action, actor, reason FROM audit_events WHERE action LIKE 'keep_%' ORDER BY id"
        ).fetchall()


def test_keep_add_list_remove(cli) -> None:
    cli("init")
    code, out, _ = cli("keep", "list")
    assert code == 0 and "the keep list is empty" in out
    code, out, err = cli("keep", "add", "Pfizer", "Bells", "--reason", "signal words")
    assert code == 0, err
    assert out.strip() == "added 2 terms to the keep list"
    code, out, _ = cli("keep", "add", "pfizer", "Riverside")
    assert out.strip() == "added 1 term to the keep list (1 already on it)"
    code, out, _ = cli("keep")  # `keep` alone lists
    assert code == 0
    assert out.splitlines() == [
        "Pfizer  (added by tester) — signal words",
        "Bells  (added by tester) — signal words",
        "Riverside  (added by tester)",
    ]
    code, out, err = cli("keep", "remove", "bells", "Nobody", "--reason", "a surname too")
    assert code == 0, err
    assert out.strip() == "removed 1 term from the keep list (1 not on it)"
    assert "Bells" not in cli("keep", "list")[1]
    assert _events(cli.db) == [
        ("keep_add", "tester", "signal words"),
        ("keep_add", "tester", ""),
        ("keep_remove", "tester", "a surname too"),
    ]


def test_keep_mistakes_get_one_line_and_change_nothing(cli) -> None:
    cli("init")
    cli("keep", "add", "Pfizer")
    for args, message in [
        (["add", "Moderna", ""], "term 2 (empty): a term is 1 to 100 characters"),
        (["add", "   "], "term 1 (empty)"),
        (["add", "--", "-- ;"], "term 1 ('-- ;'): a term is 1 to 100 characters with a word"),
        (["add", "x" * 101], "a term is 1 to 100 characters"),
        (["remove", "Benadryl"], "“Benadryl” is not on the keep list"),
        (["remove", ""], "term 1 has no word in it; nothing was removed"),
    ]:
        code, out, err = cli("keep", *args)
        assert code == 1 and out == "", args
        assert len(err.strip().splitlines()) == 1 and message in err, (args, err)
    with pytest.raises(SystemExit) as usage:  # argparse: a term is required
        cli("keep", "add")
    assert usage.value.code == 2
    assert cli("keep", "list")[1].splitlines() == ["Pfizer  (added by tester)"]
    assert len(_events(cli.db)) == 1


def test_the_masked_export_names_the_words_it_masked_most(cli, tmp_path: Path) -> None:
    cli("init")
    records = [
        {
            "id": f"r{n}",
            "text": f"Ann Lee{n} got the Pfizer vaccine at Riverside clinic, Riverside.",
            "spans": [{"start": 0, "end": 8, "label": "PATIENT"}],
        }
        for n in range(3)
    ]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records), "utf-8")
    code, _, err = cli("import", "jsonl", str(source), "--gold", "--signed-off", "--no-suggest")
    assert code == 0, err
    with sqlite3.connect(cli.db) as c:  # what a model suggested: the town, and the maker
        ids = [r[0] for r in c.execute("SELECT id FROM documents ORDER BY id")]
        for doc, record in zip(ids, records, strict=True):
            text = record["text"]
            for word, category in (("Riverside", "LOCATION"), ("Pfizer", "ORGANIZATION")):
                start = text.index(word)
                c.execute(
                    'INSERT INTO suggestions (document_id, start, "end", category, confidence, '
                    "source) VALUES (?, ?, ?, ?, 0.9, 'crf')",
                    (doc, start, start + len(word), category),
                )
    code, out, err = cli("export", str(tmp_path / "m.jsonl"), "--masked", "--format", "jsonl")
    assert code == 0, err
    assert "left as written: 3 suggestions (safe terms and the keep list)" in out
    assert "  Riverside masked 6 times in 3 reports" in out
    assert "Pfizer masked" not in out and "deid-studio keep add WORD" in out
    written = [json.loads(line)["text"] for line in (tmp_path / "m.jsonl").read_text().splitlines()]
    assert all("Pfizer vaccine" in t and "Riverside" not in t for t in written)
    # kept: the next export leaves it as written and names nothing
    assert cli("keep", "add", "Riverside", "--reason", "our town")[0] == 0
    code, out, err = cli(
        "export", str(tmp_path / "again.jsonl"), "--masked", "--format", "jsonl", "--force",
        "--reason", "re-export",
    )  # fmt: skip
    assert code == 0, err
    assert "masked 6 times" not in out and "left as written: 6 suggestions" in out  # and no repeat
    again = (tmp_path / "again.jsonl").read_text()
    assert again.count("Riverside clinic, Riverside.") == 3
