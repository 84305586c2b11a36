"""English narratives: UK, US and Irish spontaneous reports."""

from __future__ import annotations

from collections.abc import Mapping

from deid_studio.synth.pack import LanguagePack, Relation
from deid_studio.synth.scenarios_en import SCENARIOS


def _age(years: int, months: int | None, sex: str) -> Mapping[str, str]:
    if months is not None:
        return {"age_adj": f"{months}-month-old", "age_noun": f"{months} months"}
    unit = "year" if years == 1 else "years"
    return {"age_adj": f"{years}-year-old", "age_noun": f"{years} {unit}", "age_num": str(years)}


_GENDER = {
    "M": {
        "he": "he", "He": "He", "his": "his", "His": "His", "him": "him", "Mr": "Mr",
        "sex_word": "Male", "person_adult": "man", "person_child": "boy",
        "person_infant": "male infant",
    },
    "F": {
        "he": "she", "He": "She", "his": "her", "His": "Her", "him": "her", "Mr": "Mrs",
        "sex_word": "Female", "person_adult": "woman", "person_child": "girl",
        "person_infant": "female infant",
    },
}  # fmt: skip

_HEADER = (
    "Patient: {patient}",
    "Patient name: {patient} ({initials})",
    "Patient initials: {initials}",
    "Date of birth: {dob}",
    "DOB: {dob}",
    "Age: {age_noun}",
    "Sex: {sex_word}",
    "MRN: {mrn}",
    "Hospital number: {mrn}",
    "NHS number: {hid}",
    "Address: {street}, {city} {postcode}",
    "Country: {country}",
    "Reporter: {reporter}, {qual}",
    "Reporter: {reporter_relative} ({rel})",
    "Telephone: {phone}",
    "E-mail: {email}",
    "Hospital: {hospital}",
    "Date received: {recv_date}",
    "Vaccination date: {vax_date}",
    "Therapy start: {start_date}",
    "Suspect product: {drug}, Lot {lot}",
    "Reaction: {term}",
)

