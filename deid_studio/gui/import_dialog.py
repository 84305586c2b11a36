"""The import dialog: every readable format (VAERS preset included), gold options, CSV column
mapping, the options of the annotation tools' formats (INCEpTION's layer and feature, whose
annotations, Label Studio's text field); the import runs on a worker with progress and can be
cancelled."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.errors import DeidError, printable
from deid_studio.formats import FORMATS
from deid_studio.gui.workers import Job, show_progress
from deid_studio.services.importing import ImportResult, import_file
from deid_studio.store.project import Project

LANGUAGES: tuple[tuple[str, str | None], ...] = (
    ("guess from the text", None), ("English", "en"), ("Spanish", "es"), ("French", "fr"),
    ("German", "de"), ("Italian", "it"), ("Portuguese", "pt"),
)  # fmt: skip


# the options of the annotation tools' readers: (keyword, label, placeholder)
TOOL_OPTIONS = (
    ("layer", "Span layer", "webanno.custom.PHI"),
    ("feature", "Category feature", "kind"),
    ("annotator", "Whose annotations", "an INCEpTION user, a Label Studio user id or e-mail"),
    ("text_field", "Text field", "text"),
)


def parse_label_map(text: str) -> dict[str, str]:
    """``A=B, C=D`` as a mapping; DeidError on a pair without ``=``."""
    mapping: dict[str, str] = {}
    for pair in (p.strip() for p in text.replace(";", ",").split(",")):
        if not pair:
            continue
        label, sep, category = pair.partition("=")
        if not sep or not label.strip() or not category.strip():
            raise DeidError(f"label map: expected LABEL=CATEGORY, got {pair!r}")
        mapping[label.strip()] = category.strip()
    return mapping


def _columns(text: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in text.split(",") if c.strip())


class ImportDialog(QDialog):
    """Choose a file and how to read it; import in the background."""

    imported = Signal(object)

    def __init__(
        self, project: Project, actor: Callable[[], str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import reports")
        self.setObjectName("importDialog")
        self.project = project
        self.actor = actor
        self.job: Job | None = None
        self.outcome: ImportResult | None = None

        self.format = QComboBox()
        self.format.setObjectName("importFormat")
        for name, fmt in FORMATS.items():
            if fmt.read is not None:
                label = "VAERS data file (preset)" if name == "vaers" else fmt.description
                self.format.addItem(f"{name} — {label}", name)
        self.path = QLineEdit()
        self.path.setObjectName("importPath")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path, 1)
        path_row.addWidget(browse)
        self.gold = QCheckBox("Import the file's spans as gold (documents wait for review)")
        self.signed_off = QCheckBox("…already reviewed elsewhere (signed off)")
        self.add_categories = QCheckBox("Add labels the scheme lacks as new categories")
        self.skip_duplicates = QCheckBox("Skip reports already in the project")
        self.language = QComboBox()
        for label, code in LANGUAGES:
            self.language.addItem(label, code)
        self.label_map = QLineEdit()
        self.label_map.setPlaceholderText("NOMBRE=PATIENT, HOSPITAL=ORGANIZATION")

        self.csv_box = QGroupBox("CSV columns")
        self.text_column = QLineEdit("text")
        self.id_column = QLineEdit()
        self.case_column = QLineEdit()
        self.meta_columns = QLineEdit()
        self.date_columns = QLineEdit()
        self.encoding = QLineEdit("utf-8")
        self.delimiter = QLineEdit(",")
        csv_form = QFormLayout(self.csv_box)
        for label, widget in (
            ("Narrative column", self.text_column),
            ("Report id column", self.id_column),
            ("Case column", self.case_column),
            ("Metadata columns", self.meta_columns),
            ("Date columns", self.date_columns),
            ("Encoding", self.encoding),
            ("Delimiter", self.delimiter),
        ):
            csv_form.addRow(label, widget)

        self.tool_box = QGroupBox("Annotation tool options (leave empty to detect)")
        self.tool_box.setObjectName("importToolOptions")
        self.tool_fields: dict[str, QLineEdit] = {}
        tool_form = QFormLayout(self.tool_box)
        for option, label, hint in TOOL_OPTIONS:
            field = QLineEdit()
            field.setObjectName(f"import_{option}")
            field.setPlaceholderText(hint)
            self.tool_fields[option] = field
            tool_form.addRow(label, field)

        form = QFormLayout()
        form.addRow("Format", self.format)
        form.addRow("File or folder", path_row)
        form.addRow("Language", self.language)
        form.addRow("Label map", self.label_map)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.report = QLabel()
        self.report.setObjectName("importReport")
        self.report.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self._cancel)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        for box in (self.gold, self.signed_off, self.add_categories, self.skip_duplicates):
            layout.addWidget(box)
        layout.addWidget(self.csv_box)
        layout.addWidget(self.tool_box)
        layout.addWidget(self.progress)
        layout.addWidget(self.report)
        layout.addWidget(self.buttons)
        self.format.currentIndexChanged.connect(self._format_changed)
        self.gold.toggled.connect(self._gold_changed)
        self.format.setCurrentIndex(max(0, self.format.findData("vaers")))
        self._format_changed()
        self._gold_changed()

    def _format_changed(self) -> None:
        self.csv_box.setVisible(self.format.currentData() == "csv")
        taken = FORMATS[self.format.currentData()].options
        for option, field in self.tool_fields.items():
            field.setVisible(option in taken)
            label = self.tool_box.layout().labelForField(field)  # type: ignore[attr-defined]
            if label is not None:
                label.setVisible(option in taken)
        self.tool_box.setVisible(bool(taken))
        self.adjustSize()

    def _gold_changed(self) -> None:
        self.signed_off.setEnabled(self.gold.isChecked())
        if not self.gold.isChecked():
            self.signed_off.setChecked(False)

    def _browse(self) -> None:
        fmt = FORMATS[self.format.currentData()]
        if fmt.folder:
            chosen = QFileDialog.getExistingDirectory(self, "Folder to import")
        else:
            chosen, _ = QFileDialog.getOpenFileName(self, "File to import")
        if chosen:
            self.path.setText(chosen)

    def options(self) -> dict[str, Any]:
        """Keyword arguments for the import service, from the form."""
        name = self.format.currentData()
        options: dict[str, Any] = {
            "gold": self.gold.isChecked(),
            "signed_off": self.signed_off.isChecked(),
            "add_categories": self.add_categories.isChecked(),
            "skip_duplicates": self.skip_duplicates.isChecked(),
            "language": self.language.currentData(),
            "label_map": parse_label_map(self.label_map.text()),
        }
        if name == "csv":
            columns = {
                "text": self.text_column.text().strip(),
                "id": self.id_column.text().strip() or None,
                "case": self.case_column.text().strip() or None,
                "meta": _columns(self.meta_columns.text()),
                "dates": _columns(self.date_columns.text()),
                "encoding": self.encoding.text().strip() or "utf-8",
                "delimiter": self.delimiter.text() or ",",
            }
            if not columns["text"]:
                raise DeidError("CSV import needs the narrative column")
            options |= {k: v for k, v in columns.items() if v not in (None, ())}
        for option in FORMATS[name].options:
            value = self.tool_fields[option].text().strip()
            if value:
                options[option] = value
        return options

    def start(self) -> None:
        """Import on a worker; the dialog shows progress and then the outcome."""
        if self.job is not None and self.job.running:
            return
        text = self.path.text().strip()
        if not text:
            self.report.setText("Choose a file or folder first.")
            return
        try:
            options = self.options()
        except DeidError as err:
            self.report.setText(str(err))
            return
        name, path, project, actor = (
            self.format.currentData(),
            Path(text),
            self.project,
            self.actor(),
        )

        def work(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            return import_file(
                project, name, path, actor=actor, progress=progress, cancelled=cancelled, **options
            )

        self.report.setText(f"Importing {path.name}…")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.job = Job("import", work, self)
        show_progress(self.job, self.progress)
        self.job.finished.connect(self._done)
        self.job.failed.connect(self._failed)
        self.job.cancelled.connect(lambda: self._failed("cancelled; nothing was imported"))
        self.job.start()

    def _done(self, result: ImportResult) -> None:
        self.outcome = result
        self.progress.setVisible(False)
        line = f"Imported {result.documents} documents"
        if result.spans:
            line += f" with {result.spans} gold spans"
        line += f" as {result.status.replace('_', ' ')} in {result.seconds:.1f} s."
        if result.skipped_duplicates:
            line += f" Skipped {result.skipped_duplicates} already in the project."
        for warning in result.warnings:
            line += f"\nWarning: {printable(warning)}"
        line += "".join(f"\nNote: {note}" for note in result.notes)
        self.report.setText(line)
        self.imported.emit(result)
        self.accept()

    def _failed(self, message: str) -> None:
        self.progress.setVisible(False)
        self.report.setText(message)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)

    def _cancel(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()
        else:
            self.reject()
