"""Dates as spontaneous reports write them, and years standing alone in context.

A DATE span covers the whole date expression ("25 de marzo de 2010", "January 24, 2014",
"October-November 2013"); two dates joined by a word are two spans ("1999 y 2002"). A year
alone is kind YEAR, and only in a context that makes it a date ("in 2004", "desde 1998");
in Spanish "año" belongs to the span ("en el [año 2004]"), as in MEDDOCAN's gold.
"""

from __future__ import annotations

import regex

from deid_studio.detect.rules.base import FULL_MONTH, MONTH, SAFE_MONTH, Rule, alternation, words

D = r"(?:0?[1-9]|[12]\d|3[01])"
M = r"(?:0?[1-9]|1[0-2])"
Y4 = r"(?:1[89]\d\d|20\d\d|21[0-2]\d)"  # "1/20/2121": 2021 mistyped
Y = rf"(?:{Y4}|'?\d\d)"
ORD = r"(?:st|nd|rd|th|er|º|°|\.)?"
# Ambiguous month words ("may", "mar", "set", "out", "ago") count beside a day or a year,
# or capitalised: "May 20" is a date, "may 20" is probably not.
STRICT_MONTH = rf"(?:{SAFE_MONTH}|(?-i:May|Mar|Set|Out|Ago|MAY|MAR|SET|OUT|AGO))"
_DAYS_MONTH = (
    rf"(?:{SAFE_MONTH}|(?-i:May|Mar|Set|Out|Ago)"
    r"(?![ \t]+(?i:be|have|has|cause|not|also|need|take|help|indicate|require|occur|lead"
    r"|result|increase|decrease|affect|develop|appear|include|vary|present|reflect|suggest)\b))"
)
"""A month after its day: an ambiguous one capitalised ("on 12 May he", "5 Mar"), not a
verb's "may" after a count ("3 May be more")."""
_BEFORE = r"(?<![\d/])(?<!\d{4}-\d{1,2}-)(?:(?<!\d[.,-])|(?<=(?:[/.\-]|\p{L})\d{1,4}-))"
"""Not inside a longer number, unless the end of a date and a hyphen stand before: the second
date of a range ("12/31/2020-[1/10/2021]", "31Dec2020-[10Jan2021]", "1/8-[1/15/21]"); not
the day of an ISO date ("2021-04-14 de Abril" is no "14 de Abril": the masked text kept
"2021-04-" before the shifted day and month, and the date with it)."""
_AFTER = r"(?![\d/])(?:(?![.,-]\d)|(?=-\d{1,4}[/.]\d|-\d{1,2}-?\p{L}|-\d{4}-\d))"
"""Not inside a longer number, unless a hyphen and a second date follow
("[12/31/2020]-1/10/2021")."""
_DAY_MONTH = rf"(?:{D}/{M}|{M}/{D})"
_DASH = r"\s?[-\u2013]\s?"  # between the two dates of a range
_MONTH_DAY = rf"{M}/(?:0?[1-9]|1[1-9]|2\d|3[01])"
"""A month and a day, and no score out of ten."""
_NTH_THING = (
    r"[ \t]+(?i:dose|doses|shot|shots|booster|injection|jab|vaccine|vaccination|round|cycle"
    r"|time|infusion|be)\b"
)
"""What an ordinal counts, not a day: "In March the 2nd dose was given", "May the 4th be"."""
_AND = r"[ \t]+(?:and|or|&)[ \t]+"
_SEP = r"\s*[-/.,]?\s*"  # "12Jan2014", "19-Jul- 2011", "Jan 3, 2021"
_OF = r"(?:\s+(?:de|del|of)\s+|" + _SEP + ")"
_JOIN = r"\s*(?:-|\u2013|/|to|a|al|au|bis|till|until|y|and|et|und|e|och|&)\s*"
_TIME = r"(?:(?:[ T]|,[ ])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:[ ]?(?:am|pm)\b)?(?![\d:]))?"
"""A time of day right after a numeric date belongs to its span ("2000-04-16 11:34:35",
"12/24/2020 01:51pm"): the masking shifts the date and keeps the time as written."""


def _numeric(order: str) -> str:
    """d/m/y, m/d/y or y/m/d with one kind of separator, allowing one stray space or a doubled
    separator ("19/05 /1981", "20/11//2014"), or a slash and then a dot before the year when
    day and month have two digits each ("01/07.21"; not "1/2.50 mg")."""
    parts = []
    for sep in "/.-":
        s = rf"\s?{regex.escape(sep)}{{1,2}}\s?"
        if order == "ymd":
            parts.append(rf"{Y4}{s}{M}{s}{D}")
        else:
            parts.append(rf"(?:{D}{s}{M}|{M}{s}{D}){s}{Y}")
    if order != "ymd":  # a slash then a dot, day and month both of two digits: "01/07.21"
        parts.append(r"(?:[0-3]\d/[01]\d|[01]\d/[0-3]\d)\.(?:\d\d){1,2}(?!\d)")
    return _BEFORE + "(?:" + "|".join(parts) + ")" + _AFTER + _TIME