_SECTIONS: dict[str, tuple[str, ...]] = {
    "header_end": ("\n\nNarrative:\n", "\n\n", "\n\nCase narrative: ", "\n\nDescription:\n"),
    "opening_hcp": (
        "This spontaneous report was received on {recv_date} from a {qual}, {reporter}, of "
        "{site}, {city}.",
        "A {qual} ({reporter}) reported on {recv_date} that a patient experienced {term} "
        "after {drug}.",
        "Initial information was received from {reporter} ({qual}) at {site} through the "
        "national reporting scheme on {recv_date}.",
        "{reporter}, a {qual} working at {site} in {city}, telephoned the safety centre on "
        "{recv_date}.",
        "Report received from {qual} {reporter} (tel. {phone}) concerning a patient treated "
        "at {site}.",
    ),
    "opening_relative": (
        "This consumer report was submitted on {recv_date} by the patient's {rel}, {relative}.",
        "{relative}, the patient's {rel}, telephoned the centre on {recv_date} to report a "
        "suspected reaction.",
        "The patient's {rel} ({relative}, {email}) reported the following via the online "
        "form on {recv_date}.",
    ),
    "opening_patient": (
        "The patient reported directly to the safety centre on {recv_date} using the online form.",
        "A consumer (the patient) submitted this report on {recv_date} and can be reached on "
        "{phone}.",
        "This report was received from the patient by e-mail ({email}) on {recv_date}.",
    ),
    "intro": (
        "The patient, {patient} ({initials}), is a {age_adj} {person} from {city}, {region}.",
        "{patient} is a {age_adj} {person} (date of birth {dob}, MRN: {mrn}) who lives in {city}.",
        "Patient {initials} ({patient}), aged {age_num}, lives in {city}, {country}.",
        "The report concerns {patient}, a {age_adj} {person} living at {street}, {city} "
        "{postcode}.",
        "{patient} (DOB {dob}), a {age_adj} {person}, is registered at {gp}.",
        "The patient is {Mr} {patient}, aged {age_noun}, of {city}.",
    ),
    "social": (
        "{He} works as {a_profession} at {employer}.",
        "{He} is {a_profession} and lives with {his} {rel}, {relative}, in {city}.",
        "{His} {rel} {relative} is {his} main carer.",
        "{He} is {a_profession} by occupation.",
        "{He} is a {nationality} national and works as {a_profession}.",
        "As a {religion}, {he} declined blood products.",
    ),
    "history_none": (
        "No relevant medical history was reported. Concomitant medications were not reported.",
        "{He} had no known medical conditions and took no regular medicines.",
    ),
    "history": (
        "Medical history included {history} (diagnosed in {hist_year}) and {history2}.",
        "{His} past medical history is significant for {history} since {hist_month}.",
        "Concomitant medication included {conmed} daily and {conmed2}.",
        "Relevant history: {history}; {history2}. No known drug allergies.",
        "{He} had {history} and had been taking {conmed} once daily since {hist_month}.",
    ),
    "exposure_vaccine": (
        "On {vax_date}, {pt} received the {dose_no} dose of {drug} ({dose}, {route}, "
        "{body_site}, Lot {lot}) at {site}.",
        "{Pt} was vaccinated with {drug} (batch {lot}) on {vax_date} at {site}, {city}.",
        "The {dose_no} dose of {drug}, lot number {lot}, {dose} {route}, was administered on "
        "{vax_date}.",
        "{Pt} received {drug} {dose} {route} into the {body_site} on {vax_date} (lot {lot}). "
        "{He} had received the previous dose on {dose1_date} without any reaction.",
    ),
    "exposure_drug": (
        "{Pt} started {drug} {dose} {route} {freq} for {indication} on {start_date} (batch {lot}).",
        "{Drug} {dose} {freq} was prescribed by {physician} for {indication} and started on "
        "{start_date}.",
        "Therapy with {drug} ({dose} {freq}, batch number {lot}) was started on {start_date} "
        "for {indication}; it was dispensed by {pharmacy}.",
    ),
    "care_hospital": (
        "{He} was admitted to {hospital} on {admit_date} under the care of {physician} "
        "(MRN: {mrn}).",
        "{Pt} presented to the emergency department of {hospital}, {city}, on {admit_date} and "
        "was admitted.",
        "{He} was taken by ambulance to {hospital} and admitted on {admit_date}; hospital "
        "number {mrn}.",
        "On {admit_date} {he} was admitted to the acute medical unit at {hospital}.",
    ),
    "care_home": (
        "{He} was seen by {his} GP, {physician}, at {gp} the following day.",
        "{He} did not seek medical attention.",
        "{He} was observed at {site} for two hours and then sent home.",
        "{He} attended {gp} on {onset_date} and was reviewed by {physician}.",
    ),
    "course": (
        "During the admission {he} was monitored on telemetry and reviewed daily by {physician}.",
        "{His} symptoms improved gradually over the following days.",
        "A chest X-ray on admission was unremarkable.",
        "{He} was transferred to the intensive care unit for 48 hours for closer monitoring.",
        "Repeat blood tests 72 hours later showed improvement.",
        "The ward pharmacist reconciled {his} medicines and recorded the suspect product as an "
        "allergy.",
        "{His} {rel}, {relative}, visited daily and noticed that {he} was more confused in the "
        "evenings.",
    ),
    "comment": (
        "The reporter stated that the patient had never reacted to a medicine or vaccine before.",
        "No alternative cause was identified; an infection screen was negative.",
        "The patient had not taken any new over-the-counter or herbal products.",
        "Rechallenge was not performed and is not planned.",
        "The reporter asked whether further doses could be given; advice was provided.",
        "A copy of the discharge letter was attached to the report.",
        "Information on the batch was requested from the marketing authorisation holder.",
    ),
    "outcome_hospital": (
        "{He} was discharged home on {disch_date} and was recovering at the time of the report.",
        "{Pt} was discharged from {hospital} on {disch_date}. Outcome: recovering.",
        "{He} remained in hospital until {disch_date}; the event was reported as resolved "
        "with sequelae.",
        "Discharge date: {disch_date}. The event had not resolved at the time of discharge.",
    ),
    "outcome_inpatient": (
        "{He} remained in hospital at the time of the report.",
        "At the time of reporting {pt} was still an inpatient at {hospital}; the outcome is "
        "unknown.",
        "{He} was still in hospital and was reported as recovering.",
    ),
    "outcome_home": (
        "The outcome of the event was recovered/resolved.",
        "At the time of reporting the event had not resolved.",
        "{He} recovered completely {later_recovery}.",
        "The outcome was reported as recovering.",
    ),
    "extra": (
        "The reporter assessed the event as {causality} related to {drug}.",
        "This case is linked to case {linked} (same patient, earlier report).",
        "The reporter can be contacted on {phone} or at {email}.",
        "Reporter: {reporter_name}, {site}, {street}, {city}, {postcode}; tel. {phone}.",
        "Reporter's GMC number: {licence}.",
        "Duplicate of {linked}, also received from the marketing authorisation holder.",
        "{His} {rel}, {relative}, can be contacted on {phone}.",
        "The patient's NHS number is {hid}.",
        "The reporter agreed to be contacted for follow-up; the patient consented to the "
        "report being shared with the marketing authorisation holder.",
        "Further information (discharge summary, laboratory reports) has been requested.",
    ),
    "fu_opening": (
        "Follow-up information was received on {recv_date} from {reporter} ({qual}). This "
        "report follows up report {case_ref}, initially received on {initial_date}.",
        "Follow-up #{fu_no} received on {recv_date}: additional information was provided by "
        "{reporter}.",
        "This follow-up to case {case_ref} was received on {recv_date} from {relative}, the "
        "patient's {rel}.",
        "FOLLOW-UP ({recv_date}). Linked initial report: {case_ref}.",
    ),
    "fu_intro": (
        "The patient, {patient} ({initials}), was previously reported to have experienced "
        "{term} after {drug} (Lot {lot}).",
        "As previously reported, {patient}, a {age_adj} {person}, developed {term} on "
        "{onset_date} after receiving {drug}.",
        "New information concerns {patient}, whose date of birth was corrected to {dob}.",
    ),
}

