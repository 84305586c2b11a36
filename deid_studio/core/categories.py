"""Category schemes as data: name, colour, shortcut key, HIPAA flag, parent.

Three presets ship with the product: ``pv`` (spontaneous adverse-reaction reports, the
default), ``i2b2-2014`` (its 7 classes and their subtypes) and ``meddocan`` (the Spanish
clinical case reports of IberLEF 2019). Imports translate foreign labels onto the project's
scheme with a :class:`LabelMap`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace

# Paul Tol's "light" and "muted" palettes: distinguishable with every common colour-vision
# deficiency, and light enough to sit behind black text as a highlight.
PALETTE: tuple[str, ...] = (
    "#77AADD",  # light blue
    "#EE8866",  # orange
    "#EEDD88",  # light yellow
    "#FFAABB",  # pink
    "#99DDFF",  # light cyan
    "#44BB99",  # mint
    "#BBCC33",  # pear
    "#AAAA00",  # olive
    "#DDDDDD",  # pale grey
    "#CC6677",  # rose
    "#DDCC77",  # sand
    "#88CCEE",  # cyan
)


@dataclass(frozen=True, slots=True)
class Category:
    """One kind of PHI an annotator can mark."""

    name: str
    colour: str
    key: str | None = None
    hipaa: bool = True
    parent: str | None = None
    description: str = ""


@dataclass(frozen=True, slots=True)
class Scheme:
    """An ordered set of categories with unique names and unique shortcut keys."""

    name: str
    categories: tuple[Category, ...]
    _by_name: Mapping[str, Category] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name: dict[str, Category] = {}
        keys: dict[str, str] = {}
        for category in self.categories:
            if category.name in by_name:
                raise ValueError(f"scheme {self.name}: category {category.name} appears twice")
            by_name[category.name] = category
            if category.key:
                other = keys.setdefault(category.key.lower(), category.name)
                if other != category.name:
                    raise ValueError(
                        f"scheme {self.name}: key {category.key.lower()!r} is used by both "
                        f"{other} and {category.name}"
                    )
        for category in self.categories:
            if category.parent is not None and category.parent not in by_name:
                raise ValueError(
                    f"scheme {self.name}: {category.name} has unknown parent {category.parent}"
                )
        object.__setattr__(self, "_by_name", by_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Category]:
        return iter(self.categories)

    def __len__(self) -> int:
        return len(self.categories)

    def __getitem__(self, name: str) -> Category:
        return self._by_name[name]

    @property
    def names(self) -> tuple[str, ...]:
        """Category names in scheme order."""
        return tuple(c.name for c in self.categories)

    def root(self, name: str) -> str:
        """The top-level ancestor of a category (itself when it has no parent)."""
        category = self._by_name[name]
        while category.parent is not None:
            category = self._by_name[category.parent]
        return category.name

    def with_categories(self, names: Iterable[str]) -> Scheme:
        """This scheme plus new top-level categories (``import --add-categories``)."""
        added = [n for n in dict.fromkeys(names) if n not in self._by_name]
        start = len(self.categories)
        extra = tuple(
            Category(name, PALETTE[(start + i) % len(PALETTE)], hipaa=True)
            for i, name in enumerate(added)
        )
        return replace(self, categories=self.categories + extra)


def _pv() -> Scheme:
    c = Category
    return Scheme(
        "pv",
        (
            c("PATIENT", PALETTE[0], "p", True, None, "the patient's name or initials"),
            c("RELATIVE", PALETTE[3], "r", True, None, "names of relatives and household"),
            c("PROFESSIONAL", PALETTE[1], "d", False, None, "reporter, physician, pharmacist"),
            c("ORGANIZATION", PALETTE[5], "h", False, None, "hospital, clinic, pharmacy, employer"),
            c("LOCATION", PALETTE[6], "l", True, None, "street, city, region, postcode, country"),
            c("DATE", PALETTE[2], "t", True, None, "any date more precise than a year"),
            c("AGE", PALETTE[4], "g", True, None, "ages, capped above 89 on export"),
            c("ID", PALETTE[9], "i", True, None, "record, insurance, licence and device numbers"),
            c("CONTACT", PALETTE[7], "n", True, None, "phone, fax, e-mail, URL, IP address"),
            c("PROFESSION", PALETTE[10], "j", False, None, "the patient's or a relative's job"),
            c("OTHER", PALETTE[8], "o", True, None, "anything else that identifies"),
        ),
    )


_I2B2_CLASSES: dict[str, tuple[str, tuple[str, ...]]] = {
    "NAME": (PALETTE[0], ("PATIENT", "DOCTOR", "USERNAME")),
    "PROFESSION": (PALETTE[10], ()),
    "LOCATION": (
        PALETTE[6],
        (
            "ROOM",
            "DEPARTMENT",
            "HOSPITAL",
            "ORGANIZATION",
            "STREET",
            "CITY",
            "STATE",
            "COUNTRY",
            "ZIP",
            "LOCATION-OTHER",
        ),
    ),
    "AGE": (PALETTE[4], ()),
    "DATE": (PALETTE[2], ()),
    "CONTACT": (PALETTE[7], ("PHONE", "FAX", "EMAIL", "URL", "IPADDR")),
    "ID": (
        PALETTE[9],
        (
            "SSN",
            "MEDICALRECORD",
            "HEALTHPLAN",
            "ACCOUNT",
            "LICENSE",
            "VEHICLE",
            "DEVICE",
            "BIOID",
            "IDNUM",
        ),
    ),
}
_I2B2_NON_HIPAA = {"DOCTOR", "PROFESSION", "HOSPITAL", "ORGANIZATION", "DEPARTMENT", "COUNTRY"}
_I2B2_KEYS = {"PATIENT": "p", "DOCTOR": "d", "HOSPITAL": "h", "DATE": "t", "AGE": "g"}


def _i2b2() -> Scheme:
    categories: list[Category] = []
    for cls, (colour, subtypes) in _I2B2_CLASSES.items():
        categories.append(Category(cls, colour, _I2B2_KEYS.get(cls), cls not in _I2B2_NON_HIPAA))
        for sub in subtypes:
            categories.append(
                Category(sub, colour, _I2B2_KEYS.get(sub), sub not in _I2B2_NON_HIPAA, cls)
            )
    return Scheme("i2b2-2014", tuple(categories))


# MEDDOCAN's types, grouped under the classes its guidelines use for colour.
_MEDDOCAN: tuple[tuple[str, str, str | None, bool], ...] = (
    ("NOMBRE_SUJETO_ASISTENCIA", PALETTE[0], "p", True),
    ("NOMBRE_PERSONAL_SANITARIO", PALETTE[1], "d", False),
    ("FAMILIARES_SUJETO_ASISTENCIA", PALETTE[3], "r", True),
    ("EDAD_SUJETO_ASISTENCIA", PALETTE[4], "g", True),
    ("SEXO_SUJETO_ASISTENCIA", PALETTE[8], "s", False),
    ("FECHAS", PALETTE[2], "t", True),
    ("HOSPITAL", PALETTE[5], "h", False),
    ("INSTITUCION", PALETTE[5], None, False),
    ("CENTRO_SALUD", PALETTE[5], None, False),
    ("CALLE", PALETTE[6], "l", True),
    ("TERRITORIO", PALETTE[6], "y", True),
    ("PAIS", PALETTE[6], None, False),
    ("NUMERO_TELEFONO", PALETTE[7], "n", True),
    ("NUMERO_FAX", PALETTE[7], None, True),
    ("CORREO_ELECTRONICO", PALETTE[7], "e", True),
    ("URL_WEB", PALETTE[7], None, True),
    ("DIREC_PROT_INTERNET", PALETTE[7], None, True),
    ("ID_SUJETO_ASISTENCIA", PALETTE[9], "i", True),
    ("ID_CONTACTO_ASISTENCIAL", PALETTE[9], None, True),
    ("ID_ASEGURAMIENTO", PALETTE[9], None, True),
    ("ID_TITULACION_PERSONAL_SANITARIO", PALETTE[9], None, True),
    ("ID_EMPLEO_PERSONAL_SANITARIO", PALETTE[9], None, True),
    ("IDENTIF_VEHICULOS_NRSERIE_PLACAS", PALETTE[9], None, True),
    ("IDENTIF_DISPOSITIVOS_NRSERIE", PALETTE[9], None, True),
    ("NUMERO_BENEF_PLAN_SALUD", PALETTE[9], None, True),
    ("IDENTIF_BIOMETRICOS", PALETTE[9], None, True),
    ("OTRO_NUMERO_IDENTIF", PALETTE[9], None, True),
    ("PROFESION", PALETTE[10], "j", False),
    ("OTROS_SUJETO_ASISTENCIA", PALETTE[8], "o", True),
)


def _meddocan() -> Scheme:
    return Scheme(
        "meddocan",
        tuple(Category(name, colour, key, hipaa) for name, colour, key, hipaa in _MEDDOCAN),
    )


_PRESETS = {"pv": _pv, "i2b2-2014": _i2b2, "meddocan": _meddocan}


def preset_names() -> tuple[str, ...]:
    """Names of the schemes that ship with the product, the default first."""
    return tuple(_PRESETS)


def preset(name: str) -> Scheme:
    """A preset scheme by name (``pv``, ``i2b2-2014``, ``meddocan``)."""
    try:
        return _PRESETS[name]()
    except KeyError:
        raise ValueError(f"unknown scheme {name!r}; choose one of {', '.join(_PRESETS)}") from None


# Foreign labels onto pv: MEDDOCAN, i2b2 2014 (subtypes and classes), Presidio.
_TO_PV: dict[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PATIENT",
    "NOMBRE_PERSONAL_SANITARIO": "PROFESSIONAL",
    "FAMILIARES_SUJETO_ASISTENCIA": "RELATIVE",
    "EDAD_SUJETO_ASISTENCIA": "AGE",
    "SEXO_SUJETO_ASISTENCIA": "OTHER",
    "FECHAS": "DATE",
    "HOSPITAL": "ORGANIZATION",
    "INSTITUCION": "ORGANIZATION",
    "CENTRO_SALUD": "ORGANIZATION",
    "CALLE": "LOCATION",
    "TERRITORIO": "LOCATION",
    "PAIS": "LOCATION",
    "NUMERO_TELEFONO": "CONTACT",
    "NUMERO_FAX": "CONTACT",
    "CORREO_ELECTRONICO": "CONTACT",
    "URL_WEB": "CONTACT",
    "DIREC_PROT_INTERNET": "CONTACT",
    "ID_SUJETO_ASISTENCIA": "ID",
    "ID_CONTACTO_ASISTENCIAL": "ID",
    "ID_ASEGURAMIENTO": "ID",
    "ID_TITULACION_PERSONAL_SANITARIO": "ID",
    "ID_EMPLEO_PERSONAL_SANITARIO": "ID",
    "IDENTIF_VEHICULOS_NRSERIE_PLACAS": "ID",
    "IDENTIF_DISPOSITIVOS_NRSERIE": "ID",
    "NUMERO_BENEF_PLAN_SALUD": "ID",
    "IDENTIF_BIOMETRICOS": "ID",
    "OTRO_NUMERO_IDENTIF": "ID",
    "PROFESION": "PROFESSION",
    "OTROS_SUJETO_ASISTENCIA": "OTHER",
    "NAME": "PATIENT",
    "DOCTOR": "PROFESSIONAL",
    "USERNAME": "ID",
    "ROOM": "LOCATION",
    "DEPARTMENT": "ORGANIZATION",
    "STREET": "LOCATION",
    "CITY": "LOCATION",
    "STATE": "LOCATION",
    "COUNTRY": "LOCATION",
    "ZIP": "LOCATION",
    "LOCATION-OTHER": "LOCATION",
    "PHONE": "CONTACT",
    "FAX": "CONTACT",
    "EMAIL": "CONTACT",
    "URL": "CONTACT",
    "IPADDR": "CONTACT",
    "SSN": "ID",
    "MEDICALRECORD": "ID",
    "HEALTHPLAN": "ID",
    "ACCOUNT": "ID",
    "LICENSE": "ID",
    "VEHICLE": "ID",
    "DEVICE": "ID",
    "BIOID": "ID",
    "IDNUM": "ID",
    "PERSON": "PATIENT",
    "STREET_ADDRESS": "LOCATION",
    "GPE": "LOCATION",
    "DATE_TIME": "DATE",
    "PHONE_NUMBER": "CONTACT",
    "EMAIL_ADDRESS": "CONTACT",
    "CREDIT_CARD": "ID",
    "IBAN_CODE": "ID",
    "US_SSN": "ID",
    "US_DRIVER_LICENSE": "ID",
    "IP_ADDRESS": "CONTACT",
    "NRP": "OTHER",
    "TITLE": "OTHER",
}

_TO_I2B2: dict[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PATIENT",
    "NOMBRE_PERSONAL_SANITARIO": "DOCTOR",
    "FECHAS": "DATE",
    "EDAD_SUJETO_ASISTENCIA": "AGE",
    "HOSPITAL": "HOSPITAL",
    "INSTITUCION": "ORGANIZATION",
    "CALLE": "STREET",
    "TERRITORIO": "CITY",
    "PAIS": "COUNTRY",
    "NUMERO_TELEFONO": "PHONE",
    "NUMERO_FAX": "FAX",
    "CORREO_ELECTRONICO": "EMAIL",
    "PROFESION": "PROFESSION",
    "PERSON": "PATIENT",
    "DATE_TIME": "DATE",
    "PHONE_NUMBER": "PHONE",
    "EMAIL_ADDRESS": "EMAIL",
}

_BUILT_IN_MAPS: dict[str, dict[str, str]] = {"pv": _TO_PV, "i2b2-2014": _TO_I2B2}


@dataclass(frozen=True, slots=True)
class LabelMap:
    """Translates the labels of an imported file onto a scheme's categories.

    A label that already names a category is kept; otherwise the user's mapping is tried, then
    the built-in table for the scheme. What is left is reported by :meth:`unknown`.
    """

    scheme: Scheme
    extra: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, label: str) -> str | None:
        if label in self.extra:
            return self.extra[label]
        if label in self.scheme:
            return label
        mapped = _BUILT_IN_MAPS.get(self.scheme.name, {}).get(label)
        if mapped is None and label.upper() != label:
            return self(label.upper())
        return mapped if mapped in self.scheme else None

    def unknown(self, labels: Iterable[str]) -> list[str]:
        """Labels that map onto no category of the scheme, sorted."""
        return sorted({label for label in labels if self(label) is None})
