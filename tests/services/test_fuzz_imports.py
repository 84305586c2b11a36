"""Fuzzing every import format with mutated real inputs (issue 17, "Measure").

Table-driven over the registry: every format in ``formats.FORMATS`` that can be read takes
part, a new one included. Its seed inputs are written by its own writer (a format that can be
written needs nothing more) and, for formats without a writer, come from :data:`SEEDS`; a
readable format with neither fails :func:`test_every_readable_format_has_seeds`. Hypothesis
then mutates one file of a seed (bytes flipped, cut, repeated, nasty tokens inserted, the
numbers replaced, lines repeated, dropped or swapped, the file renamed to a name that is not
UTF-8) and imports it, as gold or not, into a project:

- the import either succeeds or is refused as the command line refuses bad input (a
  :class:`DeidError`, or an ``OSError``: exit code 1, one line) — anything else would be an
  internal error (exit 70) with a traceback in the log;
- a refusal leaves the project exactly as it was (every row of every table);
- the refusal's message is one printable line.

The default run tries :data:`EXAMPLES` mutations per format (a few seconds each); the slow
run ``EXAMPLES_SLOW``, and ``DEID_FUZZ_EXAMPLES`` overrides both.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError, printable
from deid_studio.formats import FORMATS
from deid_studio.services.importing import import_file
from deid_studio.services.project import init_project

DATA = Path(__file__).resolve().parents[1] / "formats" / "data"
EXAMPLES = int(os.environ.get("DEID_FUZZ_EXAMPLES", "40"))
EXAMPLES_SLOW = int(os.environ.get("DEID_FUZZ_EXAMPLES", "250"))

READABLE = sorted(name for name, f in FORMATS.items() if f.read is not None)

OPTIONS: dict[str, dict[str, Any]] = {"csv": {"text": "text", "id": "id", "case": "case_id"}}
"""Reader options a format needs (as the command line's csv options give them)."""

NARRATIVES = [
    (
        "Señora Ana López García, 45 años, vista el 03/04/2021 en Huelva.\r\n"
        "Tel. 555-0134; NHC 884221.",
        [(7, 23, "PATIENT"), (25, 33, "AGE"), (43, 53, "DATE"), (57, 63, "LOCATION")],
    ),
    (
        'Mr. John O\'Neil (DOB 1/2/1950) reported "fever" & rash <b> after dose 2. 東京 😀',
        [(4, 15, "PATIENT"), (21, 29, "DATE")],
    ),
    ("Follow-up: no PHI here, only a reaction.", []),
]


def _documents() -> list[Document]:
    return [
        Document(
            text,
            tuple(Span(s, e, c) for s, e, c in spans),
            external_id=f"R{n}",
            case_id=f"C{n}",
            language="es" if n == 0 else "en",
            meta={"dates": {"RECVDATE": "04/05/2021"}} if n == 0 else {},
        )
        for n, (text, spans) in enumerate(NARRATIVES)
    ]


def _copy(source: Path) -> Callable[[Path], Path]:
    def seed(folder: Path) -> Path:
        target = folder / source.name
        shutil.copyfile(source, target)
        return target

    return seed


def _text(name: str, content: str, encoding: str = "utf-8") -> Callable[[Path], Path]:
    def seed(folder: Path) -> Path:
        target = folder / name
        target.write_bytes(content.encode(encoding))
        return target

    return seed


_PRESIDIO = """[
 {"full_text": "Call John Smith at 555-0134 on May 3rd.", "template_id": 7,
  "spans": [{"entity_type": "PERSON", "entity_value": "John Smith", "start_position": 5,
             "end_position": 15},
            {"entity_type": "PHONE_NUMBER", "entity_value": "555-0134", "start_position": 19,
             "end_position": 27}]},
 {"full_text": "No entities.", "spans": []}
]
"""
_VAERS_HEADER = (
    "VAERS_ID,RECVDATE,STATE,AGE_YRS,CAGE_YR,CAGE_MO,SEX,RPT_DATE,SYMPTOM_TEXT,DIED,DATEDIED,"
    "L_THREAT,ER_VISIT,HOSPITAL,HOSPDAYS,X_STAY,DISABLE,RECOVD,VAX_DATE,ONSET_DATE,NUMDAYS,"
    "LAB_DATA,V_ADMINBY,V_FUNDBY,OTHER_MEDS,CUR_ILL,HISTORY,PRIOR_VAX,SPLTTYPE,FORM_VERS,"
    "TODAYS_DATE,BIRTH_DEFECT,OFC_VISIT,ER_ED_VISIT,ALLERGIES\n"
)
_VAERS = _VAERS_HEADER + (
    '916710,01/01/2021,MO,23.0,23,,F,,"Acute appendicitis, Señor José Ruiz, onset 1/1/2021",'
    ",,Y,,Y,,,,U,12/29/2020,01/01/2021,3,WBC 13k,PVT,,,,,,,2,01/01/2021,,,,\n"
    '916711,01/01/2021,CA,73.0,73,,F,,"Approximately 30 min post vaccination, ""itchy"".",'
    ",,,,,,,,Y,12/31/2020,12/31/2020,0,,PUB,,,,,,,2,01/02/2021,,,,none\n"
)

SEEDS: dict[str, list[Callable[[Path], Path]]] = {
    "i2b2-2006": [_copy(DATA / "i2b2_2006.xml")],
    "presidio": [_text("synthetic.json", _PRESIDIO)],
    "vaers": [_text("2021VAERSDATA.csv", _VAERS, "latin-1")],
    "e2b": [_copy(DATA / "e2b_r2.xml"), _copy(DATA / "e2b_r3.xml")],
}
"""Seed inputs beyond what a format's own writer produces (formats without a writer)."""


def _written(name: str) -> Callable[[Path], Path]:
    format_ = FORMATS[name]

    def seed(folder: Path) -> Path:
        out = folder / (f"seed.{name}" if format_.folder is False else "seed")
        assert format_.write is not None
        format_.write(_documents(), out)
        return out

    return seed


def seeds(name: str) -> list[Callable[[Path], Path]]:
    """Every seed of a readable format: its writer's output, then the extra ones."""
    found = [_written(name)] if FORMATS[name].write is not None else []
    return found + SEEDS.get(name, [])


def test_every_readable_format_has_seeds() -> None:
    missing = [name for name in READABLE if not seeds(name)]
    assert not missing, f"add seed inputs to SEEDS for {missing} (they have no writer)"


def test_the_seeds_import(tmp_path: Path) -> None:
    """Unmutated, every seed imports: mutations start from good input."""
    for name in READABLE:
        for n, seed in enumerate(seeds(name)):
            folder = tmp_path / f"{name}-{n}"
            folder.mkdir()
            with init_project(folder / "p.sqlite", scheme="pv", actor="t") as project:
                result = import_file(
                    project, name, seed(folder), actor="t", gold=True, add_categories=True,
                    **OPTIONS.get(name, {}),
                )  # fmt: skip
            assert result.documents >= 1, name


# -- mutations -----------------------------------------------------------------------------

NASTY = [
    b"\x00", b"\xff\xfe", b"\xe9", b"\xed\xa0\x80", b"\\ud800", b"\\u0000", b"\x1b[2J",
    b"\r", b"\n", b"\t", b'"', b"'", b",", b";", b"<", b">", b"&", b"&amp;", b"&#0;",
    b"[" * 3000, b"{" * 3000, b"<a>" * 400, b"-1", b"0", b"99999999999999999999999",
    b"1e400", b"NaN", b"null", b"true", b"[]", b"{}", b'{"id": 1}', b"T1\tX 0 1\tA\n",
    b"T1\tX 5 2\tA\n", b"<!DOCTYPE d [<!ENTITY a 'b'>]>", b"&a;", b'<?xml encoding="x"?>',
    b"]]>", b"<![CDATA[", b"\xef\xbb\xbf", "é東😀".encode(), b"\xf0\x9f\x98",
]  # fmt: skip

_NUMBER = re.compile(rb"\d+")
_NUMBERS = [b"0", b"1", b"-1", b"2", b"99", b"4294967296", b"99999999999999999999", b"1.5"]


def mutate(data: bytes, rng: random.Random) -> tuple[bytes, bytes | None]:
    """``data`` after one to four random mutations, and bytes to add to the file's name
    (None, or in one case out of twenty, bytes that are not UTF-8)."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randint(0, len(data))
        kind = rng.choice(
            ["flip", "delete", "insert", "nasty", "nasty", "repeat", "truncate", "number",
             "number", "line-repeat", "line-delete", "line-swap"]
        )  # fmt: skip
        lines = data.split(b"\n")
        n = rng.randrange(len(lines))
        if kind == "flip" and data:
            at = min(at, len(data) - 1)
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]
        elif kind == "delete":
            data = data[:at] + data[at + rng.randint(1, 64) :]
        elif kind == "insert":
            data = data[:at] + rng.randbytes(rng.randint(1, 16)) + data[at:]
        elif kind == "nasty":
            data = data[:at] + rng.choice(NASTY) + data[at:]
        elif kind == "repeat":
            size = rng.randint(1, 200)
            data = data[:at] + data[at : at + size] * rng.randint(2, 5) + data[at + size :]
        elif kind == "truncate":
            data = data[:at]
        elif kind == "number":
            numbers = list(_NUMBER.finditer(data))
            if numbers:
                hit = rng.choice(numbers)
                data = data[: hit.start()] + rng.choice(_NUMBERS) + data[hit.end() :]
        elif kind == "line-repeat":
            data = b"\n".join([*lines[: n + 1], lines[n], *lines[n + 1 :]])
        elif kind == "line-delete":
            data = b"\n".join(lines[:n] + lines[n + 1 :])
        elif kind == "line-swap":
            m = rng.randrange(len(lines))
            lines[n], lines[m] = lines[m], lines[n]
            data = b"\n".join(lines)
    renamed = rng.choice([b"\xff", b"\xe9t\xe9"]) if rng.random() < 0.05 else None
    return data, renamed


def _files(root: Path) -> list[Path]:
    return sorted(p for p in ([root] if root.is_file() else root.rglob("*")) if p.is_file())


def _dump(db: Path) -> dict[str, list[tuple]]:
    with sqlite3.connect(db) as c:
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: c.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall() for t in tables}


class Target:
    """One project per format; each example imports one mutated input into it."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.folder = folder
        self.db = folder / "fuzz.sqlite"
        self.project = init_project(self.db, scheme="pv", actor="fuzz")
        self.seeds: list[Path] = []
        for n, seed in enumerate(seeds(name)):
            place = folder / f"seed-{n}"
            place.mkdir()
            self.seeds.append(seed(place))
        self.count = 0
        self.refused = 0

    def run(self, seed: int, rng: random.Random, gold: bool, skip: bool) -> None:
        self.count += 1
        original = self.seeds[seed]
        work = self.folder / f"case-{self.count}"
        if original.is_dir():
            shutil.copytree(original, work / original.name)
        else:
            work.mkdir()
            shutil.copyfile(original, work / original.name)
        path = work / original.name
        files = _files(path)
        chosen = rng.choice(files)
        data, renamed = mutate(chosen.read_bytes(), rng)
        chosen.write_bytes(data)
        if renamed is not None:
            fresh = Path(
                os.fsdecode(os.fsencode(chosen.stem) + renamed + os.fsencode(chosen.suffix))
            )
            chosen.rename(chosen.with_name(fresh.name))
            if chosen == path:
                path = chosen.with_name(fresh.name)
        before = _dump(self.db)
        try:
            import_file(
                self.project, self.name, path, actor="fuzz", gold=gold, add_categories=gold,
                skip_duplicates=skip, **OPTIONS.get(self.name, {}),
            )  # fmt: skip
        except (DeidError, OSError) as err:  # the command line's exit 1, one line
            self.refused += 1
            message = str(err)
            if os.environ.get("DEID_FUZZ_SHOW"):
                print(self.name, printable(message, 200))
            assert printable(message) and "Traceback" not in message
            assert _dump(self.db) == before, f"{self.name}: a refused import changed the project"
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def close(self) -> None:
        self.project.close()
        print(f"fuzz {self.name}: {self.count} inputs, {self.refused} refused")


@pytest.fixture
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Target]:
    made = Target(request.param, tmp_path)
    yield made
    made.close()


def _fuzz(target: Target, data: st.DataObject) -> None:
    seed = data.draw(st.integers(0, len(target.seeds) - 1), label="seed input")
    mutations = data.draw(st.integers(0, 2**32), label="mutations (random seed)")
    gold = data.draw(st.booleans(), label="gold")
    skip = data.draw(st.booleans(), label="skip duplicates")
    target.run(seed, random.Random(mutations), gold, skip)


_SETTINGS = {
    "deadline": None,
    "database": None,
    "derandomize": False,
    "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
}


@pytest.mark.parametrize("target", READABLE, indirect=True)
@settings(max_examples=EXAMPLES, **_SETTINGS)
@given(data=st.data())
def test_fuzzed_imports_are_refused_cleanly(target: Target, data: st.DataObject) -> None:
    _fuzz(target, data)


@pytest.mark.slow
@pytest.mark.parametrize("target", READABLE, indirect=True)
@settings(max_examples=EXAMPLES_SLOW, **_SETTINGS)
@given(data=st.data())
def test_fuzzed_imports_are_refused_cleanly_at_length(target: Target, data: st.DataObject) -> None:
    _fuzz(target, data)
