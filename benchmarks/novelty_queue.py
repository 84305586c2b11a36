"""Does the queue find what the model does not know? The demo, then all of VAERS 2021.

What a new user does: open the demo (100 synthetic gold narratives), let the first model
train, import the 2,946 real VAERS narratives and let them be suggested for. A model trained
on the demo's synthetic narratives is often confidently wrong on VAERS — a drug taken for a
place, a diagnosis for an organisation. Those documents must come first in the queue.

*Such an error*, measured independently of the queue's own word lists: a suggestion of a
person, place or organisation covering a word (five letters or more) that the report's own
structured fields name as a drug, a vaccine or a reaction — its OTHER_MEDS and ALLERGIES
(VAERSDATA), its vaccine name and manufacturer (VAERSVAX), its MedDRA reaction terms
(VAERSSYMPTOMS). The queue is ordered twice: by the model's uncertainty alone (the score
before novelty and contradictions) and by the full score; for each, how many documents with
such errors are in the head of the queue, their median rank, and the average precision of
the order at finding them.

    python benchmarks/novelty_queue.py [--count 200] [--folds 5]

Takes a few minutes (training, then tagging 3,000 narratives with marginals).
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report, shared

from deid_studio.mask.kinds import kind_of
from deid_studio.mask.spans import NAME_LIKE
from deid_studio.services.demo import open_demo
from deid_studio.services.importing import import_file
from deid_studio.services.queue import queue_page, queue_size
from deid_studio.services.suggesting import resuggest
from deid_studio.services.training import train_model

HEADS = (50, 100, 200, 500)
NOT_NAMES = frozenset(
    "none unknown daily tablet tablets capsule capsules vitamin other known allergies "
    "medications medication patient vaccine covid19 covid-19".split()
)


def field_words(values: list[str]) -> set[str]:
    words = set()
    for value in values:
        for raw in value.replace("\\", " ").replace("/", " ").replace("(", " ").split():
            word = raw.strip(".,;:()[]'\"-").casefold()
            if len(word) >= 5 and word.isalpha() and word not in NOT_NAMES:
                words.add(word)
    return words


def medical_words_by_report() -> dict[str, set[str]]:
    """VAERS_ID -> the words its structured fields name as drugs, vaccines, reactions."""
    found: dict[str, set[str]] = defaultdict(set)
    with open(shared("vaers", "2021VAERSDATA.csv"), encoding="latin-1", newline="") as f:
        for row in csv.DictReader(f):
            found[row["VAERS_ID"]] |= field_words([row["OTHER_MEDS"], row["ALLERGIES"]])
    with open(shared("vaers", "2021VAERSVAX.csv"), encoding="latin-1", newline="") as f:
        for row in csv.DictReader(f):
            found[row["VAERS_ID"]] |= field_words([row["VAX_NAME"], row["VAX_MANU"]])
    with open(shared("vaers", "2021VAERSSYMPTOMS.csv"), encoding="latin-1", newline="") as f:
        for row in csv.DictReader(f):
            terms = [row[f"SYMPTOM{i}"] for i in range(1, 6)]
            found[row["VAERS_ID"]] |= field_words(terms)
    return found


def with_errors(project, medical: dict[str, set[str]]) -> dict[int, list[str]]:
    """document id -> its suggestions of a name-like category covering a field's word."""
    out: dict[int, list[str]] = {}
    with project.reading() as tx:
        scheme = tx.scheme()
        stored = tx.documents(statuses=("new", "in_progress"))
        for s in stored:
            d = s.document
            words = medical.get(d.external_id)
            if d.source != "VAERS" or not words or d.id is None:
                continue
            hits = []
            for sug in tx.suggestions(d.id):
                if kind_of(sug.category, scheme) not in NAME_LIKE:
                    continue
                text = d.text[sug.start : sug.end]
                if any(w.strip(".,;:()'\"").casefold() in words for w in text.split()):
                    hits.append(f"{text} as {sug.category}")
            if hits:
                out[d.id] = hits
    return out


def order_figures(order: list[int], errors: set[int], vaers: set[int]) -> dict[str, float]:
    ranks = [i + 1 for i, doc in enumerate(order) if doc in errors]
    found, precision_sum = 0, 0.0
    for i, doc in enumerate(order, start=1):
        if doc in errors:
            found += 1
            precision_sum += found / i
    figures: dict[str, float] = {
        f"errors_in_top_{k}": sum(1 for r in ranks if r <= k) for k in HEADS
    }
    figures["median_rank_of_errors"] = statistics.median(ranks) if ranks else 0
    figures["average_precision"] = round(precision_sum / len(errors), 4) if errors else 0.0
    figures["vaers_in_top_100"] = sum(1 for doc in order[:100] if doc in vaers)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="demo narratives (default 200)")
    parser.add_argument("--folds", type=int, default=5, help="cross-validation folds")
    args = parser.parse_args()
    medical = medical_words_by_report()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "demo.sqlite"
        project, _ = open_demo(path, count=args.count)
        started = time.perf_counter()
        trained = train_model(path, actor="bench", folds=args.folds)
        trained_s = time.perf_counter() - started
        import_file(project, "vaers", shared("vaers", "2021VAERSDATA.csv"), actor="bench")
        started = time.perf_counter()
        done = resuggest(project)
        suggest_s = time.perf_counter() - started
        entries = queue_page(project, limit=queue_size(project))
        errors = with_errors(project, medical)
        with project.reading() as tx:
            vaers = {s.document.id for s in tx.documents() if s.document.source == "VAERS"}
        project.close()
    full = [e.document_id for e in entries]
    model_only = [
        e.document_id for e in sorted(entries, key=lambda e: -e.details.get("model_score", 0))
    ]
    error_ids = set(errors)
    new = order_figures(full, error_ids, vaers)
    old = order_figures(model_only, error_ids, vaers)
    pepcid = [d for d, hits in errors.items() if any(h.lower().startswith("pepcid") for h in hits)]
    rows = [
        ("documents in the queue (demo + VAERS)", f"{len(entries):,}"),
        ("VAERS documents with such an error", f"{len(errors):,}"),
        ("average precision at random", f"{len(errors) / max(len(entries), 1):.4f}"),
        ("model version, its CV F1", f"v{trained.model_version_id}, {trained.f1:.3f}"),
        ("training / suggesting (s, loaded machine)", f"{trained_s:.0f} / {suggest_s:.0f}"),
    ]
    for key in (*(f"errors_in_top_{k}" for k in HEADS), "median_rank_of_errors",
                "average_precision", "vaers_in_top_100"):  # fmt: skip
        rows.append((f"{key}: model alone -> with novelty", f"{old[key]} -> {new[key]}"))
    for doc in pepcid[:3]:
        rows.append(
            (f"'Pepcid' document {doc}: rank model alone -> with novelty",
             f"{model_only.index(doc) + 1} -> {full.index(doc) + 1}"),
        )  # fmt: skip
    head = [e for e in entries[:5]]
    for e in head:
        rows.append(
            (f"top: {e.external_id} {e.score:.3f}", "; ".join(e.details.get("reasons", [])))
        )
    report(
        "novelty_queue",
        rows,
        {
            "documents": len(entries),
            "error_documents": len(errors),
            "model_alone": old,
            "with_novelty": new,
            "suggested": done.documents,
            "train_seconds": round(trained_s, 1),
            "suggest_seconds": round(suggest_s, 1),
        },
    )


if __name__ == "__main__":
    main()
