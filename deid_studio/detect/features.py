"""CRF token features, after the seeds of the field, computed once per distinct word.

A narrative becomes one sequence per line. Each token gets

* what depends on the word alone — lowercase word, shape and short shape, prefixes and
  suffixes, capitalisation and digit flags, length, gazetteer hits (first and last names,
  places, nationalities) and whether it is a stopword of the narrative's language;
* the words and short shapes of its neighbours within the window (±2 by default), with the
  line's edges as padding;
* what depends on its place in the narrative — the kind of rule hit that covers it and its
  neighbours (``detect.rules.find``), and the key of a ``Key: value`` line it follows.

Everything that depends only on the word is computed once per distinct word and kept in a
per-language cache, so extracting a token's features is mostly list concatenation. Features
are ``bytes``: python-crfsuite then takes them without encoding each one again. All features
are true-only strings (no numeric values), which online learners (PA, AP) need.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from deid_studio.core.language import stopwords
from deid_studio.core.tokenize import Token, line_spans, tokenize
from deid_studio.detect.clusters import WordClusters
from deid_studio.detect.document import breaks as _breaks
from deid_studio.detect.document import document_context
from deid_studio.detect.document import glue as _glue
from deid_studio.detect.document import layout as _layout
from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import fold, gazetteer
from deid_studio.detect.shapes import shape, short_shape

__all__ = ["ADDED_FAMILIES", "FeatureConfig", "Featurizer", "Line", "shape", "short_shape"]

ItemFeatures = list[bytes]
Context = list[tuple[int, bytes]]
"""Features of a line that depend on a token's place: (token index, feature)."""


class Hit(Protocol):
    """A rule hit as the features see it: where, and what kind (DATE, AGE, PHONE...)."""

    @property
    def start(self) -> int: ...  # pragma: no cover - protocol

    @property
    def end(self) -> int: ...  # pragma: no cover - protocol

    @property
    def kind(self) -> str: ...  # pragma: no cover - protocol


@dataclass(frozen=True, slots=True)
class FeatureConfig:
    """Which features the CRF sees; stored with a model so tagging extracts the same ones."""

    window: int = 2
    affixes: int = 4
    gazetteers: bool = True
    stopwords: bool = True
    rules: bool = True
    line_keys: bool = True
    key_reach: int = 8  # tokens after a "Key:" that carry the key
    bigrams: bool = False  # the word pairs (previous, this) and (this, next)
    frequency: bool = True  # the word's Zipf frequency in the narrative's language
    clusters: bool = True  # the word's clusters (learnt from the project's narratives)
    document: bool = True  # what the rest of the narrative says about the word
    glue: bool = True  # whether a token touches its neighbours (run-in tokens)
    reach: int = 4  # tokens after / before a rule hit on its line that carry its kind (0: off)
    layout: bool = True  # how far a line is indented, how short, which after a blank line

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able form, for a model version's params."""
        return asdict(self)

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> FeatureConfig:
        """The inverse of :meth:`to_dict`; unknown keys are ignored, and a feature family
        added since a model was stored is off for it (it was trained without)."""
        known = {k: v for k, v in values.items() if k in cls.__dataclass_fields__}
        for name in ADDED_FAMILIES:
            known.setdefault(name, False)
        return cls(**known)


ADDED_FAMILIES = ("frequency", "clusters", "document", "glue", "reach", "layout")
"""Feature families added after the first stored models (issue 9 and after): off when a
stored configuration does not name them."""


@dataclass(frozen=True, slots=True)
class Line:
    """One sequence: the tokens of a line of the narrative and their features."""

    tokens: list[Token]
    features: list[ItemFeatures]


WordFeatures = tuple[tuple[bytes, ...], tuple[tuple[bytes, ...], ...]]
"""A word's own features, and for each window offset the features it gives a neighbour."""


