"""Annotating a document: open it, add, change and remove gold spans, accept or reject
suggestions, undo (submitting: :mod:`.submitting`).

Every function is one user action in one transaction with its audit events, and returns an
:class:`Edit` saying what changed. An edit can be reverted (:func:`revert`), which is how the
application's undo and redo work: spans are found again by their offsets and category, not by
row id, so undo after redo after undo still lands on the right span.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Span
from deid_studio.core.errors import DeidError
from deid_studio.core.tokenize import tokenize
from deid_studio.services._copies import GoldSpans, open_assignment, spans_of
from deid_studio.services.quality import models
from deid_studio.store.editing import DocumentInfo, StoredAnnotation, StoredSuggestion
from deid_studio.store.models import utcnow
from deid_studio.store.project import Project, Transaction
from deid_studio.store.queue import CLAIM_TIMEOUT

EDITABLE = ("new", "in_progress", "submitted")

ANNOTATABLE = ("new", "in_progress")

__all__ = [
    "DocumentState",
    "Edit",
    "EditRefused",
    "TokenIndex",
    "accept_all",
    "accept_suggestion",
    "acceptable",
    "add_span",
    "audit_span",
    "change_span",
    "check_editable",
    "delete_span",
    "editing_problem",
    "info_of",
    "load_document",
    "open_for_annotation",
    "reject_suggestion",
    "revert",
    "undecided",
]


class EditRefused(DeidError):
    """The document cannot be changed by this person now (signed off, held by someone else)."""


class StaleEdit(EditRefused):
    """The document changed since the editor read it: the edit was not applied.

    ``state`` is the document as it is now (for the editor to show), read by ``actor``.
    """

    def __init__(self, message: str, state: DocumentState) -> None:
        super().__init__(message)
        self.state = state


@dataclass(frozen=True, slots=True)
class DocumentState:
    """A document as the editor shows it: narrative, gold, remaining suggestions, scheme."""

    info: DocumentInfo
    gold: tuple[StoredAnnotation, ...]
    suggestions: tuple[StoredSuggestion, ...]
    scheme: Scheme
    read_only_reason: str | None = None
    blind: bool = False
    """The actor's own copy of a blind double annotation (their spans, no suggestions)."""
    suggestions_pending: bool = False
    """Waiting for annotation and not yet given suggestions (imported since the current
    model, the re-suggestion still running): "no suggestions" does not mean "nothing"."""

    @property
    def editable(self) -> bool:
        """True when the person who opened it may change it."""
        return self.read_only_reason is None


@dataclass(frozen=True, slots=True)
class Edit:
    """What one editing action changed in one document; revertible.

    ``updated`` holds (before, after) pairs. Suggestions that an action used up (accepted,
    rejected, or covered by a new span) are in ``suggestions_removed``.
    """

    document_id: int
    action: str
    added: tuple[StoredAnnotation, ...] = ()
    removed: tuple[StoredAnnotation, ...] = ()
    updated: tuple[tuple[StoredAnnotation, StoredAnnotation], ...] = ()
    suggestions_added: tuple[StoredSuggestion, ...] = ()
    suggestions_removed: tuple[StoredSuggestion, ...] = ()
    status: str | None = None
    notes: tuple[str, ...] = field(default=())
    version: int | None = None
    """The document's version after the edit (pass it as ``expected_version`` next time)."""

    @property
    def empty(self) -> bool:
        """True when nothing changed."""
        return not (
            self.added
            or self.removed
            or self.updated
            or self.suggestions_added
            or self.suggestions_removed
            or self.status
        )


