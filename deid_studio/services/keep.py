"""The project's keep list: words never masked unless annotated, decided by a steward.

A drug-safety centre knows words the model keeps masking that carry the signal ("Pfizer",
"Bells", a local product name). A steward adds them (``deid-studio keep add``, or from the
window: the export summary's most masked words, the narrative's context menu); the masked
export then leaves a *suggestion* made only of kept words as written. A gold span is always
masked, and a kept word that a case's gold marks as PHI is masked in that case; the leak check
still refuses an export in which an annotated PHI string survives.

The list is a project setting (``keep_list``: term, who added it, why, when); every addition
and removal is audited with who and why.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

from deid_studio.core.errors import DeidError
from deid_studio.mask.safe import KeptTerm, fold_words
from deid_studio.store.project import Project, Transaction

KEEP_SETTING = "keep_list"
MAX_TERM = 100

__all__ = [
    "KEEP_SETTING",
    "KeptTerm",
    "add_to_keep_list",
    "keep_list",
    "remove_from_keep_list",
]


def keep_list(project: Project) -> list[KeptTerm]:
    """The keep list, in the order terms were added."""
    with project.reading() as tx:
        return read_keep_list(tx)


def read_keep_list(tx: Transaction) -> list[KeptTerm]:
    """The keep list inside an open transaction."""
    entries = tx.setting(KEEP_SETTING, []) or []
    return [
        KeptTerm(str(e.get("term", "")), str(e.get("added_by", "")), str(e.get("reason", "")))
        for e in entries
        if isinstance(e, Mapping) and e.get("term")
    ]


def add_to_keep_list(
    project: Project, terms: Iterable[str], *, actor: str, reason: str = ""
) -> list[KeptTerm]:
    """Add ``terms`` (already there: left as they are); the entries added. Stewards only.
    A term that is empty, too long or without a word refuses the whole call in one line."""
    wanted = [" ".join(t.split()) for t in terms]
    for n, term in enumerate(wanted, start=1):
        if not term or len(term) > MAX_TERM or not fold_words(term):
            shown = f"{term[:40]!r}" if term else "empty"
            raise DeidError(
                f"term {n} ({shown}): a term is 1 to {MAX_TERM} characters with a word in "
                "it; nothing was added to the keep list"
            )
    with project.transaction(actor) as tx:
        tx.require("steward", "change the keep list")
        entries = tx.setting(KEEP_SETTING, []) or []
        known = {fold_words(str(e.get("term", ""))) for e in entries if isinstance(e, Mapping)}
        added: list[KeptTerm] = []
        for term in wanted:
            if fold_words(term) in known:
                continue
            known.add(fold_words(term))
            entry = KeptTerm(term, tx.actor or actor, reason)
            entries.append(
                {
                    "term": term,
                    "added_by": entry.added_by,
                    "reason": reason,
                    "added_at": datetime.now(UTC).isoformat(timespec="seconds"),
                }
            )
            added.append(entry)
        if added:
            tx.set_setting(KEEP_SETTING, entries)
            tx.audit("keep_add", after={"terms": [e.term for e in added]}, reason=reason)
        return added


def remove_from_keep_list(
    project: Project, terms: Iterable[str], *, actor: str, reason: str = ""
) -> list[str]:
    """Take ``terms`` off the list; the terms removed. Stewards only. An empty term refuses
    the whole call in one line."""
    asked = list(terms)
    for n, term in enumerate(asked, start=1):
        if not fold_words(term):
            raise DeidError(f"term {n} has no word in it; nothing was removed from the keep list")
    gone = {fold_words(t) for t in asked}
    with project.transaction(actor) as tx:
        tx.require("steward", "change the keep list")
        entries = tx.setting(KEEP_SETTING, []) or []
        left = [e for e in entries if fold_words(str(e.get("term", ""))) not in gone]
        removed = [str(e.get("term")) for e in entries if e not in left]
        if removed:
            tx.set_setting(KEEP_SETTING, left)
            tx.audit("keep_remove", before={"terms": removed}, reason=reason)
        return removed
