"""The quality dashboard: per-category precision/recall/F1 from cross-validation of the current
gold, the learning curve, and the recall-mode threshold tau with what it costs."""

from __future__ import annotations

from html import escape

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
)
from PySide6.QtCore import QEvent, QMargins, QObject, QPointF, Qt
from PySide6.QtGui import QColor, QCursor, QHelpEvent, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from deid_studio.services.double import agreement_report
from deid_studio.services.quality import (
    CategoryScore,
    Quality,
    cv_token_recall,
    micro_f1,
    quality,
)
from deid_studio.store.project import Project

# Paul Tol's bright scheme: precision, recall, F1 / masked share.
BLUE, RED, GREEN, GREY = "#4477AA", "#EE6677", "#228833", "#BBBBBB"
LEVEL_LABELS = 12
"""Up to this many categories, the per-category chart writes each name level with its count
under it (whole at the window's usual width); more are slanted, and may be cut short: the
tooltip of a hovered bar names them."""


def category_tip(score: CategoryScore) -> str:
    """What hovering a category's bars says."""
    return (
        f"{score.category}: {score.support} gold spans · precision {score.precision:.3f} · "
        f"recall {score.recall:.3f} · F1 {score.f1:.3f} (strict, cross-validated)"
    )


AGREEMENT_COLUMNS = (
    ("category", lambda r: r.category),
    ("spans (1st / 2nd)", lambda r: f"{r.spans_first} / {r.spans_second}"),
    ("F1 strict", lambda r: f"{r.f1_strict:.3f}"),
    ("F1 overlap", lambda r: f"{r.f1_overlap:.3f}"),
    ("Cohen's kappa", lambda r: f"{r.kappa:.3f}"),
    ("Krippendorff's alpha", lambda r: f"{r.alpha:.3f}"),
)


def _chart(title: str) -> QChart:
    chart = QChart()
    chart.setTitle(title)
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    return chart


def _view(chart: QChart, name: str) -> QChartView:
    view = QChartView(chart)
    view.setObjectName(name)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumHeight(220)
    return view


def _axis(low: float, high: float, title: str, fmt: str = "%.1f") -> QValueAxis:
    axis = QValueAxis()
    axis.setRange(low, high)
    axis.setTitleText(title)
    axis.setLabelFormat(fmt)
    return axis


def _line(name: str, colour: str, points: list[tuple[float, float]]) -> QLineSeries:
    series = QLineSeries()
    series.setName(name)
    series.setPen(QPen(QColor(colour), 2))
    for x, y in points:
        series.append(QPointF(x, y))
    return series


def _models_line(q: Quality) -> str:
    """The fast and the best model side by side, and which one is in use."""
    if q.best is None:
        return (
            "<br>Fast model in use; no best model yet (it trains when the annotation loop is "
            "idle, or with <code>deid-studio train --best</code>)."
        )
    rows = []
    for name, model in (("fast", q.fast), ("best", q.best)):
        if model is None:
            continue
        f1, caught = micro_f1(model.metrics), cv_token_recall(model.metrics)
        used = " — <b>in use</b>" if q.model is not None and model.id == q.model.id else ""
        rows.append(
            f"{name} model v{model.id} ({model.trained_as}, "
            f"{model.training_documents} documents, {model.training_seconds:.0f} s): "
            f"CV F1 {'n/a' if f1 is None else f'{f1:.3f}'}"
            f"{'' if caught is None else f', PHI tokens caught {caught:.2%}'}{used}"
        )
    why = f"<br>The best model is not used: {escape(q.why_fast)}." if q.why_fast else ""
    return "<br>" + " · ".join(rows) + why


def _recall_line(q: Quality) -> str:
    """How much text recall mode masks at its τ, out of fold, and whether it reaches its
    target recall."""
    point = q.at_tau(q.tau) if q.tau is not None else None
    if point is None:
        return ""
    line = (
        f"<br>Recall mode masks <b>{point.masked:.1%}</b> of the words "
        f"(catching {point.recall:.1%} of the PHI words, out of fold)"
    )
    if q.tau_floored:
        target = f"{q.target_recall:.1%}" if q.target_recall else "its target"
        line += (
            f" — <b>short of {target}</b>: with this little gold, reaching it would mask far "
            "more of the text; annotate more documents"
        )
    return line


