"""The hybrid detector: a trained CRF and the regex rules, combined, in either mode.

Without a CRF (model version 0: a project nobody has trained a model for yet) the detector
is the rules alone — regex rules, cue words and dictionaries — in both modes, each
suggestion with its rule's confidence, and a narrative's uncertainty is its rule-flagged
density (:func:`~.uncertainty.rule_density`).

``default`` mode proposes the CRF's best-path spans; ``recall`` mode every token whose P(O)
is below τ (see :mod:`.recall`). In both, rule suggestions are merged in by the combiner
(:mod:`.combine`), which never loses a covered character. With ``marginals`` (always in
recall mode) each CRF suggestion's confidence is the mean probability of its category over
its tokens, and each document gets its :class:`~.uncertainty.Uncertainty`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Container, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

import regex

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Suggestion
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.combine import combine, consistent
from deid_studio.detect.crf import CrfModel, gc_paused
from deid_studio.detect.joins import join_lines
from deid_studio.detect.recall import recall_suggestions
from deid_studio.detect.rules import RuleHit, confidences, is_word_rule, rule_category
from deid_studio.detect.rules.ages import UNIT
from deid_studio.detect.rules.terms import find_terms
from deid_studio.detect.ruleshits import rule_hits, rule_suggestions
from deid_studio.detect.tagger import CrfTagger, TaggedDocument
from deid_studio.detect.uncertainty import Uncertainty, rule_density, uncertainty

MODES = ("default", "recall")
DEFAULT_TAU = 0.5
DEFAULT_RULE_FLOOR = 0.8


@dataclass(frozen=True, slots=True)
class DetectorSettings:
    """How suggestions are merged: which source wins each category, whether rule
    suggestions take part at all, and the recall-mode threshold."""

    priority: Mapping[str, str] = field(default_factory=dict)
    rules: bool = True
    tau: float = DEFAULT_TAU
    rule_floor: float = DEFAULT_RULE_FLOOR
    """With a trained CRF, rule suggestions less confident than this are the CRF's
    features only, not suggestions (a first name alone, a kinship word), unless training
    heard their rule (``heard_rules``, ``extending_rules``: a model version that learnt them
    decides every rule it knew, and the floor only rules it did not know); the rules alone
    (model version 0) suggest all of theirs."""
    quiet_rules: frozenset[str] = frozenset()
    """Rules whose suggestions, in default mode, do not join where the CRF has nothing:
    out of fold, beside this model, their word tokens there were PHI less than half the time
    (learnt by training, stored with the model version; see :mod:`.hearing`). Recall mode
    still takes those above the floor."""
    heard_rules: frozenset[str] = frozenset()
    """Rules whose suggestions join where the CRF has nothing whatever their confidence
    (below the floor too): out of fold, their word tokens there were PHI at least half the
    time."""
    extending_rules: frozenset[str] = frozenset()
    """Name and place rules whose suggestions join beside CRF spans they overlap, for the
    part the CRF left out (out of fold, that part was PHI at least half the time); a CRF
    span of the same category inside one gives way to it ("Alcalá" to the rule's "Alcalá de
    Guadaira")."""
    offsets: Mapping[str, float] = field(default_factory=dict)
    """Recall mode's per-category threshold offsets (log-odds; see :mod:`.recall`)."""
    joins: Mapping[str, float] = field(default_factory=dict)
    """Per category, the share of spans the gold runs on across a line break (see
    :mod:`.joins`): the CRF's spans of such categories are joined across lines."""

    @classmethod
    def from_dict(
        cls, values: Mapping[str, Any] | None, tau: float | None = None
    ) -> DetectorSettings:
        """Settings from a project setting's JSON (unknown keys ignored)."""
        values = dict(values or {})
        return cls(
            priority=dict(values.get("priority") or {}),
            rules=bool(values.get("rules", True)),
            tau=float(tau if tau is not None else values.get("tau", DEFAULT_TAU)),
            rule_floor=float(values.get("rule_floor", DEFAULT_RULE_FLOOR)),
        )

    @classmethod
    def of_model(
        cls, values: Mapping[str, Any] | None, metrics: Mapping[str, Any] | None
    ) -> DetectorSettings:
        """A project's settings with what a model version learnt in training (its metrics:
        τ, the per-category offsets, the quiet rules)."""
        metrics = metrics or {}
        tau = metrics.get("tau")
        settings = cls.from_dict(values, tau=float(tau) if tau is not None else None)
        offsets = metrics.get("tau_offsets")
        joins = metrics.get("line_joins")
        return replace(
            settings,
            joins={str(k): float(v) for k, v in joins.items()}
            if isinstance(joins, Mapping)
            else {},
            quiet_rules=_names(metrics.get("quiet_rules")),
            heard_rules=_names(metrics.get("heard_rules")),
            extending_rules=_names(metrics.get("extending_rules")),
            offsets={str(k): float(v) for k, v in offsets.items()}
            if isinstance(offsets, Mapping)
            else {},
        )


@dataclass(frozen=True, slots=True)
class Detection:
    """What the detector proposes for one narrative."""

    suggestions: list[Suggestion]
    crf: list[Suggestion]
    rules: list[Suggestion]
    tagged: TaggedDocument
    uncertainty: Uncertainty | None = None
    terms: list[RuleHit] = field(default_factory=list)
    """The safe terms the suggestions were kept out of (drugs, vaccines, eponyms)."""
    candidates: list[Suggestion] = field(default_factory=list)
    """Every rule suggestion, before the floor and the CRF decided which join (what
    training learns the quiet, heard and extending rules from)."""


class Detector:
    """A CRF model plus the rules, for one category scheme; the rules alone when ``model``
    is None (model version 0)."""

    def __init__(
        self, model: CrfModel | None, scheme: Scheme, settings: DetectorSettings | None = None
    ) -> None:
        self.model = model
        self.scheme = scheme
        self.settings = settings or DetectorSettings()
        self.tagger = CrfTagger(model) if model is not None else None

    @property
    def rules_only(self) -> bool:
        """Whether this is model version 0: no CRF, the rules alone."""
        return self.tagger is None

    def detect(
        self,
        narratives: Sequence[tuple[str, str | None]],
        *,
        mode: str = "default",
        marginals: bool = False,
    ) -> list[Detection]:
        """Suggestions for (text, language) pairs, in order."""
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose default or recall")
        if self.tagger is None:
            return [self._rules_alone(text, language) for text, language in narratives]
        with gc_paused():  # the rules and the merge make no cycles either: 2% of the time
            return self._detected(narratives, mode, marginals)

    def _detected(
        self, narratives: Sequence[tuple[str, str | None]], mode: str, marginals: bool
    ) -> list[Detection]:
        assert self.model is not None and self.tagger is not None
        marginals = marginals or mode == "recall"
        features = self.model.params.features
        hits = [rule_hits(t, lang) if features.rules else None for t, lang in narratives]
        tagged_all = self.tagger.tag_many(narratives, marginals=marginals, hits=hits)
        out = []
        settings = self.settings
        age = rule_category("AGE", self.scheme)  # the scheme's age category, if it has one
        institutions = categories_of(self.scheme, "INSTITUTION", "ORGANISATION")
        places = categories_of(self.scheme, "CITY", "COUNTRY", "POSTCODE") - institutions
        streets = categories_of(self.scheme, "STREET")
        for (text, language), tagged, found_hits in zip(narratives, tagged_all, hits, strict=True):
            candidates = (
                rule_suggestions(text, self.scheme, language, hits=found_hits)
                if settings.rules
                else []
            )
            terms = _terms(text, language, found_hits, self.scheme)
            best = join_lines(text, crf_suggestions(tagged), settings.joins)
            best = places_cut_off(best, candidates, text, institutions, places, streets)
            best = kin_and_name_apart(best, candidates, text)
            rules, kept, wholes = _joining(candidates, best, text, settings, age)
            if mode == "recall":
                crf = recall_suggestions(tagged, settings.tau, kept, settings.offsets)
                merged = combine([*kept, *_outside(crf, wholes)], settings.priority, text=text)
                merged = _finished(merged, text, terms, best_path=False)
            else:
                crf = best
                merged = _default_merged(text, best, kept, wholes, terms, settings)
            score = None
            if marginals:
                score = uncertainty(tagged, settings.tau, rules=rules, crf=best)
            out.append(Detection(merged, crf, kept, tagged, score, terms, candidates))
        return out

    def _rules_alone(self, text: str, language: str | None) -> Detection:
        hits = rule_hits(text, language)
        rules = rule_suggestions(text, self.scheme, language, hits=hits)
        terms = _terms(text, language, hits, self.scheme)
        merged = outside_terms(combine(rules, self.settings.priority, text=text), terms, text)
        tokens = tokenize(text)
        tagged = TaggedDocument(tokens, ["O"] * len(tokens), [(0, len(tokens))])
        return Detection(merged, [], rules, tagged, rule_density(tokens, rules), terms, rules)


def categories_of(scheme: Scheme, *kinds: str) -> frozenset[str]:
    """The categories of ``scheme`` that rule hits of ``kinds`` become."""
    return frozenset(c for c in (rule_category(k, scheme) for k in kinds) if c is not None)


def places_cut_off(
    crf: list[Suggestion],
    candidates: Sequence[Suggestion],
    text: str,
    institutions: Container[str],
    places: Container[str],
    streets: Container[str],
) -> list[Suggestion]:
    """The CRF's suggestions with the place that ends them cut off as a place of its own
    where the rules say it is one: a known town or country after a bare blank at the end of
    an institution ("[Instituto Colombiano del Dolor] [Medellín]", "[Hospital Virgen del
    Puerto] [Plasencia]", "[Septodont] [Francia]"; not after a preposition, "Hospital
    Universitario de Getafe"), and a postcode at the end of a street ("[Avenida de la
    Constitución] [13600] Alcázar de San Juan"). ``institutions``, ``places``, ``streets``:
    the scheme's categories of those rule hits (a place's that are no street's); a postcode
    is a place rule's number. In MEDDOCAN train and dev, a place the rules find after a
    blank ends 1 gold institution ("Hospital Universitario Puerta de Hierro Majadahonda")
    and follows 12, and a postcode the rules find ends no gold street and follows 381."""
    tails: dict[int, list[Suggestion]] = {}
    for c in candidates:
        if c.category in places and c.rule is not None and c.rule not in _STREET_RULES:
            tails.setdefault(c.end, []).append(c)
    if not tails:
        return crf
    out: list[Suggestion] = []
    for suggestion in crf:
        tail = next(
            (
                t
                for t in tails.get(suggestion.end, ())
                if t.start > suggestion.start and _ends(suggestion, t, text, institutions, streets)
            ),
            None,
        )
        if tail is None:
            out.append(suggestion)
            continue
        head = suggestion.start + len(text[suggestion.start : tail.start].rstrip(" \t,"))
        out.append(replace(suggestion, end=head))
        out.append(replace(suggestion, start=tail.start, category=tail.category))
    return out


def _ends(
    suggestion: Suggestion,
    tail: Suggestion,
    text: str,
    institutions: Container[str],
    streets: Container[str],
) -> bool:
    """Whether ``tail`` is a place that ends ``suggestion`` without being part of it (see
    :func:`places_cut_off`)."""
    if suggestion.category in institutions:
        return _bare_before(text, suggestion.start, tail.start)
    return (
        suggestion.category in streets
        and tail.category != suggestion.category
        and _POSTCODE.fullmatch(text, tail.start, tail.end) is not None
    )


_POSTCODE = regex.compile(r"(?:[A-Z]{1,2}-)?\d{4,5}")
"""A postcode's shape ("13600", "E-28041")."""


def kin_and_name_apart(
    crf: list[Suggestion], candidates: Sequence[Suggestion], text: str
) -> list[Suggestion]:
    """The CRF's suggestions with a relative's word and the relative's first name after it,
    which it took as one span, cut in two where the rules found both ("acompañada de su
    [madre] [Carmen] y su [hermano] [Juan]"): MEDDOCAN's gold marks a relative's word and a
    first name apart all 4 times the rules find the pair in train and dev, a word and a
    whole name ("su madre Teresa Rodriguez") as one span 2 times of 3."""
    kin = {c.start: c for c in candidates if c.rule == "kin_word"}
    if not kin:
        return crf
    names = {c.end: c for c in candidates if c.rule == "name_after_relative"}
    out: list[Suggestion] = []
    for suggestion in crf:
        word, name = kin.get(suggestion.start), names.get(suggestion.end)
        if (
            word is None
            or name is None
            or word.category != suggestion.category
            or name.category != suggestion.category
            or not word.end < name.start
            or text[word.end : name.start].strip(" \t,")
            or any(c.isspace() for c in text[name.start : name.end])
        ):
            out.append(suggestion)
            continue
        out.append(replace(suggestion, end=word.end))
        out.append(replace(suggestion, start=name.start))
    return out


_WORD_BEFORE = regex.compile(r"([\p{L}\p{M}\d.)\"'\u201d»]+)[ \t]\Z")
_JOINING = frozenset("de del della di du des d of en in im am von à a al do da dos das".split())
"""Prepositions that join a place to an institution's name ("Hospital de Getafe")."""


def _bare_before(text: str, start: int, at: int) -> bool:
    """Whether a word or a closing mark and one blank stand before ``at`` (from ``start``),
    the word no preposition."""
    word = _WORD_BEFORE.search(text, start, at)
    return word is not None and word.group(1).casefold() not in _JOINING


@dataclass(frozen=True, slots=True)
class Replay:
    """What default mode merges for one narrative once the CRF has tagged it: the CRF's
    best-path spans (joined across lines), every rule suggestion, and the safe terms.
    Training keeps it for each held-out document, to merge again under the rules heard out
    of the fold's reach (:func:`replayed`)."""

    best: list[Suggestion]
    candidates: list[Suggestion]
    terms: list[RuleHit]

    @classmethod
    def of(cls, detection: Detection) -> Replay:
        """The replay of a default-mode ``detection``."""
        return cls(detection.crf, detection.candidates, detection.terms)


def replayed(
    replay: Replay, text: str, settings: DetectorSettings, scheme: Scheme
) -> list[Suggestion]:
    """Default mode's suggestions for ``text`` from its ``replay`` under ``settings`` (the
    same as :meth:`Detector.detect` with those settings)."""
    age = rule_category("AGE", scheme)
    _, kept, wholes = _joining(replay.candidates, replay.best, text, settings, age)
    return _default_merged(text, replay.best, kept, wholes, replay.terms, settings)


def _joining(
    candidates: Sequence[Suggestion],
    best: list[Suggestion],
    text: str,
    settings: DetectorSettings,
    age: str | None,
) -> tuple[list[Suggestion], list[Suggestion], list[Suggestion]]:
    """The rule suggestions admitted beside the CRF's ``best`` path, those of them kept to
    merge (:func:`_beside`, with the whole-span pieces), and the whole-span pieces alone."""
    rules = [r for r in candidates if _admitted(r, best, settings)]
    kept = _beside(rules, best, text, settings.priority, settings.extending_rules, age)
    wholes = _split_wholes(rules, best)
    wholes += _house_numbers(rules, best, text, age)
    wholes += _joins(rules, best, text)
    kept += [w for w in wholes if w not in kept]
    return rules, kept, wholes


def _admitted(rule: Suggestion, best: Sequence[Suggestion], settings: DetectorSettings) -> bool:
    """Whether a rule suggestion may join the CRF's at all: its confidence reaches the
    floor, or its rule was heard out of fold, or it is of an extending rule and overlaps the
    CRF (:func:`_beside` decides what of it joins)."""
    if rule.confidence >= settings.rule_floor or rule.rule in settings.heard_rules:
        return True
    return rule.rule in settings.extending_rules and _overlaps(rule, best)


def _default_merged(
    text: str,
    best: list[Suggestion],
    kept: Sequence[Suggestion],
    wholes: Sequence[Suggestion],
    terms: Sequence[RuleHit],
    settings: DetectorSettings,
) -> list[Suggestion]:
    """Default mode: the CRF's best path and the kept rule suggestions, less the quiet
    rules' where the CRF has nothing, widened by the extending rules'."""
    quiet = settings.quiet_rules
    heard = [r for r in kept if r.rule not in quiet or _overlaps(r, best)]
    widened = _outside_widened(best, heard, settings.extending_rules)
    merged = combine([*heard, *_outside(widened, wholes)], settings.priority, text=text)
    return _finished(merged, text, terms, best_path=True)


def _finished(
    merged: list[Suggestion], text: str, terms: Sequence[RuleHit], *, best_path: bool
) -> list[Suggestion]:
    """The merged suggestions made consistent, on whole words, trimmed, and kept off the
    safe terms."""
    merged = consistent(merged, text, best_path=best_path)
    merged = whole_words(merged, text)
    merged = trimmed(merged, text)
    return outside_terms(merged, terms, text)


def _terms(
    text: str, language: str | None, hits: Sequence[RuleHit] | None, scheme: Scheme
) -> list[RuleHit]:
    """The safe terms of a narrative (drugs, vaccines, eponyms in context: kind ``TERM``),
    less those whose rule the scheme names as PHI (MEDDOCAN's makers in a product's brackets,
    ``maker_in_brackets``)."""
    if hits is None:  # a model without rule features: the term rules alone
        hits = find_terms(text, language)
    return [h for h in hits if h.kind == "TERM" and rule_category("TERM", scheme, h.rule) is None]


_HYPHENS = "-\u2010\u2011"
_TAIL = regex.compile(rf"(?:[{_HYPHENS}][\p{{L}}\p{{M}}]+)+(?![\p{{L}}\p{{M}}\p{{N}}])")


def whole_words(suggestions: Sequence[Suggestion], text: str) -> list[Suggestion]:
    """The suggestions with each one that ends inside a hyphenated word taking the rest of
    the word, unless another suggestion begins there; and each one that ends or starts
    between a digit and a letter of one word taking the whole word ("C15 035F", where the
    CRF marked "C15 035" and left the "F"), unless another suggestion takes the rest.

    The tokenizer cuts at a hyphen, and the CRF marks the parts it knows: "Kallio-oja",
    "Mäki-petäjä" and "Jean-pierre" came out as "Kallio", "Mäki" and "Jean", leaving "-oja",
    "-petäjä" and "-pierre" in the masked text. A span ending in a digit keeps its end
    ("45-year-old": the age is the number); a safe term ("Stevens-Johnson") still wins
    afterwards (:func:`outside_terms`). The gold of MEDDOCAN and of the Presidio set ends a
    span inside a hyphenated word 3 times in 12,000 spans, each before another span."""
    ordered = sorted(suggestions, key=lambda s: (s.start, s.end))
    starts = [s.start for s in ordered]
    ends = sorted(s.end for s in ordered)
    out: list[Suggestion] = []
    for suggestion in ordered:
        end = suggestion.end
        tail = None
        if end < len(text) and text[end] in _HYPHENS and text[end - 1].isalpha():
            tail = _TAIL.match(text, end)
        elif _junction(text, end):
            tail = _RUN_AFTER.match(text, end)
        if tail is not None:
            after = bisect_left(starts, end)
            if after == len(starts) or starts[after] >= tail.end():
                suggestion = replace(suggestion, end=tail.end())
        start = suggestion.start
        if _junction(text, start):
            head = _RUN_BEFORE.search(text, max(0, start - 40), start)
            before = bisect_left(ends, start + 1) - 1  # the last suggestion ending by start
            if head is not None and (before < 0 or ends[before] <= head.start()):
                suggestion = replace(suggestion, start=head.start())
        out.append(suggestion)
    return out


_OPENING = "([{"
_CLOSING = ")]}"


def trimmed(suggestions: Sequence[Suggestion], text: str) -> list[Suggestion]:
    """The suggestions without blanks at their edges (the piece the combiner leaves of a
    rule's name beside a CRF span: "Natalia " of "Natalia Ontiveros Palacios") and without
    the brackets they hold unpaired: one that ends at an opening bracket or starts at a
    closing one loses it ("Getafe (", "CHUVI)"), a closing bracket at the end or an opening
    one at the start whose partner lies outside goes too, and one with an opening bracket
    inside whose partner lies outside is cut there in two ("Instituto Colombiano del Dolor
    (INCODOL": the institution and its acronym). Recall mode's CRF flagged the "(" after a
    town before its province: "Getafe (Madrid)" was masked "[TERRITORIO][TERRITORIO])". The
    gold of MEDDOCAN marks neither bracket. A number's key typed onto a name's last word is
    no part of the name either ("Médico: Begoña IzaNºCol: 28 28 52001", where the word the
    tokenizer reads, "IzaNºCol", was masked whole)."""
    out: list[Suggestion] = []
    for suggestion in suggestions:
        pieces = _pieces(text, suggestion.start, suggestion.end)
        pieces = [(a, _before_glued_key(text, a, b)) for a, b in pieces]
        if pieces == [(suggestion.start, suggestion.end)]:
            out.append(suggestion)
        else:
            out.extend(replace(suggestion, start=a, end=b) for a, b in pieces if a < b)
    return out


_GLUED_KEY = regex.compile(r"(?<=[\p{Ll}\p{M}])N[º°ª]\p{L}*\.?\Z")
"""A number's key ("Nº", "NºCol") typed onto the word before it, at a span's end."""


def _before_glued_key(text: str, start: int, end: int) -> int:
    """``end``, or where a key typed onto the span's last word starts (:data:`_GLUED_KEY`)."""
    tail = text[max(start, end - 16) : end]
    if "º" not in tail and "°" not in tail and "ª" not in tail:
        return end  # most spans: no key's sign near their end
    key = _GLUED_KEY.search(text, start, end)
    return end if key is None else key.start()


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``start``-``end`` cut at its unpaired opening brackets and trimmed of unpaired
    brackets and blanks at its edges; pieces without a letter or digit left out."""
    if start >= end or not (
        text[start].isspace()
        or text[end - 1].isspace()
        or any(c in text[start:end] for c in _OPENING + _CLOSING)
    ):
        return [(start, end)]
    opened: list[int] = []
    unpaired_closing: list[int] = []
    for i in range(start, end):
        if text[i] in _OPENING:
            opened.append(i)
        elif text[i] in _CLOSING:
            if opened and _OPENING.index(text[opened[-1]]) == _CLOSING.index(text[i]):
                opened.pop()
            else:
                unpaired_closing.append(i)
    cuts = sorted([*opened, *(i for i in unpaired_closing if _edge(text, i, start, end))])
    pieces = []
    for cut in [*cuts, end]:
        a, b = start, cut
        while a < b and (text[a].isspace() or (text[a] in _CLOSING and a in unpaired_closing)):
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if any(c.isalnum() for c in text[a:b]):
            pieces.append((a, b))
        start = cut + 1
    return pieces


def _edge(text: str, at: int, start: int, end: int) -> bool:
    """Whether only blanks stand between ``at`` and an edge of ``start``-``end``."""
    return not text[start:at].strip() or not text[at + 1 : end].strip()


_RUN_AFTER = regex.compile(r"[\p{L}\p{M}\p{N}]+")
_RUN_BEFORE = regex.compile(r"(?r)(?<![\p{L}\p{M}\p{N}])[\p{L}\p{M}\p{N}]+\Z")


def _junction(text: str, at: int) -> bool:
    """Whether ``at`` falls between a digit and a letter of one word ("C15 035|F",
    "MRN|12345"), where the tokenizer cuts and the CRF may stop: a span cut there leaves
    the rest of the word in the masked text."""
    if not 0 < at < len(text):
        return False
    before, after = text[at - 1], text[at]
    return (before.isdigit() and after.isalpha()) or (before.isalpha() and after.isdigit())


def outside_terms(
    suggestions: Sequence[Suggestion], terms: Sequence[RuleHit], text: str
) -> list[Suggestion]:
    """The suggestions without what lies inside a safe term: a suggestion inside one is
    dropped ("Pfizer" as an organisation, "Bells Palsy" as one), one that reaches into one
    keeps its part outside it when that part has a letter or a digit."""
    if not terms:
        return list(suggestions)
    spans = sorted((t.start, t.end) for t in terms)
    kept: list[Suggestion] = []
    for s in suggestions:
        for a, b in _left_out(s.start, s.end, spans):
            if (a, b) == (s.start, s.end):
                kept.append(s)
            elif any(c.isalnum() for c in text[a:b]):
                while text[a].isspace():  # "Pfizer Ltd" less "Pfizer" is "Ltd", not " Ltd"
                    a += 1
                while text[b - 1].isspace():
                    b -= 1
                kept.append(replace(s, start=a, end=b))
    return kept


def _left_out(start: int, end: int, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The stretches of ``start``-``end`` outside every one of ``spans`` (sorted)."""
    pieces = [(start, end)]
    for a, b in spans:
        if a >= end:
            break
        if b <= start:
            continue
        pieces = [
            piece
            for left, right in pieces
            for piece in ((left, min(right, a)), (max(left, b), right))
            if piece[0] < piece[1]
        ]
    return pieces


def _beside(
    rules: list[Suggestion],
    crf: list[Suggestion],
    text: str,
    priority: Mapping[str, str],
    extending: frozenset[str] = frozenset(),
    age: str | None = None,
) -> list[Suggestion]:
    """The rule suggestions to merge with the CRF's: those of the word rules (names,
    places; see :func:`~.rules.is_word_rule`) that the CRF has nothing for, and those of the
    other rules (a date, a phone number, an ID) — and of the ``extending`` word rules — that
    cover a letter or digit the CRF does not; all of them when the project prefers the rules
    for the category. Where the CRF marks what another word rule marked too, its boundaries
    win: it learnt them from the rule hits and the gold, and two overlapping spans of one
    entity would be masked in pieces ("C/ Esquerdo, 46" and a phone-like "46 28009" across
    the street and its postcode) — but a component of the word rule's suggestion the CRF
    left out, set off by a comma or a line break, stays (:func:`_components`). So do they
    where the CRF marked an ``age`` without its unit: the gold it learnt from marks the
    number alone ("a [79] year old", and "[79] year" masked "[AGE][AGE] old" before)."""
    starts = sorted((c.start, c.end) for c in crf)
    kept = []
    for rule in rules:
        i = bisect_left(starts, (rule.end, -1))
        near = [(a, b) for a, b in starts[max(0, i - 8) : i] if a < rule.end and rule.start < b]
        if near and priority.get(rule.category) != "rule":
            if rule.rule is not None and is_word_rule(rule.rule) and rule.rule not in extending:
                kept.extend(_components(rule, near, text))
                continue
            if _covered(rule, near, text, _units(text, rule) if rule.category == age else ()):
                continue
        kept.append(rule)
    return kept


def _components(rule: Suggestion, spans: list[tuple[int, int]], text: str) -> list[Suggestion]:
    """The parts of a word rule's suggestion that the CRF's ``spans`` leave out and that are
    components of it of their own: set off by a comma, a semicolon or a line break, and
    capitalised ("34555 Colon Burgs Suite 269, [Jamesport] 10039", where the CRF marked the
    street and the ZIP code and left the town between them in the masked text). Where the
    CRF marks part of what a word rule marked its boundaries win, but not by dropping a
    town."""
    found = []
    for a, b in _left_out(rule.start, rule.end, spans):
        while a < b and not text[a].isalnum():
            a += 1
        while b > a and not text[b - 1].isalnum():
            b -= 1
        if a == b or not text[a].isupper():
            continue
        before = text[rule.start : a].rstrip(" \t")
        after = text[b : rule.end].lstrip(" \t")
        if before.endswith((",", ";", "\n", "\r")) or after.startswith((",", ";", "\n", "\r")):
            found.append(replace(rule, start=a, end=b))
    return found


WHOLE_RULES = frozenset({"email", "url", "ipv4", "ipv6", "card_number", "iban"})
"""Rules whose hit is one thing whatever its parts: an e-mail address or a web address is a
contact, even where the CRF reads a name in it ("charles.franklin@outlook.com" was
"[PATIENT][CONTACT]" in the masked text); so is an IP address, and a card number or an
IBAN whose check digits hold (the CRF cut "6e40:4041:c617:e898:c11:40d2:c669:2eb4" into four
spans, and the rule's suggestion only filled the gaps between them: six in all)."""


def _split_wholes(rules: Sequence[Suggestion], crf: Sequence[Suggestion]) -> list[Suggestion]:
    """The suggestions of :data:`WHOLE_RULES` that the CRF split or cut short: the CRF's
    spans that overlap one lie inside it and are not one span of its extent and category
    (several; one of another category; one that leaves part of it out:
    "nicolas.guibert@chu-lyon" of "nicolas.guibert@chu-lyon.fr", masked "[CONTACT][CONTACT]"
    with the rule's ".fr"). Such a suggestion takes the place of those spans
    (:func:`_outside`); it covers all they cover. So does a phone rule's suggestion that the
    CRF cut into pieces of its category or cut short ("Tfno. [670][.97.10.][26]", the
    pieces the CRF read and the rule's gaps between them, masked as three numbers)."""
    return _holding(
        rules,
        crf,
        lambda rule, inside: (
            (
                rule.rule in WHOLE_RULES
                or (rule.rule in _PHONE_RULES and all(c.category == rule.category for c in inside))
            )
            and [(c.start, c.end, c.category) for c in inside]
            != [(rule.start, rule.end, rule.category)]  # unless the CRF found it whole, alike
        ),
    )


_PHONE_RULES = frozenset(name for name in confidences() if name.startswith(("phone_", "fax_")))


_STREET_RULES = frozenset(
    name for name in confidences() if name.startswith("street_") or name == "field_street"
)


def _house_numbers(
    rules: Sequence[Suggestion], crf: Sequence[Suggestion], text: str, age: str | None
) -> list[Suggestion]:
    """The street suggestions holding a number the CRF read as an age (category ``age``):
    a number inside a street's span is its house number or its postcode, never an age
    ("habite [522], boulevard de Regnier" masked as "habite [AGE > 89], …" told the reader
    of a patient of 61 that they were over 89). Such a street takes the place of the CRF's
    pieces (:func:`_outside`), as a split e-mail address does."""
    if age is None:
        return []
    return _holding(
        rules,
        crf,
        lambda rule, inside: (
            rule.rule in _STREET_RULES
            and any(c.category == age and text[c.start : c.end].isdigit() for c in inside)
        ),
    )


def _joins(rules: Sequence[Suggestion], crf: Sequence[Suggestion], text: str) -> list[Suggestion]:
    """The word rules' suggestions that join CRF spans cut at an abbreviation's full stop:
    each holds two or more, all of its category, and nothing but an abbreviation's dot and
    blanks between them ("Localidad/ Provincia: Cdad. Real", where the CRF read two towns in
    "Cdad" and "Real"). Such a suggestion takes their place (:func:`_outside`): it masks no
    word they leave. A comma or a bracket between them keeps them apart ("Úbeda, Jaén",
    "Vigo (Pontevedra)": a town and its province)."""
    return _holding(
        rules,
        crf,
        lambda rule, inside: (
            len(inside) > 1
            and rule.rule is not None
            and is_word_rule(rule.rule)
            and all(c.category == rule.category for c in inside)
            and all(_ABBREVIATION_GAP.fullmatch(text, a.end, b.start) for a, b in pairwise(inside))
        ),
    )


_ABBREVIATION_GAP = regex.compile(r"(?<=(?<!\p{L})\p{L}{1,4})\.[ \t]+")
"""Between two spans of a name cut at an abbreviation: its full stop ("Cdad. Real")."""


def _holding(
    rules: Sequence[Suggestion],
    crf: Sequence[Suggestion],
    fits: Callable[[Suggestion, list[Suggestion]], bool],
) -> list[Suggestion]:
    """The rule suggestions that hold every CRF suggestion they overlap (one at least) and
    ``fits`` with those: each can stand for them whole."""
    held = []
    for rule in rules:
        inside = [c for c in crf if c.start < rule.end and rule.start < c.end]
        if (
            inside
            and all(rule.start <= c.start and c.end <= rule.end for c in inside)
            and fits(rule, inside)
        ):
            held.append(rule)
    return held


def _outside(crf: Sequence[Suggestion], rules: Sequence[Suggestion]) -> list[Suggestion]:
    """``crf`` less the suggestions inside one of ``rules``."""
    return [c for c in crf if not any(r.start <= c.start and c.end <= r.end for r in rules)]


def _covered(
    rule: Suggestion, spans: list[tuple[int, int]], text: str, aside: Container[int] = ()
) -> bool:
    """Whether every letter and digit of ``rule`` lies inside one of ``spans`` (those at
    the positions ``aside`` apart)."""
    return not any(
        text[i].isalnum() and i not in aside
        for a, b in _left_out(rule.start, rule.end, spans)
        for i in range(a, b)
    )


_AGE_UNIT = regex.compile(rf"(?i)(?<![\p{{L}}]){UNIT}|(?<![\p{{L}}])old\b|\by/o\b|\by\.o\.")


def _units(text: str, rule: Suggestion) -> set[int]:
    """The positions of an age's unit words in ``rule`` ("year", "años", "old", "y/o")."""
    return {i for m in _AGE_UNIT.finditer(text, rule.start, rule.end) for i in range(*m.span())}


def _overlaps(rule: Suggestion, crf: Sequence[Suggestion]) -> bool:
    return any(c.start < rule.end and rule.start < c.end for c in crf)


def _outside_widened(
    crf: list[Suggestion], rules: Sequence[Suggestion], extending: frozenset[str]
) -> list[Suggestion]:
    """The CRF's suggestions less those that an extending rule's suggestion of the same
    category contains, where every CRF span it overlaps is such a one: the rule's span
    stands for them whole ("Alcalá de Guadaira", not "Alcalá" and "de Guadaira")."""
    if not extending:
        return crf
    widening = _holding(
        rules,
        crf,
        lambda rule, inside: (
            rule.rule in extending and all(c.category == rule.category for c in inside)
        ),
    )
    return _outside(crf, widening)


def _names(values: Any) -> frozenset[str]:
    """Rule names from a model version's metrics (absent in older ones: none)."""
    return frozenset(str(v) for v in values or ())


def crf_suggestions(tagged: TaggedDocument) -> list[Suggestion]:
    """The best path's spans as suggestions; with marginals, each one's confidence is the
    mean probability of its category over its tokens (1.0 without)."""
    spans = tagged.spans()
    if tagged.p_category is None or tagged.categories is None or not spans:
        return [Suggestion(s.start, s.end, s.category, 1.0, "crf") for s in spans]
    out = []
    i = 0
    tokens = tagged.tokens
    for span in spans:
        while i < len(tokens) and tokens[i].end <= span.start:
            i += 1
        probabilities = []
        j = i
        while j < len(tokens) and tokens[j].start < span.end:
            same = tagged.categories[j] == span.category
            probabilities.append(tagged.p_category[j] if same else 1.0 - tagged.p_outside[j])  # type: ignore[index]
            j += 1
        confidence = sum(probabilities) / len(probabilities) if probabilities else 1.0
        out.append(Suggestion(span.start, span.end, span.category, _unit(confidence), "crf"))
    return out


def _unit(value: float) -> float:
    return min(1.0, max(0.0, value))
