"""Starting the application: the QApplication, the main window, the project to open."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from types import TracebackType

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from deid_studio.core.errors import describe_bug
from deid_studio.core.resources import resources_dir
from deid_studio.gui.main_window import MainWindow
from deid_studio.gui.preferences import APPLICATION, ORGANIZATION, Preferences
from deid_studio.services.privacy import log_failure, private_process
from deid_studio.services.staging import recover_staged
from deid_studio.store.project import Project


def application() -> QApplication:
    """The QApplication (created once), named so QSettings finds the preferences."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("DeID Studio")
    icon = _icon()
    if icon is not None:
        app.setWindowIcon(icon)
    return app


def _icon() -> QIcon | None:
    """The window icon, shipped with the resources (a checkout, a wheel, the frozen app)."""
    path = resources_dir() / "icons" / "deid-studio.svg"
    return QIcon(str(path)) if path.is_file() else None


def build_window(project: str | Path | None, *, user: str | None = None) -> MainWindow:
    """The main window with ``project`` open (the last project when None, if it still exists)."""
    application()
    preferences = Preferences()
    if user:
        preferences.override_user(user)
    window = MainWindow(preferences)
    target = project if project is not None else preferences.last_project
    if target is not None and (project is not None or Project.exists(target)):
        window.open_project(target)
    return window


def run(
    project: str | Path | None = None, *, user: str | None = None, first_model: bool = False
) -> int:
    """Open the window and run until it closes; the process exit code. ``first_model``:
    train a model in the background at once when the project has gold and no model."""
    private_process()  # every file the window (or its children) creates: owner only
    recover_staged()  # what a killed export left behind
    install_error_hook()
    app = application()
    window = build_window(project, user=user)
    window.show()
    if first_model:
        window.train_first_model()
    return int(app.exec())


def install_error_hook() -> None:
    """Report an exception nobody caught (in a slot, in a thread) as one line on stderr
    without its message, which may hold data, and log its traceback without messages."""

    def report(kind: type[BaseException], err: BaseException, trace: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, err, trace)
            return
        try:
            where = f"details in {log_failure(err.with_traceback(trace), 'window')}"
        except OSError:
            where = "the error log could not be written"
        print(f"deid-studio: internal error: {describe_bug(err)} ({where})", file=sys.stderr)

    def report_thread(hook: threading.ExceptHookArgs) -> None:
        if hook.exc_value is not None and not issubclass(hook.exc_type, SystemExit):
            report(hook.exc_type, hook.exc_value, hook.exc_traceback)

    sys.excepthook = report
    threading.excepthook = report_thread
