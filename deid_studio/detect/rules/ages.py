"""Ages with their units.

Convention: an AGE span is the number and its unit ("46 años", "9 y.o.", "4 years" in
"4 years of age", "eleven months" in "eleven months old"); a one-word compound is taken whole
("41-year-old", "67-jährige"); the key or the trailing "old", "de edad", "of age" is left out
("aged [32]", "Edad: [56]", "[52 años] de edad"). This is MEDDOCAN's convention for
EDAD_SUJETO_ASISTENCIA and that of the ``pv`` synthetic gold; a scheme that marks the number
alone (i2b2) narrows the span with :func:`deid_studio.detect.rules.number_part`.
A number of years alone is an age only after a key or before "old" / "de edad": "hace 3
años", "4 years later" are relative times, not ages.
"""

from __future__ import annotations

import re

import regex

from deid_studio.core.ordinals import DECADE_WORDS, ORDINALS
from deid_studio.detect.rules.base import (
    NUMBER_WORD,
    Finder,
    Rule,
    RuleHit,
    alternation,
    lowered,
    words,
)
from deid_studio.detect.rules.words import register_triggers, word_index

N = rf"(?>\d{{1,3}}(?:[.,]5)?|{NUMBER_WORD})"  # atomic: a number is never split to retry
_YEARS = r"(?:years?|yrs?|años?|ans?|jahre[n]?|jahr|anos?|år|anni|anno)"
_MONTHS = r"(?:months?|mos?\b|meses|mes|mois|monate[n]?|monat|månader|månad|mesi|mese)"
_WEEKS = r"(?:weeks?|wks?|semanas?|semaines?|wochen?|veckor|vecka|settimane|settimana)"
_DAYS = r"(?:days?|días?|dias?|jours?|tage[n]?|tag|dagar|dag|giorni|giorno)"
UNIT = rf"(?:{_YEARS}|{_MONTHS}|{_WEEKS}|{_DAYS})\b"
# "13 años y 7 meses", "tres meses y medio", "2 years and 3 months"
AGE = rf"{N}\s*{UNIT}(?:\s+(?:y|and|et|und|e)\s+(?:{N}\s*{UNIT}|medio|half))?"
_BOUND = r"(?<![\w.,])"  # a number starts here, not inside another
_PERSON = (
    r"(?:paciente|varón|varon|mujer|hombre|niño|niña|niñ[oa]s|lactante|bebé|neonato|"
    r"nacido|nacida|adolescente|chico|chica|joven|anciano|anciana|señor|señora|"
    r"homme|femme|enfant|garçon|fille|nourrisson|patient|patiente|homem|criança|menino|menina|"
    r"paziente|uomo|donna|bambino|bambina|ragazzo|ragazza|neonato|neonata|anziano|anziana|"
    r"signore|signora)"
)
_NOT_AN_AGE_AFTER = (
    r"(?!(?:\s+y\s+medio)?\s+(?:de\s+(?:evolución|evolucion|duración|duracion|tratamiento|seguimiento|"
    r"antigüedad|diagnóstico|retraso)|del|de\s+la|de\s+su|tras|después|despues|antes|"
    r"más\s+tarde|later|ago|after|de\s+(?:evolu[çc][ãa]o|tratamento|seguimento|dura[çc][ãa]o)|"
    r"before|earlier|prior|plus\s+tard|après|avant|später|früher|depois|antes|fa|dopo|prima|"
    r"di\s+(?:malattia|ricovero|terapia|trattamento|storia|durata|evoluzione|diagnosi))\b)"
)
"""What follows a duration, not an age ("5 años de evolución", "3 años después"), as whole
words: "tras" is not "trasladada" ("Mujer de 61 años trasladada desde...")."""
_KIN_EN = (
    r"mum|mom|mother|father|dad|nan|nana|gran|granny|grandma|grandpa|grandmother|grandfather|"
    r"wife|husband|son|daughter|brother|sister|aunt|uncle"
)
"""The relatives an English consumer names before an age ("my nan is 95", "Mum (92)")."""
_KIN_OTHER = (
    r"madre|padre|abuela|abuelo|mère|père|grand-mère|grand-père|mamie|papi|mutter|vater|oma|opa"
    r"|gro(?:ß|ss)mutter|gro(?:ß|ss)vater|nonna|nonno|mamma|papà|mãe|mae|pai|avó|avô|avo"
    r"|nonagenari[ao]|nonagénaire|novantenne|ultranovantenne|centenari[ao]"
)
"""The relatives (and the nonagenarian) an age over 89 stands after in a bracket in other
languages ("meine mutter (93)", "Mujer nonagenaria (93)")."""
_SUBJECT_EN = rf"(?:he|she|i|they|patient|pt|{_KIN_EN}|baby|child|boy|girl|man|woman|lady)"
_SUBJECT_DE = (
    r"(?:er|sie|ich|patientin|patient|mutter|vater|tochter|sohn|frau|mann|oma|opa|"
    r"gro(?:ß|ss)mutter|gro(?:ß|ss)vater|schwester|bruder|kind)"
)
_CLAUSE_END = (
    r"(?![.,]\d)(?!\s+(?i:and|und)\s+(?:(?:now|then|jetzt|dann)\s+)?(?:a\s+half|\d))"
    r"(?!,?\s+(?i:then|dann)\b)"
    r"(?=\s*(?:[.,;!?)]|\Z)|\s+(?i:and|but|when|now|und|aber|als|jetzt)\b)"
)
"""Where an age stated with "is" ends: its clause, or "and ..." ("she is 91 and lives
alone"); not a decimal ("she was 37.5"), a half or a second value ("7 and a half pounds",
"war 85 und jetzt 78 Kilo", "8 and then 3")."""
_MEASURED_BEFORE = (
    r"(?<!(?i:gcs|sats?|saturation|temp|temperature|weight|weighed|pain|score|scale|inr|dose"
    r"|bp|pulse|fieber|gewicht|s[äa]ttigung|schmerz)\b[^.;\n]{0,30})"
)
"""A measurement's key earlier in the clause makes the number its value ("GCS: he was 15 and
oriented", "Fieber: sie war 39 und")."""
_AGE_KEY = (
    r"(?:aged|age|age\s+of|ages|edad|edad\s+de|âgée?\s+de|âge|alter|alter\s+von|idade|"
    r"idade\s+de|ålder|a\.\s?o\.|turned|tiene|cumplió|età|eta|di\s+anni|"
    r"(?<=[,;:(][ \t]{0,3})anni)"  # an Italian form's "…, anni 95" (not "negli anni 90")
)

