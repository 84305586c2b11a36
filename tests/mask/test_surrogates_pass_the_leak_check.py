"""Surrogates never make the leak check refuse a report, whatever the project's secret.

A project draws its secret at random, so a surrogate that spells a PHI string of the case by
chance refuses an export now and then: "Laurie Melton" for Laura Merritt has her initials
"L.M.", "Marjan Koch II" the "M.K." of Meral Kuhl. Over the 40 reports the batch test masks,
300 random secrets refused 43 of the 12,000 maskings before the initials of a surrogate name
were checked against the case (one run of that test in eight failed); these 25 fixed
secrets refused several."""

from __future__ import annotations

from dataclasses import replace

from deid_studio.core.categories import preset
from deid_studio.detect.detector import Detector
from deid_studio.mask import MaskingPolicy
from deid_studio.mask.cases import mask_reports
from deid_studio.services.safe_terms import safe_terms_of
from deid_studio.synth.generator import generate


def test_no_secret_makes_a_surrogate_spell_a_phi_string_of_the_case() -> None:
    documents = [replace(d, spans=()) for d in generate(40, 4)]
    scheme = preset("pv")
    found = Detector(None, scheme).detect([(d.text, d.language) for d in documents])
    reports = [(d, list(f.suggestions)) for d, f in zip(documents, found, strict=True)]
    policy = MaskingPolicy(preset="surrogates")
    refused = []
    for n in range(25):
        secret = f"secret {n}".encode()
        result = mask_reports(reports, policy, secret, scheme, terms=safe_terms_of)
        refused += [(n, m.leaks[0]) for m in result.masked if m.leaks]
    assert refused == []