_WORDS: dict[str, tuple[str, ...]] = {
    "pt": ("the patient",),
    "article": ("a",),
    "article_vowel": ("an",),
    "route_im": ("intramuscularly", "IM", "intramuscular"),
    "route_sc": ("subcutaneously", "SC", "by subcutaneous injection"),
    "route_oral": ("orally", "by mouth", "PO"),
    "route_iv": ("intravenously", "IV"),
    "freq_od": ("once daily", "daily", "OD"),
    "freq_bid": ("twice daily", "BID", "every 12 hours"),
    "freq_tid": ("three times daily", "TDS"),
    "freq_q6h": ("every 6 hours as needed", "q6h PRN"),
    "freq_weekly": ("once weekly", "weekly"),
    "freq_single": ("once",),
    "body_site": ("left deltoid", "right deltoid", "left arm", "right thigh"),
    "dose_no": ("first", "second", "third", "booster"),
    "ind_covid": ("COVID-19 immunisation",),
    "ind_flu": ("seasonal influenza immunisation",),
    "ind_zoster": ("shingles prevention",),
    "ind_hpv": ("HPV immunisation",),
    "ind_pneumo": ("routine childhood immunisation",),
    "ind_hexa": ("routine childhood immunisation",),
    "ind_mmr": ("routine childhood immunisation",),
    "ind_pain": ("back pain", "post-operative pain", "osteoarthritis pain"),
    "ind_infection": ("community-acquired pneumonia", "a urinary tract infection", "cellulitis"),
    "ind_lipids": ("hypercholesterolaemia", "secondary prevention after a myocardial infarction"),
    "ind_epilepsy": ("focal epilepsy", "trigeminal neuralgia"),
    "ind_gout": ("recurrent gout",),
    "ind_schizophrenia": ("treatment-resistant schizophrenia",),
    "ind_af": ("atrial fibrillation",),
    "ind_vte": ("thromboprophylaxis",),
    "ind_hypertension": ("hypertension",),
    "ind_diabetes": ("type 2 diabetes mellitus",),
    "ind_depression": ("depression", "generalised anxiety disorder"),
    "ind_arthritis": ("rheumatoid arthritis", "psoriatic arthritis"),
    "history": (
        "hypertension",
        "type 2 diabetes",
        "asthma",
        "hypothyroidism",
        "atrial fibrillation",
        "chronic kidney disease stage 3",
        "COPD",
        "depression",
        "obesity (BMI 34)",
        "a previous myocardial infarction",
        "migraine",
        "penicillin allergy",
    ),
    "causality": ("possibly", "probably", "unlikely to be", "definitely"),
    "later_same": (
        "Within 15 minutes",
        "About 30 minutes later",
        "A few hours later",
        "That evening",
    ),
    "later_next": ("The following day", "The next morning", "One day later"),
    "later_days": ("{n} days later", "After {n} days", "Approximately {n} days later"),
    "later_recovery": ("within a week", "after two weeks", "over the following days"),
    "numbers": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    "religion": ("Jehovah's Witness",),
    "nationality": ("Polish", "Romanian", "Portuguese", "Lithuanian", "Nigerian", "Filipino"),
    "hid_GB": ("### ### ####",),
    "licence_GB": ("#######",),
    "licence_US": ("@#####",),
    "linked_GB": ("GB-MHRA-ADR ########", "GB-MHRA-2021-######"),
    "linked_US": ("US-FDA-2021-######", "VAERS 1######"),
    "linked_IE": ("IE-HPRA-2021-######",),
}