_DATE_CONTEXT_WORDS = words(
    "on by since from until till to of dated el del al desde hasta le du au am vom bis em den "
    "il dal data "
    "dia día fecha date datum admitted discharged seen started stopped onset transferred "
    "vaccinated readmitted intubated extubated diagnosed hospitalized hospitalised died "
    "expired born returned presented "
    "mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday "
    "saturday sunday lunes martes miércoles miercoles jueves viernes sábado sabado domingo "
    "lundi mardi mercredi jeudi vendredi samedi dimanche montag dienstag mittwoch donnerstag "
    "freitag samstag sonntag morning evening afternoon night tonight death"
)
_DATE_CONTEXT = alternation(_DATE_CONTEXT_WORDS)
_ADMITTED_AT = (
    r"\b(?i:internad[oa]|ingressad[oa]|hospitalizad[oa]|ingresad[oa]|ricoverat[oa])"
    r"\s+(?i:a|em|el|il)"
)
"""A Spanish, Portuguese or Italian admission's word and its preposition before a day and
month ("Internado a 3/3", "internada em 15/03", "ingresado el 5/3")."""
_SCORE_WORDS = alternation(
    "scale score scored rated rating rate grip grips strength level intensity severity "
    "ratio titer titre dilution vision acuity power reflexes".split()
)
"""Words before a number pair that make it a score or a ratio ("grips 5/5", "rated 6/7"; and
"pain 7/8" where the day could be a denominator)."""
_AMOUNT_AFTER = alternation(
    "of mg mcg ml cc tab tabs tablet tablets pill pills cup cups hour hours hr hrs h min "
    "minutes day days week weeks month months times x positive negative memorial scale "
    "score strength".split()
)
"""Words after a number pair that make it an amount, a fraction or a score."""
_NO_AMOUNT_AFTER = rf"(?![ \t]*(?i:{_AMOUNT_AFTER})\b)"
_NO_SCORE_BEFORE = rf"(?<![\d/.,:\-]|(?i:{_SCORE_WORDS})[ \t]{{1,3}})"
"""Not inside a longer number, nor after a score's word."""

_NO_DAYS_AFTER = r"[ \t]*(?i:times|doses?|days|weeks|months|mg|tabs?|tablets?|hours|hrs|am|pm)\b"
"""What makes a range after a month's day a count ("in March 3-4 times")."""
_NO_UNIT_AFTER = (
    r"(?![ \t]*(?i:mg|mcg|µg|g|kg|ml|l|mmol|µmol|mol|mm|cm|m|%|h|min|uhr|ore|ui|ie|u|mg/dl)"
    r"(?![\p{L}]))"
)
"""No unit after a day and a month without a year or a last dot: "am 3.5 mmol/l" is a value."""
_DATE_KEYS = words(
    "date dob d.o.b born birth onset fecha nacimiento datum geburtsdatum data naissance nascimento "
    "début debut inicio início reacción réaction reação vaccination vacunación vaccinazione"
)
"""The keys a compact date follows ("Vaccination date 20210315", "DOB 19500101", "Fecha de
inicio de la reacción: 20240303", "Date de début : 20240303")."""

