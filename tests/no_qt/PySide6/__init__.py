"""Stands in for PySide6 when the non-GUI tests run: any import of Qt below the GUI fails."""

raise ImportError("PySide6 is deliberately unavailable: only deid_studio.gui may import Qt")
