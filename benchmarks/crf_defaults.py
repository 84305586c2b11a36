"""How the engine's CRF defaults were chosen: cross-validation on MEDDOCAN train.

Each configuration (algorithm, its settings, label scheme, feature set) is cross-validated by
document on ``../shared/data/meddocan/train`` (k folds, default 3) with the CRF alone (no rules
merged in, so that only the CRF's choices are compared); the pooled out-of-fold predictions
give the strict micro F1, and each fold's training time is kept. With ``--seeds N`` every
configuration is cross-validated N times with different training seeds and the figures are
their mean: the online algorithms' results move by about ±0.1 point with their shuffling.

    python benchmarks/crf_defaults.py [--folds 3] [--seeds 1] [--only NAME,NAME] [--documents N]

Run it with ``nice`` on a shared machine: one configuration trains k models.
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

from deid_studio.core.document import Document, Span
from deid_studio.core.language import guess_language
from deid_studio.detect.crf import CrfModel, CrfParams, train_crf
from deid_studio.detect.features import FeatureConfig
from deid_studio.detect.tagger import CrfTagger
from deid_studio.evaluate import cross_validate
from deid_studio.formats.brat import read_brat

DEFAULT = CrfParams()
PA = replace(DEFAULT, algorithm="pa", iterations=10, c=1.0)
LBFGS = replace(DEFAULT, algorithm="lbfgs", iterations=100, c1=0.05, c2=0.05, delta=1e-5)


def _features(**changes: object) -> FeatureConfig:
    return replace(FeatureConfig(), **changes)  # type: ignore[arg-type]


CONFIGS: dict[str, CrfParams] = {
    "default": DEFAULT,
    "pa-10": PA,
    "pa-10-iob1": replace(PA, labels="iob1"),
    "pa-5": replace(PA, iterations=5),
    "pa-20": replace(PA, iterations=20),
    "pa-c0.1": replace(PA, c=0.1),
    "pa-c10": replace(PA, c=10.0),
    "pa-no-rules": replace(PA, features=_features(rules=False)),
    "pa-no-gazetteers": replace(PA, features=_features(gazetteers=False, stopwords=False)),
    "pa-no-keys": replace(PA, features=_features(line_keys=False)),
    "pa-window3": replace(PA, features=_features(window=3)),
    "pa-bigrams": replace(PA, features=_features(bigrams=True)),
    "pa-15": replace(PA, iterations=15),
    "pa-15-bigrams": replace(PA, iterations=15, features=_features(bigrams=True)),
    "pa-20-bigrams": replace(PA, iterations=20, features=_features(bigrams=True)),
    "ap-10": replace(PA, algorithm="ap"),
    "lbfgs-100": LBFGS,
    "lbfgs-100-bigrams": replace(LBFGS, features=_features(bigrams=True)),
    "lbfgs-early": replace(LBFGS, delta=1e-3, period=5),
    # L-BFGS as `train --algorithm lbfgs` and `train --best` train it, and its regularisation
    # around c1 = c2 = 0.05 (the best model's; one setting changed at a time)
    "lbfgs": CrfParams(algorithm="lbfgs"),
    **{
        f"lbfgs-{name}-{value:g}": CrfParams(algorithm="lbfgs", **{name: value})
        for name, values in (("c1", (0.02, 0.1, 0.2)), ("c2", (0.01, 0.2)))
        for value in values
    },
}


def load(split: str, limit: int | None = None) -> list[Document]:
    """MEDDOCAN documents with the language an import would guess."""
    documents = read_brat(shared("meddocan", split))[:limit]
    return [replace(d, language=guess_language(d.text)) for d in documents]


def run(name: str, params: CrfParams, documents: list[Document], folds: int, seeds: int) -> dict:
    """Cross-validate one configuration with each training seed; F1 figures are the mean over
    the seeds (the online algorithms' results depend on their shuffling)."""
    runs = [_run_once(replace(params, seed=seed), documents, folds) for seed in range(seeds)]
    f1s = [r["f1"] for r in runs]
    merged = {key: round(statistics.fmean(r[key] for r in runs), 4) for key in runs[0]}
    merged["fit_seconds"] = round(merged["fit_seconds"], 1)
    return {
        "name": name,
        **merged,
        "seed_f1": f1s,
        "seed_sd": round(statistics.stdev(f1s), 4) if len(f1s) > 1 else 0.0,
        "params": params.to_dict(),
    }


def _run_once(params: CrfParams, documents: list[Document], folds: int) -> dict:
    fit_seconds: list[float] = []

    def fit(train: list[Document]) -> CrfModel:
        started = time.perf_counter()
        model = train_crf(train, params)
        fit_seconds.append(time.perf_counter() - started)
        return model

    def predict(model: CrfModel, held: list[Document]) -> list[list[Span]]:
        tagged = CrfTagger(model).tag_many([(d.text, d.language) for d in held])
        return [t.spans() for t in tagged]

    result = cross_validate(documents, fit, predict, folds, seed=0)
    micro = result.pooled.entity["strict"].micro
    mean, sd = result.fold_f1()
    return {
        "precision": micro.precision,
        "recall": micro.recall,
        "f1": micro.f1,
        "token_recall": result.pooled.token.binary.recall,
        "fold_f1_sd": sd,
        "fold_f1_mean": mean,
        "fit_seconds": statistics.fmean(fit_seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=3)
    parser.add_argument("--only", help="comma-separated configuration names")
    parser.add_argument("--documents", type=int, help="use only the first N documents")
    parser.add_argument("--seeds", type=int, default=1, help="training seeds per configuration")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(CONFIGS)
    unknown = [n for n in names if n not in CONFIGS]
    if unknown:
        sys.exit(f"unknown configurations: {', '.join(unknown)}; known: {', '.join(CONFIGS)}")
    documents = load("train", args.documents)
    rows = []
    results = []
    for name in names:
        found = run(name, CONFIGS[name], documents, args.folds, args.seeds)
        results.append(found)
        rows.append(
            (
                name,
                f"P {found['precision']:.4f} R {found['recall']:.4f} F1 {found['f1']:.4f}, "
                f"PHI tokens caught {found['token_recall']:.4f} "
                f"(folds ± {found['fold_f1_sd']:.4f}, seeds ± {found['seed_sd']:.4f}), "
                f"fit {found['fit_seconds']:.1f} s",
            )
        )
        print(f"{name}: {rows[-1][1]}", file=sys.stderr, flush=True)
    report(
        f"crf_defaults ({args.folds}-fold CV x {args.seeds} seeds, MEDDOCAN train, "
        f"{len(documents)} documents)",
        rows,
        {"folds": args.folds, "seeds": args.seeds, "documents": len(documents), "results": results},
    )


if __name__ == "__main__":
    main()
