"""Masking use cases: the project's policy, the masked preview, and the masked export.

Which spans are masked: a document's gold spans and its remaining suggestions at or above the
policy's confidence threshold, together, plus every other occurrence of their strings (see
:mod:`deid_studio.mask.spans`).

The preview and the export mask the same way: a case's date offset and surrogates are drawn
from keyed hashes of the project secret and the case, and each surrogate avoids the PHI
strings of *all* the case's reports (not only those being exported), so a preview shows
exactly what an export will write. A preview reads the vault but writes nothing unless asked
(``remember=True``, audited); the export stores what it drew (surrogates in the vault, the
case's date offset), so a follow-up imported later, or a newer Faker, keeps them. A case keeps
its stored offset when the policy's interval changes later.
"""

from __future__ import annotations

import secrets
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import regex

from deid_studio.core.document import Document, Suggestion
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats import writer
from deid_studio.mask import LeakError, MaskedDocument, MaskingPolicy, PolicyError
from deid_studio.mask.cases import MaskedReports, mask_reports
from deid_studio.mask.safe import keep_map
from deid_studio.services._retry import retried
from deid_studio.services.exporting import check_target
from deid_studio.services.forced import MODES, RecallReading, describe_mode, recall_reading
from deid_studio.services.keep import read_keep_list
from deid_studio.services.privacy import DEFAULT_READABLE_BY, READABLE_BY
from deid_studio.services.safe_terms import safe_terms_of
from deid_studio.services.staging import staged_output
from deid_studio.store.project import Project, StoredDocument, Transaction

CHUNK = 500  # documents read per query (bound parameters stay under SQLite's limit)

POLICY_SETTING = "masking_policy"
SECRET_SETTING = "vault_secret"
MASKED_FORMATS = ("txt", "jsonl", "csv", "brat", "e2b")
EXPORTABLE = ("signed_off", "exported")

__all__ = [
    "EXPORTABLE",
    "MASKED_FORMATS",
    "LeakError",
    "MaskedExportResult",
    "PolicyError",
    "export_masked",
    "masking_policy",
    "policy_actions",
    "preview",
    "set_masking_policy",
]


@dataclass(frozen=True, slots=True)
class MaskedExportResult:
    """What a masked export wrote, and what masking did (category -> action -> count)."""

    documents: int
    forced: int
    out: Path
    files: int
    seconds: float
    preset: str
    actions: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    fallbacks: Mapping[str, int] = field(default_factory=dict)
    mode: str | None = None
    """How documents not signed off were masked: ``recall``, ``default`` (None: none were)."""
    mode_note: str = ""
    """The summary's line about it (what read them again, or that it was not asked)."""
    most_masked: tuple[MaskedWord, ...] = ()
    """The words suggestions masked most often (in :data:`MIN_REPORTS` reports or more):
    where over-masking shows, each a candidate for the keep list."""
    spared: int = 0
    """Suggestions left as written: safe terms and the keep list."""


@dataclass(frozen=True, slots=True)
class MaskedWord:
    """A word of the narratives that suggestions masked: how often, in how many reports."""

    word: str
    count: int
    reports: int


MIN_REPORTS = 3
"""A word masked in fewer reports is not listed: it is more likely a person's name (and the
summary would show PHI) than a word of the trade."""
MOST_MASKED = 12


def most_masked(masked: Sequence[MaskedDocument], limit: int = MOST_MASKED) -> list[MaskedWord]:
    """The words that suggestions (not gold) masked most often, in ``MIN_REPORTS`` reports
    or more, as written most often ("Pfizer", not "pfizer")."""
    count: Counter[str] = Counter()
    reports: Counter[str] = Counter()
    spelling: dict[str, Counter[str]] = {}
    for document in masked:
        seen: set[str] = set()
        text = document.original.text
        for r in document.replacements:
            if r.origin == "gold" or r.action == "keep":
                continue
            for word in _MASKED_WORD.findall(text[r.start : r.end]):
                key = word.casefold()
                count[key] += 1
                spelling.setdefault(key, Counter())[word] += 1
                seen.add(key)
        reports.update(seen)
    ranked = [k for k, _ in count.most_common() if reports[k] >= MIN_REPORTS]
    return [
        MaskedWord(spelling[k].most_common(1)[0][0], count[k], reports[k]) for k in ranked[:limit]
    ]


