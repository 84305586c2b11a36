"""Vehicles' registration plates after their key (``id_vehicle``), one of HIPAA's
identifiers: "Vehicle reg AB12 CDE", "number plate AB12 CDE", "Kennzeichen: M-AB 1234",
"matrícula del coche 1234 BCD", "immatriculation AB-123-CD", "targa AB123CD", "placa do
carro ABC1D23". A plate is written in groups of capitals and digits that a blank or a
hyphen parts, which the ID rules' codes (one run, a blank only before digits) cut short.
A passenger's seat after its word (``id_seat``: "seat 32B", "asiento 14C"), which a dose's
guard read as 14 °C.
"""

from __future__ import annotations

import regex

from deid_studio.detect.rules.base import Finder, RuleHit
from deid_studio.detect.rules.words import Cues, register_triggers, word_index

_VEHICLE = (
    r"(?i:coche|veh[íi]culo|auto(?:m[óo]vil)?|carro|voiture|v[ée]hicule|veicolo|macchina|moto)"
)
_PLATE = regex.compile(
    r"(?i:plate(?:[ \t]+(?:number|no\.?|n[º°o]\.?))?"
    r"|reg(?:istration)?(?:[ \t]+(?:number|no\.?|mark|plate))?"
    r"|vrn|(?:auto)?kennzeichen|nummernschild|matr[íi]cula|placas?"
    r"|immatriculation|targa)"
    rf"(?P<vehicle>[ \t]+(?i:del?|do|da|du|de[ \t]+la|della|del|dell['\u2019])[ \t]*{_VEHICLE})?"
    r"(?:[ \t]+(?i:is|was|number|no\.?|n[º°o]\.?))?[ \t]*[:#.]?[ \t]*"
    r"(?P<plate>(?-i:[A-Z0-9]{1,8}(?:[ -][A-Z0-9]{1,4}){0,3}))(?![\p{L}\p{M}\d]|[.,]\d)"
    r"(?![ \t]*(?:°|º|(?i:mm|cm|grados?|graus?|degrees?|orificios|agujeros|furos|holes)\b))"
)
"""A plate's key and the plate: groups of one to four capitals or digits, a blank or a
hyphen between them; no decimal after it ("placa LCP 3.5") nor a size, an angle or a count of
holes ("DHS 135 grados", "DCP 8 orificios")."""
_NOT_A_PLATE = regex.compile(
    r"(?:[CTLS]\d{1,2}(?:-[CTLS]?\d{1,2})+"
    r"|(?:HLA|COVID|SARS|MERS|HIV|HPV|HSV|HCV|HBV|CYP|BRCA|ICD)(?:-?[A-Z0-9]{1,6}){1,3})"
)
"""What a plate's key is followed by in a medical report: vertebrae ("C5-C6", "L5-S1",
"T12-L1") and the codes of a gene, an antigen or a virus ("HLA-B27", "COVID-19", "CYP2D6"),
whole."""
_VEHICLE_BEFORE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:licen[cs]e|number|registration|car|vehicle|van|truck|lorry"
    r"|motorbike|motorcycle|(?:car|vehicle)['\u2019]s)[ \t]+\Z"
)
"""What makes "plate" and "reg" a plate's key: "licence plate", "car reg" (not "plate 2 of
the study", "reg 40 mg")."""
_VEHICLE_BEFORE_PLACA = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_VEHICLE}|(?i:cami[óo]n|caminh[ãa]o|camioneta|caminhonete))"
    r"(?:[ \t]+(?i:de|do|da|con|com))?[ \t]+\Z"
)
"""What makes "placa" a plate's key without a vehicle's word after it: "el carro de placa",
"camión con placas"."""
_BRAZILIAN_PLATE = regex.compile(r"(?-i:[A-Z]{3}-?\d{4}|[A-Z]{3}\d[A-Z]\d\d)")
"""A Brazilian plate's own shapes, the old ("ABC-1234") and Mercosur's ("ABC1D23"): after
"placa" a plate with or without a vehicle's word, as no surgeon's plate is named."""
_NEEDS_A_VEHICLE = frozenset({"plate", "reg", "registration"})
_PLACA = frozenset({"placa", "placas"})
"""Spanish and Portuguese "placa" is a surgeon's plate ("placa DHS 135", "placa LCP 3.5"),
a vertebra's ("placa C5-C6"), a plaque of the skin or an artery before a car's: a plate's key
only beside a vehicle's word ("placa do carro", "carro de placa") or before a Brazilian
plate's shape (:data:`_BRAZILIAN_PLATE`)."""
_TRIGGERS = frozenset(
    "plate reg registration vrn kennzeichen autokennzeichen nummernschild matrícula matricula "
    "placa placas immatriculation targa".split()
)
"""The keys' first words, which :func:`word_index` finds: the pattern is tried there."""


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _TRIGGERS


