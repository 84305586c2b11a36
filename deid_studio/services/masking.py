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
from dataclasses import dataclass, field
from pathlib import Path

from deid_studio.core.document import Document, Suggestion
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats import writer
from deid_studio.mask import LeakError, MaskedDocument, MaskingPolicy, PolicyError
from deid_studio.mask.cases import MaskedReports, mask_reports
from deid_studio.services.exporting import check_target, staged_output
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
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> MaskedExportResult:
    """Mask and write the signed-off documents (all chosen ones with ``force``) to ``out``.

    ``preset`` masks with another preset than the project policy's (its per-category
    overrides then do not apply; the interval, threshold and confidence do).

    One transaction: every document is masked and leak-checked first; a leak refuses the
    whole export (:class:`LeakError`, listing each with report and offset) and nothing is
    written or stored. Then the output is written beside ``out`` and moved into place, the
    surrogates and date offsets drawn are stored, signed-off documents become ``exported``
    (forced ones keep their status), and every document gets an audit event (forced ones
    with ``reason``).
    """
    started = time.perf_counter()
    if format_name not in MASKED_FORMATS:
        raise DeidError(
            f"no masked export to {format_name!r}; choose one of {', '.join(MASKED_FORMATS)}"
        )
    write = writer(format_name)
    check_target(out, overwrite=overwrite)
    ensure_secret(project, actor)
    with project.transaction(actor) as tx:
        policy = policy_of(tx)
        if preset is not None and preset != policy.preset:
            policy = policy.with_preset(preset)  # its overrides were meant for another preset
        stored = _chosen(tx, statuses, force)
        batch = _mask(tx, [s.document for s in stored], policy, progress, cancelled)
        leaks = [leak for masked in batch.masked for leak in masked.leaks]
        if leaks:
            raise LeakError(leaks)
        documents = [masked.as_document() for masked in batch.masked]
        with staged_output(out) as staged:
            files = write(documents, staged, progress=progress, cancelled=cancelled)
            check(cancelled)
            _store(tx, batch)
            _record(tx, stored, policy, format_name, out, reason)
    actions: dict[str, Counter[str]] = {}
    fallbacks: Counter[str] = Counter()
    for masked in batch.masked:
        for r in masked.replacements:
            actions.setdefault(r.category, Counter())[r.action] += 1
            fallbacks[r.category] += r.fallback
    return MaskedExportResult(
        documents=len(documents),
        forced=sum(1 for s in stored if s.status not in EXPORTABLE),
        out=out,
        files=len(files),
        seconds=time.perf_counter() - started,
        preset=policy.preset,
        actions={c: dict(a) for c, a in actions.items()},
        fallbacks={c: n for c, n in fallbacks.items() if n},
    )


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
) -> MaskedReports:
    """Mask documents with their cases' keys, built from every report of each case in the
    project and what the project remembers of the cases (see :func:`mask_reports`)."""
    cases = sorted({d.case for d in documents})
    ids = tx.case_document_ids(cases)
    mates = [
        s.document for i in range(0, len(ids), CHUNK) for s in tx.documents(ids=ids[i : i + CHUNK])
    ]
    suggestions = tx.masking_suggestions(
        [d.id for d in mates if d.id is not None], policy.confidence
    )

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
) -> None:
    """Mark signed-off documents exported; audit every document, forced ones with a reason."""
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
            ((s.document.id, {"status": s.status}, {**where, "status": s.status}) for s in forced),
            reason=f"forced export of a document not signed off: {reason or 'no reason given'}",
        )
    tx.audit("masking_policy_used", after={**where, "policy": policy.to_json()})
