"""A toy corpus with an obvious pattern: 'Nombre: First Last.' and a date per document."""

from __future__ import annotations

import random

from deid_studio.core.document import Document, Span
from deid_studio.detect.crf import CrfParams

FIRST = ("Ana", "Luis", "Marta", "Pedro", "Elena", "Jorge", "Lucia", "Pablo", "Rosa", "Diego")
LAST = ("Garcia", "Lopez", "Martin", "Sanchez", "Romero", "Navarro", "Torres", "Ruiz")
WORDS = ("fiebre", "tos", "dolor", "mareo", "nauseas", "cefalea", "erupcion", "astenia")


def toy_document(rng: random.Random, number: int) -> Document:
    """'Nombre: First Last.' and a date, in a few lines of filler: PATIENT and DATE spans."""
    parts: list[str] = []
    spans: list[Span] = []

    def add(text: str, category: str | None = None) -> None:
        start = sum(len(p) for p in parts)
        parts.append(text)
        if category:
            spans.append(Span(start, start + len(text), category))

    add("Nombre: ")
    add(f"{rng.choice(FIRST)} {rng.choice(LAST)}", "PATIENT")
    add(".\nFecha de ingreso: ")
    add(f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/20{rng.randint(10, 23)}", "DATE")
    add(".\nEl paciente presenta ")
    add(" y ".join(rng.sample(WORDS, 2)))
    add(" desde hace dos semanas.\n")
    return Document("".join(parts), tuple(spans), external_id=f"toy{number}", language="es")


def toy_corpus(count: int, seed: int = 0) -> list[Document]:
    rng = random.Random(seed)
    return [toy_document(rng, i) for i in range(count)]


FAST = CrfParams(algorithm="lbfgs", iterations=30, c1=0.01, c2=0.01)
