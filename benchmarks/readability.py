"""Readable masked reports: do drugs, vaccines, manufacturers and eponyms survive masking?

As a new user would: the demo project (200 narratives, 100 gold) trains its model, the 2,946
VAERS 2021 narratives are imported, suggested for, and exported masked with ``--force`` (tags
preset, so no surrogate can bring a word in or take one out). Then, comparing each masked
narrative with its original:

* vaccine and manufacturer mentions (Pfizer, BioNTech, Moderna, Janssen, Johnson & Johnson,
  AstraZeneca...), drug mentions (the drugs the reports' own OTHER_MEDS field lists that the
  narratives name too; the structured field, not the product's dictionary, decides what is
  a drug), and medical eponyms (the issue's table: Stevens-Johnson, Bell's palsy,
  Hashimoto...): how many occurrences survive;
* the share of all word tokens masked.

``--recall`` also checks that PHI recall does not drop: the default CRF trained on MEDDOCAN
train, PHI word tokens caught on dev; and on the Presidio English set, trained on four
fifths, tested on the last fifth.

    python benchmarks/readability.py [--mode default|recall] [--recall] [--work DIR]
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import tempfile
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import regex
from _common import report, shared

VACCINES = (
    "pfizer", "biontech", "moderna", "janssen", "johnson", "astrazeneca", "comirnaty",
    "spikevax", "novavax",
)  # fmt: skip
EPONYMS = (
    "stevens", "johnson", "bell", "bells", "hashimoto", "guillain", "barre", "parkinson",
    "alzheimer", "crohn", "raynaud", "kawasaki", "bell's",
)  # fmt: skip
ISSUE_TABLE = ("Stevens", "Johnson", "Bell", "Hashimoto", "Pfizer", "Moderna", "Benadryl",
               "Pepcid", "Zofran", "Ativan")  # fmt: skip
_WORD = regex.compile(r"\p{L}[\p{L}'\u2019-]*\p{L}|\p{L}")


def _words(text: str) -> list[str]:
    return [w.casefold().removesuffix("'s").removesuffix("\u2019s") for w in _WORD.findall(text)]


def _drug_inventory(rows: list[dict[str, str]]) -> frozenset[str]:
    """Words (5 letters or more) of the OTHER_MEDS field in 3 reports or more, but for a few
    words that field uses for everything: the drugs the reports themselves list."""
    counts: Counter[str] = Counter()
    for row in rows:
        counts.update(set(_words(row.get("OTHER_MEDS", ""))))
    stop = {
        "none", "unknown", "daily", "tablet", "tablets", "vitamin", "vitamins", "medications",
        "medication", "supplement", "supplements", "multivitamin", "allergies", "injection",
        "capsule", "other", "known", "listed", "patient", "nasal", "spray", "cream", "inhaler",
    }  # fmt: skip
    return frozenset(w for w, n in counts.items() if n >= 3 and len(w) >= 5 and w not in stop)


def _count(texts: list[str], vocabulary: frozenset[str] | tuple[str, ...]) -> Counter[str]:
    wanted = set(vocabulary)
    found: Counter[str] = Counter()
    for text in texts:
        found.update(w for w in _words(text) if w in wanted)
    return found


def _survival(original: list[str], masked: list[str], vocabulary) -> tuple[int, int, Counter]:
    before, after = _count(original, vocabulary), _count(masked, vocabulary)
    lost = Counter({w: before[w] - min(before[w], after[w]) for w in before})
    return sum(before.values()), sum(min(before[w], after[w]) for w in before), lost


def export_vaers(work: Path, mode: str) -> tuple[list[str], list[str], dict]:
    from deid_studio.services.demo import open_demo
    from deid_studio.services.importing import import_file
    from deid_studio.services.masking import export_masked
    from deid_studio.services.suggesting import resuggest
    from deid_studio.services.training import train_model

    path = work / "readability.sqlite"
    project, _ = open_demo(path, count=200, reset=True)
    started = time.perf_counter()
    with project:
        trained = train_model(project, actor="steward")
        import_file(project, "vaers", shared("vaers", "2021VAERSDATA.csv"), actor="steward")
        resuggest(project)
        out = work / "masked.jsonl"
        export_masked(
            project, out, "jsonl", actor="steward", preset="tags", force=True,
            reason="readability benchmark", overwrite=True, mode=mode,
        )  # fmt: skip
    seconds = time.perf_counter() - started
    masked = {}
    for line in out.read_text("utf-8").split("\n"):  # not splitlines: U+2028 in a text
        if not line:
            continue
        record = json.loads(line)
        masked[str(record.get("id") or record.get("external_id"))] = record["text"]
    rows = _vaers_rows()
    original = [r["SYMPTOM_TEXT"] for r in rows if r["VAERS_ID"] in masked]
    masked_texts = [masked[r["VAERS_ID"]] for r in rows if r["VAERS_ID"] in masked]
    return original, masked_texts, {"f1": trained.f1, "seconds": round(seconds, 1)}


def _vaers_rows() -> list[dict[str, str]]:
    with open(shared("vaers", "2021VAERSDATA.csv"), encoding="latin-1", newline="") as f:
        return [r for r in csv.DictReader(f) if r["SYMPTOM_TEXT"].strip()]


def phi_recall() -> dict[str, float]:
    """PHI word-token recall of the default detector, MEDDOCAN train -> dev and Presidio
    4/5 -> 1/5."""
    from cold_start import token_figures

    from deid_studio.core import LabelMap, preset
    from deid_studio.detect.crf import train_crf
    from deid_studio.detect.detector import Detector, DetectorSettings
    from deid_studio.formats.brat import read_brat
    from deid_studio.formats.presidio import read_presidio
    from deid_studio.services.training import default_params

    figures = {}
    train = [replace(d, language="es") for d in read_brat(shared("meddocan", "train"))]
    dev = [replace(d, language="es") for d in read_brat(shared("meddocan", "dev"))]
    model = train_crf(train, default_params())
    found = Detector(model, preset("meddocan"), DetectorSettings()).detect(
        [(d.text, d.language) for d in dev]
    )
    figures["meddocan_dev"] = token_figures(dev, [[s.span for s in f.suggestions] for f in found])[
        "recall"
    ]
    pv = LabelMap(preset("pv"))
    english = [
        replace(d, language="en",
                spans=tuple(replace(s, category=pv(s.category) or "OTHER") for s in d.spans))
        for d in read_presidio(shared("presidio-synth", "synth_dataset_v2.json"))
    ]  # fmt: skip
    random.Random(0).shuffle(english)
    cut = len(english) * 4 // 5
    model = train_crf(english[:cut], default_params())
    held = english[cut:]
    found = Detector(model, preset("pv"), DetectorSettings()).detect(
        [(d.text, d.language) for d in held]
    )
    figures["presidio_en"] = token_figures(held, [[s.span for s in f.suggestions] for f in found])[
        "recall"
    ]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="default", choices=("default", "recall"))
    parser.add_argument("--recall", action="store_true", help="also measure PHI recall")
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="deid-readability-"))
    work.mkdir(parents=True, exist_ok=True)
    original, masked, run = export_vaers(work, args.mode)
    drugs = _drug_inventory(_vaers_rows())
    rows: list[tuple[str, str]] = []
    figures: dict[str, object] = {"mode": args.mode, "documents": len(original), **run}
    for name, vocabulary in (
        ("vaccines and manufacturers", VACCINES),
        ("drugs (OTHER_MEDS)", drugs),
        ("eponyms", EPONYMS),
    ):
        total, kept, lost = _survival(original, masked, vocabulary)
        share = kept / total if total else 1.0
        top = ", ".join(f"{w} {n}" for w, n in lost.most_common(8) if n)
        rows.append((name, f"{kept}/{total} survive ({share:.4f}); masked most: {top or '-'}"))
        figures[name] = {"mentions": total, "survive": kept, "share": round(share, 4)}
    everything = VACCINES + tuple(drugs) + EPONYMS
    total, kept, _ = _survival(original, masked, frozenset(everything))
    rows.append(("all of these", f"{kept}/{total} survive ({kept / total:.4f})"))
    figures["all_terms_share"] = round(kept / total, 4)
    before = _count(original, tuple(w.casefold() for w in ISSUE_TABLE))
    after = _count(masked, tuple(w.casefold() for w in ISSUE_TABLE))
    figures["issue_table"] = {}
    for word in ISSUE_TABLE:
        w = word.casefold()
        lost = before[w] - min(before[w], after[w])
        rows.append((f"  {word}", f"{before[w]} mentions, {lost} masked"))
        figures["issue_table"][word] = {"mentions": before[w], "masked": lost}
    tokens = sum(len(_WORD.findall(t)) for t in original)
    survived = sum(len(_WORD.findall(regex.sub(r"\[[A-Z_ >0-9]+\]", " ", t))) for t in masked)
    masked_share = max(0.0, 1 - survived / tokens)
    rows.append(("word tokens masked", f"{masked_share:.4f} of {tokens}"))
    figures["word_tokens_masked"] = round(masked_share, 4)
    if args.recall:
        recall = phi_recall()
        for key, value in recall.items():
            rows.append((f"PHI token recall, {key}", f"{value:.4f}"))
        figures["phi_recall"] = {k: round(v, 4) for k, v in recall.items()}
    report("readability", rows, figures)


if __name__ == "__main__":
    main()