class TokenIndex:
    """Token boundaries of a narrative, for snapping selections and growing spans."""

    def __init__(self, text: str) -> None:
        tokens = tokenize(text)
        self.starts = [t.start for t in tokens]
        self.ends = [t.end for t in tokens]

    def snap(self, start: int, end: int) -> tuple[int, int] | None:
        """Widen ``[start, end)`` to whole tokens; None when it covers no token."""
        first = bisect_right(self.ends, start)
        last = bisect_left(self.starts, end) - 1
        if first > last:
            return None
        return self.starts[first], self.ends[last]

    def grow_end(self, start: int, end: int) -> int:
        """The end after taking in the next token (unchanged at the last token)."""
        i = bisect_right(self.ends, end)
        return self.ends[i] if i < len(self.ends) else end

    def shrink_end(self, start: int, end: int) -> int:
        """The end after giving up the last token (unchanged when one token is left)."""
        i = bisect_left(self.ends, end) - 1
        return self.ends[i] if i >= 0 and self.ends[i] > start else end

    def grow_start(self, start: int, end: int) -> int:
        """The start after taking in the previous token (unchanged at the first token)."""
        i = bisect_left(self.starts, start) - 1
        return self.starts[i] if i >= 0 else start

    def shrink_start(self, start: int, end: int) -> int:
        """The start after giving up the first token (unchanged when one token is left)."""
        i = bisect_right(self.starts, start)
        return self.starts[i] if i < len(self.starts) and self.starts[i] < end else start


# -- reading and opening ---------------------------------------------------------------------


def load_document(project: Project, document_id: int, *, actor: str = "") -> DocumentState:
    """The document with its gold and suggestions, read only; whether ``actor`` may edit it."""
    with project.reading(actor) as tx:
        return document_state(tx, document_id, tx.actor if actor else "")


def open_for_annotation(project: Project, document_id: int, *, actor: str) -> DocumentState:
    """Open a document to annotate: the actor holds it, and a new document is in progress.

    A document someone else holds, or one already signed off, opens read only.
    """
    with project.transaction(actor) as tx:
        actor = tx.actor
        info = info_of(tx, document_id)
        mine, problem = open_assignment(tx, document_id)
        now: DocumentInfo | None = info  # the document as it is now, when known without a read
        if problem is None and edit_problem(info, actor) is None:
            if info.claimed_by != actor and mine is None:
                if tx.claim(document_id):
                    tx.audit("claim", document_id=document_id)
                    now = None
            if info.status == "new":
                tx.set_status(document_id, "in_progress")
                tx.audit(
                    "start",
                    document_id=document_id,
                    before={"status": "new"},
                    after={"status": "in_progress"},
                )
                now = now and replace(now, status="in_progress")
        return document_state(tx, document_id, actor, now)


def document_state(
    tx: Transaction, document_id: int, actor: str, info: DocumentInfo | None = None
) -> DocumentState:
    """The document as ``actor`` sees it inside an open transaction (``info``: the document
    row as it is now, when the caller knows it)."""
    info = info or info_of(tx, document_id)
    mine, problem = open_assignment(tx, document_id) if actor else (None, None)
    if mine is not None:  # the actor's blind copy: their spans, no suggestions
        return DocumentState(
            info=info,
            gold=tuple(tx.blind_spans(mine.id, document_id)),
            suggestions=(),
            scheme=tx.scheme(),
            read_only_reason=problem or edit_problem(info, actor),
            blind=True,
        )
    return DocumentState(
        info=info,
        gold=tuple(tx.annotations(document_id)),
        suggestions=tuple(tx.suggestions(document_id)),
        scheme=tx.scheme(),
        read_only_reason=(problem or edit_problem(info, actor)) if actor else "opened for reading",
        suggestions_pending=info.status in ANNOTATABLE and not tx.document_scores([document_id]),
    )


def info_of(tx: Transaction, document_id: int) -> DocumentInfo:
    """The document inside an open transaction; a one-line error when there is no such id."""
    info = tx.document_info(document_id)
    if info is None:
        raise DeidError(f"document {document_id} is not in the project")
    return info


def editing_problem(tx: Transaction, info: DocumentInfo, actor: str) -> str | None:
    """Why ``actor`` may not change the document now — a double annotation in progress, its
    status, someone else's claim — or None; what :func:`document_state` says, without
    reading the spans."""
    _, problem = open_assignment(tx, info.id)
    return problem or edit_problem(info, actor)


