"""Masking one document: which spans, what each becomes, the masked text and its leak check.

:func:`mask_document` is a pure function of the document, its suggestions, the policy and the
case's keys (:class:`CaseKeys`: the date shift and the surrogates, which remember what they
draw in the case's vault). It returns a :class:`MaskedDocument`: the masked text, every
replacement with its old and new offsets, the structured dates shifted, and the leaks the
check found (an export refuses a document that has any).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span, Suggestion
from deid_studio.mask.ages import above, age_in_years
from deid_studio.mask.dates import DateValue, Order, infer_order, parse_date
from deid_studio.mask.dateshift import DateShift
from deid_studio.mask.kinds import Kind, kind_of
from deid_studio.mask.leaks import Leak, Written, find_leaks
from deid_studio.mask.linked import CATEGORY as LINKED
from deid_studio.mask.linked import linked_numbers
from deid_studio.mask.names import initials, name_words
from deid_studio.mask.places import PLACE_KINDS, place_words
from deid_studio.mask.policy import MaskingPolicy
from deid_studio.mask.safe import Spared
from deid_studio.mask.spans import MaskSpan, Origin, digit_runs, merge, phi_spans, repeats
from deid_studio.mask.surrogates import Surrogates
from deid_studio.mask.text import normalise, searchable


@dataclass(frozen=True, slots=True)
class CaseKeys:
    """What masks a case consistently: its date shift and its surrogates."""

    case_id: str
    shift: DateShift
    surrogates: Surrogates
    linked: Callable[[str], str] | None = None
    """The project's keyed pseudonym of a linked report number (None: they are tagged)."""


@dataclass(frozen=True, slots=True)
class Replacement:
    """One masked stretch: where it was, where it is in the masked text, and what was done.

    ``action`` is ``keep``, ``tag``, ``surrogate``, ``shift``, ``cap`` (an age above the
    threshold) or ``pseudonym`` (a linked report number); ``fallback`` is True when the
    policy's action could not apply and the span was tagged instead (a date that does not
    parse, a category without surrogates, an age without a number).
    """

    start: int
    end: int
    new_start: int
    new_end: int
    category: str
    action: str
    origin: Origin
    fallback: bool = False


@dataclass(frozen=True, slots=True)
class MaskedDocument:
    """A document as it would leave: masked text, replacements, shifted dates, leaks."""

    original: Document
    text: str
    replacements: tuple[Replacement, ...]
    meta: Mapping[str, Any] = field(default_factory=dict)
    leaks: tuple[Leak, ...] = ()
    dropped_dates: tuple[str, ...] = ()
    spared: tuple[Spared, ...] = ()
    """Suggestions left as written, with why (safe terms, the keep list: :mod:`.safe`)."""

    def moved(self, start: int, end: int) -> tuple[int, int] | None:
        """Where a stretch of the narrative that nothing replaced stands in the masked text
        (None: the masking replaced some of it)."""
        found = _moved([(start, end)], self.replacements)
        return found[0] if found else None

    def as_document(self) -> Document:
        """The masked report as a Document: masked text, the replaced stretches as spans (at
        their new offsets), and only the shifted structured dates as metadata."""
        spans = tuple(
            Span(r.new_start, r.new_end, r.category)
            for r in self.replacements
            if r.action != "keep" and r.new_end > r.new_start
        )
        return replace(self.original, text=self.text, spans=spans, meta=dict(self.meta))