PACK = LanguagePack(
    code="en",
    locales=(("en_GB", "GB", 0.55), ("en_US", "US", 0.35), ("en_IE", "IE", 0.10)),
    country_names={
        "GB": ("United Kingdom", "UK"),
        "US": ("United States", "USA"),
        "IE": ("Ireland",),
    },
    places={
        "GB": (
            "Leeds",
            "Bristol",
            "Sheffield",
            "Nottingham",
            "Leicester",
            "Norwich",
            "Derby",
            "Exeter",
            "Plymouth",
            "Cardiff",
            "Swansea",
            "Glasgow",
            "Aberdeen",
            "Dundee",
            "York",
            "Oxford",
            "Cambridge",
            "Brighton",
            "Southampton",
            "Preston",
            "Carlisle",
            "Lincoln",
            "Durham",
            "Stoke-on-Trent",
            "Milton Keynes",
            "Belfast",
            "Inverness",
            "Bath",
        ),
        "US": (
            "Springfield",
            "Dayton",
            "Tulsa",
            "Boise",
            "Fresno",
            "Madison",
            "Omaha",
            "Albany",
            "Columbus",
            "Akron",
            "Tacoma",
            "Reno",
            "Savannah",
            "Knoxville",
            "Spokane",
            "Lansing",
            "Wichita",
            "Eugene",
            "Lubbock",
            "Des Moines",
            "Baton Rouge",
        ),
        "IE": (
            "Cork",
            "Galway",
            "Limerick",
            "Waterford",
            "Dublin",
            "Sligo",
            "Kilkenny",
            "Athlone",
            "Drogheda",
            "Tralee",
            "Letterkenny",
        ),
    },
    gender=_GENDER,
    relations=(
        Relation("husband", "M", "F", True),
        Relation("wife", "F", "M", True),
        Relation("partner", "M", None, True),
        Relation("partner", "F", None, True),
        Relation("daughter", "F", None, True),
        Relation("son", "M", None, True),
        Relation("mother", "F", None, False),
        Relation("father", "M", None, False),
        Relation("sister", "F", None, None),
    ),
    qualifications={
        "physician": (
            "general practitioner",
            "consultant cardiologist",
            "hospital physician",
            "GP",
            "consultant neurologist",
            "emergency physician",
        ),
        "pharmacist": ("community pharmacist", "pharmacist", "locum pharmacist"),
        "nurse": ("practice nurse", "vaccinating nurse", "registered nurse", "nurse"),
    },
    doctor_title={"M": ("Dr", "Dr."), "F": ("Dr", "Dr.")},
    professions=(
        "teacher",
        "bus driver",
        "farmer",
        "accountant",
        "nurse",
        "chef",
        "electrician",
        "software developer",
        "cashier",
        "police officer",
        "retired postman|retired postwoman",
        "hairdresser",
        "care assistant",
        "lorry driver",
        "student",
        "paramedic",
        "army officer",
        "solicitor",
        "cleaner",
        "waiter|waitress",
    ),
    saints=("Mary", "James", "Luke", "Thomas", "Vincent", "Joseph", "Anne", "Patrick"),
    organisations={
        "hospital_GB": (
            "{city} General Hospital",
            "Royal {city} Infirmary",
            "{city} University Hospital",
            "St {saint}'s Hospital",
            "{city} Royal Hospital",
        ),
        "hospital_US": (
            "{city} Medical Center",
            "{saint} Memorial Hospital",
            "{city} Regional Medical Center",
            "Mercy Hospital",
        ),
        "hospital": ("{city} University Hospital", "St {saint}'s Hospital", "Mater Hospital"),
        "gp_US": ("{surname} Family Practice", "{city} Primary Care"),
        "gp": ("{surname} Medical Centre", "The {surname} Surgery", "{city} Health Centre"),
        "pharmacy_US": ("CVS Pharmacy", "Walgreens", "{surname} Drug Store"),
        "pharmacy": ("{surname} Pharmacy", "Boots Pharmacy", "Lloyds Pharmacy"),
        "vaccination_US": (
            "{city} County Health Department",
            "{city} Community Vaccination Center",
        ),
        "vaccination": ("{city} Vaccination Centre", "{city} Leisure Centre vaccination hub"),
        "employer": ("{company}", "{city} City Council", "Tesco", "Royal Mail"),
        "employer_US": ("{company}", "Walmart", "{city} Public Schools"),
    },
    email_domains=("nhs.net", "gmail.com", "hotmail.co.uk", "outlook.com", "yahoo.com"),
    id_formats=("####-##", "@#######", "########", "@@@######"),
    age=_age,
    words=_WORDS,
    scenarios=SCENARIOS,
    header=_HEADER,
    sections=_SECTIONS,
)
