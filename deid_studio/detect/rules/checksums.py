"""Numbers whose own check digits say what they are: payment cards, IBANs, national IDs.

``python-stdnum`` validates the check digit of each standard (Luhn for payment cards, ISO
7064 mod 97 for IBANs, the letter of a Spanish DNI or NIE, the structure of a US SSN, the
key of a French social security number, the check letter of an Italian codice fiscale,
the EAN-13 digit of a Swiss AHV number, the mod 97 of a Belgian national number, a
Brazilian CPF's, an Argentinian CUIT's and a Mexican CURP's check digits), so
these need no key before them: a 16-digit number that passes Luhn and starts like a card is
one. A random number passes Luhn one time in ten, so a card number must also have a card's
length and leading digits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import regex
from stdnum import iban, luhn
from stdnum.ar import cuit
from stdnum.be import nn
from stdnum.br import cpf
from stdnum.ch import ssn as ahv
from stdnum.es import dni, nie
from stdnum.fr import nir
from stdnum.it import codicefiscale
from stdnum.mx import curp
from stdnum.us import ssn

from deid_studio.detect.rules.anchors import digit_runs
from deid_studio.detect.rules.base import MAX_LENGTH, Finder, RuleHit, matches_at

_CARD = regex.compile(
    r"(?<![\d-])[0-6]\d{3}(?:[ -]?\d{2,4}){2,4}(?![\d-])|(?<![\d-])[0-6]\d{11,18}(?!\d)"
)
_CARD_FIRST = "0123456"
_ISSUERS: tuple[tuple[str, str, frozenset[int]], ...] = (
    ("1800", "1800", frozenset({15})),  # JCB's fifteen digits
    ("2131", "2131", frozenset({15})),
    ("2221", "2720", frozenset({16})),  # Mastercard's 2-series
    ("3", "6", frozenset(range(13, 20))),  # Amex, Visa, Mastercard, Discover, JCB...
    ("0604", "0604", frozenset({12})),  # Maestro's twelve digits
    ("5018", "5018", frozenset({12})),
    ("5020", "5020", frozenset({12})),
    ("5038", "5038", frozenset({12})),
    ("56", "58", frozenset({12})),
    ("6304", "6304", frozenset({12})),
    ("6390", "6390", frozenset({12})),
    ("6759", "6759", frozenset({12})),
    ("6761", "6763", frozenset({12})),
)
"""Where a card number starts (inclusive ranges of leading digits) and how long it is, by
issuer: a number passing Luhn outside these is no card."""
_IBAN = regex.compile(
    r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ ]?[A-Za-z0-9]{4}){2,7}(?:[ ]?[A-Za-z0-9]{1,4})?"
    r"(?![A-Za-z0-9])"
)
_DNI = regex.compile(r"(?<![\w-])(?:\d{8}|[XYZ]\d{7})[- ]?[A-Z](?![\w-])")
_SSN = regex.compile(r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])")
_NIR = regex.compile(  # sex, year, month, department (2A/2B: Corsica), town, order, key
    r"(?<![\w-])[12] ?\d{2} ?\d{2} ?(?:\d{2}|2[ABab]) ?\d{3} ?\d{3} ?\d{2}(?![\w-])"
)
_CODICE_FISCALE = regex.compile(  # surname, name, year, month letter, day, town, check letter
    r"(?<![\w-])[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z](?![\w-])"
)
_AHV = regex.compile(r"(?<![\w.-])756\.?\d{4}\.?\d{4}\.?\d{2}(?![\w-]|\.\d)")
_BELGIAN = regex.compile(r"(?<![\w.-])\d{2}\.\d{2}\.\d{2}-\d{3}\.\d{2}(?![\w-]|\.\d)")
_CPF = regex.compile(r"(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-]|\.\d)")
_CUIT = regex.compile(r"(?<![\w.-])(?:20|23|24|27|30|33|34)-\d{8}-\d(?![\w-])")
_CURP = regex.compile(r"(?<![\w-])[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d(?![\w-])")
_SHAPES: tuple[
    tuple[Callable[[str, int, int], bool], regex.Pattern[str], Callable[[str], bool]], ...
] = (
    # where its first run of digits may stand, the number's shape, its check
    (lambda t, s, e: t[s] in "12" and (e - s in (1, 13, 15)), _NIR, nir.is_valid),
    (lambda t, s, e: t[s : s + 3] == "756", _AHV, ahv.is_valid),
    (lambda t, s, e: e - s == 2 and t[e : e + 1] == ".", _BELGIAN, nn.is_valid),
    (lambda t, s, e: e - s == 3 and t[e : e + 1] == ".", _CPF, cpf.is_valid),  # Brazil's
    (lambda t, s, e: e - s == 2 and t[e : e + 1] == "-", _CUIT, cuit.is_valid),  # Argentina's
)
"""National numbers written in their own shape, with no key needed before them: one random
number in 97 passes a French or Belgian key, one in ten the Swiss one, which must start 756
as well."""


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def _issued(number: str) -> bool:
    """Whether a card of some issuer starts so and is so long."""
    return any(
        len(number) in lengths and low <= number[: len(low)] <= high
        for low, high, lengths in _ISSUERS
    )


def _cards(text: str, runs: list[tuple[int, int]]) -> Iterator[RuleHit]:
    """Each card number at a run of digits: past a card only, not past a number that failed
    its checks, which may hold a card's start ("in 2021 4454794511390933")."""
    end = 0
    for start, stop in runs:
        if start < end or stop - start < 4 or text[start] not in _CARD_FIRST:
            continue
        match = _CARD.match(text, start, start + MAX_LENGTH)
        if match is None:
            continue
        number = _digits(match.group())
        if _issued(number) and luhn.is_valid(number):
            end = match.end()
            yield RuleHit(*match.span(), "ID", "card_number")


