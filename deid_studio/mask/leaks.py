"""The leak check: no PHI string of a document may survive in its masked text.

The PHI strings are the texts of the document's masked spans (gold, suggestions at or above
the threshold and those masked with them; spans the policy keeps are not searched for), and
every word of a masked name or place alone, capitalised; compared as
:mod:`deid_studio.mask.text` compares: case-insensitive, whitespace normalised,
token-aligned, two letters or digits at least.

Every occurrence in the masked text is a leak, except one that lies inside what the masker
computed rather than copied: a tag, or a shifted date. A shifted date is the original moved
by the case's offset (and never left equal to its own original: the masker tags it then), so
when it reads like another date of the report it is a coincidence of the calendar, not a
survivor: "diciembre de 2000" shifted by one month is "noviembre de 2000", which may well be
the report's other date; and in a report that mentions 2006 and 2007, a year shifted by one
is the other year. No offset can avoid that (one offset per case, dates a unit apart), and
the interval between the two dates is what the shift keeps on purpose. The same holds when
the date span took a word that dates are written with ("Jul2020 and" of "in Jul2020 and
Oct2020"): the shift copies the word through, and "Jan2021 and" moved by six months reads
"Jul2020 and" — the shifted date, then a copied "and", neither of them PHI. An occurrence that
runs out of a shifted date into copied text is a survivor as soon as that text holds anything
else (a month the span left out, "May" before a shifted "2019"). Occurrences inside
surrogates do count: a surrogate is drawn again until it contains no PHI string of the case.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import regex

from deid_studio.core.errors import DeidError
from deid_studio.mask.dates import CONJUNCTIONS, FILLERS
from deid_studio.mask.text import Matcher, normalise

SHOWN = 8
COMPUTED = ("tag", "cap", "shift", "pseudonym")
"""Actions whose output is computed from the policy, the case's offset or a keyed hash, not
copied."""
DATE_WORDS = FILLERS | CONJUNCTIONS
"""Words a date is written with, which a shift copies through ("of", "and", "de")."""
_WORD = regex.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Leak:
    """A PHI string found in a masked text: which report, where, how long, of what category."""

    document_id: int | None
    external_id: str
    offset: int
    length: int
    category: str


@dataclass(frozen=True, slots=True)
class Written:
    """What the masker wrote over a stretch of the masked text (for the exceptions)."""

    start: int
    end: int
    action: str


def find_leaks(
    masked: str,
    phi: Mapping[str, str],
    written: Iterable[Written],
    *,
    words: Mapping[str, str] | None = None,
    document_id: int | None = None,
    external_id: str = "",
    protected: Sequence[tuple[int, int]] = (),
) -> list[Leak]:
    """Occurrences in ``masked`` of the PHI strings ``phi`` (string -> category), and of
    the ``words`` of masked names and places (word -> category) alone, capitalised (as the
    masker finds them: "Galan" of "Adelia Lasa Galan", not "galan" the common word). One
    inside a ``protected`` stretch (a safe term in its context, "Bell's palsy") is none."""
    computed = [w for w in written if w.action in COMPUTED]
    leaks: list[Leak] = []
    seen: set[tuple[int, int]] = set()
    names = words or {}
    searches = ((phi, Matcher(phi)), (names, Matcher(names, case_sensitive_start=True)))
    for alone, (strings, matcher) in enumerate(searches):
        categories = {normalise(s): category for s, category in strings.items()}
        for hit in matcher.find(masked, overlapped=True):
            if any(w.start <= hit.start and hit.end <= w.end for w in computed):
                continue
            if _date_words_beside_a_shift(masked, hit.start, hit.end, computed):
                continue
            if any(a <= hit.start and hit.end <= b for a, b in protected):
                continue
            if alone and any(a <= hit.start and hit.end <= b for a, b in seen):
                continue  # a word of a string found already
            seen.add((hit.start, hit.end))
            leaks.append(
                Leak(document_id, external_id, hit.start, hit.end - hit.start, categories[hit.key])
            )
    return leaks


def _date_words_beside_a_shift(
    masked: str, start: int, end: int, computed: Sequence[Written]
) -> bool:
    """Whether ``masked[start:end]`` overlaps a shifted date and what it holds outside the
    computed stretches is no more than words dates are written with, in lower case as dates
    write them (see the module text; "Le" and "Do" capitalised are surnames)."""
    inside = [w for w in computed if w.start < end and start < w.end]
    if not any(w.action == "shift" for w in inside):
        return False
    copied = masked[start:end]
    for w in inside:  # blank out what the masker wrote
        a, b = max(w.start, start) - start, min(w.end, end) - start
        copied = copied[:a] + " " * (b - a) + copied[b:]
    return all(word.islower() and word in DATE_WORDS for word in _WORD.findall(copied))


class LeakError(DeidError):
    """An export refused because PHI would leave: every leak, with report and offset."""

    def __init__(self, leaks: Sequence[Leak]) -> None:
        self.leaks = tuple(leaks)
        reports = len({(leak.document_id, leak.external_id) for leak in self.leaks})
        shown = "; ".join(
            f"report {leak.external_id} offset {leak.offset} ({leak.category})"
            for leak in self.leaks[:SHOWN]
        )
        more = f"; {len(self.leaks) - SHOWN} more" if len(self.leaks) > SHOWN else ""
        super().__init__(
            f"export refused: {len(self.leaks)} PHI string(s) would leak from {reports} "
            f"report(s): {shown}{more}; nothing was written"
        )
