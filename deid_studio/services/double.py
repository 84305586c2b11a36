"""Blind double annotation: a steward assigns a share of documents to two annotators each;
each annotates their own copy without seeing the other's; the agreement between them is
measured; an adjudicator (a reviewer who annotated neither copy) makes the gold from both,
span by span. Both copies stay (and every edit of them is in the audit trail).

Copies carry no model suggestions: the agreement measures the annotators, not how often
both accepted the same suggestion.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Span
from deid_studio.core.errors import DeidError
from deid_studio.evaluate.agreement import Agreement, DoubleAnnotation, agreement
from deid_studio.services.annotating import EditRefused, check_version
from deid_studio.store.editing import DocumentInfo, StoredAnnotation
from deid_studio.store.project import Project, Transaction

__all__ = [
    "Adjudication",
    "AssignResult",
    "Unit",
    "adjudicate",
    "adjudication_queue",
    "agreement_report",
    "assign_double",
    "open_for_adjudication",
]


@dataclass(frozen=True, slots=True)
class AssignResult:
    """What an assignment did: document id -> its two annotators."""

    pairs: dict[int, tuple[str, str]]


@dataclass(frozen=True, slots=True)
class Unit:
    """A stretch of the narrative where either annotator marked something: the spans of each
    side that overlap it. ``agreed`` when both marked exactly the same spans."""

    start: int
    end: int
    first: tuple[Span, ...]
    second: tuple[Span, ...]

    @property
    def agreed(self) -> bool:
        """Both sides marked the same spans with the same categories."""
        return set(self.first) == set(self.second)


@dataclass(frozen=True, slots=True)
class Adjudication:
    """A document with both blind copies, as the adjudicator sees it."""

    info: DocumentInfo
    scheme: Scheme
    annotators: tuple[str, str]
    first: tuple[StoredAnnotation, ...]
    second: tuple[StoredAnnotation, ...]
    units: tuple[Unit, ...]


def assign_double(
    project: Project,
    annotators: Sequence[str],
    *,
    actor: str,
    share: float | None = None,
    document_ids: Sequence[int] | None = None,
    seed: int = 0,
) -> AssignResult:
    """Give a share of the documents not yet started (status ``new``, never double
    annotated) — a random ``share`` of them, or the chosen ``document_ids`` — to two of
    ``annotators`` each, the pairs taking turns so the work is even. A steward's action."""
    names = sorted(dict.fromkeys(a.strip() for a in annotators if a.strip()))
    if len(names) < 2:
        raise DeidError("double annotation needs at least two annotators")
    with project.transaction(actor) as tx:
        tx.require("steward", "assign double annotation")
        if tx.server:
            known = {m.login for m in tx.members()}
            strangers = [n for n in names if n not in known]
            if strangers:
                raise DeidError(f"not members of the project: {', '.join(strangers)}")
        taken = tx.assigned_document_ids()
        fresh = [i for i in tx.document_ids(("new",)) if i not in taken]
        if document_ids is not None:
            wrong = sorted(set(document_ids) - set(fresh))
            if wrong:
                raise DeidError(
                    f"documents not new or already double-annotated: {', '.join(map(str, wrong))}"
                )
            chosen = list(document_ids)
        else:
            if share is None or not 0 < share <= 1:
                raise DeidError("give a share between 0 and 1 (0.1 for 10%) or the documents")
            count = max(1, round(len(fresh) * share)) if fresh else 0
            chosen = sorted(random.Random(seed).sample(fresh, count))
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        given = {doc: pairs[n % len(pairs)] for n, doc in enumerate(chosen)}
        tx.assign([(doc, who) for doc, pair in given.items() for who in pair])
        tx.audit_many(
            "assign_double",
            ((doc, None, {"annotators": list(pair)}) for doc, pair in given.items()),
        )
        return AssignResult(given)


def adjudication_queue(project: Project) -> list[tuple[int, str, tuple[str, ...]]]:
    """(document id, report id, its annotators) of every double annotation whose two copies
    are submitted and not adjudicated yet."""
    with project.reading() as tx:
        out = []
        for doc in tx.ready_for_adjudication():
            info = tx.document_info(doc)
            names = tuple(a.annotator for a in tx.assignments(doc))
            out.append((doc, info.external_id if info else str(doc), names))
        return out


