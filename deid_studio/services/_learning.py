"""What a training run does, start to end, on documents in memory (the child's work).

Cross-validation by document (``evaluate.folds``: folds never split a case) and the final
model are independent jobs: each fold trains on the others and tags its own documents with
marginals, the final model trains on everything. With ``workers`` > 1 they run side by side
in a pool of processes (the final model, the longest, first). From the out-of-fold results
come which rules join the CRF in default mode (``detect.hearing``, from every fold's record:
what the final model uses), the cross-validated metrics (``evaluate``'s report of the
detector's out-of-fold suggestions, each fold's merged again under the rules heard from the
*other* folds' records, so that the figures measure the detector the model version is used
with and no document's own record decides its merge), the score scale, the recall-mode
threshold τ that reaches the target token recall, and its curve. Progress is reported as
(stage, done, total).

Recall mode's evidence is each fold's tagging with the rules above the project's floor: the
rules heard below it add to what recall mode masks, so τ calibrated without them reaches the
target all but always (a rule's token can change a neighbour's score through its category),
and the τ curve understates the share masked by what those rules add. The other folds'
records come from models that trained on this fold's gold: a second-order leak, which only
nested cross-validation would avoid.

The score scale (a temperature: the default learner's scores are not log-probabilities) is
first fitted per fold for the likelihood of the held-out labels (``loss_scale``). Recall mode
ranks tokens better with softer marginals, so each fold also tags its held-out documents at
a few smaller scales (:data:`SCALE_STEPS`); the scale kept is the one whose calibrated τ masks
the fewest non-PHI tokens out of fold at the target recall, and τ is that scale's.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import statistics
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span, Suggestion
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.cluster_learning import learn_clusters
from deid_studio.detect.clusters import GROWTH, WordClusters
from deid_studio.detect.crf import CrfModel, CrfParams, documents_tokens, train_crf
from deid_studio.detect.detector import Detection, Detector, DetectorSettings, Replay, replayed
from deid_studio.detect.features import Featurizer
from deid_studio.detect.hearing import (
    RuleRecord,
    hearing,
    merge_records,
    rule_record,
)
from deid_studio.detect.joins import line_joins
from deid_studio.detect.labels import encode
from deid_studio.detect.recall import (
    TARGET_RECALL,
    TokenEvidence,
    calibrate,
    calibrate_scale,
    category_offsets,
    curve,
    curve_json,
    floored,
    is_word,
)
from deid_studio.detect.rules import RuleHit, confidences, remembered
from deid_studio.detect.tagger import CrfTagger, TaggedDocument
from deid_studio.evaluate import evaluate, folds, groups_of, report_of
from deid_studio.evaluate.metrics import EMPTY
from deid_studio.services.children import announce, bind_to_parent

StageProgress = Callable[[str, int, int], None]
CALIBRATION_TOKENS = 40_000  # out-of-fold tokens a fold fits its score scale on
SCALE_STEPS = (1.0, 2**-0.25, 2**-0.5, 2**-0.75, 0.5)  # candidate scales, x the likelihood fit
_CURVE = (0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995)


@dataclass(frozen=True, slots=True)
class Learned:
    """A trained model and everything measured on the way."""

    model: CrfModel
    metrics: dict[str, Any]
    documents: int
    tokens: int
    evidence: TokenEvidence | None = None
    """The out-of-fold token scores τ was calibrated on (before per-category offsets)."""


@dataclass(frozen=True, slots=True)
class _Job:
    """One unit of work: a fold (``test`` holds its held-out documents) or the final model."""

    name: str
    train: tuple[int, ...]
    test: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Done:
    name: str
    test: tuple[int, ...]
    model: CrfModel
    replays: list[Replay]  # per held-out document, what default mode merges
    evidence: list[list[TokenEvidence]]  # per SCALE_STEPS step, per held-out document
    scale: float
    fit_seconds: float
    record: dict[str, RuleRecord]  # per rule, its word tokens alone / beyond the CRF


def project_clusters(
    texts: Sequence[str],
    previous: WordClusters | None,
    progress: StageProgress,
    growth: float = GROWTH,
) -> tuple[WordClusters, bool]:
    """The word clusters of a project's narratives: the previous model version's when the
    narratives have not grown by ``growth`` since they were learnt, else learnt again now;
    and whether they were learnt now."""
    tokens = sum(len(tokenize(text)) for text in texts)
    if previous is not None and previous.levels and not previous.outgrown(tokens, growth):
        return previous, False
    progress("word clusters", 0, 1)
    clusters = learn_clusters(texts)
    progress("word clusters", 1, 1)
    return clusters, True


def clusters_summary(clusters: WordClusters, learnt_now: bool) -> dict[str, Any]:
    """What a model version's metrics say about its word clusters."""
    return {
        "words": len(clusters.table),
        "levels": list(clusters.levels),
        "documents": clusters.documents,
        "tokens": clusters.tokens,
        "seconds": round(clusters.seconds, 2),
        "learnt_now": learnt_now,
    }


