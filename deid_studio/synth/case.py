"""The people, places, product and dates of one case, drawn once and shared by its reports.

A follow-up report tells the same story as the initial one, so everything it may repeat (the
patient's name, the hospital, the vaccination date) lives here and not in the narrative.
"""

from __future__ import annotations

import datetime as dt
import random
import unicodedata
from dataclasses import dataclass

from faker import Faker

from deid_studio.synth.lexicon import (
    CONMEDS,
    HOSPITALISATION,
    ONSET_DAYS,
    Product,
    fill_pattern,
    products_for_age,
)
from deid_studio.synth.pack import LanguagePack, Relation

_REGION = {
    "en_GB": "county",
    "en_US": "state",
    "en_IE": "county",
    "es_ES": "autonomous_community",
    "fr_FR": "region",
    "de_DE": "state",
    "de_AT": "state",
}
_REPORTERS = (("physician", 35), ("pharmacist", 15), ("nurse", 20), ("relative", 15),
              ("patient", 15))  # fmt: skip
_FIRST_DAY = dt.date(2021, 1, 4)
_LAST_DAY = dt.date(2021, 11, 30)


@dataclass(frozen=True, slots=True)
class Person:
    """A named person: given name(s), surname(s), sex ``M`` or ``F``."""

    first: str
    surname: str
    sex: str

    @property
    def full(self) -> str:
        """Given name and surname."""
        return f"{self.first} {self.surname}"

    @property
    def initials(self) -> str:
        """ "J.S." for John Smith; particles such as "de la" are skipped."""
        parts = [p for p in self.full.replace("-", " ").split() if p[:1].isupper()]
        return "".join(f"{p[0]}." for p in parts)


@dataclass(frozen=True, slots=True)
class Case:
    """Everything the reports of one case may say about it."""

    language: str
    locale: str
    country: str
    patient: Person
    years: int
    months: int | None
    dob: dt.date
    relation: Relation | None
    relative: Person | None
    reporter_kind: str
    reporter: Person | None
    reporter_title: str
    qualification: str
    physician: Person
    physician_title: str
    city: str
    region: str
    postcode: str
    street: str
    phone: str
    email: str
    mrn: str
    hid: str | None
    licence: str | None
    linked: str | None
    profession: str | None
    employer: str | None
    nationality: str | None
    religion: str | None
    site: str
    gp: str
    pharmacy: str
    hospital: str | None
    product: Product
    scenario: str
    lot: str
    dose_index: int
    start: dt.date
    previous_dose: dt.date | None
    onset: dt.date
    admission: dt.date | None
    discharge: dt.date | None
    received: dt.date
    history: tuple[str, str]
    history_since: dt.date
    conmeds: tuple[str, str]

    @property
    def age_class(self) -> str:
        """``infant``, ``child`` or ``adult``."""
        if self.months is not None:
            return "infant"
        return "child" if self.years < 16 else "adult"


