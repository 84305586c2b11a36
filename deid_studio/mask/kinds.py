"""What kind of PHI a category holds, which decides how it is masked.

Categories are data (a project may add its own), so the masker does not switch on category
names: it asks for the category's *kind*. The categories of the three preset schemes have a
kind here; a category of a custom scheme takes the kind of its parent, and a category with no
known kind is ``other`` (tagged whatever the preset, never guessed at).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from deid_studio.core.categories import Scheme

Kind = Literal[
    "person",
    "date",
    "age",
    "id",
    "contact",
    "street",
    "city",
    "state",
    "country",
    "postcode",
    "location",
    "organization",
    "profession",
    "sex",
    "other",
]

KINDS: Mapping[str, Kind] = {
    # pv
    "PATIENT": "person",
    "RELATIVE": "person",
    "PROFESSIONAL": "person",
    "ORGANIZATION": "organization",
    "LOCATION": "location",
    "DATE": "date",
    "AGE": "age",
    "ID": "id",
    "CONTACT": "contact",
    "PROFESSION": "profession",
    "OTHER": "other",
    # i2b2 2014 (classes and subtypes)
    "NAME": "person",
    "DOCTOR": "person",
    "USERNAME": "id",
    "ROOM": "id",
    "DEPARTMENT": "organization",
    "HOSPITAL": "organization",
    "STREET": "street",
    "CITY": "city",
    "STATE": "state",
    "COUNTRY": "country",
    "ZIP": "postcode",
    "LOCATION-OTHER": "location",
    "PHONE": "contact",
    "FAX": "contact",
    "EMAIL": "contact",
    "URL": "contact",
    "IPADDR": "contact",
    "SSN": "id",
    "MEDICALRECORD": "id",
    "HEALTHPLAN": "id",
    "ACCOUNT": "id",
    "LICENSE": "id",
    "VEHICLE": "id",
    "DEVICE": "id",
    "BIOID": "id",
    "IDNUM": "id",
    # MEDDOCAN
    "NOMBRE_SUJETO_ASISTENCIA": "person",
    "NOMBRE_PERSONAL_SANITARIO": "person",
    "FAMILIARES_SUJETO_ASISTENCIA": "person",
    "EDAD_SUJETO_ASISTENCIA": "age",
    "SEXO_SUJETO_ASISTENCIA": "sex",
    "FECHAS": "date",
    "INSTITUCION": "organization",
    "CENTRO_SALUD": "organization",
    "CALLE": "street",
    "TERRITORIO": "location",
    "PAIS": "country",
    "NUMERO_TELEFONO": "contact",
    "NUMERO_FAX": "contact",
    "CORREO_ELECTRONICO": "contact",
    "URL_WEB": "contact",
    "DIREC_PROT_INTERNET": "contact",
    "ID_SUJETO_ASISTENCIA": "id",
    "ID_CONTACTO_ASISTENCIAL": "id",
    "ID_ASEGURAMIENTO": "id",
    "ID_TITULACION_PERSONAL_SANITARIO": "id",
    "ID_EMPLEO_PERSONAL_SANITARIO": "id",
    "IDENTIF_VEHICULOS_NRSERIE_PLACAS": "id",
    "IDENTIF_DISPOSITIVOS_NRSERIE": "id",
    "NUMERO_BENEF_PLAN_SALUD": "id",
    "IDENTIF_BIOMETRICOS": "id",
    "OTRO_NUMERO_IDENTIF": "id",
    "PROFESION": "profession",
    "OTROS_SUJETO_ASISTENCIA": "other",
}
"""The kind of every category of the preset schemes."""

SHAPED: frozenset[Kind] = frozenset({"id", "contact", "postcode"})
"""Kinds whose surrogates keep the original's shape, character class for character class."""


def kind_of(category: str, scheme: Scheme | None = None) -> Kind:
    """The kind of ``category``: its own, else its nearest ancestor's in ``scheme``, else other."""
    seen: set[str] = set()
    name: str | None = category
    while name is not None and name not in seen:
        if name in KINDS:
            return KINDS[name]
        seen.add(name)
        name = scheme[name].parent if scheme is not None and name in scheme else None
    return "other"
