"""Reviewing submitted documents: open one, see where the model disagrees, sign off or send
back, read the document's audit trail.

Four eyes: by default a reviewer cannot sign off a document they annotated (submitted, or
imported as submitted gold). The project setting ``four_eyes`` set to false allows
single-person mode; the audit trail then says the reviewer was also the annotator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deid_studio.core.errors import DeidError
from deid_studio.core.language import guess_language
from deid_studio.services.annotating import (
    DocumentState,
    EditRefused,
    check_version,
    document_state,
    edit_problem,
    editing_problem,
    info_of,
)
from deid_studio.store.editing import DocumentInfo, Review, StoredAnnotation, StoredSuggestion
from deid_studio.store.project import AuditEvent, Project, Transaction

REVIEWABLE = ("submitted",)
_DETECTORS: dict[tuple[str, int], Any] = {}  # the newest model's detector, loaded once

__all__ = [
    "REVIEWABLE",
    "Disagreement",
    "FourEyesError",
    "ReviewState",
    "audit_of",
    "disagreements",
    "model_view",
    "next_for_review",
    "open_for_review",
    "send_back",
    "sign_off",
]


class FourEyesError(EditRefused):
    """The reviewer annotated this document and the project requires a second person."""


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Where the model and the gold standard differ.

    ``kind`` is ``model_only`` (the model suggests PHI no gold span covers), ``gold_only``
    (a gold span the model did not propose), ``boundary`` (they overlap with other offsets)
    or ``category`` (same offsets, other category).
    """

    kind: str
    start: int
    end: int
    gold: StoredAnnotation | None
    suggestion: StoredSuggestion | None


@dataclass(frozen=True, slots=True)
class ReviewState:
    """A submitted document as the reviewer sees it."""

    document: DocumentState
    annotators: frozenset[str]
    reviews: tuple[Review, ...]
    four_eyes: bool
    sign_off_refusal: str | None

    @property
    def can_sign_off(self) -> bool:
        """True when the reviewer may sign the document off."""
        return self.sign_off_refusal is None


def _refusal(
    tx: Transaction, info: DocumentInfo, read_only_reason: str | None, annotators: set[str]
) -> str | None:
    if "reviewer" not in tx.roles():
        return f"{tx.actor} is not a reviewer of this project"
    if info.status not in REVIEWABLE:
        return f"it is {info.status.replace('_', ' ')}, not submitted"
    if read_only_reason is not None:
        return read_only_reason
    if tx.actor in annotators and bool(tx.setting("four_eyes", True)):
        return (
            f"{tx.actor} annotated it; the project requires another person to sign off (four eyes)"
        )
    return None


def identity_kind(server: bool) -> str:
    """How the actor of an audit event is known: a database login on a server, a declared
    name in a single-user SQLite project."""
    return "database login" if server else "declared name (single-user SQLite project)"


def open_for_review(project: Project, document_id: int, *, actor: str) -> ReviewState:
    """Open a submitted document for review; the reviewer holds it while reviewing.

    A reviewer who may not sign it off (four eyes) sees it without holding it, so that
    another reviewer can take it.
    """
    with project.transaction(actor) as tx:
        actor = tx.actor
        info = tx.document_info(document_id)
        if info is None:
            raise DeidError(f"document {document_id} is not in the project")
        annotators = tx.annotators(document_id)
        barred = (tx.actor in annotators and bool(tx.setting("four_eyes", True))) or (
            "reviewer" not in tx.roles()
        )
        if (
            info.status in REVIEWABLE
            and info.claimed_by != actor
            and edit_problem(info, actor) is None
            and not barred
        ):
            if tx.claim(document_id):
                tx.audit("claim", document_id=document_id, reason="review")
        state = document_state(tx, document_id, actor)
        return ReviewState(
            document=state,
            annotators=frozenset(annotators),
            reviews=tuple(tx.reviews(document_id)),
            four_eyes=bool(tx.setting("four_eyes", True)),
            sign_off_refusal=_refusal(tx, state.info, state.read_only_reason, annotators),
        )


def next_for_review(project: Project, *, actor: str, skip: Sequence[int] = ()) -> int | None:
    """Claim the first submitted document of the review queue that nobody else holds, that
    the reviewer may sign off (under four eyes, not one they annotated) and that is not in
    ``skip`` (the one the reviewer is leaving, those skipped before)."""
    with project.transaction(actor) as tx:
        tx.require("reviewer", "review")
        actor = tx.actor
        four_eyes = bool(tx.setting("four_eyes", True))
        offset = 0
        while True:
            page = tx.queue(statuses=REVIEWABLE, offset=offset, limit=100)
            if not page:
                return None
            for entry in page:
                if entry.document_id in skip:
                    continue
                info = tx.document_info(entry.document_id)
                if info is None or edit_problem(info, actor) is not None:
                    continue
                if four_eyes and actor in tx.annotators(entry.document_id):
                    continue
                if info.claimed_by != actor:
                    if not tx.claim(entry.document_id):  # another reviewer took it meanwhile
                        continue
                    tx.audit("claim", document_id=entry.document_id, reason="review")
                return entry.document_id
            offset += len(page)