def find_plates(text: str, language: str | None) -> list[RuleHit]:
    """Every plate after its key: capitals and digits both in it ("M-AB 1234", not a
    licence's "Matrícula: 28/12345" nor "Kennzeichen einer Sepsis"), no vertebra's or
    gene's code (:data:`_NOT_A_PLATE`), and a vehicle's word before an English key that is a
    word too ("number plate", "car reg") or beside "placa" (:data:`_PLACA`)."""
    index = word_index(text, language)
    found: list[RuleHit] = []
    for word in _TRIGGERS.intersection(index):
        for start in index[word]:
            if word in _NEEDS_A_VEHICLE and not _VEHICLE_BEFORE.search(
                text, max(0, start - 24), start
            ):
                continue
            match = _PLATE.match(text, start)
            if match is None:
                continue
            if (
                word in _PLACA
                and match.group("vehicle") is None
                and not _VEHICLE_BEFORE_PLACA.search(text, max(0, start - 24), start)
                and not _BRAZILIAN_PLATE.fullmatch(match.group("plate"))
            ):
                continue
            plate = match.group("plate")
            characters = plate.replace(" ", "").replace("-", "")
            if (
                4 <= len(characters) <= 10
                and _NOT_A_PLATE.fullmatch(plate) is None
                and any(c.isdigit() for c in plate)
                and any(c.isalpha() for c in plate)
            ):
                found.append(RuleHit(*match.span("plate"), "ID", "id_vehicle"))
    return sorted(found)


PLATE_FINDER = Finder(
    "vehicle plates",
    find_plates,
    {"id_vehicle": 0.9},
    (
        "Vehicle reg [AB12 CDE] was involved; his number plate [AB12 CDE]",
        "License plate: [7ABC123]; car registration [AB12CDE]",
        "Kennzeichen: [M-AB 1234]; matrícula del coche [1234 BCD]",
        "immatriculation [AB-123-CD]; targa [AB123CD]; placa do carro [ABC1D23]",
        "el carro de placa [ABC-123] lo atropelló",
        "motorista, placa [ABC-1234], envolvido em acidente; placa [BRA2E19]",
    ),
    (
        "Matrícula: 28/12345; Kennzeichen einer Sepsis; la placa de ateroma",
        "placa C5-C6; placa DHS 135; placa LCP 3.5; Kennzeichen: HLA-B27; placa LCP 35",
        "plate 2 of the study; reg 40 mg; registration 2021; the registration number 12345",
    ),
)


_SEAT = regex.compile(
    r"(?i:seat|asiento|si[èe]ge|sitzplatz|posto)(?:[ \t]*(?i:no\.?|number|nr\.?|n[º°]\.?|\#))?"
    r"[ \t]*:?[ \t]*(?P<seat>(?-i:\d{1,2}[A-K]))(?![\p{L}\p{M}\d/])"
)
"""A passenger's seat after its word: a row and a letter ("seat 32B", "in seat 23C", "asiento
14C"); not a count ("seat 2 times", "car seat 3")."""
_SEAT_TRIGGERS = frozenset({"seat", "asiento", "siège", "siege", "sitzplatz", "posto"})
_SEATS = Cues(_SEAT, _SEAT_TRIGGERS)


@register_triggers
def _seat_triggers(language: str | None) -> frozenset[str]:
    return _SEAT_TRIGGERS


def find_seats(text: str, language: str | None) -> list[RuleHit]:
    """Every seat :data:`_SEAT` finds where the word index has its word."""
    seats = _SEATS.finditer(text, word_index(text, language))
    return [RuleHit(*match.span("seat"), "ID", "id_seat") for match in seats]


