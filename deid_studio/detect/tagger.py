"""Tagging narratives with a trained CRF: best paths, and token marginals when asked.

The tagger reads the weights out of the crfsuite model (:mod:`.modelfile`) and scores tokens
itself. A token's state scores are the sum of the weights of its features; most features
depend on one word (its own, or a neighbour's within the window), so the tagger keeps, per
distinct word, the summed weights of its own features and of what it gives each neighbour.
Scoring a token is then a few vector additions, done for whole batches of narratives at
once; the best paths and marginals come from :mod:`.decoder`, all lines of a batch
together. The scores are those crfsuite computes (a test holds the two to the same paths).

With ``marginals`` every token also gets P(O), its most likely PHI category with that
category's probability (the sum of its B- and I- labels), and its entropy; every line gets the
probability of its best path.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from deid_studio.core.document import Span
from deid_studio.core.tokenize import Token
from deid_studio.detect.crf import CrfModel, gc_paused
from deid_studio.detect.decoder import Batch, marginals, viterbi
from deid_studio.detect.features import Featurizer, Hit
from deid_studio.detect.labels import OUTSIDE, decode
from deid_studio.detect.modelfile import average_weights, read_weights
from deid_studio.detect.ruleshits import rule_hits

BATCH_TOKENS = 50_000  # tokens scored together: bounds the score arrays to a few MB
VOCABULARY_LIMIT = 100_000  # distinct words kept per language before the cache starts over
SCALES: tuple[float, ...] = tuple(round(2.0**k, 4) for k in range(-6, 5))  # 1/64 ... 16


@dataclass(frozen=True, slots=True)
class TaggedDocument:
    """What the CRF says about every token of a narrative.

    ``lines`` holds the (first, end) token indices of each sequence. The marginal fields are
    None unless tagging asked for marginals; ``categories[i]`` is the most likely PHI category
    of token ``i`` and ``p_category[i]`` its probability; ``path_probability[k]`` is the
    probability of line ``k``'s best path.
    """

    tokens: list[Token]
    labels: list[str]
    lines: list[tuple[int, int]]
    p_outside: list[float] | None = None
    categories: list[str] | None = None
    p_category: list[float] | None = None
    entropy: list[float] | None = None
    path_probability: list[float] | None = None

    def spans(self) -> list[Span]:
        """The best path's spans."""
        return decode(self.tokens, self.labels)


@dataclass(slots=True)
class _Narrative:
    vocabulary: _Vocabulary
    tokens: list[Token]
    lines: list[tuple[int, int]]
    word_ids: list[int]
    context_rows: list[int]  # token index in the narrative of each context feature...
    context_ids: list[int]  # ... and its attribute id


@dataclass(frozen=True, slots=True)
class _Scored:
    """A batch's state scores, lines' layout, narratives' first rows and best paths."""

    scores: np.ndarray
    layout: Batch
    offsets: list[int]
    labels: list[str]
    path_scores: np.ndarray


class _Vocabulary:
    """Per distinct word: summed weights of its own features and of each neighbour role."""

    def __init__(self, featurizer: Featurizer, tagger: CrfTagger) -> None:
        self.featurizer = featurizer
        self._tagger = tagger
        n_labels = len(tagger.labels)
        self.index: dict[str, int] = {}
        self.own = np.zeros((1024, n_labels), dtype=np.float32)
        self.near = np.zeros((len(featurizer.offsets), 1024, n_labels), dtype=np.float32)
        self.pads = np.zeros((len(featurizer.pads), n_labels))
        for j, pad in enumerate(featurizer.pads):
            self.pads[j] = tagger.weights_of(pad)

    def ids(self, words: Sequence[str]) -> list[int]:
        """Row of each word, adding the words not seen yet."""
        index = self.index
        ids = list(map(index.get, words))  # at C speed: most words are known
        if None in ids:
            self._add([w for w in dict.fromkeys(words) if w not in index])
            ids = list(map(index.__getitem__, words))
        return ids  # type: ignore[return-value]

    def _add(self, words: list[str]) -> None:
        first = len(self.index)
        needed = first + len(words)
        if needed > self.own.shape[0]:
            size = max(needed, 2 * self.own.shape[0])
            own = np.zeros((size, self.own.shape[1]), dtype=np.float32)
            own[:first] = self.own[:first]
            near = np.zeros((self.near.shape[0], size, self.own.shape[1]), dtype=np.float32)
            near[:, :first] = self.near[:, :first]
            self.own, self.near = own, near
        described = [self.featurizer.describe(w) for w in words]
        rows = slice(first, needed)
        self.own[rows] = self._tagger.sum_weights([own for own, _ in described])
        for j in range(self.near.shape[0]):
            self.near[j, rows] = self._tagger.sum_weights([near[j] for _, near in described])
        for k, word in enumerate(words):
            self.index[word] = first + k


