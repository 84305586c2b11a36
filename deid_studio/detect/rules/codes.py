"""ID-like codes after a key, ID shapes that need no key, and postcodes in context.

The span is the code alone, never its key ("NHC: [7946135]"); a code may be written in
groups ("NºCol: [28 28 57412]"). A lowercase prefix the key repeats stays outside
("CIPA: nhc-[589654]", as MEDDOCAN marks it).
"""

from __future__ import annotations

import regex

from deid_studio.detect.rules.base import Finder, Rule, RuleHit, words

# A code: letters, digits and . / - with at least one digit; inner single spaces only before
# a digit (so "NHC: 98376 Domicilio" stops at the number).
CODE = (
    r"(?<![\w./])(?-i:(?![a-z]{2,4}-))(?=[\w./-]*\d)[A-Z0-9]"
    r"(?:[A-Z0-9./-]|\s{1,2}(?=\d)|\s(?=(?-i:[A-Z]{2}\d)(?![\w/-]|\.\w)))*[A-Z0-9]"
    r"|(?<![\w./])\d"
)
"""A code after its key: letters and digits, groups of digits apart ("22 75689632 36") and
the letters a Portuguese citizen's card ends with ("12345678 9 ZZ4")."""
_YEARS = r"(?:19|20)\d\d\s*[-/\u2013]\s*(?:19|20)?\d\d(?![\w/-])"
"""A span of years ("2021-22", "2019/2020"): a season, a policy's term, no code."""
_BRACKET = rf"\((?=\s*(?-i:[a-z]{{2,4}}-)?(?!{_YEARS})[A-Z0-9](?:[A-Z0-9./-]|\s(?=\d)){{4,}})"
"""A bracket before a code of five characters or more ("MRN (7732190)"); not "Called NHS
(111)", "Insurance (1 of 2)", "Policy (2021-22)"."""
_SEP = (
    r"\.?\s*(?:n\.?[º°o]\.?|n\.|number|num\.?|no\.?|nr\.?|#|id)?"
    r"(?:\s+(?:del|de|des|du|der|of\s+the|of|for\s+the|for)\s+\p{L}+)?(?:\s+(?:is|es|est|ist|was))?"
    r"\s*[:.#=]?\s*(?:" + _BRACKET + r"\s*)?(?-i:[a-z]{2,4}-)?"
)
"""Between a key and its code: "number", "is", whose ("del paciente", "des Melders", "of the
plaintiff", "for the infant"), ":", a bracket ("MRN (7732190)")."""