def mask_document(
    document: Document,
    suggestions: Iterable[Suggestion],
    policy: MaskingPolicy,
    case: CaseKeys,
    scheme: Scheme | None = None,
    *,
    protected: Sequence[tuple[int, int]] = (),
    spared: Sequence[Spared] = (),
) -> MaskedDocument:
    """Mask ``document`` by ``policy`` with the case's keys (see the module text).

    ``protected`` stretches (safe terms read from their context, :mod:`.safe`) are entered
    by no search for a masked string elsewhere and count as no leak: "Bell" of a masked
    patient Bell comes through in "Bell's palsy". ``spared`` (the suggestions :func:`.spare`
    kept out of ``suggestions``) is carried into the result for the window to show."""
    rules = _Rules(document, policy, case, scheme)
    found = rules.selected(suggestions)
    base = merge(found, rules.masks_category)
    rules.order = infer_order(
        (s_text(document, s) for s in base if rules.kind(s.category) == "date"),
        document.language,
    )
    # a part merged into a span that comes through as it is (a word "years" the model marks
    # inside the age "32 years old", which is kept) is kept with it: not a PHI string
    kept = [b for b in base if not rules.masks(b)]
    masked = [
        s
        for s in (*found, *base)
        if rules.masks(s) and not any(k.covers(s.start, s.end) for k in kept)
    ]
    phi = {s_text(document, s): s.category for s in masked if rules.searched(s)}
    # the initials of masked names are masked where they stand, but no leak when a
    # surrogate spells them by chance (two letters: "L.M." of another name of the case)
    searched = {**rules.initials_of(masked), **phi}
    # a repeat inside a span the policy keeps is masked all the same (the spans then merge)
    covering = [s for s in base if rules.masks(s)]
    words, runs = rules.words_of(masked)
    more = repeats(document.text, covering, searched, words, runs, protected=protected)
    spans = merge([*base, *more], rules.masks_category) if more else base
    pieces: list[str] = []
    made: list[Replacement] = []
    last = length = 0
    for span in spans:
        pieces.append(document.text[last : span.start])
        length += span.start - last
        new, action, fallback = rules.outcome(span)
        made.append(
            Replacement(
                span.start, span.end, length, length + len(new),
                span.category, action, span.origin, fallback,
            )
        )  # fmt: skip
        pieces.append(new)
        length += len(new)
        last = span.end
    pieces.append(document.text[last:])
    text = "".join(pieces)
    meta, dropped = shift_meta(document.meta, case.shift, rules.order, document.language)
    leaks = find_leaks(
        text,
        phi,
        (Written(r.new_start, r.new_end, r.action) for r in made),
        words=words,
        document_id=document.id,
        external_id=document.external_id,
        protected=_moved(protected, made),
    )
    return MaskedDocument(
        document, text, tuple(made), meta, tuple(leaks), tuple(dropped), tuple(spared)
    )


def _moved(spans: Sequence[tuple[int, int]], made: Sequence[Replacement]) -> list[tuple[int, int]]:
    """Where stretches of the narrative that nothing replaced stand in the masked text."""
    moved = []
    for start, end in spans:
        if any(r.start < end and start < r.end for r in made):
            continue  # partly masked (a gold span inside it): no longer as written
        shift = sum((r.new_end - r.new_start) - (r.end - r.start) for r in made if r.end <= start)
        moved.append((start + shift, end + shift))
    return moved


def s_text(document: Document, span: MaskSpan) -> str:
    """The characters of the narrative a span covers."""
    return document.text[span.start : span.end]


def phi_strings(
    document: Document,
    suggestions: Iterable[Suggestion],
    policy: MaskingPolicy,
    scheme: Scheme | None = None,
) -> list[tuple[str, Kind]]:
    """The texts and kinds of a document's gold spans and suggestions at or above the
    threshold, whatever the policy does with them: what a case's surrogates avoid."""
    return [
        (s_text(document, span), kind_of(span.category, scheme))
        for span in select_spans(document, suggestions, policy, scheme)
    ]


def select_spans(
    document: Document,
    suggestions: Iterable[Suggestion],
    policy: MaskingPolicy,
    scheme: Scheme | None = None,
) -> list[MaskSpan]:
    """The spans masking starts from: gold, suggestions at or above the confidence, and those
    below it that complete a masked name or address or neighbour it (:func:`.phi_spans`)."""
    kind = cache(lambda category: kind_of(category, scheme))

    def masked(category: str) -> bool:
        return policy.action(category, kind(category)) != "keep"

    spans = phi_spans(
        document, suggestions, policy.confidence,
        kind=kind, masked=masked, neighbour=policy.neighbour_confidence,
    )  # fmt: skip
    if policy.linked_reports == "pseudonymise":
        linked = [MaskSpan(a, b, LINKED, "suggestion") for a, b in linked_numbers(document.text)]
        spans = sorted([*spans, *linked], key=lambda s: (s.start, s.end))
    return spans


