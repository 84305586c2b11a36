"""Cold start: what the rules alone (model version 0) catch, and what 50 documents teach.

Part 1 runs the detector with no CRF — regex rules, cue words, gazetteers — over

* MEDDOCAN dev (Spanish, scheme ``meddocan``),
* the Presidio English synthetic set (labels mapped onto ``pv``),
* the demo generator's German, French, Spanish and English narratives (``pv``; note: their
  names, streets and cities come from Faker, whose locale city lists are also one of the
  rules' gazetteers, so these figures flatter the city rule),

and prints PHI word-token recall and precision, overall and per gold category (a token is PHI
when a gold span covers it; it is caught when any suggestion covers it, whatever its
category). Part 2 (``--train``) trains the default CRF, rules as features, on 50 random
MEDDOCAN train documents (3 draws) and tags dev: token recall, precision and share of other
word tokens flagged in default mode, and recall mode's recall and share of other word tokens
masked.

    python benchmarks/cold_start.py [--train] [--draws 3] [--size 50] [--target-recall 0.995]
                                    [--corpora meddocan,demo-de,demo-fr]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.core import Document, LabelMap, Span, preset
from deid_studio.core.tokenize import tokenize
from deid_studio.detect.detector import Detector, DetectorSettings
from deid_studio.detect.recall import TARGET_RECALL, is_word
from deid_studio.formats.brat import read_brat
from deid_studio.formats.presidio import read_presidio
from deid_studio.synth.generator import generate


def token_figures(documents: Sequence[Document], predicted: Sequence[Sequence[Span]]) -> dict:
    """Word-token recall/precision, overall and per gold category (recall only), and the
    share of non-PHI word tokens flagged."""
    tp = fp = fn = other = 0
    per: Counter[str] = Counter()
    per_hit: Counter[str] = Counter()
    for doc, spans in zip(documents, predicted, strict=True):
        cover_pred = [False] * len(doc.text)
        for s in spans:
            for i in range(s.start, s.end):
                cover_pred[i] = True
        gold_cat: list[str | None] = [None] * len(doc.text)
        for s in doc.spans:
            for i in range(s.start, s.end):
                gold_cat[i] = s.category
        for token in tokenize(doc.text):
            if not is_word(token):
                continue
            chars = range(token.start, token.end)
            cat = next((gold_cat[i] for i in chars if gold_cat[i]), None)
            hit = any(cover_pred[i] for i in chars)
            if cat is not None:
                per[cat] += 1
                per_hit[cat] += hit
                tp += hit
                fn += not hit
            else:
                other += 1
                fp += hit
    return {
        "recall": tp / (tp + fn) if tp + fn else 0.0,
        "precision": tp / (tp + fp) if tp + fp else 0.0,
        "other_flagged": fp / other if other else 0.0,
        "phi_tokens": tp + fn,
        "per_category": {c: (per_hit[c] / per[c], per[c]) for c in sorted(per)},
    }


def rule_precision(documents: Sequence[Document]) -> dict[str, tuple[int, int]]:
    """Per rule: (hits, hits whose characters are mostly inside gold PHI), over the rule
    hits that :func:`find` keeps, whatever their category. Safe terms (kind ``TERM``: drugs,
    vaccines, eponyms) are no PHI finding: they are counted apart, under ``TERM``, where a
    hit inside gold PHI is one the term guard could hide."""
    from deid_studio.detect.rules import find

    counts: dict[str, list[int]] = {}
    for doc in documents:
        inside = [False] * len(doc.text)
        for s in doc.spans:
            for i in range(s.start, s.end):
                inside[i] = True
        for hit in find(doc.text, doc.language):
            chars = [inside[i] for i in range(hit.start, hit.end) if not doc.text[i].isspace()]
            row = counts.setdefault("TERM" if hit.kind == "TERM" else hit.rule, [0, 0])
            row[0] += 1
            row[1] += bool(chars) and sum(chars) * 2 > len(chars)
    return {rule: (n, good) for rule, (n, good) in counts.items()}


def rules_alone(documents: Sequence[Document], scheme_name: str) -> tuple[dict, float]:
    detector = Detector(None, preset(scheme_name), DetectorSettings())
    started = time.process_time()
    found = detector.detect([(d.text, d.language) for d in documents])
    seconds = time.process_time() - started
    spans = [[s.span for s in f.suggestions] for f in found]
    return token_figures(documents, spans), seconds


def corpora() -> dict[str, tuple[list[Document], str]]:
    meddocan = [replace(d, language="es") for d in read_brat(shared("meddocan", "dev"))]
    pv = LabelMap(preset("pv"))
    english = [
        replace(
            d,
            language="en",
            spans=tuple(replace(s, category=pv(s.category) or "OTHER") for s in d.spans),
        )
        for d in read_presidio(shared("presidio-synth", "synth_dataset_v2.json"))
    ]
    demo = generate(1000, seed=7)
    return {
        "meddocan-dev": (meddocan, "meddocan"),
        "presidio-en": (english, "pv"),
        "demo-de": ([d for d in demo if d.language == "de"], "pv"),
        "demo-fr": ([d for d in demo if d.language == "fr"], "pv"),
        "demo-es": ([d for d in demo if d.language == "es"], "pv"),
        "demo-en": ([d for d in demo if d.language == "en"][:200], "pv"),
    }


def few_documents(
    size: int, draws: int, corpus: str = "meddocan", target_recall: float = TARGET_RECALL
) -> dict:
    """``size`` annotated documents in a project that holds all the training texts (the
    rest unannotated, for the word clusters); trained as ``train`` does it (5-fold CV, τ
    calibrated out of fold), measured on the test texts in default and recall mode. The
    corpus: MEDDOCAN (train -> dev), or the demo generator's German or French narratives
    (``demo-de``, ``demo-fr``: of 5,000 generated narratives, the first 100 in the language to
    train from, the others to test; scheme ``pv``). ``target_recall``: recall mode's target,
    as the Quality page's slider sets it."""
    from deid_studio.detect.cluster_learning import learn_clusters
    from deid_studio.services._learning import learn
    from deid_studio.services.training import default_params

    if corpus == "meddocan":
        train = [replace(d, language="es") for d in read_brat(shared("meddocan", "train"))]
        dev = [replace(d, language="es") for d in read_brat(shared("meddocan", "dev"))]
        scheme = preset("meddocan")
    else:
        language = corpus.split("-")[1]
        texts = [d for d in generate(5000, seed=11) if d.language == language]
        train, dev, scheme = texts[:100], texts[100:], preset("pv")
    clusters = learn_clusters([d.text for d in train])
    results, precision, flagged_share, recall, masked, floored = [], [], [], [], [], []
    for draw in range(draws):
        sample = random.Random(draw).sample(train, size)
        learned = learn(
            sample,
            scheme,
            default_params(),
            progress=lambda *a: None,
            clusters=clusters,
            target_recall=target_recall,
        )
        settings = DetectorSettings.of_model({}, learned.metrics)
        detector = Detector(learned.model, scheme, settings)
        narratives = [(d.text, d.language) for d in dev]
        found = detector.detect(narratives)
        default = token_figures(dev, [[s.span for s in f.suggestions] for f in found])
        results.append(default["recall"])
        precision.append(default["precision"])
        flagged_share.append(default["other_flagged"])
        flagged = detector.detect(narratives, mode="recall")
        mode = token_figures(dev, [[s.span for s in f.suggestions] for f in flagged])
        recall.append(mode["recall"])
        masked.append(mode["other_flagged"])
        floored.append(bool(learned.metrics.get("tau_floored")))
    return {
        "token_recall": results,
        "mean": statistics.fmean(results),
        "precision": precision,
        "other_flagged": flagged_share,
        "recall_mode_recall": recall,
        "recall_mode_other_masked": masked,
        "tau_floored": floored,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", action="store_true", help="also train on 50 documents")
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--size", type=int, default=50)
    parser.add_argument(
        "--target-recall",
        type=float,
        default=TARGET_RECALL,
        help=f"recall mode's target when training (default {TARGET_RECALL})",
    )
    parser.add_argument(
        "--corpora",
        default="meddocan,demo-de,demo-fr",
        help="the corpora --train draws from (comma-separated)",
    )
    args = parser.parse_args()
    rows: list[tuple[str, str]] = []
    figures: dict[str, object] = {}
    per_rule: dict[str, list[int]] = {}
    for name, (documents, scheme) in corpora().items():
        for rule, (n, good) in rule_precision(documents).items():
            row = per_rule.setdefault(rule, [0, 0, 2, 0])  # hits, good, worst precision
            row[0] += n
            row[1] += good
            if n >= 20:
                row[2] = min(row[2], good / n)
        result, seconds = rules_alone(documents, scheme)
        chars = sum(len(d.text) for d in documents)
        rows.append(
            (
                name,
                f"PHI word tokens caught {result['recall']:.3f} at precision "
                f"{result['precision']:.3f}; other words flagged {result['other_flagged']:.3f} "
                f"({len(documents)} docs, {result['phi_tokens']} PHI tokens, "
                f"{chars / seconds / 1e6:.2f} MB/s)",
            )
        )
        for category, (recall, count) in result["per_category"].items():
            rows.append((f"  {category}", f"recall {recall:.3f} of {count}"))
        figures[name] = {
            "recall": round(result["recall"], 4),
            "precision": round(result["precision"], 4),
            "other_flagged": round(result["other_flagged"], 4),
            "mb_per_s": round(chars / seconds / 1e6, 2),
            "per_category": {c: round(r, 4) for c, (r, _) in result["per_category"].items()},
        }
    terms, in_phi, _, _ = per_rule.pop("TERM", [0, 0, 2, 0])
    for rule, (n, good, worst, _) in sorted(per_rule.items()):
        worst_text = f", worst corpus {worst:.3f}" if worst <= 1 else ""
        rows.append((f"rule {rule}", f"{n:6d} hits, precision {good / n:.3f}{worst_text}"))
    figures["rule_precision"] = {r: round(v[1] / v[0], 4) for r, v in per_rule.items()}
    rows.append(
        (
            "safe terms (no PHI)",
            f"{terms:6d} hits, {in_phi} mostly inside gold PHI (what the term guard could hide)",
        )
    )
    figures["safe_terms"] = {"hits": terms, "inside_gold_phi": in_phi}
    for corpus in args.corpora.split(",") if args.train else ():
        few = few_documents(args.size, args.draws, corpus, args.target_recall)
        rows.append(
            (
                f"{corpus}: {args.size} train docs -> test",
                "token recall "
                + ", ".join(
                    f"{r:.3f} (P {p:.3f}, {o:.2%} of other words)"
                    for r, p, o in zip(
                        few["token_recall"], few["precision"], few["other_flagged"], strict=True
                    )
                ),
            )
        )
        rows.append(
            (
                f"{corpus}: {args.size} train docs, recall mode {args.target_recall}",
                ", ".join(
                    f"{r:.3f} at {m:.3f} masked{' (floored)' if f else ''}"
                    for r, m, f in zip(
                        few["recall_mode_recall"],
                        few["recall_mode_other_masked"],
                        few["tau_floored"],
                        strict=True,
                    )
                ),
            )
        )
        figures[f"few_documents_{corpus}"] = {**few, "target_recall": args.target_recall}
    report("cold_start", rows, figures)


if __name__ == "__main__":
    main()