class Featurizer:
    """Extracts the features of narratives in one language with one configuration.

    Keeps a cache of per-word features that grows with the vocabulary it has seen (tens of
    megabytes for a corpus of half a million tokens).
    """

    def __init__(
        self,
        config: FeatureConfig,
        language: str | None = None,
        clusters: WordClusters | None = None,
    ) -> None:
        self.config = config
        self.language = language
        self._stop = stopwords().get(language or "", frozenset()) if config.stopwords else None
        self._gaz = gazetteer() if config.gazetteers else None
        self._clusters = clusters if config.clusters and clusters and clusters.levels else None
        self.offsets = tuple(o for o in range(-config.window, config.window + 1) if o != 0)
        self.pads = tuple((f"{o}:w=<{'s' if o < 0 else 'e'}>".encode(),) for o in self.offsets)
        self._cache: dict[str, WordFeatures] = {}

    @property
    def cached_words(self) -> int:
        """How many distinct words the cache holds."""
        return len(self._cache)

    def split(self, text: str, hits: Iterable[Hit] = ()) -> Iterator[tuple[list[Token], Context]]:
        """The tokens of each line with a token, and their context features."""
        kinds = _kind_by_char(text, hits) if self.config.rules else None
        lines = []
        since = 0  # lines since the last blank line (0: none yet)
        after = -1  # where the last line with a token ended
        for start, end in line_spans(text):
            tokens = tokenize(text[start:end], start)
            if tokens:
                if after >= 0 and _breaks(text, after, start) > 1:
                    since = 1  # the first line after a blank one
                elif since:
                    since += 1
                after = end
                context = self.context(tokens, kinds)
                if self.config.layout:
                    _layout(tokens, tokens[0].start - start, since, context)
                lines.append((tokens, context))
        if self.config.glue:
            for tokens, context in lines:
                _glue(tokens, context)
        if self.config.document:
            document_context(lines, kinds, self._stop or frozenset())
        yield from lines

    def lines(self, text: str, hits: Iterable[Hit] = ()) -> Iterator[Line]:
        """The sequences of a narrative with their features, in order."""
        for tokens, context in self.split(text, hits):
            yield Line(tokens, self.features(tokens, context))

    def word(self, text: str) -> WordFeatures:
        """The features that depend on the word alone (cached)."""
        entry = self._cache.get(text)
        if entry is None:
            entry = self._cache[text] = self.describe(text)
        return entry

    def features(
        self, tokens: Sequence[Token], context: Sequence[tuple[int, bytes]] = ()
    ) -> list[ItemFeatures]:
        """Features of the tokens of one line, with the line's context features."""
        entries = [self.word(token.text) for token in tokens]
        out = [list(own) for own, _ in entries]
        n = len(tokens)
        for j, o in enumerate(self.offsets):
            pad = self.pads[j]
            if o < 0:
                for i in range(min(-o, n)):
                    out[i] += pad
                for f, (_, near) in zip(out[-o:], entries, strict=False):
                    f += near[j]
            else:
                for f, (_, near) in zip(out, entries[o:], strict=False):
                    f += near[j]
                for i in range(max(n - o, 0), n):
                    out[i] += pad
        for i, feature in context:
            out[i].append(feature)
        return out

    def context(self, tokens: Sequence[Token], kinds: Mapping[int, str] | None = None) -> Context:
        """Features that depend on a token's place: the first token of a line, the rule kinds
        covering a token and its neighbours, the key of a ``Key: value`` line."""
        found: Context = [(0, b"first")]
        if kinds:
            _rule_kinds(tokens, kinds, found)
            if self.config.reach:
                _reach_kinds(tokens, kinds, self.config.reach, found)
        if self.config.line_keys:
            _keys(tokens, self.config.key_reach, found)
        if self.config.bigrams:
            _bigrams(tokens, found)
        return found

    def describe(self, word: str) -> WordFeatures:
        """The features that depend on the word alone, not cached (the tagger keeps their
        summed weights instead: a few hundred bytes a word rather than a few kilobytes)."""
        lower = word.lower()
        full = shape(word)
        short = short_shape(word, full)
        own = [
            "w=" + lower,
            "sh=" + (full if len(full) <= 12 else full[:12] + "+"),
            "ss=" + short,
            "len=" + (str(len(word)) if len(word) < 10 else "10+"),
        ]
        for n in range(1, self.config.affixes + 1):
            if len(lower) > n:
                own.append(f"p{n}={lower[:n]}")
                own.append(f"s{n}={lower[-n:]}")
        if word.istitle():
            own.append("T")
        if word.isupper():
            own.append("U")
        if word.isdigit():
            own.append("D")
        tags = []
        if self._gaz is not None and word[:1].isalpha():
            folded = fold(word)
            if folded in self._gaz.first_names:
                tags.append("fn")
            if folded in self._gaz.last_names:
                tags.append("ln")
            if folded in self._gaz.places:
                tags.append("pl")
            if folded in self._gaz.nationalities:
                tags.append("na")
        if self._stop is not None and lower in self._stop:
            tags.append("sw")
        if self.config.frequency and word[:1].isalpha():
            tags.append(f"zf={min(int(zipf(lower, self.language)), 7)}")
        if self._clusters is not None:
            ids = self._clusters.of(word)
            if ids is not None:
                tags += [f"c{k}={i}" for k, i in zip(self._clusters.levels, ids, strict=True)]
        own += tags
        window = []
        for o in self.offsets:
            near = [f"{o}:w={lower}", f"{o}:ss={short}"]
            if abs(o) == 1:
                # a neighbour sees every level: only the middle one cost 0.3 F1 point (two
                # seeds, benchmarks/ablation.py) for a fifth of the training time
                near += [f"{o}:{t}" for t in tags]
            window.append(tuple(s.encode() for s in near))
        # tuples of bytes: the garbage collector stops tracking them, so a large cache costs
        # no collection time (lists would be traversed by every full collection)
        return tuple(s.encode() for s in own), tuple(window)


