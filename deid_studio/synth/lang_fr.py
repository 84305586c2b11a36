"""French narratives, as a regional pharmacovigilance centre (CRPV) receives them."""

from __future__ import annotations

from collections.abc import Mapping

from deid_studio.synth.pack import LanguagePack, Relation, Scenario


def _age(years: int, months: int | None, sex: str) -> Mapping[str, str]:
    if months is not None:
        return {"age_noun": f"{months} mois"}
    return {"age_noun": f"{years} an" if years == 1 else f"{years} ans"}


_GENDER = {
    "M": {
        "il": "il", "Il": "Il", "e": "", "Mr": "M.", "Le_patient": "Le patient",
        "du_patient": "du patient", "sex_word": "Masculin", "un_person_adult": "un homme",
        "un_person_child": "un garçon", "un_person_infant": "un nourrisson",
    },
    "F": {
        "il": "elle", "Il": "Elle", "e": "e", "Mr": "Mme", "Le_patient": "La patiente",
        "du_patient": "de la patiente", "sex_word": "Féminin", "un_person_adult": "une femme",
        "un_person_child": "une fille", "un_person_infant": "un nourrisson",
    },
}  # fmt: skip

S = Scenario
_SCENARIOS: dict[str, Scenario] = {
    "anaphylaxis": S(
        "Réaction anaphylactique",
        (
            "{Later}, {il} a présenté une urticaire généralisée, un œdème des lèvres et une "
            "dyspnée sifflante.",
        ),
        ("Adrénaline 0,5 mg IM, dexchlorphéniramine 5 mg IV et méthylprednisolone 80 mg IV.",),
        ("Tryptase sérique à 1 heure : 28,4 µg/L.",),
    ),
    "syncope": S(
        "Syncope",
        ("{Later}, {il} a présenté un malaise avec perte de connaissance d'environ 20 secondes.",),
        ("Mise en décubitus, jambes surélevées ; récupération spontanée.",),
        ("Glycémie capillaire 5,6 mmol/L ; ECG : rythme sinusal à 58/min.",),
    ),
    "pyrexia": S(
        "Fièvre",
        ("{Later}, {il} a présenté une fièvre à 39,4 °C avec frissons et myalgies.",),
        ("Paracétamol pendant deux jours.",),
        ("CRP 12 mg/L.",),
    ),
    "injection_site": S(
        "Réaction au site d'injection",
        ("{Later}, une plaque rouge, chaude et indurée de 8 cm est apparue au point d'injection.",),
        ("Application de froid et cétirizine 10 mg.",),
        ("Aucun bilan biologique n'a été réalisé.",),
    ),
    "myocarditis": S(
        "Myocardite",
        (
            "{Later}, {il} a présenté une douleur thoracique constrictive irradiant dans le "
            "bras gauche.",
            "Le {onset_date}, {il} s'est réveillé{e} avec une oppression thoracique et des "
            "palpitations.",
        ),
        ("Traitement par colchicine 1 mg/j et ibuprofène 400 mg trois fois par jour.",),
        (
            "Troponine T hypersensible 1 254 ng/L (N < 14), CRP 48 mg/L ; IRM cardiaque : "
            "rehaussement tardif sous-épicardique.",
        ),
    ),
    "tts": S(
        "Syndrome de thrombose avec thrombocytopénie",
        (
            "{Later}, {il} a présenté des céphalées intenses résistantes aux antalgiques et des "
            "vomissements.",
        ),
        ("Immunoglobulines IV 1 g/kg et argatroban ; pas de transfusion plaquettaire.",),
        (
            "Plaquettes 23 G/L, D-dimères 35 000 ng/mL, anticorps anti-PF4 positifs ; "
            "thrombose veineuse cérébrale à l'angioscanner.",
        ),
    ),
    "dili": S(
        "Atteinte hépatique médicamenteuse",
        ("{Later}, {il} a présenté un ictère, des urines foncées et un prurit.",),
        ("Arrêt du médicament suspect.",),
        ("ALAT 1 240 UI/L, PAL 310 UI/L, bilirubine 96 µmol/L ; sérologies virales négatives.",),
    ),
    "bleeding": S(
        "Hémorragie digestive",
        ("{Later}, {il} a présenté un méléna et un malaise au lever.",),
        ("Arrêt de l'anticoagulant et transfusion de deux culots globulaires.",),
        ("Hémoglobine passée de 13,2 à 7,1 g/dL ; INR 6,8.",),
    ),
    "agranulocytosis": S(
        "Agranulocytose",
        ("{Later}, {il} a présenté une angine, des aphtes et une fièvre à 38,7 °C.",),
        ("Pipéracilline/tazobactam 4 g IV et filgrastim 5 µg/kg/j.",),
        ("Polynucléaires neutrophiles 0,1 G/L, leucocytes 1,2 G/L.",),
    ),
    "febrile_seizure": S(
        "Convulsion fébrile",
        (
            "{Later}, l'enfant a présenté une fièvre à 39,8 °C et une crise tonico-clonique "
            "généralisée de 3 minutes.",
        ),
        ("Midazolam buccal 2,5 mg administré par le SAMU.",),
        ("Glycémie 6,1 mmol/L ; CRP < 5 mg/L.",),
    ),
}

