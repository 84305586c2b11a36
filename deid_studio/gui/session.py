"""The document open in an editor: its spans, the span the keyboard acts on, and its edits.

Every edit calls a service at once (its own transaction, audited) and only then shows the
change, so what the window shows as saved is saved. Each edit is pushed on the document's
QUndoStack; undo and redo revert the edit through the service.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup, QUndoStack

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Span
from deid_studio.core.errors import DeidError
from deid_studio.gui.items import Item, gold_item, suggestion_item
from deid_studio.gui.undo import EditCommand
from deid_studio.mask.safe import Spared
from deid_studio.mask.why import Why
from deid_studio.services import annotating as svc
from deid_studio.services import submitting
from deid_studio.services.annotating import DocumentState, Edit, TokenIndex
from deid_studio.services.settings import scheme_of
from deid_studio.services.submitting import Resolution
from deid_studio.services.why import why_of
from deid_studio.store.editing import StoredAnnotation, StoredSuggestion
from deid_studio.store.project import Project


class DocumentSession(QObject):
    """One editor's open document; the editing actions a person triggers with keys."""

    loaded = Signal()
    spansChanged = Signal()
    currentChanged = Signal()
    saved = Signal(str)
    failed = Signal(str)
    submitted = Signal(int)
    settled = Signal()
    """After a user action's changes were all announced: time to draw."""
    drawNow = Signal()
    """Paint at once (before a save that takes a few milliseconds)."""
    keptChanged = Signal()
    """What the masking keeps changed (the keep list): the preview and tooltips catch up."""

    def __init__(
        self,
        project: Project,
        actor: Callable[[], str],
        undo_group: QUndoGroup,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.project = project
        self.actor = actor
        self._group = undo_group
        self._stacks: dict[int, QUndoStack] = {}
        self.state: DocumentState | None = None
        self._tokens: TokenIndex | None = None
        self._gold: dict[int, StoredAnnotation] = {}
        self._suggestions: dict[int, StoredSuggestion] = {}
        self.items: list[Item] = []
        self.current: Item | None = None
        self._scheme = scheme_of(project)[0]
        self._why: tuple[int, Why, list[Spared]] | None = None

    # -- what is open ----------------------------------------------------------------------

    @property
    def document_id(self) -> int | None:
        """The open document's id."""
        return None if self.state is None else self.state.info.id

    @property
    def version(self) -> int | None:
        """The open document's version as last read or written (sent with every edit, so
        that a change made meanwhile by someone else is never overwritten)."""
        return None if self.state is None else self.state.info.version

    def _note_version(self, edit: Edit) -> None:
        if self.state is not None and edit.version is not None:
            if edit.document_id == self.state.info.id:
                info = replace(self.state.info, version=edit.version)
                self.state = replace(self.state, info=info)

    @property
    def held(self) -> int | None:
        """The open document if the person at the keyboard holds it (None otherwise)."""
        state = self.state
        if state is None or state.info.claimed_by != self.actor():
            return None
        return state.info.id

    @property
    def text(self) -> str:
        """The open narrative ('' when none)."""
        return "" if self.state is None else self.state.info.text

    @property
    def scheme(self) -> Scheme:
        """The project's scheme (as of opening the current document)."""
        return self._scheme if self.state is None else self.state.scheme

    def _reasons(self) -> tuple[Why, list[Spared]] | None:
        doc = self.document_id
        if doc is None:
            return None
        if self._why is None or self._why[0] != doc:
            why = why_of(self.project, doc)
            self._why = (doc, why, why.stretches())
        return self._why[1], self._why[2]

    @property
    def reasons(self) -> Why | None:
        """What decides the masking of the open narrative's words (read on first use after
        a change; None when no document is open)."""
        reasons = self._reasons()
        return None if reasons is None else reasons[0]

    @property
    def kept(self) -> list[Spared]:
        """What a masked export leaves as written in the open narrative, and why (its safe
        terms, the keep list's words), read on first use: tooltips say it."""
        reasons = self._reasons()
        return [] if reasons is None else reasons[1]

    def why(self, item: Item) -> str:
        """Whether a masked export masks a span of the open narrative, and why ("kept: drug
        name (dictionary)", "masked: CRF 93%")."""
        why = self.reasons
        if why is None:
            return ""
        if item.kind == "gold":
            return why.of_gold(item.category)
        return why.of_suggestion(
            item.start, item.end, item.category, item.confidence or 0.0, item.source_text
        )

    def kept_at(self, offset: int) -> Spared | None:
        """The smallest kept stretch at ``offset`` of the open narrative, if any."""
        under = [k for k in self.kept if k.start <= offset < k.end]
        return min(under, key=lambda k: k.end - k.start) if under else None

    def forget_kept(self) -> None:
        """The keep list changed: read what is kept again on next use, and say so."""
        self._why = None
        self.keptChanged.emit()

    @property
    def tokens(self) -> TokenIndex:
        """Token boundaries of the open narrative (for snapping and resizing)."""
        if self._tokens is None:
            self._tokens = TokenIndex(self.text)
        return self._tokens

    @property
    def gold(self) -> list[StoredAnnotation]:
        """The open document's gold spans, in reading order."""
        return sorted(self._gold.values(), key=lambda a: (a.start, a.end, a.id))

    @property
    def suggestions(self) -> list[StoredSuggestion]:
        """The open document's remaining suggestions, in reading order."""
        return sorted(self._suggestions.values(), key=lambda s: (s.start, s.end, s.id))

    def show(self, state: DocumentState) -> None:
        """Show a document opened by a service (for annotation or for review)."""
        same = self.state is not None and self.state.info.id == state.info.id
        self.state = state
        if not same:
            self._tokens = None  # tokenized on first use: opening stays fast
            self.current = None
        self._gold = {a.id: a for a in state.gold}
        self._suggestions = {s.id: s for s in state.suggestions}
        self._rebuild()
        self.activate()
        self.loaded.emit()
        self.spansChanged.emit()
        self.currentChanged.emit()
        self.settled.emit()

    def open(self, document_id: int) -> None:
        """Open a document for annotation (the person holds it while it is open)."""
        try:
            self.show(svc.open_for_annotation(self.project, document_id, actor=self.actor()))
        except DeidError as err:
            self.failed.emit(str(err))

    def reload(self) -> None:
        """Read the scheme and the open document again (after suggestions were regenerated,
        or the scheme was edited)."""
        self._scheme = scheme_of(self.project)[0]
        if self.state is None:
            self.loaded.emit()
            return
        try:
            self.show(svc.load_document(self.project, self.state.info.id, actor=self.actor()))
        except DeidError as err:
            self.failed.emit(str(err))

    def clear(self) -> None:
        """Show nothing."""
        self.state = None
        self._gold, self._suggestions, self.items, self.current = {}, {}, [], None
        self._group.setActiveStack(None)  # type: ignore[arg-type]
        self.loaded.emit()
        self.spansChanged.emit()
        self.currentChanged.emit()

    def activate(self) -> None:
        """Make this document's undo stack the one Ctrl+Z acts on."""
        doc = self.document_id
        if doc is None:
            return
        stack = self._stacks.get(doc)
        if stack is None:
            stack = self._stacks[doc] = QUndoStack(self._group)
        self._group.setActiveStack(stack)

    def undo_stack(self) -> QUndoStack | None:
        """The open document's undo stack."""
        doc = self.document_id
        return None if doc is None else self._stacks.get(doc)

    def _rebuild(self) -> None:
        self._why = None  # the gold (the case's PHI strings) or the suggestions changed
        gold = [gold_item(a) for a in self._gold.values()]
        taken = {(g.start, g.end) for g in gold}
        pending = [
            suggestion_item(s) for s in self._suggestions.values() if (s.start, s.end) not in taken
        ]
        self.items = sorted(gold + pending, key=lambda i: (i.start, i.end, i.kind != "gold"))
        if self.current is not None:
            self.current = next((i for i in self.items if i.key == self.current.key), None)

    # -- current span ----------------------------------------------------------------------

    def set_current(self, item: Item | None) -> None:
        """Make ``item`` the span the keyboard acts on."""
        if item != self.current:
            self.current = item
            self.currentChanged.emit()
            self.settled.emit()

    def select_at(self, offset: int) -> None:
        """Make the smallest span under ``offset`` current (none when there is none)."""
        under = [i for i in self.items if i.start <= offset < i.end]
        self.set_current(min(under, key=lambda i: i.end - i.start) if under else None)

    def step(self, direction: int, *, from_offset: int, suggestions_only: bool = True) -> None:
        """Go to the next (1) or previous (-1) suggestion (or span), wrapping around."""
        pool = [i for i in self.items if i.kind == "suggestion" or not suggestions_only]
        if not pool:
            self.set_current(None)
            return
        here = (self.current.start, self.current.end) if self.current else None
        if direction > 0:
            after = [i for i in pool if (i.start, i.end) > (here or (from_offset, -1))]
            self.set_current(after[0] if after else pool[0])
        else:
            before = [i for i in pool if (i.start, i.end) < (here or (from_offset, -1))]
            self.set_current(before[-1] if before else pool[-1])

    def item_for(self, key: tuple[str, int]) -> Item | None:
        """The item with this key, if still shown."""
        return next((i for i in self.items if i.key == key), None)

    # -- edits -----------------------------------------------------------------------------

    def _run(
        self,
        text: str,
        action: Callable[[], Edit],
        *,
        undoable: bool = True,
        foresee: Callable[[], None] | None = None,
    ) -> Edit | None:
        """Save an edit through the service, then show it and push it on the undo stack.

        ``foresee`` makes the change on screen first (the key press repaints within a frame);
        the saved result then replaces it, or the screen goes back if the save is refused.
        Only after the save does the status bar say "saved".
        """
        if self.state is None:
            return None
        if not self.state.editable:
            self.failed.emit(f"read only: {self.state.read_only_reason}")
            return None
        before = (dict(self._gold), dict(self._suggestions), self.current)
        if foresee is not None:
            foresee()
            self._rebuild()
            self.spansChanged.emit()
            self.currentChanged.emit()
            self.settled.emit()
            self.drawNow.emit()
        try:
            edit = action()
        except svc.StaleEdit as err:  # someone else's change: show it, keep nothing of ours
            self.show(err.state)
            self.failed.emit(str(err))
            return None
        except DeidError as err:
            if foresee is not None:
                self._gold, self._suggestions, self.current = before
                self._rebuild()
                self._announce()
            self.failed.emit(str(err))
            return None
        self._note_version(edit)
        if foresee is not None:
            self._gold, self._suggestions = before[0], before[1]
        if edit.empty:
            if foresee is not None:  # nothing changed after all: show what is
                self.current = before[2]
                self._rebuild()
                self._announce()
            if edit.notes:
                self.failed.emit("; ".join(edit.notes))
            return edit
        self._apply(edit)
        stack = self.undo_stack()
        if stack is not None and undoable:
            stack.push(EditCommand(self, edit, text))
        self.saved.emit(f"saved {datetime.now():%H:%M:%S}: {text}")
        self.settled.emit()
        return edit

    def words(self, start: int, end: int) -> str:
        """The words of a stretch of the open narrative, quoted and shortened for messages."""
        words = " ".join(self.text[start:end].split())
        return f"“{words if len(words) <= 40 else words[:39] + '…'}”"

    def revert(self, edit: Edit, reason: str, what: str = "") -> Edit | None:
        """Revert an edit through the service (for undo/redo); None when it was refused.
        The message says what was undone (``what``: the edit's description)."""
        try:
            inverse = svc.revert(
                self.project, edit, actor=self.actor(), reason=reason, expected_version=self.version
            )
        except svc.StaleEdit as err:
            self.show(err.state)
            self.failed.emit(str(err))
            return None
        except DeidError as err:
            self.failed.emit(str(err))
            return None
        self._note_version(inverse)
        if inverse.document_id == self.document_id:
            self._apply(inverse)
            touched = inverse.added + tuple(after for _, after in inverse.updated)
            if touched:
                self.set_current(self.item_for(("gold", touched[0].id)))
        done = {"undo": "undid", "redo": "redid"}.get(reason, reason)
        self.saved.emit(f"saved {datetime.now():%H:%M:%S}: {done} {what}".rstrip())
        self.settled.emit()
        return inverse

    def _announce(self) -> None:
        self.spansChanged.emit()
        self.currentChanged.emit()
        self.settled.emit()

    def _apply(self, edit: Edit) -> None:
        for a in edit.removed:
            self._gold.pop(a.id, None)
        for _, after in edit.updated:
            self._gold[after.id] = after
        for a in edit.added:
            self._gold[a.id] = a
        for s in edit.suggestions_removed:
            self._suggestions.pop(s.id, None)
        for s in edit.suggestions_added:
            self._suggestions[s.id] = s
        self._rebuild()
        self.spansChanged.emit()
        self.currentChanged.emit()

    def add_span(self, start: int, end: int, category: str, *, snap: bool = True) -> None:
        """Add a gold span over a selection (snapped to whole tokens unless ``snap`` is off)."""
        if self.state is None:
            return
        bounds = self.tokens.snap(start, end) if snap else (start, end)
        if bounds is None or bounds[0] >= bounds[1]:
            self.failed.emit("the selection holds no word")
            return
        span = Span(bounds[0], bounds[1], category)
        doc = self.state.info.id
        edit = self._run(
            f"add {category} {self.words(span.start, span.end)}",
            lambda: svc.add_span(
                self.project, doc, span, actor=self.actor(), expected_version=self.version
            ),
        )
        if edit is not None and edit.added:
            self.set_current(self.item_for(("gold", edit.added[0].id)))

    def set_category(self, category: str) -> None:
        """Give the current span another category (a suggestion is accepted as that)."""
        item = self.current
        if item is None or (item.category == category and item.kind == "gold"):
            return
        if item.kind == "suggestion":
            self._accept(item, category=category)
        else:
            span = Span(item.start, item.end, category)
            edit = self._run(
                f"{item.category} → {category} {self.words(item.start, item.end)}",
                lambda: svc.change_span(
                    self.project,
                    item.id,
                    span,
                    actor=self.actor(),
                    document_id=self.document_id,
                    expected_version=self.version,
                ),
            )
            if edit is not None and edit.updated:
                self.set_current(self.item_for(("gold", edit.updated[0][1].id)))

    def accept_current(self) -> None:
        """Accept the current suggestion and go to the next one."""
        if self.current is not None and self.current.kind == "suggestion":
            self._accept(self.current)

    def _accept(
        self,
        item: Item,
        *,
        category: str | None = None,
        span: Span | None = None,
        advance: bool = True,
    ) -> None:
        chosen = span or Span(item.start, item.end, category or item.category)
        if category is not None:
            chosen = Span(chosen.start, chosen.end, category)

        def foresee() -> None:
            self._suggestions = {
                k: s
                for k, s in self._suggestions.items()
                if k != item.id and not (chosen.start <= s.start and s.end <= chosen.end)
            }
            provisional = StoredAnnotation(
                -1, self.document_id or 0, chosen.start, chosen.end, chosen.category,
                self.actor(), "accepted",
            )  # fmt: skip
            self._gold[-1] = provisional
            self._rebuild()
            self.current = self._next_after(item) if advance else gold_item(provisional)

        edit = self._run(
            f"accept {chosen.category} {self.words(chosen.start, chosen.end)}",
            lambda: svc.accept_suggestion(
                self.project,
                item.id,
                actor=self.actor(),
                category=category,
                span=span,
                expected_version=self.version,
            ),
            foresee=foresee,
        )
        if edit is None or edit.empty:
            return
        if advance:
            self._advance_from(item, edit)
        elif edit.added:
            self.set_current(self.item_for(("gold", edit.added[0].id)))

    def reject_current(self) -> None:
        """Reject the current suggestion, or delete the current gold span."""
        item = self.current
        if item is None:
            return
        if item.kind == "suggestion":

            def foresee() -> None:
                self._suggestions.pop(item.id, None)
                self._rebuild()
                self.current = self._next_after(item)

            edit = self._run(
                f"reject {item.category} {self.words(item.start, item.end)}",
                lambda: svc.reject_suggestion(
                    self.project, item.id, actor=self.actor(), expected_version=self.version
                ),
                foresee=foresee,
            )
        else:
            edit = self._run(
                f"delete {item.category} {self.words(item.start, item.end)}",
                lambda: svc.delete_span(
                    self.project,
                    item.id,
                    actor=self.actor(),
                    document_id=self.document_id,
                    expected_version=self.version,
                ),
            )
        if edit is not None and not edit.empty:
            self._advance_from(item, None)

    def _next_after(self, item: Item) -> Item | None:
        """The first pending suggestion from ``item``'s start on."""
        after = (item.start, -1)
        pending = (i for i in self.items if i.kind == "suggestion" and (i.start, i.end) > after)
        return next(pending, None)

    def _advance_from(self, item: Item, edit: Edit | None) -> None:
        following = self._next_after(item)
        if following is not None:
            self.set_current(following)
        elif edit is not None and edit.added:
            self.set_current(self.item_for(("gold", edit.added[0].id)))
        else:
            self.set_current(None)

    def resize(self, edge: str, grow: bool) -> None:
        """Move the current span's start or end by one token (outwards when ``grow``)."""
        item = self.current
        if item is None:
            return
        t = self.tokens
        start, end = item.start, item.end
        if edge == "end":
            end = t.grow_end(start, end) if grow else t.shrink_end(start, end)
        else:
            start = t.grow_start(start, end) if grow else t.shrink_start(start, end)
        if (start, end) == (item.start, item.end):
            return
        span = Span(start, end, item.category)
        if item.kind == "suggestion":
            self._accept(item, span=span, advance=False)
            return
        edit = self._run(
            f"resize {item.category} to {self.words(start, end)}",
            lambda: svc.change_span(
                self.project,
                item.id,
                span,
                actor=self.actor(),
                document_id=self.document_id,
                expected_version=self.version,
            ),
        )
        if edit is not None and edit.updated:
            self.set_current(self.item_for(("gold", edit.updated[0][1].id)))

    def accept_all(self, threshold: float) -> int:
        """Accept every suggestion at or above ``threshold``; how many became gold."""
        if self.state is None:
            return 0
        doc = self.state.info.id
        edit = self._run(
            f"accept all ≥ {threshold:.0%}",
            lambda: svc.accept_all(
                self.project,
                doc,
                threshold=threshold,
                actor=self.actor(),
                expected_version=self.version,
            ),
        )
        return 0 if edit is None else len(edit.added)

    @property
    def undecided(self) -> list[Item]:
        """The suggestions shown that nobody accepted or rejected yet."""
        return [i for i in self.items if i.kind == "suggestion"]

    def submit(self, resolve: Resolution | None = None, threshold: float | None = None) -> bool:
        """Submit the open document for review; True when it was. With suggestions still
        undecided the service refuses unless ``resolve`` says what becomes of them."""
        if self.state is None:
            return False
        doc = self.state.info.id
        how = {
            None: "submitted",
            "accept_above": f"submitted, undecided suggestions ≥ {threshold or 0:.2f} accepted "
            "and the rest rejected",
            "reject_rest": "submitted, undecided suggestions rejected",
        }[resolve]
        edit = self._run(
            how,
            lambda: submitting.submit(
                self.project,
                doc,
                actor=self.actor(),
                resolve=resolve,
                threshold=threshold,
                expected_version=self.version,
            ),
            undoable=False,
        )
        if edit is None:
            return False
        self.submitted.emit(doc)
        return True
