"""Masking reports case by case: the one function the masked export, the preview and the batch
call.

:func:`mask_reports` builds each case's keys and masks every report with them. A case's keys
are a function of the project secret, the case id and what is known of the case:

* the date offset: the one remembered for the case (``offsets``), else :func:`draw_offset`'s
  keyed hash of the secret and the case id over the policy's interval — narrowed, when the
  policy keeps dates after a reference date, so that none of the case's dates crosses it
  (:mod:`.reference`);
* the surrogates: the ones remembered in the vault (``vault``), else drawn from keyed hashes
  of the secret, the case, the original and an attempt number; a draw avoids the PHI strings
  of the case's reports in ``context`` (every report of the case the caller knows: the
  export passes all the case's reports in the project, the batch those of its partition);
* the Faker locale: the most common language of those reports;
* linked report numbers: the project's keyed pseudonym of each (:mod:`.linked`).

No global or shared mutable state is involved, so any process with the secret masks a case
the same way: a follow-up masked next month, in another process or on another machine, gets
its case's offset and surrogates. What was drawn (not remembered before) is returned, so a
caller that keeps a vault can store it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Suggestion
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.mask.dateshift import DateShift, draw_offset
from deid_studio.mask.linked import pseudonym
from deid_studio.mask.masker import CaseKeys, MaskedDocument, case_dates, mask_document, phi_strings
from deid_studio.mask.places import PLACE_KINDS, place_words
from deid_studio.mask.policy import MaskingPolicy
from deid_studio.mask.reference import case_interval, parse_reference
from deid_studio.mask.safe import KeptTerm, Term, protected_spans, spare
from deid_studio.mask.surrogates import Surrogates
from deid_studio.mask.vault import CaseVault, VaultEntry

Report = tuple[Document, Sequence[Suggestion]]
"""A report to mask: its document (with its gold spans) and its suggestions."""


@dataclass(slots=True)
class MaskedReports:
    """The masked reports in order, and what was drawn that was not remembered before."""

    masked: list[MaskedDocument]
    added: list[VaultEntry]
    offsets: dict[str, int]


def mask_reports(
    reports: Sequence[Report],
    policy: MaskingPolicy,
    secret: bytes,
    scheme: Scheme | None = None,
    *,
    context: Sequence[Report] | None = None,
    offsets: Mapping[str, int] | None = None,
    vault: Iterable[VaultEntry] = (),
    terms: Callable[[Document], Sequence[Term]] | None = None,
    keep: Mapping[tuple[str, ...], KeptTerm] | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
) -> MaskedReports:
    """Mask ``reports`` by ``policy`` with their cases' keys (see the module text).

    ``context`` are the reports whose PHI strings and languages define each case (``reports``
    themselves when not given); ``offsets`` and ``vault`` what is remembered of the cases.
    ``terms`` gives a report's safe terms and ``keep`` is the project's keep list: the
    suggestions they cover are spared unless the case's gold marks the same string
    (:func:`.safe.spare`), and terms read from their context are entered by no search for a
    masked string (:func:`.safe.protected_spans`).
    """
    remembered = offsets or {}
    cases = sorted({document.case for document, _ in reports})
    members: dict[str, list[Report]] = {}
    for report in context if context is not None else reports:
        members.setdefault(report[0].case, []).append(report)
    entries: dict[str, list[VaultEntry]] = {}
    for entry in vault:
        entries.setdefault(entry.case_id, []).append(entry)
    reference = parse_reference(policy.keep_after)
    drawn = {
        c: draw_offset(secret, c, *_interval(members.get(c) or [], policy, scheme))
        for c in cases
        if c not in remembered
    }
    keys: dict[str, CaseKeys] = {}
    for case in cases:
        mates = members.get(case) or [r for r in reports if r[0].case == case]
        strings = [
            pair
            for document, suggestions in mates
            for pair in phi_strings(document, suggestions, policy, scheme)
        ]
        language = case_language([document for document, _ in mates])
        surrogates = Surrogates(
            CaseVault(secret, case, entries.get(case, ())),
            language,
            avoid=[text for text, _ in strings],
            people=[text for text, kind in strings if kind == "person"],
            words=[w for text, kind in strings if kind in PLACE_KINDS
                   for w in place_words(text, language)],
        )  # fmt: skip
        offset = remembered[case] if case in remembered else drawn[case]
        shift = DateShift(offset, keep_after=reference, keep_years=policy.years_alone == "keep")
        keys[case] = CaseKeys(case, shift, surrogates, lambda text: pseudonym(secret, text))
    gold: dict[str, list[str]] = {}
    for case in cases:
        mates = members.get(case) or [r for r in reports if r[0].case == case]
        gold[case] = [d.text[g.start : g.end] for d, _ in mates for g in d.spans]
    masked = []
    for done, (document, suggestions) in enumerate(reports, start=1):
        check(cancelled)
        found = terms(document) if terms is not None else ()
        chosen, spared = spare(
            document.text, suggestions, terms=found, keep=keep, gold_strings=gold[document.case]
        )
        masked.append(
            mask_document(
                document, chosen, policy, keys[document.case], scheme,
                protected=protected_spans(found), spared=spared,
            )
        )  # fmt: skip
        progress(done, len(reports))
    added = [e for k in keys.values() for e in k.surrogates.vault.added]
    return MaskedReports(masked, added, drawn)


def _interval(
    mates: Sequence[Report], policy: MaskingPolicy, scheme: Scheme | None
) -> tuple[int, int]:
    """The interval a new case's offset is drawn from: the policy's, narrowed by its
    reference date so that none of the case's dates crosses it."""
    low, high = policy.shift_days
    if policy.keep_after is None:
        return low, high
    suggestions = {d.id or -1: list(found) for d, found in mates}
    dates = case_dates([d for d, _ in mates], suggestions, policy, scheme)
    return case_interval(low, high, parse_reference(policy.keep_after), dates)


def case_language(documents: Sequence[Document]) -> str | None:
    """A case's language: the most common of its reports' (the first report's on a tie)."""
    counts = Counter(d.language for d in documents if d.language)
    if not counts:
        return None
    best = max(counts.values())
    return next(d.language for d in documents if d.language and counts[d.language] == best)