_GENERIC = (
    "number no nº n° n.º n.° n nr num id is es est ist was paciente patient notificador "
    "notificante melders déclarant declarant reporter plaintiff claimant decedent deceased "
    "infant baby child mother father plaignante plaignant klägerin kläger"
)
# The words a key of each group can end with (see Rule.after).
_KEY_ENDS: dict[str, str] = {
    "record": "nhc n.h.c historia clínica clinica mrn mr hosp record chart cip cipa ipp dossier "
    "pid patientennummer patientennr utente processo expediente nr accession rezeptnummer rx "
    "prontuário prontuario hospitalar clínico clinico cartella clinica nosologico sdo script "
    "receta ordonnance d'ordonnance ricetta receita nre identifier investigation hospitalier "
    "patienten-id subject participant sujeto participante sujet proband probandin patient "
    "paciente paziente soggetto randomization randomisation screening aleatorización "
    "aleatorizacion randomización randomizacion randomisierungsnummer randomizzazione "
    "inclusão inclusao inclusion inclusión probanden-nr probandennummer code número numéro "
    "numero pt me case autopsy post-mortem postmortem mortem certificate court action docket index "
    "ref reference",
    "insurance": "nass nuss ssn security social sociale nss nir insurance policy nhs "
    "versichertennummer versicherungsnummer kvnr sanitaria tis sip sns afiliación afiliacion "
    "svnr sozialversicherungsnummer vsnr medicare medicaid mbi card vitale ahv avs nuhsa "
    "cns sus saúde saude niss imss issste pami member subscriber claim versichertennr "
    "krankenversichertennummer krankenversicherungsnummer ss nhi philhealth aadhaar membership "
    "versnr cam",
    "licence": "nºcol n°col col colegiado license licence dea npi rpps adeli lanr gmc crm crf "
    "coren cro crefito crp profesional sp rj mg rs pr sc ba pe ce go df pa am ma pb rn al pi "
    "mt ms se ro to ac ap rr gphc nmc pin reg registration profissional mp mn",
    "encounter": "episodio episódio episode encounter fallnummer aufnahmenummer nr séjour sejour "
    "aufnahmenr",
    "personal": "dni d.n.i c.f nif nie passport pasaporte passeport reisepass personnummer cpf "
    "rg bsn "
    "card identité identite personalausweis personalausweis-nr personalausweisnummer nr fiscale "
    "matricule national rijksregisternummer "
    "curp rfc cuil cuit cédula cedula ciudadanía ciudadania identidad cidadão cidadao rut run "
    # "vin": VIN only, not the wine
    "cc c.c t.i dl plate vin employee student badge staff inmate prisoner detainee booking "
    "service cf",
    "account": "account acct cuenta",
    "device": "serial s/n sn serie série seriennummer serien-nr serial#",
}
_LONG = r"(?=[\s:.#]*(?:n\.?[º°o]\.?\s*)?[A-Z0-9](?:[A-Z0-9./-]|\s(?=\d)){4,})"
"""After a key that is also a word or a medical abbreviation ("CNS 2" a grade, "Medicare 2
visits", "RUN 2"): a code of five characters or more."""
_NUMBER_WORD = r"\s*(?:#|no\b\.?|number\b|id\b)"
"""The word or sign of a number after a key that is a word too ("Member #", "Employee ID",
"Claim number"): without it "the employee took 2 tablets", "claim 2 weeks later"."""
_SUBJECT_WORD = r"subject|participant|sujeto|participante|sujet|proband(?:in)?|soggetto"
_PATIENT_WORD = r"patient|paciente|paziente|pt"
_TRIAL_NUMBER_WORD = r"\s+(?:number|no\.?|n[º°o]\.?|nr\.?|id|\#|code|número|numéro|numero)"
_NOT_DATE = (
    r"(?!\d{1,4}[-/.]\d{1,2}[-/.]\d{2,4}|(?:19|20)\d\d[-/]\d\d?(?!\d)|\d\d?[-/](?:19|20)\d\d)"
)
_UNIT = (
    r"\s*(?:mg|ml|µg|mcg|ui|iu|ie|units?|unit[àée]s?|unidades|einheiten|kcal|cal|steps|cells"
    r"|copies|h|hrs?|hours?|horas?|heures?|ore|uhr|min|am|pm|[ap]\.m)\b"
)
"""What follows a dose, an amount or a clock time, not a code ("5000 IE", "2300 h")."""
_LETTERED = r"(?-i:[A-Z])-?\d{3,}(?:-\d+)?(?![\w/])"  # "Patient A123456", "S-1234"
_SUBJECT_SHAPE = r"(?!(?:[01]\d|2[0-3])[03]0-[0-2]\d[03]0(?!\d))\d{2,4}-0\d{2,4}(?![\w/-]|[.,]\d)"
"""A trial's site and subject ("45-0019", "1001-0023"), not a range ("120-140", "2200-0600"),
a month ("12-2021") or a day ("2021-03-15")."""
_TRIAL_CODE = (
    rf"(?:{_NOT_DATE}(?:\d{{2,}}-\d{{3,}}|\d{{3,}}-\d{{2,}})(?:-\d+)*(?![\w/-]|[.,]\d)|{_LETTERED}"
    r"|(?!(?:19|20)\d\d(?!\d))(?:\d{4,}|0\d\d)(?![\w/]|[.,]\d)(?!" + _UNIT + r"|\s*/))"
)
"""A subject's code after a trial's word ("Subject 1001-0023", "Subject #023", "Participant
ID 2003-0118"): not a year, a date, a dose or a time ("Subject 2021", "Subject 2000 mg")."""


def _code_of(least: int) -> str:
    """A code of ``least`` characters or more, a digit among them, as a pattern."""
    return rf"(?=[A-Z0-9./-]*\d)[A-Z0-9][A-Z0-9./-]{{{least - 1},}}"