_TITLE = (
    r"(?:mr|mrs|ms|miss|mister|herr|frau|sr|sra|señor|señora|mme|mlle|monsieur|madame|sig"
    r"|signor|signora|sig\.ra|senhor|senhora|dona)"
)
_TITLED_NAME = r"(?-i:\p{Lu}[\p{L}\p{M}'\u2019-]+(?:[ \t]+\p{Lu}[\p{L}\p{M}'\u2019-]+){0,3})"
"""A patient's title and the capitalised name after it, before an age in a bracket or
between commas."""

_KIN_BEFORE_AGE = (
    r"(?i:madre|padre|herman[oa]s?|hij[oa]s?|abuel[oa]s?|t[íi][oa]s?|prim[oa]s?|espos[oa]|"
    r"marido|sobrin[oa]s?|niet[oa]s?|cuñad[oa]s?|suegr[oa]s?|mãe|pai|irmãos?|irmãs?|"
    r"filh[oa]s?|av[óô]|avós|netos?|netas?|sobrinh[oa]s?|esposo|cunhad[oa]s?|sogr[oa]s?)"
)
"""A relative before the age that is theirs ("madre de 34 años"): not "padres", whose ages
MEDDOCAN marks as the patient's kind ("padres de 74 y 64 años")."""
_KIN_QUALIFIER = (
    r"(?:(?i:mayor|menor|pequeñ[oa]|median[oa]|gemel[oa]s?|san[oa]s?|matern[oa]|patern[oa]|"
    r"mais\s+velh[oa]|mais\s+nov[oa]|gême[oa]s?)|\p{Lu}\p{Ll}+)"
)
"""What may stand between a relative and "de" and their age: an age or a side of the family,
or their first name ("hermano Juan de 2 años")."""

