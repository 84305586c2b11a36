"""Phone and fax numbers of every country, as Google's libphonenumber finds them.

``phonenumbers`` (the Python port of libphonenumber) knows the numbering plan of every
country: which lengths and prefixes a valid number has, how it is grouped, and what is a
date or a page range rather than a number. Its matcher is run over the narrative with the
regions its language implies (Spanish: Spain, Mexico, Argentina...; unknown: one region per
language), at the leniency ``POSSIBLE`` (a number of a possible length for its region). A
number valid in its region's numbering plan is a ``phone_number`` (confidence 0.95); a merely
possible one only when written in phone groups ("612 34 56 78"), not as a bare run of digits
(a case number), a decimal (a temperature) or with a year, and is a ``phone_possible`` (0.8).
On the labelled corpora of ``benchmarks/cold_start.py`` the rules then catch 0.806 of the
phone numbers with one false hit, against 0.754 with ``VALID`` alone. The matcher is pure
Python and slow on long texts, so it only sees the stretches that could be a number: seven
digits or more among phone characters.

The regex rules of :mod:`.contacts` stay: they know keys ("Tel.:", "Fax:") and extensions
written as hospitals write them ("ext 1530", internal four-digit numbers after a key),
and a key decides PHONE or FAX. This finder's hits compete with theirs (the longer wins).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, lru_cache

import phonenumbers
import regex

from deid_studio.detect.rules.base import NUMBER_WORD, NUMBER_WORDS, Finder, RuleHit, alternation

REGIONS: Mapping[str, tuple[str, ...]] = {
    "en": ("US", "GB", "CA", "AU", "IE"),
    "es": ("ES", "MX", "AR", "CO", "CL"),
    "fr": ("FR", "BE", "CH", "CA"),
    "de": ("DE", "AT", "CH"),
    "pt": ("PT", "BR"),
    "it": ("IT", "CH"),
    "nl": ("NL", "BE"),
    "sv": ("SE",),
}
"""Where a narrative in each language is likely to come from, hence whose numbering plans
its numbers follow (a number with its "+" country code is read whatever the region)."""

LENIENCY = phonenumbers.Leniency.POSSIBLE
_CANDIDATE = regex.compile(r"\+?\(?\d[\d \t().\-/]{5,24}\d(?:[ \t]*(?:ext\.?|x|#)[ \t]*\d{1,5})?")
_DIGIT = regex.compile(r"\d")
_BLANK = regex.compile(r"[ \t]")
_CONTEXT = 3  # characters of context the matcher sees around a candidate


@cache
def _regions(language: str | None) -> tuple[str, ...]:
    if language in REGIONS:
        return tuple(dict.fromkeys((*REGIONS[language], "US")))
    return tuple(dict.fromkeys(regions[0] for regions in REGIONS.values()))


_ID_KEY = regex.compile(
    r"(?ri)\b(?:(?:id|vaers|case|report|lot|batch|nhc|mrn|record|ref|serial|sn|nº|(?-i:No|NO))"
    r"[\s.:#-]{0,4}|no[.:#][\s.:#-]{0,3})\Z"
)
"""A number right after an identifier's key is an identifier, whatever its length. A
lower-case "no" is one only with its point, colon or hash: alone it is the Portuguese "in
the" ("contatado no (11) 98765-4321") or the Spanish "not"."""
_CODE_BEFORE = regex.compile(r"(?r)\b(?!TEL|FAX)[A-Z]{2,}(?:-[A-Z0-9]+)+[ \t]?\Z")
"""Nor after a report's code: "linked to case GB-MHRA-ADR 02600748"."""
_KEY = regex.compile(r"(?r)([\p{L}º°.]+)[ \t]*:[ \t]*\(?\+?\Z")
_PHONE_KEY = regex.compile(
    r"(?i)tel|tlf|tfno|phone|fono|fax|m[oó]vil|mobil|cell|handy|portable|kontakt|contact|"
    r"ruf|appel|llamar|call|n[uú]mero|number|nummer|d[ée]clarant|reporter|notificante|"
    r"notificador|melder|contacto|kontaktdaten|contato|cel|whats|ligar|recado|telefono|"
    r"cellulare|recapito|richiamat|retorno"
)
"""A number after another key ("NHC:", "NASS:", "Nº Col:") is that key's, not a phone;
the regex rules read numbers after phone keys."""
_PHONE_WORDS = (
    r"tel|t[ée]l[ée]phone|tel[ée]fono|telefon|telefone|phone|fax|m[oó]vil|mobile|portable"
    r"|handy|cell"
)
"""A phone's words: before a bare number on its line (:data:`_PHONE_WORD_BEFORE`) and first in
a key (:data:`_PHONE_BEFORE_KEY`)."""
_PHONE_BEFORE_KEY = regex.compile(
    rf"(?ri)\b(?:{_PHONE_WORDS}|mobil|celular|cellulare|whatsapp)\.?"
    r"(?:[ \t]+[\p{L}'\u2019]+){0,3}[ \t]+\Z"
)
"""A phone's word earlier in the key: "Celular do marido:", "Phone of daughter:", "Tel.
Ehefrau:" key their numbers though their last word is a relative's."""