_CASE_CODE = (
    rf"(?=(?:{_NUMBER_WORD})?\s*[:.#]?\s*(?!(?:19|20)\d\d(?![\w/-])|\d+[.,]\d+(?![\w/-]))"
    rf"{_code_of(4)})"
)
"""A death's or a court's case code: four characters or more, a digit among them ("ME case
2021-01234", "Autopsy no. A22-187"); not "Cardiac index # 2", "Autopsy no 3 vessel disease",
"ME case #2", "Court no 2", a year or a decimal number."""
_CODE4 = _code_of(4)
"""A record's code after a short key and its "#" ("MR# 445566"; not "MR# 3", a grade)."""
_CODE3 = _code_of(3)
"""A randomisation's or a screening's code of three characters or more: not "Screening no. 2
showed", a visit."""
ID_KEYS: dict[str, str] = {
    # key pattern -> the rule name's suffix, which schemes may map to a finer category
    r"n\.?\s?h\.?\s?c|(?:n[º°o]\.?|n[úu]mero)\s*(?:de\s+)?historia(?:\s+cl[íi]nica)?"
    r"|historia\s+cl[íi]nica"
    r"|mrn|medical\s+record(?:\s+number)?|record\s+number|chart|cipa?|ipp|"
    r"(?:n[º°o]\.?\s*|num[ée]ro\s+)(?:de\s+)?dossier|dossier(?=\s*(?::|n[º°o]))"
    r"|dossier\s+(?:du\s+)?patient|dossier\s+m[ée]dical|patient\s*id|pid|patientennummer"
    r"|pat(?:ienten)?\.?-?\s?nr|(?:n[º°o]|n[úu]mero)\s+de\s+utente|processo|hospital\s+(?:number|no)"
    rf"|(?:hosp\.?|mr)\s*\#(?=\s*[:.]?\s*{_CODE4})|hosp\.?\s+(?:number|no)"
    r"|unit\s+number|patientennr|expediente(?=\s*(?::|n[º°o]|#))"
    r"|accession(?=\s*(?::|#|n(?:o|umber)\b))|rezept-?\s?nr|rezeptnummer"
    r"|(?:prescription|script)\s+(?:number|no)|rx(?=\s*#\s*\d{4})|rx(?=\s*#?\s*[:.]?\s*\d{5})"
    r"|rx\s+number|(?:(?:n[úu]mero\s+de\s+)?receta(?=\s*(?::|n[º°o]|#))|n[úu]mero\s+de\s+receta"
    r"|(?:num[ée]ro\s+d['\u2019])?ordonnance(?=\s*(?::|n[º°o]|#))|num[ée]ro\s+d['\u2019]ordonnance"
    r"|(?:numero\s+di\s+)?ricetta(?=\s*(?::|n[º°o.]|#))|numero\s+di\s+ricetta|nre"
    r"|(?:n[úu]mero\s+da\s+)?receita(?=\s*(?::|n[º°o]|#))|n[úu]mero\s+da\s+receita)"
    + _LONG
    + r"|prontu[áa]rio|registro\s+hospitalar|patient\s+identifier"
    r"|investigation\s+(?:number|no)|dossier\s+hospitalier|processo\s+hospitalar|patienten-?\s?id"
    r"|processo\s+cl[íi]nico|expediente\s+cl[íi]nico|(?:n[úu]mero\s+)?cartella(?:\s+clinica)?"
    r"|nosologico|sdo"
    # a trial's subject, participant, randomisation or screening number ("Subject 1001-0023",
    # "Randomization number: 5010141", "Patient 45-0019"; not "Subject 2 withdrew")
    rf"|(?:{_SUBJECT_WORD}|{_PATIENT_WORD}){_TRIAL_NUMBER_WORD}(?=\s*[:#.]?\s*{_TRIAL_CODE})"
    rf"|(?:{_SUBJECT_WORD})(?=\s*[:#.]?\s*{_TRIAL_CODE})"
    # the patient's word is followed by clock times, doses and ranges ("the patient 0200 woke",
    # "Patient 5000 IE", "patient 120-140"): only a subject's shape after it
    rf"|(?:{_PATIENT_WORD})(?=\s*[:#]?\s*(?:{_SUBJECT_SHAPE}|{_LETTERED}))"
    r"|(?:randomi[sz]ation|randomisierungs?|aleatorizaci[óo]n|randomizaci[óo]n|screening)"
    r"(?:\s+(?:number|no\.?|id|code|#|nummer|nr\.?))(?=\s*[:.#]?\s*" + _CODE3 + ")"
    r"|(?:n[úu]mero|num[ée]ro|numero)\s+d[eia]\s+(?:randomi[sz]a(?:tion|ci[óo]n|zione)"
    r"|aleatorizaci[óo]n|inclus[ãa]o|inclusion|inclusi[óo]n|screening)"
    r"|randomisierungsnummer|probanden-?\s?(?:nr|nummer)"
    # a death's or a lawsuit's case ("ME case 2021-01234", "Coroner's case number C-22-0456",
    # "Autopsy no. A22-187", "Index No. 190456/2021"); a safety report's case is guarded
    r"|(?:(?:(?-i:ME|OCME)|(?:medical\s+)?examiner(?:['\u2019]s)?(?:\s+office)?"
    r"|coroner(?:['\u2019]s)?(?:\s+office)?)\s+(?:case|ref(?:erence)?)|(?-i:ME|OCME)(?=\s*\#)"
    r"|(?:autopsy|post[- ]?mortem|death\s+certificate|court|civil\s+action|docket|index)"
    rf"(?:\s+case)?(?={_NUMBER_WORD})){_CASE_CODE}": "record",
    r"nass|nuss|ssn|social\s+security(?:\s+number)?"
    r"|(?:n[º°o]\.?|n[úu]mero)\s*(?:de\s+)?(?:la\s+)?seguridad\s+social"
    r"|s[ée]curit[ée]\s+sociale|nss|nir|insurance(?:\s+(?:number|id))?|member\s+id|"
    # not the NHS's helplines, "called NHS 111", "NHS 24" (an NHS number may start with
    # either, "NHS 111 222 3333")
    r"policy|nhs(?!\s+(?:111|24)(?!\s?\d))|(?:kranken)?versicherte[nr]?nummer"
    r"|(?:kranken)?versicherungsnummer"
    # a French social security number after its letters ("N° SS 284121305508943"): thirteen
    # digits or more, with its key or without a valid one
    r"|(?-i:SS)(?=[ \t]*:?[ \t]*\d{13}(?:\d\d)?(?!\d))"
    r"|tarjeta\s+sanitaria(?:\s+(?-i:[A-Z]{2,4})(?=\s*:))?|tis|sip"
    r"|versicherten-?\s?nr|vers\.?-?\s?nr|kv-?\s?nr"
    r"|sv-?\s?nr|sozialversicherungsnummer|vsnr"
    r"|sns|n[º°o]\.?\s*(?:de\s+)?afiliaci[óo]n|(?:medicare|medicaid|mbi|cns)(?:\s+card)?"
    + _LONG
    # New Zealand's health index, the Philippines' and India's numbers, a scheme's member
    + r"|(?-i:NHI)|philhealth(?:\s+(?:no|number|id))?|aadhaar(?:\s+(?:no|number))?"
    r"|membership\s+(?:id|no|number)"
    + _LONG
    + r"|health\s+card|carte\s+vitale|ahv(?:-?\s?nr)?|avs|tessera\s+sanitaria|nuhsa|cart[ãa]o\s+sus"
    r"|cart[ãa]o\s+nacional\s+de\s+sa[úu]de|niss|n[úu]mero\s+de\s+afiliaci[óo]n"
    r"|afiliado(?:\s+a)?\s+(?-i:[A-Z]{2,6})|imss|issste|pami"
    # a health plan's member or claim ("Member # 99812345", "Claim number 2021-CLM-44871")
     + rf"|(?:member|subscriber|claim)(?={_NUMBER_WORD}\s*[:.#]?\s*"
    r"[A-Z0-9](?:[A-Z0-9./-]|\s(?=\d)){4,})": "insurance",
    r"n[º°o]\.?\s*col(?:egiado)?|colegiado|licen[cs]e|dea|npi|rpps|adeli|lanr|gmc"
    r"|gphc(?:\s+(?:reg(?:istration)?|no|number))?(?=[\s:.#]*\d{7}(?!\d))"
    r"|nmc(?:\s+(?:pin|number|no))?(?=[\s:.#]*\d{2}[A-Z]\d{4}[A-Z](?![\w]))"
    r"|(?:crm|crf|coren|cro|crefito|crp)[-/ ]?(?-i:[A-Z]{2})|(?:crm|coren)"
    + _LONG
    + r"|c[ée]dula\s+profesional|matr[íi]cula\s+profesional|c[ée]dula\s+profissional"
    r"|reg(?:istration)?\.?\s+no\.?(?=\s*[:.]?\s*(?-i:[A-Z]{2,5})?\s?\d{4,})"
    r"|(?-i:M\.?P|M\.?N)(?=\s+\d{1,3}\.\d{3}(?!\d))"
    # an Italian doctor's or pharmacist's registration ("iscritta all'Ordine dei Medici di
    # Torino n. 12345", "Ordine dei Farmacisti della provincia di Bari n. 4567")
    r"|ordine\s+dei\s+(?:medici(?:\s+chirurghi(?:\s+e\s+(?:degli\s+)?odontoiatri)?)?|farmacisti)"
    r"(?:\s+(?:di|della\s+provincia\s+di)\s+\p{Lu}[\p{L}\p{M}'\u2019-]+)?": "licence",
    r"epis[óo]dio|episode|encounter|visit\s+(?:number|id)|admission\s+(?:number|id)|fallnummer"
    r"|fall-?\s?nr|aufnahmenummer|aufnahme-?\s?nr"
    r"|(?:n[º°o]\.?|num[ée]ro)\s*(?:de\s+)?s[ée]jour": "encounter",
    r"dni|d\.\s?n\.\s?i\.?|nif|nie|passport|pasaporte|passeport|reisepass|personnummer|cpf|rg|bsn|"
    r"c\.\s?f\.(?=\s*:?\s*[A-Z]{6}\d\d)|(?-i:CF)(?=\s*:?\s*[A-Z]{6}\d\d[A-Z]\d\d)|"
    r"(?-i:ID)(?=\s*[:#]?\s*\d{6,}(?![\d/]|[.,]\d))|"
    r"id\s+card|carte\s+d'identit[ée]|personalausweis(?:-?\s?nr|nummer)?|codice\s+fiscale|matricule"
    r"|(?:num[ée]ro\s+(?:de\s+)?)?registre\s+national|num[ée]ro\s+national"
    r"|rijksregisternummer|curp|cuil|cuit|c[ée]dula(?:\s+de\s+(?:ciudadan[íi]a|identidad))?"
    r"|cart[ãa]o\s+de\s+cidad[ãa]o|tarjeta\s+de\s+identidad"
    r"|(?-i:RFC|RUT|RUN|CC|C\.C\.?|T\.\s?I\.?)"
    + _LONG
    # a driver's licence, a vehicle's plate or number, an employer's or a school's badge
    + r"|(?-i:DL)(?=\s*#)|(?:(?:licen[cs]e|number|registration)\s+plate|plate\s+number|(?-i:VIN)"
    rf"|(?:employee|student|badge|staff|inmate|prisoner|detainee|booking|service)"
    rf"(?={_NUMBER_WORD})"
    r"|vaccination\s+card)"
    # a code of four characters or more: not "Employee number 3 of 12", "vaccination card
    # 2nd dose", "License plate 3 of 4"
    rf"(?=(?:{_NUMBER_WORD})?\s*[:.#]?\s*"
    r"(?-i:(?=[A-Z0-9./-]*\d)[A-Z0-9][A-Z0-9./-]{3,}))": "personal",
    r"account|acct|cuenta": "account",
    r"serial\s+(?:number|no|nr|#)|serial(?![ \t]+\d{1,3}-?(?:hourly|hours?|h|min|lead|oh)\b)"
    + _LONG
    # an upper-case S/N, not the Spanish "sin número" before a postcode ("Avda. X S/N. 06080")
    + r"|(?-i:S/N)(?!\.?[ \t,]*(?:E-?)?\d{5}(?!\d))|(?-i:SN)(?=\s*[:#]|\s+[A-Z0-9-]*\d)"
    + _LONG
    + r"|(?:n[úu]mero|num[ée]ro|numero|n\.?[º°o]\.?)\s+d[eia]\s+s[ée]rie"
    # a lower-case s/n before a code of letters and digits, not a Spanish address's "sin
    # número" before its postcode ("Ronda Norte, s/n E-21006 Huelva", "s/n 41013-Sevilla")
    r"|(?-i:s/n)(?![ \t,.]*(?:[A-Z]{1,2}-?)?\d{5}(?!\d))"
    r"(?=\s*[:#]?\s*(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9-]{5,})"
    r"|seriennummer|serien-?\s?nr": "device",
}

