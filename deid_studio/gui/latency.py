"""Measuring how long the event loop stalls: a fast timer notes the gaps between its ticks.

Used by the tests and ``benchmarks/gui_latency.py`` to show that retraining and re-suggesting
never freeze the window.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, QTimer


class StallMeter(QObject):
    """Records the longest gap between ticks of a timer firing every ``interval_ms``."""

    def __init__(self, interval_ms: int = 5, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timer = QTimer(self)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._tick)
        self._interval = interval_ms / 1000
        self._last = 0.0
        self.longest = 0.0
        self.ticks = 0

    def start(self) -> None:
        """Begin measuring (forgetting earlier figures)."""
        self.longest, self.ticks = 0.0, 0
        self._last = time.perf_counter()
        self._timer.start()

    def stop(self) -> float:
        """Stop; the longest stall in milliseconds (the gap beyond the timer's interval)."""
        self._tick()
        self._timer.stop()
        return self.longest_ms

    @property
    def longest_ms(self) -> float:
        """The longest stall so far, in milliseconds."""
        return max(0.0, self.longest - self._interval) * 1000

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now
        self.ticks += 1