def _ibans(text: str, runs: list[tuple[int, int]]) -> Iterator[RuleHit]:
    starts = [  # the country's two letters
        s - 2 for s, e in runs if e - s >= 2 and s >= 2 and text[s - 2 : s].isalpha()
    ]
    for match in matches_at(_IBAN, text, starts):
        if iban.is_valid(match.group()):
            yield RuleHit(*match.span(), "ID", "iban")


def _national(text: str, runs: list[tuple[int, int]]) -> Iterator[RuleHit]:
    starts = [p for s, e in runs if 7 <= e - s <= 8 for p in (s - 1, s) if p >= 0]  # "X1234567L"
    for match in matches_at(_DNI, text, starts):
        code = match.group()
        if dni.is_valid(code) or nie.is_valid(code):
            yield RuleHit(*match.span(), "ID", "national_id")
    starts = [s for s, e in runs if e - s == 3 and text[e : e + 1] == "-"]
    for match in matches_at(_SSN, text, starts):
        if ssn.is_valid(match.group()):
            yield RuleHit(*match.span(), "ID", "national_id")
    for may_start, pattern, valid in _SHAPES:
        starts = [s for s, e in runs if may_start(text, s, e)]
        for match in matches_at(pattern, text, starts):
            if valid(match.group()):
                yield RuleHit(*match.span(), "ID", "national_id")
    starts = [s - 6 for s, e in runs if e - s == 2 and s >= 6 and text[s - 6 : s].isupper()]
    for match in matches_at(_CODICE_FISCALE, text, starts):
        if codicefiscale.is_valid(match.group()):
            yield RuleHit(*match.span(), "ID", "national_id")
    starts = [s - 4 for s, e in runs if e - s == 6 and s >= 4 and text[s - 4 : s].isupper()]
    for match in matches_at(_CURP, text, starts):  # a Mexican person's key
        if curp.is_valid(match.group()):
            yield RuleHit(*match.span(), "ID", "national_id")


def find_checked(text: str, language: str | None) -> list[RuleHit]:
    """Every payment card number, IBAN and national ID whose check digits hold: each
    pattern tried only where its digits start."""
    runs = digit_runs(text)
    if not runs:
        return []
    return [*_cards(text, runs), *_ibans(text, runs), *_national(text, runs)]


CHECKSUM_FINDER = Finder(
    "checksums",
    find_checked,
    {"card_number": 0.95, "iban": 0.99, "national_id": 0.95},
    (
        "What is the limit for card [4454794511390933]?",
        "card [4111 1111 1111 1111] expired",
        "I have lost my card [180016070420458]. Could you",  # JCB
        "billing date of my card [2623322164608847]",  # Mastercard's 2-series
        "What is the limit for card [501864667909]?",  # Maestro
        "my iban is [gb42nawi04454264788619]",
        "Paid in 2021 [4454794511390933] by phone; valid 12/2025 [4111 1111 1111 1111] used",
        "IBAN [DE89 3704 0044 0532 0130 00] for",
        "transfer to [GB82WEST12345698765432] now",
        "DNI [12345678Z] del paciente",
        "SSN [536-90-4399] on file",
        "Assurée sociale [2 69 05 49 588 157 80], née en 1969.",  # a French NIR
        "NIR [185057800608491] du patient",
        "Il codice [RSSMRA50C52A944Q] risulta nel fascicolo.",
        "versichert unter [756.9217.0769.85] bei der Kasse",  # a Swiss AHV number
        "Rijksregister [85.07.30-033.28] (België)",
        "CPF [529.982.247-25] da paciente",
        "con CUIL [20-17254359-7] y",
        "la clave [PEGJ800101HJCRRN09] del paciente",
    ),
    (
        "lot 4454794511390934 failed",  # fails Luhn
        "order 1234567812345678",
        "batch 180016070420459 failed",  # fails Luhn
        "lot 100000000008 kept",  # passes Luhn, no issuer's
        "ref 2000000000000006 kept",
        "DE89 is no IBAN",
        "12345678A no DNI",
        "dates 2020-12-2021",
        "NIR 185057800608436 faux",  # its key fails
        "code RSSMRA50C52A944X faux",  # its check letter fails
        "Nummer 756.9217.0769.84 falsch",
        "le 85.07.30-033.29 faux",
        "phone 2 69 05 49 58",
        "valor 529.982.247-26 falso",
        "código 20-17254359-8 falso",
    ),
)