DATE_RULES: tuple[Rule, ...] = (
    Rule(
        "date_compact",
        "DATE",
        # year, month and day run together, as exports and E2B write them, after a date's key
        rf"(?<![\d\p{{L}}]){Y4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?![\d\p{{L}}])",
        (
            "Vaccination date [20210315].",
            "DOB [19500101]",
            "Onset: [20210402]",
            "D.2.1 Date of birth: [19790228]",
        ),
        ("Lot 20210315", "MRN 19500101", "date 2021031", "dob 202103155"),
        anchor="number",
        after=_DATE_KEYS,
    ),
    Rule(
        "date_year_month_keyed",
        "DATE",
        # a year and its month in digits after a date's key ("Event date: 2021-03"); without
        # the key a season ("2011-12") or a code's part
        rf"(?<![\d\p{{L}}/.-]){Y4}[-/](?:0[1-9]|1[0-2])(?![\d\p{{L}}/]|[.,-]\d)",
        ("Event date: [2021-03]", "Onset [2020/11] (approx.)", "DOB: [1950-07]."),
        ("Lot 2021-03", "season 2011-12", "date 2021-03-15x", "date 2021-13"),
        anchor="number",
        after=_DATE_KEYS,
    ),
    Rule(
        "date_ordinal_day",
        "DATE",
        # a day of the month alone, its ordinal's digits after "on the" ("on the 15th"), before
        # what ends the date: no dose, day, floor or count after it ("on the 2nd dose")
        r"(?<=\b(?:on|by|since|until|till|from|before|after|around|as[ \t]+of)[ \t]+the[ \t]+)"
        r"(?:[12]?\d|3[01])(?:st|nd|rd|th)(?=[ \t]*(?:[.,;:!?)]|\Z)|[ \t]+(?:of[ \t]+(?:this|last"
        r"|the|that|next)[ \t]+month|she|he|they|i|we|pt|patient|the|her|his|my|was|were|had"
        r"|when|then|but|so|at|in|around|about"
        r"|and(?![ \t]+(?:\d|final|last|first|second|third|fourth|fifth|booster|subsequent)))\b)",
        (
            "Symptoms started on the [15th].",
            "She had her 12 month jabs on the [2nd] and by that evening she was sick",
            "on the [15th] of the month",
            "on the [3rd] she was admitted; since the [21st], at home",
            "vaccine on the [18th] then tested positive on the [24th]; until the [30th] when",
        ),
        (
            "on the 2nd dose",
            "on the 15th floor",
            "on the 1st day of the trial",
            "by the 3rd week",
            "on the 2nd of 3 doses",
            "he was the 3rd.",
            "on the 1st and 2nd doses; on the 2nd and final dose; on the 3rd and booster",
        ),
        anchor="day",
        after=words("the"),
        languages=frozenset({"en"}),
    ),
    Rule(
        "date_weekday_ordinal",
        "DATE",
        # a day of the month as an ordinal after its weekday, in English ("Monday the 6th",
        # "since Sat 14th", "on Friday 12th she fell"): no dose, floor or count after it
        r"(?<=\b(?:mon|tues?|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday"
        r"|friday|saturday|sunday)\.?,?[ \t]+(?:the[ \t]+)?)"
        r"(?:[12]?\d|3[01])(?:st|nd|rd|th)(?![\p{L}\d])(?![ \t]+(?:dose|floor|day|week|month"
        r"|time|shot|injection|cycle|visit|of[ \t]+\d)s?\b)",
        (
            "Callback requested Monday the [6th] after 2pm",
            "admitted to Wexford General since Sat [14th], daughter informed",
            "last Tuesday the [3rd] and the rash; on Wednesday, the [4th], he",
        ),
        ("on Monday the 2nd dose", "Sunday 3rd floor", "Friday 2nd week", "Wed 1st of 3"),
        anchor="day",
        after=words(
            "the mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday "
            "thursday friday saturday sunday"
        ),
        languages=frozenset({"en"}),
    ),
    Rule(
        "date_day_alone",
        "DATE",
        # a day of the month alone after the word for day, as Spanish, Portuguese and Italian
        # write it ("el pasado día 3", "no dia 3 teve", "il giorno 14"): not a day of a
        # treatment or a stay ("giorno 5 di ricovero", "dia 14 pós-vacina"); in Spanish only
        # after "pasado": a case report's "el día 12" is its twelfth day ("En el día 12 se
        # apreció resolución", "el día 1, vía intravenosa": 10 of 10 such in MEDDOCAN)
        r"(?<=\b(?:(?i:pasado)[ \t]+(?i:d[íi]a)|(?i:no|do|il|dal|nel)[ \t]+(?i:dia|giorno))[ \t]+)"
        r"(?:[12]?[1-9]|[123]0|31)(?![\d\p{L}º°ª/:-]|[.,]\d)"
        r"(?![ \t]*(?i:de|del|da|do|di|della|dopo|tras|após|post|postoperatorio|postvacunaci[óo]n"
        r"|h|hs|horas|ore|mg|ml)(?![\p{L}]))",
        (
            "Se suspendió el fármaco el pasado día [3].",
            "No dia [10] surgiu icterícia.",
            "Il giorno [14] si è presentato in PS.",
        ),
        (
            "el día 3 de tratamiento",
            "En el día 12 se apreció resolución",
            "al día 5 del ingreso",
            "il giorno 5 di ricovero",
            "el día 14 postvacunación",
            "el día 2 h después",
        ),
        anchor="digit",
        after=words("día dia giorno"),
        languages=frozenset({"es", "pt", "it"}),
    ),
    Rule(
        "date_day_alone_fr_de",
        "DATE",
        # a day of the month alone where French and German write one before the clause goes
        # on ("le 5, hospitalisation", "le 14 et depuis", "le 1er", "Am 14. erfolgte die
        # Aufnahme"): not "le 5 % des patients", "am 14. Tag"
        r"(?<=\b[Ll]e[ \t]+)(?:[12]?[1-9]|[123]0|31)(?:er)?"
        r"(?=[ \t]*(?:[,;)]|\.[ \t]*(?:\Z|[\n\r]|(?-i:\p{Lu}))|\Z"
        r"|(?:et|puis|mais|au|à)(?![\p{L}])))"
        r"|(?<=\b[Aa]m[ \t]+)(?:[12]?[1-9]|[123]0|31)\.(?=[ \t]+(?-i:\p{Ll}))",
        (
            "Le 3 mars 2023, début d'une éruption ; le [5], hospitalisation",
            "j'ai pris du doliprane le [14] et depuis",
            "Début des symptômes le [1er], aggravation le [3].",
            "Am [14.] erfolgte die stationäre Aufnahme.",
        ),
        (
            "le 5 % des patients",
            "le 3 comprimés",
            "am 14. Tag",
            "Am 14. März",
            "le 12 mars",
        ),
        anchor="digit",
        after=words("le am"),
        languages=frozenset({"fr", "de"}),
    ),
    Rule(
        "date_numeric",
        "DATE",
        _numeric("dmy"),
        (
            "14/04/1990",
            "1/22/21",
            "21-03-07",
            "12.03.19",
            "1.1.21",
            "19/05 /1981",
            "20/11//2014",
            "on [12/24/20]. Transferred",
            "Yeasterday[1/12/21] the Rx",
            "(ver informe con fechas [16/10/2016] y [09/12/2016])",
            "received [12/24/2020 01:51pm] in",
            "on [12/30/2020 07:02 AM] she",
            "from [12/31/2020]-[1/10/2021] in hospital",
            "liver enzymes 1/8-[1/15/21]",
            "Vaccine was given on [12/23/20] on [01/07.21] went",
        ),
        (
            "13/13/2020",
            "5/325 mg",
            "BP 120/80/60",
            "1.2.3.4",
            "32/01/2020",
            "v1.10.2020.3",
            "1/2.50 mg",
            "ratio 10/15.5",
        ),
        anchor="numeric",
    ),
    Rule(
        "date_roman_month",
        "DATE",
        # a month in Roman numerals, as Spanish, Italian and Polish forms write it
        r"(?<![\w/.-])(?:0?[1-9]|[12]\d|3[01])([/.\-])"
        r"(?:(?-i:XII|XI|X|IX|VIII|VII|VI|V|IV|III|II|I)\1(?:(?:19|20)\d\d|\d\d)"
        # in lower case only with a year of four digits: "3/iv/2021"
        r"|(?-i:xii|xi|x|ix|viii|vii|vi|v|iv|iii|ii|i)\1(?:19|20)\d\d)(?![\w/-]|\.\d)",
        ("egreso [15/XI/2023]", "il [3.IV.2021]", "el [7-III-21] ingresó", "Data: [3/iv/2021]."),
        ("15/XI/2023/4", "Fase II-III 2021", "dosis 7 IV 2 veces", "Prednisone 5 X 10 days"),
        anchor="day",
    ),
    Rule(
        "date_iso",
        "DATE",
        _numeric("ymd"),
        (
            "2014-01-15",
            "2021/1/5",
            "2020.12.31",
            "on [2021-01-15T10:00]",
            "[2000-04-16 11:34:35]",
            "from [2020-12-26]-[2020-12-28]",
        ),
        ("2014-13-01", "12014-01-15"),
        anchor="iso",
    ),
    Rule(
        "date_month_year_numeric",
        "DATE",
        rf"{_BEFORE}(?:{M}[/-]{Y4}|(?:0[1-9]|1[0-2])\.{Y4}|0[1-9]/\d\d){_AFTER}",
        ("12/2014", "3/2021", "05-2020", "01/14", "03.2020", "since [06/2019] she"),
        ("1/2 tab", "13/2014", "3.2021", "10/12", "1/14"),
        anchor="numeric",
    ),
    Rule(
        "date_month_short_year",
        "DATE",
        rf"{_BEFORE}(?!1/)(?:0?[1-9]|1[0-2])/(?:3[2-9]|[4-9]\d|0\d)(?![\d/])(?![.,]\d)"
        r"(?!\s*(?:mm|mg|ml|min|h\b|%|x\b|times))",
        ("seen [5/97] for", "since [12/88]", "CABG [3/04] and", "in [10/99]"),
        ("BP 120/80", "took 1/2 tab", "titer 1/40", "score 3/5", "5/325 mg", "1/80 ANA"),
        anchor="numeric",
    ),
    Rule(
        "date_short_in_brackets",
        "DATE",
        rf"(?<=\()(?:{M}/(?:1[3-9]|2\d|3[01])|(?:1[3-9]|2\d|3[01])/{M})(?=\))",
        ("on ([2/18]) the", "last visit ([10/23])"),
        ("dose (1/2)", "(3/5)", "(20/20)"),
        anchor="numeric",
    ),
    Rule(
        "date_day_month_dotted",
        "DATE",
        r"(?<=(?:^|[\s(])(?:(?-i:am|vom|bis|seit|ab|zum|den|dem|le|du|au|el|del|desde|hasta)\s+)?)"
        r"(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])\.(?![\d.])(?!\w)"
        # one digit each only after the word: "am 5.2." (not "Tab. 1.2.", "Abb. 3.1.")
        # or a sentence's capital, or a key's colon ("Am 3.3. Beginn", "Aufnahme: 3.3.")
        r"|(?<=(?:^|[\s(])(?:(?-i:[Aa]m|[Vv]om|[Bb]is|[Ss]eit(?:[ \t]+dem)?|dem|[Aa]b|[Zz]um)"
        r"|(?-i:Aufnahme|Entlassung|Datum|Beginn|Ende|Aufnahmedatum|Entlassungsdatum)[ \t]*:)"
        r"\s+)(?:[1-9]|[12]\d|3[01])\.(?:[1-9]|1[0-2])\.(?![\d.])(?!\w)"
        # without its last dot after the German words, whose decimals take a comma ("Am 3.3
        # Beginn"), or after the Italian article ("Il 15.03 ha sospeso"): no unit after it
        r"|(?<=(?:^|[\s(])(?-i:[Aa]m|[Vv]om|[Ss]eit(?:[ \t]+dem)?|dem|[Bb]is|[Zz]um)[ \t]+)"
        r"(?:[1-9]|[12]\d|3[01])\.(?:[1-9]|1[0-2])(?![\d.,]\d|\d|\.?\w)"
        + _NO_UNIT_AFTER
        + r"|(?<=(?:^|[\s(])(?-i:[Ii]l|[Dd]al|al)[ \t]+)(?:0[1-9]|[12]\d|3[01])\.(?:0[1-9]|1[0-2])"
        r"(?![\d.,]\d|\d|\.?\w)" + _NO_UNIT_AFTER,
        (
            "seit [12.03.] Fieber",
            "vom [01.02.] bis [05.02.]",
            "(am [24.12.])",
            "wurde am [5.2.] auf die ITS übernommen und am [8.2.] zurückverlegt",
            "Am [3.3.] Beginn der Therapie; Seit dem [12.3.] Juckreiz",
            "Aufnahme: [3.3.], Entlassung: [10.3.]",
            "Am [3.3] Beginn der Therapie; am Montag, dem [3.3.], kam es zum Kollaps",
            "dem [3.3] folgte",
            "Il [15.03] ha sospeso il farmaco; dal [01.03] al [15.03]",
        ),
        (
            "Tab. 1.2. shows",
            "v12.03.",
            "12.03.2020x",
            "siehe Abb. 3.1. und Kap. 2.4.",
            "am 3.5 mmol/l gemessen; Am 2.5 mg",
            "il 10.10 mg; il 12.05.2021x; dal 15.031",
        ),
        anchor="numeric",
        languages=frozenset({"de", "fr", "es", "it", "pt", "nl", "sv"}),
    ),
    Rule(
        "date_day_range_dotted",
        "DATE",
        r"(?<![\w.])(?:0?[1-9]|[12]\d|3[01])\.[ \t]?[-\u2013][ \t]?(?:0?[1-9]|[12]\d|3[01])\."
        r"(?:0?[1-9]|1[0-2])\.(?:\d{4}|\d{2})?(?!\.?\d)",
        ("Aufenthalt vom [02.-05.03.2021].", "vom [2. - 5.3.] stationär"),
        ("Tab. 1.-3.2.1 zeigt", "Version 2.-3.4.5"),
        anchor="numeric",
        languages=frozenset({"de", "nl", "sv"}),
    ),
    Rule(
        "date_range_head",
        "DATE",
        rf"{_BEFORE}{_DAY_MONTH}(?={_DASH}{_DAY_MONTH}/{Y}(?![\d/]))",
        ("liver enzymes [1/8]-1/15/21", "hospital [12/21]-12/27/20 for"),
        ("1/2-1 tab", "pain 4-5/10", "score 3/5-4/5"),
        anchor="numeric",
    ),
    Rule(
        "date_day_month_numeric",
        "DATE",
        rf"(?<=(?:\b{_DATE_CONTEXT}|{_ADMITTED_AT}),?\s+(?:{_DAY_MONTH}{_DASH})?){_DAY_MONTH}"
        rf"{_AFTER}"
        r"(?!\s*(?:day|día|dose|tab|tablet|pill|hour|hr|cup|glass|dosi|della|delle|dei|degli"
        r"|compress|cpr|fiala|fiale|comprimid))",
        (
            "from [12/26]-[12/28] in hospital",
            "went to ER on [1/24].",
            "resolved by [1/10]",
            "desde el [5/3] hasta el [8/3]",
            "Ricoverato il [15/03] per rash; in data [15/03] ha sospeso; dal [3/3] al [8/3]",
            "admitted [3/12] from home, seen [10/23] in clinic",
            "intubated [10/23], extubated [10/25]; family meeting on mon [3/6], Tuesday [3/7]",
            "on Saturday [1/2], Sunday [1/3], Monday, [1/4] and Tuesday [1/5]",
            "Internado a [3/3] por exantema; internada em [15/03]; ingresado el [5/3]",
        ),
        (
            "work 1/2 day",
            "half (1/2)",
            "on 1/2 day",
            "score 3/5",
            "started 1/2 tab daily",
            "il 1/2 compressa; il 3/4 della dose; in data 2/3 dosi",
        ),
        after=_DATE_CONTEXT_WORDS | {"0", "a"},  # "0": the second of "from 12/26-[12/28]"
        anchor="numeric",
    ),
    Rule(
        "date_month_day_bare",
        "DATE",
        rf"(?<![\d/.,:\-]|\d[ \t]|(?i:{_SCORE_WORDS})[ \t]{{1,3}}(?:of[ \t]+|at[ \t]+)?)"
        rf"{M}/(?:(?<!(?i:pain)[ \t]{{1,3}}\d{{1,2}}/)0?[6-9]|1[1-9]|2\d|3[01])"
        rf"(?![\d/])(?![.,]\d){_NO_AMOUNT_AFTER}",
        (
            "Narrative: [12/22] received COVID-19 vaccine",
            "Sent to hospital [12/30] at approximately 6:30PM",
            "woke up [12/29] with a low grade fever; [12/31], 08:30pm: pain",
            "right lower quadrant pain [1/21]- abdominal pain worsened",
            "[1/17]- large axillary lymphadenopathy; [1/15]: Pt was discharged",
        ),
        (
            "bone pain 10/10, muscle pain 8/10, hand grips 5/5",
            "pain 7/8 at rest; rated 6/7; a score of 9/12",
            "lasting 1 1/2 hours, 6 1/2 hours of treatment, posterior 2/3 of tongue",
            "BP 120/80, vision 20/20, took 1/2 tab, 3/4 cup, 24/7",
            "ratio 1/16, titer 1/40 positive; 9/11 memorial",
        ),
        anchor="numeric",
        languages=frozenset({"en"}),
    ),
    Rule(
        "date_month_day_range",
        "DATE",
        rf"(?:{_NO_SCORE_BEFORE}{_MONTH_DAY}"
        rf"(?=(?:{_DASH}|{_AND}){_MONTH_DAY}(?![\d/]){_NO_AMOUNT_AFTER})"
        rf"|(?<={_NO_SCORE_BEFORE}{_MONTH_DAY}(?:{_DASH}|{_AND})){_MONTH_DAY})"
        rf"(?![\d/])(?![.,]\d){_NO_AMOUNT_AFTER}"
        # a day that could be a denominator, when a time of day follows: "vaccine 1/2 at 2pm"
        rf"|(?<![\d/.,:\-]){M}/(?:0?[1-5]|10)"
        r"(?=[ \t]+at[ \t]+\d{1,2}(?::\d\d)?[ \t]?(?i:am|pm|a\.m\.|p\.m\.))",
        (
            "then another hospital [1/1]-[1/2]). but",
            "[1/20]-[1/22] developed butterfly rash",
            "Patient sent to hospital [1/2] and [1/5].",
            "Received covid vaccine [1/2] at 2pm.",
        ),
        (
            "pain 5/10-7/10",
            "1/2-1 tab",
            "pain 4-5/10",
            "dilution 1/2-1/4",
            "took 1/2 and 1/4 tablets",
            "scored 3/5 and 4/5",
            "1/2 at a time",
        ),
        anchor="numeric",
        languages=frozenset({"en"}),
    ),
    Rule(
        "date_day_month_year",
        "DATE",
        rf"{_BEFORE}{D}{ORD}{_OF}{MONTH}\.?{_OF}(?:(?:el\s+)?año\s+)?"
        # "29Dec202": a digit of the year left out
        rf"(?:{Y}|(?<=\p{{L}})(?:20[0-3]|0[0-3]\d))(?!\d)(?!\p{{L}})",
        (
            "12Jan2014",
            "1-december-15",
            "25 de marzo de 2010",
            "19-Jul- 2011",
            "10 December 2020",
            "10th August 2020",
            "22nd of December 2020",
            "1er janvier 2020",
            "3. März 2020",
            "23-octubre-1972",
            "27 Dec 2020",
            "3 de mayo del 2015",
            "5 juni 2019",
            "On [27 Dec 2020], at 8:30 am",
            "PCR on [29Dec202]: negative; on [04Jan021] she",
        ),
        ("25 de marzo", "12 mg 2014", "3 days 2020"),
        anchor="day_month",
    ),
    Rule(
        "date_month_day_year",
        "DATE",
        # "March the 3rd, 2021": "the" before an ordinal day
        rf"\b{MONTH}(?:\.?\s*(?:(?i:the)\s+(?={D}(?:st|nd|rd|th)(?!{_NTH_THING})))?{D}"
        rf"(?:st|nd|rd|th|º|°)?(?!\d)"
        # a range of days in the month, to its year ("Feb 9-12, 2021", "March 3-5")
        rf"(?:[-\u2013]{D}(?:st|nd|rd|th)?(?![\d/.:])(?!{_NO_DAYS_AFTER}))?(?:,?\s*{Y4}(?!\d))?"
        # "Jun-24-2021", "JUN-24-21": hyphens, as forms write it
        rf"|-{D}-(?:{Y4}|\d\d)(?![\d\p{{L}}]))",
        (
            "January 24, 2014",
            "On [Jun-24-2021] she; onset [JUN-24-21].",
            "Onset [March the 3rd, 2021].",
            "Jan 3, 2021",
            "January 15th",
            "Dec 2 2020",
            "Sept. 3, 2019",
            "pronounced [January 4, 2021] at 20:05",
            "en [Agosto 06].",
            "Hospitalized [Feb 9-12, 2021].",
            "in hospital [March 3-5] for",
        ),
        (
            "Oct 2016",
            "mg 12",
            "march2020",
            "May the 4 of us",
            "In March the 2nd dose was given",
        ),
        anchor="month",
    ),
    Rule(
        "date_year_month_day",
        "DATE",
        rf"{_BEFORE}(?<!{MONTH}\.?\s*{D}(?:st|nd|rd|th)?,?\s*){Y4}{_SEP}{MONTH}\.?{_SEP}{D}(?!\d)",
        ("2014-Oct-12", "2020 March 3", "2019/ene/05"),
        ("2014 oct", "2014-10-12x", "EDD July 4, 2021  January 15th"),
        anchor="year_month",
    ),
    Rule(
        "date_month_year",
        "DATE",
        rf"(?:\b{STRICT_MONTH}\.?(?:{_OF}(?:el\s+)?(?:año\s+)?{Y}|\s*'\d\d)|\b{MONTH}\.?{_OF}{Y4})(?!\w)",
        (
            "diciembre-08",
            "Oct-2016",
            "Dec2020",
            "Junio 04",
            "noviembre 06",
            "septiembre de 2008",
            "Enero del 2017",
            "enero del año 2001",
            "March 2021",
            "Mar2021",
            "Sept '09",
            "expiry date [Mar2021], NDC",
            "in [may 2021]",
        ),
        ("may 20 minutes", "mar 12", "out 10", "September", "mayo 2000mg"),
        anchor="month",
    ),
    Rule(
        "date_year_month",
        "DATE",
        rf"{_BEFORE}{Y4}{_SEP}{STRICT_MONTH}(?![\w\d])(?!\.?\s*\d)",
        ("2014 oct", "2014-Oct", "2020 March", "in [2019 May], she"),
        ("in 2000 may have", "2014 oct 12"),
        anchor="year_month",
    ),
    Rule(
        "date_month_range",
        "DATE",
        rf"\b{MONTH}\.?{_JOIN}{MONTH}\.?{_OF}{Y}(?!\d)",
        ("October-November 2013", "octubre a noviembre de 2013", "Jan/Feb 2020"),
        ("October 2013",),
        anchor="month",
    ),
    Rule(
        "date_day_range",
        "DATE",
        rf"{_BEFORE}{D}{_JOIN}{D}{ORD}{_OF}{SAFE_MONTH}(?:\.?{_OF}{Y}(?!\d)|(?!\w))",
        ("12-15 March 2020", "del [3 al 5 de marzo de 2020]", "1 and 2 December"),
        ("1 and 2 mg",),
        anchor="day_month",
    ),
    Rule(
        "date_day_month",
        "DATE",
        rf"{_BEFORE}(?<!(?:Hospital|Universitario|Calle|Avenida|Avda\.|Plaza|C/)\s*\"?)"
        rf"{D}{ORD}(?:\s+(?:de|of)\s+|\s*[-/.]?\s*){_DAYS_MONTH}(?!\w)"
        # no year after it (the longer rule takes the date), but a count may follow: "on [14
        # March], 3 days after the dose", "el [12 de mayo], 3 días después"
        rf"(?!\.?{_OF}(?:(?:el\s+)?año\s+)?(?:\d{{3}}|\d{{1,2}}(?![\d\p{{L}}])(?![ \t]+\p{{L}})))",
        (
            "25 de agosto",
            "on [14 March], 3 days after the dose",
            "el [12 de mayo], 3 días después de la vacuna",
            "am [12. Mai], 3 Tage nach der Impfung",
            "he collapsed on Friday [12 May]",
            "22nd of December",
            "10 December",
            "le [3 mars] au",
            "12Jan",
            "Covid [31Dec]-[10Jan] with",
        ),
        (
            "2 out of 3",
            "5 mar",
            "3 may be",
            "25 de marzo de 2010x1",
            "Hospital Universitario 12 de Octubre",
            "the 3 May be more",
            "it was 2 may be 3",
            "Grade 3 May indicate; Level 3 May require",
        ),
        anchor="day_month",
    ),
    Rule(
        "date_month_alone",
        "DATE",
        r"(?<=\b(?:in|en|since|desde|until|hasta|during|durante|early|late|mid|end\s+of|"
        r"beginning\s+of|mes\s+de|month\s+of|mois\s+de|finales\s+de|principios\s+de|"
        r"mediados\s+de|depuis|seit|im|em|i|dans|fin|début|"
        # the part of a month in German, Spanish and Portuguese ("Mitte Februar", "Anfang
        # März", "a fines de mayo", "meados de maio", "na primeira semana de abril")
        r"mitte|anfang|ende|fines\s+de|comienzos\s+de|inicios\s+de|meados\s+de|"
        r"finais\s+de|final\s+de|fim\s+de|in[íi]cio\s+de|princ[íi]pio\s+de|come[çc]o\s+de|"
        r"m[êe]s\s+de|semana\s+de)(?:\s+el\s+mes\s+de)?(?:\s+|-))"
        rf"(?:(?!may\b|mars\b|march\b){FULL_MONTH}|(?-i:May|March))(?![\w\d])(?!\s*\d)",
        (
            "in [March] she",
            "el mes de [octubre].",
            "since [January]",
            "mid-[June]",
            "in [May]",
            "Seit Mitte [Februar] Übelkeit",
            "Meados de [maio]: início",
        ),
        ("in may be", "in march", "Mars bar", "October 2013x"),
        anchor="month_name",
    ),
    Rule(
        "date_month_joined",
        "DATE",
        # a second month joined to a first ("Im Mai und [Juni]", "en mars et [avril]", "em
        # março e [abril]"), which the first's context dates too
        rf"(?<=\b(?:{FULL_MONTH}|mars|May|March)[ \t]+(?:and|or|und|oder|bis|et|ou|y|o|e|to)"
        rf"[ \t]+)(?:(?!may\b|mars\b|march\b){FULL_MONTH}|(?-i:May|March))(?![\w\d])(?!\s*\d)",
        (
            "Im Mai und [Juni] traten",
            "en mars et [avril]",
            "em março e [abril], com",
            "in May or [June]",
        ),
        ("May and June 2021x", "March and may be", "mars et mars"),
        anchor="month_name",
    ),
    Rule(
        "date_month_alone_it",
        "DATE",
        rf"(?<=\b(?:a|ad|da|entro|verso|fino[ \t]+a|tra|fra|met[àa]|fine|inizio|primi[ \t]+di|"
        rf"mese[ \t]+di)[ \t]+){FULL_MONTH}(?![\w\d])(?!\s*\d)",
        (
            "Comparsa di prurito a [marzo], regredito ad [aprile].",
            "da [gennaio]",
            "a metà [marzo]",
            "nel mese di [maggio]",
        ),
        ("a marzo 2021x",),
        anchor="month_name",
        languages=frozenset({"it"}),
    ),
    Rule(
        "date_month_alone_fr",
        "DATE",
        r"(?<=\b(?:en|depuis|début|fin|mi|courant|jusqu'en|au[ \t]+mois[ \t]+de)(?:[ \t]+|-))"
        r"mars(?![\w\d])(?!\s*\d)",
        ("Prurit en [mars] et", "depuis [mars], elle", "mi-[mars]"),
        ("en mars 2021x", "la planète mars"),
        anchor="month_name",
        languages=frozenset({"fr"}),
    ),
)