def case_dates(
    documents: Iterable[Document],
    suggestions: Mapping[int, Sequence[Suggestion]],
    policy: MaskingPolicy,
    scheme: Scheme | None = None,
) -> list[DateValue]:
    """Every date the masking of a case's reports will shift: their date spans (gold and
    the suggestions masked) and their structured dates, parsed (what a reference date
    narrows the case's interval by, :mod:`.reference`)."""
    found: list[DateValue] = []
    for document in documents:
        spans = select_spans(document, suggestions.get(document.id or -1, ()), policy, scheme)
        texts = [s_text(document, s) for s in spans if kind_of(s.category, scheme) == "date"]
        order = infer_order(texts, document.language)
        dates = document.meta.get("dates") if isinstance(document.meta, Mapping) else None
        if isinstance(dates, Mapping):
            texts += [str(v) for v in dates.values() if v]
        for text in texts:
            parsed = parse_date(text.strip(), order=order, language=document.language)
            if parsed is not None:
                found.extend(parsed.values)
    return found


def shift_meta(
    meta: Mapping[str, Any], shift: DateShift, order: Order, language: str | None
) -> tuple[dict[str, Any], list[str]]:
    """Masked metadata: only the structured dates (``meta["dates"]``), each shifted by the
    case's offset in its own format; a date that cannot be read is dropped (and named)."""
    dates = meta.get("dates")
    if not isinstance(dates, Mapping) or not dates:
        return {}, []
    values = {str(k): str(v) for k, v in dates.items() if v is not None}
    own_order = infer_order(values.values(), language, default=order)
    shifted: dict[str, str] = {}
    dropped: list[str] = []
    for key, value in values.items():
        parsed = parse_date(value.strip(), order=own_order, language=language)
        moved = shift.render(parsed) if parsed is not None else None
        if moved is None:
            dropped.append(key)
        else:
            shifted[key] = moved
    return ({"dates": shifted} if shifted else {}), dropped


