"""The rules against three outside readers' probe lines: what they leave of the PHI each line
names, and what they take that is none.

``benchmarks/probes/*.tsv`` hold 2,447 lines written to trip the rules (adverse-event
reports of every kind: consumers', nurses', trials', deaths', lawsuits', letters, messages,
literature case reports, call transcripts, forms, faxes; English, and Spanish, French, German,
Italian and Portuguese), a third of them with no PHI at all, each
``language<TAB>text<TAB>expected PHI strings separated by " | "``. The third reader's
(``third-*.tsv``, 714 lines) were written blind to the rules: their first figures measure
how the rules do on text nobody tuned them on. A *miss* is
an expected string some character of which no rule hit covers; a *false positive* a hit that
overlaps no expected string (safe terms, and MEDDOCAN's kinship and sex words, aside). The
readers counted a US state, a year alone and an age under 90 as no PHI, which the ``pv``
scheme marks: some false positives are the scheme's choice.

    python benchmarks/probes.py [--show]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import report

from deid_studio.detect.rules import find

_HERE = Path(__file__).resolve().parent / "probes"
_NOT_SUGGESTED = frozenset({"TERM", "KIN", "SEX"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="print each miss and false positive")
    args = parser.parse_args()
    rows: list[tuple[str, str]] = []
    figures: dict[str, dict[str, int]] = {}
    for path in sorted(_HERE.glob("*.tsv")):
        lines = misses = false = expected = 0
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not raw.strip() or raw.startswith("#"):
                continue
            language, text, *rest = raw.split("\t")
            wanted = [e.strip() for e in (rest[0] if rest else "").split(" | ") if e.strip()]
            hits = find(text, language)
            covered = bytearray(len(text))
            for hit in hits:
                covered[hit.start : hit.end] = b"\1" * (hit.end - hit.start)
            spans = []
            lines += 1
            for string in wanted:
                at = text.find(string)
                if at < 0:
                    continue
                expected += 1
                spans.append((at, at + len(string)))
                if not all(covered[i] or text[i].isspace() for i in range(at, at + len(string))):
                    misses += 1
                    if args.show:
                        print(f"{path.name}:{number}: MISS {string!r}")
            for hit in hits:
                if hit.kind in _NOT_SUGGESTED or any(
                    hit.start < end and start < hit.end for start, end in spans
                ):
                    continue
                false += 1
                if args.show:
                    print(f"{path.name}:{number}: FP {text[hit.start : hit.end]!r} {hit.rule}")
        figures[path.stem] = {
            "lines": lines,
            "expected": expected,
            "missed": misses,
            "false_positives": false,
        }
        rows.append(
            (
                path.stem,
                f"{lines} lines, {expected} PHI strings: {misses} missed, "
                f"{false} hits on no PHI string",
            )
        )
    report("probes", rows, figures)


if __name__ == "__main__":
    main()