def default_workers() -> int:
    """Processes a training run may use: the machine's cores, at most two (each holds a
    corpus's features, a few hundred megabytes)."""
    return max(1, min(2, os.cpu_count() or 1))


def learn(
    documents: Sequence[Document],
    scheme: Scheme,
    params: CrfParams,
    *,
    folds_wanted: int = 5,
    seed: int = 0,
    target_recall: float = TARGET_RECALL,
    settings: DetectorSettings | None = None,
    workers: int = 1,
    progress: StageProgress,
    cancelled: Cancelled = never_cancelled,
    clusters: WordClusters | None = None,
    per_category: bool = True,
) -> Learned:
    """Cross-validate (with ``folds_wanted`` >= 2; fewer folds when there are fewer cases),
    calibrate, and train the final model on all ``documents``; every model reads the word
    ``clusters`` (of all the project's narratives) when given."""
    started = time.perf_counter()
    settings = settings or DetectorSettings()
    tokens = documents_tokens(documents)
    # every fold trains what the final model trains, so that the cross-validation measures it
    committee = params.committee_for(tokens)
    params = replace(params, committee=committee)
    k = min(folds_wanted, len(groups_of(documents)))
    everything = tuple(range(len(documents)))
    jobs = [_Job("final model", everything, ())]
    if k >= 2:
        for number, test in enumerate(folds(documents, k, seed), start=1):
            held = set(test)
            train = tuple(i for i in everything if i not in held)
            jobs.append(_Job(f"cross-validation {number}/{k}", train, tuple(test)))
    tally = _Tally(len(jobs), params.iterations, workers, progress, committee)
    context = _Context(documents, scheme, params, settings, clusters)
    done = _run(jobs, context, workers, tally.report, cancelled)
    final = done.pop(0)
    metrics: dict[str, Any] = {"target_recall": target_recall, "line_joins": line_joins(documents)}
    scale, tau = 1.0, settings.tau
    by_scale: dict[float, TokenEvidence] = {}
    if done:
        loss_scale = statistics.median(d.scale for d in done)
        by_scale = {
            loss_scale * factor: TokenEvidence.merge([e for d in done for e in d.evidence[step]])
            for step, factor in enumerate(SCALE_STEPS)
        }
        choices = calibrate_scale(list(by_scale.items()), target_recall)
        scale, common_tau = choices[0].scale, choices[0].tau
        offsets = category_offsets(by_scale[scale], target_recall) if per_category else {}
        evidence = by_scale[scale].shifted(offsets)
        reached = calibrate(evidence, target_recall)
        tau = floored(evidence, reached)
        record = merge_records(d.record for d in done)
        heard = hearing(record, confidences())
        pooled = EMPTY
        fold_f1 = []
        for d in done:
            tested = [documents[i] for i in d.test]
            evaluation = evaluate(tested, _out_of_fold(d, done, tested, settings, scheme))
            pooled = pooled + evaluation
            fold_f1.append(evaluation.entity["strict"].micro.f1)
        metrics.update(report_of(pooled, round(time.perf_counter() - started, 2)))
        metrics.update(
            cv=k,
            seed=seed,
            fold_f1={
                "mean": statistics.fmean(fold_f1),
                "sd": statistics.stdev(fold_f1) if len(fold_f1) > 1 else 0.0,
            },
            tau=tau,
            tau_common=common_tau,
            tau_offsets=offsets,
            tau_floored=tau < reached,
            quiet_rules=sorted(heard.quiet),
            heard_rules=sorted(heard.heard),
            extending_rules=sorted(heard.extending),
            rule_record={rule: counts.to_list() for rule, counts in sorted(record.items())},
            tau_curve=curve_json(curve(evidence, sorted({*_CURVE, tau}))),
            fold_scales=[d.scale for d in done],
            loss_scale=loss_scale,
            scale_choices=[c.to_dict() for c in sorted(choices, key=lambda c: -c.scale)],
            fold_fit_seconds=[round(d.fit_seconds, 2) for d in done],
        )
    else:
        # no held-out documents: the scale is fitted on the training documents themselves
        # (overconfident, so recall mode's τ keeps its configured value)
        scale = fit_scale(final.model, documents)
        metrics.update(
            cv=0,
            tau=tau,
            note="no cross-validation (--cv 0, or too few cases): score scale fitted on the "
            "training documents, τ not calibrated",
        )
    metrics.update(
        scale=scale,
        iterations=final.model.iterations,
        committee=len(final.model.files),
        labels=len(final.model.labels),
        training_seconds=round(final.model.seconds, 2),
        workers=workers,
        wall_seconds=round(time.perf_counter() - started, 2),
    )
    return Learned(
        replace(final.model, scale=scale),
        metrics,
        len(documents),
        tokens,
        by_scale[scale] if done else None,
    )


