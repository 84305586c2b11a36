"""German narratives, as German and Austrian spontaneous reports tell them."""

from __future__ import annotations

from collections.abc import Mapping

from deid_studio.synth.pack import LanguagePack, Relation, Scenario


def _age(years: int, months: int | None, sex: str) -> Mapping[str, str]:
    if months is not None:
        return {"age_noun": f"{months} Monate"}
    forms = {"age_noun": f"{years} Jahr" if years == 1 else f"{years} Jahre"}
    if years >= 16:  # "ein 67-jähriger Mann", "eine 67-jährige Frau"
        forms["age_adj"] = f"{years}-jähriger" if sex == "M" else f"{years}-jährige"
    return forms


_GENDER = {
    "M": {
        "er": "er", "Er": "Er", "Mr": "Herr", "Der_Pat": "Der Patient",
        "dem_Pat": "dem Patienten", "sex_word": "männlich", "ein": "ein",
        "person_adult": "Mann", "person_child": "Kind", "person_infant": "Säugling",
    },
    "F": {
        "er": "sie", "Er": "Sie", "Mr": "Frau", "Der_Pat": "Die Patientin",
        "dem_Pat": "der Patientin", "sex_word": "weiblich", "ein": "eine",
        "person_adult": "Frau", "person_child": "Kind", "person_infant": "Säugling",
    },
}  # fmt: skip

S = Scenario
_SCENARIOS: dict[str, Scenario] = {
    "anaphylaxis": S(
        "Anaphylaktische Reaktion",
        ("{Later} entwickelte {er} eine generalisierte Urtikaria, Lippenschwellung und Giemen.",),
        ("Gabe von Adrenalin 0,5 mg i.m., Dimetinden 4 mg i.v. und Prednisolon 250 mg i.v.",),
        ("Serumtryptase nach 1 Stunde 28,4 µg/l.",),
    ),
    "syncope": S(
        "Synkope",
        ("{Later} wurde {er} bewusstlos, für etwa 20 Sekunden.",),
        ("Flachlagerung mit angehobenen Beinen; spontane Erholung.",),
        ("Blutzucker 101 mg/dl; EKG: Sinusrhythmus, 58/min.",),
    ),
    "pyrexia": S(
        "Fieber",
        ("{Later} bekam {er} Fieber bis 39,4 °C mit Schüttelfrost und Myalgien.",),
        ("Fiebersenkung mit Paracetamol für zwei Tage.",),
        ("CRP 12 mg/l.",),
    ),
    "injection_site": S(
        "Reaktion an der Injektionsstelle",
        (
            "{Later} zeigte sich eine 8 cm große, gerötete und überwärmte Schwellung an der "
            "Einstichstelle.",
        ),
        ("Kühlung und Cetirizin 10 mg.",),
        ("Keine Laboruntersuchungen.",),
    ),
    "myocarditis": S(
        "Myokarditis",
        (
            "{Later} traten bei {dem_Pat} retrosternale Schmerzen mit Ausstrahlung in den "
            "linken Arm auf.",
            "Am {onset_date} erwachte {er} mit Engegefühl in der Brust und Herzrasen.",
        ),
        ("Behandlung mit Colchicin 0,5 mg zweimal täglich und Ibuprofen 400 mg dreimal täglich.",),
        (
            "Hochsensitives Troponin T 1.254 ng/l (Norm < 14), CRP 48 mg/l; im Kardio-MRT "
            "subepikardiales Late Enhancement.",
        ),
    ),
    "tts": S(
        "Thrombose mit Thrombozytopenie-Syndrom",
        ("{Later} klagte {er} über starke, analgetikaresistente Kopfschmerzen und Erbrechen.",),
        ("Intravenöse Immunglobuline 1 g/kg und Argatroban; keine Thrombozytentransfusion.",),
        (
            "Thrombozyten 23.000/µl, D-Dimere 35 mg/l, Anti-PF4-Antikörper positiv; "
            "Sinusvenenthrombose im CT.",
        ),
    ),
    "dili": S(
        "Arzneimittelbedingter Leberschaden",
        ("{Later} bemerkte {er} einen Ikterus, dunklen Urin und Juckreiz.",),
        ("Das verdächtige Arzneimittel wurde abgesetzt.",),
        ("ALT 1.240 U/l, AP 310 U/l, Bilirubin 5,6 mg/dl; Hepatitisserologie negativ.",),
    ),
    "bleeding": S(
        "Gastrointestinale Blutung",
        ("{Later} hatte {er} Teerstuhl und Schwindel beim Aufstehen.",),
        ("Die Antikoagulation wurde pausiert; Transfusion von zwei Erythrozytenkonzentraten.",),
        ("Hämoglobin-Abfall von 13,2 auf 7,1 g/dl; INR 6,8.",),
    ),
    "agranulocytosis": S(
        "Agranulozytose",
        ("{Later} entwickelte {er} Halsschmerzen, Aphthen und Fieber von 38,7 °C.",),
        ("Piperacillin/Tazobactam 4,5 g i.v. und Filgrastim 5 µg/kg täglich.",),
        ("Neutrophile 100/µl, Leukozyten 1.200/µl.",),
    ),
    "febrile_seizure": S(
        "Fieberkrampf",
        (
            "{Later} bekam das Kind Fieber von 39,8 °C und einen generalisierten Krampfanfall "
            "von 3 Minuten.",
        ),
        ("Der Notarzt gab Midazolam 2,5 mg bukkal.",),
        ("Blutzucker 110 mg/dl; CRP < 5 mg/l.",),
    ),
}

