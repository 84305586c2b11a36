"""Feature families of the CRF, one at a time: MEDDOCAN train -> dev, the final model alone.

Each configuration trains the default algorithm on MEDDOCAN ``train`` (500 documents, no
cross-validation: the fast retrain) and tags ``dev``; the word clusters are learnt from the
texts of ``train`` only (the dev texts are never in the project, as for the held-out test
split). Rows: ``all`` (every family, the new default), ``all`` less one family, and ``none``
(the features before issue 9). For each: strict micro F1 of the detector (rules merged) and
of the CRF alone, PHI word tokens caught in default mode, F1 of the weak categories, the
tokens that touch a neighbour without a space (what the glue features are for: recall and
precision of PHI on those tokens), and the CPU seconds of feature extraction and training.

``--word2vec`` adds a row with clusters of gensim word2vec vectors instead of PPMI + SVD
(gensim must be installed by hand: it is not a dependency).

    python benchmarks/ablation.py [--only all,none] [--word2vec] [--algorithm lbfgs]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report
from meddocan import load, word_figures

from deid_studio.core.categories import preset
from deid_studio.core.document import Document, Span
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.cluster_learning import LEVELS, _kmeans, learn_clusters
from deid_studio.detect.clusters import WordClusters, normal
from deid_studio.detect.crf import CrfParams, train_crf
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.detect.features import ADDED_FAMILIES, FeatureConfig
from deid_studio.evaluate import report as evaluate_report

WEAK = ("FAMILIARES_SUJETO_ASISTENCIA", "HOSPITAL", "INSTITUCION", "NOMBRE_PERSONAL_SANITARIO")


def configs() -> dict[str, FeatureConfig]:
    """``all``, ``all`` less each added family, and ``none``."""
    everything = FeatureConfig()
    out = {"all": everything}
    for family in ADDED_FAMILIES:
        out[f"-{family}"] = replace(everything, **{family: False})
    out["none"] = replace(everything, **dict.fromkeys(ADDED_FAMILIES, False))
    return out


def glued_figures(dev: list[Document], outputs: list[list[Span]]) -> dict[str, float]:
    """PHI recall and precision on the word tokens written against a letter or digit."""
    tp = fp = fn = 0
    for document, spans in zip(dev, outputs, strict=True):
        tokens = tokenize(document.text)
        for i, token in enumerate(tokens):
            if not token.text[:1].isalnum():
                continue
            before = i > 0 and tokens[i - 1].end == token.start and tokens[i - 1].text.isalnum()
            after = (
                i + 1 < len(tokens)
                and tokens[i + 1].start == token.end
                and tokens[i + 1].text.isalnum()
            )
            if not (before or after):
                continue
            gold = any(s.start < token.end and token.start < s.end for s in document.spans)
            found = any(s.start < token.end and token.start < s.end for s in spans)
            tp += gold and found
            fn += gold and not found
            fp += found and not gold
    return {
        "recall": tp / (tp + fn) if tp + fn else 1.0,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "tokens": tp + fn,
    }


def word2vec_clusters(texts: list[str]) -> WordClusters:
    """Clusters of gensim word2vec vectors (skip-gram, 64 dimensions, window 2)."""
    import numpy as np
    from gensim.models import Word2Vec

    started = time.process_time()
    sentences = [[normal(t.text) for t in tokenize(text)] for text in texts]
    model = Word2Vec(
        sentences, vector_size=64, window=2, min_count=2, sg=1, epochs=10, workers=1, seed=1
    )
    words = [w for w in model.wv.index_to_key if w[:1].isalpha()]
    vectors = np.stack([model.wv[w] for w in words])
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    rng = np.random.default_rng(0)
    ids = np.stack([_kmeans(vectors, k, rng) for k in LEVELS], axis=1)
    table = {w: tuple(int(i) for i in row) for w, row in zip(words, ids.tolist(), strict=True)}
    return WordClusters(LEVELS, table, len(texts), 0, time.process_time() - started)


def measure(
    name: str,
    params: CrfParams,
    clusters: WordClusters | None,
    train: list[Document],
    dev: list[Document],
) -> tuple[tuple[str, str], dict[str, Any]]:
    scheme = preset("meddocan")
    cpu, wall = time.process_time(), time.perf_counter()
    model = train_crf(train, params, clusters=clusters)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    narratives = [(d.text, d.language) for d in dev]
    found = Detector(model, scheme, DetectorSettings()).detect(narratives)
    spans = [[s.span for s in f.suggestions] for f in found]
    hybrid = evaluate_report(dev, spans)
    alone_found = Detector(model, scheme, DetectorSettings(rules=False)).detect(narratives)
    alone = evaluate_report(dev, [[s.span for s in f.suggestions] for f in alone_found])
    words = word_figures(dev, spans)
    glued = glued_figures(dev, spans)
    strict = hybrid["entity"]["strict"]
    weak = {c: strict["per_category"].get(c, {}).get("f1", 0.0) for c in WEAK}
    weak_alone = {
        c: alone["entity"]["strict"]["per_category"].get(c, {}).get("f1", 0.0) for c in WEAK
    }
    row = (
        name,
        f"F1 {strict['micro']['f1']:.4f} (CRF {alone['entity']['strict']['micro']['f1']:.4f}) "
        f"tokens {words['recall']:.4f}/{words['other_masked']:.4f} "
        + " ".join(f"{c[:4]} {weak[c]:.2f}/{weak_alone[c]:.2f}" for c in WEAK)
        + f" glued R {glued['recall']:.3f} P {glued['precision']:.3f}"
        + f" fit {cpu:.0f} s CPU ({wall:.0f} wall)",
    )
    figures = {
        "f1": strict["micro"]["f1"],
        "crf_alone_f1": alone["entity"]["strict"]["micro"]["f1"],
        "word_tokens": words,
        "weak": weak,
        "weak_crf_alone": weak_alone,
        "glued": glued,
        "fit_cpu_seconds": round(cpu, 1),
        "fit_wall_seconds": round(wall, 1),
    }
    return row, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated configuration names")
    parser.add_argument("--word2vec", action="store_true", help="also word2vec clusters")
    parser.add_argument("--algorithm", default="pa")
    parser.add_argument("--seed", type=int, default=0, help="the online learner's shuffling")
    args = parser.parse_args()
    train, dev = load("train"), load("dev")
    cpu = time.process_time()
    clusters = learn_clusters([d.text for d in train])
    cluster_cpu = time.process_time() - cpu
    rows: list[tuple[str, str]] = [
        (
            "clusters (PPMI+SVD+k-means)",
            f"{len(clusters.table)} words, levels {clusters.levels}, {cluster_cpu:.1f} s CPU",
        )
    ]
    figures: dict[str, Any] = {"clusters_cpu_seconds": round(cluster_cpu, 2)}
    chosen = configs()
    if args.only:
        chosen = {k: v for k, v in chosen.items() if k in args.only.split(",")}
    base = CrfParams(algorithm=args.algorithm, seed=args.seed)
    for name, features in chosen.items():
        row, figures[name] = measure(name, replace(base, features=features), clusters, train, dev)
        rows.append(row)
        print(*row, flush=True)
    if args.word2vec:
        w2v = word2vec_clusters([d.text for d in train])
        rows.append(("word2vec clusters", f"{len(w2v.table)} words, {w2v.seconds:.1f} s CPU"))
        row, figures["word2vec"] = measure(
            "all, word2vec clusters", replace(base, features=FeatureConfig()), w2v, train, dev
        )
        rows.append(row)
    report(f"ablation ({args.algorithm}, seed {args.seed}, train -> dev)", rows, figures)


if __name__ == "__main__":
    main()