class CrfTagger:
    """Tags narratives with one model; keeps one feature extractor per language."""

    def __init__(self, model: CrfModel) -> None:
        self.model = model
        weights = average_weights([read_weights(data) for data in model.files])
        self.labels: tuple[str, ...] = weights.labels
        self._attributes = weights.attributes
        self._state = weights.state
        self._state_by_label = np.ascontiguousarray(weights.state.T)  # label-major copy
        self._transitions = weights.transitions
        self._unknown = len(weights.attributes)  # the all-zero row
        self._outside = self.labels.index(OUTSIDE) if OUTSIDE in self.labels else -1
        self.categories: tuple[str, ...] = tuple(
            dict.fromkeys(label[2:] for label in self.labels if label != OUTSIDE)
        )
        # labels x categories: 1 where a label (B- or I-) belongs to a category
        self._membership = np.zeros((len(self.labels), max(len(self.categories), 1)))
        for i, label in enumerate(self.labels):
            if label != OUTSIDE:
                self._membership[i, self.categories.index(label[2:])] = 1.0
        self._vocabularies: dict[str | None, _Vocabulary] = {}

    # -- weights -------------------------------------------------------------------------

    def weights_of(self, features: Sequence[bytes]) -> np.ndarray:
        """The summed state weights of some features (unknown ones weigh nothing)."""
        get = self._attributes.get
        unknown = self._unknown
        return self._state[[get(f, unknown) for f in features]].sum(axis=0)

    def sum_weights(self, groups: Sequence[Sequence[bytes]]) -> np.ndarray:
        """Summed state weights of each group of features, one row per group."""
        get = self._attributes.get
        unknown = self._unknown
        ids: list[int] = []
        starts: list[int] = []
        for features in groups:
            starts.append(len(ids))
            ids.extend(get(f, unknown) for f in features)
            if len(ids) == starts[-1]:
                ids.append(unknown)  # reduceat needs every group non-empty
        return np.add.reduceat(self._state[ids], starts, axis=0)

    def cached_words(self) -> int:
        """Distinct words whose features and weights are cached, in every language."""
        return sum(len(v.index) for v in self._vocabularies.values())

    def forget_words(self) -> None:
        """Drop the per-word caches (they grow with the vocabulary tagged; results do not
        depend on them)."""
        self._vocabularies.clear()

    def _vocabulary(self, language: str | None) -> _Vocabulary:
        vocabulary = self._vocabularies.get(language)
        if vocabulary is None or len(vocabulary.index) > VOCABULARY_LIMIT:
            featurizer = Featurizer(self.model.params.features, language, self.model.clusters)
            vocabulary = self._vocabularies[language] = _Vocabulary(featurizer, self)
        return vocabulary

    # -- tagging -------------------------------------------------------------------------

    def tag(
        self,
        text: str,
        language: str | None = None,
        *,
        marginals: bool = False,
        hits: Sequence[Hit] | None = None,
    ) -> TaggedDocument:
        """Tag one narrative; ``hits`` are its rule hits when the caller already has them."""
        return self.tag_many([(text, language)], marginals=marginals, hits=[hits])[0]

    def tag_many(
        self,
        narratives: Sequence[tuple[str, str | None]],
        *,
        marginals: bool = False,
        hits: Sequence[Sequence[Hit] | None] | None = None,
    ) -> list[TaggedDocument]:
        """Tag (text, language) pairs, in batches; much faster than one by one."""
        results: list[TaggedDocument] = []
        scale = self.model.scale if marginals else None
        with gc_paused():
            for batch in self._batches(narratives, hits):
                results += self._tagged(batch, self._scored(batch), scale)
        return results

    def tag_at_scales(
        self,
        narratives: Sequence[tuple[str, str | None]],
        scales: Sequence[float],
        *,
        hits: Sequence[Sequence[Hit] | None] | None = None,
    ) -> Iterator[list[TaggedDocument]]:
        """The narratives tagged with marginals at each of ``scales`` in turn, as
        :meth:`tag_many` would with the model's scale set to each: the features and scores
        are computed once, since only the marginals depend on the scale (the best path does
        not). One scale's tagged narratives at a time are built; the scores of all are kept
        meanwhile (a few MB per 50,000 tokens)."""
        with gc_paused():
            scored = [(batch, self._scored(batch)) for batch in self._batches(narratives, hits)]
        for scale in scales:
            with gc_paused():
                tagged = [t for batch, done in scored for t in self._tagged(batch, done, scale)]
            yield tagged  # not inside the pause: a caller that stops here would keep it off

    def _batches(
        self,
        narratives: Sequence[tuple[str, str | None]],
        hits: Sequence[Sequence[Hit] | None] | None,
    ) -> Iterator[list[_Narrative]]:
        """The narratives prepared, in batches of about :data:`BATCH_TOKENS` tokens."""
        batch: list[_Narrative] = []
        size = 0
        for i, (text, language) in enumerate(narratives):
            narrative = self._prepare(text, language, hits[i] if hits is not None else None)
            batch.append(narrative)
            size += len(narrative.tokens)
            if size >= BATCH_TOKENS:
                yield batch
                batch, size = [], 0
        if batch:
            yield batch

    def _prepare(self, text: str, language: str | None, hits: Sequence[Hit] | None) -> _Narrative:
        features = self.model.params.features
        if hits is None and features.rules:
            hits = rule_hits(text, language)
        vocabulary = self._vocabulary(language)
        get = self._attributes.get
        tokens: list[Token] = []
        lines: list[tuple[int, int]] = []
        rows: list[int] = []
        ids: list[int] = []
        for line_tokens, line_context in vocabulary.featurizer.split(text, hits or ()):
            first = len(tokens)
            tokens += line_tokens
            lines.append((first, len(tokens)))
            for i, feature in line_context:
                aid = get(feature)
                if aid is not None:
                    rows.append(first + i)
                    ids.append(aid)
        word_ids = vocabulary.ids([t.text for t in tokens])
        return _Narrative(vocabulary, tokens, lines, word_ids, rows, ids)

    def _scores(self, batch: list[_Narrative]) -> tuple[np.ndarray, Batch, list[int]]:
        """State scores of every token of a batch, the lines' layout, and where each
        narrative's rows begin."""
        offsets = np.cumsum([0] + [len(n.tokens) for n in batch]).tolist()
        scores = np.empty((offsets[-1], len(self.labels)))
        by_vocabulary: dict[int, list[int]] = {}
        for k, narrative in enumerate(batch):
            by_vocabulary.setdefault(id(narrative.vocabulary), []).append(k)
        for members in by_vocabulary.values():
            ids = np.fromiter(chain.from_iterable(batch[k].word_ids for k in members), np.int64)
            lengths = [end - first for k in members for first, end in batch[k].lines]
            rows: slice | np.ndarray = slice(None)
            if len(members) < len(batch):
                rows = np.concatenate([np.arange(offsets[k], offsets[k + 1]) for k in members])
            scores[rows] = self._line_scores(batch[members[0]].vocabulary, ids, lengths)
        # context features last, summed per token in order, one label at a time (``np.add.at``
        # over whole rows took three times as long)
        context_rows = np.concatenate(
            [
                np.asarray(n.context_rows, np.int64) + base
                for n, base in zip(batch, offsets, strict=False)
            ]
        )
        context_ids = np.fromiter(chain.from_iterable(n.context_ids for n in batch), np.int64)
        if len(context_ids):
            for j, weights in enumerate(self._state_by_label):
                scores[:, j] += np.bincount(
                    context_rows, weights=weights[context_ids], minlength=len(scores)
                )
        starts = [
            base + first for n, base in zip(batch, offsets, strict=False) for first, _ in n.lines
        ]
        lengths = [end - first for n in batch for first, end in n.lines]
        return scores, Batch.of(np.asarray(starts), np.asarray(lengths)), offsets

    def _scored(self, batch: list[_Narrative]) -> _Scored | None:
        """A batch's scores and best paths (None for a batch without a token)."""
        if not any(n.tokens for n in batch):
            return None
        scores, layout, offsets = self._scores(batch)
        best, path_scores = viterbi(scores, self._transitions, layout)
        labels = [self.labels[i] for i in best.tolist()]
        return _Scored(scores, layout, offsets, labels, path_scores)

    def _tagged(
        self, batch: list[_Narrative], scored: _Scored | None, scale: float | None
    ) -> list[TaggedDocument]:
        """A scored batch's narratives, with the marginals at ``scale`` unless it is None."""
        if scored is None:
            return [TaggedDocument([], [], []) for _ in batch]
        if scale is not None:
            probabilities, log_z = marginals(
                scale * scored.scores, scale * self._transitions, scored.layout
            )
            path = np.exp(np.minimum(scale * scored.path_scores - log_z, 0.0))
        results = []
        line_number = 0
        for narrative, base in zip(batch, scored.offsets, strict=False):
            end = base + len(narrative.tokens)
            tagged = TaggedDocument(narrative.tokens, scored.labels[base:end], narrative.lines)
            if scale is not None:
                count = len(narrative.lines)
                tagged = self._with_marginals(
                    tagged, probabilities[base:end], path[line_number : line_number + count]
                )
                line_number += count
            results.append(tagged)
        return results

    def fit_scale(
        self,
        narratives: Sequence[tuple[str, str | None]],
        gold: Sequence[Sequence[str]],
        candidates: Sequence[float] = SCALES,
    ) -> tuple[float, float]:
        """The score scale whose marginals give the gold labels the highest likelihood (a
        temperature: online learners' scores are not log-probabilities), and its mean log
        loss per token. ``gold`` holds each narrative's labels, token by token."""
        batch = [self._prepare(text, language, None) for text, language in narratives]
        scores, layout, _ = self._scores(batch)
        index = {label: i for i, label in enumerate(self.labels)}
        rows: list[int] = []
        columns: list[int] = []
        base = 0
        for narrative, labels in zip(batch, gold, strict=True):
            for i, label in enumerate(labels):
                if label in index:
                    rows.append(base + i)
                    columns.append(index[label])
            base += len(narrative.tokens)
        if not rows:
            return 1.0, 0.0
        best = (1.0, float("inf"))
        for scale in candidates:
            probabilities, _ = marginals(scale * scores, scale * self._transitions, layout)
            picked = np.maximum(probabilities[rows, columns], 1e-12)
            loss = float(-np.log(picked).mean())
            if loss < best[1]:
                best = (scale, loss)
        return best

    def _line_scores(
        self, vocabulary: _Vocabulary, ids: np.ndarray, lengths: list[int]
    ) -> np.ndarray:
        """Own and neighbour scores of tokens in lines of ``lengths``, with line edges padded."""
        offsets = vocabulary.featurizer.offsets
        scores = vocabulary.own[ids].astype(np.float64)
        # the tokens laid out with ``reach`` empty slots before, between and after the lines, so
        # a neighbour across a line edge falls on an empty slot (-1)
        reach = max((abs(o) for o in offsets), default=0)
        line = np.repeat(np.arange(len(lengths)), lengths)
        position = np.arange(len(ids)) + reach * (line + 1)
        spread = np.full(len(ids) + reach * (len(lengths) + 1), -1, dtype=np.int64)
        spread[position] = ids
        for j, o in enumerate(offsets):
            neighbours = spread[position + o]
            edge = neighbours < 0
            near = vocabulary.near[j][neighbours]
            near[edge] = 0.0
            scores += near
            scores[edge] += vocabulary.pads[j]
        return scores

    def _with_marginals(
        self, tagged: TaggedDocument, probabilities: np.ndarray, path: np.ndarray
    ) -> TaggedDocument:
        by_category = probabilities @ self._membership
        best = by_category.argmax(axis=1)
        p_category = by_category[np.arange(len(best)), best]
        safe = np.where(probabilities > 0.0, probabilities, 1.0)
        entropy = -(probabilities * np.log(safe)).sum(axis=1)
        if self._outside >= 0:
            p_outside = probabilities[:, self._outside]
        else:
            p_outside = np.zeros(len(best))
        categories = self.categories or ("",)
        return TaggedDocument(
            tagged.tokens,
            tagged.labels,
            tagged.lines,
            p_outside.tolist(),
            [categories[i] for i in best.tolist()],
            p_category.tolist(),
            entropy.tolist(),
            path.tolist(),
        )
