"""MEDDOCAN: train on ``train``, measure on ``dev`` — accuracy, recall mode, speed, memory.

Training runs as ``deid-studio train`` runs it: in a child process, with cross-validation on
the training documents (which calibrates the score scale and the recall-mode τ), the folds and
the final model side by side on two processes. Then, on dev:

- strict micro P/R/F1 overall and per category, of the detector (CRF and rules merged) and
  of the CRF alone;
- recall mode at the calibrated τ: recall of PHI word tokens and share of the other word
  tokens masked (and the same over all tokens, as ``evaluate`` counts them);
- tagging throughput in one process, without and with marginals (CRF with its rule
  features; the rules' own time is shown apart), and of the whole detector;
- training seconds of the final model, wall seconds of the whole run, and the peak memory
  of the training processes (``getrusage(RUSAGE_CHILDREN).ru_maxrss``).

``--train-dev`` also times training on train+dev (750 documents), the final model alone, as
``train --cv 0`` does it.

    python benchmarks/meddocan.py [--folds 5] [--workers 2] [--train-dev] [--committee 3]
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue
import resource
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.core.categories import preset
from deid_studio.core.document import Document, Span
from deid_studio.core.language import guess_language
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.crf import CrfModel, CrfParams
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.detect.recall import is_word
from deid_studio.detect.ruleshits import rule_hits
from deid_studio.detect.tagger import CrfTagger
from deid_studio.evaluate import report as evaluate_report
from deid_studio.formats.brat import read_brat
from deid_studio.services.training import default_params


def load(split: str) -> list[Document]:
    """MEDDOCAN documents with the language an import would guess."""
    return [
        replace(d, language=guess_language(d.text)) for d in read_brat(shared("meddocan", split))
    ]


def _learn_in_child(
    splits: list[str], params: dict, folds: int, workers: int, out: Any, target: float
) -> None:
    from deid_studio.services._learning import clusters_summary, learn, project_clusters

    documents = [d for split in splits for d in load(split)]
    clusters = None
    cluster_cpu = time.process_time()
    if CrfParams.from_dict(params).features.clusters:  # as `train` does: the project's texts
        clusters, _ = project_clusters([d.text for d in documents], None, lambda *a: None)
    cluster_cpu = time.process_time() - cluster_cpu
    learned = learn(
        documents,
        preset("meddocan"),
        CrfParams.from_dict(params),
        folds_wanted=folds,
        workers=workers,
        progress=lambda name, done, total: None,
        clusters=clusters,
        target_recall=target,
    )
    if clusters is not None:
        learned.metrics["clusters"] = clusters_summary(clusters, True)
        learned.metrics["clusters"]["cpu_seconds"] = round(cluster_cpu, 2)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    workers_peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
    out.put((learned.model, learned.metrics, max(own, workers_peak)))


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def train(
    splits: list[str], params: CrfParams, folds: int, workers: int, target: float = 0.995
) -> tuple[CrfModel, dict, float, int]:
    """Train in a child process: the model, its metrics, wall seconds, peak RSS (MB) of the
    training processes; the metrics get ``cpu_seconds``, the CPU time of the training process
    and its pool."""
    cpu = children_cpu()
    spawn = multiprocessing.get_context("spawn")
    out = spawn.Queue()
    started = time.perf_counter()
    child = spawn.Process(
        target=_learn_in_child, args=(splits, params.to_dict(), folds, workers, out, target)
    )
    child.start()
    while True:  # peak: the largest of the child and its pool workers
        try:
            model, metrics, peak = out.get(timeout=5)
            break
        except queue.Empty:
            if not child.is_alive():  # its error is on stderr; waiting would hang for ever
                ended = f"meddocan: the training process ended ({child.exitcode})"
                raise SystemExit(ended) from None
    child.join()
    wall = time.perf_counter() - started
    metrics["cpu_seconds"] = round(children_cpu() - cpu, 1)
    return model, metrics, wall, peak


CPU_SECONDS: dict[str, float] = {}


def best_of(runs: int, work: Any, name: str = "") -> float:
    """The shortest wall time of ``runs`` runs; the shortest CPU time goes to CPU_SECONDS."""
    times, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), time.process_time()
        work()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    if name:
        CPU_SECONDS[name] = min(cpu)
    return min(times)


def word_figures(dev: list[Document], outputs: list[list[Span]]) -> dict[str, float]:
    """Share of gold-PHI word tokens (with a letter or digit) the outputs cover, and share of
    the other word tokens they cover (masked for nothing)."""
    phi = caught = other = masked = 0
    for document, spans in zip(dev, outputs, strict=True):
        for token in tokenize(document.text):
            if not is_word(token):
                continue
            inside = any(s.start < token.end and token.start < s.end for s in spans)
            if any(s.start < token.end and token.start < s.end for s in document.spans):
                phi += 1
                caught += inside
            else:
                other += 1
                masked += inside
    return {"recall": caught / phi, "other_masked": masked / other}


def _rate(tokens: int, seconds: float, name: str) -> str:
    return f"{tokens / seconds:,.0f} tokens/s ({tokens / CPU_SECONDS[name]:,.0f} per CPU second)"


def seen_extending(metrics: dict[str, Any]) -> list[str]:
    """The extending rules (see ``detect.hearing``) that training saw reach beyond a CRF
    span (the others extend on their confidence alone)."""
    record = metrics.get("rule_record") or {}
    return [
        rule
        for rule in metrics.get("extending_rules") or ()
        if len(record.get(rule, ())) > 3 and record[rule][3]
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--train-dev", action="store_true", help="also time train+dev")
    parser.add_argument("--algorithm", help="instead of the default (pa)")
    parser.add_argument("--iterations", type=int, help="instead of the default")
    parser.add_argument(
        "--negatives", type=float, help="share of lines without PHI trained on (1: all)"
    )
    parser.add_argument("--target-recall", type=float, default=0.995, help="as train's")
    parser.add_argument(
        "--committee",
        type=int,
        help="models averaged (default: train's, three below 100,000 tokens for pa)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help="the learner's shuffling (instead of 0): a feature change moves"
        " single categories by points from seed to seed, so compare changes over several",
    )
    args = parser.parse_args()
    params = default_params().with_overrides(
        algorithm=args.algorithm,
        iterations=args.iterations,
        seed=args.seed,
        negatives=args.negatives,
        committee=args.committee,
    )
    dev = load("dev")
    scheme = preset("meddocan")

    model, metrics, wall, peak = train(
        ["train"], params, args.folds, args.workers, args.target_recall
    )
    tau, scale = float(metrics["tau"]), float(metrics["scale"])
    settings = DetectorSettings.of_model({}, metrics)
    detector = Detector(model, scheme, settings)
    crf_only = Detector(model, scheme, replace(settings, rules=False))
    narratives = [(d.text, d.language) for d in dev]

    started = time.perf_counter()
    found = detector.detect(narratives)
    detector_seconds = time.perf_counter() - started
    hybrid = evaluate_report(dev, [[s.span for s in f.suggestions] for f in found])
    alone = evaluate_report(
        dev, [[s.span for s in f.suggestions] for f in crf_only.detect(narratives)]
    )
    recall_found = detector.detect(narratives, mode="recall")
    recall_report = evaluate_report(dev, [[s.span for s in f.suggestions] for f in recall_found])
    default_words = word_figures(dev, [[s.span for s in f.suggestions] for f in found])
    recall_spans = [[s.span for s in f.suggestions] for f in recall_found]
    words = word_figures(dev, recall_spans)
    common = Detector(
        model, scheme, replace(settings, tau=float(metrics["tau_common"]), offsets={})
    ).detect(narratives, mode="recall")
    common_words = word_figures(dev, [[s.span for s in f.suggestions] for f in common])

    tokens = sum(len(f.tagged.tokens) for f in found)
    hits = [rule_hits(t, lang) for t, lang in narratives]
    tagger = CrfTagger(model)
    tagger.tag_many(narratives, hits=hits)  # warm the per-word caches, as a long run would be
    plain = best_of(3, lambda: tagger.tag_many(narratives, hits=hits), "plain")
    with_marginals = best_of(
        3, lambda: tagger.tag_many(narratives, hits=hits, marginals=True), "marginals"
    )
    rules_seconds = best_of(3, lambda: [rule_hits(t, lang) for t, lang in narratives], "rules")
    whole = best_of(3, lambda: detector.detect(narratives), "detector")

    strict = hybrid["entity"]["strict"]
    micro = strict["micro"]
    token_all = recall_report["token"]["binary"]
    all_tokens_other_masked = token_all["fp"] / max(1, tokens - token_all["tp"] - token_all["fn"])
    rows = [
        (
            "detector strict micro P/R/F1",
            f"{micro['precision']:.4f} {micro['recall']:.4f} {micro['f1']:.4f}",
        ),
        ("CRF alone strict micro F1", f"{alone['entity']['strict']['micro']['f1']:.4f}"),
        (
            "cross-validated F1 on train",
            f"{metrics['entity']['strict']['micro']['f1']:.4f} ({metrics['cv']} folds)",
        ),
        ("recall mode τ (calibrated on train)", f"{tau:.6g} (score scale {scale:g})"),
        (
            "default mode, word tokens",
            f"PHI caught {default_words['recall']:.4f}, "
            f"other masked {default_words['other_masked']:.4f}",
        ),
        (
            "recall mode, word tokens",
            f"PHI caught {words['recall']:.4f}, other masked {words['other_masked']:.4f}",
        ),
        (
            "recall mode, one τ for all categories",
            f"PHI caught {common_words['recall']:.4f}, "
            f"other masked {common_words['other_masked']:.4f} "
            f"(τ {float(metrics['tau_common']):.4g})",
        ),
        (
            "per-category τ offsets",
            str({k: round(v, 2) for k, v in metrics["tau_offsets"].items()}),
        ),
        ("quiet rules (beside the CRF)", ", ".join(metrics.get("quiet_rules", [])) or "none"),
        (
            "extending rules seen beside the CRF",
            ", ".join(seen_extending(metrics)) or "none",
        ),
        (
            "recall mode, all tokens (evaluate)",
            f"PHI caught {token_all['recall']:.4f}, other masked {all_tokens_other_masked:.4f}",
        ),
        (
            "final model training",
            f"{metrics['training_seconds']:.1f} s ({metrics['iterations']} iterations)",
        ),
        (
            "training run with CV",
            f"{wall:.1f} s wall, {metrics['cpu_seconds']:.1f} s CPU, {args.workers} processes",
        ),
        ("word clusters", str(metrics.get("clusters", "none"))),
        ("training peak memory (one process)", f"{peak} MB"),
        ("tagging, no marginals", _rate(tokens, plain, "plain")),
        ("tagging, with marginals", _rate(tokens, with_marginals, "marginals")),
        ("rules alone", _rate(tokens, rules_seconds, "rules")),
        (
            "whole detector (rules, CRF, combiner)",
            _rate(tokens, min(whole, detector_seconds), "detector"),
        ),
    ]
    for name, row in sorted(strict["per_category"].items()):
        rows.append(
            (
                f"  {name}",
                f"P {row['precision']:.3f} R {row['recall']:.3f} F1 {row['f1']:.3f} "
                f"(n={row['tp'] + row['fn']})",
            )
        )
    figures: dict[str, Any] = {
        "strict": micro,
        "crf_alone_f1": alone["entity"]["strict"]["micro"]["f1"],
        "per_category": strict["per_category"],
        "cv_f1": metrics["entity"]["strict"]["micro"]["f1"],
        "tau": tau,
        "recall_mode_word_tokens": words,
        "recall_mode_common_tau_word_tokens": common_words,
        "tau_offsets": metrics["tau_offsets"],
        "quiet_rules": metrics.get("quiet_rules"),
        "extending_rules_seen": seen_extending(metrics),
        "default_mode_word_tokens": default_words,
        "recall_mode_all_tokens": {
            "recall": token_all["recall"],
            "other_masked": all_tokens_other_masked,
        },
        "training_seconds": metrics["training_seconds"],
        "training_wall_seconds": round(wall, 1),
        "training_cpu_seconds": metrics["cpu_seconds"],
        "clusters": metrics.get("clusters"),
        "training_peak_mb": peak,
        "tokens": tokens,
        "tagging_tokens_per_s": round(tokens / plain),
        "tagging_marginals_tokens_per_s": round(tokens / with_marginals),
        "rules_tokens_per_s": round(tokens / rules_seconds),
        "detector_tokens_per_s": round(tokens / min(whole, detector_seconds)),
        "tokens_per_cpu_s": {k: round(tokens / v) for k, v in CPU_SECONDS.items()},
        "params": params.to_dict(),
    }
    if args.train_dev:
        _, both, both_wall, both_peak = train(["train", "dev"], params, 0, 1)
        rows.append(
            (
                "train+dev final model (750 documents)",
                f"{both['training_seconds']:.1f} s, run {both_wall:.1f} s wall "
                f"({both['cpu_seconds']:.1f} s CPU), peak {both_peak} MB",
            )
        )
        figures["train_dev_training_seconds"] = both["training_seconds"]
        figures["train_dev_wall_seconds"] = round(both_wall, 1)
        figures["train_dev_cpu_seconds"] = both["cpu_seconds"]
    report("meddocan (train -> dev)", rows, figures)


if __name__ == "__main__":
    main()