def edit_problem(info: DocumentInfo, actor: str) -> str | None:
    """Why ``actor`` may not change the document now (None when they may)."""
    if info.status not in EDITABLE:
        return f"{info.status.replace('_', ' ')}; a reviewer must send it back before it changes"
    held = info.claimed_by
    if held and held != actor and info.claimed_at is not None:
        claimed_at = info.claimed_at
        if claimed_at.tzinfo is None:  # SQLite hands back naive UTC
            claimed_at = claimed_at.replace(tzinfo=utcnow().tzinfo)
        if utcnow() - claimed_at < CLAIM_TIMEOUT:
            return f"held by {held} since {claimed_at:%Y-%m-%d %H:%M} UTC"
    return None


def check_editable(
    tx: Transaction, document_id: int, expected_version: int | None = None
) -> DocumentInfo:
    """The document, once the actor may change it and nobody changed it since they read
    version ``expected_version``; its version goes up by one (and its row stays locked to
    this transaction, so concurrent writers of one document queue)."""
    info = tx.take_for_edit(document_id, EDITABLE, expected_version)
    if info is not None:  # the common case, in one statement; otherwise find out why not
        tx.memo[("version", document_id)] = info.version + 1
        tx.memo[("assignments", document_id)] = []  # none in progress: the statement saw to it
        return info
    info = info_of(tx, document_id)
    problem = edit_problem(info, tx.actor)
    if problem is not None:
        raise EditRefused(f"document {info.external_id or info.id} is {problem}")
    mine, _ = open_assignment(tx, document_id)
    if mine is None:  # a blind copy is its annotator's alone: no one else writes it
        check_version(tx, document_id, expected_version)
    return info


def check_version(tx: Transaction, document_id: int, expected_version: int | None) -> int:
    """Add one to the document's version unless someone changed it since ``expected_version``
    (then :class:`StaleEdit`, with the fresh state). The new version."""
    found = tx.bump_version(document_id, expected_version)
    if found is not None:
        tx.memo[("version", document_id)] = found
        return found
    fresh = document_state(tx, document_id, tx.actor)
    last = next((e for e in reversed(tx.document_audit(document_id)) if e.actor != tx.actor), None)
    who = (
        f" by {last.actor} ({last.action.replace('_', ' ')} at {last.at:%H:%M:%S})" if last else ""
    )
    raise StaleEdit(
        f"document {fresh.info.external_id or document_id} changed meanwhile{who}; your edit "
        "was not saved — the document now shows its current state",
        fresh,
    )


def with_version(tx: Transaction, edit: Edit) -> Edit:
    """The edit with the document's version after it."""
    version = tx.memo.get(("version", edit.document_id))
    if version is None:
        info = tx.document_info(edit.document_id)
        version = None if info is None else info.version
    return replace(edit, version=version)


# -- edits -----------------------------------------------------------------------------------


def audit_span(a: StoredAnnotation | StoredSuggestion) -> dict[str, object]:
    """A span as the audit trail records it."""
    out: dict[str, object] = {"start": a.start, "end": a.end, "category": a.category}
    if isinstance(a, StoredSuggestion):
        out |= {"confidence": round(a.confidence, 4), "source": a.source}
    else:
        out["origin"] = a.origin
    return out


def _check_span(tx: Transaction, info: DocumentInfo, span: Span) -> None:
    if span.end > len(info.text):
        raise DeidError(f"span {span.start}-{span.end} ends beyond the narrative")
    if not tx.has_category(span.category):
        raise DeidError(f"{span.category} is not a category of the project's scheme")


def _take_suggestion(tx: Transaction, suggestion_id: int) -> StoredSuggestion:
    """Delete the suggestion the person decided on; refused in one line when a re-suggestion
    replaced it after it was read."""
    used = tx.delete_suggestion(suggestion_id)
    if used is None:
        raise DeidError("that suggestion no longer exists (the model was retrained?)")
    return used


def _supersede(tx: Transaction, spans: GoldSpans, span: Span) -> list[StoredSuggestion]:
    """Remove the suggestions lying wholly inside a new gold span; they are decided (a blind
    copy has none)."""
    if spans.blind:
        return []
    document_id = spans.document_id
    gone = tx.delete_suggestions(document_id, within=(span.start, span.end))
    tx.audit_many("supersede_suggestion", [(document_id, audit_span(s), None) for s in gone])
    return gone


