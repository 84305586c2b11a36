"""What a user or a log may see of an error: one printable line, never the data behind it."""

from __future__ import annotations

from deid_studio.core.errors import bug_trace, describe_bug, printable


def test_printable_escapes_what_would_drive_a_terminal_or_break_the_line() -> None:
    header = "id\x1b[31m;\x1b]0;owned\x07\r\nname\u202e\x85"
    shown = printable(header)
    assert shown.isprintable() and "\n" not in shown and "\x1b" not in shown
    assert shown == "id\\x1b[31m;\\x1b]0;owned\\x07\\x0d\\x0aname\\u202e\\x85"
    assert printable("Señora Müller 東京") == "Señora Müller 東京"  # letters stay as they are


def test_printable_shows_the_bytes_of_a_name_that_was_not_utf8_and_cuts() -> None:
    name = b"informe-\xe9.txt".decode("utf-8", "surrogateescape")
    assert printable(name) == "informe-\\xe9.txt"
    assert printable("\ud800") == "\\ud800"
    assert printable("x" * 50, 10) == "xxxxxxx..."


PATIENT = "María López, NHC 884-221"


def _fails_with(key: str) -> None:
    patients = {"Juan García": 1}
    patients[key]  # a KeyError whose message repeats the key


def test_a_bug_is_described_by_its_type_and_place_never_its_message() -> None:
    try:
        try:
            _fails_with(PATIENT)
        except KeyError as inner:
            raise RuntimeError(f"while reading {inner}") from inner
    except RuntimeError as err:
        line = describe_bug(err)
        trace = bug_trace(err)
    assert line.startswith("RuntimeError")
    assert "KeyError" in trace and "RuntimeError" in trace and "_fails_with" in trace
    for text in ("María", "López", "884-221", "Juan"):
        assert text not in line and text not in trace
