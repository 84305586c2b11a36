"""Encrypted projects from the command line: init --encrypt, the whole flow (training in its
own process included), the passphrase from the environment, the keyring or the terminal, and
rekey."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import keyring
import pytest
from memory_keyring import MemoryKeyring

from deid_studio.formats.jsonl import write_jsonl
from deid_studio.store import cipher
from deid_studio.synth import generate

KEY = cipher.ENVIRONMENT_KEY


@pytest.fixture(autouse=True)
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryKeyring]:
    monkeypatch.delenv(KEY, raising=False)
    monkeypatch.delenv("DEID_STUDIO_NEW_KEY", raising=False)
    before = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    cipher.forget_unlocked()  # as a new process would
    yield ring
    keyring.set_keyring(before)
    cipher.set_key_source(None)


@pytest.fixture
def cli(cli):
    """The command line, each command in a process of its own as far as passphrases go."""

    def run(*args: str, **kwargs):
        cipher.forget_unlocked()
        return cli.__class__.__call__(cli, *args, **kwargs)

    run.db = cli.db  # type: ignore[attr-defined]
    return run


class Terminal:
    """A person at a terminal typing passphrases in turn (getpass is replaced)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *typed: str) -> None:
        self.typed = list(typed)
        self.prompts: list[str] = []
        monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
        monkeypatch.setattr("getpass.getpass", self.getpass)

    def getpass(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        return self.typed.pop(0)


def test_the_whole_flow_on_an_encrypted_project(cli, tmp_path: Path, monkeypatch) -> None:
    narratives = generate(30, seed=3)
    gold, new = tmp_path / "gold.jsonl", tmp_path / "new.jsonl"
    write_jsonl(narratives[:24], gold)
    write_jsonl([replace(d, spans=()) for d in narratives[24:]], new)
    monkeypatch.setenv(KEY, "s3cret phrase")
    code, out, err = cli("init", "--encrypt")
    assert code == 0, err
    assert f"created an encrypted project at {cli.db}" in out
    code, _, err = cli("import", "jsonl", str(gold), "--gold", "--signed-off")
    assert code == 0, err
    assert cli("import", "jsonl", str(new))[0] == 0
    code, out, err = cli("train", "--cv", "2")  # the training process opens the project too
    assert code == 0, err
    assert "model version 1" in out
    code, out, err = cli("export", str(tmp_path / "masked"), "--masked", "--format", "txt")
    assert code == 0, err
    assert len(list((tmp_path / "masked").glob("*.txt"))) == 24
    data = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith(cli.db.name))
    first_words = {d.text[s.start : s.end] for d in narratives[:24] for s in d.spans}
    names = [w.encode() for w in first_words if len(w) >= 6]
    assert names and not [n for n in names if n in data]


def test_a_wrong_passphrase_is_one_line_and_exit_1(cli, monkeypatch) -> None:
    monkeypatch.setenv(KEY, "right")
    assert cli("init", "--encrypt")[0] == 0
    before = cli.db.read_bytes()
    monkeypatch.setenv(KEY, "wrong")
    code, out, err = cli("status")
    assert code == 1 and out == ""
    assert err == f"deid-studio: error: {cli.db}: wrong passphrase; nothing was changed\n"
    monkeypatch.delenv(KEY)
    code, _, err = cli("status")  # no terminal, no keyring entry, no variable
    assert code == 1 and len(err.splitlines()) == 1 and "DEID_STUDIO_KEY" in err
    assert cli.db.read_bytes() == before


def test_the_terminal_asks_twice_on_init_and_up_to_three_times_on_open(cli, monkeypatch) -> None:
    terminal = Terminal(monkeypatch, "typed", "typed")
    code, out, err = cli("init", "--encrypt")
    assert code == 0, err
    assert terminal.prompts == ["new passphrase: ", "the same again: "]
    terminal = Terminal(monkeypatch, "no", "nope", "typed")
    code, out, err = cli("status")
    assert code == 0, err
    assert "documents  0" in out
    assert err.count("wrong passphrase, try again") == 2
    assert terminal.prompts == [f"passphrase for {cli.db}: "] * 3
    Terminal(monkeypatch, "a", "b", "c")
    code, _, err = cli("status")
    assert code == 1 and err.endswith("wrong passphrase; nothing was changed\n")


def test_training_with_a_typed_passphrase_reaches_the_training_process(
    cli, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv(KEY, "typed")
    assert cli("init", "--encrypt")[0] == 0
    gold = tmp_path / "gold.jsonl"
    write_jsonl(generate(12, seed=2), gold)
    assert cli("import", "jsonl", str(gold), "--gold")[0] == 0
    monkeypatch.delenv(KEY)  # the training process cannot ask and has no variable
    terminal = Terminal(monkeypatch, "typed")
    code, out, err = cli("train", "--cv", "0", "--no-suggest")
    assert code == 0, err
    assert "model version 1" in out
    assert terminal.prompts == [f"passphrase for {cli.db}: "]  # asked once, in this process


def test_init_refuses_two_different_passphrases(cli, monkeypatch) -> None:
    Terminal(monkeypatch, "one", "two")
    code, _, err = cli("init", "--encrypt")
    assert code == 1 and "the two passphrases differ" in err
    assert not cli.db.exists()


def test_remembered_in_the_keyring_it_is_not_asked_again(cli, monkeypatch, memory_keyring) -> None:
    monkeypatch.setenv(KEY, "kept")
    code, out, err = cli("init", "--encrypt", "--remember")
    assert code == 0, err
    assert "kept in the system keyring" in out
    assert memory_keyring.passwords == {("deid-studio", str(cli.db.resolve())): "kept"}
    monkeypatch.delenv(KEY)
    terminal = Terminal(monkeypatch)
    code, out, err = cli("status")
    assert code == 0, err
    assert terminal.prompts == []


def test_rekey_changes_the_passphrase_and_the_keyring_follows(
    cli, monkeypatch, memory_keyring
) -> None:
    monkeypatch.setenv(KEY, "old")
    assert cli("init", "--encrypt", "--remember")[0] == 0
    monkeypatch.setenv("DEID_STUDIO_NEW_KEY", "new")
    code, out, err = cli("rekey")
    assert code == 0, err
    assert f"changed the passphrase of {cli.db}" in out
    assert memory_keyring.passwords == {}  # the old one no longer opens it: forgotten
    code, _, err = cli("status")
    assert code == 1 and "wrong passphrase" in err
    monkeypatch.setenv(KEY, "new")
    assert cli("status")[0] == 0
    monkeypatch.delenv("DEID_STUDIO_NEW_KEY")
    Terminal(monkeypatch, "newer", "newer")
    code, out, err = cli("rekey", "--remember")
    assert code == 0, err
    assert memory_keyring.passwords == {("deid-studio", str(cli.db.resolve())): "newer"}
    monkeypatch.delenv(KEY)
    assert cli("status")[0] == 0


def test_rekey_encrypts_a_plain_project(cli, monkeypatch) -> None:
    assert cli("init")[0] == 0
    assert cli.db.read_bytes().startswith(b"SQLite format 3")
    monkeypatch.setenv("DEID_STUDIO_NEW_KEY", "fresh")
    code, out, err = cli("rekey")
    assert code == 0, err
    assert f"encrypted {cli.db}" in out
    assert not cli.db.read_bytes().startswith(b"SQLite format 3")
    monkeypatch.setenv(KEY, "fresh")
    assert cli("status")[0] == 0


def test_remember_without_encrypt_is_a_mistake(cli) -> None:
    code, _, err = cli("init", "--remember")
    assert code == 1 and "add --encrypt" in err
    assert not cli.db.exists()
