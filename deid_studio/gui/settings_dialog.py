"""The settings dialog: your name and font size; the project's four-eyes rule, retrain
frequency and accept threshold; the category scheme; the masking policy (date-shift interval,
age threshold, action per category); the keep list (changed at once, audited)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.errors import DeidError
from deid_studio.gui.fields import confidence_box
from deid_studio.gui.keep_editor import KeepEditor
from deid_studio.gui.masking_editor import MaskingEditor
from deid_studio.gui.preferences import Preferences
from deid_studio.gui.scheme_editor import SchemeEditor
from deid_studio.services import settings as settings_service
from deid_studio.store.project import Project


class SettingsDialog(QDialog):
    """Edits preferences and (with a project open) the project's settings."""

    def __init__(
        self,
        preferences: Preferences,
        project: Project | None,
        parent: QWidget | None = None,
        *,
        on_applied: Callable[[], Any] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setObjectName("settingsDialog")
        self.resize(640, 520)
        self.preferences = preferences
        self.project = project
        self.on_applied = on_applied
        self.tabs = QTabWidget()

        you = QWidget()
        self.user_name = QLineEdit(preferences.user_name)
        self.user_name.setObjectName("userName")
        self.font_size = QSpinBox()
        self.font_size.setRange(6, 32)
        self.font_size.setValue(preferences.font_size)
        form = QFormLayout(you)
        form.addRow("Your name (in the audit trail)", self.user_name)
        form.addRow("Narrative font size", self.font_size)
        self.tabs.addTab(you, "You")

        self.scheme_editor: SchemeEditor | None = None
        self.masking_editor: MaskingEditor | None = None
        self.keep_editor: KeepEditor | None = None
        if project is not None:
            current = settings_service.project_settings(project)
            self.current = current
            page = QWidget()
            self.four_eyes = QCheckBox("Four eyes: a reviewer cannot sign off what they annotated")
            self.four_eyes.setObjectName("fourEyes")
            self.four_eyes.setChecked(current.four_eyes)
            self.retrain_every = QSpinBox()
            self.retrain_every.setObjectName("retrainEvery")
            self.retrain_every.setRange(0, 10_000)
            self.retrain_every.setSpecialValueText("only on demand")
            self.retrain_every.setSuffix(" submitted documents")
            self.retrain_every.setValue(current.retrain_every)
            self.accept_threshold = confidence_box(current.accept_threshold)
            project_form = QFormLayout(page)
            project_form.addRow(self.four_eyes)
            project_form.addRow("Retrain after every", self.retrain_every)
            project_form.addRow("“Accept all” threshold", self.accept_threshold)
            self.tabs.addTab(page, "Project")
            scheme, usage = settings_service.scheme_of(project)
            self.scheme_editor = SchemeEditor(scheme, usage)
            self.tabs.addTab(self.scheme_editor, "Categories")
            self.masking_editor = MaskingEditor(project, scheme)
            self.tabs.addTab(self.masking_editor, "Masking")
            self.keep_editor = KeepEditor(project, self._keep_actor)
            self.tabs.addTab(self.keep_editor, "Keep list")

        self.error = QLabel()
        self.error.setObjectName("settingsError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def _keep_actor(self) -> str:
        """Who changes the keep list (at once, not on OK): on a server the login, else the
        name typed here."""
        project = self.project
        if project is not None and project.server:
            return project.login or ""
        return self.user_name.text().strip() or self.preferences.user_name

    def apply(self) -> None:
        """Save everything that changed; stay open with the error when something is refused."""
        actor = self.user_name.text().strip() or self.preferences.user_name
        try:
            if self.project is not None:
                self._apply_project(actor)
        except DeidError as err:
            self.error.setText(str(err))
            return
        if self.user_name.text().strip() != self.preferences.user_name:
            self.preferences.set_user_name(self.user_name.text())
        if self.font_size.value() != self.preferences.font_size:
            self.preferences.set_font_size(self.font_size.value())
        if self.on_applied is not None:
            self.on_applied()
        self.accept()

    def _apply_project(self, actor: str) -> None:
        assert self.project is not None
        changes = {
            "four_eyes": self.four_eyes.isChecked(),
            "retrain_every": self.retrain_every.value(),
            "accept_threshold": round(self.accept_threshold.value(), 4),
        }
        current = self.current
        changed = {k: v for k, v in changes.items() if getattr(current, k) != v}
        if changed:
            settings_service.update_settings(self.project, actor=actor, **changed)
        if self.scheme_editor is not None:
            scheme, renames = self.scheme_editor.edited()
            if scheme != self.scheme_editor.original or renames:
                settings_service.update_scheme(self.project, scheme, actor=actor, renames=renames)
        if self.masking_editor is not None:
            self.masking_editor.save(actor)