_YEAR_CONTEXT_PHRASES = (
    *"in en since desde until till hasta from during durante before after by circa around "
    "early late mid depuis jusqu'en avant après seit bis vor nach anfang ende mitte em até "
    "sedan innan efter år year jahr jahre année ano".split(),
    *("antes de", "después de", "finales de", "principios de", "mediados de", "comienzos de"),
    *("finales del", "principios del", "mediados del", "comienzos del", "principio del"),
    "desde o",
)
_YEAR_CONTEXT = alternation(_YEAR_CONTEXT_PHRASES)
_FILLERS = "el the l' de del o do dem"
_JOINS = "y e and et und och a to al hasta bis till until or o ou oder"
_YEAR_JOIN = rf"\s*(?:,|-|\u2013|{alternation(_JOINS.split())})\s*"
_YEAR = rf"(?:(?-i:año|Año|AÑO)\s+)?{Y4}"
_YEAR_LEAD = (
    rf"\b{_YEAR_CONTEXT}(?:\s+{alternation(_FILLERS.split())}\b)?(?:\s+(?:year|Jahr|ano))?\s+"
)

YEAR_RULES: tuple[Rule, ...] = (
    Rule(
        "year_in_context",
        "YEAR",
        rf"(?:(?<={_YEAR_LEAD}(?:{_YEAR}{_YEAR_JOIN})*){Y4}"
        rf"|(?<={_YEAR_LEAD}(?:{_YEAR}{_YEAR_JOIN})*)(?-i:año|Año|AÑO)\s+{Y4})"
        r"(?!\d)(?![/.-]\d)",
        (
            "in [2004]",
            "desde [1998]",
            "en el [año 2004], tras",
            "en [1999] y [2002]",
            "desde [1980] a [1983], y",
            "a finales de [2009] es",
            "since [2015] she",
            "im Jahr [2010]",
            "in the year [2004]",
            "nacido en [2014].",
            "a principios del [año 2004] un",
        ),
        ("en 12/2004", "in 20045", "Total 2004", "in 1700"),
        anchor="year_lead",
        after=words(" ".join(p.split()[-1] for p in _YEAR_CONTEXT_PHRASES))
        | words(f"{_FILLERS} {_JOINS} año 0"),
    ),
    Rule(
        "year_apostrophe",
        "YEAR",
        r"(?<=(?:^|[\s(,/]))['\u2019][0-9]{2}(?![\d\w'\u2019])"
        r"(?!\s+(?:hours?|hrs?|days?|weeks?|months?|years?|mg|min))",
        ("CABG ['92] and", "in ['88] she", "(['05])"),
        ("5'10\" tall", "it's '12 hours'x", "rock'n'roll 88"),
        anchor="year_apostrophe",
    ),
    Rule(
        "year_citation",
        "YEAR",
        rf"(?<=\bet\s+al\.?,?\s*\(?){Y4}(?!\d)",
        ("Jégaden et al. [1993],", "Obwegeser et al. ([1964])"),
        ("et al. 123",),
        after=words("al"),
        anchor="year",
    ),
)
