"""Training a model version from the gold standard, in a child process.

python-crfsuite holds the GIL for its whole training loop, so training runs in a separate
process (``spawn``): the child opens the project itself, reads the gold standard, cross-
validates, calibrates and trains, and sends its progress and its result back through a queue.
The caller's thread only relays progress and polls ``cancelled()``: the GUI's event loop never
stalls. On cancel the child is terminated and nothing is stored. At the end the model version
(the crfsuite model, its parameters, the number of training documents, the training seconds,
the cross-validated metrics with τ and its recall curve) is stored with an audit event.

The gold standard is every document submitted, signed off or exported, with its annotations.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queue_module
import signal
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document
from deid_studio.core.errors import DeidError, describe_bug
from deid_studio.core.progress import (
    Cancelled,
    Progress,
    WorkCancelled,
    never_cancelled,
    no_progress,
)
from deid_studio.detect.clusters import WordClusters
from deid_studio.detect.crf import CrfParams, model_from_bytes, model_to_bytes
from deid_studio.detect.detector import DetectorSettings
from deid_studio.services.children import announce, bind_to_parent, stop
from deid_studio.services.privacy import log_failure
from deid_studio.store.project import Project

GOLD_STATUSES = ("submitted", "signed_off", "exported")
UNLABELLED_STATUSES = ("new", "in_progress")
FAST_KIND, BEST_KIND = "crf", "crf-best"
DEFAULT_FOLDS = 5
DETECTOR_SETTING = "detector"  # project setting: {"priority": {CATEGORY: source}, "rules": bool}
Stage = Callable[[str], None]
POLL_SECONDS = 0.05


@dataclass(frozen=True, slots=True)
class TrainResult:
    """What a training run stored."""

    model_version_id: int
    documents: int
    tokens: int
    training_seconds: float
    seconds: float
    metrics: Mapping[str, Any]

    @property
    def f1(self) -> float | None:
        """The cross-validated strict micro F1, when there was cross-validation."""
        try:
            return float(self.metrics["entity"]["strict"]["micro"]["f1"])
        except (KeyError, TypeError):
            return None


def no_stage(name: str) -> None:
    """A stage callable that ignores its reports."""


def default_params() -> CrfParams:
    """The parameters ``train`` uses unless told otherwise (see benchmarks/crf_defaults.py)."""
    return CrfParams()


def best_params() -> CrfParams:
    """The parameters of the best model (``train --best``, and the window when the
    annotation loop is idle): L-BFGS with its defaults, the same features. On MEDDOCAN dev
    it scores 0.9709 strict F1 (cross-validated 0.9611) against a committee of three
    passive-aggressive models' 0.9703 (0.9608) and one's 0.9692 (0.9596), for five times the
    committee's training time; on fifty documents, where the fast model is that committee,
    it scores about a point more (README, "Committees")."""
    return CrfParams(algorithm="lbfgs")


def train_model(
    target: str | os.PathLike[str] | Project,
    *,
    actor: str,
    params: CrfParams | None = None,
    folds: int = DEFAULT_FOLDS,
    seed: int = 0,
    target_recall: float = 0.995,
    workers: int | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    stage: Stage = no_stage,
    best: bool = False,
) -> TrainResult:
    """Train a model version on the project's gold standard in a child process and store it.

    ``best`` trains the best model (:func:`best_params` unless ``params`` are given; stored
    as a model version of kind ``crf-best``, used instead of the fast model while its
    cross-validated F1 is higher and it catches at least as many of the PHI tokens: see
    ``services.quality.better``).

    The folds and the final model train side by side in ``workers`` processes (default: up
    to two, the machine's cores). ``progress`` gets (iterations done, iterations in all) and
    ``stage`` the name of the stage when it changes ("training (6 models, 2 processes)"). Raises
    :class:`WorkCancelled` (nothing stored) when ``cancelled()`` turns true, and
    :class:`DeidError` when there is no gold standard to learn from.
    """
    started = time.perf_counter()
    params = params or (best_params() if best else default_params())
    url = _url(target)
    _check_gold(target)
    context = multiprocessing.get_context("spawn")
    messages = context.Queue()
    child = context.Process(
        target=_child,
        args=(url, params.to_dict(), folds, seed, target_recall, workers, messages, os.getpid()),
        name="deid-studio-training",
        daemon=False,  # it may start a pool of its own; _stop ends it in every case
    )
    announce()  # the child dies with this process, even after kill -9
    child.start()
    try:
        outcome = _follow(child, messages, progress, cancelled, stage)
    finally:
        stop(child)
    model_version_id = _store(target, actor, params, folds, seed, outcome, best)
    return TrainResult(
        model_version_id=model_version_id,
        documents=outcome["documents"],
        tokens=outcome["tokens"],
        training_seconds=outcome["training_seconds"],
        seconds=time.perf_counter() - started,
        metrics=outcome["metrics"],
    )


def _url(target: str | os.PathLike[str] | Project) -> str:
    if isinstance(target, Project):
        return target.engine.url.render_as_string(hide_password=False)
    from deid_studio.services.project import open_project

    with open_project(target) as project:  # an encrypted file is unlocked here, so that the
        return _url(project)  # child gets its key with the URL instead of asking for it


def _opened(target: str | os.PathLike[str] | Project) -> tuple[Project, bool]:
    if isinstance(target, Project):
        return target, False
    from deid_studio.services.project import open_project

    return open_project(target), True


def gold_count(project: Project) -> int:
    """How many documents the gold standard holds (see :func:`read_gold`)."""
    with project.reading() as tx:
        counts = tx.status_counts()
    return sum(counts.get(s, 0) for s in GOLD_STATUSES)


def _check_gold(target: str | os.PathLike[str] | Project) -> None:
    project, owned = _opened(target)
    try:
        count = gold_count(project)
    finally:
        if owned:
            project.close()
    if not count:
        raise DeidError(
            "no gold standard to train on: submit or sign off annotated documents, or import "
            "some with `import ... --gold`"
        )


def _follow(
    child: Any,
    messages: Any,
    progress: Progress,
    cancelled: Cancelled,
    stage: Stage,
) -> dict[str, Any]:
    """Relay the child's messages until it sends its result; stop it when cancelled."""
    current = ""
    while True:
        if cancelled():
            raise WorkCancelled("training cancelled; no model version was stored")
        try:
            kind, *payload = messages.get(timeout=POLL_SECONDS)
        except queue_module.Empty:
            if not child.is_alive():
                raise DeidError(
                    f"the training process ended unexpectedly (exit code {child.exitcode})"
                ) from None
            continue
        if kind == "progress":
            name, done, total = payload
            if name != current:
                current = name
                stage(name)
            progress(done, total)
        elif kind == "error":
            raise DeidError(payload[0])
        elif kind == "done":
            return dict(payload[0])


def _store(
    target: str | os.PathLike[str] | Project,
    actor: str,
    params: CrfParams,
    folds: int,
    seed: int,
    outcome: Mapping[str, Any],
    best: bool = False,
) -> int:
    project, owned = _opened(target)
    try:
        with project.transaction(actor) as tx:
            version = tx.add_model_version(
                kind=BEST_KIND if best else FAST_KIND,
                params={**params.to_dict(), "folds": folds, "fold_seed": seed},
                training_documents=outcome["documents"],
                training_seconds=outcome["training_seconds"],
                metrics=outcome["metrics"],
                model=outcome["model"],
            )
            metrics = outcome["metrics"]
            tx.audit(
                "train",
                after={
                    "model_version": version,
                    "documents": outcome["documents"],
                    "tokens": outcome["tokens"],
                    "algorithm": params.algorithm,
                    "kind": BEST_KIND if best else FAST_KIND,
                    "cv_f1": _f1(metrics),
                    "tau": metrics.get("tau"),
                },
            )
    finally:
        if owned:
            project.close()
    return version


def _f1(metrics: Mapping[str, Any]) -> float | None:
    try:
        return round(float(metrics["entity"]["strict"]["micro"]["f1"]), 4)
    except (KeyError, TypeError):
        return None


# -- the child process -------------------------------------------------------------------


def _child(
    url: str,
    params: Mapping[str, Any],
    folds: int,
    seed: int,
    target_recall: float,
    workers: int | None,
    messages: Any,
    parent: int,
) -> None:
    """Entry point of the training process: read the gold, learn, send the result."""
    bind_to_parent(parent, new_group=True)  # never outlive the parent; workers join our group
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.signal(signal.SIGTERM, _exit_on_terminate)  # so a pool of workers ends with us
    try:
        from deid_studio.services._learning import (
            clusters_summary,
            default_workers,
            learn,
            project_clusters,
        )

        documents, scheme, settings, others, previous = _read_project(url)
        crf_params = CrfParams.from_dict(params)

        def report(name: str, done: int, total: int) -> None:
            messages.put(("progress", name, done, total))

        clusters = None
        if crf_params.features.clusters:
            texts = [d.text for d in documents] + others
            clusters, learnt_now = project_clusters(texts, previous, report)
        learned = learn(
            documents,
            scheme,
            crf_params,
            folds_wanted=folds,
            seed=seed,
            target_recall=target_recall,
            settings=settings,
            workers=workers or default_workers(),
            progress=report,
            clusters=clusters,
        )
        if clusters is not None:
            learned.metrics["clusters"] = clusters_summary(clusters, learnt_now)
        messages.put(
            (
                "done",
                {
                    "model": model_to_bytes(learned.model),
                    "metrics": learned.metrics,
                    "documents": learned.documents,
                    "tokens": learned.tokens,
                    "training_seconds": learned.model.seconds,
                },
            )
        )
    except DeidError as err:
        messages.put(("error", str(err)))
    except SystemExit:
        raise  # terminated (cancelled): nothing to report
    except BaseException as err:  # a bug: one line without its message, the trace in the log
        messages.put(("error", f"training failed: {describe_bug(err)} ({_logged(err)})"))


def _logged(err: BaseException) -> str:
    try:
        return f"details in {log_failure(err, 'training process')}"
    except OSError:
        return "the error log could not be written"


def _exit_on_terminate(signum: int, frame: Any) -> None:
    raise SystemExit(1)  # unwinds through `with Pool(...)`, which terminates the workers


def read_gold(project: Project) -> tuple[list[Document], Scheme, DetectorSettings]:
    """The gold standard (every submitted, signed-off or exported document), the project's
    scheme and its detector settings: what a model is trained from."""
    with project.reading() as tx:
        stored = tx.documents(statuses=GOLD_STATUSES)
        scheme = tx.scheme()
        settings = DetectorSettings.from_dict(tx.setting(DETECTOR_SETTING))
    return [s.document for s in stored], scheme, settings


def _read_project(
    url: str,
) -> tuple[list[Document], Scheme, DetectorSettings, list[str], WordClusters | None]:
    """What the training process reads: the gold standard, the scheme and detector settings,
    the texts of every other narrative (for the word clusters), and the word clusters of the
    newest model version (reused until the narratives have grown enough)."""
    project = Project.open(url)
    try:
        documents, scheme, settings = read_gold(project)
        with project.reading() as tx:
            others = [s.document.text for s in tx.documents(statuses=UNLABELLED_STATUSES)]
            stored = tx.current_model()
        previous = None
        if stored is not None and stored.model is not None:
            try:
                previous = model_from_bytes(stored.model, stored.params).clusters
            except ValueError:
                previous = None  # an unreadable old version: learn the clusters again
        return documents, scheme, settings, others, previous
    finally:
        project.close()