AGE_RULES: tuple[Rule, ...] = (
    Rule(
        "age_of_relative",
        "AGE",
        rf"(?<=\b{_KIN_BEFORE_AGE}(?:\s+{_KIN_QUALIFIER}){{0,2}},?\s+de\s+){AGE}{_NOT_AN_AGE_AFTER}",
        (
            "acompañada de su madre de [34 años] de edad",
            "Hermano mayor de [65 años] con nefropatía",
            "su hermano Juan de [2 años] de edad",
            "Hermana sana de [60 años].",
            "Tío materno de [37 años] con",
            "a mãe de [34 anos] tem",
        ),
        ("padres de 74 y 64 años", "la madre refiere dolor de 3 años de evolución"),
        anchor="age",
        after=words("de"),
        languages=frozenset({"es", "pt"}),
    ),
    Rule(
        "age_compound",
        "AGE",
        rf"{_BOUND}{N}[-\s]?(?:years?|yrs?|months?|mos?|weeks?|wks?|days?)-old\b"
        rf"|{_BOUND}{N}-?(?:jährige[rnms]?|jährig|årig[ae]?|monatige[rnms]?|enne)\b",
        (
            "41-year-old",
            "a [41 year-old] woman",
            "[48-years-old] female",
            "6-month-old",
            "41-yr-old",
            "eine [67-jährige] Frau",
            "eine [Fünfzig-jährige] Patientin",
            "a [fifty-year-old] man",
            "a [forty-two-year-old] man",
            "en [45-årig] kvinna",
            "una [52enne] con",
        ),
        ("41 years", "year-old", "a 2-year follow-up", "52 years old"),
        anchor="age",
    ),
    Rule(
        "age_yo",
        "AGE",
        rf"{_BOUND}{N}\s*(?:y\.\s?o\.?|y/o|yo\b|a\.\s?o\.?)",
        ("9 y.o.", "i'm [31 y/o].", "[71 yo] M admitted", "[9 y. o.] girl", "85 a.o."),
        ("9 yogurts", "the yo-yo"),
        anchor="age",
    ),
    Rule(
        "age_after_key",
        "AGE",
        rf"(?<=\b{_AGE_KEY}\s*:?\s*)"
        rf"(?:{AGE}|{N}\s?a\b(?!\s*\d)|{N}(?![\w.,]?\d)(?!\s*(?:mg|kg|cm|%|/)))",
        (
            "aged [32]",
            "at the age of [41]",
            "Edad: [56] Sexo",
            "Edad: [49 años] Sexo",
            "a la edad de [18 años]",
            "Edad:[8 meses] Sexo",
            "Edad: [70 a] Sexo",
            "Edad: [35 A]  Sexo",
            "a.o. [85]",
            "He just turned [69] and",
            "at the age of [52 years] old",
            "Âge : [45 ans]",
            "im Alter von [45 Jahren]",
            "Actualmente tiene [seis años], realiza",
            "Paziente di anni [81], età: [62 anni]",
            "Sig.ra Felice Di Benedetto, anni [95], residente; età: anni [93]",
        ),
        ("age 5 mg", "Edad: 56/12", "average 41", "negli anni 90 assumeva"),
        anchor="number",
        after=words(
            "aged age ages edad de âge âgé âgée alter von idade ålder a.o turned tiene cumplió of "
            "età eta anni"
        ),
    ),
    Rule(
        "age_before_old",
        "AGE",
        rf"{_BOUND}{AGE}(?=,?\s+(?:of\s+age|old|de\s+edad|de\s+vida|d'âge|de\s+idade|alt|gammal))",
        (
            "[4 years] of age",
            "[eleven months] old",
            "[52 años] de edad",
            "[13 años y 7 meses] de edad",
            "[tres meses y medio] de edad",
            "[45 Jahre] alt",
            "[un mes] de vida",
        ),
        ("4 years of treatment",),
        anchor="age",
    ),
    Rule(
        "age_spanish_de",
        "AGE",
        rf"(?<=\b(?:de|a\s+los|hasta\s+los|desde\s+los|aos|de\s+los|tenía|tiene|contaba\s+con|"
        rf"cumplir|cumplidos)\s+(?:{N}\s+(?:y|e)\s+)?)"
        rf"(?<!\b(?:más|mas|menos|partir|historia|hace|plazo|periodo|período|seguimiento|"
        rf"duración|tiempo|fumador|fumadora|aproximado|aproximada|luego|después|cabo|total|"
        rf"lapso|intervalo|espacio|era|fue|ósea)\s+de\s+){N}\s*"
        rf"(?:años?|anos?)\b{_NOT_AN_AGE_AFTER}",
        (
            "Mujer de [76 años] con",
            "Niño de [siete años] que",
            "a los [47 años] de edad",
            "Mujer de [sesenta y tres años] con",
            "um homem de [45 anos]",
            "fumador desde los [12 años] (20",
            "cuando la paciente tenía [28 años]. Su",
            "dos cesáreas a los 22 y [24 años]. A",
        ),
        (
            "antecedentes de 5 años de evolución",
            "hace 3 años",
            "de 3 años después",
            "lleva más de tres años en remisión; TBC renal hace mas de 20 años",
            "a los 2 años del trasplante",
            "niños a partir de 2 años",
            "lesiones de un año y medio de evolución",
            "tras un seguimiento de 4 años; Ex fumador de 8 años; luego de 6 años",
            "el tiempo de evolución era de 3 años; la duración fue de un año",
            "una edad ósea aproximada de 17 años; durante un periodo aproximado de 3 años",
        ),
        anchor="age",
        after=words("de los aos tenía tiene con cumplir cumplidos y e"),
        languages=frozenset({"es", "pt"}),
    ),
    Rule(
        "age_person_de",
        "AGE",
        rf"(?<=\b{_PERSON}(?:\s+\w+)?,?\s+(?:de|d'|à|di)\s*){AGE}{_NOT_AN_AGE_AFTER}",
        (
            "varón de [25 meses], que",
            "Lactante de [ocho días] cuyos",
            "un homme de [45 ans]",
            "un homme de [soixante-deux ans]",
            "une femme de [quatre-vingt-dix ans]",
            "Lactante varón de [un mes] de vida",
            "una donna di [45 anni] con",
        ),
        (
            "paciente de 3 meses de evolución",
            "dolor de 3 meses",
            "terapia di 3 anni",
            "Paziente diabetico di 10 anni di malattia",
        ),
        anchor="age",
        after=words("de d' à di"),
        languages=frozenset({"es", "fr", "pt", "it"}),
    ),
    Rule(
        "age_apposition",
        "AGE",
        # after a word or a date of birth's year, before a comma, a bracket, a full stop or
        # the end of its line ("Patiente : Mme Garnier Sylvie, 72 ans")
        rf"(?<=(?:\p{{L}}|(?<!\d)(?:19|20)\d\d|\d{{4}}-\d\d-\d\d),\s){N}\s*"
        r"(?:ans|an|años|año|anos|ano|jahre|jahr|år|years|year|anni|anno)\b"
        r"(?=\s*[,)]|\.(?:\s|\Z)|[ \t]*(?:\r?\n|\Z))",
        (
            "Le patient, Joseph Robin, [58 ans], habite",
            "La patiente, Michelle Julien, [1 an], habite",
            "Paciente mujer, [44 años], derivada",
            "Odette Rémy, née le 29/11/1966, [54 ans], habite",
            "né le 1995-03-27, [25 ans], habite",
            "Informations concernant Dorothée Bazin, [50 ans]. Elle a été",
            "Patiente : Mme Garnier Sylvie, [72 ans]\nDéclarant : Dr Lambert",
            "Il paziente Mario Rossi, [67 anni], residente a Bari.",
        ),
        ("en 2 ans, puis", "dose 2, 3 ans, 4", "en 2020, 3 ans après", "en 2 ans. Puis"),
        anchor="age",
    ),
    Rule(
        "age_bracketed",
        "AGE",
        # years in a bracket right after a titled name ("la signora Bianchi (94 anni)", "Frau
        # Huber (81 Jahre)"); not after a condition or a drug ("Coumadin (5 anni)")
        rf"(?<=\b{_TITLE}\.?[ \t]+{_TITLED_NAME}[ \t]?\([ \t]?){N}[ \t]*"
        r"(?:anni|años|ans|jahre|years|yrs|anos|år)(?=[ \t]?\))",
        ("la signora Bianchi ([94 anni]) è caduta", "Frau Huber ([81 Jahre]) kam"),
        (
            "la terapia (3 anni) è finita",
            "Dauer (3 Jahre später)",
            "Hypertension (5 years) treated",
            "in terapia con Coumadin (5 anni)",
        ),
        anchor="age",
    ),
    Rule(
        "age_after_titled_name",
        "AGE",
        # a bare number between commas after a titled name ("Mrs. Eleanor Rigby, 78, lives")
        rf"(?<=\b{_TITLE}\.?[ \t]+{_TITLED_NAME},[ \t])\d{{2,3}}(?=[ \t]*[,;)])",
        ("Mrs. Eleanor Rigby, [78], lives alone", "Mr. James Carter, [92], was admitted"),
        (
            "Mr. Carter, 3 tablets, twice",
            "Mrs. Rigby, 5 mg, then",
            "Mr. Smith, 2021, said",
            "Il sig. Rossi, 2, 3 compresse",
        ),
        anchor="number",
    ),
    Rule(
        "age_years_abbreviated",
        "AGE",
        # German letters write years "J." in a bracket or an apposition: "Sohn Max (12 J.)"
        r"(?:(?<=\(\s?)|(?<=(?<!\d),\s))\d{1,3}\s?(?-i:J)\.(?=\s*[,);]|\s+alt\b)",
        (
            "Ihr Sohn Maximilian ([12 J.]) ist gesund.",
            "Patientin, [45 J.], klagt über Schwindel",
            "Frau Huber, [81 J.] alt, kam",
        ),
        (
            "Dosis 3 J. später",  # no bracket or apposition before it
            "fièvre (3 j.), puis",  # French days, in lower case
            "vor 12 J.",
            "Rezidiv nach 1,5 J., dann",  # a decimal comma
            "Therapiedauer (2,5 J.)",
        ),
        languages=frozenset({"de"}),
    ),
    Rule(
        "age_turning",
        "AGE",
        # a bare number a person turns, or was "when" something happened, ending the clause
        r"(?<=\b(?:(?:he|she|i|they|you|we)(?:['\u2019]ll|\s+will|\s+just|\s+now)?\s+"
        r"(?:turns?|turning)|(?:when|since|until|till)\s+(?:he|she|i|they|you|we)\s+"
        r"(?:was|were))\s+)\d{1,3}(?=\s*(?:[.,;!?)]|\Z|\s+(?:and|when|but)\b))",
        (
            "my birthday is on the weekend. I'll turn [23].",
            "Written when he was [78].",
            "diagnosed with asthma when she was [12], and",
            "She turns [90] and lives alone",
        ),
        (
            "when she was 5 weeks pregnant",
            "turn 2 times a day",
            "when he was 20 minutes late",
            "turn 3 mg down",
            "Patient was asked to turn 2. The dial turns 10, then stops.",
            "when she was 100%",
        ),
        anchor="number",
        after=words("turn turns turning was were"),
        languages=frozenset({"en"}),
    ),
    Rule(
        "age_stated",
        "AGE",
        # an age said with "is" in English and German, a bare number ending its clause after
        # a person ("she is 91 and lives alone", "meine Mutter ist 93")
        rf"(?:(?<=\b(?i:{_SUBJECT_EN}\s+(?:is|was)|i\s+am|i['\u2019]m|(?:he|she)['\u2019]?s)"
        r"(?:\s+now|\s+only)?\s+)"
        rf"|(?<=\b(?i:{_SUBJECT_DE})\s+(?:ist|war|bin|wird)(?:\s+jetzt|\s+erst|\s+schon)?\s+))"
        rf"{_MEASURED_BEFORE}(?:1[01]\d|\d{{1,2}})(?!\d)(?:\s?(?:years?|yrs?|Jahre))?{_CLAUSE_END}",
        (
            "my nan is [95] and she takes furosemide",
            "she is [91] and lives alone",
            "I'm [34], female",
            "The patient is [45].",
            "meine Mutter ist [93]",
            "sie ist jetzt [91] und lebt allein",
            "my mum (shes [91]!!) got the jab; she's [93] and",
        ),
        (
            "the dose is 50 and the INR is 3",
            "he is 5 weeks post op",
            "she was 37.5 at night",
            "she was 1 of 3 children",
            "Patient is 100% compliant",
            "der Wert ist 91.",
            "the weight last week she was 167 and this week she was 180;",
            "GCS: he was 15 and oriented; her sats: she was 88, on 2L",
            "the baby was 7 and a half pounds; I'm 6 and a half weeks pregnant",
            "On a scale of 1-10 she was 8 and then 3",
            "Der Patient war 85 und jetzt 78 Kilo; Fieber: sie war 39 und fror",
        ),
        anchor="number",
        after=words("is was am i'm now only ist war bin wird jetzt erst schon she's shes he's hes"),
    ),
    Rule(
        "age_had",
        "AGE",
        # the years a person "has" in French, Italian and Portuguese ("elle a 91 ans", "ha
        # 91 anni", "tem 92 anos"); not "il y a 3 ans" (three years ago)
        rf"(?:(?<=\b(?:a|avait|aura|ai|avais)\s+)(?<!\by\s+a\s+)(?<!\d\s+a\s+){N}\s*ans?\b"
        rf"|(?<=\b(?:ha|aveva|avrà|ho|avevo|compie|compiuto)\s+){N}\s*anni\b"
        rf"|(?<=\b(?:tem|tinha|terá|tenho|completou|completa)\s+){N}\s*anos?\b)"
        # not a duration's complement: "a 10 ans d'évolution", "ha 5 anni di follow-up",
        # "tem 10 anos de diabetes" (but "tem 91 anos de idade")
        r"(?![ \t]+(?:de(?![ \t]+idade)|d['\u2019]|di|in[ \t]+più|a[ \t]+mais|de[ \t]+plus)\b)"
        rf"{_NOT_AN_AGE_AFTER}",
        (
            "ma mère a [93 ans]",
            "j'ai [45 ans] et",
            "mia madre ha [93 anni]",
            "ha compiuto [90 anni] ieri",
            "minha mãe tem [93 anos]",
            "ela tem [91 anos] e mora sozinha",
        ),
        (
            "il y a 3 ans",
            "ha 3 anni di malattia",
            "il rash è comparso 3 anni fa",
            "tem 3 anos de evolução",
            "il a 10 ans d'évolution de diabète; elle a 3 ans de traitement; de 2 a 5 ans",
            "ha 10 anni di diabete; tem 5 anos de uso do medicamento",
        ),
        anchor="age",
        after=words(
            "a avait aura ai j'ai avais ha aveva avrà ho avevo compie compiuto tem tinha terá "
            "tenho completou completa"
        ),
        languages=frozenset({"fr", "it", "pt"}),
    ),
    Rule(
        "age_bracketed_bare",
        "AGE",
        # a bare number in a bracket after a relative's word or a person's name of two
        # words and its comma ("Mum (92) is confused", "Grandma (Edith Rawlings, 96)"); or
        # ", now 104," after a person
        rf"(?<=\b(?i:{_KIN_EN}|partner)[ \t]?\([ \t]?)"
        r"\d{1,3}(?=[ \t]?\))"
        # an age over 89 the same way after a relative in other languages ("meine mutter
        # (93)"), or between commas after a relative ("her grandmother, 98, also had it")
        rf"|(?<=(?<![\p{{L}}-])(?i:{_KIN_OTHER})[ \t]?\([ \t]?)(?:9\d|1[01]\d)(?=[ \t]?\))"
        rf"|(?<=\b(?i:{_KIN_EN}),[ \t])(?:9\d|1[01]\d)(?=,)"
        r"|(?<=\((?-i:\p{Lu}[\p{Ll}\p{M}'\u2019-]+(?:[ \t]+\p{Lu}[\p{Ll}\p{M}'\u2019-]+){1,2})"
        r",[ \t])"
        r"(?:[2-9]\d|1[01]\d)(?=[ \t]?\))"
        r"|(?<=\b(?i:patient|pt|mum|mom|mother|father|dad|grandma|grandmother|grandfather|husband"
        r"|wife|son|daughter|he|she),[ \t]now[ \t])(?:1[01]\d|\d\d)(?=[ \t]*[,;)])",
        (
            "Mum ([92]) is confused",
            "my son ([6]) has a rash",
            "Grandma (Edith Rawlings, [96]) fell twice",
            "the patient, now [104], was on aspirin",
            "meine mutter ([93]) hat; Mujer nonagenaria ([93]) con; Paziente novantenne ([92])",
            "her grandmother, [98], also had it",
        ),
        (
            "Humira (40) was stopped",
            "(Comirnaty, 30 µg) was given",
            "(Edith Rawlings, 5 mg)",
            "the INR, now 3, was",
            "platelets were 150 on admission, now 45, so heparin stopped",
            "her weight, now 58, was",
            "meine mutter (3 Tabletten); Pfizer Inc (95)",
            "her grandmother, 45, also",
        ),
        anchor="number",
    ),
    Rule(
        "age_over_89",
        "AGE",
        # past 89 a number of years is a life's, whatever stands before it ("Age at
        # vaccination: 91 years", "Patient 97 yrs", "com 96 anos"); not a relative time or a
        # history's length ("95 years ago", "100 years of insulin")
        r"(?<![\d.,/])(?:9\d|1[01]\d)[ \t]*(?:years?|yrs?|años|anos|anni|ans|jahren?|år)\b"
        rf"{_NOT_AN_AGE_AFTER}(?![ \t]+(?:of|since|into)\b(?![ \t]+age))",
        (
            "Age at vaccination: [91 years]",
            "Patient [97 yrs]",
            "The patient ([95 years]) fell.",
            "residente, com [96 anos].",
            "Paziente novantenne ([92 anni]).",
        ),
        (
            "95 years ago",
            "100 years later",
            "over 100 years of insulin",
            "the 100 years since",
            "95 days",
            "45 years",
        ),
        anchor="age",
    ),
    Rule(
        "age_over_89_short",
        "AGE",
        # English notes write a life's years as "y" ("pt 95 y", "(97 y)"); in Spanish and
        # Portuguese "y" is "and" ("entre 95 y 100"), so English only
        r"(?<![\d.,/])(?:9\d|1[01]\d)[ \t]?y(?![\w/.-])"
        r"(?![ \t]+(?:of|since|into|ago|later)\b)",
        ("pt [95 y]", "The patient ([97 y]) fell.", "F [102 y], rash"),
        ("gave 95 y of", "pt 45 y", "95 y-axis", "95 y/o", "95 y ago"),
        languages=frozenset({"en"}),
    ),
    Rule(
        "age_at_months",
        "AGE",
        rf"(?<=\b[Aa]\s+los\s+){N}\s*{UNIT}(?=\s+de\s+(?:edad|vida))",
        ("A los [7 meses] de edad es", "A los [ocho meses] de vida"),
        ("a los 3 meses del alta", "A los 10 meses, presenta"),
        anchor="age",
        after=words("los"),
        languages=frozenset({"es"}),
    ),
)


