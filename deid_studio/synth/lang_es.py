"""Spanish narratives, as a Spanish regional pharmacovigilance centre receives them."""

from __future__ import annotations

from collections.abc import Mapping

from deid_studio.synth.pack import LanguagePack, Relation
from deid_studio.synth.scenarios_es import SCENARIOS


def _age(years: int, months: int | None, sex: str) -> Mapping[str, str]:
    if months is not None:
        return {"age_noun": f"{months} meses"}
    return {"age_noun": f"{years} año" if years == 1 else f"{years} años"}


_GENDER = {
    "M": {
        "o": "o", "un": "un", "Mr": "el Sr.", "Sr": "El Sr.", "El_paciente": "El paciente",
        "el_paciente": "el paciente", "del_paciente": "del paciente", "sex_word": "Varón",
        "person_adult": "varón", "person_child": "niño", "person_infant": "lactante",
    },
    "F": {
        "o": "a", "un": "una", "Mr": "la Sra.", "Sr": "La Sra.", "El_paciente": "La paciente",
        "el_paciente": "la paciente", "del_paciente": "de la paciente", "sex_word": "Mujer",
        "person_adult": "mujer", "person_child": "niña", "person_infant": "lactante",
    },
}  # fmt: skip

_HEADER = (
    "Paciente: {patient}",
    "Nombre del paciente: {patient} ({initials})",
    "Iniciales: {initials}",
    "Fecha de nacimiento: {dob}",
    "F. nac.: {dob}",
    "Edad: {age_noun}",
    "Sexo: {sex_word}",
    "NHC: {mrn}",
    "Nº historia clínica: {mrn}",
    "DNI: {hid}",
    "Domicilio: {street}, {postcode} {city}",
    "Comunidad autónoma: {region}",
    "País: {country}",
    "Notificador: {reporter}, {qual}",
    "Notificador: {reporter_relative} ({rel})",
    "Teléfono: {phone}",
    "Correo electrónico: {email}",
    "Hospital: {hospital}",
    "Fecha de recepción: {recv_date}",
    "Fecha de vacunación: {vax_date}",
    "Inicio del tratamiento: {start_date}",
    "Medicamento sospechoso: {drug}, lote {lot}",
    "Reacción: {term}",
)