_ID_RULES: list[Rule] = []
_ID_EXAMPLES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "record": (
        (
            "NHC: [7946135].",
            "NHC:[4545562].",
            "NHC: [22 75689632 36].",
            "CIPA: nhc-[589654].",
            "MRN: [A123456]",
            "Nº Historia: [123456]",
            "medical record number [12-34-56]",
            "número de historia [863-9063].",
            "Dossier : [123456]; Numéro de dossier [2021-12345]",
            "Expediente nº [2021-12345]",
            "dossier patient [2021-000871]; dossier médical n° [A-5521]",
            "Pat.-Nr.: [88812345]",
            "Número de utente: [123456789]",
            "MRN [00456789]; Accession #[A-2021-5567]. Hospital No. [K1234567]",
            "Rx #[123456] filled; Rezept-Nr. [445566]; prescription number [55512]",
            "Rx #: [6678123]; Rx [4451234]; Rx number [2245781-03]; Script number [RX55672341]",
            "Prescription number RX [0045781]; Número de receta: [0123456789012]",
            "Receta nº [45781234]; Numéro d'ordonnance : [2023-778945]; ordonnance n° [45781]",
            "Numero di ricetta: [0801A4567891234]; NRE [0801A4567891234]",
            "Número da receita: [2023-778945]",
            "Patient identifier: [AB-1234] (in confidence); Investigation number: [INV-2022-0091]",
            "Numéro de dossier hospitalier : [2019-0045672]; Patienten-ID: [55678]",
            "Número do processo hospitalar: [2019/45672]",
            "Subject [1001-0023]; Subject #[023]; Pt [1001-0023]; ME#: [21-01234]",
            "Coroner's ref: [2023/0451/NW] (inquest touching the death of)",
        ),
        (
            "NHC: no consta",
            "MRN pending",
            "il a relu le dossier 3 fois",
            "le dossier patient complet",
            "El expediente 2021 fue revisado.",
            "Specimen accession 2 received.",
            "Rx: 500 mg amoxicillin",
            "He received Rx # 3 for prednisone",
            "Rx 1000 mg amoxicillin; Rx 500 mg",
            "receta: 30 días; Receita nº 3; ordonnance : 2 boîtes; ricetta: 2 confezioni",
            "Product identifier: 12; Study identifier: NCT01234567",
            "receta electrónica; la ricetta medica",
            "the patient 0200 woke; Patient 5000 IE; patient 120-140; patient 12-2021",
            "Cardiac index # 2; Autopsy no 3 vessel disease; ME case #2; Court no 2; Docket #12",
        ),
    ),
    "insurance": (
        (
            "NASS: [78 45784534 12].",
            "SSN: [123-45-6789]",
            "NHS number: [943 476 5919]",
            "The patient's NHS number is [372 499 9128].",
            "geb. 12.03.1950, SVNR [1234 120350]",
            "SV-Nr.: [1234 120350]",
            "Krankenkasse: AOK Bayern, Versicherten-Nr. [K123456789]",
            "Vers.-Nr.: [A987654321]",
            "Medicare ID [1EG4-TE5-MK72]; Medicaid number [12345678A]",
            "Health card number [1234-567-890-AB] (Ontario)",
            "Carte Vitale : [1 85 05 78 006 084 91]",
            "Número de la Seguridad Social: [28/12345678/40]",
            "AHV-Nr. [756.1234.5678.97]; Tessera sanitaria [80380000000000000001]",
            "NUHSA [AN0123456789]; tessera sanitaria n. [80380000000000000001]",
            "Krankenversichertennummer [M123456789]; Versichertennr.: [M123456789]",
            "N° SS [284121305508943]",
            "Member # [99812345]; Claim number [2021-CLM-44871]; Subscriber ID [XQZ123456789]",
            "Tarjeta sanitaria CAM: [0123456789]; VersNr:[T451237890]; NHI [ZAC5361]",
            "Medicare card [2953 71845 1]; PhilHealth no. [12-345678901-2]",
            "Aadhaar [4512 8890 1123]; OWWA membership ID [2019-0048812]",
        ),
        (
            "NASS: desconocido",
            "insurance covered it",
            "Medicare covered the visit",
            "Toxicity: CNS 2, GI 1",
            "Medicare 2 visits",
            "She called NHS 111 twice; advised by NHS 24",
            "member of staff 3 times; claim 2 weeks later",
            "Called NHS (111); Insurance (1 of 2); Policy (2021-22)",
        ),
    ),
    "licence": (
        (
            "NºCol: [28 28 57412].",
            "NºCol:[24 24 61574].",
            "NPI [1234567890]",
            "GMC number: [C02904].",
            "LANR des Melders: [674695615].",
            "Numéro RPPS du déclarant : [78338889129].",
            "Mr Sanjay Gupta MRPharmS, GPhC [2045678]; (GPhC reg [2087654]); NMC PIN [98A1234E]",
            "iscritta all'Ordine dei Medici di Torino n. [12345]",
            "farmacêutica (CRF-PA [4521]); Cédula Profissional n.º [45678]; (MP [12.345])",
        ),
        (
            "NºCol: ",
            "DEA registered",
            "CRF 3 (eGFR 45)",
            "The CRO 2021 audit",
            "NMC 2019 code of conduct; Rapid response NMC 2 hours; Lot NMC 123456 expired",
        ),
    ),
    "encounter": (
        (
            "Episodio: [403785669].",
            "(Fallnummer [9260650935]).",
            "Fall-Nr. [2021-12345]",
            "N° séjour [2021123456]; Krankenhaus-Aufnahmenr. [2021/44567]",
            "com o número de episódio [22045871] em",
        ),
        ("Episodio de dolor", "durant son séjour à Lyon"),
    ),
    "personal": (
        (
            "DNI: [12345678Z]",
            "NIF [B-12345678]",
            "Personnummer: [19121212-1212]",
            "DNI del paciente: [21487609U].",
            "Codice fiscale: [RSSMRA50C52A944X]",
            "C.F. [BNCLRA40A41F205Z] (codice con errore); D.N.I.: [12.345.678-Z]",
            "Matricule : [884512]",
            "Personalausweis-Nr. [L01X00T47]; Personalausweisnummer [L01X00T47]",
            "Numéro de registre national : [85073003328]",
            "identificado con CC [1.020.345.678] de Bogotá; C.C. [52123456]",
            "Menor con T.I. [1002345678]; tarjeta de identidad [1002345678]",
            "DL# [S530-4417-9921]; License plate [7ABC123]; VIN [1HGCM82633A004352]",
            "Employee ID [448812]; Student ID: [20214455]; Badge number [4471]",
            "Inmate ID [4455667]; booking number [2021-0412033]; Prisoner # [A-554321]",
            "Vaccination card number [12345678]",
            "Nomvula Dlamini, 27, ID [9603150423087], Soweto; service no. [25012345]",
            "CF:[RSSMRA34L15H501Z] cartella",
        ),
        (
            "The employee took 2 tablets; the student 4 days; the badge 3",
            "the inmate 2 doses; booking number 3 of 4; Inmate ID 12; the detainee 2021",
            "DNI en trámite",
            "le matricule du médecin",
            "Infusion run 2 was stopped",
            "RFC 3 noted",
            "drained 500 CC 2 times",
        ),
    ),
    "account": (("Account #: [778-2231-0]",), ("account of the event",)),
    "device": (
        (
            "pacemaker, model W1DR01, serial number [RNB204567S]",
            "Breast implant: Allergan Natrelle 410, serial [16283746]",
            "Device serial #: SN [4C2F-8891-AA]; S/N [123456789]",
            "Marcapasos Medtronic, número de serie [PJN708123R]; n.º de serie [RNZ604213S]",
            "device s/n [4A7Q-22981-K] returned",
            "Stimulateur cardiaque, numéro de série [PJN708123R]; Seriennummer [PJN708123R]",
            "Pacemaker Medtronic, numero di serie [PJN708123R]",
        ),
        (
            "serial ECGs were normal",
            "serial 4-hourly troponins; serial 12-lead ECGs; SN 2 lesions; sn 2 weeks",
            "serial 3 troponins",
            "serial measurements of 2 values",
            "Hospital de León Altos de Nava, s/n 24071 León",  # "sin número": no house number
            "Avda. de Elvas S/N. 06080 Badajoz; Avda. Manuel Siurot S/N. E-41013. Sevilla",
        ),
    ),
}