_NOT_A_NUMBER = regex.compile(
    # vital signs and fractions ("55 98/59 59 16"), not an area code's slash ("0664/1234567")
    r"(?!(?:0\d{2,5}|3\d\d)[ \t]?/[ \t]?\d[\d \t\-]{3,}$).*/.*"
    r"|\d{1,2}\.\d{1,2}\.\d{2,4}\b.*"  # a date first: "01.03.2021 8"
    r"|\d{4,5}-\d{3,4}-\d{1,2}"  # an NDC drug code: "65862-641-69"
    r"|(?:[01]\d|2[0-3])[0-5]\d\s*-\s*(?:[01]\d|2[0-3])[0-5]\d"  # hours: "0630-1900"
)


def _candidates(text: str) -> Iterator[tuple[int, int]]:
    position = 0
    while (match := _CANDIDATE.search(text, position)) is not None:
        position = match.end()
        if len(_DIGIT.findall(match.group())) < 7:
            continue
        if _NOT_A_NUMBER.fullmatch(match.group().strip().removeprefix("(")):
            # a date or a fraction before a number ("le 09/05/2021 (0134757843)"): look
            # again after the blank that follows the last slash
            slash = match.group().rfind("/")
            after = _BLANK.search(text, match.start() + slash, match.end()) if slash >= 0 else None
            if after is not None:
                position = after.end()
            continue
        before = max(0, match.start() - 24)
        if any(p.search(text, before, match.start()) for p in (_ID_KEY, _CODE_BEFORE)):
            continue
        key = _KEY.search(text, before, match.start())
        if (
            key is not None
            and not _PHONE_KEY.search(key.group(1))
            and not _PHONE_BEFORE_KEY.search(text, max(0, key.start() - 40), key.start())
        ):
            continue
        yield match.span()


def find_phones(text: str, language: str | None) -> list[RuleHit]:
    """Every phone number libphonenumber finds, in the regions of ``language``."""
    found: dict[tuple[int, int], RuleHit] = {}
    regions = _regions(language)
    for start, end in _candidates(text):
        offset = max(0, start - _CONTEXT)
        window = text[offset : min(len(text), end + _CONTEXT)]
        for match_start, match_end, rule in _numbers_in(window, regions):
            if window[match_start] == "(" and ")" not in window[match_start:match_end]:
                match_start += 1  # "(0134757843)": the bracket is the sentence's
            span = (offset + match_start, offset + match_end)
            if rule == _BARE:
                if not _PHONE_WORD_BEFORE.search(text, max(0, span[0] - 60), span[0]):
                    continue
                rule = "phone_possible"
            found.setdefault(span, RuleHit(span[0], span[1], "PHONE", rule))
    return sorted(found.values())


_BARE = "bare"
"""A possible number written as a bare run of digits: a phone only after a phone's word."""
_PHONE_WORD_BEFORE = regex.compile(
    rf"(?i)\b(?:{_PHONE_WORDS}|telephoned|phoned|telefonisch)\b[^\n\r]*\Z"
)
"""A phone's word earlier on the line ("a contacté le CRPV par téléphone le 20/03/2021
(0594709853)"): a bare run of digits of a possible length is the number called, though its
region's plan knows no such number."""


