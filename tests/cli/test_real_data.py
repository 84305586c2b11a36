"""The round-trip guarantee and the VAERS import, on the real shared data."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

import pytest

pytestmark = pytest.mark.shared_data


def ann_entities(folder: Path) -> dict[str, Counter]:
    """Per document: the multiset of (type, offsets, covered text) of its text-bound lines."""
    found: dict[str, Counter] = {}
    for ann in sorted(folder.glob("*.ann")):
        entities: Counter = Counter()
        for line in ann.read_text("utf-8").splitlines():
            if line.startswith("T"):
                _, middle, text = line.split("\t")
                label, offsets = middle.split(" ", 1)
                entities[(label, offsets, text)] += 1
        found[ann.stem] = entities
    return found


def test_meddocan_dev_round_trips_through_the_project(
    cli, shared_data: Path, tmp_path: Path
) -> None:
    source = shared_data / "meddocan" / "dev"
    assert cli("init", "--scheme", "meddocan")[0] == 0
    code, out, err = cli("import", "brat", str(source), "--gold")
    assert code == 0, err
    assert "imported 250 documents" in out
    code, out, err = cli("export", str(tmp_path / "back"), "--format", "brat")
    assert code == 0, err

    original, exported = ann_entities(source), ann_entities(tmp_path / "back")
    assert set(exported) == set(original)
    assert exported == original
    assert sum(sum(c.values()) for c in original.values()) > 5000
    for txt in source.glob("*.txt"):
        assert (tmp_path / "back" / txt.name).read_bytes() == txt.read_bytes()


def test_all_vaers_narratives_import_with_their_dates(cli, shared_data: Path) -> None:
    cli("init")
    code, out, err = cli("import", "vaers", str(shared_data / "vaers" / "2021VAERSDATA.csv"))
    assert code == 0, err
    assert "imported 2946 documents" in out and "en 2946" in out
    with sqlite3.connect(cli.db) as c:
        meta = c.execute("SELECT meta FROM documents WHERE external_id = '916710'").fetchone()[0]
    assert '"VAX_DATE": "12/29/2020"' in meta and '"ONSET_DATE": "01/01/2021"' in meta
