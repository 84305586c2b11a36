"""Las reacciones que describen las notificaciones en español."""

from __future__ import annotations

from deid_studio.synth.pack import Scenario

S = Scenario

SCENARIOS: dict[str, Scenario] = {
    "anaphylaxis": S(
        "Reacción anafiláctica",
        (
            "{Later} presentó urticaria generalizada, edema labial y sibilancias.",
            "{Later} refirió opresión faríngea y sufrió un síncope; TA 70/40 mmHg y saturación "
            "de oxígeno del 88% basal.",
        ),
        (
            "Se administró adrenalina 0,5 mg IM, dexclorfeniramina 5 mg IV y metilprednisolona "
            "80 mg IV.",
        ),
        ("Triptasa sérica a la hora: 28,4 µg/l; a las 24 horas: 4,1 µg/l.",),
    ),
    "syncope": S(
        "Síncope",
        (
            "{Later} presentó mareo y pérdida de conciencia de unos 20 segundos.",
            "{Later} sufrió un síncope en la sala de observación con traumatismo craneal leve.",
        ),
        ("Se colocó en decúbito con las piernas elevadas, con recuperación espontánea.",),
        ("Glucemia capilar 98 mg/dl; ECG en ritmo sinusal a 58 lpm.",),
    ),
    "pyrexia": S(
        "Fiebre",
        (
            "{Later} presentó fiebre de 39,4 °C, escalofríos y mialgias.",
            "{Later} tuvo fiebre de 38,9 °C con cefalea y astenia.",
        ),
        ("Se administró paracetamol como antitérmico durante dos días.",),
        ("PCR 12 mg/l; leucocitos 9.800/µl.",),
    ),
    "injection_site": S(
        "Reacción en el lugar de inyección",
        (
            "{Later} apareció una zona eritematosa, caliente e indurada de 8 cm alrededor del "
            "punto de inyección.",
            "{Later} el brazo vacunado se volvió doloroso y tumefacto hasta el codo.",
        ),
        ("Se recomendaron frío local y cetirizina 10 mg oral.",),
        ("No se realizaron pruebas de laboratorio.",),
    ),
    "myocarditis": S(
        "Miocarditis",
        (
            "{Later} comenzó con dolor torácico opresivo irradiado al brazo izquierdo, que "
            "empeoraba en decúbito.",
            "El {onset_date} se despertó con opresión torácica y palpitaciones.",
        ),
        ("Se trató con colchicina 0,5 mg cada 12 horas e ibuprofeno 600 mg cada 8 horas.",),
        (
            "Troponina T ultrasensible 1.254 ng/l (normal < 14) y PCR 48 mg/l; la resonancia "
            "cardíaca mostró realce tardío subepicárdico.",
            "Pico de troponina I de 8.950 ng/l; FEVI del 52% en el ecocardiograma.",
        ),
    ),
    "bells_palsy": S(
        "Parálisis de Bell",
        (
            "{Later} notó desviación de la comisura bucal y no podía cerrar el ojo izquierdo.",
            "El {onset_date} presentó debilidad facial derecha con alteración del gusto.",
        ),
        ("Se pautó prednisona 60 mg al día durante 7 días y lágrimas artificiales.",),
        ("TC craneal normal. Serología de virus varicela-zóster negativa.",),
    ),
    "tts": S(
        "Síndrome de trombosis con trombocitopenia",
        (
            "{Later} comenzó con cefalea intensa que no cedía con analgesia, vómitos y visión "
            "borrosa.",
            "El {onset_date} consultó por dolor abdominal y petequias en ambas piernas.",
        ),
        (
            "Recibió inmunoglobulinas intravenosas 1 g/kg y argatrobán; se evitó la transfusión "
            "de plaquetas.",
        ),
        (
            "Plaquetas 23.000/µl, dímero D 35.000 ng/ml y fibrinógeno 110 mg/dl; anticuerpos "
            "anti-PF4 positivos. El angio-TC mostró trombosis de senos venosos cerebrales.",
        ),
    ),
    "gbs": S(
        "Síndrome de Guillain-Barré",
        (
            "{Later} refirió parestesias en ambos pies que progresaron en cuatro días a "
            "debilidad de ambas piernas.",
            "Desde el {onset_date} presentaba debilidad ascendente y no podía caminar sin ayuda.",
        ),
        ("Se trató con inmunoglobulinas intravenosas 0,4 g/kg/día durante 5 días.",),
        (
            "Proteínas en LCR 190 mg/dl con 2 células/µl; el EMG mostró polineuropatía "
            "desmielinizante.",
        ),
    ),
    "febrile_seizure": S(
        "Convulsión febril",
        (
            "{Later} presentó fiebre de 39,8 °C y una crisis tónico-clónica generalizada de "
            "3 minutos.",
            "{Later} quedó hipotónic{o} y arreactiv{o}, con sacudidas de las cuatro extremidades.",
        ),
        ("El equipo de emergencias administró midazolam bucal 2,5 mg.",),
        ("Glucemia 110 mg/dl; PCR < 5 mg/l; tira de orina negativa.",),
    ),
    "resp_depression": S(
        "Depresión respiratoria",
        (
            "{Later} fue encontrad{o} somnolient{o}, con miosis puntiforme y frecuencia "
            "respiratoria de 6 rpm.",
        ),
        ("Se administró naloxona 0,4 mg IV en dos ocasiones con buena respuesta.",),
        ("Gasometría arterial: pH 7,21, pCO2 74 mmHg.",),
    ),
    "dili": S(
        "Lesión hepática inducida por fármacos",
        (
            "{Later} presentó ictericia, coluria y prurito.",
            "El {onset_date} consultó por náuseas, dolor en hipocondrio derecho e ictericia "
            "conjuntival.",
        ),
        (
            "Se suspendió el fármaco sospechoso y se inició ácido ursodesoxicólico 500 mg cada "
            "12 horas.",
        ),
        (
            "GPT 1.240 U/l, FA 310 U/l, bilirrubina total 5,6 mg/dl e INR 1,4; serologías de "
            "hepatitis negativas.",
            "Analítica: GPT 412 U/l (LSN 40) y bilirrubina 3,2 mg/dl.",
        ),
    ),
    "rhabdo": S(
        "Rabdomiólisis",
        ("{Later} refirió mialgias generalizadas intensas, debilidad y orina oscura.",),
        ("Se suspendió la atorvastatina y se pautó sueroterapia intensiva, 3 l al día.",),
        ("CK 15.400 U/l y creatinina 2,4 mg/dl (basal 1,0).",),
    ),
    "sjs": S(
        "Síndrome de Stevens-Johnson",
        (
            "{Later} presentó fiebre, odinofagia y un exantema ampolloso en tronco.",
            "El {onset_date} aparecieron erosiones dolorosas en labios y conjuntivitis, "
            "seguidas de lesiones en diana.",
        ),
        ("Ingresó en la unidad de quemados para tratamiento de soporte y ciclosporina 3 mg/kg.",),
        ("La biopsia cutánea confirmó necrosis epidérmica; superficie afectada del 8%.",),
    ),
    "hyponatraemia": S(
        "Hiponatremia",
        (
            "{Later} presentó confusión, inestabilidad y dos caídas en su domicilio.",
            "{Later} refirió náuseas, cefalea y somnolencia creciente.",
        ),
        ("Se indicó restricción hídrica a 1 l al día y se suspendió el fármaco sospechoso.",),
        ("Sodio sérico 118 mmol/l, osmolalidad 248 mOsm/kg, sodio en orina 64 mmol/l.",),
    ),
    "agranulocytosis": S(
        "Agranulocitosis",
        (
            "{Later} presentó odinofagia, aftas orales y fiebre de 38,7 °C.",
            "El {onset_date} el control analítico rutinario mostró neutropenia grave.",
        ),
        ("Recibió piperacilina/tazobactam 4 g/0,5 g IV y filgrastim 5 µg/kg al día.",),
        ("Neutrófilos 100/µl, leucocitos 1.200/µl, hemoglobina 12,1 g/dl.",),
    ),
    "bleeding": S(
        "Hemorragia gastrointestinal",
        (
            "{Later} presentó deposiciones melénicas y mareo al incorporarse.",
            "El {onset_date} tuvo un episodio de hematemesis.",
        ),
        ("Se suspendió la anticoagulación y se transfundieron dos concentrados de hematíes.",),
        ("Hemoglobina de 13,2 a 7,1 g/dl; INR 6,8.", "Hemoglobina 6,8 g/dl, urea 110 mg/dl."),
    ),
    "angioedema": S(
        "Angioedema",
        ("{Later} se despertó con edema importante de lengua y labios y dificultad para hablar.",),
        ("Se administró icatibant 30 mg SC y se retiró el lisinopril.",),
        ("Niveles de C1 inhibidor y C4 normales.",),
    ),
    "lactic_acidosis": S(
        "Acidosis láctica",
        ("{Later} presentó vómitos, dolor abdominal y taquipnea.",),
        ("Se suspendió la metformina y precisó hemodiálisis durante 48 horas.",),
        ("Lactato 14,2 mmol/l, pH 6,98, bicarbonato 6 mmol/l, creatinina 4,4 mg/dl.",),
    ),
    "tendon_rupture": S(
        "Rotura de tendón",
        (
            "{Later} notó un chasquido brusco en la parte posterior del tobillo derecho al subir "
            "escaleras.",
        ),
        ("Se suspendió el ciprofloxacino y se trató de forma conservadora con férula.",),
        ("La ecografía confirmó rotura completa del tendón de Aquiles derecho.",),
    ),
}