_HEADER = (
    "Patient : {patient}",
    "Nom du patient : {patient} ({initials})",
    "Initiales : {initials}",
    "Date de naissance : {dob}",
    "Âge : {age_noun}",
    "Sexe : {sex_word}",
    "IPP : {mrn}",
    "NIR : {hid}",
    "Adresse : {street}, {postcode} {city}",
    "Pays : {country}",
    "Déclarant : {reporter}, {qual}",
    "Téléphone : {phone}",
    "Courriel : {email}",
    "Établissement : {hospital}",
    "Date de réception : {recv_date}",
    "Date de vaccination : {vax_date}",
    "Produit suspect : {drug}, lot {lot}",
)

_SECTIONS: dict[str, tuple[str, ...]] = {
    "header_end": ("\n\nDescription :\n", "\n\n", "\n\nRésumé du cas : "),
    "opening_hcp": (
        "Déclaration reçue le {recv_date} de {reporter}, {qual} à {site} ({city}).",
        "{reporter}, {qual}, a contacté le CRPV par téléphone le {recv_date} ({phone}).",
    ),
    "opening_relative": (
        "Déclaration faite le {recv_date} par {relative}, {rel} {du_patient}, via le portail "
        "de signalement.",
    ),
    "opening_patient": (
        "{Le_patient} a déclaré directement l'effet indésirable le {recv_date} via le portail "
        "de signalement ({email}).",
    ),
    "intro": (
        "{patient} ({initials}) est {un_person} de {age_noun} domicilié{e} à {city} ({region}).",
        "{Le_patient}, {patient}, {age_noun}, habite à {city}, {country}.",
        "{patient}, né{e} le {dob}, {age_noun}, habite {street}, {postcode} {city}.",
        "{Mr} {patient}, {age_noun}, suivi{e} à {gp}.",
    ),
    "social": (
        "{Il} est {profession} chez {employer}.",
        "{Il} est {profession} et vit avec son {rel}, {relative}, à {city}.",
        "{Il} est de nationalité {nationality}.",
    ),
    "history_none": ("Pas d'antécédent notable.",),
    "history": (
        "Antécédents : {history} depuis {hist_year} et {history2}.",
        "Antécédents de {history} depuis {hist_month}. Traitement habituel : {conmed}.",
    ),
    "exposure_vaccine": (
        "Le {vax_date}, {pt} a reçu la {dose_no} dose de {drug} ({dose}, voie {route}, "
        "lot {lot}) à {site}.",
        "{Pt} a été vacciné{e} par {drug} (lot {lot}) le {vax_date} à {site}, {city}.",
    ),
    "exposure_drug": (
        "{Pt} a débuté {drug} {dose} {freq} pour {indication} le {start_date} (lot {lot}).",
        "{Drug} {dose} {freq} a été prescrit par {physician} pour {indication} à partir du "
        "{start_date}.",
    ),
    "care_hospital": (
        "{Il} a été hospitalisé{e} le {admit_date} ; établissement : {hospital} ; médecin : "
        "{physician} (IPP {mrn}).",
        "{Pt} a consulté aux urgences ({hospital}) le {admit_date} et a été hospitalisé{e}.",
    ),
    "care_home": (
        "{Il} a consulté son médecin traitant, {physician}, le lendemain.",
        "Aucune consultation médicale n'a été nécessaire.",
    ),
    "outcome_hospital": (
        "Sortie le {disch_date} ; évolution favorable.",
        "{Pt} a quitté l'hôpital le {disch_date}, en voie de guérison.",
    ),
    "outcome_inpatient": ("{Il} était toujours hospitalisé{e} au moment de la déclaration.",),
    "outcome_home": (
        "Évolution : guérison sans séquelle.",
        "Évolution favorable {later_recovery}.",
    ),
    "extra": (
        "Imputabilité selon le déclarant : {causality}.",
        "Cas lié au cas {linked} (même patient, déclaration antérieure).",
        "Coordonnées du déclarant : {phone}, {email}.",
        "Numéro RPPS du déclarant : {licence}.",
    ),
    "fu_opening": (
        "Suivi reçu le {recv_date} de {reporter} ({qual}), complétant le cas {case_ref} reçu "
        "le {initial_date}.",
        "SUIVI n° {fu_no} ({recv_date}) du cas {case_ref}.",
    ),
    "fu_intro": (
        "Pour rappel, {patient} ({initials}) a présenté après {drug} (lot {lot}) l'effet "
        "suivant : {term}.",
        "Nouvelles informations concernant {patient}, {age_noun}.",
    ),
}