_HEADER = (
    "Patient: {patient}",
    "Name: {patient} ({initials})",
    "Initialen: {initials}",
    "Geburtsdatum: {dob}",
    "Alter: {age_noun}",
    "Geschlecht: {sex_word}",
    "Fallnummer: {mrn}",
    "Versichertennummer: {hid}",
    "Anschrift: {street}, {postcode} {city}",
    "Land: {country}",
    "Melder: {reporter}, {qual}",
    "Telefon: {phone}",
    "E-Mail: {email}",
    "Klinik: {hospital}",
    "Eingangsdatum: {recv_date}",
    "Impfdatum: {vax_date}",
    "Verdächtiges Arzneimittel: {drug}, Ch.-B. {lot}",
)

_SECTIONS: dict[str, tuple[str, ...]] = {
    "header_end": ("\n\nBeschreibung:\n", "\n\n", "\n\nFallbeschreibung: "),
    "opening_hcp": (
        "Meldung vom {recv_date} durch {reporter} ({qual}, {site}, {city}).",
        "{reporter}, {qual} ({site}), meldete am {recv_date} telefonisch ({phone}) einen "
        "Verdachtsfall.",
    ),
    "opening_relative": (
        "Die Meldung erfolgte am {recv_date} durch {relative} ({rel}) über das Meldeportal.",
    ),
    "opening_patient": (
        "{Der_Pat} meldete die Reaktion am {recv_date} selbst über das Meldeportal ({email}).",
    ),
    "intro": (
        "Es handelt sich um {patient} ({initials}), {ein} {age_adj} {person} aus {city} "
        "({region}).",
        "{patient}, geboren am {dob}, {age_noun} alt, wohnhaft {street}, {postcode} {city}.",
        "{Mr} {patient}, {age_noun} alt, in hausärztlicher Betreuung bei {gp}.",
    ),
    "social": (
        "{Er} arbeitet als {profession} bei {employer}.",
        "{Er} ist {profession} von Beruf und lebt mit {relative} ({rel}) in {city}.",
        "{Er} hat die {nationality} Staatsangehörigkeit.",
    ),
    "history_none": ("Keine relevanten Vorerkrankungen.",),
    "history": (
        "Vorerkrankungen: {history} seit {hist_year}, {history2}.",
        "Bekannte {history} seit {hist_month}; Dauermedikation {conmed}.",
    ),
    "exposure_vaccine": (
        "Am {vax_date} erhielt {pt} die {dose_no} Dosis {drug} ({dose} {route}, Ch.-B. {lot}); "
        "Impfstelle: {site}.",
        "Impfung am {vax_date} ({site}, {city}): {drug}, Charge {lot}.",
    ),
    "exposure_drug": (
        "Seit dem {start_date} nahm {pt} {drug} {dose} {freq} wegen {indication} ein "
        "(Ch.-B. {lot}).",
        "{Drug} {dose} {freq} wurde von {physician} wegen {indication} verordnet, Beginn am "
        "{start_date}.",
    ),
    "care_hospital": (
        "Am {admit_date} erfolgte die stationäre Aufnahme in {hospital} (Fallnummer {mrn}).",
        "{Pt} stellte sich am {admit_date} in der Notaufnahme von {hospital} vor und wurde "
        "stationär aufgenommen; behandelnder Arzt {physician}.",
    ),
    "care_home": (
        "Am Folgetag Vorstellung bei {physician} in {gp}.",
        "Eine ärztliche Behandlung war nicht erforderlich.",
    ),
    "outcome_hospital": (
        "Entlassung am {disch_date} in gebessertem Zustand.",
        "{Pt} wurde am {disch_date} aus {hospital} entlassen.",
    ),
    "outcome_inpatient": (
        "Zum Zeitpunkt der Meldung befand sich {pt} noch in stationärer Behandlung.",
    ),
    "outcome_home": ("Ausgang: wiederhergestellt.", "Die Symptome klangen {later_recovery} ab."),
    "extra": (
        "Kausalität laut Melder: {causality}.",
        "Verknüpft mit Fall {linked} (gleicher Patient, frühere Meldung).",
        "Kontakt des Melders: {phone}, {email}.",
        "LANR des Melders: {licence}.",
    ),
    "fu_opening": (
        "Follow-up vom {recv_date} durch {reporter} ({qual}) zum Fall {case_ref}, "
        "Erstmeldung vom {initial_date}.",
        "NACHMELDUNG Nr. {fu_no} ({recv_date}) zu Fall {case_ref}.",
    ),
    "fu_intro": (
        "Wie berichtet, entwickelte {patient} ({initials}) nach {drug} (Ch.-B. {lot}) "
        "folgende Reaktion: {term}.",
        "Neue Informationen zu {patient}, {age_noun} alt.",
    ),
}

