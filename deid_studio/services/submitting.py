"""Submitting a document: the annotator declares it done, and it becomes training gold.

A submission needs a decision on every suggestion. With suggestions still undecided it is
refused (:class:`UndecidedSuggestions`, saying how many) unless the annotator chose how to
resolve them: ``accept_above`` — accept those at or above a confidence (as "accept all"
does) and reject the rest — or ``reject_rest``. The choice, with every span it accepted or
rejected, is in the audit trail, and the document keeps a mark of it
(``resolved_on_submit``) that the review queue shows, so the reviewer knows which gold was
decided one by one and which in bulk.
"""

from __future__ import annotations

from typing import Any, Literal

from deid_studio.core.document import Span
from deid_studio.core.errors import DeidError
from deid_studio.services._copies import BlindSpans, spans_of
from deid_studio.services.annotating import (
    Edit,
    EditRefused,
    acceptable,
    audit_span,
    check_editable,
    undecided,
    with_version,
)
from deid_studio.store.editing import StoredAnnotation, StoredSuggestion
from deid_studio.store.project import Project

Resolution = Literal["accept_above", "reject_rest"]
RESOLUTIONS: tuple[Resolution, ...] = ("accept_above", "reject_rest")

__all__ = [
    "RESOLUTIONS",
    "Resolution",
    "UndecidedSuggestions",
    "describe_resolution",
    "submit",
    "undecided_count",
]


class UndecidedSuggestions(EditRefused):
    """A submission refused because suggestions are still undecided."""

    def __init__(self, name: str, count: int) -> None:
        self.count = count
        super().__init__(
            f"document {name} has {count} undecided suggestion{'s' if count != 1 else ''}: "
            "accept or reject each, or choose how to resolve the rest when submitting; "
            "it was not submitted"
        )


def undecided_count(project: Project, document_id: int) -> int:
    """How many suggestions of the document nobody accepted or rejected yet."""
    with project.reading() as tx:
        return len(undecided(tx, document_id))


def submit(
    project: Project,
    document_id: int,
    *,
    actor: str,
    resolve: Resolution | None = None,
    threshold: float | None = None,
    expected_version: int | None = None,
) -> Edit:
    """Declare the document done: it waits for review, and the actor lets go of it. In a
    blind double annotation, the actor's copy is done; the document waits for the other
    annotator, then for adjudication.

    Refused while suggestions are undecided, unless ``resolve`` says what becomes of them
    (``accept_above`` needs ``threshold``). The accepted ones become gold (origin
    ``accepted``), every other one is removed. ``expected_version``: the document's version
    the actor last saw (a stale one is refused).
    """
    if resolve is not None and resolve not in RESOLUTIONS:
        raise DeidError(f"unknown resolution {resolve!r}; choose {', '.join(RESOLUTIONS)}")
    if resolve == "accept_above" and (threshold is None or not 0.0 <= threshold <= 1.0):
        raise DeidError("accepting the undecided suggestions above a confidence needs one in 0..1")
    with project.transaction(actor) as tx:
        info = check_editable(tx, document_id, expected_version)
        spans = spans_of(tx, document_id)
        if isinstance(spans, BlindSpans):  # no suggestions in a blind copy: nothing to decide
            tx.submit_assignment(spans.assignment.id)
            tx.audit("submit_blind", document_id=document_id, after={"spans": len(spans.all())})
            note = "your blind copy is submitted; adjudication makes the gold"
            return with_version(tx, Edit(document_id, "submit", status="submitted", notes=(note,)))
        if info.status == "submitted":
            tx.release(document_id)
            tx.audit("release", document_id=document_id)
            return with_version(tx, Edit(document_id, "submit", notes=("already submitted",)))
        gold = tx.annotations(document_id)
        left = undecided(tx, document_id, gold)
        if left and resolve is None:
            raise UndecidedSuggestions(info.external_id or str(info.id), len(left))
        added: list[StoredAnnotation] = []
        used: list[StoredSuggestion] = []
        resolution: dict[str, Any] | None = None
        if left:
            accepted = (
                acceptable(tx, document_id, left, threshold or 0.0, gold)
                if resolve == "accept_above"
                else []
            )
            chosen = {s.id for s in accepted}
            used = tx.delete_suggestions(document_id)  # one replaced meanwhile is not among them
            added = tx.add_annotations(
                document_id,
                [(Span(s.start, s.end, s.category), s.model_version_id) for s in accepted],
                origin="accepted",
            )
            resolution = {
                "choice": resolve,
                "threshold": threshold if resolve == "accept_above" else None,
                "undecided": len(left),
                "accepted": len(accepted),
                "rejected": len(left) - len(accepted),
            }
            tx.audit(
                "resolve_on_submit",
                document_id=document_id,
                before={"undecided": [audit_span(s) for s in left]},
                after={
                    **resolution,
                    "accepted_spans": [audit_span(a) for a in added],
                    "rejected_spans": [audit_span(s) for s in left if s.id not in chosen],
                },
                reason=describe_resolution(resolution),
            )
        tx.mark_submitted(document_id, resolution)
        tx.audit(
            "submit",
            document_id=document_id,
            before={"status": info.status},
            after={
                "status": "submitted",
                "gold": len(gold) + len(added),
                "resolved_on_submit": resolution,
            },
        )
        return with_version(
            tx,
            Edit(
                document_id,
                "submit",
                added=tuple(added),
                suggestions_removed=tuple(used),
                status="submitted",
            ),
        )


def describe_resolution(resolution: dict[str, Any] | Any) -> str:
    """One line for a bulk resolution: "27 undecided at submission: 3 accepted (≥ 0.80),
    24 rejected"."""
    if not resolution:
        return ""
    accepted, rejected = int(resolution.get("accepted", 0)), int(resolution.get("rejected", 0))
    line = f"{int(resolution.get('undecided', accepted + rejected))} undecided at submission: "
    if resolution.get("choice") == "accept_above":
        line += f"{accepted} accepted (≥ {float(resolution.get('threshold') or 0):.2f}), "
    return line + f"{rejected} rejected"
