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
from deid_studio.detect.rules.words import register_triggers, word_index

_YEAR = r"(?:[ \t]*,)?[ \t]+(?:(?i:of|de|del|di|do|da)[ \t]+)?(?:19|20)\d\d(?![\d\p{L}])"
_APOSTROPHE = r"['\u2019]"
_FIXED = (
    # English
    rf"(?i:christmas|xmas)[ \t]+(?i:day|eve|morning|night)|(?i:new)[ \t]+(?i:year){_APOSTROPHE}?"
    rf"s?{_APOSTROPHE}?[ \t]+(?i:day|eve)|(?i:boxing)[ \t]+(?i:day)|(?i:hogmanay)"
    rf"|(?i:valentine){_APOSTROPHE}?s?[ \t]+(?i:day)|(?i:fourth)[ \t]+(?i:of)[ \t]+(?i:july)"
    # a film's and a party's name too ("watched Independence Day", "Halloween candy"): after
    # a word of time only
    r"|(?<=(?i:on|since|until|by|before|after|onset|night|of)[ \t]+)"
    r"(?:Independence[ \t]+Day|(?i:halloween))"
    r"|Guy[ \t]+Fawkes[ \t]+Night|Bonfire[ \t]+Night"
    rf"|St\.?[ \t]+Patrick{_APOSTROPHE}?s[ \t]+Day|Veterans{_APOSTROPHE}?[ \t]+Day"
    r"|Remembrance[ \t]+Day"
    # Spanish
    r"|(?i:nochebuena|nochevieja)|(?i:d[íi]a)[ \t]+(?i:de)[ \t]+(?:Navidad|Reyes|Año[ \t]+Nuevo)"
    # French
    r"|(?i:jour|veille|soir|lendemain|r[ée]veillon)[ \t]+(?i:de)[ \t]+No[ëe]l"
    rf"|(?i:jour)[ \t]+(?i:de)[ \t]+(?i:l){_APOSTROPHE}An|Saint-Sylvestre|Toussaint"
    r"|(?i:nouvel)[ \t]+An(?![\p{L}\p{M}])"
    # German
    r"|(?i:heiligabend|heiligen[ \t]+abend|silvester|neujahrstag|neujahr)"
    r"|Weihnachtsfeiertag"
    # Italian
    r"|(?i:vigilia|giorno)[ \t]+(?i:di)[ \t]+Natale|Capodanno|Ferragosto"
    # Portuguese
    r"|(?i:v[ée]spera|dia)[ \t]+(?i:de)[ \t]+(?:Natal|Ano[ \t]+Novo)|(?i:r[ée]veillon)"
)
_MOVING = (
    r"(?i:christmas|xmas|thanksgiving(?:[ \t]+day)?|easter(?:[ \t]+(?:sunday|monday))?"
    r"|good[ \t]+friday|memorial[ \t]+day|black[ \t]+friday|super[ \t]*bowl(?:[ \t]+sunday)?"
    rf"|mother{_APOSTROPHE}?s{_APOSTROPHE}?[ \t]+day|father{_APOSTROPHE}?s{_APOSTROPHE}?[ \t]+day"
    r"|new[ \t]+year)|Labou?r[ \t]+Day|MLK[ \t]+Day|Presidents" + _APOSTROPHE + r"?[ \t]+Day"
    r"|Navidad(?:es)?|Semana[ \t]+Santa|Pascua|No[ëe]l|P[âa]ques|Weihnachten|Ostern|Pfingsten"
    r"|Natale|Pasqua|Natal|P[áa]scoa|Carnaval|Carnevale|Karneval"
)
_SEASON = (
    r"(?i:day|eve|break|holidays?|vacation|leave|period|season|week|shopping|presents?|gifts?"
    r"|lights|decorations|tree|jumper|sweater|preparations|dinner|lunch|party|parties|cards?"
    r"|songs?|music|movies?|films?|market|candy|cookies|cake|pudding|shift)(?![\p{L}\p{M}])"
)
"""What makes "on Christmas" a period, or the fixed holiday's own words."""
_HOLIDAY = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}\d])(?:(?:{_FIXED})(?:{_YEAR})?|(?:{_MOVING}){_YEAR}"
    # "on Christmas" is the day itself ("over Christmas", "Christmas tree" are not)
    rf"|(?<=(?<![\p{{L}}\p{{M}}])(?i:on)[ \t]+)(?i:christmas|xmas)(?![ \t]+{_SEASON}))"
    r"(?![\p{L}\p{M}])"
)
_FIRST_WORDS = frozenset(
    (
        "christmas xmas new boxing halloween hogmanay valentine valentines fourth "
        "independence guy bonfire st veterans remembrance thanksgiving easter good memorial "
        "black super superbowl mother mothers father fathers labor labour mlk presidents "
        "nochebuena nochevieja día dia jour veille soir lendemain réveillon reveillon saint nouvel "
        "toussaint heiligabend heiligen silvester neujahrstag neujahr weihnachtsfeiertag "
        "vigilia giorno capodanno ferragosto véspera vespera navidad navidades semana pascua "
        "noël noel pâques paques weihnachten ostern pfingsten natale pasqua natal páscoa "
        "pascoa carnaval carnevale karneval"
    ).split()
)
"""The first words of :data:`_HOLIDAY`'s phrases, which :func:`word_index` finds: the pattern
is tried only where one stands (a scan of every narrative that held "natal" or "mother"
anywhere, as "perinatal" and "prenatal" do, cost 9% of the rules' time on MEDDOCAN dev)."""
_ORDINAL_BEFORE = regex.compile(r"(?r)(?:ersten|zweiten|[12]\.)[ \t]+\Z")
"""The day before a German "Weihnachtsfeiertag" ("am 2. Weihnachtsfeiertag")."""


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _FIRST_WORDS


def find_holidays(text: str, language: str | None) -> list[RuleHit]:
    """Every date :data:`_HOLIDAY` names, tried where a holiday's first word stands."""
    index = word_index(text, language)
    starts = sorted(p for word in _FIRST_WORDS.intersection(index) for p in index[word])
    found: list[RuleHit] = []
    for start in starts:
        if found and start < found[-1].end:
            continue
        match = _HOLIDAY.match(text, start)
        if match is not None:
            before = _ORDINAL_BEFORE.match(text, max(0, start - 8), start)
            begin = before.start() if before is not None and "feiertag" in match.group() else start
            found.append(RuleHit(begin, match.end(), "DATE", "date_holiday"))
    return found


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
        "la [veille de Noël]; le [jour de l'An]; à [Noël 2020]; au [Nouvel An]; le [réveillon]",
        "an [Heiligabend] Fieber; an [Silvester]; [Ostern 2021]; am [2. Weihnachtsfeiertag]",
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
