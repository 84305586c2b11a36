"""Dates written the ways spontaneous reports write them, in each narrative language."""

from __future__ import annotations

import datetime as dt
import random

MONTHS: dict[str, tuple[str, ...]] = {
    "en": (
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ),
    "es": (
        "enero", "febrero", "marzo", "abril", "mayo", "junio",
        "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
    ),
    "fr": (
        "janvier", "février", "mars", "avril", "mai", "juin",
        "juillet", "août", "septembre", "octobre", "novembre", "décembre",
    ),
    "de": (
        "Januar", "Februar", "März", "April", "Mai", "Juni",
        "Juli", "August", "September", "Oktober", "November", "Dezember",
    ),
}  # fmt: skip

# Full dates: style name -> formatter. Each language lists the styles its reports use.
STYLES: dict[str, tuple[str, ...]] = {
    "en": ("dmy/", "mdy/", "iso", "d month y", "month d, y", "d-mon-y", "dmony"),
    "es": ("dmy/", "dmy-", "iso", "d de month de y", "d-mon-y"),
    "fr": ("dmy/", "iso", "d month y"),
    "de": ("dmy.", "dmy.yy", "iso", "d. month y"),
}

# Month and year only: "March 2021" is a date (more precise than a year).
MONTH_STYLES: dict[str, tuple[str, ...]] = {
    "en": ("month y", "mm/y"),
    "es": ("month de y", "mm/y"),
    "fr": ("month y", "mm/y"),
    "de": ("month y", "mm/y"),
}


def format_date(day: dt.date, style: str, language: str) -> str:
    """``day`` written in ``style`` with the month names of ``language``."""
    month = MONTHS[language][day.month - 1]
    d, m, y = day.day, day.month, day.year
    if style == "dmy/":
        return f"{d:02d}/{m:02d}/{y}"
    if style == "mdy/":
        return f"{m:02d}/{d:02d}/{y}"
    if style == "dmy-":
        return f"{d:02d}-{m:02d}-{y}"
    if style == "dmy.":
        return f"{d:02d}.{m:02d}.{y}"
    if style == "dmy.yy":
        return f"{d:02d}.{m:02d}.{y % 100:02d}"
    if style == "iso":
        return day.isoformat()
    if style == "d month y":
        first = "1er" if language == "fr" and d == 1 else str(d)
        return f"{first} {month} {y}"
    if style == "month d, y":
        return f"{month} {d}, {y}"
    if style == "d de month de y":
        return f"{d} de {month} de {y}"
    if style == "d-mon-y":
        return f"{d:02d}-{month[:3].capitalize()}-{y}"
    if style == "dmony":
        return f"{d:02d}{month[:3]}{y}"
    if style == "d. month y":
        return f"{d}. {month} {y}"
    if style == "month y":
        return f"{month} {y}"
    if style == "month de y":
        return f"{month} de {y}"
    if style == "mm/y":
        return f"{m:02d}/{y}"
    raise ValueError(f"unknown date style {style!r}")


def primary_style(rng: random.Random, language: str, country: str) -> str:
    """The style most dates of one narrative use; US reports write month first."""
    styles = STYLES[language]
    if language == "en":
        numeric = "mdy/" if country == "US" else "dmy/"
        return numeric if rng.random() < 0.45 else ambiguous_free(rng.choice(styles), country)
    return styles[0] if rng.random() < 0.5 else rng.choice(styles)


def ambiguous_free(style: str, country: str) -> str:
    """A numeric day-month style that does not contradict the reporting country."""
    if style == "mdy/" and country != "US":
        return "dmy/"
    if style == "dmy/" and country == "US":
        return "mdy/"
    return style


class DateWriter:
    """Writes the dates of one narrative: mostly in its primary style, now and then another."""

    def __init__(self, rng: random.Random, language: str, country: str) -> None:
        self.rng = rng
        self.language = language
        self.country = country
        self.style = primary_style(rng, language, country)

    def full(self, day: dt.date) -> str:
        """A full date, in the narrative's style four times out of five."""
        style = self.style
        if self.rng.random() < 0.2:
            style = ambiguous_free(self.rng.choice(STYLES[self.language]), self.country)
        return format_date(day, style, self.language)

    def month(self, day: dt.date) -> str:
        """Month and year of ``day``."""
        return format_date(day, self.rng.choice(MONTH_STYLES[self.language]), self.language)
