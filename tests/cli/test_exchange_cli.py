"""The annotation tools' formats on the command line: MEDDOCAN dev round trips through each of
them (BRAT → X → a new project → BRAT, every span identical), options and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deid_studio.cli import main
from deid_studio.core import Document, Span
from deid_studio.formats.brat import read_brat
from deid_studio.formats.jsonl import write_jsonl
from deid_studio.formats.prodigy import write_prodigy

TARGETS = {
    "inception": "inception",
    "inception-json": "inception-json",
    "label-studio": "label-studio",
    "prodigy": "prodigy.jsonl",
    "spacy": "gold.spacy",
}


def run(*args: str) -> tuple[int, str]:
    """The command line in-process, quietly; exit code and what it printed."""
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--user", "tester", "--quiet", *args])
    return code, out.getvalue() + err.getvalue()


@pytest.fixture(scope="module")
def meddocan_project(tmp_path_factory: pytest.TempPathFactory, shared_data: Path) -> Path:
    """MEDDOCAN dev imported from BRAT as gold, once for every format's round trip."""
    db = tmp_path_factory.mktemp("source") / "source.sqlite"
    assert run("--db", str(db), "init", "--scheme", "meddocan")[0] == 0
    dev = shared_data / "meddocan" / "dev"
    code, out = run("--db", str(db), "import", "brat", str(dev), "--gold", "--no-suggest")
    assert code == 0 and "imported 250 documents with 5801 gold spans" in out, out
    return db


@pytest.mark.slow
@pytest.mark.shared_data
@pytest.mark.parametrize("name", list(TARGETS))
def test_meddocan_dev_round_trips_through_the_format(
    name: str, meddocan_project: Path, shared_data: Path, tmp_path: Path
) -> None:
    if name == "spacy":
        pytest.importorskip("spacy")
    exported = tmp_path / TARGETS[name]
    code, out = run("--db", str(meddocan_project), "export", str(exported), "--format", name,
                    "--no-predictions" if name == "label-studio" else "--overwrite")  # fmt: skip
    assert code == 0 and "exported 250 documents with 5801 gold spans" in out, out

    again = tmp_path / "again.sqlite"
    assert run("--db", str(again), "init", "--scheme", "meddocan")[0] == 0
    code, out = run("--db", str(again), "import", name, str(exported), "--gold", "--no-suggest")
    assert code == 0 and "imported 250 documents with 5801 gold spans" in out, out
    back = tmp_path / "back"
    assert run("--db", str(again), "export", str(back), "--format", "brat")[0] == 0

    dev = shared_data / "meddocan" / "dev"
    original = {d.external_id: (d.text, d.spans) for d in read_brat(dev)}
    returned = {d.external_id: (d.text, d.spans) for d in read_brat(back)}
    assert returned == original  # every narrative and span, at the same offsets
    assert sum(len(spans) for _, spans in returned.values()) == 5801
    for txt in dev.glob("*.txt"):
        assert (back / txt.name).read_bytes() == txt.read_bytes()


def test_import_options_belong_to_their_formats(tmp_path: Path) -> None:
    db = str(tmp_path / "p.sqlite")
    run("--db", db, "init")
    source = tmp_path / "db.jsonl"
    write_prodigy([Document("Ana Li came.", (Span(0, 6, "PATIENT"),), "P1")], source)
    code, out = run("--db", db, "import", "prodigy", str(source), "--layer", "webanno.custom.X")
    assert code == 1 and out.strip() == (
        "deid-studio: error: --layer does not apply to format prodigy"
    )
    code, out = run("--db", db, "export", str(tmp_path / "x"), "--format", "brat",
                    "--no-predictions")  # fmt: skip
    assert code == 1 and "--no-predictions applies to --format label-studio" in out


def test_prodigy_import_prints_what_it_skipped(tmp_path: Path) -> None:
    db = str(tmp_path / "p.sqlite")
    run("--db", db, "init")
    source = tmp_path / "db.jsonl"
    write_prodigy([Document("Ana Li came.", (Span(0, 6, "PATIENT"),), "P1")], source)
    with source.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"text": "Bob came.", "answer": "ignore"}) + "\n")
    code, out = run("--db", db, "import", "prodigy", str(source), "--gold", "--no-suggest")
    assert code == 0, out
    assert "imported 1 documents with 1 gold spans" in out
    assert "note: skipped 1 ignored examples: only accepted examples are gold" in out


def test_a_missing_inception_layer_is_one_line_naming_the_candidates(tmp_path: Path) -> None:
    db = str(tmp_path / "p.sqlite")
    run("--db", db, "init")
    folder = tmp_path / "xmi"
    assert (
        run("--db", db, "import", "jsonl", str(_jsonl(tmp_path)), "--gold", "--no-suggest")[0] == 0
    )
    assert run("--db", db, "export", str(folder), "--format", "inception")[0] == 0
    code, out = run("--db", db, "import", "inception", str(folder), "--layer", "custom.Name",
                    "--skip-duplicates")  # fmt: skip
    assert code == 1
    assert out.count("\n") == 1 and "layer custom.Name is not in the type system" in out
    assert "(span layers: webanno.custom.PHI)" in out


def test_the_help_lists_the_annotation_tools(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["import", "--help"])
    text = capsys.readouterr().out
    for name in ("inception", "label-studio", "prodigy", "spacy", "--layer", "--text-field"):
        assert name in text


def _jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    write_jsonl([Document("Mia Wong fainted.", (Span(0, 8, "PATIENT"),), "J1")], path)
    return path


@pytest.fixture(autouse=True)
def _user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg-state"))
