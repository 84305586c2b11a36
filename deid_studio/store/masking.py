"""What masking keeps in the project: the surrogate vault, the date offsets, exports.

Also reads what masking needs besides the documents: their suggestions at or above a
confidence threshold (gold and suggestions are masked together), and the documents of a case.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from sqlalchemy import insert, select, update

from deid_studio.core.document import Suggestion
from deid_studio.mask.vault import VaultEntry
from deid_studio.store import models as m
from deid_studio.store.transaction import CHUNK, TransactionBase


class MaskingQueries(TransactionBase):
    """Vault, date offsets, suggestions above a threshold, case members, export marks."""

    def vault_entries(self, case_ids: Iterable[str]) -> list[VaultEntry]:
        """The remembered surrogates of the given cases."""
        wanted = sorted(set(case_ids))
        v = m.SurrogateRow
        entries: list[VaultEntry] = []
        for i in range(0, len(wanted), CHUNK):
            query = select(v.case_id, v.category, v.original_hash, v.surrogate).where(
                v.case_id.in_(wanted[i : i + CHUNK])
            )
            entries.extend(VaultEntry(*row) for row in self._session.execute(query))
        return entries

    def add_vault_entries(self, entries: Sequence[VaultEntry]) -> None:
        """Remember new surrogates (the caller audits it); the scope goes in ``category``."""
        rows = [
            {
                "case_id": e.case_id,
                "category": e.scope,
                "original_hash": e.key,
                "surrogate": e.surrogate,
            }
            for e in entries
        ]
        if rows:
            self._write().execute(insert(m.SurrogateRow), rows)

    def date_offsets(self, case_ids: Iterable[str]) -> dict[str, int]:
        """case id -> its date offset in days, for the cases that have one."""
        wanted = sorted(set(case_ids))
        d = m.DateOffsetRow
        found: dict[str, int] = {}
        for i in range(0, len(wanted), CHUNK):
            query = select(d.case_id, d.days).where(d.case_id.in_(wanted[i : i + CHUNK]))
            found.update((case, days) for case, days in self._session.execute(query))
        return found

    def add_date_offsets(self, offsets: Mapping[str, int]) -> None:
        """Store the offsets of cases that had none (the caller audits it)."""
        rows = [{"case_id": case, "days": days} for case, days in offsets.items()]
        if rows:
            self._write().execute(insert(m.DateOffsetRow), rows)

    def masking_suggestions(
        self, document_ids: Sequence[int], threshold: float
    ) -> dict[int, list[Suggestion]]:
        """document id -> its suggestions (of any model version) at or above ``threshold``."""
        s = m.SuggestionRow
        found: dict[int, list[Suggestion]] = {}
        for i in range(0, len(document_ids), CHUNK):
            query = (
                select(s.document_id, s.start, s.end, s.category, s.confidence, s.source, s.rule)
                .where(s.document_id.in_(document_ids[i : i + CHUNK]), s.confidence >= threshold)
                .order_by(s.document_id, s.start, s.end)
            )
            for doc_id, start, end, category, confidence, source, rule in self._session.execute(
                query
            ):
                found.setdefault(doc_id, []).append(
                    Suggestion(start, end, category, confidence, source, rule)
                )
        return found

    def case_document_ids(self, case_ids: Iterable[str]) -> list[int]:
        """Ids of every document of the given cases (follow-ups included), in import order."""
        wanted = sorted(set(case_ids))
        d = m.DocumentRow
        ids: list[int] = []
        for i in range(0, len(wanted), CHUNK):
            query = select(d.id).where(d.case_id.in_(wanted[i : i + CHUNK]))
            ids.extend(self._session.scalars(query))
        return sorted(ids)

    def mark_exported(self, document_ids: Sequence[int]) -> None:
        """Set the status of signed-off documents to ``exported`` (the caller audits it)."""
        d = m.DocumentRow
        for i in range(0, len(document_ids), CHUNK):
            self._write().execute(
                update(d)
                .where(d.id.in_(document_ids[i : i + CHUNK]), d.status == "signed_off")
                .values(status="exported")
            )

    def every_date_offset(self) -> dict[str, int]:
        """case id -> date offset, for every case the project remembers one for."""
        d = m.DateOffsetRow
        return {case: days for case, days in self._session.execute(select(d.case_id, d.days))}

    def every_vault_entry(self) -> list[VaultEntry]:
        """Every remembered surrogate of the project (keyed hashes and surrogates only)."""
        v = m.SurrogateRow
        query = select(v.case_id, v.category, v.original_hash, v.surrogate).order_by(v.id)
        return [VaultEntry(*row) for row in self._session.execute(query)]
