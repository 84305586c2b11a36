"""Suspect products and the reactions they are reported with; none of it is PHI.

Product names, doses, routes and lot or batch numbers stay in a de-identified narrative, and
the narratives carry them so that a model learns to leave them alone.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Product:
    """A suspect vaccine or drug as a report names it.

    ``lot`` is a pattern: ``@`` an upper-case letter, ``#`` a digit, anything else itself.
    ``route`` and ``frequency`` are keys into a language pack's words. Ages are in years.
    """

    name: str
    kind: str  # "vaccine" or "drug"
    dose: str
    route: str
    frequency: str
    lot: str
    indication: str
    scenarios: tuple[str, ...]
    min_age: float = 18
    max_age: float = 95


_VACCINE_COMMON = ("anaphylaxis", "syncope", "pyrexia", "injection_site")
_INFANT = ("febrile_seizure", "pyrexia", "injection_site")

_P = Product
PRODUCTS: tuple[Product, ...] = (
    _P("Comirnaty (BNT162b2, Pfizer-BioNTech COVID-19 vaccine)", "vaccine", "0.3 mL", "im",
       "single", "@@####", "covid", (*_VACCINE_COMMON, "myocarditis", "bells_palsy"), 12),
    _P("Spikevax (mRNA-1273, Moderna)", "vaccine", "0.5 mL", "im", "single", "###@##@",
       "covid", (*_VACCINE_COMMON, "myocarditis", "bells_palsy")),
    _P("Vaxzevria (ChAdOx1-S, AstraZeneca)", "vaccine", "0.5 mL", "im", "single", "@@@####",
       "covid", (*_VACCINE_COMMON, "tts", "gbs")),
    _P("COVID-19 Vaccine Janssen (Ad26.COV2.S)", "vaccine", "0.5 mL", "im", "single",
       "#######", "covid", (*_VACCINE_COMMON, "tts", "gbs")),
    _P("Fluad Tetra", "vaccine", "0.5 mL", "im", "single", "@##@##@", "flu",
       (*_VACCINE_COMMON, "gbs"), 65),
    _P("Shingrix", "vaccine", "0.5 mL", "im", "single", "@@###", "zoster", _VACCINE_COMMON, 50),
    _P("Gardasil 9", "vaccine", "0.5 mL", "im", "single", "@######", "hpv", _VACCINE_COMMON,
       9, 26),
    _P("Prevenar 13", "vaccine", "0.5 mL", "im", "single", "@@####", "pneumo", _INFANT,
       0.15, 1.5),
    _P("Infanrix hexa", "vaccine", "0.5 mL", "im", "single", "@##@@###@", "hexa", _INFANT,
       0.15, 1.5),
    _P("M-M-RvaxPro", "vaccine", "0.5 mL", "sc", "single", "@######", "mmr", _INFANT, 1, 5),
    _P("oxycodone/paracetamol", "drug", "5/325 mg", "oral", "q6h", "@#####", "pain",
       ("resp_depression", "dili")),
    _P("amoxicillin/clavulanic acid", "drug", "875/125 mg", "oral", "bid", "######@",
       "infection", ("anaphylaxis", "dili")),
    _P("atorvastatin", "drug", "80 mg", "oral", "od", "@@####@", "lipids", ("rhabdo", "dili"),
       35),
    _P("carbamazepine", "drug", "200 mg", "oral", "bid", "@#####", "epilepsy",
       ("sjs", "hyponatraemia")),
    _P("allopurinol", "drug", "300 mg", "oral", "od", "#######", "gout", ("sjs",), 30),
    _P("clozapine", "drug", "100 mg", "oral", "bid", "@@#####", "schizophrenia",
       ("agranulocytosis",)),
    _P("metamizole", "drug", "575 mg", "oral", "tid", "@####@", "pain",
       ("agranulocytosis", "anaphylaxis")),
    _P("warfarin", "drug", "5 mg", "oral", "od", "######", "af", ("bleeding",), 50),
    _P("apixaban", "drug", "5 mg", "oral", "bid", "@@@###@", "af", ("bleeding",), 50),
    _P("enoxaparin", "drug", "40 mg/0.4 mL", "sc", "od", "#@###", "vte", ("bleeding",)),
    _P("lisinopril", "drug", "10 mg", "oral", "od", "@#####@", "hypertension",
       ("angioedema",), 35),
    _P("metformin", "drug", "850 mg", "oral", "tid", "@@####", "diabetes",
       ("lactic_acidosis",), 35),
    _P("sertraline", "drug", "50 mg", "oral", "od", "@####", "depression", ("hyponatraemia",)),
    _P("ceftriaxone", "drug", "2 g", "iv", "od", "@###@##", "infection", ("anaphylaxis",)),
    _P("ciprofloxacin", "drug", "500 mg", "oral", "bid", "####@", "infection",
       ("tendon_rupture", "anaphylaxis")),
    _P("methotrexate", "drug", "15 mg", "oral", "weekly", "@@###@", "arthritis",
       ("dili", "agranulocytosis")),
)  # fmt: skip

# Days from the first exposure to the onset of each reaction.
ONSET_DAYS: dict[str, tuple[int, int]] = {
    "anaphylaxis": (0, 0),
    "syncope": (0, 0),
    "pyrexia": (0, 2),
    "injection_site": (0, 3),
    "myocarditis": (1, 5),
    "bells_palsy": (2, 20),
    "tts": (5, 20),
    "gbs": (7, 30),
    "febrile_seizure": (0, 10),
    "resp_depression": (0, 3),
    "dili": (10, 60),
    "rhabdo": (14, 90),
    "sjs": (5, 28),
    "hyponatraemia": (7, 30),
    "agranulocytosis": (20, 90),
    "bleeding": (10, 120),
    "angioedema": (1, 300),
    "lactic_acidosis": (30, 200),
    "tendon_rupture": (3, 14),
}

# Scenarios where the patient is usually admitted to hospital, and how often.
HOSPITALISATION: dict[str, float] = {
    "anaphylaxis": 0.6,
    "syncope": 0.15,
    "pyrexia": 0.05,
    "injection_site": 0.0,
    "myocarditis": 0.9,
    "bells_palsy": 0.3,
    "tts": 1.0,
    "gbs": 1.0,
    "febrile_seizure": 0.7,
    "resp_depression": 0.9,
    "dili": 0.8,
    "rhabdo": 0.9,
    "sjs": 1.0,
    "hyponatraemia": 0.8,
    "agranulocytosis": 0.9,
    "bleeding": 0.9,
    "angioedema": 0.7,
    "lactic_acidosis": 1.0,
    "tendon_rupture": 0.2,
}

# Concomitant medicines with their doses: not PHI.
CONMEDS: tuple[str, ...] = (
    "amlodipine 5 mg",
    "ramipril 2.5 mg",
    "omeprazole 20 mg",
    "simvastatin 40 mg",
    "levothyroxine 75 mcg",
    "bisoprolol 2.5 mg",
    "salbutamol 100 mcg inhaler",
    "aspirin 75 mg",
    "furosemide 40 mg",
    "vitamin D3 800 IU",
    "metformin 500 mg",
    "paracetamol 1 g",
)


def fill_pattern(rng: random.Random, pattern: str) -> str:
    """A code following ``pattern``: ``@`` becomes a letter, ``#`` a digit."""
    out = []
    for ch in pattern:
        if ch == "@":
            out.append(rng.choice(string.ascii_uppercase))
        elif ch == "#":
            out.append(rng.choice(string.digits))
        else:
            out.append(ch)
    return "".join(out)


def products_for_age(years: float) -> list[Product]:
    """Products a patient of this age could plausibly have received."""
    return [p for p in PRODUCTS if p.min_age <= years <= p.max_age]
