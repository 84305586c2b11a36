"""Creating a project (where, which scheme, encrypted or not) and asking the passphrase of an
encrypted one when it opens."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QThread
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.categories import preset_names
from deid_studio.core.errors import DeidError
from deid_studio.services import passphrases

PROJECT_FILTER = "DeID Studio projects (*.sqlite *.db);;All files (*)"


class NewProjectDialog(QDialog):
    """Where the new project goes, its category scheme, and whether its file is encrypted
    (with the passphrase typed twice, and optionally kept in the system keyring)."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("newProjectDialog")
        self.setWindowTitle("New project")
        self.path = QLineEdit(str((folder or Path.home()) / "project.sqlite"))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.path, 1)
        where.addWidget(browse)
        self.scheme = QComboBox()
        self.scheme.addItems(list(preset_names()))
        self.encrypt = QCheckBox("&Encrypt the project file (a passphrase opens it)")
        self.passphrase = QLineEdit()
        self.confirm = QLineEdit()
        for field in (self.passphrase, self.confirm):
            field.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox("&Remember the passphrase in the system keyring")
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setStyleSheet("color: #b00020")
        form = QFormLayout()
        file_label = QLabel("&File:")
        file_label.setBuddy(self.path)  # a row of a layout gets no buddy by itself
        form.addRow(file_label, where)
        form.addRow("&Scheme:", self.scheme)
        form.addRow("", self.encrypt)
        form.addRow("&Passphrase:", self.passphrase)
        form.addRow("&Again:", self.confirm)
        form.addRow("", self.remember)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.encrypt.toggled.connect(self._encryption_toggled)
        self._encryption_toggled(False)

    def _encryption_toggled(self, on: bool) -> None:
        for widget in (self.passphrase, self.confirm, self.remember):
            widget.setEnabled(on)
        if on:
            self.passphrase.setFocus()

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(
            self, "New project", self.path.text(), PROJECT_FILTER
        )
        if chosen:
            self.path.setText(chosen)

    def chosen_passphrase(self) -> str | None:
        """The passphrase to encrypt with, or None for a plain project file."""
        return self.passphrase.text() if self.encrypt.isChecked() else None

    def accept(self) -> None:
        """Close only when the choices make sense; otherwise say why under the form."""
        problem = self._problem()
        if problem:
            self.problem.setText(problem)
            return
        super().accept()

    def _problem(self) -> str:
        path = Path(self.path.text().strip()).expanduser()
        if not self.path.text().strip():
            return "Choose where the project file goes."
        if path.exists():
            return f"{path.name} already exists; choose a new file."
        if self.encrypt.isChecked():
            if not self.passphrase.text():
                return "Type a passphrase, or untick encryption."
            if self.passphrase.text() != self.confirm.text():
                return "The two passphrases differ."
        return ""


class PassphrasePrompt:
    """Asks for the passphrase of an encrypted project in a dialog (the store calls it while
    opening the file) and, once the project opened, keeps it in the system keyring when the
    person ticked the box — only then is it known to be right."""

    def __init__(self) -> None:
        self.to_remember: tuple[Path, str] | None = None

    def __call__(self, path: Path, attempt: int) -> str | None:
        """The passphrase typed, or None when cancelled (or off the GUI thread)."""
        app = QApplication.instance()
        if app is None or QThread.currentThread() is not app.thread():
            return None
        dialog = PassphraseDialog(path, attempt, QApplication.activeWindow())
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        typed = dialog.field.text()
        self.to_remember = (path, typed) if dialog.remember.isChecked() else None
        return typed

    def keep(self) -> str | None:
        """Remember the last passphrase if asked to; a message when the keyring refused."""
        wanted, self.to_remember = self.to_remember, None
        if wanted is None:
            return None
        try:
            passphrases.remember(*wanted)
        except DeidError as err:
            return str(err)
        return "the passphrase is kept in the system keyring"


class PassphraseDialog(QDialog):
    """Asks for the passphrase of one encrypted project file."""

    def __init__(self, path: Path, attempt: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("passphraseDialog")
        self.setWindowTitle("Encrypted project")
        text = f"<b>{path.name}</b> is encrypted. Its passphrase:"
        if attempt:
            text = f"Wrong passphrase for <b>{path.name}</b>. Try again:"
        label = QLabel(text)
        label.setTextFormat(Qt.TextFormat.RichText)
        self.field = QLineEdit()
        self.field.setEchoMode(QLineEdit.EchoMode.Password)
        self.remember = QCheckBox("&Remember it in the system keyring")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        for widget in (label, self.field, self.remember, buttons):
            layout.addWidget(widget)
