"""From rule kinds to the categories of a project's scheme, and rule hits as suggestions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import regex

from deid_studio.core import Scheme, Suggestion
from deid_studio.detect.rules.base import NUMBER_WORD, RuleHit
from deid_studio.detect.rules.matching import confidence, find

_CONTACT = {"PHONE": "CONTACT", "FAX": "CONTACT", "EMAIL": "CONTACT", "URL": "CONTACT"}
_BY_SCHEME: Mapping[str, Mapping[str, str | None]] = {
    "pv": {
        "DATE": "DATE",
        "YEAR": None,  # pv: "any date more precise than a year"
        "AGE": "AGE",
        **_CONTACT,
        "IP": "CONTACT",
        "ID": "ID",
        "POSTCODE": "LOCATION",
        "PERSON": "PATIENT",
        "STAFF": "PROFESSIONAL",
        "RELATIVE": "RELATIVE",
        "STREET": "LOCATION",
        "CITY": "LOCATION",
        "COUNTRY": "LOCATION",
        "INSTITUTION": "ORGANIZATION",
        "ORGANISATION": "ORGANIZATION",
        "ROOM": "LOCATION",
        "PROFESSION": "PROFESSION",
        "NATIONALITY": "OTHER",
        "patient_status": None,  # a marital status, an orientation: readable
    },
    "meddocan": {
        "DATE": "FECHAS",
        "YEAR": "FECHAS",
        "AGE": "EDAD_SUJETO_ASISTENCIA",
        "PHONE": "NUMERO_TELEFONO",
        "FAX": "NUMERO_FAX",
        "EMAIL": "CORREO_ELECTRONICO",
        "URL": "URL_WEB",
        "IP": "DIREC_PROT_INTERNET",
        "ID": "ID_SUJETO_ASISTENCIA",
        "POSTCODE": "TERRITORIO",
        "PERSON": "NOMBRE_SUJETO_ASISTENCIA",
        "STAFF": "NOMBRE_PERSONAL_SANITARIO",
        "RELATIVE": "FAMILIARES_SUJETO_ASISTENCIA",
        "KIN": "FAMILIARES_SUJETO_ASISTENCIA",
        "SEX": "SEXO_SUJETO_ASISTENCIA",
        "STREET": "CALLE",
        "CITY": "TERRITORIO",
        "COUNTRY": "PAIS",
        "INSTITUTION": "HOSPITAL",
        "ORGANISATION": "INSTITUCION",
        "PROFESSION": "PROFESION",
        "NATIONALITY": None,  # annotated inconsistently (ID_SUJETO_ASISTENCIA, PAIS, none)
        # finer, by rule
        "id_insurance": "ID_ASEGURAMIENTO",
        "id_health_card_lettered": "ID_ASEGURAMIENTO",
        "id_licence": "ID_TITULACION_PERSONAL_SANITARIO",
        "id_encounter": "ID_CONTACTO_ASISTENCIAL",
        "age_of_relative": "FAMILIARES_SUJETO_ASISTENCIA",
        "nationality_of_patient": "ID_SUJETO_ASISTENCIA",
        "patient_status": "ID_SUJETO_ASISTENCIA",
        "field_institution": "INSTITUCION",
        "manufacturer": "INSTITUCION",
        "maker_in_brackets": "INSTITUCION",
        "health_centre_named": "CENTRO_SALUD",
    },
    "i2b2-2014": {
        "DATE": "DATE",
        "YEAR": "DATE",
        "AGE": "AGE",
        "PHONE": "PHONE",
        "FAX": "FAX",
        "EMAIL": "EMAIL",
        "URL": "URL",
        "IP": "IPADDR",
        "ID": "IDNUM",
        "POSTCODE": "ZIP",
        "PERSON": "PATIENT",
        "STAFF": "DOCTOR",
        "RELATIVE": "PATIENT",
        "STREET": "STREET",
        "CITY": "CITY",
        "COUNTRY": "COUNTRY",
        "INSTITUTION": "HOSPITAL",
        "ORGANISATION": "ORGANIZATION",
        "ROOM": "ROOM",
        "PROFESSION": "PROFESSION",
        "NATIONALITY": None,
        "patient_status": None,
        "state_zip": "STATE",
        "id_record": "MEDICALRECORD",
        "id_insurance": "HEALTHPLAN",
        "id_health_card_lettered": "HEALTHPLAN",
        "id_ssn_shape": "SSN",
        "id_licence": "LICENSE",
        "id_account": "ACCOUNT",
        "id_device": "DEVICE",
    },
}
_NAMED_ONLY = frozenset({"manufacturer", "maker_in_brackets"})
"""Rules whose hits are PHI only where a preset's table names them: MEDDOCAN annotates a
product's maker as an institution; elsewhere a maker is no PHI ("Pfizer" stays readable),
and the hit is a feature of the CRF only."""
# Any other scheme: the first of these names the scheme has (the rule's own name first, then
# its kind's). Presidio's entity names are among them (DATE_TIME, PHONE_NUMBER, IP_ADDRESS...):
# a project importing Presidio's format keeps them as its categories.
_FALLBACK: Mapping[str, tuple[str, ...]] = {
    "DATE": ("DATE", "FECHAS", "DATE_TIME"),
    "YEAR": ("YEAR", "DATE", "DATE_TIME"),
    "AGE": ("AGE",),
    "PHONE": ("PHONE", "PHONE_NUMBER", "CONTACT"),
    "FAX": ("FAX", "PHONE", "PHONE_NUMBER", "CONTACT"),
    "EMAIL": ("EMAIL", "EMAIL_ADDRESS", "CONTACT"),
    "URL": ("URL", "DOMAIN_NAME", "CONTACT"),
    "IP": ("IPADDR", "IP", "IP_ADDRESS", "URL", "CONTACT"),
    "ID": ("ID", "IDNUM"),
    "card_number": ("CREDIT_CARD", "ID", "IDNUM"),
    "iban": ("IBAN_CODE", "IBAN", "ID", "IDNUM"),
    "id_ssn_shape": ("SSN", "US_SSN", "ID", "IDNUM"),
    "id_licence": ("LICENSE", "US_DRIVER_LICENSE", "DRIVER_LICENSE", "ID", "IDNUM"),
    "POSTCODE": ("ZIP", "ZIP_CODE", "POSTCODE", "LOCATION"),
    "PERSON": ("PATIENT", "PERSON", "NAME"),
    "STAFF": ("DOCTOR", "PROFESSIONAL", "STAFF", "PERSON", "NAME"),
    "RELATIVE": ("RELATIVE", "PATIENT", "PERSON", "NAME"),
    "STREET": ("STREET", "STREET_ADDRESS", "ADDRESS", "LOCATION"),
    "CITY": ("CITY", "GPE", "LOCATION"),
    "COUNTRY": ("COUNTRY", "GPE", "LOCATION"),
    "INSTITUTION": ("HOSPITAL", "ORGANIZATION", "ORGANISATION"),
    "ORGANISATION": ("ORGANIZATION", "ORGANISATION", "INSTITUCION", "HOSPITAL"),
    "ROOM": ("ROOM", "LOCATION"),
    "PROFESSION": ("PROFESSION", "PROFESION", "OCCUPATION", "TITLE"),  # Presidio's: a job
    "NATIONALITY": ("NATIONALITY", "NRP"),
    "KIN": ("FAMILIARES_SUJETO_ASISTENCIA",),
    "SEX": ("SEXO_SUJETO_ASISTENCIA", "SEX"),
}
# i2b2 marks an age's number alone ("[41] yo"); the others mark number and unit.
_NUMBER_ONLY_AGES = frozenset({"i2b2-2014"})
_NUMBER = regex.compile(rf"\d+(?:[.,]\d+)?|\b{NUMBER_WORD}\b", regex.IGNORECASE)


def rule_category(kind: str, scheme: Scheme, rule: str | None = None) -> str | None:
    """The category of ``scheme`` that a rule hit of ``kind`` becomes; None when none fits.

    For the presets the table above decides (``rule``, the hit's rule name, may pick a finer
    category: an ``id_licence`` hit is MEDDOCAN's ID_TITULACION_PERSONAL_SANITARIO; None: no
    PHI in that scheme); any other scheme — and a preset's project that removed or renamed
    the table's category, or added one for a kind the table leaves out — gets the first
    fitting category name it has.
    """
    table = _BY_SCHEME.get(scheme.name)
    if rule in _NAMED_ONLY:
        category = table.get(rule) if table is not None else None
        return category if category in scheme else None
    if table is not None:
        key = rule if rule in table else kind
        if key in table and (table[key] is None or table[key] in scheme):
            return table[key]
    for name in _FALLBACK.get(rule or "", _FALLBACK.get(kind, ())):
        if name in scheme:
            return name
    return None


def number_part(text: str, start: int, end: int) -> tuple[int, int]:
    """The number inside ``text[start:end]`` ("41" of "41-year-old"), or the span itself."""
    match = _NUMBER.search(text, start, end)
    return match.span() if match else (start, end)


def rule_suggestions(
    text: str,
    scheme: Scheme,
    language: str | None = None,
    hits: Sequence[RuleHit] | None = None,
) -> list[Suggestion]:
    """The rule hits of ``text`` as suggestions in ``scheme``'s categories (source "rule").
    ``hits``: the text's :func:`find` result when the caller has it already.

    Hits whose kind the scheme has no category for are left out. Where a scheme's gold marks
    less than the rule's span, the suggestion is narrowed to it: i2b2 ages are the number
    alone, MEDDOCAN phone numbers leave out a leading "+". Confidence is the rule's
    (:func:`~.matching.confidence`: its measured precision; the CRF sees rule hits as
    features and weighs them itself).
    """
    suggestions: list[Suggestion] = []
    for hit in find(text, language) if hits is None else hits:
        category = rule_category(hit.kind, scheme, hit.rule)
        if category is None:
            continue
        start, end = narrow(text, hit, scheme)
        suggestions.append(Suggestion(start, end, category, confidence(hit.rule), "rule", hit.rule))
    return suggestions


def narrow(text: str, hit: RuleHit, scheme: Scheme) -> tuple[int, int]:
    """The (start, end) a suggestion of ``hit`` has in ``scheme`` (see
    :func:`rule_suggestions`)."""
    if hit.kind == "AGE" and scheme.name in _NUMBER_ONLY_AGES:
        return number_part(text, hit.start, hit.end)
    if hit.kind in ("PHONE", "FAX") and scheme.name == "meddocan" and text[hit.start] == "+":
        start = hit.start + 1  # MEDDOCAN's gold: "Tfno.+[34679802102]", "Tel.: + [34 93 ...]"
        while start < hit.end and text[start] in " \t":
            start += 1
        return start, hit.end
    return hit.start, hit.end