_SECTIONS: dict[str, tuple[str, ...]] = {
    "header_end": ("\n\nDescripción:\n", "\n\n", "\n\nNarrativa del caso: ", "\n\nResumen:\n"),
    "opening_hcp": (
        "Notificante: {reporter}, {qual} en {site} ({city}). Fecha de recepción: {recv_date}.",
        "{reporter}, {qual} de {site}, comunica por teléfono el {recv_date} una sospecha de "
        "reacción adversa.",
        "{reporter} ({qual}, tel. {phone}) notifica un caso de {term} tras la administración "
        "de {drug}.",
        "Caso notificado mediante tarjeta amarilla el {recv_date}. Notificador: {reporter}, "
        "{qual} de {site}, {city}.",
    ),
    "opening_relative": (
        "Notifica el {recv_date} {relative}, {rel} {del_paciente}.",
        "{relative} ({rel} {del_paciente}) comunica el {recv_date} a través del formulario "
        "web una sospecha de reacción adversa.",
        "El {recv_date} se recibe notificación de {relative}, {rel} {del_paciente}, con correo "
        "electrónico {email}.",
    ),
    "opening_patient": (
        "{El_paciente} notifica directamente el {recv_date} a través del formulario web del "
        "Sistema Español de Farmacovigilancia.",
        "Notificación de ciudadano recibida el {recv_date}, remitida por {el_paciente} "
        "(teléfono de contacto {phone}).",
        "Se recibe el {recv_date} correo electrónico de {el_paciente} ({email}).",
    ),
    "intro": (
        "Se trata de {un} {person} de {age_noun}, {patient} ({initials}), residente en {city} "
        "({region}).",
        "{patient}, {person} de {age_noun} (fecha de nacimiento {dob}, NHC {mrn}), vive en {city}.",
        "Paciente {initials} ({patient}), {person} de {age_noun}, con domicilio en {street}, "
        "{postcode} {city}.",
        "{patient} (F. nac. {dob}), {person} de {age_noun}, está adscrit{o} a {gp}.",
        "{Sr} {patient}, de {age_noun}, natural de {city}, {country}.",
    ),
    "social": (
        "Trabaja como {profession} en {employer}.",
        "Es {profession} y vive con su {rel}, {relative}, en {city}.",
        "Su {rel}, {relative}, es quien le cuida habitualmente.",
        "De profesión {profession}.",
        "Es de nacionalidad {nationality} y trabaja como {profession}.",
        "Al ser {religion}, rechazó la transfusión de hemoderivados.",
    ),
    "history_none": (
        "Sin antecedentes médicos de interés. No se informa de medicación concomitante.",
        "Sin antecedentes personales ni tratamiento habitual.",
    ),
    "history": (
        "Como antecedentes personales presenta {history} (desde {hist_year}) y {history2}.",
        "Antecedentes de {history} desde {hist_month}.",
        "Medicación concomitante: {conmed} al día y {conmed2}.",
        "Antecedentes: {history}; {history2}. No alergias medicamentosas conocidas.",
    ),
    "exposure_vaccine": (
        "El {vax_date} se le administró la {dose_no} dosis de {drug} ({dose}, vía {route}, "
        "{body_site}, lote {lot}) en {site}.",
        "{Pt} recibió {drug} (lote {lot}) el {vax_date} en {site}, {city}.",
        "Vacunación con {drug}, lote {lot}, {dose} por vía {route}, el día {vax_date}.",
        "{Pt} recibió {drug} {dose} en {body_site} el {vax_date} (lote {lot}). La dosis "
        "anterior, administrada el {dose1_date}, fue bien tolerada.",
    ),
    "exposure_drug": (
        "{Pt} inició tratamiento con {drug} {dose} {freq} por vía {route} para {indication} "
        "el {start_date} (lote {lot}).",
        "{physician} le prescribió {drug} {dose} {freq} por {indication}, que comenzó el "
        "{start_date}.",
        "En tratamiento con {drug} ({dose} {freq}, lote {lot}) desde el {start_date} por "
        "{indication}; dispensado en {pharmacy}.",
    ),
    "care_hospital": (
        "Ingresó en {hospital} el {admit_date} a cargo de {physician} (NHC {mrn}).",
        "{Pt} acudió al servicio de urgencias de {hospital} ({city}) el {admit_date}, donde "
        "quedó ingresad{o}.",
        "Fue trasladad{o} en ambulancia a {hospital} e ingresó el {admit_date}; número de "
        "historia {mrn}.",
        "El {admit_date} ingresó en la unidad de cuidados intensivos de {hospital}.",
    ),
    "care_home": (
        "Fue valorad{o} al día siguiente por su médico de familia, {physician}, en {gp}.",
        "No precisó asistencia médica.",
        "Permaneció en observación durante dos horas en {site} y fue dad{o} de alta.",
        "Acudió a {gp} el {onset_date}, donde fue atendid{o} por {physician}.",
    ),
    "course": (
        "Durante el ingreso permaneció monitorizad{o} y fue valorad{o} a diario por {physician}.",
        "Los síntomas mejoraron progresivamente en los días siguientes.",
        "La radiografía de tórax al ingreso no mostró alteraciones.",
        "Precisó ingreso en la UCI durante 48 horas para vigilancia estrecha.",
        "La analítica de control a las 72 horas mostró mejoría.",
        "Su {rel}, {relative}, refiere que por las tardes estaba más confus{o}.",
    ),
    "comment": (
        "El notificador indica que {el_paciente} no había presentado reacciones previas a "
        "medicamentos ni vacunas.",
        "No se identificó otra causa alternativa; el estudio infeccioso fue negativo.",
        "No tomaba productos de herbolario ni medicamentos sin receta.",
        "No se ha realizado reexposición.",
        "Se adjunta el informe de alta.",
        "Se solicita información sobre el lote al titular de la autorización de comercialización.",
    ),
    "outcome_hospital": (
        "Recibió el alta el {disch_date} y en el momento de la notificación se encontraba en "
        "recuperación.",
        "{Pt} fue dad{o} de alta de {hospital} el {disch_date}. Desenlace: en recuperación.",
        "Permaneció ingresad{o} hasta el {disch_date}; se notifica como recuperad{o} con secuelas.",
        "Fecha de alta: {disch_date}. La reacción no se había resuelto en el momento del alta.",
    ),
    "outcome_inpatient": (
        "En el momento de la notificación continuaba ingresad{o}.",
        "Sigue ingresad{o} en {hospital}; se desconoce el desenlace.",
    ),
    "outcome_home": (
        "Desenlace: recuperado/resuelto.",
        "En el momento de la notificación la reacción no se había resuelto.",
        "Se recuperó completamente {later_recovery}.",
        "Evolución favorable, en recuperación.",
    ),
    "extra": (
        "El notificador considera la relación causal con {drug} {causality}.",
        "Caso relacionado con el caso {linked} (mismo paciente, notificación anterior).",
        "Datos de contacto del notificador: {phone}, {email}.",
        "Notificador: {reporter_name}, {site}, {street}, {postcode} {city}; tel. {phone}.",
        "Nº de colegiado del notificador: {licence}.",
        "Duplicado de {linked}, recibido también del titular de la autorización de "
        "comercialización.",
        "Puede contactarse con su {rel}, {relative}, en el {phone}.",
        "DNI del paciente: {hid}.",
        "El notificador acepta ser contactado para seguimiento.",
        "Se ha solicitado información adicional (informe de alta y analíticas).",
    ),
    "fu_opening": (
        "Información de seguimiento recibida el {recv_date}. Notificador: {reporter} ({qual}). "
        "Amplía la notificación {case_ref}, recibida inicialmente el {initial_date}.",
        "Seguimiento n.º {fu_no} recibido el {recv_date}: {reporter} aporta información adicional.",
        "Seguimiento del caso {case_ref} recibido el {recv_date} de {relative}, {rel} "
        "{del_paciente}.",
        "SEGUIMIENTO ({recv_date}). Notificación inicial relacionada: {case_ref}.",
    ),
    "fu_intro": (
        "{El_paciente}, {patient} ({initials}), presentó {term} tras {drug} (lote {lot}), "
        "según se notificó previamente.",
        "Como se notificó previamente, {patient}, {person} de {age_noun}, presentó {term} el "
        "{onset_date} tras recibir {drug}.",
        "La nueva información se refiere a {patient}, cuya fecha de nacimiento se corrige a {dob}.",
    ),
}

