"""Active learning on MEDDOCAN: does the queue reach a good model with fewer documents?

A simulated annotator starts from 5 documents of ``train`` and adds 5 per round, either the
5 the queue puts first (the highest uncertainty score under the current model, as
``deid-studio queue`` orders them) or 5 at random; after each round the model is retrained
and scored (strict micro F1) on ``dev``. Each strategy runs with 5 seeds (the seed picks the
first 5 documents, the random choices, and the candidates the queue scores). ``diverse`` is the
queue with its diversity term: each pick's score lowered by its similarity to the 20 documents
annotated last and to the picks before it (``detect.diversity.diversified``). The figure is
how many documents each needs to reach F1 0.85 and 0.90 (``--thresholds``); the target is
for the queue to need at least 40% fewer than random to reach the highest.

Rounds train the fast model (passive-aggressive) without cross-validation; the score scale
that makes its marginals usable is fitted each round on half the labelled documents with a
model trained on the other half, as training's cross-validation would fit it.

    python benchmarks/active_learning.py [--max-docs 150] [--seeds 5] [--pool-sample 200]
                                         [--step 5] [--thresholds 0.85,0.90]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.core.categories import preset
from deid_studio.core.document import Document
from deid_studio.core.language import guess_language
from deid_studio.detect.crf import CrfModel, CrfParams, train_crf
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.detect.diversity import diversified
from deid_studio.evaluate import evaluate
from deid_studio.formats.brat import read_brat
from deid_studio.services._learning import fit_scale

THRESHOLDS = (0.85, 0.90)
RECENT = 20  # the documents just annotated that the diverse queue stays away from


def load(split: str) -> list[Document]:
    return [
        replace(d, language=guess_language(d.text)) for d in read_brat(shared("meddocan", split))
    ]


def train(labelled: list[Document], params: CrfParams, rng: random.Random) -> CrfModel:
    model = train_crf(labelled, params)
    if len(labelled) >= 4:
        shuffled = labelled[:]
        rng.shuffle(shuffled)
        half = len(shuffled) // 2
        scale = fit_scale(train_crf(shuffled[:half], params), shuffled[half:])
        model = replace(model, scale=scale)
    return model


def f1_on(model: CrfModel, dev: list[Document]) -> float:
    detector = Detector(model, preset("meddocan"), DetectorSettings())
    found = detector.detect([(d.text, d.language) for d in dev])
    evaluation = evaluate(dev, [[s.span for s in f.suggestions] for f in found])
    return evaluation.entity["strict"].micro.f1


def ranking(detection: object, by: str) -> float:
    """The queue's score (``score``), or one of its parts, of a detection."""
    found = getattr(detection, "uncertainty", None)
    if found is None:
        return 0.0
    if by == "total_entropy":
        return found.mean_entropy * found.tokens
    return float(getattr(found, by))


def choose(
    strategy: str,
    model: CrfModel,
    pool: list[Document],
    step: int,
    rng: random.Random,
    sample: int,
    by: str = "score",
    labelled: list[Document] | None = None,
) -> list[int]:
    """Indices into ``pool`` of the next documents to annotate."""
    if strategy == "random":
        return rng.sample(range(len(pool)), min(step, len(pool)))
    candidates = rng.sample(range(len(pool)), min(sample, len(pool)))
    detector = Detector(model, preset("meddocan"), DetectorSettings())
    found = detector.detect([(pool[i].text, pool[i].language) for i in candidates], marginals=True)
    if strategy == "diverse":
        picked = diversified(
            [pool[i].text for i in candidates],
            [ranking(f, by) for f in found],
            [d.text for d in labelled[-RECENT:]],
            count=step,
        )
        return [candidates[k] for k in picked]
    scored = sorted(
        zip(candidates, found, strict=True),
        key=lambda pair: ranking(pair[1], by),
        reverse=True,
    )
    return [i for i, _ in scored[:step]]


