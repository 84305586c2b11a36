"""Dates named by a holiday (``date_holiday``): a holiday on a fixed day is a day and a month
("on Christmas Eve", "New Year's Day 2021", "el día de Reyes", "la veille de Noël",
"Heiligabend", "la vigilia di Natale", "véspera de Natal"), with its year when one follows; a
holiday whose day moves, or a season of holidays, only with its year ("Thanksgiving 2020",
"Easter 2021", "Semana Santa de 2021", "Weihnachten 2020"), which says the month. The
masker cannot shift these and writes the date's tag.
"""

from __future__ import annotations

import regex

from deid_studio.detect.rules.base import Finder, RuleHit

_YEAR = r"(?:[ \t]*,)?[ \t]+(?:(?i:of|de|del|di|do|da)[ \t]+)?(?:19|20)\d\d(?![\d\p{L}])"
_APOSTROPHE = r"['\u2019]"
_FIXED = (
    # English
    rf"(?i:christmas|xmas)[ \t]+(?i:day|eve|morning|night)|(?i:new)[ \t]+(?i:year){_APOSTROPHE}?"
    rf"s?{_APOSTROPHE}?[ \t]+(?i:day|eve)|(?i:boxing)[ \t]+(?i:day)|(?i:halloween|hogmanay)"
    rf"|(?i:valentine){_APOSTROPHE}?s?[ \t]+(?i:day)|(?i:fourth)[ \t]+(?i:of)[ \t]+(?i:july)"
    r"|Independence[ \t]+Day|Guy[ \t]+Fawkes[ \t]+Night|Bonfire[ \t]+Night"
    rf"|St\.?[ \t]+Patrick{_APOSTROPHE}?s[ \t]+Day|Veterans{_APOSTROPHE}?[ \t]+Day"
    r"|Remembrance[ \t]+Day"
    # Spanish
    r"|(?i:nochebuena|nochevieja)|(?i:d[íi]a)[ \t]+(?i:de)[ \t]+(?:Navidad|Reyes|Año[ \t]+Nuevo)"
    # French
    r"|(?i:jour|veille|soir|lendemain|r[ée]veillon)[ \t]+(?i:de)[ \t]+No[ëe]l"
    rf"|(?i:jour)[ \t]+(?i:de)[ \t]+(?i:l){_APOSTROPHE}An|Saint-Sylvestre|Toussaint"
    # German
    r"|(?i:heiligabend|heiligen[ \t]+abend|silvester|neujahrstag|neujahr)"
    r"|(?:ersten|zweiten|1\.|2\.)[ \t]+Weihnachtsfeiertag"
    # Italian
    r"|(?i:vigilia|giorno)[ \t]+(?i:di)[ \t]+Natale|Capodanno|Ferragosto"
    # Portuguese
    r"|(?i:v[ée]spera|dia)[ \t]+(?i:de)[ \t]+(?:Natal|Ano[ \t]+Novo)|R[ée]veillon"
)
_MOVING = (
    r"(?i:christmas|xmas|thanksgiving(?:[ \t]+day)?|easter(?:[ \t]+(?:sunday|monday))?"
    r"|good[ \t]+friday|memorial[ \t]+day|black[ \t]+friday|super[ \t]*bowl(?:[ \t]+sunday)?"
    rf"|mother{_APOSTROPHE}?s{_APOSTROPHE}?[ \t]+day|father{_APOSTROPHE}?s{_APOSTROPHE}?[ \t]+day"
    r"|new[ \t]+year)|Labou?r[ \t]+Day|MLK[ \t]+Day|Presidents" + _APOSTROPHE + r"?[ \t]+Day"
    r"|Navidad(?:es)?|Semana[ \t]+Santa|Pascua|No[ëe]l|P[âa]ques|Weihnachten|Ostern|Pfingsten"
    r"|Natale|Pasqua|Natal|P[áa]scoa|Carnaval|Carnevale|Karneval"
)
_SEASON = r"(?i:day|eve|break|holidays?|vacation|leave|period|season|week|shopping)"
"""What makes "on Christmas" a period, or the fixed holiday's own words."""
_HOLIDAY = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}\d])(?:(?:{_FIXED})(?:{_YEAR})?|(?:{_MOVING}){_YEAR}"
    # "on Christmas" is the day itself ("over Christmas", "Christmas tree" are not)
    rf"|(?<=(?<![\p{{L}}\p{{M}}])(?i:on)[ \t]+)(?i:christmas|xmas)(?![ \t]+{_SEASON}))"
    r"(?![\p{L}\p{M}])"
)
_HINTS = (
    "christmas", "xmas", "new year", "boxing", "halloween", "hogmanay", "valentine", "july",
    "independence", "fawkes", "bonfire", "patrick", "veterans", "remembrance",
    "thanksgiving", "easter", "good friday", "memorial", "black friday", "super", "mother",
    "father", "labor day", "labour day", "mlk", "presidents", "nochebuena", "nochevieja",
    "navidad", "reyes", "año nuevo", "semana santa", "pascua", "noël", "noel", "sylvestre",
    "toussaint", "jour de l", "pâques", "paques", "heilig", "silvester", "neujahr",
    "weihnacht", "ostern", "pfingsten", "natale", "capodanno", "ferragosto", "pasqua",
    "natal", "ano novo", "réveillon", "reveillon", "páscoa", "pascoa", "carnaval", "carnevale",
    "karneval",
)  # fmt: skip
"""Words one of which a narrative naming a holiday holds: the pattern runs only there."""


def find_holidays(text: str, language: str | None) -> list[RuleHit]:
    """Every date :data:`_HOLIDAY` names, in the narratives that hold a holiday's word."""
    lower = text.lower()
    if not any(hint in lower for hint in _HINTS):
        return []
    return [RuleHit(*m.span(), "DATE", "date_holiday") for m in _HOLIDAY.finditer(text)]


HOLIDAY_FINDER = Finder(
    "holidays",
    find_holidays,
    {"date_holiday": 0.9},
    (
        "She received the dose on [Christmas Day 2020] and felt unwell",
        "symptoms began on [Christmas Eve]; on [New Year's Day] she fainted",
        "fever since [New Years Eve, 2020]; seen on [Boxing Day]",
        "Onset was on [Thanksgiving 2021]; vaccinated at [Easter 2021]",
        "he collapsed on [Christmas morning]; on [Christmas] she fainted; the [Fourth of July]",
        "el [día de Reyes] acudió; en [Nochebuena]; en [Semana Santa de 2021]",
        "la [veille de Noël]; le [jour de l'An]; à [Noël 2020]",
        "an [Heiligabend] Fieber; an [Silvester]; [Ostern 2021]",
        "la [vigilia di Natale]; a [Capodanno]; a [Ferragosto]",
        "na [véspera de Natal]; no [Réveillon]; no [Carnaval de 2021]",
    ),
    (
        "over Christmas she felt better; the Christmas tree; after Christmas; on Christmas break",
        "at Easter; on Thanksgiving; on Labor day 2; the Super Bowl party",
        "her mother's day care; the father's day off",
        "Natal, Rio Grande do Norte; Pascua Lama; Noël Martin",
        "the labor day 2 of induction",
    ),
)
