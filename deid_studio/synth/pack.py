"""What the generator needs to know about one narrative language, as data.

Each ``lang_*`` module builds one :class:`LanguagePack`: word lists, name patterns for
hospitals and pharmacies, the reactions it can describe, and the templates of every section of
a narrative. Templates are text with ``{slot}`` placeholders (see :mod:`.builder`); a template
is only used when the case can fill all its slots, so "her husband {relative}" is never chosen
for a patient without a relative.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Relation:
    """A relative of the patient: the word for them, their sex, and who can have one."""

    word: str
    sex: str
    patient_sex: str | None = None  # "husband" needs a female patient (in these reports)
    adult_patient: bool | None = None  # a "mother" reports for a child, a "daughter" for an adult


@dataclass(frozen=True, slots=True)
class Scenario:
    """One kind of reaction, told in one language.

    ``term`` is the MedDRA-like reaction name; ``symptoms``, ``treatment`` and ``labs`` are
    templates of sentences (lab values and relative times are not PHI).
    """

    term: str
    symptoms: tuple[str, ...]
    treatment: tuple[str, ...]
    labs: tuple[str, ...]


AgeForms = Callable[[int, int | None, str], Mapping[str, str]]
"""(years, months for an infant or None, sex) -> age slots (``age_adj``, ``age_noun``, ...)."""


@dataclass(frozen=True, slots=True)
class LanguagePack:
    """Everything language-specific: words, name patterns, reactions, section templates.

    ``locales`` lists (Faker locale, ISO country code, weight). ``places`` gives real city names
    per country where Faker only invents them. ``organisations`` maps a kind (``hospital``,
    ``gp``, ``pharmacy``, ``vaccination``, ``employer``) to patterns using ``{city}``,
    ``{surname}``, ``{saint}`` and ``{company}``. ``sections`` maps a section name to its
    templates, ``header`` lists the "Key: value" lines a header block may have.
    """

    code: str
    locales: tuple[tuple[str, str, float], ...]
    country_names: Mapping[str, tuple[str, ...]]
    places: Mapping[str, tuple[str, ...]]
    gender: Mapping[str, Mapping[str, str]]
    relations: tuple[Relation, ...]
    qualifications: Mapping[str, tuple[str, ...]]
    doctor_title: Mapping[str, tuple[str, ...]]
    professions: tuple[str, ...]
    saints: tuple[str, ...]
    organisations: Mapping[str, tuple[str, ...]]
    email_domains: tuple[str, ...]
    id_formats: tuple[str, ...]
    age: AgeForms
    words: Mapping[str, tuple[str, ...]]
    scenarios: Mapping[str, Scenario]
    header: tuple[str, ...]
    sections: Mapping[str, tuple[str, ...]]

    def gendered(self, word: str, sex: str) -> str:
        """``word`` or, when it has two forms "m|f", the one for ``sex``."""
        if "|" not in word:
            return word
        male, female = word.split("|", 1)
        return male if sex == "M" else female