_DECADE = regex.compile(
    # "in her 90s", "in his late eighties", "in their mid-90's"
    r"(?<=(?<![\p{L}\p{M}])(?i:in)[ \t]+(?i:his|her|their|my|your)[ \t]+"
    r"(?:(?i:early|mid|late)[ \t-]*)?)"
    r"(?P<decade>(?:1[01]|[1-9])0['\u2019]?s|(?i:twenties|thirties|forties|fifties|sixties"
    r"|seventies|eighties|nineties))(?![\p{L}\p{M}\d])"
    # "a nonagenarian", "una paciente octogenaria", "une patiente nonagénaire", "ultranovantenne"
    r"|(?<![\p{L}\p{M}])(?i:sexagenarian|septuagenarian|octogenarian|nonagenarian"
    r"|(?:super)?centenarian|sexagenari[oa]s?|septuagenari[oa]s?|octogenari[oa]s?"
    r"|nonagenari[oa]s?|centenari[oa]s?|sexagénaire|septuagénaire|octogénaire|nonagénaire"
    r"|centenaire|(?:ultra)?(?:sessantenne|settantenne|ottantenne|novantenne)|centenaria"
    r"|sexagen[áa]ri[oa]|septuagen[áa]ri[oa]|octogen[áa]ri[oa]|nonagen[áa]ri[oa]"
    r"|centen[áa]ri[oa])(?![\p{L}\p{M}]|[ \t]+\p{Lu})"  # not a name's: "Centenario Hospital"
)
"""An age by its decade: the masker reads "90s", "nineties" and "nonagenarian" as 90 and
caps them as it caps any age above its threshold."""
_DECADE_HINTS = (
    "in his ",
    "in her ",
    "in their ",
    "in my ",
    "in your ",
    "genar",
    "genár",
    "génaire",
    "centen",
    "tenne",
)
"""What a narrative stating an age by its decade holds: the pattern runs only there."""