_MASKED_WORD = regex.compile(r"\p{L}[\p{L}\p{M}'\u2019-]*\p{L}")


def masking_policy(project: Project) -> MaskingPolicy:
    """The project's masking policy (the ``tags`` preset until one is set)."""
    with project.reading() as tx:
        return policy_of(tx)


def policy_actions(project: Project, policy: MaskingPolicy | None = None) -> dict[str, str]:
    """What the policy (the project's by default) does with each category of the scheme."""
    with project.reading() as tx:
        return dict((policy or policy_of(tx)).actions_for(tx.scheme()))


def set_masking_policy(project: Project, policy: MaskingPolicy, *, actor: str) -> MaskingPolicy:
    """Make ``policy`` the project's; refused when it names categories the scheme lacks."""
    with project.transaction(actor) as tx:
        tx.require("steward", "change the masking policy")
        problems = policy.problems(tx.scheme())
        if problems:
            raise PolicyError("; ".join(problems) + "; the policy was not changed")
        before = tx.setting(POLICY_SETTING)
        tx.set_setting(POLICY_SETTING, policy.to_json())
        tx.audit("set_masking_policy", before=before, after=policy.to_json())
    return policy


def preview(
    project: Project,
    document_id: int,
    policy: MaskingPolicy | None = None,
    *,
    remember: bool = False,
    actor: str = "",
) -> MaskedDocument:
    """The document as a masked export would write it, with every replacement and leak.

    Writes nothing unless ``remember``, which stores the surrogates and date offset drawn
    (audited as ``actor``). A project without a vault secret gets one first.
    """
    ensure_secret(project, actor)
    with project.transaction(actor) if remember else project.reading() as tx:
        found = tx.documents(ids=[document_id])
        if not found:
            raise DeidError(f"no document {document_id} in the project")
        chosen = policy or policy_of(tx)
        batch = _mask(tx, [found[0].document], chosen)
        if remember and (batch.added or batch.offsets):
            _store(tx, batch)
            tx.audit(
                "remember_surrogates",
                document_id=document_id,
                after={"surrogates": len(batch.added), "date_offsets": len(batch.offsets)},
            )
    return batch.masked[0]