class _Tally:
    """Sums the jobs' iterations into one progress: ("training (N models, W processes)",
    iterations done, jobs x the iteration limit); a finished job counts in full. N counts
    every model of a committee."""

    def __init__(
        self, jobs: int, iterations: int, workers: int, progress: StageProgress, committee: int = 1
    ) -> None:
        models = jobs * committee
        self.stage = f"training ({models} model{'s' if models > 1 else ''}"
        self.stage += f", {workers} processes)" if workers > 1 else ")"
        self.total = jobs * iterations
        self.iterations = iterations
        self.done: dict[str, int] = {}
        self.progress = progress

    def report(self, name: str, done: int, total: int) -> None:
        job, _, phase = name.partition(": ")
        if phase == "training":  # a small corpus may take more epochs than the iterations
            self.done[job] = round(done * self.iterations / total) if total else done
        elif phase == "tagging" or phase == "finished":
            self.done[job] = self.iterations
        else:
            return
        self.progress(self.stage, sum(self.done.values()), self.total)


@dataclass(frozen=True, slots=True)
class _Context:
    """What every job reads: the gold, the scheme, how to train, and the word clusters."""

    documents: Sequence[Document]
    scheme: Scheme
    params: CrfParams
    settings: DetectorSettings
    clusters: WordClusters | None
    found: dict[Hashable, tuple[RuleHit, ...]] = field(default_factory=dict)
    """What the rules found in the documents a process has read so far (the memory of
    :func:`~deid_studio.detect.rules.remembered`): each document is trained on in four or
    five folds and tagged in one (each process has its own copy)."""


def _run(
    jobs: list[_Job],
    context: _Context,
    workers: int,
    progress: StageProgress,
    cancelled: Cancelled,
) -> list[_Done]:
    """Every job's result, in the order of ``jobs``."""
    if workers <= 1 or len(jobs) == 1:
        return [_work(job, context, progress, cancelled) for job in jobs]
    spawn = multiprocessing.get_context("spawn")
    messages = spawn.Queue()
    started = (context, messages, os.getpid())
    announce()  # the workers die with this process, even after kill -9
    with spawn.Pool(workers, initializer=_start_worker, initargs=started) as pool:
        pending = [pool.apply_async(_pooled, (job,)) for job in jobs]
        while not all(p.ready() for p in pending):
            check(cancelled)
            _drain(messages, progress, wait=0.05)
        _drain(messages, progress, wait=0.0)
        return [p.get() for p in pending]


def _drain(messages: Any, progress: StageProgress, wait: float) -> None:
    import queue

    try:
        name, done, total = messages.get(timeout=wait) if wait else messages.get_nowait()
        progress(name, done, total)
        while True:
            name, done, total = messages.get_nowait()
            progress(name, done, total)
    except queue.Empty:
        return


_context: _Context | None = None
_messages: Any = None


def _start_worker(context: Any, messages: Any, parent: int) -> None:
    global _context, _messages
    bind_to_parent(parent)  # a worker dies with the training process, in its process group
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _context, _messages = context, messages


def _pooled(job: _Job) -> _Done:
    assert _context is not None

    def report(name: str, done: int, total: int) -> None:
        _messages.put((name, done, total))

    return _work(job, _context, report, never_cancelled)


def _work(
    job: _Job,
    context: _Context,
    progress: StageProgress,
    cancelled: Cancelled,
) -> _Done:
    """Train on the job's documents; for a fold, also tag its held-out ones. What the rules
    find in a document is found once per process."""
    with remembered(context.found):
        return _run_job(job, context, progress, cancelled)


