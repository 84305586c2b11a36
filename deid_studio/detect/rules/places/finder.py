"""The place finder: :func:`find_places` runs every family in its order (keyed fields
first, the gazetteer after the rules that know more, then what reads the hits found: a town
in brackets after them, a town's prefix, a ZIP code after a town), declares the families'
cue words, and :data:`PLACE_FINDER` holds its rules' examples.
"""

from __future__ import annotations

from deid_studio.detect.rules.base import Finder, RuleHit
from deid_studio.detect.rules.places.address_continued import _continued
from deid_studio.detect.rules.places.admissions import (
    _ADMISSION,
    _DATED_ADMISSION,
    _after_admissions,
)
from deid_studio.detect.rules.places.common import RULES
from deid_studio.detect.rules.places.fields import _FIELDS, _fields, pharmacy_fields
from deid_studio.detect.rules.places.gazetteer import (
    _CITY_NICKNAME_HINTS,
    _CITY_NICKNAMES,
    _COUNTY_TYPED_HINTS,
    _DOTTED_US,
    _DOTTED_US_HINTS,
    _counties,
    _gazetteer,
    _lower_case_care,
    _lower_case_towns,
    _typed_counties,
)
from deid_studio.detect.rules.places.health_systems import known_institutions, towns_general
from deid_studio.detect.rules.places.institutions import (
    _CHAINS,
    _GENERIC_HOSPITAL,
    _INSTITUTION_PREFIXED,
    _INSTITUTION_QUOTED,
    _ROOM,
    _SAINT_POSSESSIVE,
    _SUFFIX_TRIGGERS,
    STORE_NUMBER_ALONE,
    STORE_TRIGGERS,
    _institutions,
    stores,
)
from deid_studio.detect.rules.places.military import military_places
from deid_studio.detect.rules.places.organisations import (
    _EMPLOYER,
    _EMPLOYER_AFTER_JOB,
    _LEGAL_TRIGGERS,
    _ORGANISATION_NAMED,
    _manufacturers,
)
from deid_studio.detect.rules.places.postcodes import _towns, _zips_after_towns
from deid_studio.detect.rules.places.streets import (
    _GRID_ADDRESS,
    _SN,
    _SN_HINTS,
    _STREET_NUMBERED_ANY,
    _UNIT,
    _street_prefixed,
    _streets,
)
from deid_studio.detect.rules.places.towns import (
    _FRENCH_COMPOUND_TOWN,
    _PLACE_PHRASE,
    _TOWN_THEN_REGION,
    _after_phrases,
    _bracketed_towns,
    _of_towns,
    _towns_with_regions,
    _with_prefixes,
    districts,
    towns_in_lower_case,
)
from deid_studio.detect.rules.words import lexicon, register_triggers, word_index


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    families = [
        _INSTITUTION_PREFIXED,
        _INSTITUTION_QUOTED,
        _ORGANISATION_NAMED,
        _GENERIC_HOSPITAL,
        _ROOM,
        _UNIT,
        _STREET_NUMBERED_ANY,
        _GRID_ADDRESS,
        _EMPLOYER,
        _EMPLOYER_AFTER_JOB,
        _PLACE_PHRASE,
        _TOWN_THEN_REGION,
        _SAINT_POSSESSIVE,
        *_ADMISSION.values(),
        _DATED_ADMISSION,
        *(f for _, _, f in _FIELDS),
    ]
    prefixed = _street_prefixed(language)
    if prefixed is not None:
        families.append(prefixed)
    words = {t for family in families for t in family.triggers}
    stores = STORE_TRIGGERS if language in (None, "en") else frozenset()
    return frozenset(words | _SUFFIX_TRIGGERS | _LEGAL_TRIGGERS | stores)