def _rule_kinds(tokens: Sequence[Token], kinds: Mapping[int, str], found: Context) -> None:
    """The rule kind covering each token (``r=DATE:b`` where a hit begins, ``:i`` inside),
    and on its neighbours the kind next to them."""
    n = len(tokens)
    for i, token in enumerate(tokens):
        kind = kinds.get(token.start)
        if kind is None:
            continue
        tag = kind.encode()
        begins = -token.start - 1 in kinds
        found.append((i, b"r=" + tag + (b":b" if begins else b":i")))
        if i > 0:
            found.append((i - 1, b"+1:r=" + tag))
        if i + 1 < n:
            found.append((i + 1, b"-1:r=" + tag))


def _reach_kinds(
    tokens: Sequence[Token], kinds: Mapping[int, str], reach: int, found: Context
) -> None:
    """On a token no rule hit covers, ``ak=KIND`` when a hit of that kind ended at most
    ``reach`` tokens before it on its line, and ``bk=KIND`` when one starts at most ``reach``
    tokens after it: what lies between a street and its postcode ("3 - 5º 2ª") is most often
    the address still, and a rule seldom knows where an address ends. On MEDDOCAN dev, the
    CRF trained on all of train catches 0.12 and 0.26 point more PHI word tokens with them
    (two seeds; CRF-alone strict F1 -0.09 and +0.14), on fifty documents 0.0-0.3 point."""
    own = [kinds.get(token.start) for token in tokens]
    for order in (range(len(tokens)), range(len(tokens) - 1, -1, -1)):
        prefix = b"ak=" if order.step == 1 else b"bk="
        feature: bytes | None = None  # the last kind's feature, built once per hit
        distance = 0
        for i in order:
            kind = own[i]
            if kind is not None:
                feature, distance = prefix + kind.encode(), 0
                continue
            distance += 1
            if feature is not None and distance <= reach:
                found.append((i, feature))


def _keys(tokens: Sequence[Token], reach: int, found: Context) -> None:
    """``kw`` on a key word before ``:``, ``k=KEY`` on the tokens within reach after it."""
    n = len(tokens)
    for i in range(1, n):
        if tokens[i].text != ":" or not tokens[i - 1].text[:1].isalpha():
            continue  # not a key (a time such as 10:30 has digits before its colon)
        key = b"k=" + fold(tokens[i - 1].text).encode()
        found.append((i - 1, b"kw"))
        for j in range(i + 1, min(n, i + 1 + reach)):
            found.append((j, key))


def _bigrams(tokens: Sequence[Token], found: Context) -> None:
    """``b=PREVIOUS|THIS`` on each token after the first, ``b+=THIS|NEXT`` on each before the
    last (lowercase)."""
    lower = [t.text.lower().encode() for t in tokens]
    for i in range(1, len(lower)):
        pair = lower[i - 1] + b"|" + lower[i]
        found.append((i, b"b=" + pair))
        found.append((i - 1, b"b+=" + pair))


_OWN_KIND = {"unknown_word": "UNKNOWN", "unknown_place": "UNKNOWN", "age_of_relative": "KIN_AGE"}
"""Rules the CRF sees under a kind of their own rather than the kind their suggestions get:
a capitalised word no list knows is a guess (an organisation as often as a person), and
weighed as one it serves better (``benchmarks/presidio.py``: strict F1 0.836 -> 0.839, token
recall 0.976 -> 0.979)."""


def _kind_by_char(text: str, hits: Iterable[Hit]) -> dict[int, str]:
    """Rule kind at each token start a hit covers (only starts are looked up)."""
    kinds: dict[int, str] = {}
    for hit in hits:
        kind = _OWN_KIND.get(getattr(hit, "rule", ""), hit.kind)
        for position in range(hit.start, min(hit.end, len(text))):
            kinds.setdefault(position, kind)
        kinds.setdefault(-hit.start - 1, kind)  # marks where a hit begins
    return kinds
