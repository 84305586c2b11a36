"""Presidio's English synthetic data: 5-fold cross-validation, figures per entity type.

The 1,500 template-generated texts of ``../shared/data/presidio-synth`` keep Presidio's own
entity types as categories (PERSON, STREET_ADDRESS, GPE, ...). Each fold trains the default
CRF on the other four and tags its own texts with the detector (rule suggestions join where a
rule kind fits one of these types: e-mail, phone, IP...). The pooled out-of-fold predictions
give strict micro and per-type entity figures and token-level figures per type. The folds are
``train``'s own (``services._learning.learn``, as a project of these texts would train): each
fold's suggestions merge under the rules heard from the other folds, as the stored model's
do under the rules heard from all of them.

    python benchmarks/presidio.py [--folds 5] [--seed 0] [--committee 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.core.categories import PALETTE, Category, Scheme
from deid_studio.detect.cluster_learning import learn_clusters
from deid_studio.formats.presidio import read_presidio
from deid_studio.services._learning import default_workers, learn
from deid_studio.services.training import default_params


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument(
        "--seed", type=int, default=0, help="the learner's shuffling (strict F1 moves ±0.5 point)"
    )
    parser.add_argument(
        "--committee",
        type=int,
        help="models averaged (default: train's, three on a corpus this small)",
    )
    args = parser.parse_args()
    if args.folds < 2:
        parser.error("--folds: at least 2")
    documents = [
        replace(d, language="en")
        for d in read_presidio(shared("presidio-synth", "synth_dataset_v2.json"))
    ]
    types = sorted({s.category for d in documents for s in d.spans})
    scheme = Scheme(
        "presidio", tuple(Category(t, PALETTE[i % len(PALETTE)]) for i, t in enumerate(types))
    )
    params = replace(default_params(), seed=args.seed, committee=args.committee)
    # the project holds every text (annotated in the other folds or not): its word clusters
    clusters = learn_clusters([d.text for d in documents]) if params.features.clusters else None
    started = time.perf_counter()
    learned = learn(
        documents,
        scheme,
        params,
        folds_wanted=args.folds,
        clusters=clusters,
        workers=default_workers(),
        progress=lambda *_: None,
    )
    full = learned.metrics
    fit_seconds = full["fold_fit_seconds"]
    print(f"train's cross-validation and final model: {time.perf_counter() - started:.0f} s")
    strict = full["entity"]["strict"]
    tokens = full["token"]
    rows = [
        (
            "strict micro P/R/F1",
            f"{strict['micro']['precision']:.4f} {strict['micro']['recall']:.4f} "
            f"{strict['micro']['f1']:.4f}",
        ),
        (
            "token (any PHI) P/R/F1",
            f"{tokens['binary']['precision']:.4f} {tokens['binary']['recall']:.4f} "
            f"{tokens['binary']['f1']:.4f}",
        ),
        ("fit seconds per fold", f"{statistics.fmean(fit_seconds):.1f}"),
    ]
    for name in types:
        e = strict["per_category"].get(name, {})
        t = tokens["per_category"].get(name, {})
        rows.append(
            (
                f"  {name}",
                f"strict P {e.get('precision', 0):.3f} R {e.get('recall', 0):.3f} "
                f"F1 {e.get('f1', 0):.3f} (n={e.get('tp', 0) + e.get('fn', 0)}) | token "
                f"P {t.get('precision', 0):.3f} R {t.get('recall', 0):.3f} F1 {t.get('f1', 0):.3f}",
            )
        )
    report(
        f"presidio ({args.folds}-fold CV, {len(documents)} English texts)",
        rows,
        {
            "folds": args.folds,
            "documents": len(documents),
            "strict": strict["micro"],
            "token": tokens["binary"],
            "strict_per_type": strict["per_category"],
            "token_per_type": tokens["per_category"],
            "fit_seconds_mean": round(statistics.fmean(fit_seconds), 2),
            "params": params.to_dict(),
        },
    )


if __name__ == "__main__":
    main()
