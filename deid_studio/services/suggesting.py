"""Suggestions and queue scores from the current model, for the documents not yet annotated.

After a retrain, :func:`resuggest` tags every document still waiting for annotation (status
``new`` or ``in_progress``) with the newest model version, replaces its suggestions and its
uncertainty score (the order of the queue). Before the first training it does the same with
model version 0, the rules alone (the queue then orders by rule-flagged density), so
imported narratives have suggestions at once. The score adds to the model's doubt what the
model does not know (:mod:`.queue_signals`): new vocabulary and contradicted names. It works
in chunks, each in its own short
transaction, so annotators keep working while it runs; a cancelled run keeps the chunks it
finished (each is complete and consistent) and stops.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deid_studio.core.document import Suggestion
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.detect.combine import SOURCES
from deid_studio.detect.detector import DetectorSettings
from deid_studio.services._detector import current_detector, model_in_use
from deid_studio.services.queue import QueueEntry, queue_page
from deid_studio.services.queue_signals import queue_signals
from deid_studio.services.training import DETECTOR_SETTING
from deid_studio.store.project import Project

ANNOTATABLE = ("new", "in_progress")
CHUNK_DOCUMENTS = 64
ACTOR = "deid-studio"  # the audit trail's name for what the engine does on its own


@dataclass(frozen=True, slots=True)
class ResuggestResult:
    """What a re-suggestion changed."""

    model_version_id: int | None  # None: model version 0, the rules alone
    documents: int
    suggestions: int
    seconds: float


def resuggest(
    project: Project,
    *,
    document_ids: Sequence[int] | None = None,
    actor: str = ACTOR,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    chunk: int = CHUNK_DOCUMENTS,
    only_stale: bool = False,
) -> ResuggestResult:
    """Replace the suggestions and queue scores of the documents not yet annotated (of
    ``document_ids`` only, when given) with the current model's; with ``only_stale``, only
    of those the current model has not scored yet (imported since it was trained).

    Suggestions that repeat a gold span of the document are left out. Without a trained
    model, the rules alone suggest (model version 0, stored as no version).
    """
    started = time.perf_counter()
    current = current_detector(project)
    detector, version = current.detector, current.model_version_id
    waiting = _waiting(project, version, only_stale=only_stale)
    signals = queue_signals(project) if waiting else None
    if document_ids is not None:
        wanted = set(document_ids)
        waiting = [i for i in waiting if i in wanted]
    done = suggested = 0
    progress(0, len(waiting))
    for first in range(0, len(waiting), chunk):
        check(cancelled)
        ids = waiting[first : first + chunk]
        with project.reading() as tx:
            stored = [s.document for s in tx.documents(ids=ids, statuses=ANNOTATABLE)]
        found = detector.detect([(d.text, d.language) for d in stored], marginals=True)
        by_document: dict[int, list[Suggestion]] = {}
        scores = {}
        for document, detection in zip(stored, found, strict=True):
            assert document.id is not None
            gold = {(s.start, s.end, s.category) for s in document.spans}
            by_document[document.id] = [
                s for s in detection.suggestions if (s.start, s.end, s.category) not in gold
            ]
            assert signals is not None
            scored = signals.score(document.text, detection, rules_only=detector.rules_only)
            if scored is not None:
                scores[document.id] = (scored.score, scored.details())
        with project.transaction(actor) as tx:
            count = tx.replace_suggestions(by_document, version)
            tx.replace_scores(scores, version)
            tx.audit(
                "resuggest",
                after={"model_version": version, "documents": len(stored), "suggestions": count},
            )
        done += len(stored)
        suggested += count
        progress(done, len(waiting))
    return ResuggestResult(version, done, suggested, time.perf_counter() - started)


def stale_documents(project: Project) -> list[int]:
    """Documents waiting for annotation that the current model (or the rules alone, before
    the first training) has not suggested for yet: those imported since."""
    with project.reading() as tx:
        stored = model_in_use(tx)
    return _waiting(project, None if stored is None else stored.id, only_stale=True)


def _waiting(project: Project, version: int | None, *, only_stale: bool) -> list[int]:
    with project.reading() as tx:
        waiting = tx.document_ids(ANNOTATABLE)
        if only_stale:
            fresh = {
                s.document_id for s in tx.document_scores(waiting) if s.model_version_id == version
            }
            waiting = [i for i in waiting if i not in fresh]
    return waiting


def suggestions_for(project: Project, document_id: int) -> list[Suggestion]:
    """The stored suggestions of one document, in reading order."""
    with project.reading() as tx:
        return [s.suggestion for s in tx.suggestions(document_id)]


def scored_queue(
    project: Project, *, limit: int = 20
) -> list[tuple[QueueEntry, Mapping[str, Any]]]:
    """The head of the annotation queue (most uncertain first), each entry with the parts
    of its score (empty for a document no model has scored). Documents the current model
    has not scored yet (imported since it was trained) are scored first."""
    resuggest(project, only_stale=True)
    entries = queue_page(project, limit=limit)
    with project.reading() as tx:
        details = {
            s.document_id: s.details for s in tx.document_scores([e.document_id for e in entries])
        }
    return [(e, details.get(e.document_id, {})) for e in entries]


def detector_settings(project: Project) -> DetectorSettings:
    """How rule and CRF suggestions are merged in this project (and the current τ)."""
    with project.reading() as tx:
        stored = model_in_use(tx)
        return DetectorSettings.of_model(
            tx.setting(DETECTOR_SETTING), stored.metrics if stored is not None else None
        )


def update_detector_settings(
    project: Project,
    *,
    actor: str,
    priority: Mapping[str, str] | None = None,
    rules: bool | None = None,
) -> DetectorSettings:
    """Set which source wins each category where rule and CRF suggestions overlap
    (``priority``: category -> ``rule`` or ``crf``; categories left out go to the CRF) and
    whether rule suggestions are merged in at all. Audited; takes effect at the next
    re-suggestion. The settings after."""
    with project.transaction(actor) as tx:
        tx.require("steward", "change the detector settings")
        scheme = tx.scheme()
        before = dict(tx.setting(DETECTOR_SETTING) or {})
        after = dict(before)
        if priority is not None:
            strangers = sorted(set(priority) - set(scheme.names))
            if strangers:
                raise DeidError(f"not categories of the scheme: {', '.join(strangers)}")
            bad = sorted({v for v in priority.values() if v not in SOURCES})
            if bad:
                raise DeidError(f"a category goes to 'rule' or 'crf', not {', '.join(bad)}")
            after["priority"] = dict(priority)
        if rules is not None:
            after["rules"] = bool(rules)
        if after != before:
            tx.set_setting(DETECTOR_SETTING, after)
            tx.audit("detector_settings", before=before, after=after)
    return detector_settings(project)
