"""The export dialog: masked reports (masking preset, format, the leak check's report, how many
documents are not yet signed off) or the gold standard; the export runs in the background with
progress."""

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
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from deid_studio.formats import TOOL_FORMATS
from deid_studio.gui.keep_editor import MostMasked
from deid_studio.gui.workers import Job, show_progress
from deid_studio.mask import LeakError
from deid_studio.mask.policy import PRESETS
from deid_studio.services import masking
from deid_studio.services.exporting import export_gold
from deid_studio.services.privacy import DEFAULT_READABLE_BY
from deid_studio.services.project import summary
from deid_studio.store.project import Project

GOLD_FORMATS = ("jsonl", "brat", "i2b2", "conll", "txt", *TOOL_FORMATS)
SIGNED = masking.EXPORTABLE
READABLE_CHOICES = {
    "me": "Only me (private)",
    "group": "Me and my group",
    "everyone": "Everyone on this computer",
}
"""The choices of ``services.privacy.READABLE_BY`` as the dialog names them."""


class ExportDialog(QDialog):
    """Choose what to export and where; see the leak check refuse what would leak."""

    ended = Signal(bool)
    """The export finished (True) or was refused, failed or cancelled (False)."""

    def __init__(
        self, project: Project, actor: Callable[[], str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export")
        self.setObjectName("exportDialog")
        self.resize(620, 520)
        self.project = project
        self.actor = actor
        self.job: Job | None = None
        self.outcome: Any = None
        self.leaks: tuple[Any, ...] = ()

        counts = summary(project).documents
        ready = sum(counts.get(s, 0) for s in SIGNED)
        waiting = sum(counts.values()) - ready
        self.counts = QLabel(
            f"{ready} documents signed off; <b>{waiting}</b> not yet signed off "
            "(exported only when forced, and the audit trail records it)."
        )
        self.counts.setObjectName("exportCounts")
        self.counts.setWordWrap(True)
        self.masked = QRadioButton("Masked reports (de-identified)")
        self.gold = QRadioButton("Gold standard (narratives with their PHI spans)")
        self.masked.setChecked(True)
        self.preset = QComboBox()
        self.preset.setObjectName("exportPreset")
        self.preset.addItems(list(PRESETS))
        self.preset.setCurrentText(masking.masking_policy(project).preset)
        self.format = QComboBox()
        self.format.setObjectName("exportFormat")
        self.readable = QComboBox()
        self.readable.setObjectName("exportReadableBy")
        for key, label in READABLE_CHOICES.items():
            self.readable.addItem(label, key)
        self.readable.setToolTip(
            "Who on this computer may open the files. The gold standard holds PHI: it is "
            "always readable by you only."
        )
        self.force = QCheckBox("Also export documents not signed off (forced; audited)")
        self.force.setObjectName("exportForce")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("Why (recorded in the audit trail with a forced export)")
        self.reason.setEnabled(False)
        self.force.toggled.connect(self.reason.setEnabled)
        self.recall = QCheckBox(
            "Mask those in recall mode (recommended: the model reads them again and masks "
            "every token it doubts)"
        )
        self.recall.setObjectName("exportRecall")
        self.recall.setChecked(True)
        self.recall.setEnabled(False)
        self.force.toggled.connect(self.recall.setEnabled)
        self.overwrite = QCheckBox("Replace what is already there")
        self.out = QLineEdit()
        self.out.setObjectName("exportOut")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        out_row = QHBoxLayout()
        out_row.addWidget(self.out, 1)
        out_row.addWidget(browse)
        form = QFormLayout()
        form.addRow("Masking preset", self.preset)
        form.addRow("Format", self.format)
        form.addRow("Readable by", self.readable)
        form.addRow("Write to", out_row)
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.report = QPlainTextEdit()
        self.report.setObjectName("exportReport")
        self.report.setReadOnly(True)
        self.report.setPlaceholderText("The leak check's report appears here.")
        self.most_masked = MostMasked(project, actor)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Export")
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self._cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(self.counts)
        layout.addWidget(self.masked)
        layout.addWidget(self.gold)
        layout.addLayout(form)
        layout.addWidget(self.force)
        layout.addWidget(self.reason)
        layout.addWidget(self.recall)
        layout.addWidget(self.overwrite)
        layout.addWidget(self.progress)
        layout.addWidget(self.report, 1)
        layout.addWidget(self.most_masked, 1)
        layout.addWidget(self.buttons)
        self.masked.toggled.connect(self._mode_changed)
        self._mode_changed()

    def _mode_changed(self) -> None:
        masked = self.masked.isChecked()
        self.preset.setEnabled(masked)
        self.readable.setEnabled(masked)
        if not masked:
            self.readable.setCurrentIndex(self.readable.findData(DEFAULT_READABLE_BY))
        self.format.clear()
        self.format.addItems(list(masking.MASKED_FORMATS if masked else GOLD_FORMATS))

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "Export to", "export")
        if chosen:
            self.out.setText(chosen)

    def start(self) -> None:
        """Export on a worker; a leak refuses it and its report is shown."""
        if self.job is not None and self.job.running:
            return
        text = self.out.text().strip()
        if not text:
            self.report.setPlainText("Choose where to write the export first.")
            return
        out, fmt, force = Path(text), self.format.currentText(), self.force.isChecked()
        project, actor, overwrite = self.project, self.actor(), self.overwrite.isChecked()
        if self.masked.isChecked():
            preset, reason = self.preset.currentText(), self.reason.text().strip()
            readable_by = str(self.readable.currentData())
            mode = "recall" if self.recall.isChecked() else "default"

            def work(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
                return masking.export_masked(
                    project, out, fmt, actor=actor, preset=preset, force=force, reason=reason,
                    overwrite=overwrite, readable_by=readable_by, mode=mode,
                    progress=progress, cancelled=cancelled,
                )  # fmt: skip
        else:
            statuses = None if force else list(SIGNED)

            def work(progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
                return export_gold(
                    project, fmt, out, actor=actor, statuses=statuses, overwrite=overwrite,
                    progress=progress, cancelled=cancelled,
                )  # fmt: skip

        self.report.setPlainText(f"Exporting to {out}…")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.job = Job("export", work, self)
        show_progress(self.job, self.progress)
        self.job.finished.connect(self._done)
        self.job.failed.connect(self._failed)
        self.job.error.connect(self._error)
        self.job.cancelled.connect(lambda: self._failed("cancelled; nothing was written"))
        self.job.start()

    def _done(self, result: Any) -> None:
        self.outcome = result
        self.progress.setVisible(False)
        lines = [f"Exported {result.documents} documents to {result.out} ({result.seconds:.1f} s)."]
        forced = getattr(result, "forced", 0)
        if forced:
            lines.append(f"{forced} of them were not signed off (forced; audited).")
            if getattr(result, "mode_note", ""):
                lines.append(result.mode_note[:1].upper() + result.mode_note[1:] + ".")
        for category, actions in sorted(getattr(result, "actions", {}).items()):
            done = ", ".join(f"{n} {a}" for a, n in sorted(actions.items()))
            lines.append(f"  {category}: {done}")
        lines += [f"Note: {note}" for note in getattr(result, "notes", ())]
        spared = getattr(result, "spared", 0)
        if spared:
            lines.append(f"Left as written: {spared} suggestions (safe terms and the keep list).")
        if self.masked.isChecked():
            lines.append("The leak check found no PHI in the output.")
        self.report.setPlainText("\n".join(lines))
        self.most_masked.show_words(getattr(result, "most_masked", ()), masking.MIN_REPORTS)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Close")
        self.ended.emit(True)

    def _error(self, error: Exception) -> None:
        self.leaks = getattr(error, "leaks", ()) if isinstance(error, LeakError) else ()

    def _failed(self, message: str) -> None:
        self.progress.setVisible(False)
        lines = ["Nothing was exported.", "", message]
        if self.leaks:
            lines += ["", f"The leak check found {len(self.leaks)} PHI string(s) in the output:"]
            lines += [
                f"  report {k.external_id}, offset {k.offset}, {k.length} characters, {k.category}"
                for k in self.leaks
            ]
            lines += ["", "Correct the gold of these reports (or the masking policy) and retry."]
        self.report.setPlainText("\n".join(lines))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        self.ended.emit(False)

    def _cancel(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()
        else:
            self.reject()