_WORDS: dict[str, tuple[str, ...]] = {
    "pt": ("der Patient|die Patientin",),
    "route_im": ("i.m.", "intramuskulär"),
    "route_sc": ("s.c.", "subkutan"),
    "route_oral": ("p.o.", "oral"),
    "route_iv": ("i.v.",),
    "freq_od": ("einmal täglich", "1-0-0"),
    "freq_bid": ("zweimal täglich", "1-0-1"),
    "freq_tid": ("dreimal täglich", "1-1-1"),
    "freq_q6h": ("bis zu viermal täglich",),
    "freq_weekly": ("einmal wöchentlich",),
    "freq_single": ("einmalig",),
    "body_site": ("linker Oberarm", "rechter Oberarm"),
    "dose_no": ("erste", "zweite", "dritte", "vierte"),
    "history": (
        "arterielle Hypertonie",
        "Diabetes mellitus Typ 2",
        "Asthma bronchiale",
        "Vorhofflimmern",
        "Depression",
        "COPD",
    ),
    "conmeds": ("Ramipril 5 mg", "Pantoprazol 40 mg", "L-Thyroxin 75 µg", "Bisoprolol 5 mg"),
    "causality": ("möglich", "wahrscheinlich", "unwahrscheinlich"),
    "later_same": ("Innerhalb von 15 Minuten", "Etwa 30 Minuten später", "Am selben Abend"),
    "later_next": ("Am nächsten Tag", "Am Folgetag"),
    "later_days": ("{n} Tage später", "Nach {n} Tagen"),
    "later_recovery": ("innerhalb einer Woche", "nach wenigen Tagen"),
    "numbers": ("null", "ein", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"),
    "nationality": ("polnische", "türkische", "kroatische"),
    "hid_DE": ("@#########",),
    "licence_DE": ("#########",),
    "linked_DE": ("DE-PEI-2021-######", "DE-BfArM-21-######"),
    "linked_AT": ("AT-BASG-2021-#####",),
    "name:oxycodone/paracetamol": ("Oxycodon/Paracetamol",),
    "name:amoxicillin/clavulanic acid": ("Amoxicillin/Clavulansäure",),
    "name:atorvastatin": ("Atorvastatin",),
    "name:clozapine": ("Clozapin",),
    "name:metamizole": ("Metamizol",),
    "name:warfarin": ("Phenprocoumon",),
    "name:apixaban": ("Apixaban",),
    "name:enoxaparin": ("Enoxaparin",),
    "name:ceftriaxone": ("Ceftriaxon",),
    "name:ciprofloxacin": ("Ciprofloxacin",),
    "name:methotrexate": ("Methotrexat",),
    **{
        f"ind_{k}": (v,)
        for k, v in {
            "covid": "COVID-19-Impfung",
            "flu": "Grippeimpfung",
            "zoster": "Gürtelrose-Prophylaxe",
            "hpv": "HPV-Impfung",
            "pneumo": "Grundimmunisierung",
            "hexa": "Grundimmunisierung",
            "mmr": "Grundimmunisierung",
            "pain": "Rückenschmerzen",
            "infection": "Pneumonie",
            "lipids": "Hypercholesterinämie",
            "epilepsy": "Epilepsie",
            "gout": "Gicht",
            "schizophrenia": "Schizophrenie",
            "af": "Vorhofflimmern",
            "vte": "Thromboseprophylaxe",
            "hypertension": "Hypertonie",
            "diabetes": "Diabetes mellitus",
            "depression": "Depression",
            "arthritis": "rheumatoider Arthritis",
        }.items()
    },
}

PACK = LanguagePack(
    code="de",
    locales=(("de_DE", "DE", 0.8), ("de_AT", "AT", 0.2)),
    country_names={"DE": ("Deutschland",), "AT": ("Österreich",)},
    places={},
    gender=_GENDER,
    relations=(
        Relation("Ehemann", "M", "F", True),
        Relation("Ehefrau", "F", "M", True),
        Relation("Tochter", "F", None, True),
        Relation("Sohn", "M", None, True),
        Relation("Mutter", "F", None, False),
        Relation("Vater", "M", None, False),
    ),
    qualifications={
        "physician": ("Hausarzt|Hausärztin", "Kardiologe|Kardiologin", "Notarzt|Notärztin"),
        "pharmacist": ("Apotheker|Apothekerin",),
        "nurse": ("Pflegekraft", "Krankenpfleger|Krankenschwester"),
    },
    doctor_title={"M": ("Dr.",), "F": ("Dr.",)},
    professions=(
        "Lehrer|Lehrerin",
        "Landwirt|Landwirtin",
        "Buchhalter|Buchhalterin",
        "Krankenpfleger|Krankenschwester",
        "Bäcker|Bäckerin",
        "Lkw-Fahrer",
        "Rentner|Rentnerin",
        "Student|Studentin",
        "Elektriker|Elektrikerin",
    ),
    saints=("Marien", "Elisabeth", "Josef", "Vincenz", "Franziskus"),
    organisations={
        "hospital": (
            "Universitätsklinikum {city}",
            "Klinikum {city}",
            "St.-{saint}-Krankenhaus",
            "Städtisches Klinikum {city}",
        ),
        "gp": ("Hausarztpraxis {surname}", "Praxis Dr. {surname}", "MVZ {city}"),
        "pharmacy": ("{saint}-Apotheke", "Apotheke am Markt", "Löwen-Apotheke"),
        "vaccination": ("Impfzentrum {city}",),
        "employer": ("{company}", "Stadtverwaltung {city}", "Deutsche Bahn"),
    },
    email_domains=("t-online.de", "gmx.de", "web.de", "uniklinik-freiburg.de", "gmx.at"),
    id_formats=("########", "##########"),
    age=_age,
    words=_WORDS,
    scenarios=_SCENARIOS,
    header=_HEADER,
    sections=_SECTIONS,
)