def find_places(text: str, language: str | None) -> list[RuleHit]:
    """Every street, town, country, institution and room the place rules find."""
    index = word_index(text, language)
    lex = lexicon(language)
    found = list(_fields(text, index))
    found += pharmacy_fields(text)
    found += _streets(text, language, index)
    found += _institutions(text, language, index, lex)
    found += (RuleHit(*m.span(), "INSTITUTION", "pharmacy_chain") for m in _CHAINS.finditer(text))
    if "Store" in text or "STORE" in text:
        found += (
            RuleHit(*m.span(), "INSTITUTION", "pharmacy_chain")
            for m in STORE_NUMBER_ALONE.finditer(text)
        )
    found += known_institutions(text, index)
    found += towns_general(text, language)
    found += military_places(text, language, index)
    found += stores(text, language, index)
    found += _manufacturers(text, language, lex)
    found += _continued(text, found, lex, language)
    found += _towns(text, language, lex)
    found += _after_phrases(text, index, lex, language)
    found += towns_in_lower_case(text, language, lex)
    found += districts(text, lex)
    found += _towns_with_regions(text, language, index, lex)
    found += _of_towns(text, language, lex)
    if language in (None, "fr"):
        found += (
            RuleHit(*m.span(), "CITY", "town_compound")
            for m in _FRENCH_COMPOUND_TOWN.finditer(text)
        )
    if any(hint in text for hint in _DOTTED_US_HINTS):
        found += (
            RuleHit(*m.span(), "COUNTRY", "place_gazetteer") for m in _DOTTED_US.finditer(text)
        )
    if language in (None, "en") and any(hint in text for hint in _CITY_NICKNAME_HINTS):
        found += (
            RuleHit(*m.span(), "CITY", "place_gazetteer") for m in _CITY_NICKNAMES.finditer(text)
        )
    if language in (None, "en") and ("County" in text or "Parish" in text or "Borough" in text):
        found += _counties(text, lex)
    if language in (None, "en") and any(hint in text for hint in _COUNTY_TYPED_HINTS):
        found += _typed_counties(text, lex)
    if language in (None, "es") and any(hint in text for hint in _SN_HINTS):
        found += (RuleHit(*m.span(), "STREET", "street_no_number") for m in _SN.finditer(text))
    found += _gazetteer(text, language, lex)
    found += _lower_case_towns(text, language, lex)
    found += _lower_case_care(text, language, lex)
    found += _bracketed_towns(text, found, lex, language)
    found = _with_prefixes(text, found)
    found += _zips_after_towns(text, found)
    found += _after_admissions(text, index, language)  # a town the rules read wins a tie
    return found


