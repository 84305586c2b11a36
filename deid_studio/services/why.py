"""Why a word of a narrative is masked or left as written, as the window's tooltips say it.

:func:`why_of` reads what decides it for one document — its safe terms, the project's keep
list, the strings the gold of its case marks as PHI, the masking policy and scheme — into a
:class:`~deid_studio.mask.why.Why` (see there). Nothing is written.
"""

from __future__ import annotations

from deid_studio.core.document import Document
from deid_studio.mask.safe import keep_map
from deid_studio.mask.why import Why
from deid_studio.services.keep import read_keep_list
from deid_studio.services.masking import CHUNK, policy_of
from deid_studio.services.safe_terms import safe_terms_of
from deid_studio.store.project import Project

__all__ = ["Why", "why_of"]


def why_of(project: Project, document_id: int) -> Why:
    """What decides the masking of a document's words (an empty :class:`Why` for an id the
    project does not have)."""
    with project.reading() as tx:
        found = tx.documents(ids=[document_id])
        if not found:
            return Why("")
        document: Document = found[0].document
        ids = tx.case_document_ids([document.case])
        mates = [
            s.document
            for i in range(0, len(ids), CHUNK)
            for s in tx.documents(ids=ids[i : i + CHUNK])
        ] or [document]
        entries = read_keep_list(tx)
        policy = policy_of(tx)
        scheme = tx.scheme()
    gold = tuple(d.text[s.start : s.end] for d in mates for s in d.spans)
    return Why(
        document.text,
        tuple(safe_terms_of(document)),
        keep_map(entries),
        gold,
        policy,
        scheme,
    )