_OVER_89_IN_WORDS = regex.compile(
    r"(?<=(?<![\p{L}\p{M}])(?i:aged|age|age[ \t]+of|turned)[ \t]*:?,?[ \t]*)"
    r"(?i:ninety(?:[ \t-](?:one|two|three|four|five|six|seven|eight|nine))?"
    r"|(?:one|a)[ \t]+hundred(?:[ \t]+(?:and[ \t]+)?(?:one|two|three|four|five|six|seven"
    r"|eight|nine|ten))?)(?![\p{L}\p{M}-])(?![ \t]+(?i:percent|mg|ml|units?|times|days|pounds"
    r"|lbs|kg|miles|people|patients)\b)"
    r"|(?<![\p{L}\p{M}])(?i:one|a)[ \t]+hundred(?:[ \t]+(?:and[ \t]+)?(?:one|two|three|four"
    r"|five|six|seven|eight|nine|ten))?[ \t]+(?i:years?)(?=[ \t-]+(?i:old|of[ \t]+age)\b)"
)
"""An age over 89 written in words after its key or "turned", or before "years old" ("aged
ninety-two", "Grandmother, age ninety-three,", "she turned one hundred", "one hundred and two
years old"); not an amount or a reading ("his temp was one hundred and something", "aged
ninety percent"). The masker reads them as any age in words and caps them."""


_DECADE_OF_LIFE = regex.compile(
    # "la 8ª década de la vida", "en su novena década", "in her eighth decade", "dans sa
    # huitième décennie", "nella nona decade di vita", "na oitava década de vida"
    r"(?<![\p{L}\p{M}\d])"
    r"(?:(?P<whose>(?i:su|sa|sua|seu|her|his|their|my|your))[ \t]+|(?i:la|una|the|an?|a|na)[ \t]+)?"
    rf"(?P<age>(?:(?:[1-9]|1[01])(?:\.?[ªºae]|e|ème|th|st|nd|rd)|(?i:{alternation(ORDINALS)}))"
    rf"[ \t]+(?i:{alternation(DECADE_WORDS)})"
    r"(?P<life>[ \t]+(?i:de[ \t]+(?:la[ \t]+)?vida|of[ \t]+(?:her|his|their)?[ \t]*life"
    r"|de[ \t]+(?:sa[ \t]+)?vie|di[ \t]+vita|da[ \t]+vida))?)(?![\p{L}\p{M}])"
    # "in den Neunzigern", "in seinen Achtzigern", "in ihren späten Siebzigern"
    r"|(?<=(?<![\p{L}\p{M}])(?i:pat\.|patient|patientin|er|sie|mann|frau)[ \t,]+"
    r"(?:(?i:ist|war)[ \t]+)?|(?=(?i:in)[ \t]+(?i:seinen|ihren|meinen)))"
    r"(?P<age>(?P<whose>(?i:in)[ \t]+(?i:den|seinen|ihren|meinen))[ \t]+(?:(?i:frühen|späten"
    r"|mittleren)[ \t]+)?(?i:zwanzig|dreißig|dreissig|vierzig|fünfzig|sechzig|siebzig|achtzig"
    r"|neunzig)ern)(?![\p{L}\p{M}])"
)
"""An age by the ordinal of its decade of life, where the words say it is one: "of life"
after it ("Paciente de la 8ª década de la vida") or a possessive before it ("in her eighth
decade"); not a century's ("la tercera década del siglo") nor a study's ("in the first decade
of follow-up"); and a German decade in the plural after a patient's word or a possessive
("Pat. in den Neunzigern", "in seinen Achtzigern"; not "in den Neunzigern wurde", the 1990s).
The masker reads the ordinal's decade (the eighth is 70) and caps it as any age."""
_DECADE_OF_LIFE_WORD = regex.compile(rf"(?i:{alternation(DECADE_WORDS)}|zigern)")
"""Where :data:`_DECADE_OF_LIFE` is tried: around a decade's word (the pattern run over a
whole narrative holding one cost half the decades' time on MEDDOCAN)."""