PLACE_FINDER = Finder(
    "places",
    find_places,
    RULES,
    (
        "Domicilio: [Calle Carmen Romero, 23, 1D].",
        "Domicilio: [C. Jaime Quintero 77]",
        "living at [Flat 2], [Chloe Turnpike], [Jadeville]",
        "con domicilio en [Cuesta Vito Antúnez 1] [Apt. 00], [33285]",
        "con domicilio en [Vial Jacinta Bueno 179]; le dieron 1 VIAL ALBUTEROL VIA NEB 1",
        "Domicilio: [C. de Loida Franco 19], [33168]; en [C. Leire Mármol 33] [Piso 7]",
        "Domicilio: [Av. del puerto 177, 2, 1].\nLocalidad/ Provincia: [Cdad. Real].",
        "Domicilio: [C BIZKARRETA, 1. Bajo A].\nDomicilio: [Carrer del Dr. Trueta, 16, 3, A].",
        "Remitido por: [Avda Santiago Bernabeu, 4 5º - 4], [28036] [Madrid]",
        "en [Av. Valderrey, 35 7o dcha]; en [C/ Lope de Vega 3, bajo izq]; en [Ctra. Málaga"
        " n.o 119]",
        "en [Av. Galaxia 6, esc. 2, 2ºb]; en [Pz de Pontevedra,2, Ed.ICA, Esc.2a,5ºC]",
        "en [Avda. Martín Lagos, s/n] C.P.; equipo S/N: 4471; la relación s/n; Noche s/n.",
        "(Allergan, [Irvine], California, [EE.UU.]); [San Leandro], California, [USA].",
        "Reside en [La Habana]. Nació en mayo.",
        "Betreuung bei [MVZ Krems an der Donau]; aus [Universitätsklinikum Waidhofen an der"
        " Ybbs] am Montag entlassen; im [Klinikum Sankt Johann im Pongau] aufgenommen",
        "registered at [Lee Medical Centre].",
        "who lives in [East Philipside]. He",
        "who lives in [South Trevor] [15600]. He",
        "a 27-year-old woman from [Port Crystal], [Illinois]. She",
        "un homme de 77 ans domicilié à [Pages] ([Franche-Comté]).",
        "a 29-year-old woman who lives in [Woodville].\nShe is a teacher",
        "who lives in [O'Sullivanberg]. Mrs Tracey Fleming, aged 55, of [O'Brienville].",
        "Le patient, 28 ans, habite à [De Sousanec], [France]. M.",
        "Le patient, 38 ans, habite à [Cousin], [France]. Ciprofloxacine",
        "She is a nurse and lives with her son, Richard, in [Jonesport]. She had",
        "ein 28-jähriger Mann aus [Drosendorf-Zissersdorf] ([Salzburg]). Er ist",
        "living at [Flat 6], Newton Fall, [Geoffreyville] W5W 5NN. Medical",
        "Domicilio: [Calle de Teresita Pizarro 44 Apt. 95]\nSexo",
        "Comunidad autónoma: [Cantabria]\n",
        "Ingresó en [Hospital La Fe] el 2021-05-23",
        "Wheeled to the ED, [room 505] at 10:41",
        "trabaja en [Ayuntamiento de Teruel]. Antecedentes",
        "works for [Leeds City Council] as",
        "the [Cuyahoga County] Medical Examiner; Circuit Court of [Cook County]",
        "the [County of Los Angeles] coroner; lives in [NYC]; flew back to [Philly]",
        "She works as a lorry driver at [Tesco]. Her husband",
        "Trabaja como cajera en [El Corte Inglés]. Antecedentes",
        "Er arbeitet als Buchhalter bei [Deutsche Bahn]. Bekannte",
        "transferred from [st. mary's] with",
        "seen at [St Jude's] for",
        "daughter lives in [california]",
        "lives in [quincy], [ma] with",
        "pt lives alone in [dorchester]; discharged to home in [brockton]; she is from [Boston]",
        "lives in [CA].",
        "He is from [Quincy], [MA].",
        "Localidad/ Provincia: [Madrid].",
        "País: [España].",
        "en el [Paseo de la Castellana, 261]. 28046 [Madrid]",
        "[C/ Irunlarrea, 3]",
        "Address: [77 W. 5th St., Apt. 12, Yuma, AZ 85364]",
        "[Avda. de França, s/n]",
        "il habite [54, rue Lefebvre] depuis",
        "demeurant [14 bis avenue des Tilleuls] à",
        "wohnhaft in der [Hauptstraße 12a], [01188] [Dresden]",
        "Herrn Dr. Fischer\n[Am Mühlbach 3a]\n[79211] [Denzlingen]",
        "Hausarzt: Dr. Fiedler, [Am Markt 3], [09111] [Chemnitz]",
        "wohnhaft [Unter den Linden 77], [10117] [Berlin]",
        "wohnhaft [Dussen vanplatz 254], [65080] [Groß-Gerau]. Er",
        "wohnhaft [Dussen vanweg 55/89], [15150] [Lörrach].",
        "wohnhaft [Erna-Dussen van-Allee 96-90], [86858] [Riesa].",
        "vaccinated on 22 March 2021 at [Walgreens], [Morsechester].\r\n\r\nA few hours",
        "picked up at [Rite Aid store 5521] on Tuesday",
        "Admitted to [SHC]. Pt was brought to [CRMC] via EMS; came to the [TMH] ED",
        "taken to [Addenbrooke's] by ambulance",
        "Patient was admitted on 12Mar2021 to [SHC] with myocarditis",
        "acude al [HUCA] presentando; transférée à l'[HEGP]; ricoverato al [CTO]",
        "is a 63-year-old man from [Emmastad], [Surrey]. He is",
        "the emergency department of [Vincent Memorial Hospital], [Port Earl], on 04Mar2021",
        "admitted to [General Hospital], North Wing, on 04Mar2021",
        "[Hammarvägen 15]",
        "[Begiristain Doktorea Pasealekua, 109], [20014] [Donostia]; [Pz de Pontevedra,2]",
        "5a planta [Gran Vía, 111]. [Barcelona] [08014]; [Gran Vía Don Diego López de Haro 25]",
        "lives at [12 Elm Street], [Baltimore], [MD 21201]",
        "[CVS Pharmacy], [14619 Nicholas Via Suite 676], [Tulsa], [76307]; tel.",
        "given in [Leeds] 12345 mg, in [Dayton] 12000 doses",
        "dispensed by [Page Drug Store]; by [Boots Pharmacy]; by [English Drug Store]",
        "dispensed by [West Drug Store]. Approximately; at [Good Drug Store], [Little Pharmacy]",
        "it was dispensed by [Le Drug Store].\n\nApproximately 35 days later",
        "She attended The [Page Surgery] on 07/10/2021",
        "a vaccinating nurse, of [Day Medical Centre], [West Thomas]. The",
        "in hausärztlicher Betreuung bei [MVZ Waren]. Bekannte",
        "bei [MVZ Roth].\nImpfung am 06.06.21 ([Impfzentrum Roth], [Roth]): Fluad",
        "(Pflegekraft, [Hausarztpraxis Ring], [Jessen]). Frau",
        "(Pflegekraft, [Hausarztpraxis Anders], [Jessen]). Frau",
        "(Apotheker, [Apotheke am Markt], [Stendal]). Frau",
        "moved to [16005 Kelly Expressway] last year",
        "a 59-year-old man living at [08 de Courcey Street], [Kilkenny] F14 EV16. Mr",
        "living at [383 Howard Shoal], [Leicester] S42 7FR",
        "at [Exeter Leisure Centre], [Exeter]. The",
        "at [Oak Manor Care Home]; moved to [Brookdale Senior Living]",
        "from [Sunnyside Skilled Nursing Facility]",
        "at [Barnett Pharmacy], [South Garethburgh].",
        "à [Cabinet médical Saint-Joseph] ([Amiens]). Domiciliée à [Besançon] ([Picardie]).",
        "habite à [Grondin-la-Forêt], [France]; 13626 [Grégoire-sur-Fleury]",
        "Établissement : [CHU de Besson]\nDate de réception : 12/05/2021",
        "[Hauptstr. 12]\n[04109] [Leipzig]\n\nBetr.: Schulz, Gerda",
        'Unidad de Nutrición. [Hospital Universitario "San Cecilio"] de [Granada].',
        "Se contactó con el [Centro Nacional de Toxicología] para",
        "acudió al [Centro Andaluz de Medicina del Deporte (CAMD)] por",
        "su médico del [Centro de Salud Dr. Castroviejo], [Madrid]",
        "cardióloga de [Centro de Salud Cantabria], comunica",
        "Urología [Complejo Hospitalario de Navarra] [Irunlarrea, 3] [31008] [Pamplona]",
        "im [Seniorenheim „Sonnenhof“]; im [Pflegeheim Haus Elisabeth]",
        "[Löbdergraben 12]\n[07743] [Jena]; wohnhaft [Sonnenberg 14a], [99084] [Erfurt]",
        "Mr Hugh Hawkins, aged 36 years, of [Southampton].\nMrs Brenda Manning, of [Bath];",
        "a woman from [Juneburgh], [Merseyside]. She lives in [Port Jenniferbury], [USA].",
        "[Hospital Universitario 12 de Octubre]. [Madrid]",
        "en el [Hospital Ramón y Cajal] de",
        "[Centro de Salud Las Calesas]",
        "transferred to [Johns Hopkins Hospital] on",
        "transferred to [johns hopkins hospital] on",
        "pt lives in [baltimore] with her husband; originally from [new york city]",
        "pt from [university of maryland medical center] via",
        "she studied at the [university of maryland] in",
        "selma is from [stillwater supercomputing inc.]\npsc 5420",
        "an inpatient at [St Mary's Hospital]; the outcome",
        "registered at The [Nicholls Surgery]. The patient",
        "She attended The [O'Brien Surgery] on 2021-08-08",
        "in hausärztlicher Betreuung bei [Praxis Dr. Anders]. Er",
        "a 43-year-old woman from [O'Neillbury], [Bedfordshire]. The patient",
        "Il est chauffeur routier chez [Lenoir].",
        "a locum pharmacist working at [Boots Pharmacy] in [Scottport], telephoned",
        "a nurse working at [Dennis Medical Centre] in [McCarthyview], telephoned",
        "a nurse at [Thomas Family Practice] through",
        "observed at [Tulsa Community Vaccination Center] for",
        "seen at [general hospital] by",
        "liegt auf [Station 4A] im [Klinikum Dresden]",
        "Aufnahme auf [Station 3B], [Zimmer 12].",
        "at the [University of Maryland] medical",
        "im [Sankt-Georg-Spital]",
        "in der Notaufnahme von [St.-Marien-Krankenhaus] vor",
        "in hausärztlicher Betreuung bei [MVZ Demmin]. Keine",
        "stellte sich im [Städtisches Klinikum Jüterbog] vor",
        "Impfstelle: [Impfzentrum Gelnhausen]. Am nächsten Tag",
        "Krankenschwester ([Hausarztpraxis Wilms]), meldete",
        "dispensado en la [Farmacia Ldo. Leon].",
        "Apothekerin ([Franziskus-Apotheke]), meldete",
        "vaccinée au [Centre de vaccination Lyon Gerland]",
        "suivi à [Maison de santé de Nantes].",
        "she lives in [Mobile] now",
        "traveled to [Mexico] in",
        "[9 Allika 46]  [Suite 501]  [Riisa]   [Estonia]",
        "moved to [Florida] in March",
        "[Unit 4719 Box 7394\nDPO AP 70942]",
        "a year at [Allstate Insurance Group] as",
        "[Sludevej 13], [Aalborg]",
        "Bradley Harbor, [O'Neillland] LU07 1GN.",
        "The bus station is on [C. Beerninckstraat 88]",
        "he grew up in [Remniku] and",
        "ein Mann aus [Drosendorf-Zissersdorf] 1 ([Wien]).",
        "lives at [92597 Jahu 80], [Liiva]",
        "lives on [Via dei Fiorentini 17] now",
        "drops you off at [643 ul. Biskupa Bogedaina 118]",
        "at [526 Rua Cyro Schmutzer Franco 1213]",
        "[3378 217 Lovers Lane]",
        "[3037 ul. Północna 73]\n [Apt. 946]\n [Suwałki]\n\n [Poland] [11248]",
        "> [91215 Harjukuja 54]\n> [Suite 318]\n> [SEINÄJOKI]\n> [Finland] [38524]",
        "orchestra serving Southern [Italy].",
        "I work for [Rapid Cycle Solutions]",
        "she works at the [Walmart] pharmacy",
        "The address of [Glover, Ruiz and Armstrong] is",
        "The firm is [White, Willis and Hoffman]. It was",
        "[Thomas and Sons] is a multinational; at [Ngap Incorporated] in",
        "of [Fernandez Inc.], [Owens, Duran and Oneal]'s Mrs. Filip",
        "[Russell Investments] is a design agency",
        "send it to [the corner of Dalbraut 99 and Frederikke Coves]?",
        "in [the corner of 35 Pentelis Str. and Waechter Turnpike]? [the corner of ul. Cicha 86 "
        "and Leokadia Trail]",
        "at [USNS Saibara FPO AP 12428]. It",
        "[psc 5420, box 2708\napo aa 33879]",
        "[Complejo Hospitalario de Navarra] [C/ Irunlarrea, 3]",
        "[Instituto Colombiano del Dolor] [Medellín], [Colombia]",
        "[Universidad de Alcalá] E-mail: x",
        "trabaja en el [Servicio Andaluz de Salud] desde hace años",
        "Trabaja en [Perera y asociados S.A.] desde 2019. Trabaja como chófer en [Grupo Crespo "
        "S.Coop.]. Su hija",
        "He works for [Acme Inc.] since 2019",
        "Il est cheminot chez [SNCF]. Antécédents : asthme",
        "[Servei Català de la Salut]",
        "prednisona (Dacortin 30 mg, [Alcon], [Barcelona])",
        "brinzolamida (Azopt®, [Alcon Cusi]) y",
        "modelo SRV2007 ([Allergan]®, [Irvine], California)",
        "A 63 year old man who grew up in [HELSINKI]. He",
    ),
    (
        "The flag is Black, White and Grey in stripes.",
        "The County health department; during The County Fair; the NYCDOH said",
        "received verbal notification from POA that the patient",
        "We met on Valentine's Day in the clinic",
        "PATIENT WAS IN BED WHEN SHE GOT THE VACCINE IN READING.",
        "Mobile phone",
        "salbutamol at 2 Puffs via inhalation; 1 VIAL ALBUTEROL VIA NEB",
        "Increased to 5 L via face mask",
        "ordered from an Online Pharmacy; the Hospital Pharmacy and the Community Pharmacy",
        "MD at bedside along with RT and pharmacy.",
        "seen by Plastic Surgery; referred to General Surgery",
        "die Praxis am Montag geschlossen",
        "admitted to the Day Surgery unit",
        "Servicio de Oftalmología. Servicio de Salud Mental",
        "Il est allé chez sa fille.",
        "in der Praxis Anwendung findet",
        "comprado en farmacia Ayer por la tarde",
        "Reading the chart",
        "room air",
        "the hospital called",
        "Calle",
        "Pfizer vaccine dose 1",
        "Monitoring continued",
        "In 2021 Pfizer reported",
        "received 50000 IU daily",
        "sent via Email to",
        "took 2 Tylenol 500 mg",
        "given via IM 2 doses",
        "in the corner of the eye and the",
        "sent via Route 66",
        "she works at a hospital",
        "dispensed in an amber pharmacy bottle",
        "he got the pfizer inc. vaccine",
        "vu au Centre (sans rendez-vous) puis en Médecine (Interne)",
        "a dose, of Comirnaty. The rest, of Course, as Expected.",
        "she came in, Sunday, and went from Tuesday, Fall to Winter",
        "by ambulance on Friday 1/15/2021 Medical Center: Emergency Room",
        "Am Montag 3 Tabletten, am Dienstag 3, Im Jahr 2",
        "lives in bath; moved to rehab; returned to work",
        "is from the ER; home in April; home in 2 days; trip to the store",
        "a Patient Care Home visit at the Primary Care Center",
        "im Innenhof 2 Personen; Goldberg 2 tablets",
        'im Seniorenheim "wohnt" sie gern',
        "en el centro de la lesión y en el Centro de Salud de su zona",
        "Resumen de pruebas: Laboratorio: Biometría hemática normal",
        "a contactable male healthcare professional",
        "taken to the local hospital by ambulance",
        "Emergency Medical Services arrived",
        "seen by Smith, Jones and the nurse",
        "she had Whipple surgery in 2019",
        "she took 2 Advil at the Park",
        "after the Cardiac Surgery consult",
        "took St. John's wort; on St. Patrick's Day",
        "returned to OR for washout; came from CT; moved to ICU",
        "admitted to ICU; taken to CT; referred to ENT; transferred to the PICU; seen at A&E",
        "taken to Mum's house; PATIENT WAS ADMITTED TO THE WARD; referred to NHS; went to EMS",
        "ingreso en UCI; hospitalisée au CHU; portato al PS; internada na UTI; seen at a COVID",
        "At ER, CT scan and labs",
        "she felt flat 2 days later; the studio 3 times",
        "Sender's Comments: The Company cannot exclude",
        "fiebre de 38,7 °C. El paciente",
        "went to bed 11:00 woke up; in the emergency room 30 minutes later",
        "a room of 12.5 m2, bed 2,5 m long",
        "a friend who works for Pfizer told her; I work for PH",
        "manufacturername: Merck Sharp & Dohme Corp.; devicelotnumber",
        "tested (used the Sofia test) positive; CPR w/ LUCAS machine; the Bam antibodies",
        "COVID test Nasal Swab (SOFIA SARS ANTIGEN FIA)",
        "(HDL 52 mg/dl, LDL 153 mg/dl)",
        "(GOT 600 UI/l, GPT 463 UI/l)",
        "(Tylenol 500 mg, Advil)",
        "received (Spikevax 0.5 mL, Moderna, lot 039K20A) and (Comirnaty 30 mcg, Pfizer)",
        "During 1971, the company invested heavily",
        "boarded at Gate 12 and felt dizzy",
        "Herr Till Häring, 11 Jahre alt, in Betreuung",
        "le cuesta Mucho 3 veces al día",
        "He works as a cashier for Pfizer",
    ),
    guarded=False,
)
