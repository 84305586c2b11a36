"""The window on a team project (PostgreSQL): opened by URL with the password asked and kept
only in the OS keyring, the login as the user, and a change published elsewhere picked up."""

from __future__ import annotations

from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from pgserver_fixture import PASSWORD

from deid_studio.core.document import Document
from deid_studio.services.importing import import_documents
from deid_studio.services.project import init_project
from deid_studio.services.suggesting import resuggest
from deid_studio.services.team import add_member
from deid_studio.store.project import Project

pytestmark = pytest.mark.gui


class MemoryKeyring(KeyringBackend):
    """An OS keyring stand-in for the test machine (which has none)."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.secrets: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.secrets.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.secrets[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.secrets.pop((service, username), None)


@pytest.fixture
def team_url(pg_server):
    name = pg_server.new_database(migrated=False)
    with init_project(pg_server.url(name), scheme="pv", actor="") as project:
        import_documents(
            project,
            [Document("Patient Ann Lee, 3/4/2020.", external_id="R1")],
            origin="t",
            actor="",
        )
        add_member(project, "anna", "annotator", password=PASSWORD, actor="")
    yield pg_server, name
    pg_server.drop_database(name)


@pytest.fixture
def memory_keyring():
    previous = keyring.get_keyring()
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    yield ring
    keyring.set_keyring(previous)


def test_a_server_url_opens_with_the_password_asked_and_kept_in_the_keyring(
    qtbot, team_url, memory_keyring, monkeypatch, isolated_settings: Path
) -> None:
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    server, name = team_url
    url = server.url(name, "anna")
    answers = iter([("wrong", True), (PASSWORD, True)])
    asked: list[str] = []

    def ask(*args, **kwargs):
        asked.append(args[2])
        return next(answers)

    warnings: list[str] = []
    monkeypatch.setattr(QInputDialog, "getText", ask)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warnings.append(a[2]))
    window = MainWindow(Preferences())
    qtbot.addWidget(window)
    assert not window.open_project(url)  # a wrong password: one line, nothing kept
    assert "password authentication failed" in warnings[-1] and "\n" not in warnings[-1]
    assert memory_keyring.secrets == {}
    assert window.open_project(url)
    assert window.user_label.text() == "user: anna (annotator)"
    assert window.workspace.actor() == "anna"
    [(service, key)] = memory_keyring.secrets
    assert memory_keyring.secrets[(service, key)] == PASSWORD and PASSWORD not in key
    window.preferences.sync()
    stored = "".join(p.read_text() for p in isolated_settings.rglob("*") if p.is_file())
    assert name in stored and PASSWORD not in stored  # the recent list, never the password
    window.close_project()
    assert window.open_project(window.preferences.recent_projects[0])  # from the keyring
    assert len(asked) == 2
    window.close_project()


def test_a_change_published_elsewhere_refreshes_the_window(qtbot, team_url, memory_keyring) -> None:
    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences

    server, name = team_url
    window = MainWindow(Preferences())
    qtbot.addWidget(window)
    assert window.open_project(server.url(name, "anna"), password=PASSWORD)
    workspace = window.workspace
    with qtbot.waitSignal(workspace.watch.changed, timeout=15_000):
        with Project.open(server.url(name)) as other:  # another person's retrain
            resuggest(other, actor="")
    window.close_project()


def test_an_annotator_is_refused_the_keep_list_in_one_line(qtbot, team_url, memory_keyring) -> None:
    """Only a steward changes the keep list: "Never mask" in the narrative and the Settings
    tab refuse an annotator in one line, and the list stays as it was."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLineEdit

    from deid_studio.gui.main_window import MainWindow
    from deid_studio.gui.preferences import Preferences
    from deid_studio.gui.settings_dialog import SettingsDialog
    from deid_studio.services.keep import keep_list

    server, name = team_url
    window = MainWindow(Preferences())
    qtbot.addWidget(window)
    assert window.open_project(server.url(name, "anna"), password=PASSWORD)
    window.show()
    qtbot.waitExposed(window)
    page = window.workspace.annotate
    page.queue.take_next()
    text = page.session.text
    page.view.select(text.index("Lee"), text.index("Lee") + 3)
    menu = page.never_mask.menu(page.view.cursorRect().center())
    next(a for a in menu.actions() if a.objectName() == "neverMask").trigger()
    field = page.never_mask.dialog.findChild(QLineEdit)
    qtbot.keyClicks(field, "a common word")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    refusal = window.statusBar().currentMessage()
    assert refusal == "anna (annotator) may not change the keep list: that needs the steward role"
    settings = SettingsDialog(window.preferences, window.project, window)
    qtbot.addWidget(settings)
    settings.keep_editor.term.setText("Lee")
    settings.keep_editor.add()
    assert settings.keep_editor.error.text() == refusal
    with Project.open(server.url(name)) as project:
        assert keep_list(project) == []
    window.close_project()