SEAT_FINDER = Finder(
    "seats",
    find_seats,
    {"id_seat": 0.9},
    ("Passenger Lin Wei, seat [32B], flight CA981", "in seat [23C] on United; asiento [14C]"),
    ("seat 2 times a day", "car seat 3", "seat belt", "the seat 12"),
    guarded=False,
)


_AIRLINES = (
    "United|Delta|American|Southwest|JetBlue|Alaska|Spirit|Frontier|Hawaiian|Allegiant"
    "|Lufthansa|Air France|British Airways|Iberia|KLM|Ryanair|easyJet|Emirates|Qatar"
    "|Qatar Airways|Air Canada|WestJet|Swiss|Austrian|Brussels Airlines|ITA|Alitalia|TAP"
    "|Vueling|Air Europa|LATAM|Avianca|Aeromexico|Aeroméxico|Copa|Qantas|ANA|JAL"
    "|Cathay Pacific|Singapore Airlines|Turkish Airlines|Etihad|Eurowings|Condor|Azul|GOL"
)
"""Airlines by the names reports write before a flight's number ("United 887")."""
_AIRLINE_CODES = (
    "UA|DL|AA|WN|B6|AS|NK|F9|HA|G4|LH|AF|BA|IB|KL|FR|U2|EK|QR|AC|WS|LX|OS|SN|AZ|TP|VY|UX|LA"
    "|AV|AM|CM|QF|NH|JL|CX|SQ|TK|EY|EW|DE|AD|G3"
)
"""The same airlines' two-character codes, before a flight's number ("UA 887", "DL1234")."""
_FLIGHT = regex.compile(
    # after "flight" and its number's word, an airline's code and its blank too ("flight DL
    # 1234", which the code rule reads only run together)
    r"(?<![\p{L}\p{M}])(?i:flight|flt|vuelo|vol|flug|volo|voo)(?:[ \t]+(?i:no\.?|number|nr\.?"
    r"|n[º°]\.?|\#))?[ \t]*:?[ \t]*(?P<flight>(?-i:[A-Z]{2}|[A-Z]\d|\d[A-Z])[ \t]\d{1,4}[A-Z]?)"
    # an airline's name or code and a number of three or four digits after a word of
    # travelling ("on United 887", "on UA 887 to Beijing", "aboard Delta 1234"; not "on Delta
    # 8", a cannabis product, "took American 3 weeks")
    rf"|(?<![\p{{L}}\p{{M}}])(?i:on|aboard|via|flew|booked|took)[ \t]+(?:(?i:a|the)[ \t]+)?"
    rf"(?P<flight>(?-i:{_AIRLINES}|{_AIRLINE_CODES})[ \t]?\d{{3,4}})"
    r"(?![\p{L}\p{M}\d.,/:]|[ \t]*(?i:mg|mcg|ml|units?|iu|h|hours?|min|minutes?|am|pm|°)\b)"
)
"""A flight's number where the code rule cannot read it: an airline's code and a blank before
the digits after "flight", or an airline's name or code after a word of travelling."""
_FLIGHT_TRIGGERS = frozenset(
    "flight flt vuelo vol flug volo voo on aboard via flew booked took".split()
)
_FLIGHTS = Cues(_FLIGHT, _FLIGHT_TRIGGERS)


@register_triggers
def _flight_triggers(language: str | None) -> frozenset[str]:
    return _FLIGHT_TRIGGERS


def find_flights(text: str, language: str | None) -> list[RuleHit]:
    """Every flight :data:`_FLIGHT` finds where the word index has its word."""
    flights = _FLIGHTS.finditer(text, word_index(text, language))
    return sorted({RuleHit(*match.span("flight"), "ID", "id_flight_airline") for match in flights})


FLIGHT_FINDER = Finder(
    "flights",
    find_flights,
    {"id_flight_airline": 0.9},
    (
        "flight [DL 1234] to Atlanta; vuelo [IB 3166]",
        "Passenger in seat 23C on [United 887] had anaphylaxis; on [UA 887] to Beijing",
    ),
    (
        "on United Healthcare since 2019",
        "on AA 2 times",
        "on Delta 8 variant",
        "flight 2 hours later",
        "took American 3 weeks",
        "on UA 500 mg",
    ),
)