def add_span(
    project: Project,
    document_id: int,
    span: Span,
    *,
    actor: str,
    expected_version: int | None = None,
) -> Edit:
    """Add a gold span typed by the actor (to their own copy, in a blind double annotation);
    suggestions inside it are used up."""
    with project.transaction(actor) as tx:
        info = check_editable(tx, document_id, expected_version)
        spans = spans_of(tx, document_id)
        _check_span(tx, info, span)
        if spans.find(span) is not None:
            return with_version(
                tx, Edit(document_id, "add_span", notes=("that span is already gold",))
            )
        added = spans.add(span)
        tx.audit(_verb("add_annotation", spans), document_id=document_id, after=audit_span(added))
        gone = _supersede(tx, spans, span)
        return with_version(
            tx, Edit(document_id, "add_span", added=(added,), suggestions_removed=tuple(gone))
        )


def change_span(
    project: Project,
    annotation_id: int,
    span: Span,
    *,
    actor: str,
    expected_version: int | None = None,
    document_id: int | None = None,
) -> Edit:
    """Move a gold span's boundaries or change its category; it becomes the actor's.
    ``document_id`` finds a span of the actor's blind copy."""
    with project.transaction(actor) as tx:
        spans = _spans_for(tx, annotation_id, document_id)
        before = _annotation(spans, annotation_id)
        info = check_editable(tx, before.document_id, expected_version)
        _check_span(tx, info, span)
        if (before.start, before.end, before.category) == (span.start, span.end, span.category):
            return with_version(tx, Edit(before.document_id, "change_span"))
        after = spans.update(annotation_id, span)
        tx.audit(
            _verb("change_annotation", spans),
            document_id=before.document_id,
            before=audit_span(before),
            after=audit_span(after),
        )
        gone = _supersede(tx, spans, span)
        return with_version(
            tx,
            Edit(
                before.document_id,
                "change_span",
                updated=((before, after),),
                suggestions_removed=tuple(gone),
            ),
        )


def delete_span(
    project: Project,
    annotation_id: int,
    *,
    actor: str,
    expected_version: int | None = None,
    document_id: int | None = None,
) -> Edit:
    """Remove a gold span (``document_id`` finds a span of the actor's blind copy)."""
    with project.transaction(actor) as tx:
        spans = _spans_for(tx, annotation_id, document_id)
        before = _annotation(spans, annotation_id)
        check_editable(tx, before.document_id, expected_version)
        gone = spans.delete(annotation_id)
        tx.audit(
            _verb("delete_annotation", spans), document_id=gone.document_id,
            before=audit_span(gone),
        )  # fmt: skip
        return with_version(tx, Edit(gone.document_id, "delete_span", removed=(gone,)))


def _gold_only(tx: Transaction, document_id: int) -> None:
    if spans_of(tx, document_id).blind:
        raise EditRefused("a blind copy has no suggestions: mark the spans yourself")


def _verb(action: str, spans: GoldSpans) -> str:
    """The audit action: a blind copy's edits are ``blind_...`` (hidden from the other
    annotator by the database)."""
    return f"blind_{action}" if spans.blind else action


def _spans_for(tx: Transaction, annotation_id: int, document_id: int | None) -> GoldSpans:
    if document_id is None:
        found = tx.annotation(annotation_id)
        if found is None:
            raise DeidError(f"gold span {annotation_id} no longer exists (changed elsewhere?)")
        document_id = found.document_id
    return spans_of(tx, document_id)


def _annotation(spans: GoldSpans, annotation_id: int) -> StoredAnnotation:
    found = spans.get(annotation_id)
    if found is None:
        raise DeidError(f"gold span {annotation_id} no longer exists (changed elsewhere?)")
    return found


