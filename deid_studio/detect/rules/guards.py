"""What looks like PHI and is not: doses, measurements, lab values, lot and batch numbers,
linked case numbers, relative times.

A guard is a rule of kind ``NOT_PHI``: any rule hit that overlaps a guard's match is dropped.
``NOT_PHI`` lists texts in which :func:`deid_studio.detect.rules.find` must find nothing.
"""

from __future__ import annotations

from deid_studio.detect.rules.ages import UNIT, N
from deid_studio.detect.rules.base import GUARD, Rule, alternation, words

# A dose or lab value has at most six digits before its decimals (so "63064968G" is no
# dose in grams, "K6195358" no potassium); possessive, so a number is never split to retry.
_NUM = r"\d{1,6}+(?![\d])(?:[.,]\d++)?+"
_DOSE_UNIT = alternation(
    "mg mcg µg μg ug ng g gr kg ml dl l cc ui iu u unit units unidades unités einheiten tab tabs "
    "tablet tablets tabl caps cap capsule capsules comprimido comprimidos comprimé comprimés cp "
    "comp gotas drops gouttes puff puffs inh amp ampolla ampollas vial viales vials sachet "
    "sachets sobre sobres mmol meq mosm mmhg cmh2o cm mm µm % veces times fois mal bpm lpm rpm "
    "°c ºc °f ºf f c k mg/kg mg/dl g/dl mg/m2 iu/l u/l mmol/l ng/ml pg/ml µl mm3".split()
)
_LAB = words(
    "wbc rbc hb hgb hct plt platelets plaquetas leucocitos crp pcr alt ast ggt inr tsh bp ta pa "
    "hr fc rr fr spo2 sato2 sat temp temperature temperatura tª glucose glucemia creatinine "
    "creatinina cr na k hba1c ldh cpk ck bnp pro-bnp troponin troponina psa"
)
_LATER = alternation(
    (
        *"later after afterwards ago before earlier prior previously post después despues antes "
        "après auparavant später danach vorher depois senare efter tidigare".split(),
        *("más tarde", "mas tarde", "plus tard"),
    )
)
_FOR = (
    "hace durante tras for during within over after pendant depuis seit über vor nach "
    "innerhalb há por i under efter cada every each alle"
)
_SPAN = rf"{N}(?:\s*(?:-|\u2013|to|a|or|o)\s*{N})?\s*(?:{UNIT}|hours?|horas?|heures?|stunden?|h)\b"
_CASE_KEYS = (
    "case report caso cas fall reference ref wwid aer vaers notificación notificacion informe "
    "rapport meldung ärende"
)
_GENERIC = "id number no nº n° nr num"