_WORDS: dict[str, tuple[str, ...]] = {
    "pt": ("el paciente|la paciente",),
    "route_im": ("intramuscular",),
    "route_sc": ("subcutánea",),
    "route_oral": ("oral",),
    "route_iv": ("intravenosa",),
    "freq_od": ("cada 24 horas", "una vez al día"),
    "freq_bid": ("cada 12 horas",),
    "freq_tid": ("cada 8 horas",),
    "freq_q6h": ("cada 6 horas si dolor",),
    "freq_weekly": ("una vez a la semana",),
    "freq_single": ("en dosis única",),
    "body_site": ("deltoides izquierdo", "deltoides derecho", "brazo izquierdo", "muslo derecho"),
    "dose_no": ("primera", "segunda", "tercera", "cuarta"),
    "ind_covid": ("inmunización frente a COVID-19",),
    "ind_flu": ("vacunación antigripal",),
    "ind_zoster": ("prevención del herpes zóster",),
    "ind_hpv": ("vacunación frente al VPH",),
    "ind_pneumo": ("calendario vacunal infantil",),
    "ind_hexa": ("calendario vacunal infantil",),
    "ind_mmr": ("calendario vacunal infantil",),
    "ind_pain": ("lumbalgia", "dolor postoperatorio", "gonartrosis"),
    "ind_infection": ("neumonía adquirida en la comunidad", "infección urinaria", "celulitis"),
    "ind_lipids": ("hipercolesterolemia", "prevención secundaria tras infarto"),
    "ind_epilepsy": ("epilepsia focal", "neuralgia del trigémino"),
    "ind_gout": ("gota recurrente",),
    "ind_schizophrenia": ("esquizofrenia resistente",),
    "ind_af": ("fibrilación auricular",),
    "ind_vte": ("profilaxis tromboembólica",),
    "ind_hypertension": ("hipertensión arterial",),
    "ind_diabetes": ("diabetes mellitus tipo 2",),
    "ind_depression": ("depresión", "trastorno de ansiedad generalizada"),
    "ind_arthritis": ("artritis reumatoide", "artritis psoriásica"),
    "name:oxycodone/paracetamol": ("oxicodona/paracetamol",),
    "name:amoxicillin/clavulanic acid": ("amoxicilina/ácido clavulánico",),
    "name:atorvastatin": ("atorvastatina",),
    "name:carbamazepine": ("carbamazepina",),
    "name:allopurinol": ("alopurinol",),
    "name:clozapine": ("clozapina",),
    "name:metamizole": ("metamizol",),
    "name:warfarin": ("warfarina",),
    "name:enoxaparin": ("enoxaparina",),
    "name:metformin": ("metformina",),
    "name:sertraline": ("sertralina",),
    "name:ceftriaxone": ("ceftriaxona",),
    "name:ciprofloxacin": ("ciprofloxacino",),
    "name:methotrexate": ("metotrexato",),
    "history": (
        "hipertensión arterial",
        "diabetes mellitus tipo 2",
        "asma",
        "hipotiroidismo",
        "fibrilación auricular",
        "enfermedad renal crónica estadio 3",
        "EPOC",
        "depresión",
        "obesidad (IMC 34)",
        "cardiopatía isquémica",
        "migraña",
        "alergia a penicilina",
    ),
    "conmeds": (
        "enalapril 10 mg",
        "omeprazol 20 mg",
        "simvastatina 20 mg",
        "levotiroxina 75 mcg",
        "bisoprolol 2,5 mg",
        "ácido acetilsalicílico 100 mg",
        "furosemida 40 mg",
        "metformina 850 mg",
        "paracetamol 1 g",
        "lorazepam 1 mg",
    ),
    "causality": ("posible", "probable", "improbable", "definida"),
    "later_same": (
        "A los 15 minutos",
        "Unos 30 minutos después",
        "A las pocas horas",
        "Esa misma tarde",
    ),
    "later_next": ("Al día siguiente", "A la mañana siguiente"),
    "later_days": ("{n} días después", "A los {n} días", "Aproximadamente {n} días más tarde"),
    "later_recovery": ("en una semana", "a las dos semanas", "en los días siguientes"),
    "numbers": ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"),
    "religion": ("testigo de Jehová",),
    "nationality": ("rumana", "marroquí", "colombiana", "ecuatoriana", "ucraniana"),
    "hid_ES": ("########@",),
    "licence_ES": ("28/28/#####", "#########"),
    "linked_ES": ("ES-AEMPS-2021-######", "FEDRA ######"),
}