for _key, _name in ID_KEYS.items():
    _positives, _negatives = _ID_EXAMPLES[_name]
    _ID_RULES.append(
        Rule(
            f"id_{_name}",
            "ID",
            # a key ends at a word's end, or with its "#" or dot ("MR# 445566", "C.F. X")
            rf"(?<=\b(?:{_key})(?:\b|(?<=[\#.])){_SEP})(?:{CODE})(?![\w])",
            _positives,
            _negatives,
            anchor="code",
            after=words(_KEY_ENDS[_name] + " " + _GENERIC),
        )
    )

_US_STATES = (
    "AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|"
    "NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY"
)

_TRAVEL_NUMBER_WORD = r"(?:[ \t]*(?:no\.?|number|nr\.?|n[º°]\.?|\#))?[ \t]*:?[ \t]*"

CODE_RULES: tuple[Rule, ...] = (
    *_ID_RULES,
    Rule(
        "id_flight",
        "ID",
        # a flight's number after its word: an airline's two characters and digits, or three
        # digits or more; not a count of hours or a flight of stairs
        r"(?<=\b(?:flight|flt|vuelo|vol|flug|volo|voo)" + _TRAVEL_NUMBER_WORD + r")"
        r"(?-i:(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])[ \t]?\d{1,4}[A-Z]?|\d{3,4})(?![\w/])"
        r"(?![ \t]*(?:hours?|hrs?|h|minutes?|mins?|days?|times?|weeks?)\b)",
        (
            "Patient flew on Delta flight [DL1234] from Atlanta",
            "Passenger, flight [CA981] from Beijing",
            "on flight [1234] to Paris; vuelo [IB3166] a Madrid; Flug [LH400]",
        ),
        ("flight 2 hours later", "a flight of stairs", "flight attendant", "vol 3", "flight 12"),
        anchor="code",
        after=words("flight flt vuelo vol flug volo voo no no. number nr nº n° #"),
    ),
    Rule(
        "id_docket_shape",
        "ID",
        # an American federal court's docket: office, year, kind of case, number, judges
        r"(?<![\w:])\d{1,2}:\d{2}-(?i:cv|cr|mc|md|bk|ap|mj)-\d{3,6}(?:-(?-i:[A-Z]{2,5}))*(?![\w-])"
        # the Court of Federal Claims' vaccine petitions: year, number and "V", after "No."
        r"|(?=\d{2}-\d{2,5}(?-i:V)(?![\w-]))"
        r"(?<=\b(?i:no\.?|case|petition|docket)[ \t]*(?:\#|(?i:no)\.?)?[ \t]*)\d{2}-\d{2,5}V",
        (
            "Case No. [2:21-cv-01234] was filed",
            "No. [1:20-cv-05678-JMF]",
            "in the Court of Federal Claims, No. [17-1234V].",
        ),
        ("at 2:21 pm", "10:30-12:00", "a 12-15V battery; output 12-240V"),
        anchor="digit",
    ),
    Rule(
        "id_ssn_shape",
        "ID",
        r"(?<![\d-])\d{3}-\d{2}-\d{4}(?![\d-])",
        ("123-45-6789",),
        ("123-456-7890", "2021-01-1234"),
        anchor="ssn",
    ),
    Rule(
        "id_dni_shape",
        "ID",
        r"(?-i:\b[XYZ]?\d{7,8}-?[TRWAGMYFPDXBNJZSQVHLCKE]\b)",
        ("12345678Z", "X1234567L", "dni [12345678-Z] y"),
        ("12345678z", "1234567", "12345678 Z"),
        anchor="dni",
    ),
    Rule(
        "id_personnummer_shape",
        "ID",
        r"\b(?:19|20)?\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[-+]\d{4}\b",
        ("121212-1212", "19121212-1212"),
        ("121312-1212", "12121-1212"),
        anchor="pnr",
    ),
    Rule(
        "postcode_after_key",
        "POSTCODE",
        r"(?<=\b(?:c\.\s?p\.|cp|c[óo]digo\s+postal|cod\.\s*postal|post\s?code|postal\s+code|zip"
        r"(?:\s+code)?|plz|npa(?:\s*/\s*localit[ée])?|code\s+postal|postnummer|cep|(?-i:CAP)(?=\s*[:.]?\s*\d{5}(?!\d))|(?-i:CPA))(?:\s+is)?\s*[:.]?\s*)"
        r"(?:(?<=(?i:cep)\s*[:.]?\s*)\d{8}|\d{3,6}(?:[- ]\d{2,4})?(?:\s(?-i:[A-Z]{2}))?"
        r"|(?-i:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})"
        r"|(?-i:[A-Z]\d[A-Z]\s?\d[A-Z]\d)|(?-i:[A-Z]\d{4}[A-Z]{3}))\b",
        (
            "CP: [33001].",
            "C.P. [28029]",
            "ZIP code [90210-1234]",
            "Postcode: [SW1A 1AA]",
            "My zip code is [3910]",
            "ZIP: [394 13]",
            "ZIP: [7412 SL]",
            "postal code [B0J 2H0].",
            "CEP: [01310-100].",
            "CEP [01310100], São Paulo",
            "CAP [20121] Milano",
            "CPA [C1043AAZ] CABA",
            "NPA/localité : [1950] Sion",
        ),
        (
            "CP: no",
            "zip it",
            "the zip code is unknown",
            "1 cap 500 mg daily",
            "CAP 2019 ATS/IDSA guidelines",
            "500 MG CAP 100 count",
        ),
        anchor="code",
        after=words("cp c.p postal code postcode zip plz postnummer is cep cap cpa npa localité"),
    ),
    Rule(
        "postcode_before_town",
        "POSTCODE",
        r"(?<=^|[\s,(])(?:(?:E|F|D|CH|A)[- ])?\d{5}(?=,?\s+\p{Lu}[\p{Ll}\p{Lu}])"
        r"(?!,?\s+(?-i:[A-Z]{2,}\b))",
        (
            "[46009] Valencia",
            "s/n, [28041], Madrid",
            "Ctra. Tarazona, km 3 [31500] Tudela",
            "s/n [E-21006] Huelva",
            "[75013] Paris",
        ),
        ("12345 IU", "recibió 20000 unidades", "NHC: 12345.", "2004 Madrid"),
        flags=0,
        anchor="postcode",
    ),
    Rule(
        "postcode_us",
        "POSTCODE",
        rf"(?-i:(?<=\b(?:{_US_STATES})\s+)\d{{5}}(?:-\d{{4}})?)\b",
        ("Austin, TX [78701]", "CA [90210-1234]"),
        ("TX 7870", "tx 78701"),
        after=words(_US_STATES.replace("|", " ").lower()),
    ),
    Rule(
        "postcode_uk",
        "POSTCODE",
        r"(?-i:\b(?:[A-Z]{1,2}\d[A-Z\d]?)\s\d[A-Z]{2}\b)",
        ("SW1A 1AA", "London [EC1A 1BB]", "M1 1AE", "Leicester [CR39 3XH]"),
        ("sw1a 1aa", "CD4 count"),
        anchor="upper_code",
    ),
    Rule(
        "postcode_canada",
        "POSTCODE",
        r"(?-i:\b[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \t]\d[ABCEGHJ-NPRSTV-Z]\d\b)",
        ("Mill Village NS [B0J 2H0]", "Toronto, ON [M5V 3L9]"),
        ("A1B2C3", "b0j 2h0", "D0J 2H0", "lot number EW0182"),
        anchor="upper_code",
    ),
    Rule(  # Ireland's Eircode: a routing key, a blank (often left out), four characters of its
        # own alphabet, a letter among them; four digits only after a town (not a lot's key)
        "postcode_ireland",
        "POSTCODE",
        r"(?-i:\b(?:(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t]?(?=[0-9AC-FHKNPRTV-Y]{0,3}[AC-FHKNPRTV-Y])"
        r"[0-9AC-FHKNPRTV-Y]{4}"
        r"|(?<=\p{Lu}\p{Ll}+,[ \t]|\p{Lu}\p{Ll}{2,}[ \t])(?<!(?i:lot|batch|dose)[ \t])"
        r"(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \t]?\d{4})\b)",
        (
            "Sligo [X17 9V03].",
            "Dublin 2, [D02 X285]",
            "Cork [W73 H2AN]",
            "Ville, [K33 F7X3];",
            "Dundalk [W29 K851].",
            "Sligo, [H80X0HN]; tel.",
            "Kori Ville, [P40 4488]; tel.",
            "Cahal Ville, [K52 1782]; tel.",
            "Galway, [F844495]; tel.",
            "73 Mulhern Street, Dublin [V73 0000].",
        ),
        (
            *("D02 1234", "Lot F12 3456", "Batch W29 1234", "x17 9v03", "A65 F4E22"),
            *("V1 dose 2021", "K6195358", "EW0182", "T2N1M0"),
        ),
        anchor="upper_code",
        languages=frozenset({"en"}),
    ),
)


