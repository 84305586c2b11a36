"""The masking policy editor: preset, an action per category, the date-shift interval, the age
threshold and the confidence a suggestion needs to be masked. Reads and saves the policy through
the masking service."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from deid_studio.core.categories import Scheme
from deid_studio.core.errors import DeidError
from deid_studio.mask.kinds import kind_of
from deid_studio.mask.policy import ACTIONS, PRESETS, MaskingPolicy
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
        self.confidence = QDoubleSpinBox()
        self.confidence.setRange(0.0, 1.0)
        self.confidence.setSingleStep(0.05)
        self.confidence.setValue(policy.confidence)
        self.neighbour = QDoubleSpinBox()
        self.neighbour.setObjectName("neighbourConfidence")
        self.neighbour.setRange(0.0, 1.0)
        self.neighbour.setSingleStep(0.05)
        self.neighbour.setValue(policy.neighbour_confidence)
        self.neighbour.setToolTip(
            "A name, place or organisation suggested beside a masked span is masked from this "
            "confidence on; the parts of one name or address are masked together whatever theirs"
        )
        form = QFormLayout()
        form.addRow("Preset", self.preset)
        form.addRow("Date shift (per case)", shift)
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
