"""`deid-studio doctor`: a table of checks, exit 1 when one fails."""

from __future__ import annotations

import sqlite3
from importlib import metadata
from pathlib import Path

import pytest

from deid_studio.cli import doctor, preflight

FOUND = "\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x1)\n"
MISSING = "\tlibxcb-cursor.so.0 => not found\n"


@pytest.fixture
def healthy_qt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Qt as on a desktop with everything installed (this test may run without PySide6)."""
    plugin = tmp_path / "libqxcb.so"
    plugin.touch()
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(preflight, "qt_plugins", lambda: ["offscreen", "wayland", "xcb"])
    monkeypatch.setattr(preflight, "qt_files", lambda name: [plugin])
    monkeypatch.setattr(preflight, "run_ldd", lambda path: FOUND)
    monkeypatch.setattr(preflight, "font_count", lambda: 30)
    monkeypatch.setattr(preflight, "distribution", lambda: preflight.Distribution("apt", "D"))
    monkeypatch.setattr(preflight, "_x_server_answers", lambda display: True)


def rows(out: str) -> dict[str, tuple[str, str]]:
    table = out.split("\n\n")[0].splitlines()
    assert table[0].split() == ["check", "status", "detail"]
    found = {}
    for line in table[1:]:
        name, status, detail = (part.strip() for part in _split(line, table[0]))
        found[name] = (status, detail)
    return found


def _split(line: str, header: str) -> tuple[str, str, str]:
    status_at, detail_at = header.index("status"), header.index("detail")
    return line[:status_at], line[status_at:detail_at], line[detail_at:]


def test_a_healthy_installation_exits_0(cli, healthy_qt) -> None:
    assert cli("init")[0] == 0
    code, out, err = cli("doctor")
    assert code == 0, out + err
    table = rows(out)
    assert table["python"][0] == "ok"
    for requirement in metadata.requires("deid-studio") or []:
        name = requirement.split(";")[0].split("[")[0]
        for cut in "<>=!~ ":
            name = name.split(cut)[0]
        if "extra ==" not in requirement and "python_version >= '3.12'" not in requirement:
            assert table[name.lower()][0] == "ok", name
    assert table["Qt libraries"] == ("ok", "ldd finds all for libqxcb.so")
    assert table["database"] == ("ok", f"{cli.db} (reachable)")
    assert table["schema"][0] == "ok" and "(the newest)" in table["schema"][1]
    assert table["project file"] == ("ok", "0o600")
    assert "checks: 0 failed" in out


def test_missing_qt_libraries_fail_with_the_command(cli, healthy_qt, monkeypatch) -> None:
    monkeypatch.setattr(preflight, "run_ldd", lambda path: MISSING)
    code, out, _ = cli("doctor")
    assert code == 1
    status, detail = rows(out)["Qt libraries"]
    assert status == "FAIL" and detail.endswith("apt-get install libxcb-cursor0")


def test_a_package_out_of_range_fails(cli, healthy_qt, monkeypatch) -> None:
    real = metadata.version
    monkeypatch.setattr(
        metadata, "version", lambda name: "1.0" if name.lower() == "sqlalchemy" else real(name)
    )
    code, out, _ = cli("doctor")
    assert code == 1
    assert rows(out)["sqlalchemy"] == ("FAIL", "1.0 (needs <3,>=2.0)")


def test_an_old_schema_warns_and_a_broken_database_fails(cli, healthy_qt) -> None:
    assert cli("init")[0] == 0
    with sqlite3.connect(cli.db) as c:
        c.execute("UPDATE alembic_version SET version_num = 'ef0cd30c347c'")
    code, out, _ = cli("doctor")
    assert rows(out)["schema"][0] == "warn" and "migrated when opened" in rows(out)["schema"][1]
    cli.db.write_bytes(b"SQLite format 3\x00" + b"\xff" * 200)
    code, out, _ = cli("doctor")
    assert code == 1 and rows(out)["database"][0] == "FAIL"


def test_a_missing_project_and_no_display_only_warn(cli, healthy_qt, monkeypatch) -> None:
    monkeypatch.setenv("DISPLAY", "")
    monkeypatch.setenv("QT_QPA_PLATFORM", "")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    code, out, _ = cli("doctor")
    table = rows(out)
    assert table["database"][0] == "warn" and "no project file yet" in table["database"][1]
    assert table["display"][0] == "warn"
    assert code == 0 and doctor.FAIL not in {status for status, _ in table.values()}
