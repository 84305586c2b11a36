"""One partition of a batch run: read, detect, mask, leak-check, write. A plain function.

:func:`run_partition` is what a Dask worker runs for each partition, and all it does depends
only on its arguments: the partition's chunk of input, the :class:`~.job.Job` (options and the
project's :class:`~deid_studio.services.batch_model.BatchModel`). Workers share no state: the
detector is built once per worker process and kept for the next partitions of the same job.

Each report ends in exactly one place: the partition's output file (masked), or the
partition's rejects (unreadable, empty, or refused by the leak check), with its id and the
reason. The output file is written under a temporary name and renamed when complete; the
partition's record (counts, the file's SHA-256, the rejects) is written last the same way,
and its presence is what marks the partition done for ``--resume``.
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import Any

from deid_studio.batch.job import Job, PartitionRecord, record_path
from deid_studio.batch.output import write_atomically, write_partition
from deid_studio.core.document import Document, Suggestion
from deid_studio.core.language import guess_language
from deid_studio.detect.crf import gc_paused
from deid_studio.detect.detector import Detector
from deid_studio.detect.rules import remembered
from deid_studio.detect.ruleshits import rule_hits
from deid_studio.formats.chunks import Chunk, Rejected, read_chunk
from deid_studio.mask.cases import mask_reports
from deid_studio.mask.safe import keep_map
from deid_studio.services.safe_terms import safe_terms_of

DETECT_BATCH = 128
"""Narratives the detector tags at once (its numpy paths work on batches)."""

WORD_CACHE = 30_000
"""Distinct words a worker's tagger may keep cached between partitions (their summed weights,
under 1 KB each): beyond it the cache starts over, so a worker's memory does not grow with
the input. A partition of 2,000 multilingual reports alone caches about 17,000. Three such
partitions tagged in one process peak at 357 MB since the tagger keeps only the weights
(501 MB when each word's feature strings were kept beside them)."""

_DETECTORS: dict[str, Detector] = {}
"""The detector of the job this worker process last ran (one per worker, never shared)."""


def run_partition(chunk: Chunk, job: Job) -> dict[str, Any]:
    """Process one partition and return its record (as a dict) plus figures of the worker.

    Safe to run twice (a retried or resumed partition writes the same bytes, and renames
    are atomic), so a partition killed half-way is simply run again.
    """
    started = time.perf_counter()
    documents, unreadable = read_chunk(chunk, job.layout)
    detector = _detector(job)
    # detected, then masked: the safe terms read once; the collector paused (nothing here
    # makes a reference cycle, and its passes walked the partition's features again and
    # again: 0.4-0.5 s of 8-10 s on the VAERS partitions, 0.01 s paused)
    with remembered(), gc_paused():
        masked, refused, characters = mask_partition(documents, job, detector)
    if detector.tagger is not None and detector.tagger.cached_words() > WORD_CACHE:
        detector.tagger.forget_words()
    rejected = unreadable + refused
    out = job.out / job.partition_name(chunk.index)
    digest = write_partition(masked, out, job.out_format)
    record = PartitionRecord(
        index=chunk.index,
        file=out.name,
        input=len(documents) + len(unreadable),
        output=len(masked),
        rejected=len(rejected),
        characters=characters,
        sha256=digest,
        rejects=tuple(rejected),
    )
    write_atomically(record_path(job.out, chunk.index), record.to_json().encode("utf-8"))
    return {
        "record": asdict(record),
        "seconds": time.perf_counter() - started,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "worker_pid": os.getpid(),
    }


def mask_partition(
    documents: Sequence[Document], job: Job, detector: Detector
) -> tuple[list[Document], list[Rejected], int]:
    """The masked reports that pass the leak check, the ones refused, and the characters
    read. Reports of one case within the partition share their case's keys."""
    documents = [
        d if d.language else replace(d, language=guess_language(d.text)) for d in documents
    ]
    model = job.model
    found = _suggestions(documents, job, detector)
    spans = job.spans
    reports = [
        (d if spans != "model" else replace(d, spans=()), found[i] if spans != "input" else [])
        for i, d in enumerate(documents)
    ]
    result = mask_reports(
        reports,
        model.policy,
        model.secret,
        model.scheme,
        offsets=model.offsets,
        vault=model.vault,
        terms=safe_terms_of,
        keep=keep_map(model.keep),
    )
    kept: list[Document] = []
    refused: list[Rejected] = []
    for document, masked in zip(documents, result.masked, strict=True):
        if masked.leaks:
            first = masked.leaks[0]
            refused.append(
                Rejected(
                    document.external_id,
                    document.source,
                    None,
                    f"leak check: {len(masked.leaks)} PHI string(s) would survive (first: "
                    f"{first.category} at offset {first.offset} of the masked text)",
                )
            )
        else:
            kept.append(masked.as_document())
    return kept, refused, sum(len(d.text) for d in documents)


def _suggestions(
    documents: Sequence[Document], job: Job, detector: Detector
) -> list[list[Suggestion]]:
    if job.spans == "input":
        return [[] for _ in documents]
    found: list[list[Suggestion]] = []
    for first in range(0, len(documents), DETECT_BATCH):
        batch = documents[first : first + DETECT_BATCH]
        detected = detector.detect([(d.text, d.language) for d in batch], mode=job.mode)
        found.extend(d.suggestions for d in detected)
    return found


WARM_TEXTS = (
    ("Dr John Smith, St Mary's Hospital, 12 High Street, Boston, MA 02134, called on "
     "12/01/2021 (tel. 555-123-4567): the patient, 45 years old, had a rash.", "en"),
    ("El Dr. Juan García, Hospital Clínico de Madrid, calle Mayor 3, 28013 Madrid, notificó "
     "el 12/01/2021 que la paciente de 45 años presentó urticaria.", "es"),
    ("Le Dr Jean Martin, CHU de Lyon, 3 rue de la Paix, 69003 Lyon, a déclaré le 12/01/2021 "
     "qu'une patiente de 45 ans a présenté une urticaire.", "fr"),
    ("Dr. Hans Müller, Klinikum Dresden, Hauptstraße 3, 01067 Dresden, meldete am 12.01.2021 "
     "eine Urtikaria bei einer 45-jährigen Patientin.", "de"),
)  # fmt: skip
"""A sentence in each language the rules know best, for :func:`warm`."""


def warm() -> None:
    """Build what every partition needs before the first one arrives: the rules' patterns
    and word lists (about 1.3 s in a fresh process, paid once per worker). Called by
    :mod:`deid_studio.batch.preload` when a worker starts."""
    with remembered():
        for text, language in WARM_TEXTS:
            rule_hits(text, language)


def _detector(job: Job) -> Detector:
    key = job.key
    if key not in _DETECTORS:
        _DETECTORS.clear()
        _DETECTORS[key] = job.model.detector()
    return _DETECTORS[key]
