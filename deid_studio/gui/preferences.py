"""Per-person preferences kept by Qt's QSettings: the user name, font size, recent projects,
and the window layout (remembered for each user name).

Project-wide choices (four eyes, retrain frequency...) live in the project instead, see
:mod:`deid_studio.services.settings`.
"""

from __future__ import annotations

import getpass
import hashlib
import os

from PySide6.QtCore import QByteArray, QObject, QSettings, Signal

ORGANIZATION = "DeID Studio"
APPLICATION = "deid-studio"
RECENT_LIMIT = 8
DEFAULT_FONT_SIZE = 11


def default_user() -> str:
    """The name used until the person sets one: ``$DEID_STUDIO_USER``, then the login."""
    return os.environ.get("DEID_STUDIO_USER") or getpass.getuser()


class Preferences(QObject):
    """Typed access to the application's QSettings."""

    changed = Signal()
    renamed = Signal(str, str)
    """(old name, new name) after the person renamed themselves in the settings."""

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self._settings = settings or QSettings(
            QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION
        )
        self._user_override: str | None = None

    # -- who -------------------------------------------------------------------------------

    @property
    def user_name(self) -> str:
        """The actor named in the audit trail for everything done in the window."""
        if self._user_override:
            return self._user_override
        value = self._settings.value("user/name", "", str)
        return str(value) if value else default_user()

    def set_user_name(self, name: str) -> None:
        """Remember the user name (blank returns to the default)."""
        old = self.user_name
        self._settings.setValue("user/name", name.strip())
        self._user_override = None
        self.changed.emit()
        if self.user_name != old:
            self.renamed.emit(old, self.user_name)

    def override_user(self, name: str | None) -> None:
        """Use ``name`` for this session only (``--user`` on the command line)."""
        self._user_override = name or None
        self.changed.emit()

    # -- look ------------------------------------------------------------------------------

    @property
    def font_size(self) -> int:
        """Point size of the narrative text."""
        value = self._settings.value("view/font_size", DEFAULT_FONT_SIZE, int)
        return int(value) if isinstance(value, int | str) else DEFAULT_FONT_SIZE

    def set_font_size(self, size: int) -> None:
        """Change the narrative's point size (6 to 32)."""
        self._settings.setValue("view/font_size", max(6, min(32, int(size))))
        self.changed.emit()

    @property
    def preview_visible(self) -> bool:
        """Whether the masked preview is shown beside the narrative."""
        return bool(self._settings.value("view/preview", True, bool))

    def set_preview_visible(self, visible: bool) -> None:
        """Show or hide the masked preview."""
        self._settings.setValue("view/preview", bool(visible))

    # -- projects --------------------------------------------------------------------------

    @property
    def recent_projects(self) -> list[str]:
        """Projects opened lately, the latest first."""
        value = self._settings.value("projects/recent", [], list)
        return [str(v) for v in value if v] if isinstance(value, list) else []

    @property
    def last_project(self) -> str | None:
        """The project opened last, if any."""
        recent = self.recent_projects
        return recent[0] if recent else None

    def add_recent(self, location: str) -> None:
        """Put a project at the top of the recent list."""
        recent = [location, *(p for p in self.recent_projects if p != location)]
        self._settings.setValue("projects/recent", recent[:RECENT_LIMIT])
        self.changed.emit()

    def forget_recent(self, location: str) -> None:
        """Drop a project from the recent list (it was moved or deleted)."""
        self._settings.setValue(
            "projects/recent", [p for p in self.recent_projects if p != location]
        )
        self.changed.emit()

    def last_document(self, project: str, page: str) -> int | None:
        """The document open on ``page`` ("annotate", "review") when ``project`` was left."""
        value = self._settings.value(f"last_document/{_key(project)}/{page}", "", str)
        return int(value) if str(value or "").isdigit() else None

    def set_last_document(self, project: str, page: str, document_id: int | None) -> None:
        """Remember the document open on ``page`` of ``project`` (None: none is)."""
        key = f"last_document/{_key(project)}/{page}"
        if document_id is None:
            self._settings.remove(key)
        else:
            self._settings.setValue(key, str(document_id))

    # -- window layout, per user ------------------------------------------------------------

    def _layout_key(self, what: str) -> str:
        user = self.user_name.replace("/", "_") or "default"
        return f"layout/{user}/{what}"

    def window_state(self, what: str) -> QByteArray | None:
        """A saved geometry or state blob of the window (or of a splitter)."""
        value = self._settings.value(self._layout_key(what))
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def save_window_state(self, what: str, blob: QByteArray) -> None:
        """Remember a geometry or state blob for the current user."""
        self._settings.setValue(self._layout_key(what), blob)

    def sync(self) -> None:
        """Write everything to disk now."""
        self._settings.sync()


def _key(location: str) -> str:
    """A settings key for a project location (QSettings keys must not hold slashes)."""
    return hashlib.sha1(location.encode("utf-8")).hexdigest()[:16]