@lru_cache(maxsize=4096)
def _numbers_in(window: str, regions: tuple[str, ...]) -> tuple[tuple[int, int, str], ...]:
    """(start, end, rule) of the numbers the matcher finds in ``window``, for the first
    region that finds any: ``phone_number`` when the number is valid in its region's plan,
    ``phone_possible`` when it only has a possible length (kept: a text that repeats a
    stretch costs one matcher run for it). The first region's verdict stands, unless it
    read only a part of the digits and a later region finds a valid number where it found
    none (a Brazilian mobile "(11) 98765-4321" is a possible Portuguese number in part):
    then that region's valid numbers written in groups are taken, and nothing else it finds.
    Reading what the first region rejects as merely possible in the next ones found
    temperatures ("100.6- 100.5"), batch numbers and UPC codes in VAERS narratives."""
    first: tuple[tuple[int, int, str], ...] | None = None
    for region in regions:
        matches = list(phonenumbers.PhoneNumberMatcher(window, region, leniency=LENIENCY))
        if matches:
            found = ((m.start, m.end, _rule(m, region)) for m in matches)
            kept = tuple((start, end, rule) for start, end, rule in found if rule)
            if first is None:
                if any(rule == "phone_number" for _, _, rule in kept) or _digits_read(
                    window, matches
                ):
                    return kept
                first = kept
                continue
            valid = tuple(
                (start, end, rule)
                for start, end, rule in kept
                if rule == "phone_number"
                and not window[start:end].strip("()").isdigit()
                and not _DECIMAL_OR_DATE.search(window[start:end])  # "100.6- 100.5" (fever)
            )
            if valid:  # a later region: its valid numbers written in groups only
                return valid
    return first or ()


def _digits_read(window: str, matches: list[phonenumbers.PhoneNumberMatch]) -> bool:
    """Whether the matches hold every digit of ``window``: no longer number to look for in
    another region's plan."""
    read = sum(len(_DIGIT.findall(m.raw_string)) for m in matches)
    return read >= len(_DIGIT.findall(window))


_GROUPED = regex.compile(r"\+?\(?\d{1,5}\)?(?:[ .-]\(?\d{2,8}\)?){1,5}")
_DECIMAL_OR_DATE = regex.compile(r"\d\.\d(?!\d)|(?:19|20)\d\d|\d-\s|\s-\d")


_OVERSEAS: Mapping[str, tuple[str, ...]] = {"FR": ("GF", "GP", "MQ", "RE", "YT")}
"""Regions dialled like their country's without its code: French Guiana's "0594 94 94 56"
is a French number to a French narrative, though libphonenumber gives it its own plan."""


def _rule(match: phonenumbers.PhoneNumberMatch, region: str) -> str | None:
    """``phone_number`` for a valid number (in the region, or in one of its overseas
    regions); ``phone_possible`` for a possible one written in groups as phone numbers are
    ("612 34 56 78"), not a decimal (a temperature, "101.6") or a year; :data:`_BARE` for a
    possible bare run of digits (a case number, unless a phone's word is before it); None
    otherwise."""
    if phonenumbers.is_valid_number(match.number):
        return "phone_number"
    for overseas in _OVERSEAS.get(region, ()):
        number = phonenumbers.parse(match.raw_string, overseas)
        if phonenumbers.is_valid_number(number):
            return "phone_number"
    raw = match.raw_string
    if _DECIMAL_OR_DATE.search(raw):
        return None
    if _GROUPED.fullmatch(raw):
        return "phone_possible"
    return _BARE if raw.strip("()").isdigit() else None


PHONE_FINDER = Finder(
    "phones",
    find_phones,
    {"phone_number": 0.95, "phone_possible": 0.8},
    (
        "call [301 343-2822] today",
        "Tel [+34 91 336 87 85]",
        "téléphone [01 42 68 53 00]",
        "erreichbar unter [030 1234567]",
        "móvil [612 345 678]",
        "ring [020 7946 0958] (London)",
        "Praxis in Wien [+43 1 5131234]",
        "chiamare il [06 6982 1234]",
        "contacto [11 4123-4567] en Buenos Aires",
        "ligar [21 123 4567] em Lisboa",
        "Coordonnées du déclarant : [01 56 20 21 40], x@y.fr",
        "par téléphone le 09/05/2021 ([01 34 75 78 43]). Le patient",
        "par téléphone le 20/03/2021 ([0594709853]). Mme",
    ),
    (
        "dose 5 mg on 12/24/2020",
        "Lot EL9261 and EK5730",
        "platelets 150000 /uL",
        "BP 120/80, HR 88",
        "VAERS ID 0912345",
        "from 2019-2020",
        "BP 55 98/59 59 16 at rest",
        "on 01.03.2021 8 am",
        "NDC 65862-641-69",
        "shift 0630-1900",
        "NHC: 0134757843",
        "linked to case GB-MHRA-ADR 02600748 (same patient)",
        "reported on 20/03/2021 (0594709853) by the mother",
    ),
)