def run(
    strategy: str,
    seed: int,
    train_docs: list[Document],
    dev: list[Document],
    params: CrfParams,
    args: argparse.Namespace,
) -> list[tuple[int, float]]:
    rng = random.Random(seed)
    pool = train_docs[:]
    rng.shuffle(pool)
    labelled, pool = pool[: args.start], pool[args.start :]
    curve: list[tuple[int, float]] = []
    while True:
        model = train(labelled, params, rng)
        f1 = f1_on(model, dev)
        curve.append((len(labelled), f1))
        print(f"{strategy} seed {seed}: {len(labelled)} documents, F1 {f1:.4f}", file=sys.stderr)
        if f1 >= max(args.thresholds) or len(labelled) >= args.max_docs or not pool:
            return curve
        chosen = set(
            choose(strategy, model, pool, args.step, rng, args.pool_sample, args.by, labelled)
        )
        labelled += [pool[i] for i in sorted(chosen)]
        pool = [d for i, d in enumerate(pool) if i not in chosen]


def needed(curve: list[tuple[int, float]], threshold: float) -> int | None:
    return next((n for n, f1 in curve if f1 >= threshold), None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-docs", type=int, default=150)
    parser.add_argument("--start", type=int, default=5)
    parser.add_argument("--step", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--pool-sample", type=int, default=200, help="candidates scored per round")
    parser.add_argument("--epochs", type=int, default=10, help="passive-aggressive epochs")
    parser.add_argument("--dev-docs", type=int, default=250)
    parser.add_argument(
        "--by",
        default="score",
        choices=(
            "score",
            "least_confidence",
            "path_nats",
            "max_entropy",
            "mean_entropy",
            "total_entropy",
        ),
        help="what orders the queue: its combined score (the product's) or one part",
    )
    parser.add_argument("--strategies", default="queue,diverse,random")
    parser.add_argument(
        "--thresholds",
        type=lambda value: tuple(float(t) for t in value.split(",")),
        default=THRESHOLDS,
        help="F1 levels to reach, comma-separated (the saving is reported at the highest)",
    )
    args = parser.parse_args()
    train_docs = load("train")
    dev = load("dev")[: args.dev_docs]
    params = CrfParams(algorithm="pa", iterations=args.epochs)
    started = time.perf_counter()
    results: dict[str, list[list[tuple[int, float]]]] = {
        name: [] for name in args.strategies.split(",")
    }
    for seed in range(args.seeds):
        for strategy in results:
            results[strategy].append(run(strategy, seed, train_docs, dev, params, args))
    rows = []
    figures: dict[str, object] = {"curves": results, "max_docs": args.max_docs}
    for strategy, curves in results.items():
        for threshold in args.thresholds:
            counts = [needed(c, threshold) for c in curves]
            reached = [n for n in counts if n is not None]
            mean = statistics.fmean(reached) if len(reached) == len(counts) else None
            figures[f"{strategy}_docs_to_{threshold}"] = counts
            shown = f"{mean:.1f}" if mean is not None else f"not always within {args.max_docs}"
            rows.append((f"{strategy}: documents to F1 {threshold}", f"{shown} {counts}"))
    top = max(args.thresholds)
    random_top = figures.get(f"random_docs_to_{top}")
    for strategy in ("queue", "diverse"):
        ordered = figures.get(f"{strategy}_docs_to_{top}")
        if all(isinstance(x, list) and None not in x for x in (ordered, random_top)):
            saving = 1 - statistics.fmean(ordered) / statistics.fmean(random_top)  # type: ignore[arg-type]
            rows.append(
                (f"{strategy} saves, to F1 {top}", f"{saving:.0%} of the documents (target >= 40%)")
            )
            figures[f"{strategy}_saving_to_{top}"] = round(saving, 3)
    rows.append(("wall seconds", f"{time.perf_counter() - started:.0f}"))
    report("active_learning (MEDDOCAN train -> dev)", rows, figures)


if __name__ == "__main__":
    main()
