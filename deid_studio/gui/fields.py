"""Small form fields the window uses in several places."""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox


def confidence_box(value: float, name: str = "", tip: str = "") -> QDoubleSpinBox:
    """A confidence from 0 to 1 in steps of 0.05, shown with two decimals."""
    box = QDoubleSpinBox()
    if name:
        box.setObjectName(name)
    box.setRange(0.0, 1.0)
    box.setSingleStep(0.05)
    box.setDecimals(2)
    box.setValue(value)
    if tip:
        box.setToolTip(tip)
    return box