PACK = LanguagePack(
    code="es",
    locales=(("es_ES", "ES", 1.0),),
    country_names={"ES": ("España",)},
    places={},
    gender=_GENDER,
    relations=(
        Relation("marido", "M", "F", True),
        Relation("esposa", "F", "M", True),
        Relation("pareja", "M", None, True),
        Relation("pareja", "F", None, True),
        Relation("hija", "F", None, True),
        Relation("hijo", "M", None, True),
        Relation("madre", "F", None, False),
        Relation("padre", "M", None, False),
        Relation("hermana", "F", None, None),
    ),
    qualifications={
        "physician": (
            "médico de atención primaria|médica de atención primaria",
            "cardiólogo|cardióloga",
            "médico de urgencias|médica de urgencias",
            "neurólogo|neuróloga",
            "pediatra",
        ),
        "pharmacist": (
            "farmacéutico comunitario|farmacéutica comunitaria",
            "farmacéutico|farmacéutica",
        ),
        "nurse": (
            "enfermero|enfermera",
            "enfermero de atención primaria|enfermera de atención primaria",
        ),
    },
    doctor_title={"M": ("Dr.",), "F": ("Dra.",)},
    professions=(
        "profesor|profesora",
        "conductor de autobús|conductora de autobús",
        "agricultor|agricultora",
        "administrativo|administrativa",
        "enfermero|enfermera",
        "cocinero|cocinera",
        "electricista",
        "informático|informática",
        "cajero|cajera",
        "policía local",
        "jubilado|jubilada",
        "peluquero|peluquera",
        "auxiliar de enfermería",
        "camionero|camionera",
        "estudiante",
        "abogado|abogada",
        "limpiador|limpiadora",
        "camarero|camarera",
    ),
    saints=(
        "San Juan de Dios",
        "Virgen de la Arrixaca",
        "Santa Lucía",
        "San Pedro",
        "Virgen del Rocío",
        "La Fe",
    ),
    organisations={
        "hospital": (
            "Hospital Universitario de {city}",
            "Hospital General de {city}",
            "Hospital Clínico Universitario de {city}",
            "Hospital {saint}",
            "Complejo Hospitalario de {city}",
        ),
        "gp": ("Centro de Salud {city}", "Centro de Salud {saint}", "Consultorio de {city}"),
        "pharmacy": ("Farmacia {surname}", "Farmacia Central", "Farmacia Ldo. {surname}"),
        "vaccination": ("Centro de Vacunación de {city}", "Centro de Salud {city}"),
        "employer": ("{company}", "Ayuntamiento de {city}", "Mercadona", "El Corte Inglés"),
    },
    email_domains=(
        "salud.madrid.org",
        "gmail.com",
        "hotmail.es",
        "sescam.jccm.es",
        "telefonica.net",
    ),
    id_formats=("########", "###-####", "@@#######"),
    age=_age,
    words=_WORDS,
    scenarios=SCENARIOS,
    header=_HEADER,
    sections=_SECTIONS,
)