def accept_suggestion(
    project: Project,
    suggestion_id: int,
    *,
    actor: str,
    expected_version: int | None = None,
    category: str | None = None,
    span: Span | None = None,
) -> Edit:
    """Make a suggestion gold (optionally with another category or other boundaries)."""
    with project.transaction(actor) as tx:
        found = tx.suggestion(suggestion_id)
        if found is None:
            raise DeidError("that suggestion no longer exists (the model was retrained?)")
        info = check_editable(tx, found.document_id, expected_version)
        _gold_only(tx, found.document_id)
        chosen = span or Span(found.start, found.end, category or found.category)
        if category is not None:
            chosen = Span(chosen.start, chosen.end, category)
        _check_span(tx, info, chosen)
        used = _take_suggestion(tx, suggestion_id)
        tx.audit("accept_suggestion", document_id=used.document_id, before=audit_span(used))
        added: tuple[StoredAnnotation, ...] = ()
        if tx.find_annotation(used.document_id, chosen.start, chosen.end, chosen.category) is None:
            gold = tx.add_annotation(
                used.document_id, chosen, origin="accepted", model_version_id=used.model_version_id
            )
            tx.audit("add_annotation", document_id=used.document_id, after=audit_span(gold))
            added = (gold,)
        gone = _supersede(tx, GoldSpans(tx, used.document_id), chosen)
        return with_version(
            tx,
            Edit(
                used.document_id,
                "accept_suggestion",
                added=added,
                suggestions_removed=(used, *gone),
            ),
        )


def reject_suggestion(
    project: Project, suggestion_id: int, *, actor: str, expected_version: int | None = None
) -> Edit:
    """Say a suggestion is not PHI: its row is deleted (and the audit trail keeps it)."""
    with project.transaction(actor) as tx:
        found = tx.suggestion(suggestion_id)
        if found is None:
            raise DeidError("that suggestion no longer exists (the model was retrained?)")
        check_editable(tx, found.document_id, expected_version)
        used = _take_suggestion(tx, suggestion_id)
        tx.audit("reject_suggestion", document_id=used.document_id, before=audit_span(used))
        return with_version(
            tx, Edit(used.document_id, "reject_suggestion", suggestions_removed=(used,))
        )


def accept_all(
    project: Project,
    document_id: int,
    *,
    threshold: float,
    actor: str,
    expected_version: int | None = None,
) -> Edit:
    """Accept every suggestion at or above ``threshold`` that overlaps no gold span.

    The most confident first; a suggestion overlapping one accepted in this batch stays.
    """
    with project.transaction(actor) as tx:
        info = check_editable(tx, document_id, expected_version)
        _gold_only(tx, document_id)
        chosen = acceptable(tx, document_id, tx.suggestions(document_id), threshold)
        # one replaced by a re-suggestion since it was read is not taken
        used = tx.delete_suggestions(document_id, ids=[s.id for s in chosen]) if chosen else []
        added = tx.add_annotations(
            document_id,
            [(Span(s.start, s.end, s.category), s.model_version_id) for s in used],
            origin="accepted",
        )
        if added:
            tx.audit(
                "accept_all",
                document_id=info.id,
                after={"threshold": threshold, "accepted": [audit_span(a) for a in added]},
            )
        for a in added:
            used.extend(_supersede(tx, GoldSpans(tx, document_id), a.span))
        return with_version(
            tx, Edit(document_id, "accept_all", added=tuple(added), suggestions_removed=tuple(used))
        )


def acceptable(
    tx: Transaction,
    document_id: int,
    suggestions: Sequence[StoredSuggestion],
    threshold: float,
    gold: Sequence[StoredAnnotation] | None = None,
) -> list[StoredSuggestion]:
    """Of ``suggestions``, those "accept all" makes gold: at or above ``threshold``, of a
    category of the scheme, overlapping no gold span (``gold``, when the caller read it
    already); the most confident first, so one that overlaps a more confident one stays. In
    reading order."""
    scheme = tx.scheme()
    taken = [a.span for a in (tx.annotations(document_id) if gold is None else gold)]
    chosen: list[StoredSuggestion] = []
    candidates = [s for s in suggestions if s.confidence >= threshold]
    for s in sorted(candidates, key=lambda s: (-s.confidence, s.start)):
        span = Span(s.start, s.end, s.category)
        if s.category in scheme and not any(span.overlaps(t) for t in taken):
            taken.append(span)
            chosen.append(s)
    return sorted(chosen, key=lambda s: (s.start, s.end))


