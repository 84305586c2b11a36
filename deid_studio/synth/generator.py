"""Synthetic spontaneous reports with gold spans: the narratives of the demo project.

``generate(count, seed)`` is a pure function of its arguments: every random choice comes from
a ``random.Random`` or a Faker instance seeded from ``(seed, report number)`` through BLAKE2b,
never from the global random state or Python's string hashing, so two processes produce the
same reports. Report ``n`` depends only on the seed and the reports before it, so a smaller
``count`` gives a prefix of a larger one.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from dataclasses import dataclass

from faker import Faker

from deid_studio.core.document import Document
from deid_studio.synth.case import Case, make_case
from deid_studio.synth.compose import Report, compose
from deid_studio.synth.lang_de import PACK as GERMAN
from deid_studio.synth.lang_en import PACK as ENGLISH
from deid_studio.synth.lang_es import PACK as SPANISH
from deid_studio.synth.lang_fr import PACK as FRENCH
from deid_studio.synth.pack import LanguagePack

PACKS: dict[str, LanguagePack] = {p.code: p for p in (ENGLISH, SPANISH, FRENCH, GERMAN)}
LANGUAGE_SHARES: dict[str, float] = {"en": 0.70, "es": 0.18, "fr": 0.07, "de": 0.05}
FOLLOW_UP_SHARE = 0.15
MAX_FOLLOW_UPS = 2


def derive_seed(seed: int, *parts: object) -> int:
    """A 64-bit seed from ``seed`` and labels, the same in every process."""
    key = "/".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


@dataclass(slots=True, eq=False)  # compared by identity
class _Thread:
    """A case and what its reports so far have been."""

    case: Case
    case_id: str
    initial_received: dt.date
    last_received: dt.date
    follow_ups: int = 0


def generate(count: int = 200, seed: int = 0) -> list[Document]:
    """``count`` synthetic adverse-reaction narratives with their gold ``pv`` spans.

    About 70% are English, the rest Spanish, French and German; about one in seven is a
    follow-up of an earlier case, sharing its ``case_id`` and patient. The same ``(count,
    seed)`` gives identical documents (texts, spans, ids, metadata) in any process.
    """
    if count < 0:
        raise ValueError(f"count must be zero or more, not {count}")
    return generate_range(seed, 0, count)


def generate_range(seed: int, start: int, stop: int) -> list[Document]:
    """Reports ``start`` to ``stop - 1`` of ``seed``, follow-ups only of cases in the range.

    ``generate(count, seed)`` is ``generate_range(seed, 0, count)``; ranges that do not
    overlap share no case, so a large set can be made range by range in parallel processes
    (report ``n`` of a range starting at 0 is report ``n`` of :func:`generate`).
    """
    fakers: dict[str, Faker] = {}
    open_threads: list[_Thread] = []  # cases that may still get a follow-up, oldest first
    documents: list[Document] = []
    languages = list(LANGUAGE_SHARES)
    shares = list(LANGUAGE_SHARES.values())
    for n in range(start, stop):
        rng = random.Random(derive_seed(seed, "report", n))
        if open_threads and rng.random() < FOLLOW_UP_SHARE:
            thread = rng.choice(open_threads)
            thread.follow_ups += 1
            if thread.follow_ups >= MAX_FOLLOW_UPS:
                open_threads.remove(thread)
            received = thread.last_received + dt.timedelta(days=rng.randint(5, 45))
            if thread.case.discharge and rng.random() < 0.7:
                received = max(received, thread.case.discharge + dt.timedelta(rng.randint(1, 9)))
            thread.last_received = received
            report = Report(
                external_id=f"DEMO-{received.year}-{n + 1:06d}",
                case_id=thread.case_id,
                received=received,
                follow_up=thread.follow_ups,
                initial_received=thread.initial_received,
            )
            case = thread.case
        else:
            pack = PACKS[rng.choices(languages, shares)[0]]
            locales = pack.locales
            locale = rng.choices([loc for loc, _, _ in locales], [w for _, _, w in locales])[0]
            fake = fakers.get(locale)
            if fake is None:
                fake = fakers[locale] = Faker(locale)
            fake.seed_instance(derive_seed(seed, "case", n))
            case = make_case(rng, fake, pack, locale)
            external_id = f"DEMO-{case.received.year}-{n + 1:06d}"
            report = Report(external_id, external_id, case.received, 0, case.received)
            open_threads.append(_Thread(case, external_id, case.received, case.received))
        documents.append(compose(case, report, PACKS[case.language], rng))
    return documents
