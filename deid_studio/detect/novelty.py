"""What the model does not know: the queue's terms beyond the model's own doubt.

A model can be sure and wrong where the narrative is unlike its gold — another source,
language or form ("Pepcid" a LOCATION at 99%). The queue therefore adds to the model's
uncertainty (:mod:`.uncertainty`):

* **novelty** — the share of the narrative's words (three letters or more) never seen in the
  gold standard's narratives: a narrative from somewhere new rises even when the model is
  confident about it;
* **contradictions** — suggestions of a person, place or organisation that the word lists
  contradict: a person with a known medical term or a word frequent in the project's
  narratives that the gold never marks (:mod:`.medical`), or a digit (a lot number taken for
  a patient); a place or organisation made only of such words ("Pepcid", "Bells Palsy");
* **uncertain names** — person, place or organisation suggestions of the model held with
  less than :data:`SURE` confidence.

:func:`queue_score` combines them into one number in [0, 1), and says in a few words why it
is high (the queue's "Why" column). A contradiction is an error the model made for sure, so
the narratives with one come first, in [0.5, 1): the more contradictions for their length,
the higher (``1 - exp(-contradictions / sqrt(words / 100))``). The others share [0, 0.5) by
``1 - (1 - model) · (1 - NOVELTY_WEIGHT · novelty)``: the model's doubt, and how new their
words are. (The model's doubt grows with a narrative's length and saturates on long foreign
ones; measured on the demo plus VAERS, ``benchmarks/novelty_queue.py``, ranking by
contradiction density finds the documents with such errors far sooner than by the model's
score.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from deid_studio.core.document import Suggestion
from deid_studio.core.tokenize import Token
from deid_studio.detect.medical import MedicalTerm

NOVELTY_WEIGHT = 0.8
NOVEL_SHOWN = 0.3
"""Novelty from which "new vocabulary" is given as a reason."""
MAX_CONTRADICTIONS = 5
SURE = 0.75
"""A name-like suggestion of the model held with less confidence is an uncertain name."""
MIN_WORD = 3


@dataclass(frozen=True, slots=True)
class Contradiction:
    """A name-like suggestion the word lists contradict, and the word that does."""

    start: int
    end: int
    category: str
    word: str


@dataclass(frozen=True, slots=True)
class QueueScore:
    """The queue score of a narrative, its parts, and why it is high."""

    score: float
    model: float
    novelty: float
    contradictions: tuple[Contradiction, ...] = ()
    uncertain_names: int = 0
    reasons: tuple[str, ...] = ()
    parts: dict[str, Any] = field(default_factory=dict)

    def details(self) -> dict[str, Any]:
        """Plain JSON-able form, stored beside the score (with the model's own parts)."""
        return {
            **self.parts,
            "model_score": round(self.model, 6),
            "novelty": round(self.novelty, 6),
            "contradictions": [
                {"start": c.start, "end": c.end, "category": c.category, "word": c.word}
                for c in self.contradictions
            ],
            "uncertain_names": self.uncertain_names,
            "reasons": list(self.reasons),
        }


def words_of(tokens: Iterable[Token]) -> list[str]:
    """The words (letters only, :data:`MIN_WORD` or more) of tokens, case-folded."""
    return [t.text.casefold() for t in tokens if len(t.text) >= MIN_WORD and t.text.isalpha()]


def novelty(tokens: Sequence[Token], vocabulary: Collection[str]) -> float:
    """The share of the narrative's words never seen in the gold's narratives (0 without
    gold: nothing is new when nothing is known)."""
    words = words_of(tokens)
    if not words or not vocabulary:
        return 0.0
    return sum(1 for w in words if w not in vocabulary) / len(words)


def contradictions(
    text: str,
    suggestions: Iterable[Suggestion],
    name_like: Callable[[str], bool],
    known: MedicalTerm,
    person: Callable[[str], bool] | None = None,
) -> list[Contradiction]:
    """Name-like suggestions the word lists contradict: a person (``person`` says which
    categories name people) with a known medical or common word or a digit in it ("Ethics
    Committees", a lot number), a place or organisation whose words are all known ("Pepcid",
    "Bells Palsy"; "Trent Vaccination Centre" is an organisation with a medical word)."""
    found = []
    for s in suggestions:
        if not name_like(s.category):
            continue
        span = text[s.start : s.end]
        words = [w.strip(".,;:()'\"") for w in span.replace("-", " ").split()]
        words = [w for w in words if len(w) >= MIN_WORD and w.isalpha()]
        is_person = person is None or person(s.category)
        if is_person:
            word = next((w for w in words if known(w)), None)
            if word is None and any(c.isdigit() for c in span):
                word = span
        else:
            word = words[0] if words and all(known(w) for w in words) else None
        if word:
            found.append(Contradiction(s.start, s.end, s.category, word))
    return found


def queue_score(
    model: float,
    parts: dict[str, Any],
    *,
    novel: float = 0.0,
    contradicted: Sequence[Contradiction] = (),
    uncertain_names: int = 0,
    rules_only: bool = False,
    text: str = "",
) -> QueueScore:
    """The model's score combined with novelty and contradictions (see the module text);
    ``parts`` are the model's (their ``tokens``, the narrative's words, scale the density)."""
    rest = 1.0 - (1.0 - model) * (1.0 - NOVELTY_WEIGHT * novel)
    if contradicted:
        words = max(int(parts.get("tokens", 0)), 1)
        density = min(len(contradicted), MAX_CONTRADICTIONS) / math.sqrt(words / 100)
        score = 0.5 + 0.5 * (1.0 - math.exp(-density) * (1.0 - 0.01 * rest))
    else:
        score = 0.5 * rest
    reasons: list[str] = []
    if contradicted:
        first = contradicted[0]
        words = " ".join(text[first.start : first.end].split()) or first.word
        more = f" (+{len(contradicted) - 1} more)" if len(contradicted) > 1 else ""
        reasons.append(f"contradicted: “{words}” as {first.category}{more}")
    if novel >= NOVEL_SHOWN:
        reasons.append(f"new vocabulary {novel:.0%}")
    if uncertain_names:
        reasons.append(f"uncertain names ({uncertain_names})")
    if int(parts.get("disagreement", 0)) >= 2:
        reasons.append(f"rules and model disagree ({parts['disagreement']})")
    if int(parts.get("near_tau", 0)) >= 5:
        reasons.append(f"doubtful tokens ({parts['near_tau']})")
    if rules_only and int(parts.get("flagged", 0)):
        reasons.append("rich in PHI (rules only: no model yet)")
    return QueueScore(
        score=min(score, 1.0 - 1e-9),
        model=model,
        novelty=novel,
        contradictions=tuple(contradicted),
        uncertain_names=uncertain_names,
        reasons=tuple(reasons),
        parts=parts,
    )


def uncertain_name_count(
    suggestions: Iterable[Suggestion], name_like: Callable[[str], bool], sure: float = SURE
) -> int:
    """Name-like suggestions of the model (the CRF) held with less than ``sure``."""
    return sum(
        1
        for s in suggestions
        if s.source == "crf" and name_like(s.category) and s.confidence < sure
    )