def _units(first: Sequence[Span], second: Sequence[Span]) -> list[Unit]:
    tagged = sorted([(s, 0) for s in first] + [(s, 1) for s in second], key=lambda x: x[0].start)
    units: list[Unit] = []
    group: list[tuple[Span, int]] = []
    end = -1
    for span, side in tagged:
        if group and span.start >= end:
            units.append(_unit(group))
            group = []
        group.append((span, side))
        end = max(end, span.end) if len(group) > 1 else span.end
    if group:
        units.append(_unit(group))
    return units


def _unit(group: list[tuple[Span, int]]) -> Unit:
    return Unit(
        min(s.start for s, _ in group),
        max(s.end for s, _ in group),
        tuple(s for s, side in group if side == 0),
        tuple(s for s, side in group if side == 1),
    )


def _copies(tx: Transaction, document_id: int) -> tuple[tuple[str, str], list, list]:
    pending = [a for a in tx.assignments(document_id) if a.adjudicated_at is None]
    if len(pending) != 2 or any(a.submitted_at is None for a in pending):
        raise DeidError(f"document {document_id} has no double annotation waiting for adjudication")
    a, b = pending
    return (
        (a.annotator, b.annotator),
        tx.blind_spans(a.id, document_id),
        tx.blind_spans(b.id, document_id),
    )


def open_for_adjudication(project: Project, document_id: int, *, actor: str) -> Adjudication:
    """Both copies side by side, grouped into units; for a reviewer who annotated neither."""
    with project.transaction(actor) as tx:
        _may_adjudicate(tx, document_id)
        names, first, second = _copies(tx, document_id)
        info = tx.document_info(document_id)
        assert info is not None
        units = _units([a.span for a in first], [a.span for a in second])
        return Adjudication(info, tx.scheme(), names, tuple(first), tuple(second), tuple(units))


def _may_adjudicate(tx: Transaction, document_id: int) -> None:
    tx.require("reviewer", "adjudicate")
    names = [a.annotator for a in tx.assignments(document_id)]
    if tx.actor in names:
        raise EditRefused(
            f"{tx.actor} annotated a copy of document {document_id}; another reviewer adjudicates"
        )


def adjudicate(
    project: Project,
    document_id: int,
    spans: Sequence[Span],
    *,
    actor: str,
    expected_version: int | None = None,
) -> int:
    """Make ``spans`` the document's gold: it is submitted (for sign-off by a reviewer other
    than the adjudicator), both copies are kept and named in the audit event. How many gold
    spans it has."""
    with project.transaction(actor) as tx:
        _may_adjudicate(tx, document_id)
        names, first, second = _copies(tx, document_id)
        info = tx.document_info(document_id)
        assert info is not None
        check_version(tx, document_id, expected_version)
        for span in spans:
            if span.end > len(info.text) or not tx.has_category(span.category):
                raise DeidError(f"span {span.start}-{span.end} {span.category} does not fit")
        for old in tx.annotations(document_id):
            tx.delete_annotation(old.id)
        for span in sorted(set(spans), key=lambda s: (s.start, s.end)):
            tx.add_annotation(document_id, span)
        tx.mark_adjudicated(document_id)
        tx.set_status(document_id, "submitted", release=True)

        def listed(items: Sequence[StoredAnnotation] | Sequence[Span]) -> list[list]:
            return [[s.start, s.end, s.category] for s in items]

        tx.audit(
            "adjudicate",
            document_id=document_id,
            before={"status": info.status, names[0]: listed(first), names[1]: listed(second)},
            after={"status": "submitted", "gold": listed(sorted(set(spans), key=Span.sort_key))},
        )
        return len(set(spans))


def agreement_report(project: Project) -> Agreement:
    """Agreement between the two annotators of every double annotation whose copies are
    both submitted (adjudicated or not)."""
    with project.reading() as tx:
        scheme = tx.scheme()
        by_document: dict[int, list] = {}
        for a in tx.assignments():
            if a.submitted_at is not None:
                by_document.setdefault(a.document_id, []).append(a)
        pairs = []
        for doc, copies in sorted(by_document.items()):
            if len(copies) != 2:
                continue
            info = tx.document_info(doc)
            assert info is not None
            first, second = ([s.span for s in tx.blind_spans(c.id, doc)] for c in copies)
            pairs.append(DoubleAnnotation(info.text, first, second))
    return agreement(pairs, scheme.names)
