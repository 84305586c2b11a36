"""Fuzzing the annotation tools' readers with mutated real files of their formats.

Each seed is a file the format's writer made from narratives with emoji, CJK and CR/LF; each
example mutates its bytes (a byte changed, a stretch deleted, inserted or repeated, a number
replaced, the end cut off) and reads it. The reader must give back whole documents or refuse
with an :class:`InputError` — never another exception, which would be a traceback for the
user. (All-or-nothing in the project is the import service's part: tests/services.)
"""

from __future__ import annotations

import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deid_studio.core import Document, InputError, Span
from deid_studio.formats.inception import read_inception, write_inception, write_inception_json
from deid_studio.formats.label_studio import read_label_studio, write_label_studio
from deid_studio.formats.prodigy import read_prodigy, write_prodigy
from deid_studio.formats.spacy_docbin import read_spacy, write_spacy

DOCUMENTS = [
    Document(
        "Paciente 😀 Ana Núñez, 45 años.\r\nIngresó el 3/5/2021 en el Hospital 𠀋 La Paz.",
        (Span(11, 20, "PATIENT"), Span(22, 29, "AGE"), Span(44, 52, "DATE"), Span(59, 74, "ORG")),
        external_id="R1",
        language="es",
    ),
    Document("Dr. Lee saw Mia Wong on Jan 3.", (Span(4, 7, "DR"), Span(12, 20, "PT")), "R2"),
]
INTERESTING = [b'"', b"{", b"}", b"[", b"]", b",", b"-1", b"999999", b"\xf0\x9f\x98\x80", b"\x00"]
EXAMPLES = 40  # per format: about a second each on a quiet machine
_DIGITS = regex.compile(rb"\d+")


@st.composite
def mutations(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with one to four random edits."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        if not out:
            break
        at = draw(st.integers(0, len(out) - 1))
        kind = draw(st.sampled_from(["byte", "delete", "insert", "number", "repeat", "cut"]))
        if kind == "byte":
            out[at] = draw(st.integers(0, 255))
        elif kind == "delete":
            del out[at : at + draw(st.integers(1, 24))]
        elif kind == "insert":
            out[at:at] = draw(st.sampled_from(INTERESTING) | st.binary(min_size=1, max_size=6))
        elif kind == "number":
            numbers = list(_DIGITS.finditer(bytes(out)))
            if numbers:
                hit = numbers[draw(st.integers(0, len(numbers) - 1))]
                value = draw(st.integers(-3, 300) | st.integers(0, 10**9))
                out[hit.start() : hit.end()] = str(value).encode()
        elif kind == "repeat":
            size = draw(st.integers(1, 40))
            out[at:at] = out[at : at + size]
        else:
            del out[at:]
    return bytes(out)


def _check(read: Callable[[Path], list[Document]], path: Path) -> None:
    try:
        documents = read(path)
    except InputError as err:
        assert str(err).strip() and "\n" not in str(err)
        return
    assert documents and all(isinstance(d, Document) for d in documents)


def _seed(write: Callable[..., list[Path]], name: str, victim: str) -> tuple[Path, Path, bytes]:
    """Where the writer wrote (what the reader reads), the file to mutate, and its bytes."""
    target = Path(tempfile.mkdtemp(prefix="deid-fuzz-")) / name
    write(DOCUMENTS, target)
    file = target / victim if victim else target
    return target, file, file.read_bytes()


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize(
    ("write", "victim", "read"),
    [
        (write_inception, "R1.xmi", read_inception),
        (write_inception, "TypeSystem.xml", read_inception),
        (write_inception_json, "R1.json", read_inception),
        (write_label_studio, "tasks.json", read_label_studio),
        (write_prodigy, "", read_prodigy),
    ],
    ids=["inception-xmi", "inception-typesystem", "inception-json", "label-studio", "prodigy"],
)
def test_a_mutated_file_is_read_whole_or_refused_in_one_line(write, victim, read) -> None:
    target, file, original = _seed(write, "out", victim)

    @FUZZ
    @given(mutations(original))
    def check(data: bytes) -> None:
        file.write_bytes(data)
        _check(read, target)

    check()


def test_a_mutated_docbin_is_read_whole_or_refused_in_one_line() -> None:
    pytest.importorskip("spacy")
    target, file, packed = _seed(write_spacy, "gold.spacy", "")
    inner = zlib.decompress(packed)  # DocBin is zlib-compressed msgpack: mutate what is inside

    @FUZZ
    @given(st.booleans(), mutations(inner), mutations(packed))
    def check(inside: bool, mutated_inner: bytes, mutated_packed: bytes) -> None:
        file.write_bytes(zlib.compress(mutated_inner) if inside else mutated_packed)
        _check(read_spacy, target)

    check()