def ascii_fold(text: str) -> str:
    """Lower-case ASCII letters of ``text`` for an e-mail address ("José" -> "jose")."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(ch for ch in folded.lower() if ch.isalnum())


def _name(fake: Faker, sex: str, surnames: int) -> Person:
    first = fake.first_name_male() if sex == "M" else fake.first_name_female()
    names: list[str] = []
    while len(names) < surnames:
        surname = fake.last_name().strip()
        # Faker's German surnames include "auch Schlauchin" and "Dussen van": skip particles
        if all(part[:1].isupper() for part in surname.split()) and surname not in names:
            names.append(surname)
    return Person(first.strip(), " ".join(names), sex)


def _draw_age(rng: random.Random, pack: LanguagePack) -> tuple[int, int | None, Product, str]:
    """(years, months for an infant, product, scenario) that fit together and the pack."""
    while True:
        r = rng.random()
        if r < 0.06:
            months: int | None = rng.randint(2, 17)
            years = 0
        elif r < 0.12:
            months, years = None, rng.choice((1, 2, 3, 4, 5, 9, 11, 12, 13, 14, 15))
        else:
            months, years = None, min(97, round(rng.triangular(18, 98, 60)))
        age = months / 12 if months is not None else years
        options = [
            (p, s) for p in products_for_age(age) for s in p.scenarios if s in pack.scenarios
        ]
        if options:
            product, scenario = rng.choice(options)
            return years, months, product, scenario


def _dob(rng: random.Random, on: dt.date, years: int, months: int | None) -> dt.date:
    if months is not None:
        return on - dt.timedelta(days=int(months * 30.44) + rng.randint(1, 25))
    anniversary = on.replace(year=on.year - years, day=min(on.day, 28))
    return anniversary - dt.timedelta(days=rng.randint(1, 360))


def _organisation(
    rng: random.Random, fake: Faker, pack: LanguagePack, kind: str, country: str, city: str
) -> str:
    patterns = pack.organisations.get(f"{kind}_{country}") or pack.organisations[kind]
    pattern = rng.choice(patterns)
    return pattern.format(
        city=city,
        surname=_name(fake, "M", 1).surname if "{surname}" in pattern else "",
        saint=rng.choice(pack.saints),
        company=fake.company().strip() if "{company}" in pattern else "",
    )


def _words(pack: LanguagePack, key: str) -> tuple[str, ...]:
    return pack.words.get(key, ())


def _rare(rng: random.Random, options: tuple[str, ...], share: float) -> str | None:
    """One of ``options`` for a ``share`` of cases, else None (always draws, for stability)."""
    hit = rng.random() < share
    return rng.choice(options) if hit and options else None


def make_case(rng: random.Random, fake: Faker, pack: LanguagePack, locale: str) -> Case:
    """Draw one case in ``pack``'s language; ``fake`` is seeded by the caller for this case."""
    country = next(c for loc, c, _ in pack.locales if loc == locale)
    surnames = 2 if pack.code == "es" else 1
    years, months, product, scenario = _draw_age(rng, pack)
    adult = months is None and years >= 18
    patient = _name(fake, rng.choice("MF"), surnames)

    kinds = [k for k, _ in _REPORTERS if adult or k != "patient"]
    weights = [w for k, w in _REPORTERS if adult or k != "patient"]
    reporter_kind = rng.choices(kinds, weights)[0]
    relation = relative = None
    if reporter_kind == "relative" or rng.random() < 0.4:
        relations = [
            r
            for r in pack.relations
            if r.patient_sex in (None, patient.sex) and r.adult_patient in (None, adult)
        ]
        relation = rng.choice(relations)
        family = patient.surname if surnames == 1 and rng.random() < 0.8 else None
        relative = _name(fake, relation.sex, surnames)
        if family:
            relative = Person(relative.first, family, relative.sex)
    reporter = None
    qualification = ""
    if reporter_kind in pack.qualifications:
        reporter = _name(fake, rng.choice("MF"), surnames)
        qualification = pack.gendered(rng.choice(pack.qualifications[reporter_kind]), reporter.sex)
    physician = _name(fake, rng.choice("MF"), surnames)

    places = pack.places.get(country, ())
    city = rng.choice(places) if places and rng.random() < 0.6 else fake.city().strip()
    region = str(getattr(fake, _REGION.get(locale, "state"))()).strip()
    if reporter is not None:
        local = f"{ascii_fold(reporter.first)}.{ascii_fold(reporter.surname)}"
        email = f"{local}@{rng.choice(pack.email_domains)}"
    else:
        writer = relative if reporter_kind == "relative" and relative else patient
        local = f"{ascii_fold(writer.first)}{ascii_fold(writer.surname)[:8]}"
        email = f"{local}{rng.randint(1, 99)}@{fake.free_email_domain()}"

    vaccine = product.kind == "vaccine"
    low, high = ONSET_DAYS[scenario]
    if vaccine:
        start = _FIRST_DAY + dt.timedelta(days=rng.randint(0, (_LAST_DAY - _FIRST_DAY).days))
        onset = start + dt.timedelta(days=rng.randint(low, high))
    else:
        onset = _FIRST_DAY + dt.timedelta(days=rng.randint(0, (_LAST_DAY - _FIRST_DAY).days))
        start = onset - dt.timedelta(days=rng.randint(low, high))
    dose_index = rng.randint(0, 3) if vaccine and product.indication == "covid" else 0
    previous = start - dt.timedelta(days=rng.randint(21, 84)) if dose_index else None
    hospitalised = rng.random() < HOSPITALISATION[scenario]
    admission = onset + dt.timedelta(days=rng.randint(0, 1)) if hospitalised else None
    discharge = admission + dt.timedelta(days=rng.randint(1, 14)) if admission else None
    received = onset + dt.timedelta(days=rng.randint(2, 25))

    history = tuple(rng.sample(_words(pack, "history"), 2))
    suspect = product.name.lower()
    others = [c for c in _words(pack, "conmeds") or CONMEDS if c.split()[0].lower() not in suspect]
    conmeds = tuple(rng.sample(others, 2))
    worker = adult and rng.random() < 0.55
    hid_formats = _words(pack, f"hid_{country}")
    licence_formats = _words(pack, f"licence_{country}")
    linked_formats = _words(pack, f"linked_{country}")
    site_kind = (
        "pharmacy"
        if reporter_kind == "pharmacist"
        else rng.choice(("vaccination", "gp"))
        if vaccine
        else "gp"
    )

    def org(kind: str) -> str:
        return _organisation(rng, fake, pack, kind, country, city)

    return Case(
        language=pack.code,
        locale=locale,
        country=country,
        patient=patient,
        years=years,
        months=months,
        dob=_dob(rng, start, years, months),
        relation=relation,
        relative=relative,
        reporter_kind=reporter_kind,
        reporter=reporter,
        reporter_title=rng.choice(pack.doctor_title[reporter.sex]) if reporter else "",
        qualification=qualification,
        physician=physician,
        physician_title=rng.choice(pack.doctor_title[physician.sex]),
        city=city,
        region=region,
        postcode=str(fake.postcode()).strip(),
        street=", ".join(line.strip() for line in fake.street_address().splitlines()),
        phone=fake.phone_number().strip(),
        email=email,
        mrn=fill_pattern(rng, rng.choice(pack.id_formats)),
        hid=fill_pattern(rng, rng.choice(hid_formats)) if hid_formats else None,
        licence=fill_pattern(rng, rng.choice(licence_formats)) if licence_formats else None,
        linked=fill_pattern(rng, rng.choice(linked_formats)) if linked_formats else None,
        profession=pack.gendered(rng.choice(pack.professions), patient.sex) if worker else None,
        employer=org("employer") if worker and rng.random() < 0.5 else None,
        nationality=_rare(rng, _words(pack, "nationality"), 0.12 if adult else 0.0),
        religion=_rare(rng, _words(pack, "religion"), 0.08 if adult else 0.0),
        site=org(site_kind),
        gp=org("gp"),
        pharmacy=org("pharmacy"),
        hospital=org("hospital") if hospitalised else None,
        product=product,
        scenario=scenario,
        lot=fill_pattern(rng, product.lot),
        dose_index=dose_index,
        start=start,
        previous_dose=previous,
        onset=onset,
        admission=admission,
        discharge=discharge,
        received=received,
        history=(history[0], history[1]),
        history_since=start - dt.timedelta(days=rng.randint(400, 4000)),
        conmeds=(conmeds[0], conmeds[1]),
    )
