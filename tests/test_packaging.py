"""A wheel carries what an installed DeID Studio needs (migrations, resources, nltk data, the
command), and stands alone: installed into a fresh virtual environment far from the checkout,
it creates, imports, trains and exports a project."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of this checkout, built once for the module."""
    folder = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    [built] = folder.glob("deid_studio-*.whl")
    return built


def test_the_wheel_carries_migrations_and_resources(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "deid_studio/_migrations/env.py" in names
    assert any(n.startswith("deid_studio/_migrations/versions/") for n in names)
    assert "deid_studio/_resources/nltk_data/corpora/stopwords/english" in names
    assert "deid_studio/_resources/nltk_data/corpora/stopwords/README" in names
    assert "deid_studio/_resources/icons/deid-studio.svg" in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    points = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "deid-studio = deid_studio.cli:main" in points


def test_the_wheel_stands_alone_in_a_fresh_environment(
    wheel: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """pip install the wheel into a new venv in a temporary folder (its dependencies from the
    package index), then init, import, train and export --masked there, with a home of its
    own: nothing may come from the checkout or the developer's environment."""
    from deid_studio.formats.jsonl import write_jsonl
    from deid_studio.synth import generate

    place = tmp_path_factory.mktemp("elsewhere")
    home = place / "home"
    home.mkdir()
    environment = place / "venv"
    venv.EnvBuilder(with_pip=True).create(environment)
    python = environment / "bin" / "python"
    started = time.perf_counter()
    installed = subprocess.run(  # under umask 002, as Fedora's users: files group-writable
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        cwd=place,
        preexec_fn=lambda: os.umask(0o002),
    )
    install_seconds = time.perf_counter() - started
    assert installed.returncode == 0, installed.stderr[-3000:]
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "DEID_", "NLTK", "XDG_", "VIRTUAL_ENV"))
    }
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", DEID_STUDIO_USER="steward")

    def run(*args: str, db: tuple[str, ...] = ("--db", "study.sqlite")) -> str:
        done = subprocess.run(
            [str(environment / "bin" / "deid-studio"), *db, *args],
            capture_output=True, text=True, cwd=place, env=env, timeout=600,
        )  # fmt: skip
        assert done.returncode == 0, f"{args}: {done.stderr}"
        return done.stdout

    narratives = generate(40, seed=5)
    write_jsonl(narratives, place / "gold.jsonl")
    letters = place / "letters"
    letters.mkdir()
    (letters / "en.txt").write_text(
        "The patient was admitted to the hospital after the second dose and she was "
        "discharged on the next day with her husband.", "utf-8")  # fmt: skip
    (letters / "es.txt").write_text(
        "El paciente fue ingresado en el hospital después de la segunda dosis y se le dio el "
        "alta al día siguiente con su esposa.", "utf-8")  # fmt: skip

    where = subprocess.run(
        [str(python), "-c", "import deid_studio.core.resources as r; "
         "print(r.__file__); print(r.migrations_dir()); print(r.nltk_data_dir())"],
        capture_output=True, text=True, cwd=place, env=env, check=True,
    ).stdout.split()  # fmt: skip
    assert all(path.startswith(str(environment)) for path in where), where

    assert "created a project" in run("init")
    out = run("import", "jsonl", "gold.jsonl", "--gold", "--signed-off")
    assert "imported 40 documents" in out
    out = run("import", "text", "letters")  # languages guessed from the shipped stopwords
    assert "en 1, es 1" in out
    assert "model version 1" in run("train", "--cv", "2")
    assert "exported" in run("export", "masked", "--masked", "--format", "jsonl")
    masked = [json.loads(line) for line in (place / "masked").read_text("utf-8").splitlines()]
    assert len(masked) == 40
    demo = run("demo", "--count", "20", "--no-window", db=())
    assert "demo project created" in demo and str(home) in demo
    print(f"wheel {wheel.stat().st_size / 1e6:.1f} MB, installed in {install_seconds:.0f} s")