class DashboardPage(QWidget):
    """Charts of the current model version's quality; the tau slider."""

    def __init__(self, project: Project, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dashboardPage")
        self.project = project
        self.quality: Quality | None = None
        self.summary = QLabel()
        self.summary.setObjectName("dashboardSummary")
        self.summary.setWordWrap(True)
        self.categories = _view(_chart("Per category (cross-validated)"), "categoryChart")
        self._hovered_tip: str | None = None  # the figures of the category under the mouse
        self.categories.viewport().installEventFilter(self)
        self.learning = _view(_chart("Learning curve (cross-validated)"), "learningChart")
        self.tau_chart = _view(_chart("Recall mode: as τ moves"), "tauChart")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setObjectName("tauSlider")
        self.slider.setRange(0, 0)
        self.tau_label = QLabel()
        self.tau_label.setObjectName("tauReadout")
        self.slider.valueChanged.connect(self._tau_moved)
        tau_row = QHBoxLayout()
        tau_row.addWidget(QLabel("τ"))
        tau_row.addWidget(self.slider, 1)
        tau_row.addWidget(self.tau_label)
        tau_box = QWidget()
        tau_layout = QVBoxLayout(tau_box)
        tau_layout.setContentsMargins(0, 0, 0, 0)
        tau_layout.addWidget(self.tau_chart, 1)
        tau_layout.addLayout(tau_row)
        grid = QGridLayout(self)
        grid.addWidget(self.summary, 0, 0, 1, 2)
        grid.addWidget(self.categories, 1, 0, 1, 2)
        grid.addWidget(self.learning, 2, 0)
        grid.addWidget(tau_box, 2, 1)
        self.agreement_label = QLabel()
        self.agreement_label.setObjectName("agreementSummary")
        self.agreement = QTableWidget(0, len(AGREEMENT_COLUMNS))
        self.agreement.setObjectName("agreementTable")
        self.agreement.setHorizontalHeaderLabels([c for c, _ in AGREEMENT_COLUMNS])
        self.agreement.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.agreement.verticalHeader().setVisible(False)
        self.agreement.horizontalHeader().setStretchLastSection(False)
        self.agreement.resizeColumnsToContents()  # the headers whole while no row is there
        grid.addWidget(self.agreement_label, 3, 0, 1, 2)
        grid.addWidget(self.agreement, 4, 0, 1, 2)
        grid.setRowStretch(1, 3)
        grid.setRowStretch(2, 2)
        grid.setRowStretch(4, 3)
        self._marker: QScatterSeries | None = None

    def refresh(self) -> None:
        """Read the current model's metrics again and redraw."""
        self.quality = quality(self.project)
        q = self.quality
        if q.model is None:
            self.summary.setText(
                "<b>No model yet.</b> Once there is gold, retrain (Ctrl+R) to see how well the "
                "detector finds each category."
            )
        else:
            f1 = "n/a" if q.micro_f1 is None else f"{q.micro_f1:.3f}"
            tau = "" if q.tau is None else f" · recall-mode τ {q.tau:.3f}"
            self.summary.setText(
                f"<b>Model version {q.model.id}</b> · trained {q.model.created_at:%Y-%m-%d %H:%M} "
                f"on {q.model.training_documents} documents in {q.model.training_seconds:.0f} s "
                f"· cross-validated micro F1 <b>{f1}</b>{tau}" + _models_line(q) + _recall_line(q)
            )
        self._draw_categories(q)
        self._draw_learning(q)
        self._draw_tau(q)
        self._fill_agreement()

    def _fill_agreement(self) -> None:
        report = agreement_report(self.project)
        if not report.documents:
            self.agreement_label.setText(
                "<b>Inter-annotator agreement:</b> no double annotation submitted yet "
                "(a steward assigns some with <code>deid-studio assign</code>)."
            )
            self.agreement.setRowCount(0)
            return
        self.agreement_label.setText(
            f"<b>Inter-annotator agreement</b> on {report.documents} documents annotated "
            f"twice, blind ({report.tokens:,} tokens): span F1 between the two annotators, "
            "token-level Cohen's kappa and Krippendorff's alpha"
        )
        rows = (*report.per_category, report.overall)
        self.agreement.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, (_, value) in enumerate(AGREEMENT_COLUMNS):
                item = QTableWidgetItem(value(row))
                if c:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.agreement.setItem(r, c, item)
        self.agreement.resizeColumnsToContents()

    def _draw_categories(self, q: Quality) -> None:
        QToolTip.hideText()  # a hovered bar's figures go with the series removed below
        self._hovered_tip = None
        chart = self.categories.chart()
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        if not q.per_category:
            return
        series = QBarSeries()
        for name, colour, pick in (
            ("precision", BLUE, lambda s: s.precision),
            ("recall", RED, lambda s: s.recall),
            ("F1", GREEN, lambda s: s.f1),
        ):
            bars = QBarSet(name)
            bars.setColor(QColor(colour))
            bars.append([pick(s) for s in q.per_category])
            series.append(bars)
        chart.addSeries(series)
        scores = q.per_category
        series.hovered.connect(
            lambda on, index, _bars: self._show_category(scores[index] if on else None)
        )
        x = QBarCategoryAxis()
        if len(scores) <= LEVEL_LABELS:
            # the count under the name: a scheme of a dozen categories reads whole, level
            x.append([f"{escape(s.category)}<br>({s.support})" for s in scores])
        else:
            x.append([f"{escape(s.category)} ({s.support})" for s in scores])
            x.setLabelsAngle(-35)
        small = x.labelsFont()
        small.setPointSizeF(max(7.0, small.pointSizeF() - 1))
        x.setLabelsFont(small)
        chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
        y = _axis(0.0, 1.0, "")
        y.setTickCount(6)
        chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(x)
        series.attachAxis(y)

    def _show_category(self, score: CategoryScore | None) -> None:
        """The hovered category's name and figures in a tooltip (its axis label may be cut
        short when the scheme has many categories)."""
        self._hovered_tip = None if score is None else category_tip(score)
        if self._hovered_tip is None:
            QToolTip.hideText()
            return
        QToolTip.showText(QCursor.pos(), self._hovered_tip, self.categories)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """While a category's bars are hovered, the chart's tooltip request (the mouse at
        rest) shows its figures: the chart's scene would answer it, and hide them, since
        its bars carry no tooltip of their own."""
        if (
            watched is self.categories.viewport()
            and event.type() == QEvent.Type.ToolTip
            and self._hovered_tip is not None
            and isinstance(event, QHelpEvent)
        ):
            QToolTip.showText(event.globalPos(), self._hovered_tip, self.categories)
            return True
        return super().eventFilter(watched, event)

    def _draw_learning(self, q: Quality) -> None:
        chart = self.learning.chart()
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        if not q.learning_curve:
            return
        points = [(float(d), f) for d, f in q.learning_curve]
        series = _line("micro F1", GREEN, points)
        dots = QScatterSeries()
        dots.setMarkerSize(7)
        dots.setColor(QColor(GREEN))
        for x, y in points:
            dots.append(QPointF(x, y))
        chart.addSeries(series)
        chart.addSeries(dots)
        chart.legend().markers(dots)[0].setVisible(False)
        least, most = min(d for d, _ in points), max(d for d, _ in points)
        margin = max((most - least) * 0.1, 5)
        x_axis = _axis(max(0, least - margin), most + margin, "training documents", "%d")
        x_axis.applyNiceNumbers()
        low = min(f for _, f in points)
        y_axis = _axis(max(0.0, low - 0.05), 1.0, "F1", "%.2f")  # the title says the rest
        y_axis.applyNiceNumbers()
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        for s in (series, dots):
            s.attachAxis(x_axis)
            s.attachAxis(y_axis)

    def _draw_tau(self, q: Quality) -> None:
        chart = self.tau_chart.chart()
        chart.removeAllSeries()
        for axis in chart.axes():
            chart.removeAxis(axis)
        self._marker = None
        self.slider.setEnabled(bool(q.curve))
        if not q.curve:
            self.tau_label.setText("no recall curve in this model's metrics")
            return
        lines = [
            _line("token recall", RED, [(p.tau, p.recall) for p in q.curve]),
            _line("precision", BLUE, [(p.tau, p.precision) for p in q.curve]),
            _line("text masked", GREY, [(p.tau, p.masked) for p in q.curve]),
        ]
        self._marker = QScatterSeries()
        self._marker.setName("τ")
        self._marker.setMarkerSize(10)
        self._marker.setColor(QColor("#222222"))
        x_axis = _axis(
            q.curve[0].tau, q.curve[-1].tau, "τ (P(O) below which a token is PHI)", "%.2f"
        )
        y_axis = _axis(0.0, 1.0, "", "%.1f")
        y_axis.setTickCount(6)
        chart.addAxis(x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(y_axis, Qt.AlignmentFlag.AlignLeft)
        for series in (*lines, self._marker):
            chart.addSeries(series)
            series.attachAxis(x_axis)
            series.attachAxis(y_axis)
        start = q.tau if q.tau is not None else q.curve[len(q.curve) // 2].tau
        nearest = min(range(len(q.curve)), key=lambda i: abs(q.curve[i].tau - start))
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(q.curve) - 1)  # one step per point of the stored curve
        self.slider.setValue(nearest)
        self.slider.blockSignals(False)
        self._tau_moved(self.slider.value())

    def tau_at_slider(self) -> float | None:
        """The τ the slider points at."""
        curve = self.quality.curve if self.quality else ()
        if not curve:
            return None
        return curve[max(0, min(self.slider.value(), len(curve) - 1))].tau

    def _tau_moved(self, _value: int) -> None:
        tau = self.tau_at_slider()
        point = self.quality.at_tau(tau) if self.quality and tau is not None else None
        if point is None:
            return
        self.tau_label.setText(
            f"τ {point.tau:.3f} · recall {point.recall:.1%} · precision {point.precision:.1%} · "
            f"masked {point.masked:.1%} of the text"
        )
        if self._marker is not None:
            self._marker.clear()
            self._marker.append(QPointF(point.tau, point.recall))
