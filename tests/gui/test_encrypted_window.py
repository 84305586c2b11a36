"""Encrypted projects in the window: the new-project dialog's checkbox, and the passphrase
dialog when an encrypted project opens."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import keyring
import pytest
from memory_keyring import MemoryKeyring
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from deid_studio.services.project import init_project
from deid_studio.store import cipher

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def no_environment_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(cipher.ENVIRONMENT_KEY, raising=False)
    before = keyring.get_keyring()
    keyring.set_keyring(MemoryKeyring())
    cipher.forget_unlocked()  # as a new process would
    yield
    keyring.set_keyring(before)
    cipher.set_key_source(None)


@pytest.fixture
def main_window(qtbot):
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    window = MainWindow(Preferences())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close_project()


class Person:
    """Answers the modal dialogs as they appear: each answer gets the dialog and deals with it."""

    def __init__(self, answers: list[Callable[[object], None]]) -> None:
        self.answers = answers
        self.seen: list[str] = []
        self.timer = QTimer()
        self.timer.timeout.connect(self._look)
        self.timer.start(50)

    def _look(self) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not self.answers:
            return
        self.seen.append(type(dialog).__name__)
        self.answers.pop(0)(dialog)


def type_passphrase(qtbot, text: str, remember: bool = False) -> Callable[[object], None]:
    def answer(dialog) -> None:
        qtbot.keyClicks(dialog.field, text)
        if remember:
            qtbot.mouseClick(dialog.remember, Qt.MouseButton.LeftButton)
        qtbot.keyClick(dialog.field, Qt.Key.Key_Return)

    return answer


def test_a_new_encrypted_project_from_the_dialog(qtbot, main_window, tmp_path: Path) -> None:
    from deid_studio.gui.project_dialog import NewProjectDialog

    main_window.create_project()
    dialog = main_window.findChild(NewProjectDialog)
    assert dialog is not None and dialog.isVisible()
    assert not dialog.passphrase.isEnabled()
    dialog.path.setText(str(tmp_path / "secret.sqlite"))
    qtbot.mouseClick(dialog.encrypt, Qt.MouseButton.LeftButton)
    assert dialog.passphrase.isEnabled() and dialog.confirm.isEnabled()
    qtbot.keyClicks(dialog.passphrase, "open sesame")
    qtbot.keyClicks(dialog.confirm, "open sesam")
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert dialog.isVisible() and "differ" in dialog.problem.text()
    assert not (tmp_path / "secret.sqlite").exists()
    qtbot.keyClicks(dialog.confirm, "e")
    qtbot.mouseClick(dialog.remember, Qt.MouseButton.LeftButton)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    assert not dialog.isVisible()
    assert main_window.project is not None and main_window.project.encrypted
    assert main_window.import_action.isEnabled()
    path = tmp_path / "secret.sqlite"
    assert cipher.is_encrypted_file(path)
    assert keyring.get_password("deid-studio", str(path)) == "open sesame"
    assert "keyring" in main_window.statusBar().currentMessage()


def test_opening_an_encrypted_project_asks_its_passphrase(
    qtbot, main_window, tmp_path: Path
) -> None:
    path = tmp_path / "secret.sqlite"
    init_project(path, scheme="pv", actor="ann", passphrase="right").close()
    cipher.forget_unlocked()  # as when the application starts
    person = Person([type_passphrase(qtbot, "wrong"), type_passphrase(qtbot, "right", True)])
    assert main_window.open_project(path)
    assert person.seen == ["PassphraseDialog", "PassphraseDialog"]
    assert main_window.project is not None and main_window.project.location == str(path)
    assert keyring.get_password("deid-studio", str(path)) == "right"
    main_window.close_project()
    cipher.forget_unlocked()
    person = Person([])  # remembered in the keyring: no dialog this time
    assert main_window.open_project(path)
    assert person.seen == []


def test_cancelling_the_passphrase_opens_nothing_and_says_why(
    qtbot, main_window, tmp_path: Path
) -> None:
    path = tmp_path / "secret.sqlite"
    init_project(path, scheme="pv", actor="ann", passphrase="right").close()
    cipher.forget_unlocked()  # as when the application starts
    before = path.read_bytes()
    said: list[str] = []

    def read_and_close(box) -> None:
        said.append(box.text())
        box.accept()

    person = Person([lambda dialog: dialog.reject(), read_and_close])
    assert not main_window.open_project(path)
    assert person.seen == ["PassphraseDialog", "QMessageBox"]
    assert main_window.project is None
    assert said and "give its passphrase" in said[0]
    assert path.read_bytes() == before