def export_masked(
    project: Project,
    out: Path,
    format_name: str,
    *,
    actor: str,
    preset: str | None = None,
    force: bool = False,
    reason: str = "",
    statuses: Sequence[str] | None = None,
    overwrite: bool = False,
    readable_by: str = DEFAULT_READABLE_BY,
    mode: str | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> MaskedExportResult:
    """Mask and write the signed-off documents (all chosen ones with ``force``) to ``out``.

    ``preset`` masks with another preset than the project policy's (its per-category
    overrides then do not apply; the interval, threshold and confidence do).

    Documents not signed off (with ``force``) are masked in recall mode unless ``mode`` is
    ``default`` (:mod:`.forced`): the current model reads them again first, outside the
    export's transaction, and masks every token it doubts.

    One transaction: every document is masked and leak-checked first; a leak refuses the
    whole export (:class:`LeakError`, listing each with report and offset) and nothing is
    written or stored. Then the output is written beside ``out``, the surrogates and date
    offsets drawn are stored, signed-off documents become ``exported`` (forced ones keep their
    status), and every document gets an audit event (forced ones with ``reason``); only once
    that is committed is the output moved into place, readable by ``readable_by`` (see
    :data:`~deid_studio.services.privacy.READABLE_BY`; the owner only by default). Another
    export drawing the same case's keys at the same moment makes this one run again.
    """
    started = time.perf_counter()
    if format_name not in MASKED_FORMATS:
        raise DeidError(
            f"no masked export to {format_name!r}; choose one of {', '.join(MASKED_FORMATS)}"
        )
    if readable_by not in READABLE_BY:
        raise DeidError(f"readable by {readable_by!r}? choose one of {', '.join(READABLE_BY)}")
    if mode is not None and mode not in MODES:
        raise DeidError(
            f"unknown mode {mode!r} for documents not signed off; choose recall or default"
        )
    write = writer(format_name)
    check_target(out, overwrite=overwrite)
    with project.transaction(actor) as tx:
        tx.require("steward", "export")
    ensure_secret(project, actor)
    mode = (mode or "recall") if force else None
    first_reading = _read_unreviewed(project, statuses, mode, progress, cancelled)

    def attempt() -> tuple[
        list[StoredDocument], MaskedReports, MaskingPolicy, list[Path], RecallReading
    ]:
        reading = first_reading
        with (
            staged_output(out, overwrite=overwrite, readable_by=readable_by) as stage,
            project.transaction(actor) as tx,
        ):
            policy = policy_of(tx)
            if preset is not None and preset != policy.preset:
                policy = policy.with_preset(preset)  # its overrides were for another preset
            stored = _chosen(tx, statuses, force)
            unreviewed = [s.document for s in stored if s.status not in EXPORTABLE]
            if mode == "recall":  # one that became unreviewed since it was read: read it now
                missed = [d for d in unreviewed if d.id not in reading.suggestions]
                if missed:
                    later = recall_reading(project, missed, cancelled=cancelled).suggestions
                    reading = replace(reading, suggestions={**reading.suggestions, **later})
            extra = reading.suggestions if mode == "recall" else {}
            batch = _mask(tx, [s.document for s in stored], policy, progress, cancelled, extra)
            leaks = [leak for masked in batch.masked for leak in masked.leaks]
            if leaks:
                raise LeakError(leaks)
            documents = [masked.as_document() for masked in batch.masked]
            files = write(documents, stage.path, progress=progress, cancelled=cancelled)
            check(cancelled)
            _store(tx, batch)
            _record(tx, stored, policy, format_name, out, reason, mode)
        return stored, batch, policy, files, reading

    stored, batch, policy, files, reading = retried(attempt)
    actions: dict[str, Counter[str]] = {}
    fallbacks: Counter[str] = Counter()
    for masked in batch.masked:
        for r in masked.replacements:
            actions.setdefault(r.category, Counter())[r.action] += 1
            fallbacks[r.category] += r.fallback
    forced = sum(1 for s in stored if s.status not in EXPORTABLE)
    return MaskedExportResult(
        documents=len(batch.masked),
        forced=forced,
        out=out,
        files=len(files),
        seconds=time.perf_counter() - started,
        preset=policy.preset,
        actions={c: dict(a) for c, a in actions.items()},
        fallbacks={c: n for c, n in fallbacks.items() if n},
        mode=mode if forced else None,
        mode_note=describe_mode(mode, forced, reading if mode == "recall" else None),
        most_masked=tuple(most_masked(batch.masked)),
        spared=sum(len(m.spared) for m in batch.masked),
    )


def _read_unreviewed(
    project: Project,
    statuses: Sequence[str] | None,
    mode: str | None,
    progress: Progress,
    cancelled: Cancelled,
) -> RecallReading:
    """Recall-mode suggestions for the documents of a forced export not signed off."""
    if mode != "recall":
        return RecallReading()
    with project.reading() as tx:
        wanted = list(statuses) if statuses else None
        stored = tx.documents(statuses=wanted)
        unreviewed = [s.document for s in stored if s.status not in EXPORTABLE]
    return recall_reading(project, unreviewed, progress=progress, cancelled=cancelled)


# -- helpers ------------------------------------------------------------------------------


def policy_of(tx: Transaction) -> MaskingPolicy:
    """The project's stored masking policy, read in ``tx``."""
    return MaskingPolicy.from_json(tx.setting(POLICY_SETTING))


def ensure_secret(project: Project, actor: str) -> None:
    """Give the project a vault secret if it has none (audited)."""
    with project.reading() as tx:
        if tx.setting(SECRET_SETTING):
            return
    with project.transaction(actor or "deid-studio") as tx:
        tx.set_setting(SECRET_SETTING, secrets.token_hex(32))
        tx.audit("create_vault_secret", reason="first masking in a project without one")


def _chosen(tx: Transaction, statuses: Sequence[str] | None, force: bool) -> list[StoredDocument]:
    """The documents to export; unsigned ones only with ``force``."""
    wanted = list(statuses) if statuses else (None if force else list(EXPORTABLE))
    stored = tx.documents(statuses=wanted)
    unsigned = [s for s in stored if s.status not in EXPORTABLE]
    if unsigned and not force:
        first = unsigned[0]
        raise DeidError(
            f"{len(unsigned)} of the chosen documents are not signed off (report "
            f"{first.document.external_id} is {first.status}); sign them off, or add --force "
            "(the audit trail records it); nothing was written"
        )
    if not stored:
        waiting = sum(n for s, n in tx.status_counts().items() if s not in EXPORTABLE)
        hint = f"; {waiting} documents await sign-off (--force exports them)" if waiting else ""
        raise DeidError(f"no signed-off documents to export{hint}; nothing was written")
    return stored


def _mask(
    tx: Transaction,
    documents: Sequence[Document],
    policy: MaskingPolicy,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    extra: Mapping[int, Sequence[Suggestion]] | None = None,
) -> MaskedReports:
    """Mask documents with their cases' keys, built from every report of each case in the
    project and what the project remembers of the cases (see :func:`mask_reports`);
    ``extra`` suggestions (recall mode's) are masked beside the stored ones."""
    cases = sorted({d.case for d in documents})
    ids = tx.case_document_ids(cases)
    mates = [
        s.document for i in range(0, len(ids), CHUNK) for s in tx.documents(ids=ids[i : i + CHUNK])
    ]
    suggestions = tx.masking_suggestions(
        [d.id for d in mates if d.id is not None], 0.0
    )  # those below the confidence can complete a masked name (mask.spans)
    for document_id, found in (extra or {}).items():
        suggestions.setdefault(document_id, []).extend(found)

    def found(document: Document) -> list[Suggestion]:
        return suggestions.get(document.id or -1, [])

    return mask_reports(
        [(d, found(d)) for d in documents],
        policy,
        bytes.fromhex(tx.setting(SECRET_SETTING)),
        tx.scheme(),
        context=[(d, found(d)) for d in mates] or None,
        offsets=tx.date_offsets(cases),
        vault=tx.vault_entries(cases),
        terms=safe_terms_of,
        keep=keep_map(read_keep_list(tx)),
        progress=progress,
        cancelled=cancelled,
    )


def _store(tx: Transaction, batch: MaskedReports) -> None:
    tx.add_vault_entries(batch.added)
    tx.add_date_offsets(batch.offsets)


def _record(
    tx: Transaction,
    stored: Sequence[StoredDocument],
    policy: MaskingPolicy,
    format_name: str,
    out: Path,
    reason: str,
    mode: str | None = None,
) -> None:
    """Mark signed-off documents exported; audit every document, forced ones with a reason
    and the mode they were masked in."""
    signed = [s for s in stored if s.status in EXPORTABLE]
    forced = [s for s in stored if s.status not in EXPORTABLE]
    tx.mark_exported([s.document.id for s in signed if s.document.id is not None])
    where = {"format": format_name, "out": str(out), "preset": policy.preset}
    tx.audit_many(
        "export_masked",
        ((s.document.id, {"status": s.status}, {**where, "status": "exported"}) for s in signed),
    )
    if forced:
        tx.audit_many(
            "export_masked",
            (
                (s.document.id, {"status": s.status}, {**where, "status": s.status, "mode": mode})
                for s in forced
            ),
            reason=f"forced export of a document not signed off ({mode} mode): "
            f"{reason or 'no reason given'}",
        )
    tx.audit("masking_policy_used", after={**where, "policy": policy.to_json()})
