"""The main window: menus, status bar and the open project's workspace. It assembles parts;
what they do lives in them and in the services."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.errors import DeidError
from deid_studio.gui.actions import make_action
from deid_studio.gui.audit_view import AuditDialog
from deid_studio.gui.claims import ClaimsOnRename
from deid_studio.gui.credentials import forget_password, remember_password, stored_password
from deid_studio.gui.export_dialog import ExportDialog
from deid_studio.gui.import_dialog import ImportDialog
from deid_studio.gui.preferences import Preferences
from deid_studio.gui.project_dialog import PROJECT_FILTER, NewProjectDialog, PassphrasePrompt
from deid_studio.gui.retrain import RetrainStatus
from deid_studio.gui.settings_dialog import SettingsDialog
from deid_studio.gui.shortcuts import ShortcutSheet
from deid_studio.gui.workers import running_jobs
from deid_studio.gui.workspace import Workspace, status_line
from deid_studio.services import passphrases
from deid_studio.services.project import init_project, open_project
from deid_studio.services.quality import current_model
from deid_studio.services.team import identity
from deid_studio.services.training import gold_count
from deid_studio.store.database import database_url, needs_password, with_password
from deid_studio.store.project import Project


class Welcome(QWidget):
    """Shown without a project: create one, open one, or a recent one."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.setObjectName("welcome")
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        title = QLabel("<h2>DeID Studio</h2><p>Open a project to start, or create one.</p>")
        title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(title)
        for text, slot in (
            ("Create a project…", window.create_project),
            ("Open a project…", window.choose_project),
            ("Open a server project…", window.choose_server_project),
        ):
            button = QPushButton(text)
            button.clicked.connect(slot)
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignCenter)
        for location in window.preferences.recent_projects[:5]:
            button = QPushButton(location)
            button.setFlat(True)
            button.clicked.connect(lambda _c=False, p=location: window.open_project(p))
            layout.addWidget(button, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch(2)


FIRST_SIZE = QSize(1500, 900)
"""The window's size the first time (later: as the user left it), within the screen."""


def _first_size(window: QWidget) -> QSize:
    """:data:`FIRST_SIZE`, shrunk to the screen's free area where that is smaller (a laptop
    or a 1366x768 screen: the right-hand panel was cut off)."""
    screen = window.screen()
    if screen is None:
        return FIRST_SIZE
    free = screen.availableGeometry().size()
    return FIRST_SIZE.boundedTo(QSize(max(free.width(), 800), max(free.height(), 600)))


class MainWindow(QMainWindow):
    """DeID Studio's window."""

    def __init__(self, preferences: Preferences) -> None:
        super().__init__()
        self.setObjectName("mainWindow")
        self.setWindowTitle("DeID Studio")
        self.preferences = preferences
        self.passphrase_prompt = PassphrasePrompt()
        passphrases.install(self.passphrase_prompt)  # an encrypted project asks in a dialog
        self.project: Project | None = None
        self.workspace: Workspace | None = None
        self.undo_group = QUndoGroup(self)
        self.model_label = QLabel()
        self.queue_label = QLabel()
        self.user_label = QLabel()
        self.retrain_status: RetrainStatus | None = None
        for label in (self.user_label, self.model_label, self.queue_label):
            self.statusBar().addPermanentWidget(label)
        self._build_menus()
        preferences.changed.connect(self._preferences_changed)
        self.claims = ClaimsOnRename(self)
        self._preferences_changed()
        self.setCentralWidget(Welcome(self))
        self.resize(_first_size(self))
        geometry = preferences.window_state("geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)

    # -- menus -----------------------------------------------------------------------------

    def _action(
        self, text: str, keys: list[str], slot: object, section: str = "Window", tip: str = ""
    ) -> QAction:
        action = make_action(self, text, keys, slot, section=section, tip=tip)  # type: ignore[arg-type]
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        project = bar.addMenu("&Project")
        project.addAction(self._action("&New project…", ["Ctrl+Shift+O"], self.create_project))
        project.addAction(self._action("&Open project…", ["Ctrl+O"], self.choose_project))
        project.addAction(
            self._action("Open a &server project…", ["Ctrl+Shift+S"], self.choose_server_project)
        )
        self.recent_menu = project.addMenu("Recent projects")
        project.addSeparator()
        self.import_action = self._action("&Import reports…", ["Ctrl+I"], self.import_reports)
        self.export_action = self._action("&Export…", ["Ctrl+E"], self.export)
        project.addActions([self.import_action, self.export_action])
        project.addSeparator()
        project.addAction(self._action("&Settings…", ["Ctrl+,"], self.settings))
        project.addAction(self._action("&Quit", ["Ctrl+Q"], self.close))

        edit = bar.addMenu("&Edit")
        self.undo_action = self.undo_group.createUndoAction(self, "Undo")
        self.undo_action.setShortcuts(QKeySequence.keyBindings(QKeySequence.StandardKey.Undo))
        self.redo_action = self.undo_group.createRedoAction(self, "Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        for action in (self.undo_action, self.redo_action):
            action.setProperty("sheet", "Editing")
            self.addAction(action)
        edit.addActions([self.undo_action, self.redo_action])

        document = bar.addMenu("&Document")
        self.next_action = self._action(
            "&Next document (skip the one open)", ["Ctrl+Shift+N"],
            self._on_workspace("next_document"), section="Documents",
        )  # fmt: skip
        self.open_row_action = self._action(
            "&Open the queue's selected row (Enter or a click in the queue)", [],
            self._on_workspace("open_selected"), section="Documents",
        )  # fmt: skip
        self.submit_action = self._action(
            "&Submit and open the next document", ["Ctrl+Return", "Ctrl+Enter"],
            self._on_workspace("submit"), section="Documents",
        )  # fmt: skip
        document.addActions([self.next_action, self.open_row_action, self.submit_action])
        document.addSeparator()
        self.audit_action = self._action("&Audit trail…", ["Ctrl+Shift+H"], self.show_audit)
        self.preview_action = self._action("Masked &preview", ["Ctrl+M"], self.toggle_preview)
        self.preview_action.setCheckable(True)
        self.preview_action.setChecked(self.preferences.preview_visible)
        document.addActions([self.audit_action, self.preview_action])

        model = bar.addMenu("&Model")
        self.retrain_action = self._action(
            "&Retrain now",
            ["Ctrl+R"],
            self.retrain,
            tip="Train the fast model on the gold now, in the background",
        )
        self.cancel_retrain_action = self._action("&Cancel retraining", [], self.cancel_retrain)
        self.train_best_action = self._action(
            "Train the &best model",
            ["Ctrl+Shift+R"],
            self.train_best,
            # short: the status bar keeps the retrain progress's room (about 70 characters left)
            tip="Used while its F1 is higher and it catches at least as many PHI tokens",
        )
        model.addActions([self.retrain_action, self.train_best_action, self.cancel_retrain_action])

        view = bar.addMenu("&View")
        for index, name in enumerate(("Annotate", "Review", "Quality", "Adjudicate")):
            view.addAction(
                self._action(name, [f"Ctrl+{index + 1}"], lambda i=index: self._show_page(i))
            )
        view.addSeparator()
        view.addAction(self._action("Larger text", ["Ctrl++", "Ctrl+="], lambda: self._zoom(1)))
        view.addAction(self._action("Smaller text", ["Ctrl+-"], lambda: self._zoom(-1)))
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self._action("&Keyboard shortcuts", ["F1"], self.show_shortcuts))
        self._project_actions = [
            self.import_action, self.export_action, self.audit_action, self.retrain_action,
            self.train_best_action, self.cancel_retrain_action, self.next_action,
            self.open_row_action, self.submit_action,
        ]  # fmt: skip
        self._refresh_recent()
        self._enable()

    def _on_workspace(self, method: str) -> Callable[[], None]:
        """A slot calling ``method`` of the open project's workspace (nothing without one)."""

        def call() -> None:
            if self.workspace is not None:
                getattr(self.workspace, method)()

        return call

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        for location in self.preferences.recent_projects:
            action = self.recent_menu.addAction(location)
            action.triggered.connect(self._opener(location))
        self.recent_menu.setEnabled(bool(self.preferences.recent_projects))

    def _opener(self, location: str) -> Callable[[], None]:
        def open_it(*_args: object) -> None:
            self.open_project(location)

        return open_it

    def _enable(self) -> None:
        for action in self._project_actions:
            action.setEnabled(self.workspace is not None)
        self._page_actions()
        self._retrain_actions()

    def _retrain_actions(self, *_args: object) -> None:
        """Cancel retraining only while something runs (grey otherwise, as a menu says)."""
        running = self.workspace is not None and self.workspace.retrain.running
        self.cancel_retrain_action.setEnabled(running)

    def _page_actions(self, *_args: object) -> None:
        """Submit belongs to the Annotate page: elsewhere its keys (Ctrl+Enter) are another
        page's (the Adjudicate page makes its decisions gold with them)."""
        annotating = self.workspace is not None and self.workspace.currentIndex() == 0
        self.submit_action.setEnabled(annotating)

    # -- projects --------------------------------------------------------------------------

    def open_project(self, location: str | Path, *, password: str | None = None) -> bool:
        """Open a project (closing the one open); False with a message when it cannot.

        A server URL without a password takes ``password``, else the one the OS keyring
        remembers, else asks for it; a password that worked is remembered in the keyring."""
        target = str(location)
        asked = False
        self.passphrase_prompt.to_remember = None
        try:
            if needs_password(database_url(target)):
                url = database_url(target)
                password = password or stored_password(url)
                if password is None:
                    password, ok = QInputDialog.getText(
                        self, "Server password", f"Password for {url}:",
                        QLineEdit.EchoMode.Password,
                    )  # fmt: skip
                    if not ok:
                        return False
                    asked = True
                try:
                    project = open_project(with_password(url, password))
                except DeidError:
                    forget_password(url)
                    raise
                if asked and not remember_password(url, password):
                    self.say("the password was not remembered: no OS keyring here")
            else:
                project = open_project(location)
        except DeidError as err:
            self.say(str(err), 0)
            if not Project.exists(location):
                self.preferences.forget_recent(str(location))
            QMessageBox.warning(self, "Cannot open the project", str(err))
            return False
        self._show_project(project)
        self._keep_passphrase()
        return True

    def _show_project(self, project: Project) -> None:
        self.close_project()
        self.project = project
        self.workspace = Workspace(project, self.preferences, self.undo_group)
        self.workspace.message.connect(self.say)
        self.workspace.statusChanged.connect(self.refresh_status)
        self.workspace.currentChanged.connect(self._page_actions)
        self.retrain_status = RetrainStatus(self.workspace.retrain)
        self.statusBar().insertPermanentWidget(0, self.retrain_status)
        for signal in (
            self.workspace.retrain.started,
            self.workspace.retrain.progress,  # a re-suggestion follows a training unannounced
            self.workspace.retrain.stage,
            self.workspace.retrain.finished,
            self.workspace.retrain.failed,
        ):
            signal.connect(self._retrain_actions)
        self.setCentralWidget(self.workspace)
        QTimer.singleShot(0, self._restore_layout)  # once the new parts have their sizes
        QTimer.singleShot(0, self._reopen_last)
        QTimer.singleShot(0, self._suggest_new)  # unless a first training starts meanwhile
        self.preferences.add_recent(project.location)
        name = (
            f"{project.engine.url.database} (team)"
            if project.server
            else Path(project.location).name
        )
        self.setWindowTitle(f"DeID Studio — {name}")
        self._refresh_recent()
        self._enable()
        self.refresh_status()
        self._preferences_changed()

    def _restore_layout(self) -> None:
        if self.workspace is None:
            return
        for name, splitter in (
            ("annotate", self.workspace.annotate.split),
            ("review", self.workspace.review.split),
        ):
            state = self.preferences.window_state(f"split-{name}")
            if state is not None:
                splitter.restoreState(state)

    @property
    def release_box(self) -> QMessageBox | None:
        """The question after a rename (release your documents?), while it is open."""
        return self.claims.box

    def _reopen_last(self) -> None:
        if self.workspace is not None:
            self.workspace.reopen_last()

    def close_project(self) -> None:
        """Stop background work and close the open project, if any."""
        if self.workspace is not None:
            self._save_layout()
            self.workspace.shutdown()
            self.workspace.deleteLater()
            self.workspace = None
        if self.retrain_status is not None:
            self.statusBar().removeWidget(self.retrain_status)
            self.retrain_status.deleteLater()
            self.retrain_status = None
        if self.project is not None:
            self.project.close()
            self.project = None
        self.statusBar().setToolTip("")  # the closed project's last message
        self._enable()

    def choose_server_project(self) -> None:
        """Open a team project on a PostgreSQL server by its URL (the password is asked)."""
        url, ok = QInputDialog.getText(
            self, "Open a server project",
            "PostgreSQL URL (postgresql://LOGIN@HOST/DATABASE):",
        )  # fmt: skip
        if ok and url.strip():
            self.open_project(url.strip())

    def choose_project(self) -> None:
        """Pick a project file to open."""
        path, _ = QFileDialog.getOpenFileName(self, "Open a project", "", PROJECT_FILTER)
        if path:
            self.open_project(path)

    def create_project(self) -> None:
        """The new-project dialog: where, which scheme, encrypted or not."""
        dialog = NewProjectDialog(self)
        dialog.accepted.connect(
            lambda: self.create_project_at(
                Path(dialog.path.text().strip()).expanduser(),
                dialog.scheme.currentText(),
                passphrase=dialog.chosen_passphrase(),
                remember=dialog.encrypt.isChecked() and dialog.remember.isChecked(),
            )
        )
        dialog.open()

    def create_project_at(
        self,
        path: str | Path,
        scheme: str = "pv",
        *,
        passphrase: str | None = None,
        remember: bool = False,
    ) -> bool:
        """Create a project at ``path`` with a preset scheme (encrypted under ``passphrase``,
        if given; kept in the system keyring when ``remember``) and open it."""
        try:
            project = init_project(
                path, scheme=scheme, actor=self.preferences.user_name, passphrase=passphrase
            )
        except DeidError as err:
            QMessageBox.warning(self, "Cannot create the project", str(err))
            return False
        self._show_project(project)
        if passphrase is not None and remember:
            self.passphrase_prompt.to_remember = (Path(project.location), passphrase)
            self._keep_passphrase()
        return True

    def say(self, text: str, milliseconds: int = 8000) -> None:
        """Show one of the window's messages in the status bar, and keep it whole in the
        bar's tooltip: the retrain's progress keeps its room, so a long message ("...; not
        used: it catches fewer PHI tokens out of fold (98.46% against...") is cut at the
        window's usual width. A menu's hints pass through the bar, not the tooltip."""
        self.statusBar().showMessage(text, milliseconds)
        self.statusBar().setToolTip(text)

    def _keep_passphrase(self) -> None:
        said = self.passphrase_prompt.keep()
        if said:
            self.say(said)

    # -- dialogs and commands --------------------------------------------------------------

    def import_reports(self) -> None:
        """The import dialog."""
        if self.project is None:
            return
        dialog = ImportDialog(self.project, lambda: self.preferences.user_name, self)
        dialog.imported.connect(lambda _r: self._imported())
        dialog.open()

    def _imported(self) -> None:
        if self.workspace is not None:
            self.workspace.annotate.queue.refresh()
            self.workspace.review.queue.refresh()
        self.refresh_status()
        self._suggest_new()

    def _suggest_new(self) -> None:
        """Suggestions and queue scores for the documents that have none yet, in the
        background: with the current model, or the rules alone before the first one."""
        if self.workspace is not None:
            self.workspace.retrain.suggest_new()

    def export(self) -> None:
        """The export dialog."""
        if self.project is not None:
            dialog = ExportDialog(self.project, lambda: self.preferences.user_name, self)
            dialog.most_masked.kept.connect(lambda _word: self._keep_list_changed())
            dialog.open()

    def settings(self) -> None:
        """The settings dialog."""
        dialog = SettingsDialog(
            self.preferences, self.project, self, on_applied=self._settings_applied
        )
        if dialog.keep_editor is not None:
            dialog.keep_editor.changed.connect(self._keep_list_changed)
        dialog.open()

    def _keep_list_changed(self) -> None:
        if self.workspace is not None:
            self.workspace.keep_list_changed()

    def _settings_applied(self) -> None:
        if self.workspace is not None:
            self.workspace.project_settings_changed()
        self.refresh_status()

    def show_audit(self) -> None:
        """The audit trail of the open document."""
        session = self.workspace.current_session() if self.workspace else None
        if session is None or session.state is None or self.project is None:
            self.say("open a document first", 4000)
            return
        info = session.state.info
        AuditDialog(self.project, info.id, info.external_id or str(info.id), self).open()

    def show_shortcuts(self) -> None:
        """The F1 shortcut sheet."""
        ShortcutSheet(self.findChildren(QAction), self).open()

    def toggle_preview(self) -> None:
        """Show or hide the masked preview beside the narrative."""
        visible = self.preview_action.isChecked()
        self.preferences.set_preview_visible(visible)
        if self.workspace is not None:
            self.workspace.annotate.set_preview_visible(visible)

    def retrain(self) -> None:
        """Train a new model version now, in the background."""
        if self.workspace is not None:
            self.workspace.retrain.retrain(reason="on demand")

    def train_best(self) -> None:
        """Train the best model (L-BFGS, slower) now, in the background; it is used once its
        cross-validated F1 beats the fast model's and it catches as many PHI tokens (the
        window also trains it when idle)."""
        if self.workspace is not None:
            self.workspace.retrain.retrain(reason="the best model, on demand", best=True)

    def train_first_model(self) -> bool:
        """Start training in the background when the open project has gold but no model yet
        (the demo opens this way: suggestions appear once the first model is trained)."""
        if self.workspace is None or self.project is None or current_model(self.project):
            return False
        if not gold_count(self.project):
            return False
        return self.workspace.retrain.retrain(reason="the project's first model")

    def cancel_retrain(self) -> None:
        """Stop retraining."""
        if self.workspace is not None:
            self.workspace.retrain.cancel()

    def _show_page(self, index: int) -> None:
        if self.workspace is not None:
            self.workspace.setCurrentIndex(index)

    def _zoom(self, step: int) -> None:
        self.preferences.set_font_size(self.preferences.font_size + step)

    def _preferences_changed(self) -> None:
        if self.project is not None and self.workspace is not None:
            who = identity(self.project, self.workspace.actor()).describe()
        else:
            who = self.preferences.user_name
        self.user_label.setText(f"user: {who}")
        if self.workspace is not None:
            self.workspace.apply_preferences()

    def refresh_status(self) -> None:
        """Model version with its cross-validated F1, and the queue size."""
        if self.project is None:
            self.model_label.setText("")
            self.queue_label.setText("")
            return
        model_text, queue_text = status_line(self.project)
        self.model_label.setText(model_text)
        self.queue_label.setText(queue_text)

    # -- closing ---------------------------------------------------------------------------

    def _save_layout(self) -> None:
        self.preferences.save_window_state("geometry", self.saveGeometry())
        if self.workspace is not None:
            self.preferences.save_window_state(
                "split-annotate", self.workspace.annotate.split.saveState()
            )
            self.preferences.save_window_state(
                "split-review", self.workspace.review.split.saveState()
            )
        self.preferences.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Everything is saved already; background work is asked to stop first."""
        busy = [job.title for job in running_jobs(quiet=False)]
        if busy:
            answer = QMessageBox.question(
                self, "Work in progress",
                f"{', '.join(busy)} still running. Stop it and close?",
            )  # fmt: skip
            if answer != QMessageBox.StandardButton.Yes:
                event.ignore()
                return
        for job in running_jobs():
            job.cancel()
        for job in running_jobs():
            job.wait(60_000)  # a thread must not outlive its QThread object
        self._save_layout()
        self.close_project()
        event.accept()