class _Rules:
    """The policy applied to one document's spans."""

    def __init__(
        self, document: Document, policy: MaskingPolicy, case: CaseKeys, scheme: Scheme | None
    ) -> None:
        self.document = document
        self.policy = policy
        self.case = case
        self.order: Order = "dmy"
        self.scheme = scheme
        self.kind = cache(lambda category: kind_of(category, scheme))
        self.abbreviated: dict[str, tuple[str, int]] = {}
        """Initials searched as PHI (normalised) -> the name they abbreviate, and which form."""

    def selected(self, suggestions: Iterable[Suggestion]) -> list[MaskSpan]:
        """The spans masking starts from (:func:`select_spans`)."""
        return select_spans(self.document, suggestions, self.policy, self.scheme)

    def masks_category(self, category: str) -> bool:
        return self.policy.action(category, self.kind(category)) != "keep"

    def masks(self, span: MaskSpan) -> bool:
        """True when the span will not come through as it is (without drawing anything)."""
        kind = self.kind(span.category)
        if kind == "date" and self._kept_year(s_text(self.document, span)):
            return False
        if kind == "age":
            over = above(s_text(self.document, span), self.policy.age_threshold)
            return over is not False or self.policy.action(span.category, kind) == "tag"
        return self.masks_category(span.category)

    def words_of(self, spans: Sequence[MaskSpan]) -> tuple[dict[str, str], dict[str, str]]:
        """Name words, place words (:mod:`.places`) and ID digit runs of masked spans, to
        find them alone elsewhere."""
        names: dict[str, str] = {}
        runs: dict[str, str] = {}
        for span in spans:
            kind, text = self.kind(span.category), s_text(self.document, span)
            if kind == "person":
                for word in name_words(text, lambda w: False):
                    if word.role == "last" and searchable(word.text):
                        names.setdefault(word.text, span.category)
            elif kind == "id":
                for run in digit_runs(text):
                    runs.setdefault(run, span.category)
            elif kind in PLACE_KINDS:
                for word in place_words(text, self.document.language):
                    names.setdefault(word, span.category)
        return names, runs

    def initials_of(self, spans: Sequence[MaskSpan]) -> dict[str, str]:
        """The dotted initials of masked person names ("P.S." of Patrick Schmitt), with
        their category: a narrative that names its patient once calls him "P.S." after.
        Which name each abbreviates is kept in :attr:`abbreviated`, for its surrogate."""
        found: dict[str, str] = {}
        for span in spans:
            if self.kind(span.category) == "person":
                name = s_text(self.document, span)
                for n, form in enumerate(initials(name)):
                    found.setdefault(form, span.category)
                    self.abbreviated.setdefault(normalise(form), (name, n))
        return found

    def searched(self, span: MaskSpan) -> bool:
        """Whether a masked span's text is a PHI string to find elsewhere and leak-check:
        long enough, and not an age without a number ("years" alone, which a recall-mode
        reading may mark, says nothing about anyone; it is tagged where it is)."""
        text = s_text(self.document, span)
        if not searchable(text):
            return False
        return self.kind(span.category) != "age" or age_in_years(text) is not None

    def _kept_year(self, text: str) -> bool:
        """A year alone (or years alone) that the policy keeps as written."""
        if self.policy.years_alone != "keep":
            return False
        parsed = parse_date(text, order=self.order, language=self.document.language)
        return parsed is not None and all(v.resolution == "year" for v in parsed.values)

    def outcome(self, span: MaskSpan) -> tuple[str, str, bool]:
        """(new text, action, fallback) for one span."""
        text = s_text(self.document, span)
        if span.category == LINKED:
            if self.case.linked is None:
                return self.policy.tag(LINKED), "tag", True
            return self.case.linked(text), "pseudonym", False
        kind = self.kind(span.category)
        action = self.policy.action(span.category, kind)
        tag = self.policy.tag(span.category)
        if kind == "age":
            over = above(text, self.policy.age_threshold)
            if over:
                return self.policy.age_cap(), "cap", False
            if action == "tag" or over is None:
                return tag, "tag", action != "tag"
            return text, "keep", False
        if action == "keep":
            return text, "keep", False
        if action == "tag":
            return tag, "tag", False
        if kind == "date":
            if self._kept_year(text):
                return text, "keep", False
            return self._shifted(text, tag)
        if action == "shift":
            return tag, "tag", True
        return self._surrogate(span, kind, text, tag)

    def _shifted(self, text: str, tag: str) -> tuple[str, str, bool]:
        parsed = parse_date(text, order=self.order, language=self.document.language)
        moved = self.case.shift.render(parsed) if parsed is not None else None
        if moved is None or normalise(moved) == normalise(text):
            return tag, "tag", True
        return moved, "shift", False

    def _surrogate_initials(self, text: str) -> str | None:
        """For initials of a masked name, the initials of its surrogate name, in the same
        form; None when ``text`` abbreviates no masked name, or the surrogate's initials are
        initials of the case's names or hold one of its PHI strings ("M.K.I." holds "M.K.")
        — the initials then get other letters, as any initials do."""
        abbreviated = self.abbreviated.get(normalise(text))
        if abbreviated is None:
            return None
        name, form = abbreviated
        shown = initials(self.case.surrogates.person(name))
        if form >= len(shown) or normalise(shown[form]) in self.abbreviated:
            return None  # none, or no particle in the surrogate to spell like "M.D.C.G.F."
        return shown[form] if self.case.surrogates.avoids_the_case(shown[form]) else None

    def _surrogate(self, span: MaskSpan, kind: Kind, text: str, tag: str) -> tuple[str, str, bool]:
        surrogates = self.case.surrogates
        if span.part:
            new: str | None = (
                surrogates.person_word(text) if kind == "person" else surrogates.shaped(text)
            )
        else:
            new = self._surrogate_initials(text) if kind == "person" else None
            new = new or surrogates.replace(kind, text)
        if new is None or normalise(new) == normalise(text):
            return tag, "tag", True
        return new, "surrogate", False
