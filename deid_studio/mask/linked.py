"""Numbers of linked reports, pseudonymised consistently across a project.

A narrative often names other reports of the same case or of the same reporter ("linked to
case VAERS 1772130", "Linked Report(s) : US-PFIZER INC-2021018407", "US-FDA-2021-312213").
They are not PHI by themselves (the detector's rules leave them alone), but they lead back
to the source database. With the policy's ``linked_reports`` set to ``pseudonymise``, each
is replaced by a pseudonym of the same shape — letters, separators and the number of digits
kept, every digit drawn from a keyed hash (HMAC-SHA256 under the project's secret) of the
whole number — so the same number gets the same pseudonym in every report of the project:
the links between exported reports survive, the original numbers do not.
"""

from __future__ import annotations

import hashlib
import hmac

import regex

from deid_studio.mask.text import normalise

CATEGORY = "LINKED_REPORT"
"""The category a linked report number is masked as (not a category of any scheme)."""

_E2B = regex.compile(
    r"(?<![\p{L}\p{N}])[A-Z]{2}-[A-Z](?:[A-Z0-9&., ]{0,30}[A-Z0-9.]|[A-Za-z0-9]{1,30})"
    r"(?:-[A-Za-z0-9]{1,20})*(?:-[A-Z0-9]*\d{4,}[A-Z0-9]*| \d{6,})(?![\p{L}\p{N}])"
)
"""An E2B worldwide case number: country, sender, then the sender's number ("US-PFIZER
INC-2021018407", "US-GLAXOSMITHKLINE-US2020AMR253265", "US-FDA-2021-312213",
"US-MODERNATX, INC.-MOD-2021-123456"; a sender in mixed case is one word: "DE-BfArM-21-123456";
the number after a blank when it has six digits or more: "GB-MHRA-ADR 12345678")."""
_CUE_WORDS = (
    # English
    r"VAERS(?:\s+(?:ID|report|case))?|linked(?:\s+(?:to|with))?(?:\s+(?:case|report))?"
    r"|case(?:\s+(?:number|no\.?|ID|\#))?|cross[- ]reference|reference|AER|mfr\.?"
    r"|manufacturer\s+(?:report|control)\s+(?:number|no\.?)"
    # French, Spanish, German, Italian, Portuguese: case, file, reference, report
    r"|cas|dossier|r[ée]f[ée]rence|d[ée]claration|caso|expediente|referencia|notificaci[óo]n"
    r"|Fall(?:nummer|-?Nr\.?)?|Aktenzeichen|Referenz|Meldung|segnalazione|riferimento"
    r"|refer[êe]ncia|notifica[çc][ãa]o"
    # the national and European databases a report number belongs to
    r"|CRPV|BNPV|FEDRA|EudraVigilance|MHRA|Yellow\s+Card|HPRA|PEI|BfArM|AEMPS|ANSM"
    r"|Lareb|VigiBase|WHO-UMC"
)
_CUED = regex.compile(
    rf"(?i:\b(?:{_CUE_WORDS})\s*(?:\#|:|no\.?|n[°º]|nr\.?)?\s*)"
    r"(?P<number>(?-i:[A-Z]{0,6}\d[A-Z0-9]*\d(?![\p{L}\p{N}])))"
)
"""A report number after a word that announces one, in English or another European
language, or after the database it belongs to ("VAERS 1772130", "case 2021SA003660", "cas
CRPV 257581", "FEDRA 123456", "Fall-Nr. 2021004711")."""
MIN_DIGITS = 6
_ENOUGH_DIGITS = regex.compile(r"\d(?:[A-Z]*\d){5}")
"""Six digits in a run of digits and capitals: what a cued number needs (:data:`MIN_DIGITS`)
and most narratives lack; a cheap look before :data:`_CUED`'s costly one."""


def linked_numbers(text: str) -> list[tuple[int, int]]:
    """Where linked report numbers are, as (start, end), in reading order, not overlapping."""
    found = [m.span() for m in _E2B.finditer(text)]
    if not _ENOUGH_DIGITS.search(text):
        return sorted(found)
    for m in _CUED.finditer(text):
        start, end = m.span("number")
        number = text[start:end]
        if sum(c.isdigit() for c in number) < MIN_DIGITS or _compact_date(number):
            continue
        if not any(a <= start and end <= b for a, b in found):
            found.append((start, end))
    return sorted(found)


def _compact_date(number: str) -> bool:
    """An eight-digit run that reads as a date ("20201222"): a date rule's, not a number."""
    if len(number) != 8 or not number.isdigit():
        return False
    year, month, day = int(number[:4]), int(number[4:6]), int(number[6:])
    return 1900 <= year <= 2100 and 1 <= month <= 12 and 1 <= day <= 31


def pseudonym(secret: bytes, number: str) -> str:
    """``number`` with every digit replaced from a keyed hash of the whole number (letters and
    separators kept); never the number itself."""
    for attempt in range(100):
        message = f"linked-report\x00{normalise(number)}\x00{attempt}".encode()
        digest = hmac.new(secret, message, hashlib.sha256).digest()
        digits = iter(str(b % 10) for b in digest * 4)
        out = "".join(next(digits) if c.isdigit() else c for c in number)
        if out != number:
            return out
    raise ValueError(f"no pseudonym found for {number!r}")  # pragma: no cover (1e-100)