def find_decades(text: str, language: str | None) -> list[RuleHit]:
    """Every age :data:`_DECADE` states, in the narratives that hold "in her " or one of its
    words' endings (a scan of every narrative with "ties" or "0s" cost 1% of the rules' time
    on MEDDOCAN dev), and every one a word of :data:`_DECADE_WORDS` ends or starts, where the
    cue-word index has it (a scan of the narratives holding "ende " or " y pocos " cost 4%);
    and every decade of life :data:`_DECADE_OF_LIFE` finds where the words of a person say it
    is one's, in the narratives that hold a decade's word."""
    lower = lowered(text)
    found = (
        [
            RuleHit(*m.span(), "AGE", "age_decade")
            for m in _DECADE.finditer(text)
            if not _a_reading(text, m)
        ]
        if any(hint in lower for hint in _DECADE_HINTS)
        else []
    )
    if "ninety" in lower or "hundred" in lower:
        found += (RuleHit(*m.span(), "AGE", "age_decade") for m in _OVER_89_IN_WORDS.finditer(text))
    for word in _DECADE_OF_LIFE_WORD.finditer(text):
        start = max(0, word.start() - 40)
        for m in _DECADE_OF_LIFE.finditer(text, start, min(len(text), word.end() + 30)):
            if m.end("age") >= word.end() and (m.group("life") or m.group("whose")):
                found.append(RuleHit(*m.span("age"), "AGE", "age_decade"))
                break
    index = word_index(text, language)
    for word in _DECADE_WORDS.intersection(index):
        for at in index[word]:
            span = _decade_at(text, lower, at, word)
            if span is not None:
                found.append(RuleHit(*span, "AGE", "age_decade"))
    return found


_DECADE_NUMBER = (
    r"(?:1[01]|[1-9])0|(?i:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|veinte"
    r"|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|vinte|trinta|quarenta"
    r"|cinquenta|sessenta|oitenta)"
)
_BEFORE_SOMETHING = regex.compile(rf"(?r)(?<![\p{{L}}\p{{M}}\d])(?:{_DECADE_NUMBER})[ \t-]\Z")
_SOMETHING = regex.compile(
    r"(?i:something|some|odd|ish)(?![\p{L}\p{M}])"
    r"(?![ \t-]*(?i:days?|weeks?|months?|hours?|minutes?|times?|units?|mg|ml|kg|lbs?|pounds"
    r"|percent|%|miles?|pills?|tablets?|doses?|people|patients?|cases?|reports?)\b)"
)
"""A decade and "something", "some", "odd" or "ish" ("a 90-something woman", "ninety-something
years old", "sixty-some years old", "a 90-odd-year-old", "she is 90ish"), not a count ("90
something days")."""
_PERSON_AFTER_SOMETHING = regex.compile(
    r"[ \t-]*(?i:years?|yrs?|y/?o|year-old|woman|women|man|men|male|female|lady|ladies"
    r"|gentleman|guy|patient|pt|person|grandmother|grandfather|grandma|grandpa|granny|mother"
    r"|father|mom|mum|dad|aunt|uncle|widow|widower|neighbou?r|friend|resident|sister|brother"
    r"|wife|husband)(?![\p{L}\p{M}])"
)
_PERSON_BEFORE_SOMETHING = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?i:(?:she|he|i|who|patient|pt|mom|mum|dad|mother|father|grandma"
    r"|grandpa|grandmother|grandfather|wife|husband)(?:['\u2019]s|[ \t]+(?:is|was|am|turned))"
    r"|i['\u2019]m|aged?|turned)[ \t]+(?:(?:now|only|already|just)[ \t]+)?\Z"
)
"""What makes a decade and "something" a person's age: a person's word after it ("a
90-something woman", "ninety-something years old") or a person being it before ("she is
80-something", "aged 90-something"); not a reading ("BP 80-something", "sats were
90-something", "a 60-something dollar co-pay")."""
_BEFORE_SOME_YEARS = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}\d])(?:{_DECADE_NUMBER})[ \t]+(?i:y|e)[ \t]+\Z"
)
_SOME_YEARS = regex.compile(
    r"(?i:tantos|pico|pocos|poucos|muitos|muchos)[ \t]+(?i:años|anos)(?![\p{L}\p{M}])"
)
"""A decade and a few years ("de noventa y tantos años", "com 90 e poucos anos")."""
_TWO_WORDS_BEFORE = regex.compile(
    r"(?r)(?:(?<![\p{L}\p{M}])(?P<first>[\p{L}\p{M}]+)[ \t]+)?(?P<word>[\p{L}\p{M}]+)[ \t]+\Z"
)
_AGE_WORDS = frozenset(
    "de con com tiene tenía tenia tem tinha los aos edad idade cumplió cumpliu fez hizo".split()
)
_DURATION_WORDS = frozenset("hace há ha faz más mais menos durante desde ya já".split())
"""What makes a decade and a few years an age: the word before the number, one of
:data:`_AGE_WORDS` ("mujer de noventa y tantos años", "tiene 80 y pico años", "com 90 e poucos
anos") after none of :data:`_DURATION_WORDS` ("hace más de 20 y tantos años"); not a duration
("hace 20 y tantos años", "llevo 30 y pico años tomándolo", "há 20 e poucos anos")."""
_IN_THE_HOUSE_OF = regex.compile(
    rf"(?i:casa[ \t]+dos)[ \t]+(?:{_DECADE_NUMBER})(?:[ \t]+(?i:anos))?(?![\p{{L}}\p{{M}}\d])"
)
"""The Portuguese decade ("na casa dos 90 anos", "na casa dos noventa")."""
_PERSON_BEFORE_HOUSE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?i:idos[ao]|paciente|senhora?|mulher|homem|m[ãa]e|pai|av[óô]|tia"
    r"|tio|vizinh[ao]|vi[úu]v[ao]|ela|ele|eu|est[áa]|estou|é|sou)[ \t,]+(?i:na[ \t]+)?\Z"
)
"""Who is in a decade's house without "anos" after it: a person's word before ("idosa na casa
dos noventa", "ela está na casa dos 90"); not a reading ("saturação na casa dos 90")."""
_GERMAN_DECADE = regex.compile(
    r"(?:Anfang|Mitte|Ende)[ \t]+(?:(?:1[01]|[2-9])0|(?i:zwanzig|drei(?:ß|ss)ig|vierzig"
    r"|fünfzig|sechzig|siebzig|achtzig|neunzig))"
    r"(?![\p{L}\p{M}\d]|[.,]\d|[ \t]*(?:%|/|mm|Prozent|Tagen?|Wochen|Monaten?|Stunden"
    r"|Minuten|mg|ml|kg|Mal)(?![\p{L}\p{M}]))"
)
"""The German decade ("Patientin Mitte 90", "ein Mann Anfang neunzig"), not a reading
("SpO2 Anfang 90 %") nor a time ("Ende 90 Tage", "Mitte 2021")."""
_PERSON_BEFORE_GERMAN_DECADE = regex.compile(
    r"(?r)(?<![\p{L}\p{M}])(?:(?i:patient(?:in)?|mann|frau|dame|herr|mutter|vater"
    r"|gro(?:ß|ss)(?:mutter|vater)|oma|opa|senior(?:in)?|rentner(?:in)?|bewohner(?:in)?|witwe"
    r"|witwer|nachbar(?:in)?|schwester|bruder|tante|onkel)(?:[ \t]+(?i:ist|war|sei|wäre))?"
    r"|(?i:er|sie|ich)[ \t]+(?i:ist|war|bin|sei|wäre)|(?i:alter[ \t]+von))"
    r"[ \t,]+(?:(?i:schon|bereits|jetzt|inzwischen|etwa|ca\.|knapp)[ \t]+)?\Z"
)
_YEARS_AFTER_GERMAN_DECADE = regex.compile(r"[ \t]+(?i:jahre|lebensjahr)")
"""Whose decade a German one is: a person's word before it ("Patientin Mitte 90", "ein Mann
Anfang neunzig", "sie ist Ende 80", "im Alter von Mitte 80") or years after it ("Mitte 90
Jahre alt"); not a reading ("RR Ende 90", "Sättigung Anfang 90", "Thrombozyten Mitte 80")
nor a year ("Ende 90 wurde er operiert")."""
_DECADE_WORDS_OF = {
    "en": ("something", "some", "odd", "ish"),
    "es": ("tantos", "pico", "pocos", "muchos"),
    "pt": ("tantos", "poucos", "muitos", "casa"),
    "de": ("anfang", "mitte", "ende"),
}
_DECADE_WORDS = frozenset(w for words in _DECADE_WORDS_OF.values() for w in words)
"""The words that end or start a decade in words, by language: the cue-word index finds
them and the patterns are tried there."""


