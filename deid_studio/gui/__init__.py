"""The PySide6 desktop application. Calls services only; never runs SQL or trains itself."""
