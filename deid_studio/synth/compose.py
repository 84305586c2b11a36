"""Write one report of a case: choose sections, fill their templates, lay them out.

Every PHI value enters the narrative through a slot of the context built here, labelled with
its ``pv`` category; the builder records its span as it is appended.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from deid_studio.core.document import Document
from deid_studio.synth.builder import (
    Piece,
    SlotValue,
    TextBuilder,
    phi,
    pick,
    pieces_length,
    plain,
    render,
    slots_of,
    usable,
)
from deid_studio.synth.case import Case
from deid_studio.synth.dates import DateWriter
from deid_studio.synth.pack import LanguagePack


@dataclass(frozen=True, slots=True)
class Report:
    """One report of a case: its ids, the day it arrived, its follow-up number (0: initial)."""

    external_id: str
    case_id: str
    received: dt.date
    follow_up: int
    initial_received: dt.date


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _later(rng: random.Random, pack: LanguagePack, days: int) -> str:
    """A relative time ("Two days later"): not PHI, and true to the dates of the case."""
    if days == 0:
        return rng.choice(pack.words["later_same"])
    if days == 1:
        return rng.choice(pack.words["later_next"])
    numbers = pack.words["numbers"]
    n = numbers[days] if days < len(numbers) and rng.random() < 0.7 else str(days)
    return _cap(rng.choice(pack.words["later_days"]).format(n=n))


def _context(
    case: Case, report: Report, pack: LanguagePack, rng: random.Random, dates: DateWriter
) -> dict[str, SlotValue]:
    sex = case.patient.sex
    words = pack.words
    ctx: dict[str, SlotValue] = {}
    suffix = f"_{case.age_class}"
    for key, word in pack.gender[sex].items():  # "person_adult" fills {person} for an adult
        ctx[key.removesuffix(suffix)] = plain(word)
    patient = case.patient
    ctx["patient"] = phi(patient.full, "PATIENT")
    ctx["initials"] = phi(patient.initials, "PATIENT")
    ctx["surname"] = phi(patient.surname, "PATIENT")
    title = pack.gender[sex]["Mr"]

    def patient_ref(capital: bool) -> Callable[[], Sequence[Piece]]:
        def choose() -> Sequence[Piece]:
            r = rng.random()
            if r < 0.5:
                word = pack.gendered(rng.choice(words["pt"]), sex)
                return plain(_cap(word) if capital else word)
            if r < 0.8:
                return phi(patient.initials, "PATIENT")
            if case.age_class != "adult":
                return phi(patient.first, "PATIENT")
            return ((f"{_cap(title) if capital else title} ", None), (patient.surname, "PATIENT"))

        return choose

    ctx["pt"] = patient_ref(False)
    ctx["Pt"] = patient_ref(True)
    for slot, value in pack.age(case.years, case.months, sex).items():
        ctx[slot] = phi(value, "AGE")
    ctx["dob"] = phi(dates.full(case.dob), "DATE")
    ctx["mrn"] = phi(case.mrn, "ID")
    if case.hid:
        ctx["hid"] = phi(case.hid, "ID")
    if case.relative and case.relation:
        relative = case.relative.full if rng.random() < 0.5 else case.relative.first
        ctx["relative"] = phi(relative, "RELATIVE")
        ctx["rel"] = plain(case.relation.word)
        if case.reporter_kind == "relative":
            ctx["reporter_relative"] = ctx["relative"]
    if case.reporter:
        name = phi(case.reporter.full, "PROFESSIONAL")
        ctx["reporter_name"] = name
        titled = case.reporter_kind == "physician"
        ctx["reporter"] = ((f"{case.reporter_title} ", None), *name) if titled else name
        ctx["qual"] = plain(case.qualification)
        if case.licence and titled:
            ctx["licence"] = phi(case.licence, "ID")
    ctx["physician"] = ((f"{case.physician_title} ", None), (case.physician.full, "PROFESSIONAL"))
    for slot in ("site", "gp", "pharmacy", "hospital", "employer"):
        value = getattr(case, slot)
        if value:
            ctx[slot] = phi(value, "ORGANIZATION")
    for slot in ("city", "region", "postcode", "street"):
        ctx[slot] = phi(getattr(case, slot), "LOCATION")
    ctx["country"] = phi(rng.choice(pack.country_names[case.country]), "LOCATION")
    ctx["phone"] = phi(case.phone, "CONTACT")
    ctx["email"] = phi(case.email, "CONTACT")
    if case.profession:
        profession = phi(case.profession, "PROFESSION")
        ctx["profession"] = profession
        if "article" in words:
            vowel = case.profession[0] in "aeiou"
            article = words["article_vowel" if vowel else "article"][0]
            ctx["a_profession"] = ((f"{article} ", None), *profession)
    if case.nationality:
        ctx["nationality"] = phi(case.nationality, "OTHER")
    if case.religion:
        ctx["religion"] = phi(case.religion, "OTHER")

    # Dates. A report only knows what happened before it arrived.
    ctx["recv_date"] = phi(dates.full(report.received), "DATE")
    product = case.product
    exposure = "vax_date" if product.kind == "vaccine" else "start_date"
    ctx[exposure] = phi(dates.full(case.start), "DATE")
    if case.previous_dose:
        ctx["dose1_date"] = phi(dates.full(case.previous_dose), "DATE")
    ctx["onset_date"] = phi(dates.full(case.onset), "DATE")
    if case.admission:
        ctx["admit_date"] = phi(dates.full(case.admission), "DATE")
    if case.discharge and case.discharge <= report.received:
        ctx["disch_date"] = phi(dates.full(case.discharge), "DATE")
    if case.age_class == "adult":
        ctx["hist_month"] = phi(dates.month(case.history_since), "DATE")
        ctx["hist_year"] = plain(str(case.history_since.year))  # a year alone is not PHI
        ctx["history"] = plain(case.history[0])
        ctx["history2"] = plain(case.history[1])
        ctx["conmed"] = plain(case.conmeds[0])
        ctx["conmed2"] = plain(case.conmeds[1])
    if report.follow_up:
        ctx["case_ref"] = plain(report.case_id)
        ctx["initial_date"] = phi(dates.full(report.initial_received), "DATE")
        ctx["fu_no"] = plain(str(report.follow_up))

    # Not PHI: the product, its dose and lot, the reaction, relative times.
    drug = words.get(f"name:{product.name}", (product.name,))[0]
    ctx["drug"] = plain(drug)
    ctx["Drug"] = plain(_cap(drug))
    ctx["dose"] = plain(product.dose)
    ctx["lot"] = plain(case.lot)
    ctx["route"] = plain(rng.choice(words[f"route_{product.route}"]))
    ctx["freq"] = plain(rng.choice(words[f"freq_{product.frequency}"]))
    ctx["indication"] = plain(rng.choice(words[f"ind_{product.indication}"]))
    ctx["dose_no"] = plain(words["dose_no"][min(case.dose_index, len(words["dose_no"]) - 1)])
    ctx["body_site"] = plain(rng.choice(words["body_site"]))
    ctx["term"] = plain(pack.scenarios[case.scenario].term)
    ctx["causality"] = plain(rng.choice(words["causality"]))
    ctx["Later"] = plain(_later(rng, pack, (case.onset - case.start).days))
    ctx["later_recovery"] = plain(rng.choice(words["later_recovery"]))
    if case.linked:
        ctx["linked"] = plain(case.linked)
    return ctx


def _header(
    pack: LanguagePack, ctx: dict[str, SlotValue], rng: random.Random, share: float
) -> list[Piece]:
    """A "Key: value" block: a line naming the patient, then a ``share`` of the others.

    Lines are alternatives when they share a slot ("Date of birth:" and "DOB:"); one is kept.
    """
    lines = usable(pack.header, ctx)
    first = rng.choice([line for line in lines if "{patient}" in line])
    chosen = [first]
    said = set(slots_of(first))
    for line in lines:
        slots = slots_of(line) - {"qual", "rel"}
        if not slots & said and rng.random() < share:
            chosen.append(line)
            said |= slots
    pieces: list[Piece] = []
    for i, line in enumerate(chosen):
        if i:
            pieces.append(("\n", None))
        pieces.extend(render(line, ctx))
    return pieces


# Slots that say something once: two sentences of a section never share one, so a narrative
# does not give the patient's job twice or start two sentences with "Two days later".
_ONCE = frozenset({"Later", "profession", "a_profession", "history", "conmed", "relative",
                   "linked", "phone", "email", "hid", "onset_date", "religion"})  # fmt: skip


def _sentences(
    rng: random.Random, templates: Sequence[str], ctx: dict[str, SlotValue], most: int
) -> list[Piece]:
    """Up to ``most`` distinct usable templates, rendered and joined by spaces."""
    options = usable(templates, ctx)
    rng.shuffle(options)
    pieces: list[Piece] = []
    said: set[str] = set()
    chosen = 0
    for template in options:
        if chosen == most:
            break
        once = slots_of(template) & _ONCE
        if once & said:
            continue
        said |= once
        if chosen:
            pieces.append((" ", None))
        pieces.extend(render(template, ctx))
        chosen += 1
    return pieces


def compose(case: Case, report: Report, pack: LanguagePack, rng: random.Random) -> Document:
    """The narrative of ``report`` with its gold spans, and its structured fields."""
    dates = DateWriter(rng, pack.code, case.country)
    ctx = _context(case, report, pack, rng, dates)
    sections = pack.sections
    scenario = pack.scenarios[case.scenario]
    hospital = case.admission is not None
    vaccine = case.product.kind == "vaccine"

    # (name, pieces, required); the order is the order of the narrative.
    plan: list[tuple[str, list[Piece], bool]] = []
    if report.follow_up:
        plan.append(("opening", pick(rng, sections["fu_opening"], ctx), True))
        plan.append(("intro", pick(rng, sections["fu_intro"], ctx), True))
    else:
        opening = "hcp" if case.reporter else case.reporter_kind
        plan.append(("opening", pick(rng, sections[f"opening_{opening}"], ctx), True))
        plan.append(("intro", pick(rng, sections["intro"], ctx), True))
        plan.append(("social", _sentences(rng, sections["social"], ctx, 2), False))
        if rng.random() < 0.2:
            plan.append(("history", pick(rng, sections["history_none"], ctx), False))
        else:
            plan.append(("history", _sentences(rng, sections["history"], ctx, 3), False))
        exposure = sections["exposure_vaccine" if vaccine else "exposure_drug"]
        plan.append(("exposure", pick(rng, exposure, ctx), True))
        plan.append(("reaction", _sentences(rng, scenario.symptoms, ctx, 2), True))
    care = sections["care_hospital" if hospital else "care_home"]
    plan.append(("care", pick(rng, care, ctx), bool(hospital and not report.follow_up)))
    if hospital:
        plan.append(("course", _sentences(rng, sections.get("course", ()), ctx, 4), False))
    plan.append(("labs", _sentences(rng, scenario.labs, ctx, 2), bool(report.follow_up)))
    plan.append(("treatment", pick(rng, scenario.treatment, ctx), False))
    if hospital:
        outcome = "outcome_hospital" if "disch_date" in ctx else "outcome_inpatient"
    else:
        outcome = "outcome_home"
    plan.append(("outcome", pick(rng, sections[outcome], ctx), True))
    plan.append(("comment", _sentences(rng, sections.get("comment", ()), ctx, 3), False))
    plan.append(("extra", _sentences(rng, sections["extra"], ctx, 4), False))

    target = rng.choice((rng.randint(300, 700), rng.randint(700, 1500), rng.randint(1500, 2500)))
    header = _header(pack, ctx, rng, 0.3 + target / 5000) if rng.random() < 0.35 else []
    kept = {name for name, _, required in plan if required}
    length = pieces_length(header) + sum(pieces_length(p) for n, p, _ in plan if n in kept)
    optional = [(name, pieces) for name, pieces, required in plan if not required and pieces]
    rng.shuffle(optional)
    for name, pieces in optional:
        if length < 300 or length + pieces_length(pieces) <= target:
            kept.add(name)
            length += pieces_length(pieces) + 1

    builder = TextBuilder("\r\n" if rng.random() < 0.2 else "\n")
    if header:
        builder.extend(header)
        builder.extend(render(rng.choice(sections["header_end"]), ctx))
    layout = rng.choice(("prose", "prose", "paragraphs", "paragraphs", "lines"))
    breaks = {"exposure", "reaction", "labs", "outcome", "comment", "extra"}
    first = True
    for name, pieces, _ in plan:
        if name not in kept or not pieces:
            continue
        if not first:
            if layout == "lines" or (layout == "paragraphs" and name in breaks):
                builder.text("\n" if layout == "lines" else "\n\n")
            else:
                builder.text(" ")
        builder.extend(pieces)
        first = False
    text, spans = builder.build()

    meta_dates = {"RECVDATE": report.received.isoformat()}
    meta_dates["VAX_DATE" if vaccine else "START_DATE"] = case.start.isoformat()
    meta_dates["ONSET_DATE"] = case.onset.isoformat()
    return Document(
        text=text,
        spans=spans,
        external_id=report.external_id,
        case_id=report.case_id,
        source="demo",
        meta={
            "country": case.country,
            "report_type": "follow-up" if report.follow_up else "initial",
            "product_type": case.product.kind,
            "suspect_product": case.product.name,
            "reaction": scenario.term,
            "reporter_type": case.reporter_kind,
            "serious": hospital,
            "dates": meta_dates,
        },
        language=pack.code,
    )
