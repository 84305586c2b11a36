"""Where an edit's spans go: the gold standard, or the actor's own blind copy of a document
under double annotation. The annotation service edits either through the same methods."""

from __future__ import annotations

from deid_studio.core.document import Span
from deid_studio.store.double import Assignment
from deid_studio.store.editing import StoredAnnotation
from deid_studio.store.project import Transaction


class GoldSpans:
    """The document's gold spans."""

    blind = False

    def __init__(self, tx: Transaction, document_id: int) -> None:
        self.tx, self.document_id = tx, document_id

    def all(self) -> list[StoredAnnotation]:
        """Every span, in reading order."""
        return self.tx.annotations(self.document_id)

    def get(self, annotation_id: int) -> StoredAnnotation | None:
        """One span by id."""
        found = self.tx.annotation(annotation_id)
        return found if found is not None and found.document_id == self.document_id else None

    def find(self, span: Span) -> StoredAnnotation | None:
        """The span with these offsets and category."""
        return self.tx.find_annotation(self.document_id, span.start, span.end, span.category)

    def add(
        self, span: Span, *, origin: str = "human", model_version_id: int | None = None,
        author: str | None = None,
    ) -> StoredAnnotation:  # fmt: skip
        """Store a span."""
        return self.tx.add_annotation(
            self.document_id, span, origin=origin, model_version_id=model_version_id,
            author=author,
        )  # fmt: skip

    def update(
        self, annotation_id: int, span: Span, *, author: str | None = None
    ) -> StoredAnnotation:
        """New offsets or category."""
        return self.tx.update_annotation(annotation_id, span, author=author)

    def delete(self, annotation_id: int) -> StoredAnnotation:
        """Remove a span; what it was."""
        return self.tx.delete_annotation(annotation_id)


class BlindSpans(GoldSpans):
    """One annotator's blind copy: no suggestions, nobody else's spans."""

    blind = True

    def __init__(self, tx: Transaction, assignment: Assignment) -> None:
        super().__init__(tx, assignment.document_id)
        self.assignment = assignment

    def all(self) -> list[StoredAnnotation]:
        return self.tx.blind_spans(self.assignment.id, self.document_id)

    def get(self, annotation_id: int) -> StoredAnnotation | None:
        row = self.tx.blind_span(self.assignment.id, annotation_id)
        return None if row is None else _stored(row, self.document_id)

    def find(self, span: Span) -> StoredAnnotation | None:
        row = self.tx.find_blind_span(self.assignment.id, span)
        return None if row is None else _stored(row, self.document_id)

    def add(
        self, span: Span, *, origin: str = "human", model_version_id: int | None = None,
        author: str | None = None,
    ) -> StoredAnnotation:  # fmt: skip
        return self.tx.add_blind_span(self.assignment.id, self.document_id, span)

    def update(
        self, annotation_id: int, span: Span, *, author: str | None = None
    ) -> StoredAnnotation:
        row = self.tx.blind_span(self.assignment.id, annotation_id)
        if row is None:
            raise KeyError(annotation_id)
        self.tx.update_blind_span(row, span)
        return _stored(row, self.document_id)

    def delete(self, annotation_id: int) -> StoredAnnotation:
        row = self.tx.blind_span(self.assignment.id, annotation_id)
        if row is None:
            raise KeyError(annotation_id)
        gone = _stored(row, self.document_id)
        self.tx.delete_blind_span(row)
        return gone


def _stored(row: object, document_id: int) -> StoredAnnotation:
    r = row  # a BlindSpanRow, read inside the store's session
    return StoredAnnotation(
        r.id, document_id, r.start, r.end, r.category, r.author, r.origin, None, r.group,  # type: ignore[attr-defined]
    )  # fmt: skip


def open_assignment(tx: Transaction, document_id: int) -> tuple[Assignment | None, str | None]:
    """(the actor's open assignment on the document, why they may not edit it): both None for
    a document without a double annotation in progress."""
    key = ("assignments", document_id)
    if key not in tx.memo:
        tx.memo[key] = tx.assignments(document_id)
    pending = [a for a in tx.memo[key] if a.adjudicated_at is None]
    if not pending:
        return None, None
    mine = next((a for a in pending if a.annotator == tx.actor), None)
    if mine is None:
        names = " and ".join(a.annotator for a in pending)
        return None, f"under blind double annotation by {names}; adjudication makes its gold"
    if mine.submitted_at is not None:
        return mine, "your blind copy is submitted; it waits for adjudication"
    return mine, None


def spans_of(tx: Transaction, document_id: int) -> GoldSpans:
    """Where the actor's edits of the document go (refused when it is someone else's double
    annotation)."""
    mine, problem = open_assignment(tx, document_id)
    if problem is not None:
        from deid_studio.services.annotating import EditRefused

        raise EditRefused(f"document {document_id} is {problem}")
    return BlindSpans(tx, mine) if mine is not None else GoldSpans(tx, document_id)
