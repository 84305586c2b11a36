"""What the queue knows about a project besides its model: the gold's vocabulary and the
words that are never PHI, so that narratives unlike the gold rise
(:mod:`deid_studio.detect.novelty`).

Read once per re-suggestion: the words of every gold narrative (what the model has seen),
and the words frequent in the project's narratives — in at least :data:`COMMON_DOCUMENTS`
of them and one in :data:`COMMON_SHARE` — that no gold span ever covers ("Regulatory", "Ethics",
"Committees" of a form, "patient", "vaccine"): beside the shipped medical words
(:mod:`deid_studio.detect.medical`), a suggestion of a person, place or organisation made of
one is a contradiction.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from deid_studio.core.document import Span
from deid_studio.core.tokenize import Token, tokenize
from deid_studio.detect.detector import Detection
from deid_studio.detect.dictionaries import is_drug_or_vaccine
from deid_studio.detect.medical import MedicalTerm, medical_terms
from deid_studio.detect.novelty import (
    QueueScore,
    contradictions,
    novelty,
    queue_score,
    uncertain_name_count,
    words_of,
)
from deid_studio.mask.kinds import kind_of
from deid_studio.mask.spans import NAME_LIKE
from deid_studio.store.project import Project

GOLD = ("submitted", "signed_off", "exported")
COMMON_DOCUMENTS = 5
COMMON_SHARE = 0.01


@dataclass(frozen=True, slots=True)
class QueueSignals:
    """The gold's vocabulary, the medical-term lookup and which categories name someone or
    somewhere: what scores a narrative beyond the model's doubt."""

    vocabulary: frozenset[str]
    known: MedicalTerm
    name_like: Callable[[str], bool]
    person: Callable[[str], bool]

    def score(self, text: str, detection: Detection, *, rules_only: bool) -> QueueScore | None:
        """The queue score of a narrative the detector read (None without its uncertainty)."""
        if detection.uncertainty is None:
            return None
        parts = detection.uncertainty.details()
        contradicted = contradictions(
            text, detection.suggestions, self.name_like, self.known, self.person
        )
        return queue_score(
            detection.uncertainty.score,
            parts,
            novel=novelty(detection.tagged.tokens, self.vocabulary),
            contradicted=contradicted,
            uncertain_names=uncertain_name_count(detection.suggestions, self.name_like),
            rules_only=rules_only,
            text=text,
        )


def queue_signals(project: Project) -> QueueSignals:
    """The project's signals as they are now (its gold and its narratives)."""
    with project.reading() as tx:
        stored = tx.documents()
        scheme = tx.scheme()
    vocabulary: set[str] = set()
    marked: set[str] = set()
    frequency: Counter[str] = Counter()
    for s in stored:
        document = s.document
        tokens = tokenize(document.text)
        words = words_of(tokens)
        frequency.update(set(words))
        if s.status not in GOLD:
            continue
        vocabulary.update(words)
        marked.update(words_of(covered(tokens, document.spans)))
    floor = max(COMMON_DOCUMENTS, math.ceil(COMMON_SHARE * len(stored)))
    common = {w for w, n in frequency.items() if n >= floor and w not in marked}

    def name_like(category: str) -> bool:
        return kind_of(category, scheme) in NAME_LIKE

    def person(category: str) -> bool:
        return kind_of(category, scheme) == "person"

    known = medical_terms(common, also=(is_drug_or_vaccine,))
    return QueueSignals(frozenset(vocabulary), known, name_like, person)


def covered(tokens: list[Token], spans: Iterable[Span]) -> list[Token]:
    """The tokens that start inside one of ``spans``."""
    ordered = sorted((s.start, s.end) for s in spans)
    out: list[Token] = []
    i = 0
    for token in tokens:
        while i < len(ordered) and ordered[i][1] <= token.start:
            i += 1
        if i < len(ordered) and ordered[i][0] <= token.start:
            out.append(token)
    return out