_HEALTH_CARD_KEY = regex.compile(
    r"\b(?:(?i:tarjeta\s+(?:individual\s+)?sanitaria)|TSI|TIS|CIP)" + _SEP
)
_LETTERED_CODE = regex.compile(r"(?-i:[A-Z]{4})[ \t]?\d{2,}(?:[ \t]\d{2,}){0,3}(?![\w])")
"""A Spanish health card's code after its key (:data:`_HEALTH_CARD_KEY`), four letters of the
holder's names before its digits ("Tarjeta sanitaria: MRRZ 4510 1234 56", "TSI: GRMR
1234567890"): the key's code rules start at the digits and left the letters."""


def find_lettered_health_cards(text: str, language: str | None) -> list[RuleHit]:
    """Every code :data:`_LETTERED_CODE` finds right after a key, in Spanish narratives (as
    a rule tried at every number's word it cost 2% of the rules' time on MEDDOCAN)."""
    if language not in (None, "es", "ca", "gl"):
        return []
    found = []
    for key in _HEALTH_CARD_KEY.finditer(text):
        code = _LETTERED_CODE.match(text, key.end())
        if code is not None:
            found.append(RuleHit(*code.span(), "ID", "id_health_card_lettered"))
    return found


HEALTH_CARD_FINDER = Finder(
    "lettered health cards",
    find_lettered_health_cards,
    {"id_health_card_lettered": 0.9},
    (
        "Tarjeta sanitaria: [MRRZ 4510 1234 56].",
        "TSI: [GRMR 1234567890]; CIP: [MRGA 6403 1200]",
    ),
    ("tarjeta sanitaria: con 3 meses", "TSI: 2 veces", "CIP 2021"),
)