_EXPIRY_KEY = (
    r"exp|expiry|exp\.?\s*date|expiry\s+date|expiration\s+date|expiring"
    r"|best\s+before|use\s+by|caducidad|caduca|fecha\s+de\s+caducidad|vencimiento"
    r"|p[ée]remption|date\s+de\s+p[ée]remption|verfall|verfalldatum|verwendbar\s+bis|haltbar\s+bis"
    r"|scadenza|validade"
)
"""A product's expiry date's keys ("exp 11/2025", "caducidad 08/2025", "Verfall: 03/2026"): the
date after one is a lot's, not a person's, and a product-quality case turns on it."""
GUARDS: tuple[Rule, ...] = (
    Rule(
        "dose",
        GUARD,
        # not the inward code of a British postcode ("TQ4 2UG", "B14 7DL": 2 µg, 7 dl), nor
        # the last four characters of an Eircode ("V17 35CC": 35 cc)
        # nor a group of a device's network address ("00:1A:2B:3C:4D:5E": 3 °C)
        r"(?<![\w.,/])(?<!(?-i:\b[A-Z]{1,2}\d[A-Z\d]?[ \t](?=\d[A-Z]{2}\b)))"
        r"(?<!(?-i:\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t](?=[0-9AC-FHKNPRTV-Y]{4}\b)))"
        r"(?<![0-9A-Fa-f]{2}:)"
        rf"{_NUM}(?:\s*(?:/|-|\u2013|to|a|x)\s*{_NUM})*+\s*{_DOSE_UNIT}(?![\w])"
        # nor an Italian date's month: "il 20 u.s." (ultimo scorso), "il 3 c.m." (corrente
        # mese); "20 u.s.c." stays units under the skin
        r"(?!(?-i:(?<=\bc)\.\s?m\.|(?<=\bu)\.\s?s\.(?!\s?c\.)))",
        (
            "5/325 mg",
            "1/2 tab",
            "0.5 mL",
            "2 x 500 mg",
            "10-20 mg/kg",
            "45%",
            "99.0F",
            "then [2UG] daily",
        ),
        (
            "12/01/2021",
            "on 1/2",
            "DNI: 63064968G",
            "Paignton TQ4 2UG",
            "B14 7DL",
            "V17 35CC",
            "il 20 u.s. ha sospeso",
            "il 3 c.m.",
        ),
        anchor="measure",
    ),
    Rule(
        "lab_value",
        GUARD,
        # not the potassium of an Eircode ("W29 K851", "K52 1782"), nor five digits or more
        # written against the letters: a record number ("MRN: HCT311592")
        rf"(?<=\b{alternation(_LAB)}\s*(?:of|was|is|de|:|=)?\s*)"
        r"(?<!(?-i:\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t]?[A-Z]{1,2}))(?!(?<=\p{L})\d{5})"
        # nor a Brazilian council's registration in a state ("CRF-PA 4521", "CRM-BA 12345")
        r"(?<!(?i:\b(?:crm|crf|coren|cro|crefito|crp))[-/ ]?(?-i:[A-Z]{2})[ \t]?)"
        rf"{_NUM}(?:\s*/\s*{_NUM})?\s*k?"
        r"(?![\w])(?![ \t](?-i:\d[A-Z]{2}|(?=[0-9A-Z]{0,3}[A-Z])[0-9AC-FHKNPRTV-Y]{4})\b)"
        r"(?!(?<=(?-i:\b[AC-FHKNPRTV-Y])\d{2})[ \t]\d{4}\b)",
        ("WBC [13k]", "BP [120/80]", "BP of [170/100]", "temp [99.0]", "TA: [130/85]", "Hb [9,8]"),
        (
            "BP",
            "on 12/01/2020",
            "hospital number K6195358",
            "Leicester CR39 3XH",
            "Kathryn Ville, K33 F7X3",
            "Dundalk W29 K851",
            "Cahal Ville, K52 1782",
            "Kilkenny A66 PA3K",
            "MRN: HCT311592",
            "farmacêutica (CRF-PA 4521)",
        ),
        after=_LAB | words("of was is de"),
    ),
    Rule(
        "apgar_score",
        GUARD,
        # a newborn's scores at one, five and ten minutes, no day and month
        r"(?<=\b(?:apgar|biophysical\s+profile|bpp)(?:\s+(?:scores?|score\s+of|of|were|was"
        r"|at\s+birth))*\s*[:=]?\s*)\d{1,2}(?:\s*[/-]\s*\d{1,2}){1,2}(?![\d/-])"
        r"(?:\s*\(\s*\d{1,2}(?:\s*[/-]\s*\d{1,2}){1,2}\s*(?:min(?:utes?)?|mn)?\s*\))?",
        (
            "Apgar [8/9] at birth",
            "APGAR [8/9/10 (1/5/10 min)]",
            "Apgar scores [8/9]; Apgar [9-10-10]",
            "Biophysical profile [8/8]",
        ),
        ("Apgar normal on 12/03/2021", "apgar"),
        anchor="day",
    ),
    Rule(
        "lot_number",
        GUARD,
        r"(?<=\b(?:lot|lote|lotto|batch|charge|ch\.?-?b\.?|lot-?nr|chargen-?nr|lotnummer|"
        r"num[ée]ro\s+de\s+lot|n[º°o]\s+de\s+lote|parti|lote\s+n[º°o])\.?\s*"
        r"(?:number|no\.?|n[º°o]\.?|#|nr\.?|num\.?)?\s*[:#]?\s*)"
        r"(?<![\w-])(?=[\w/-]*\d)[A-Z0-9][A-Z0-9/-]*",
        (
            "Lot [EK5730]",
            "lote [6293928]",
            "Lot number: [025J20-2A]",
            "batch no. [12345]",
            "Ch.-B.: [A12]",
        ),
        ("lots of pain", "a lot better"),
        anchor="code",
        after=words("lot lote lotto batch charge b nr lotnummer parti " + _GENERIC),
    ),
    Rule(
        "case_number",
        GUARD,
        # not a medical examiner's, a coroner's or a court's case ("ME case 2021-01234",
        # "Coroner's case number C-22-0456"), which names the dead or a party
        r"(?<!(?i:(?-i:\bME|\bOCME)|examiner|examiner['\u2019]s|coroner|coroner['\u2019]s|autopsy"
        r"|court|docket|civil\s+action|office)\s+case\s*(?:id|number|no\.?|n[º°o]\.?|\#|nr\.?)?"
        r"\s*[:\#]?\s*)"
        r"(?<!(?i:coroner|coroner['\u2019]s)\s+ref(?:erence)?\s*[:\#]?\s*)"  # an inquest's
        rf"(?<=\b(?:{alternation(_CASE_KEYS.split())}|worldwide\s+(?:unique\s+)?(?:case\s+)?"
        r"(?:id|number)|manufacturer\s+(?:control\s+)?(?:number|no)|mfr\s+(?:control\s+)?"
        r"(?:no|#)|control\s+(?:number|no)|linked\s+(?:case|report)s?|safety\s+report(?:\s+id)?)"
        r"\s*(?:id|number|no\.?|n[º°o]\.?|#|nr\.?)?\s*[:#]?\s*)"
        r"(?<![\w-])(?!\d{1,4}[/.]\d{1,2}[/.]\d{2,4}(?![\w/-]|\.\d))(?!\d{1,2}:\d{2}-)"
        r"(?=[\w-]*\d)[A-Z0-9][\w-]*",
        (
            "case [GB-MHRA-2021-000123]",
            "Case ID: [2021-12345]",
            "VAERS ID [912345]",
            "linked report [2020123456]",
        ),
        (
            "case of fever",
            "report received",
            "Fecha de notificación 12/03/24.",
            "Coroner's ref: 2023/0451/NW (inquest)",
        ),
        anchor="code",
        after=words(_CASE_KEYS + " reports " + _GENERIC),
    ),
    Rule(
        "case_id_shape",
        GUARD,
        # not a date whose day is unknown ("UN-JUN-2021", "UK-JUN-2021", "XX-JUN-2021")
        r"(?-i:(?<=\b[A-Z]{2}-(?!(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)-"
        r"(?:19|20)\d\d\b)[A-Z][A-Za-z0-9&. ]{0,40}-)\d[\w-]*)",
        ("US-PFIZER INC-[2021012345]", "ES-AEMPS-[123]"),
        ("ES-123", "UN-JUN-2021", "UK-JUN-2021"),
        anchor="hyphen",
    ),
    Rule(
        "relative_time_later",
        GUARD,
        rf"(?<![\w.,]){_SPAN}(?=\s+{_LATER}\b)",
        ("[two weeks] later", "[3 days] after", "[10 years] ago", "[2-3 days] later"),
        ("aged 45", "a 41-year-old", "3 days"),
        anchor="age",
    ),
    Rule(
        "relative_time_for",
        GUARD,
        rf"(?<=\b(?:{alternation(_FOR.split())}|il\s+y\s+a|toutes\s+les)\s+"
        r"(?:(?:the\s+)?(?:last|past|next|últimos|próximos)\s+)?)"
        rf"{_SPAN}",
        ("hace [3 años]", "for [5 years]", "durante [6 meses]", "within [24 hours]"),
        ("aged 45", "for the patient"),
        anchor="number",
        after=words(_FOR + " a les last past next últimos próximos"),
    ),
    Rule(
        "expiry_date",
        GUARD,
        # a product's expiry: no one's date, and what a product-quality case turns on
        rf"(?<=\b(?i:{_EXPIRY_KEY})\.?[ \t]*[:.]?[ \t]*)"
        r"(?:\d{1,4}(?:[/.\-]\d{1,2}){0,2}[/.\-]\d{2,4}|\d{1,2}[ \t]+\p{L}{3,9}\.?[ \t]+\d{4})"
        r"(?!\d)",
        (
            "lot ABC1234, exp [11/2025]",
            "Comirnaty lot FN8722, exp [31/01/2024]",
            "expiry [2025-06-30]",
            "Lot FL8095 expiry [30 Apr 2022]",
            "Lote B4567, caducidad [08/2025]",
            "Verfall: [03/2026]; scadenza [12/2025]; validade [05/2026]",
        ),
        (
            "exposure 11/2025",
            "expected on 11/2025",
            "vaccinated 30 Apr 2022",
            "PMH: CAD 03/2015, MI 2016",
            "time of expiration 12/03/2021 14:00",
            "Seen by Val 12/03/2021",
        ),
        anchor="digit",
        after=words(
            "exp expiry expiring date before by caducidad caduca vencimiento péremption "
            "peremption verfall verfalldatum bis scadenza validade"
        ),
    ),
)


NOT_PHI: tuple[str, ...] = (
    "Norco 5/325 mg twice daily",
    "took 1/2 tab at night",
    "0.5 mL intramuscular",
    "temperature 97.9",
    "WBC 13k, platelets 150",
    "BP 120/80 mmHg",
    "Lot EK5730, second dose",
    "lote 6293928",
    "Lot number: 025J20-2A",
    "see linked case GB-MHRA-2021-000123",
    "two weeks later she recovered",
    "hace 3 años presentó",
    "10 years ago",
    "durante 5 años de tratamiento",
    "Epinephrine 0.3 mg IM",
    "rate 1:1,000",
    "a 2-3 inch bruise",
    "in 2000 mg",
    "1.5 hours after injection",
    "CD4 350 cells",
    "score 3/5",
    "grade 2 of 4",
    "for 10-11 years",
    "NDC 59267-1000-1",
    "Eliquis 5 mg, lot ABC1234, exp 11/2025",
)