def sign_off(
    project: Project,
    document_id: int,
    *,
    actor: str,
    comment: str = "",
    expected_version: int | None = None,
) -> str:
    """Accept a submitted document: it may now be exported. Returns the new status."""
    with project.transaction(actor) as tx:
        tx.require("reviewer", "sign off")
        actor = tx.actor
        info = info_of(tx, document_id)
        annotators = tx.annotators(document_id)
        refusal = _refusal(tx, info, editing_problem(tx, info, actor), annotators)
        if refusal is not None:
            name = info.external_id or document_id
            error = FourEyesError if actor in annotators else EditRefused
            raise error(f"cannot sign off document {name}: {refusal}")
        single = actor in annotators
        check_version(tx, document_id, expected_version)
        tx.add_reviews([document_id], "signed_off", comment)
        tx.set_status(document_id, "signed_off", release=True)
        tx.audit(
            "sign_off",
            document_id=document_id,
            before={"status": info.status},
            after={
                "status": "signed_off",
                "comment": comment,
                "single_person": single,
                "identity": identity_kind(tx.server),
            },
            reason=(
                "single-person mode: the reviewer also annotated this document"
                if single
                else comment
            ),
        )
        return "signed_off"


def send_back(
    project: Project,
    document_id: int,
    *,
    actor: str,
    comment: str = "",
    expected_version: int | None = None,
) -> str:
    """Return a submitted document to the annotation queue with the reviewer's comment."""
    with project.transaction(actor) as tx:
        tx.require("reviewer", "send documents back")
        actor = tx.actor
        info = info_of(tx, document_id)
        if info.status not in REVIEWABLE:
            raise EditRefused(
                f"cannot send back document {info.external_id or document_id}: it is "
                f"{info.status.replace('_', ' ')}"
            )
        problem = editing_problem(tx, info, actor)
        if problem is not None:
            raise EditRefused(f"cannot send it back: {problem}")
        check_version(tx, document_id, expected_version)
        tx.add_reviews([document_id], "sent_back", comment)
        tx.set_status(document_id, "in_progress", release=True)
        tx.audit(
            "send_back",
            document_id=document_id,
            before={"status": info.status},
            after={"status": "in_progress", "comment": comment},
            reason=comment,
        )
        return "in_progress"


def audit_of(project: Project, document_id: int) -> list[AuditEvent]:
    """Who did what to a document, and when, oldest first."""
    with project.reading() as tx:
        return tx.document_audit(document_id)


def model_view(project: Project, document_id: int) -> list[StoredSuggestion] | None:
    """What the current model proposes for a document now (None before any model).

    The reviewer compares it with the gold: a document's stored suggestions are gone once
    its annotator decided them, and imported gold never had any. The detector of the newest
    model version is loaded once and kept.
    """
    from deid_studio.services._detector import current_detector

    with project.reading() as tx:
        versions = tx.model_versions(latest_only=True)
        info = tx.document_info(document_id)
    if not versions or info is None:
        return None
    key = (project.location, versions[0].id)
    current = _DETECTORS.get(key)
    if current is None:
        current = current_detector(project)
        _DETECTORS.clear()
        _DETECTORS[key] = current
    language = info.language or guess_language(info.text)
    [found] = current.detector.detect([(info.text, language)])
    doc, version = document_id, current.model_version_id
    return [
        StoredSuggestion(
            0, doc, s.start, s.end, s.category, s.confidence, s.source, version, s.rule
        )
        for s in found.suggestions
    ]


def disagreements(
    gold: Sequence[StoredAnnotation],
    suggestions: Sequence[StoredSuggestion],
    *,
    fresh: bool = False,
) -> list[Disagreement]:
    """Where the model's suggestions and the gold spans of a document differ, in text order.

    A gold span that no suggestion overlaps is ``gold_only`` (the model missed it). With the
    stored (left-over) suggestions, a gold span accepted from a suggestion is an agreement;
    with ``fresh`` predictions of the current model (:func:`model_view`) every gold span is
    compared.
    """
    found: list[Disagreement] = []
    for s in suggestions:
        overlapping = [g for g in gold if g.start < s.end and s.start < g.end]
        if not overlapping:
            found.append(Disagreement("model_only", s.start, s.end, None, s))
            continue
        for g in overlapping:
            if (g.start, g.end) != (s.start, s.end):
                found.append(Disagreement("boundary", s.start, s.end, g, s))
            elif g.category != s.category:
                found.append(Disagreement("category", s.start, s.end, g, s))
    for g in gold:
        if g.origin == "accepted" and not fresh:
            continue
        if not any(g.start < s.end and s.start < g.end for s in suggestions):
            found.append(Disagreement("gold_only", g.start, g.end, g, None))
    return sorted(found, key=lambda d: (d.start, d.end, d.kind))
