"""Detection engine commands: train, tag, evaluate, queue, curve."""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deid_studio.cli._shared import label_map, positive, progress_bar, target
from deid_studio.core.errors import DeidError
from deid_studio.core.progress import Progress
from deid_studio.detect.crf import (
    ALGORITHM_DEFAULTS,
    ALGORITHMS,
    NEGATIVE_FLOOR,
    SMALL_COMMITTEE,
)
from deid_studio.detect.detector import MODES
from deid_studio.formats import TOOL_FORMATS
from deid_studio.services.project import open_project
from deid_studio.store.editing import trained_as

if TYPE_CHECKING:
    from deid_studio.services.queue import QueueEntry

READ_FORMATS = ("brat", "i2b2", "i2b2-2006", "jsonl", "presidio", "csv", "vaers", "text", "e2b")
READ_FORMATS += TOOL_FORMATS
WRITE_FORMATS = ("brat", "jsonl", "i2b2", "conll", *TOOL_FORMATS)


def register(commands: Any) -> None:
    """Add ``train``, ``tag``, ``evaluate``, ``queue`` and ``curve``."""
    train = commands.add_parser(
        "train",
        help="train a model version on the gold standard",
        description="Train a CRF on every submitted, signed-off or exported document, "
        "cross-validate it, calibrate the recall-mode threshold, and store it as the current "
        "model version. Runs in a separate process; Ctrl-C stops it and stores nothing.",
        epilog=_algorithms_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    train.add_argument(
        "--algorithm", choices=ALGORITHMS, help="crfsuite training algorithm (default pa)"
    )
    train.add_argument(
        "--best",
        action="store_true",
        help="train the best model (lbfgs unless --algorithm): slower; used for suggestions, "
        "the queue and masked export while its cross-validated F1 beats the fast model's and "
        "it catches at least as many of the PHI tokens out of fold",
    )
    train.add_argument(
        "--committee",
        type=positive,
        metavar="K",
        help="train K models of an online algorithm on the same features, shuffled by "
        "different seeds, and average their weights (default: the algorithm's, below; "
        "lbfgs: 1 only)",
    )
    train.add_argument("--c1", type=float, help="L1 regularisation (lbfgs)")
    train.add_argument("--c2", type=float, help="L2 regularisation (lbfgs, l2sgd)")
    train.add_argument("--c", type=float, help="aggressiveness (pa)")
    train.add_argument(
        "--iterations",
        type=positive,
        help="at most this many iterations (default: the algorithm's, below)",
    )
    train.add_argument(
        "--negatives",
        type=float,
        metavar="SHARE",
        help="the share of lines without PHI to train on beyond the first "
        f"{NEGATIVE_FLOOR:,} tokens of them (default: the algorithm's, below; 1: all)",
    )
    train.add_argument("--labels", choices=("bio", "iob1"), help="token label scheme")
    train.add_argument("--cv", type=int, default=None, metavar="K", help="folds (0: none)")
    train.add_argument("--seed", type=int, default=0, help="fold assignment seed")
    train.add_argument("--target-recall", type=float, default=0.995, help="token recall τ aims at")
    train.add_argument(
        "--no-suggest",
        action="store_true",
        help="do not refresh the suggestions and queue order of unannotated documents",
    )
    train.set_defaults(run=_train)

    tag = commands.add_parser(
        "tag",
        help="find PHI in files with the current model",
        description="Tag every narrative of IN and write it with the predicted spans to OUT "
        "(BRAT .txt/.ann for brat input; the input's format when it can be written, else "
        "JSONL).",
    )
    tag.add_argument("format", choices=READ_FORMATS, metavar="FORMAT")
    tag.add_argument("source", type=Path, metavar="IN")
    tag.add_argument("out", type=Path, metavar="OUT")
    tag.add_argument("--mode", choices=MODES, default="default", help="default or recall")
    tag.add_argument("--out-format", choices=WRITE_FORMATS, help="format of OUT")
    tag.add_argument("--overwrite", action="store_true", help="replace an existing OUT")
    tag.set_defaults(run=_tag)

    evaluate = commands.add_parser(
        "evaluate",
        help="score the current model on a file with gold spans",
        description="Tag the narratives of PATH and score the predictions against PATH's own "
        "spans (labels mapped onto the project's scheme).",
    )
    evaluate.add_argument("format", choices=READ_FORMATS, metavar="FORMAT")
    evaluate.add_argument("path", type=Path, metavar="PATH")
    evaluate.add_argument("--json", type=Path, metavar="OUT", help="write the report here")
    evaluate.add_argument("--mode", choices=MODES, default="default", help="default or recall")
    evaluate.add_argument(
        "--map", action="append", default=[], metavar="LABEL=CATEGORY", help="map a label"
    )
    evaluate.set_defaults(run=_evaluate)

    queue = commands.add_parser(
        "queue",
        help="documents to annotate, most uncertain first",
        description="The annotation queue in its order, with each document's uncertainty.",
    )
    queue.add_argument("--limit", type=positive, default=20, help="how many (default 20)")
    queue.set_defaults(run=_queue)

    curve = commands.add_parser(
        "curve",
        help="learning curve of the gold standard (JSON and PNG)",
        description="Train models on growing fractions of the gold documents (whole cases, "
        "REPEATS random samples each), score each on a held-out fifth of the gold, and write "
        "OUT/learning_curve.json and OUT/learning_curve.png (mean ± sd of strict micro F1 and "
        "token recall).",
    )
    curve.add_argument("out", type=Path, metavar="OUT", help="folder for the two files")
    curve.add_argument(
        "--fractions",
        type=_fractions,
        default=None,
        metavar="F,F,...",
        help="fractions of the training gold (default 0.1,0.2,...,1.0)",
    )
    curve.add_argument("--repeats", type=positive, default=3, help="samples per fraction")
    curve.add_argument("--seed", type=int, default=0, help="sampling seed")
    curve.set_defaults(run=_curve)


def _algorithms_epilog() -> str:
    """What each algorithm is for, and the defaults it trains with."""
    lines = [
        "algorithms, each with its own defaults (pa's and lbfgs's chosen by cross-validation "
        "on MEDDOCAN, benchmarks/crf_defaults.py):"
    ]
    for name, d in ALGORITHM_DEFAULTS.items():
        settings = [f"{d.iterations} iterations"]
        if name == "pa":
            settings.append(f"c {d.c:g}")
        if name == "lbfgs":
            settings.append(f"c1 {d.c1:g} c2 {d.c2:g}")
        if name == "l2sgd":
            settings.append(f"c2 {d.c2:g}")
        if name in ("lbfgs", "l2sgd"):
            settings.append(f"stops below {d.delta:g} relative change over {d.period}")
        if d.negatives < 1.0:
            settings.append(
                f"{d.negatives:.2g} of the lines without PHI beyond the first "
                f"{NEGATIVE_FLOOR:,} tokens"
            )
        if d.committee_tokens:
            settings.append(f"a committee of {SMALL_COMMITTEE} below {d.committee_tokens:,} tokens")
        lines.append(f"  {name:<6} {d.purpose}")
        lines.append(f"         ({', '.join(settings)})")
    return "\n".join(lines)


@contextmanager
def _staged_bars(args: argparse.Namespace) -> Iterator[tuple[Progress, Any]]:
    """A progress bar per stage: a new bar (with the stage's name) when the stage changes."""
    with ExitStack() as stack:
        current: list[Progress] = [lambda done, total: None]

        def stage(name: str) -> None:
            stack.close()
            current[0] = stack.enter_context(progress_bar(args, name))

        def report(done: int, total: int) -> None:
            current[0](done, total)

        yield report, stage


def _train(args: argparse.Namespace) -> int:
    from deid_studio.services.training import (
        DEFAULT_FOLDS,
        best_params,
        default_params,
        train_model,
    )

    if args.cv is not None and args.cv < 0:
        raise DeidError("--cv must be 0 (no cross-validation) or at least 2")
    if args.cv == 1:
        raise DeidError("--cv 1 cannot cross-validate; use 0 or at least 2")
    if args.best and args.cv == 0:
        raise DeidError(
            "--best needs cross-validation: the best model is used only once its "
            "cross-validated F1 beats the fast model's and it catches at least as many of the "
            "PHI tokens (leave --cv out, or give 2 or more)"
        )
    if not 0.0 < args.target_recall <= 1.0:
        raise DeidError("--target-recall must be in (0, 1]")
    try:
        params = (best_params() if args.best else default_params()).with_overrides(
            algorithm=args.algorithm,
            c1=args.c1,
            c2=args.c2,
            c=args.c,
            iterations=args.iterations,
            negatives=args.negatives,
            labels=args.labels,
            committee=args.committee,
        )
    except ValueError as err:
        raise DeidError(str(err)) from None
    where = target(args)
    open_project(where).close()  # a missing or uninitialised project is a clear error
    with _staged_bars(args) as (report, stage):
        result = train_model(
            where,
            actor=args.user,
            params=params,
            folds=DEFAULT_FOLDS if args.cv is None else args.cv,
            seed=args.seed,
            target_recall=args.target_recall,
            progress=report,
            stage=stage,
            best=args.best,
        )
    metrics = result.metrics
    line = (
        f"{'best ' if args.best else ''}model version {result.model_version_id}: "
        f"{trained_as(params.algorithm, metrics.get('committee', 1))} on {result.documents} "
        f"documents ({result.tokens} tokens), trained in {result.training_seconds:.1f} s"
    )
    if result.f1 is not None:
        line += f"; cross-validated strict micro F1 {result.f1:.4f} ({metrics.get('cv')} folds)"
    if metrics.get("tau") is not None:
        tau = float(metrics["tau"])  # a model sure of the PHI it must catch: τ near 0
        line += f"; recall-mode τ {tau:.4g}" if tau >= 1e-4 else "; recall-mode τ below 0.0001"
    print(line + f" ({result.seconds:.1f} s in all)")
    _say_which_model(where)
    if not args.no_suggest:
        from deid_studio.services.suggesting import resuggest

        with open_project(where) as project, progress_bar(args, "suggesting") as progress:
            done = resuggest(project, actor=args.user, progress=progress)
        if done.documents:
            print(
                f"suggestions refreshed for {done.documents} unannotated documents "
                f"({done.suggestions} suggestions, {done.seconds:.1f} s)"
            )
    return 0


def _say_which_model(where: str | Path) -> None:
    """One line when the project has a best model: which model version is in use, and why
    the fast one is, when it is."""
    from deid_studio.services.quality import models

    with open_project(where) as project:
        found = models(project)
    if found.best is None:
        return
    in_use = "the best" if found.in_use is found.best else "the fast"
    why = f"; the best model is not used: {found.why_fast}" if found.why_fast else ""
    print(
        f"in use: {in_use} model (version {found.in_use.id if found.in_use else '?'}; "
        f"cross-validated F1: fast {_f1_text(found.fast)}, best {_f1_text(found.best)}){why}"
    )


def _f1_text(model: Any) -> str:
    from deid_studio.services.quality import micro_f1

    f1 = micro_f1(model.metrics) if model is not None else None
    return "n/a" if f1 is None else f"{f1:.4f}"


def _tag(args: argparse.Namespace) -> int:
    from deid_studio.services.tagging import tag_files

    with open_project(target(args)) as project, progress_bar(args, "tagging") as progress:
        result = tag_files(
            project,
            args.format,
            args.source,
            args.out,
            mode=args.mode,
            out_format=args.out_format,
            overwrite=args.overwrite,
            progress=progress,
        )
    rate = result.tokens / result.seconds if result.seconds else 0.0
    print(
        f"tagged {result.documents} documents ({result.tokens} tokens, {rate:,.0f} tokens/s) "
        f"with {_version(result.model_version_id)} in {args.mode} mode: {result.spans} "
        f"spans written to {result.out} ({result.out_format})"
    )
    for note in result.notes:
        print(f"note: {note}")
    return 0


def _version(number: int) -> str:
    return "model version 0 (the rules alone)" if number == 0 else f"model version {number}"


def _evaluate(args: argparse.Namespace) -> int:
    from deid_studio.services.evaluating import evaluate_file

    with open_project(target(args)) as project, progress_bar(args, "tagging") as progress:
        report = evaluate_file(
            project,
            args.format,
            args.path,
            mode=args.mode,
            label_map=label_map(args.map),
            json_out=args.json,
            progress=progress,
        )
    strict = report["entity"]["strict"]
    micro = strict["micro"]
    print(
        f"{report['documents']} documents, {args.mode} mode: strict micro "
        f"P {micro['precision']:.4f} R {micro['recall']:.4f} F1 {micro['f1']:.4f}"
    )
    for name, row in sorted(strict.get("per_category", {}).items()):
        print(f"  {name:<34} P {row['precision']:.3f} R {row['recall']:.3f} F1 {row['f1']:.3f}")
    token = report.get("token", {}).get("binary")
    if token:
        print(
            f"token (any PHI): P {token['precision']:.4f} R {token['recall']:.4f} "
            f"F1 {token['f1']:.4f}"
        )
    if args.json:
        print(f"report written to {args.json}")
    return 0


def _fractions(text: str) -> tuple[float, ...]:
    try:
        values = tuple(float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected numbers such as 0.25,0.5,1") from None
    if not values or any(not 0.0 < v <= 1.0 for v in values):
        raise argparse.ArgumentTypeError(f"{text!r}: every fraction must be in (0, 1]")
    return values


def _curve(args: argparse.Namespace) -> int:
    from deid_studio.evaluate.curve import FRACTIONS
    from deid_studio.services.curves import write_learning_curve

    with open_project(target(args)) as project, progress_bar(args, "training") as progress:
        written = write_learning_curve(
            project,
            args.out,
            fractions=args.fractions or FRACTIONS,
            repeats=args.repeats,
            seed=args.seed,
            progress=progress,
        )
    curve = written.curve
    print(f"{'documents':>9}  {'F1 mean':>7}  {'± sd':>6}  {'token R':>7}")
    for point in curve.points:
        print(
            f"{point.documents:>9}  {point.f1_mean:7.4f}  {point.f1_sd:6.4f}  "
            f"{point.token_recall_mean:7.4f}"
        )
    print(
        f"scored on {curve.test_documents} held-out documents; "
        f"written {written.json} and {written.png}"
    )
    return 0


def _queue(args: argparse.Namespace) -> int:
    from deid_studio.services.suggesting import scored_queue

    with open_project(target(args)) as project:
        entries = scored_queue(project, limit=args.limit)
    if not entries:
        print("the queue is empty: every document is annotated")
        return 0
    if all(d.get("flagged") is not None and not d.get("path_nats") for _, d in entries):
        return _rules_queue(entries)
    print(f"{'score':>6}  {'entropy':>7}  {'1-P(path)':>9}  {'near τ':>6}  {'rules≠':>6}  document")
    for entry, details in entries:
        score = "-" if entry.score is None else f"{entry.score:.3f}"
        parts = (
            f"{details.get('max_entropy', 0.0):7.3f}  {details.get('least_confidence', 0.0):9.3f}  "
            f"{details.get('near_tau', 0):6d}  {details.get('disagreement', 0):6d}"
            if details
            else f"{'':7}  {'':9}  {'':6}  {'':6}"
        )
        preview = " ".join(entry.preview.split())[:60]
        print(f"{score:>6}  {parts}  {entry.document_id} {entry.external_id}: {preview}")
    return 0


def _rules_queue(entries: list[tuple[QueueEntry, Mapping[str, Any]]]) -> int:
    """The queue before the first model: ordered by how much of a narrative the rules flag."""
    print("no model yet: ordered by the share of words the rules flag (model version 0)")
    print(f"{'score':>6}  {'flagged':>7}  {'words':>6}  document")
    for entry, details in entries:
        score = "-" if entry.score is None else f"{entry.score:.3f}"
        preview = " ".join(entry.preview.split())[:60]
        print(
            f"{score:>6}  {details.get('flagged', 0):7d}  {details.get('tokens', 0):6d}  "
            f"{entry.document_id} {entry.external_id}: {preview}"
        )
    return 0