@register_triggers
def _decade_triggers(language: str | None) -> frozenset[str]:
    return frozenset(_DECADE_WORDS_OF.get(language, ())) if language else _DECADE_WORDS


def _decade_at(text: str, lower: str, at: int, word: str) -> tuple[int, int] | None:
    """The decade :data:`_DECADE_WORDS`'s ``word`` at ``at`` ends or starts, or None."""
    if word in ("anfang", "mitte", "ende"):
        found = _GERMAN_DECADE.match(text, at)
        if found is None or not (
            _YEARS_AFTER_GERMAN_DECADE.match(text, found.end())
            or _PERSON_BEFORE_GERMAN_DECADE.search(text, max(0, at - 40), at)
        ):
            return None
        return found.span()
    if word == "casa":
        found = _IN_THE_HOUSE_OF.match(text, at)
        start = at - 3 if lower[max(0, at - 3) : at] == "na " else at
        if found is None or not (
            lower[found.end() - 4 : found.end()] == "anos"
            or _PERSON_BEFORE_HOUSE.search(text, max(0, at - 30), at)
        ):
            return None
        return start, found.end()
    something = word in ("something", "some", "odd", "ish")
    before = _BEFORE_SOMETHING if something else _BEFORE_SOME_YEARS
    after = (_SOMETHING if something else _SOME_YEARS).match(text, at)
    if after is None:
        return None
    number = before.search(text, max(0, at - 24), at)
    if number is None or not _an_age(text, number.start(), after.end(), something):
        return None
    return number.start(), after.end()


def _an_age(text: str, start: int, end: int, something: bool) -> bool:
    """Whether a decade in words from ``start`` to ``end`` is a person's age: see
    :data:`_PERSON_AFTER_SOMETHING` and :data:`_AGE_WORDS`."""
    if something:
        return bool(
            _PERSON_AFTER_SOMETHING.match(text, end)
            or _PERSON_BEFORE_SOMETHING.search(text, max(0, start - 40), start)
        )
    words = _TWO_WORDS_BEFORE.search(text, max(0, start - 40), start)
    if words is None or words.group("word").casefold() not in _AGE_WORDS:
        return False
    first = words.group("first")
    return first is None or first.casefold() not in _DURATION_WORDS


def _a_reading(text: str, match: regex.Match[str]) -> bool:
    """Whether a decade after "in her" is a vital sign's range, not an age: a vital sign
    earlier in its clause ("Her sats remained in her 90s", "his heart rate stayed in his
    50s"), or a second number after a slash ("BP in her 90s/60s")."""
    if match.group("decade") is None:
        return False  # "a nonagenarian": a word of age, no range
    return (
        _VITAL_BEFORE.search(text, max(0, match.start() - 60), match.start()) is not None
        or text[match.end() : match.end() + 1] == "/"
    )


_VITAL_BEFORE = regex.compile(
    r"(?i:sats?|saturation|saturating|spo2|o2|oxygen|pressures?|bp|systolic|diastolic"
    r"|heart[ \t]+rate|hr|pulse|temps?|temperatures?|glucose|sugars?|levels?|readings?"
    r"|rate)(?![\p{L}\p{M}])[^.,;\n]*\Z"
)
"""A vital sign earlier in the clause: "Her sats remained in her 90s", "his heart rate stayed
in his 50s", "BP in her 90s/60s" are readings, no ages."""