_DIGIT_WORDS = frozenset(
    "zero oh one two three four five six seven eight nine "  # English
    "cero uno dos tres cuatro cinco seis siete ocho nueve "  # Spanish
    "zéro un deux trois quatre cinq six sept huit neuf "  # French
    "null eins zwei zwo drei vier fünf sechs sieben acht neun "  # German
    "due tre quattro cinque sei sette otto nove "  # Italian
    "um dois duas três sete oito".split()  # Portuguese
)
"""A digit's word in each language a caller reads a number out in."""
_SPOKEN_WORDS = _DIGIT_WORDS | frozenset(NUMBER_WORDS)
_SPOKEN_OR_JOINER = _SPOKEN_WORDS | {"y", "et"}  # "treinta y cuatro", "vingt et un"
_SPOKEN_WORD = rf"(?:{NUMBER_WORD}|{alternation(sorted(_DIGIT_WORDS))})"
_SPOKEN = regex.compile(
    rf"(?i)(?<![\p{{L}}\d]){_SPOKEN_WORD}"
    rf"(?:(?:[ \t]*[,;/.-][ \t]*|[ \t]+){_SPOKEN_WORD}){{3,}}(?![\p{{L}}\d])"
)
_SPOKEN_PART = regex.compile(rf"(?i){_SPOKEN_WORD}")
SPOKEN_DIGITS = 7
"""The fewest digits of a number read out word by word that is a phone's: a local number's
seven ("five five five, two zero one, three three four four" is ten)."""


def find_spoken_phones(text: str, language: str | None = None) -> list[RuleHit]:
    """Phone numbers read out in words, as a call's transcript writes them ("seis cinco
    cuatro, doce, treinta y cuatro, cincuenta y seis", "null eins sieben sechs, zwei drei
    vier"): four number words or more in a row that hold :data:`SPOKEN_DIGITS` digits or
    more (a digit's word one, a ten's or a teen's two). Only a narrative with four number
    words in a row between its blanks is searched (the pattern alone cost ten times more)."""
    blanked = text.casefold().replace(",", " ").replace(";", " ").replace(".", " ")
    words = blanked.replace("-", " ").split()  # str.translate is ten times slower
    if b"\1\1\1\1" not in bytes(map(_SPOKEN_OR_JOINER.__contains__, words)):
        return []  # no four number words in a row
    found = []
    for match in _SPOKEN.finditer(text):
        digits = sum(
            1 if part.group().casefold() in _DIGIT_WORDS else 2
            for part in _SPOKEN_PART.finditer(match.group())
        )
        if digits >= SPOKEN_DIGITS:
            found.append(RuleHit(*match.span(), "PHONE", "phone_spoken"))
    return found


SPOKEN_PHONE_FINDER = Finder(
    "phones read out in words",
    find_spoken_phones,
    {"phone_spoken": 0.9},
    (
        "Caller gave her number as [five five five, two zero one, three three four four].",
        "Teléfono: [seis cinco cuatro, doce, treinta y cuatro, cincuenta y seis].",
        "unter [null eins sieben sechs, zwei drei vier, fünf sechs sieben acht] erreichbar",
        "al numero [zero cinque sette quattro, sei due tre, otto nove uno]",
        "ligar para [nove um dois, três quatro cinco, seis sete oito]",
        "callback [oh-seven-seven-one-two, four-five-six, eight-nine-oh] please",
    ),
    (
        "one or two tablets three or four times a day",
        "two, three, four days later",
        "dos o tres veces al día durante cuatro días",
    ),
)
