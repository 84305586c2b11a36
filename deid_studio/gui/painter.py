"""Draws a session's spans on a narrative view and keeps the view in step with the session."""

from __future__ import annotations

from html import escape as _escape

from PySide6.QtCore import QObject

from deid_studio.gui.items import Item
from deid_studio.gui.narrative import Decoration, NarrativeView
from deid_studio.gui.session import DocumentSession
from deid_studio.gui.style import current_look, gold_look, suggestion_look


def escape(text: str) -> str:
    """Text for a rich-text tooltip (quotes left as written: a reason reads "no one's")."""
    return _escape(text, quote=False)


class SpanPainter(QObject):
    """Gold and suggestions as decorations, the current span on top, tooltips, clicks."""

    def __init__(self, session: DocumentSession, view: NarrativeView) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        view.tooltip_for = self.tooltip
        view.clickedAt.connect(session.select_at)
        session.loaded.connect(self._load)
        session.spansChanged.connect(self._paint_spans)
        session.currentChanged.connect(self._paint_current)
        session.settled.connect(view.flush)  # draw in this frame, not the next
        session.drawNow.connect(self._draw_now)

    def _colour(self, category: str) -> str | None:
        scheme = self.session.scheme
        return scheme[category].colour if category in scheme else None

    def _load(self) -> None:
        if self.view.offsets.text != self.session.text:
            self.view.set_narrative(self.session.text)

    def _paint_spans(self) -> None:
        gold: list[Decoration] = []
        suggestions: list[Decoration] = []
        colours = {c.name: c.colour for c in self.session.scheme}
        for item in self.session.items:
            colour = colours.get(item.category)
            if item.kind == "gold":
                gold.append(Decoration(item.start, item.end, gold_look(colour)))
            else:
                look = suggestion_look(colour, item.confidence or 0.0)
                suggestions.append(Decoration(item.start, item.end, look))
        self.view.set_decorations("gold", gold)
        self.view.set_decorations("suggestion", suggestions)

    def _paint_current(self) -> None:
        item = self.session.current
        if item is None:
            self.view.set_decorations("current", [])
            return
        look = current_look(self._colour(item.category))
        self.view.set_decorations("current", [Decoration(item.start, item.end, look)])
        if self.view.selected_offsets() is None:
            self.view.reveal(item.start, item.end)

    def _draw_now(self) -> None:
        self.view.flush()
        self.view.viewport().repaint()

    def tooltip(self, offset: int) -> str | None:
        """Category, confidence and source (or origin and author) of the spans at ``offset``
        and what a masked export does with each, and why; where no span is, why a word
        there is kept (a safe term, the keep list)."""
        session = self.session
        under = [i for i in session.items if i.start <= offset < i.end]
        if under:
            return "<br>".join(describe(i, session.text, session.why(i)) for i in under)
        kept = session.kept_at(offset)
        if kept is None:
            return None
        return f"{escape(kept.reason)}<br><i>{escape(session.text[kept.start : kept.end][:60])}</i>"


def describe(item: Item, text: str, why: str = "") -> str:
    """Rich text about a span, for tooltips: what it is, its words, and ``why`` (what the
    masking does with it)."""
    words = escape(text[item.start : item.end][:60])
    said = f"<br>{escape(why)}" if why else ""
    if item.kind == "suggestion":
        return (
            f"<b>{escape(item.category)}</b> suggestion · {item.confidence or 0:.0%} · "
            f"{escape(item.proposer)}<br><i>{words}</i>{said}"
        )
    how = {"human": "typed", "accepted": "accepted", "imported": "imported"}.get(
        item.origin or "", item.origin or ""
    )
    author = escape(item.author or "?")
    return f"<b>{escape(item.category)}</b> gold · {how} by {author}<br><i>{words}</i>{said}"