_WORDS: dict[str, tuple[str, ...]] = {
    "pt": ("le patient|la patiente",),
    "route_im": ("intramusculaire",),
    "route_sc": ("sous-cutanée",),
    "route_oral": ("orale",),
    "route_iv": ("intraveineuse",),
    "freq_od": ("une fois par jour",),
    "freq_bid": ("deux fois par jour",),
    "freq_tid": ("trois fois par jour",),
    "freq_q6h": ("toutes les 6 heures si besoin",),
    "freq_weekly": ("une fois par semaine",),
    "freq_single": ("en dose unique",),
    "body_site": ("deltoïde gauche", "deltoïde droit"),
    "dose_no": ("première", "deuxième", "troisième", "quatrième"),
    "history": (
        "hypertension artérielle",
        "diabète de type 2",
        "asthme",
        "hypothyroïdie",
        "fibrillation atriale",
        "dépression",
        "BPCO",
    ),
    "conmeds": ("ramipril 5 mg", "oméprazole 20 mg", "lévothyroxine 75 µg", "bisoprolol 5 mg"),
    "causality": ("plausible", "vraisemblable", "douteuse"),
    "later_same": ("Dans les 15 minutes", "Environ 30 minutes plus tard", "Le soir même"),
    "later_next": ("Le lendemain",),
    "later_days": ("{n} jours plus tard", "Après {n} jours"),
    "later_recovery": ("en une semaine", "en quelques jours"),
    "numbers": ("zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
    "nationality": ("portugaise", "algérienne", "roumaine"),
    "hid_FR": ("# ## ## ## ### ### ##",),
    "licence_FR": ("###########",),
    "linked_FR": ("FR-ANSM-2021-######", "CRPV ######"),
    "name:oxycodone/paracetamol": ("oxycodone/paracétamol",),
    "name:amoxicillin/clavulanic acid": ("amoxicilline/acide clavulanique",),
    "name:atorvastatin": ("atorvastatine",),
    "name:clozapine": ("clozapine",),
    "name:metamizole": ("métamizole",),
    "name:warfarin": ("warfarine",),
    "name:enoxaparin": ("énoxaparine",),
    "name:ceftriaxone": ("ceftriaxone",),
    "name:ciprofloxacin": ("ciprofloxacine",),
    "name:methotrexate": ("méthotrexate",),
    **{
        f"ind_{k}": (v,)
        for k, v in {
            "covid": "la vaccination contre la COVID-19",
            "flu": "la grippe saisonnière",
            "zoster": "la prévention du zona",
            "hpv": "la vaccination HPV",
            "pneumo": "le calendrier vaccinal",
            "hexa": "le calendrier vaccinal",
            "mmr": "le calendrier vaccinal",
            "pain": "des lombalgies",
            "infection": "une pneumonie",
            "lipids": "une hypercholestérolémie",
            "epilepsy": "une épilepsie",
            "gout": "une goutte",
            "schizophrenia": "une schizophrénie",
            "af": "une fibrillation atriale",
            "vte": "une prophylaxie thromboembolique",
            "hypertension": "une hypertension",
            "diabetes": "un diabète de type 2",
            "depression": "une dépression",
            "arthritis": "une polyarthrite rhumatoïde",
        }.items()
    },
}

PACK = LanguagePack(
    code="fr",
    locales=(("fr_FR", "FR", 1.0),),
    country_names={"FR": ("France",)},
    places={
        "FR": (
            "Lyon",
            "Toulouse",
            "Nantes",
            "Bordeaux",
            "Lille",
            "Rennes",
            "Reims",
            "Grenoble",
            "Dijon",
            "Angers",
            "Nîmes",
            "Limoges",
            "Tours",
            "Amiens",
            "Metz",
            "Besançon",
            "Perpignan",
            "Orléans",
            "Rouen",
            "Caen",
            "Brest",
            "Poitiers",
            "Pau",
            "Clermont-Ferrand",
        )
    },
    gender=_GENDER,
    relations=(
        Relation("mari", "M", "F", True),
        Relation("épouse", "F", "M", True),
        Relation("fille", "F", None, True),
        Relation("fils", "M", None, True),
        Relation("mère", "F", None, False),
        Relation("père", "M", None, False),
    ),
    qualifications={
        "physician": ("médecin généraliste", "cardiologue", "urgentiste"),
        "pharmacist": ("pharmacien d'officine|pharmacienne d'officine",),
        "nurse": ("infirmier|infirmière",),
    },
    doctor_title={"M": ("Dr",), "F": ("Dr",)},
    professions=(
        "enseignant|enseignante",
        "agriculteur|agricultrice",
        "comptable",
        "infirmier|infirmière",
        "boulanger|boulangère",
        "chauffeur routier",
        "retraité|retraitée",
        "étudiant|étudiante",
        "aide-soignant|aide-soignante",
    ),
    saints=("Saint-Louis", "Sainte-Anne", "Saint-Joseph", "Pasteur", "Sainte-Marguerite"),
    organisations={
        "hospital": ("CHU de {city}", "Centre hospitalier de {city}", "Hôpital {saint}"),
        "gp": ("Maison de santé de {city}", "Cabinet médical {saint}"),
        "pharmacy": ("Pharmacie {surname}", "Pharmacie du Centre", "Pharmacie de la Gare"),
        "vaccination": ("Centre de vaccination de {city}",),
        "employer": ("{company}", "Mairie de {city}", "La Poste", "SNCF"),
    },
    email_domains=("orange.fr", "gmail.com", "chu-lyon.fr", "free.fr"),
    id_formats=("########", "##@#####"),
    age=_age,
    words=_WORDS,
    scenarios=_SCENARIOS,
    header=_HEADER,
    sections=_SECTIONS,
)