DECADE_FINDER = Finder(
    "ages by decade",
    find_decades,
    {"age_decade": 0.9},
    (
        "The patient is in her [nineties] and lives alone",
        "My grandmother, who is in her late [90s], had a fever; a man in his [40s]",
        "A [nonagenarian] woman; she is a [centenarian]",
        "paciente [octogenaria] con; une patiente [nonagénaire]; una paziente [ultranovantenne]",
        "a [90-something] woman; my [ninety-something] grandmother",
        "mujer de [noventa y tantos años]; idosa [na casa dos 90 anos]; de [90 e poucos anos]",
        "Patientin [Mitte 90] mit Sturz; ein Mann [Anfang neunzig]",
        "Grandmother, age [ninety-three], had; aged [ninety two]; she turned [ninety].",
        "[one hundred and two years] old",
    ),
    (
        "for 90 something days; 90-something percent of patients; aged 100. She said something",
        "SpO2 Anfang 90 %; Ende 90 Tage; Mitte 2021; Mitte Januar",
        "in the 1990s; in the nineties; the 90s music; the sixties",
        "centenary celebrations; the Forties Pipeline; Centenario Hospital Miguel Hidalgo",
        "the test is ninety percent; his temp was one hundred and something; one hundred patients",
    ),
)


_AGE_NUMBER = r"(?P<age>1[01]\d|[1-9]\d)"
_SEX_LETTER = r"(?-i:[FM])"
_SEX_THEN = (
    r"(?:[ \t]*(?:[,;.)]|\r?\n|\Z)|[ \t]+(?i:with|w/|admitted|admits|presents|presented"
    r"|presenting|who|c/o|s/p|hx|pmh|seen|was|is|has|had|reports?|reported|complains?"
    r"|complained|developed|received|got|pt|patient|status|on|in|at|after|from)(?![\p{L}\p{M}]))"
)
"""What follows the sex's letter of a shortened age: a punctuation mark, the line's end or a
note's next word ("94F admitted", "45M with", "(45F)"), not a count's ("45M units")."""
_SEXED_AGE = regex.compile(
    # "94F admitted", "a 45F with rash", "(45M)": at a line's start, after a bracket, a colon
    # or an article, the sex's letter against the number
    rf"(?<=(?:\A|[\n(;:]|(?<![\p{{L}}\p{{M}}])(?i:an?))[ \t]*){_AGE_NUMBER}"
    rf"(?={_SEX_LETTER}{_SEX_THEN})"
    # "Pt 45M", "patient 94 F", "Age: 95 F": after the patient's word or the age's key
    rf"|(?<=(?<![\p{{L}}\p{{M}}])(?i:pt|patient|age|aged)[ \t]*:?[ \t]*){_AGE_NUMBER}"
    rf"(?=[ \t]?{_SEX_LETTER}{_SEX_THEN})"
    # "F/94", "M/45"; "94/F", "45/M"
    rf"|(?<=(?<![\p{{L}}\p{{M}}\d/]){_SEX_LETTER}/){_AGE_NUMBER}(?![\d/.,]?\d|[\p{{L}}\p{{M}}/])"
    rf"|(?<![\p{{L}}\p{{M}}\d/.,]){_AGE_NUMBER}(?=/{_SEX_LETTER}(?![\p{{L}}\p{{M}}\d/]))"
    # "Female, 94, received", "Patient, 95, resident of"
    r"|(?<=(?<![\p{L}\p{M}])(?i:female|male|woman|man|lady|gentleman|patient|pt|boy|girl)"
    rf"[ \t]*,[ \t]*){_AGE_NUMBER}(?=[ \t]*(?:[,;)]|\.(?:\s|\Z)))"
)
"""An age of ten or more beside the patient's sex, as forms and notes shorten them ("94F
admitted", "Pt 45M", "F/94", "94/F", "Age: 95 F", "Female, 94, received"): the number alone.
Guards read "94F" as 94 °F, so this finder is no guard's: its contexts leave temperatures and
sizes out ("fever of 101F", "Tmax 102F", "a 14F catheter")."""


_SEXED_AGE_HINTS = (
    re.compile(r"[FM](?:(?<=\d[FM])|(?<=\d[ \t][FM]))(?![A-Za-z0-9])|[FM]/\d|(?<=\d/)[FM]"),
    re.compile(r",[ \t]*\d\d"),
)
"""Where :data:`_SEXED_AGE` may match, found at C speed: a number against "F" or "M" or a
slash between them, and a comma before a number (the pattern is tried at the number alone:
run over whole texts, its lookbehinds cost 13% of the rules' time on the VAERS narratives)."""


def find_sexed_ages(text: str, language: str | None) -> list[RuleHit]:
    """Every age :data:`_SEXED_AGE` finds, tried at the numbers of :data:`_SEXED_AGE_HINTS`'
    places only."""
    found: dict[tuple[int, int], RuleHit] = {}
    for hints in _SEXED_AGE_HINTS:
        for hint in hints.finditer(text):
            match = _SEXED_AGE.match(text, _number_start(text, hint))
            if match is not None:
                span = match.span("age")
                found[span] = RuleHit(*span, "AGE", "age_with_sex")
    return list(found.values())


def _number_start(text: str, hint: re.Match[str]) -> int:
    """The first digit of the number a hint points at: the digits it holds ("F/94", ", 94"),
    or those before its letter ("94F", "94 F", "94/F")."""
    at = next((hint.start() + i for i, c in enumerate(hint.group()) if c.isdigit()), -1)
    if at < 0:  # the letter after the number, a blank or a slash between them or not
        at = hint.start() - 1
        if at > 0 and not text[at].isdigit():
            at -= 1
    while at > 0 and text[at - 1].isdigit():
        at -= 1
    return max(at, 0)


SEXED_AGE_FINDER = Finder(
    "ages beside a sex",
    find_sexed_ages,
    {"age_with_sex": 0.9},
    (
        "[94]F admitted with sepsis; a [45]F with rash; Pt [45]M with chest pain",
        "patient [94] F, fell; F/[94] with fever; [45]/M seen",
        "VAERS: Female, [94], received Fluzone; Patient, [95], resident of",
    ),
    (
        "fever of 101F; Tmax 102F; temp 99.5F",
        "a 5F sheath; a 14F catheter; 8 Fr tube; A 2M NaCl",
        "Female, 2 doses, received; patient, 5 mg daily",
        "dose 2/F; Lot 4F5G; 45M units",
    ),
    languages=frozenset({"en"}),
    guarded=False,
)