def _run_job(
    job: _Job,
    context: _Context,
    progress: StageProgress,
    cancelled: Cancelled,
) -> _Done:
    documents, scheme, params, settings = (
        context.documents,
        context.scheme,
        context.params,
        context.settings,
    )
    train = [documents[i] for i in job.train]
    stage, report = _relay(job.name, progress)
    started = time.perf_counter()
    model = train_crf(
        train,
        params,
        progress=report,
        cancelled=cancelled,
        stage=stage,
        total_documents=len(train),
        clusters=context.clusters,
    )
    fit_seconds = time.perf_counter() - started
    progress(f"{job.name}: finished", 1, 1)
    if not job.test:
        return _Done(job.name, job.test, model, [], [], 1.0, fit_seconds, {})
    check(cancelled)
    held = [documents[i] for i in job.test]
    scale = fit_scale(model, held)
    narratives = [(d.text, d.language) for d in held]
    progress(f"{job.name}: tagging", 0, len(SCALE_STEPS))
    settings = replace(settings, joins=line_joins(train))
    found = Detector(replace(model, scale=scale), scheme, settings).detect(
        narratives, marginals=True
    )
    replays = [Replay.of(detection) for detection in found]
    rules = [detection.rules for detection in found]
    record = merge_records(
        _rule_record(detection, document) for detection, document in zip(found, held, strict=True)
    )
    evidence = [_evidence([f.tagged for f in found], held, rules)]
    del found  # one tagger's weights and tagged narratives in memory at a time
    others = [scale * factor for factor in SCALE_STEPS[1:]]  # the same scores, other marginals
    for step, tagged in enumerate(CrfTagger(model).tag_at_scales(narratives, others)):
        progress(f"{job.name}: tagging", step + 1, len(SCALE_STEPS))
        check(cancelled)
        evidence.append(_evidence(tagged, held, rules))
        del tagged
    progress(f"{job.name}: tagging", len(SCALE_STEPS), len(SCALE_STEPS))
    # a fold's model is not needed once it has tagged: its bytes stay here
    return _Done(
        job.name,
        job.test,
        replace(model, data=b"", members=()),
        replays,
        evidence,
        scale,
        fit_seconds,
        record,
    )


def _out_of_fold(
    fold: _Done,
    done: Sequence[_Done],
    tested: Sequence[Document],
    settings: DetectorSettings,
    scheme: Scheme,
) -> list[list[Span]]:
    """The default-mode suggestions for ``fold``'s held-out documents under the rules heard
    from the *other* folds' records: the final model's detector merges under the rules heard
    from every fold, so each fold's figures measure that detector, without a document's own
    record deciding how its suggestions merge."""
    others = merge_records(d.record for d in done if d is not fold)
    heard = hearing(others, confidences())
    settings = replace(
        settings,
        quiet_rules=heard.quiet,
        heard_rules=heard.heard,
        extending_rules=heard.extending,
    )
    return [
        [s.span for s in replayed(replay, document.text, settings, scheme)]
        for replay, document in zip(fold.replays, tested, strict=True)
    ]


def _rule_record(detection: Detection, document: Document) -> dict[str, RuleRecord]:
    """What one held-out document says of each rule beside the fold's CRF."""
    words = [t for t in detection.tagged.tokens if is_word(t)]
    return rule_record(detection.candidates, detection.crf, words, document.spans)


def _evidence(
    tagged: Sequence[TaggedDocument],
    documents: Sequence[Document],
    rules: Sequence[Sequence[Suggestion]],
) -> list[TokenEvidence]:
    """Each held-out document's word tokens against its gold, as recall mode scores them."""
    return [
        TokenEvidence.collect(t, d.spans, r)
        for t, d, r in zip(tagged, documents, rules, strict=True)
    ]


def fit_scale(model: CrfModel, documents: Sequence[Document]) -> float:
    """The score scale fitted on (up to CALIBRATION_TOKENS of) held-out documents."""
    params = model.params
    chosen: list[Document] = []
    gold: list[list[str]] = []
    tokens = 0
    featurizers: dict[str | None, Featurizer] = {}
    for document in documents:
        featurizer = featurizers.get(document.language)
        if featurizer is None:
            featurizer = featurizers[document.language] = Featurizer(
                params.features, document.language, model.clusters
            )
        labels: list[str] = []
        for line_tokens, _ in featurizer.split(document.text):
            labels += encode(line_tokens, document.spans, params.labels)
        chosen.append(document)
        gold.append(labels)
        tokens += len(labels)
        if tokens >= CALIBRATION_TOKENS:
            break
    scale, _ = CrfTagger(model).fit_scale([(d.text, d.language) for d in chosen], gold)
    return scale


def _relay(prefix: str, progress: StageProgress) -> tuple[Callable[[str], None], Progress]:
    """A stage callable and a progress callable for train_crf that report to ``progress``
    as ``PREFIX: features`` (documents) then ``PREFIX: training`` (iterations)."""
    current = [f"{prefix}: features"]

    def stage(name: str) -> None:
        current[0] = f"{prefix}: {name}"

    def report(done: int, total: int) -> None:
        progress(current[0], done, total)

    return stage, report