def undecided(
    tx: Transaction, document_id: int, gold: Sequence[StoredAnnotation] | None = None
) -> list[StoredSuggestion]:
    """The document's suggestions nobody accepted or rejected yet (a suggestion with exactly
    the offsets of a gold span is decided: the editor shows the gold). ``gold``: the
    document's gold spans, when the caller read them already."""
    spans = tx.annotations(document_id) if gold is None else gold
    decided = {(a.start, a.end) for a in spans}
    return [s for s in tx.suggestions(document_id) if (s.start, s.end) not in decided]


def revert(
    project: Project,
    edit: Edit,
    *,
    actor: str,
    expected_version: int | None = None,
    reason: str = "undo",
) -> Edit:
    """Undo an edit (or, given what an undo returned, redo it); what the revert changed.

    Spans are found by offsets and category. When one was changed elsewhere in the meantime,
    nothing is reverted and the error says so.
    """
    doc = edit.document_id
    with project.transaction(actor) as tx:
        check_editable(tx, doc, expected_version)
        spans = spans_of(tx, doc)
        removed: list[StoredAnnotation] = []
        for a in edit.added:
            found = spans.find(a.span)
            if found is None:
                raise DeidError(f"cannot {reason}: the span {a.start}-{a.end} changed since")
            removed.append(spans.delete(found.id))
            tx.audit(
                _verb("delete_annotation", spans), document_id=doc, before=audit_span(found),
                reason=reason,
            )  # fmt: skip
        updated: list[tuple[StoredAnnotation, StoredAnnotation]] = []
        for before, after in edit.updated:
            found = spans.find(after.span)
            if found is None:
                raise DeidError(
                    f"cannot {reason}: the span {after.start}-{after.end} changed since"
                )
            back = spans.update(found.id, before.span, author=before.author)
            updated.append((found, back))
            tx.audit(
                _verb("change_annotation", spans),
                document_id=doc,
                before=audit_span(found),
                after=audit_span(back),
                reason=reason,
            )
        added: list[StoredAnnotation] = []
        for a in edit.removed:
            if spans.find(a.span) is None:
                back = spans.add(
                    a.span, origin=a.origin, model_version_id=a.model_version_id, author=a.author
                )
                added.append(back)
                tx.audit(
                    _verb("add_annotation", spans), document_id=doc, after=audit_span(back),
                    reason=reason,
                )  # fmt: skip
        restored: list[StoredSuggestion] = []
        for s in edit.suggestions_removed:
            if tx.find_suggestion(s) is None:
                restored.append(tx.restore_suggestion(s))
                tx.audit("restore_suggestion", document_id=doc, after=audit_span(s), reason=reason)
        dropped: list[StoredSuggestion] = []
        for s in edit.suggestions_added:
            found_s = tx.find_suggestion(s)
            if found_s is not None and (taken := tx.delete_suggestion(found_s.id)) is not None:
                dropped.append(taken)
                tx.audit("reject_suggestion", document_id=doc, before=audit_span(s), reason=reason)
        return with_version(
            tx,
            Edit(
                doc,
                edit.action,
                added=tuple(added),
                removed=tuple(removed),
                updated=tuple(updated),
                suggestions_added=tuple(restored),
                suggestions_removed=tuple(dropped),
            ),
        )


def submitted_count(project: Project, *, since_model: bool = True) -> int:
    """Submissions since the newest fast model or, when it is newer, the model in use was
    trained (all of them without one): a best model kept out of use does not hold back the
    next retrain of the fast one, and a fast model kept out of use by the best one still
    counts as the retrain it was."""
    found = models(project)
    trained = [m.created_at for m in (found.fast, found.in_use) if m is not None]
    with project.reading() as tx:
        return tx.count_events("submit", after=max(trained) if since_model and trained else None)
