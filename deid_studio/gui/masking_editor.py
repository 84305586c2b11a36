"""The masking policy editor: preset, an action per category, the date-shift interval and the
reference date no shift crosses, years alone, linked report numbers, the age threshold and the
confidences a suggestion needs to be masked. Reads and saves the policy through the masking
service."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.categories import Scheme
from deid_studio.core.errors import DeidError
from deid_studio.gui.fields import confidence_box
from deid_studio.mask.kinds import kind_of
from deid_studio.mask.policy import (
    ACTIONS,
    LINKED_REPORTS,
    PRESETS,
    YEARS_ALONE,
    LinkedReports,
    MaskingPolicy,
    YearsAlone,
)
from deid_studio.services import masking
from deid_studio.store.project import Project

DEFAULT = "(preset)"


class MaskingEditor(QWidget):
    """Edits the project's masking policy."""

    def __init__(self, project: Project, scheme: Scheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("maskingEditor")
        self.project = project
        self.scheme = scheme
        layout = QVBoxLayout(self)
        self.policy = masking.masking_policy(project)
        policy = self.policy
        self.preset = QComboBox()
        self.preset.setObjectName("maskingPreset")
        self.preset.addItems(list(PRESETS))
        self.preset.setCurrentText(policy.preset)
        self.shift_low = QSpinBox()
        self.shift_high = QSpinBox()
        for box, value in (
            (self.shift_low, policy.shift_days[0]),
            (self.shift_high, policy.shift_days[1]),
        ):
            box.setRange(-3650, 3650)
            box.setSuffix(" days")
            box.setValue(value)
        shift = QHBoxLayout()
        shift.addWidget(self.shift_low)
        shift.addWidget(QLabel("to"))
        shift.addWidget(self.shift_high)
        self.age = QSpinBox()
        self.age.setObjectName("ageThreshold")
        self.age.setRange(0, 150)
        self.age.setValue(policy.age_threshold)
        self.confidence = confidence_box(policy.confidence)
        self.neighbour = confidence_box(
            policy.neighbour_confidence,
            "neighbourConfidence",
            "A name, place or organisation suggested beside a masked span is masked from this "
            "confidence on; the parts of one name or address are masked together whatever theirs",
        )
        self.keep_after = QLineEdit(policy.keep_after or "")
        self.keep_after.setObjectName("keepAfter")
        self.keep_after.setPlaceholderText("YYYY-MM-DD (none)")
        self.keep_after.setToolTip(
            "No shifted date crosses this date (each case's shift is narrowed): for example "
            "2020-12-11, so no COVID-19 vaccination is shifted into 2019"
        )
        self.years_alone = QComboBox()
        self.years_alone.setObjectName("yearsAlone")
        self.years_alone.addItems(list(YEARS_ALONE))
        self.years_alone.setCurrentText(policy.years_alone)
        self.linked_reports = QComboBox()
        self.linked_reports.setObjectName("linkedReports")
        self.linked_reports.addItems(list(LINKED_REPORTS))
        self.linked_reports.setCurrentText(policy.linked_reports)
        self.linked_reports.setToolTip(
            "Numbers of linked reports (VAERS 1772130, US-FDA-2021-312213): a keyed pseudonym, "
            "the same throughout the project, or kept"
        )
        form = QFormLayout()
        form.addRow("Preset", self.preset)
        form.addRow("Date shift (per case)", shift)
        form.addRow("No shifted date crosses", self.keep_after)
        form.addRow("Years alone", self.years_alone)
        form.addRow("Linked report numbers", self.linked_reports)
        form.addRow("Ages above", self.age)
        form.addRow("Suggestions masked from confidence", self.confidence)
        form.addRow("… beside a masked span, names from", self.neighbour)
        self.table = QTableWidget(len(scheme), 2)
        self.table.setObjectName("maskingActions")
        self.table.setHorizontalHeaderLabels(["Category", "Action"])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.combos: dict[str, QComboBox] = {}
        for row, category in enumerate(scheme):
            item = QTableWidgetItem(f"{category.name}  ({kind_of(category.name, scheme)})")
            self.table.setItem(row, 0, item)
            combo = QComboBox()
            combo.addItems([DEFAULT, *ACTIONS])
            combo.setCurrentText(policy.actions.get(category.name, DEFAULT))
            self.table.setCellWidget(row, 1, combo)
            self.combos[category.name] = combo
        layout.addLayout(form)
        layout.addWidget(self.table, 1)

    def edited(self) -> MaskingPolicy:
        """The policy as edited (a PolicyError when a value is out of range)."""
        actions: dict[str, Any] = {
            name: combo.currentText()
            for name, combo in self.combos.items()
            if combo.currentText() != DEFAULT
        }
        return replace(
            self.policy,
            preset=self.preset.currentText(),
            actions=actions,
            shift_days=(self.shift_low.value(), self.shift_high.value()),
            age_threshold=self.age.value(),
            confidence=round(self.confidence.value(), 4),
            neighbour_confidence=round(self.neighbour.value(), 4),
            keep_after=self.keep_after.text().strip() or None,
            years_alone=cast(YearsAlone, self.years_alone.currentText()),
            linked_reports=cast(LinkedReports, self.linked_reports.currentText()),
        )

    def save(self, actor: str) -> None:
        """Store the edited policy if it changed (the service audits it)."""
        new = self.edited()
        if new == self.policy:
            return
        problems = new.problems(self.scheme)
        if problems:
            raise DeidError("; ".join(problems))
        masking.set_masking_policy(self.project, new, actor=actor)
        self.policy = new
