"""The reactions English narratives describe: terms, symptoms, treatment, lab values."""

from __future__ import annotations

from deid_studio.synth.pack import Scenario

S = Scenario

SCENARIOS: dict[str, Scenario] = {
    "anaphylaxis": S(
        "Anaphylactic reaction",
        (
            "{Later} {he} developed generalised urticaria, lip swelling and wheeze.",
            "{Later} {he} complained of throat tightness and collapsed; blood pressure was "
            "70/40 mmHg and oxygen saturation 88% on air.",
        ),
        (
            "{He} was given adrenaline 0.5 mg IM, chlorphenamine 10 mg IV and hydrocortisone "
            "200 mg IV.",
            "Two doses of intramuscular adrenaline (0.5 mg) were required before the symptoms "
            "settled.",
        ),
        ("Mast cell tryptase at 1 hour was 28.4 ug/L and 4.1 ug/L at 24 hours.",),
    ),
    "syncope": S(
        "Syncope",
        (
            "{Later} {he} felt light-headed and lost consciousness for about 20 seconds.",
            "{Later} {he} fainted in the observation area and sustained a minor head injury.",
        ),
        ("{He} was laid flat with legs raised and recovered spontaneously.",),
        ("Blood glucose was 5.6 mmol/L and the ECG showed sinus rhythm, 58 bpm.",),
    ),
    "pyrexia": S(
        "Pyrexia",
        (
            "{Later} {he} developed fever of 39.4 C, rigors and myalgia.",
            "{Later} {he} had a temperature of 38.9 C with headache and fatigue.",
        ),
        ("Antipyretics (paracetamol) were given for two days.",),
        ("CRP was 12 mg/L; white cell count 9.8 x10^9/L.",),
    ),
    "injection_site": S(
        "Injection site reaction",
        (
            "{Later} {he} noticed a red, hot, swollen area of 8 cm around the injection site.",
            "{Later} the vaccinated arm became painful and swollen down to the elbow.",
        ),
        ("Cold compresses and oral cetirizine 10 mg were advised.",),
        ("No laboratory tests were performed.",),
    ),
    "myocarditis": S(
        "Myocarditis",
        (
            "{Later} {he} developed central chest pain radiating to the left arm, worse on "
            "lying flat.",
            "On {onset_date} {he} woke with chest tightness and palpitations.",
        ),
        (
            "{He} was treated with colchicine 500 micrograms twice daily and ibuprofen 400 mg "
            "three times daily.",
        ),
        (
            "High-sensitivity troponin T was 1,254 ng/L (normal < 14) and CRP 48 mg/L; cardiac "
            "MRI showed subepicardial late gadolinium enhancement.",
            "Troponin I peaked at 8,950 ng/L; ejection fraction was 52% on echocardiography.",
        ),
    ),
    "bells_palsy": S(
        "Bell's palsy",
        (
            "{Later} {he} noticed drooping of the left side of the face and could not close "
            "the left eye.",
            "On {onset_date} {he} developed right-sided facial weakness with altered taste.",
        ),
        ("Prednisolone 50 mg daily for 10 days and eye lubricants were prescribed.",),
        ("CT head was normal. Varicella zoster serology was negative.",),
    ),
    "tts": S(
        "Thrombosis with thrombocytopenia syndrome",
        (
            "{Later} {he} developed a severe headache unresponsive to analgesia, followed by "
            "vomiting and blurred vision.",
            "On {onset_date} {he} presented with abdominal pain and petechiae on both legs.",
        ),
        (
            "{He} received intravenous immunoglobulin 1 g/kg and argatroban; platelet "
            "transfusion was avoided.",
        ),
        (
            "Platelets were 23 x10^9/L, D-dimer 35,000 ng/mL and fibrinogen 1.1 g/L; anti-PF4 "
            "antibodies were positive. CT venogram showed cerebral venous sinus thrombosis.",
        ),
    ),
    "gbs": S(
        "Guillain-Barre syndrome",
        (
            "{Later} {he} reported tingling in both feet, progressing over four days to "
            "weakness of both legs.",
            "From {onset_date} {he} had ascending weakness and was unable to walk unaided.",
        ),
        ("{He} was treated with intravenous immunoglobulin 0.4 g/kg/day for 5 days.",),
        (
            "CSF protein was 1.9 g/L with 2 cells/uL; nerve conduction studies showed a "
            "demyelinating polyneuropathy.",
        ),
    ),
    "febrile_seizure": S(
        "Febrile convulsion",
        (
            "{Later} the child developed a temperature of 39.8 C and had a generalised "
            "tonic-clonic seizure lasting 3 minutes.",
            "{Later} {he} became floppy and unresponsive with jerking of all four limbs.",
        ),
        ("Buccal midazolam 2.5 mg was given by the paramedics.",),
        ("Blood glucose 6.1 mmol/L; CRP < 5 mg/L; urine dipstick negative.",),
    ),
    "resp_depression": S(
        "Respiratory depression",
        (
            "{Later} {he} was found drowsy with pinpoint pupils and a respiratory rate of "
            "6 breaths per minute.",
            "{Later} {his} family could not wake {him}; {he} was breathing shallowly.",
        ),
        ("Naloxone 400 micrograms IV was given twice with good response.",),
        ("Arterial blood gas: pH 7.21, pCO2 9.8 kPa.",),
    ),
    "dili": S(
        "Drug-induced liver injury",
        (
            "{Later} {he} developed jaundice, dark urine and pruritus.",
            "On {onset_date} {he} presented with nausea, right upper quadrant pain and yellow "
            "sclerae.",
        ),
        ("The suspect drug was withdrawn and ursodeoxycholic acid 500 mg twice daily started.",),
        (
            "ALT 1,240 U/L, ALP 310 U/L, bilirubin 96 umol/L and INR 1.4; hepatitis serology "
            "was negative.",
            "Liver function tests showed ALT 412 U/L (ULN 40) and bilirubin 54 umol/L.",
        ),
    ),
    "rhabdo": S(
        "Rhabdomyolysis",
        (
            "{Later} {he} complained of severe generalised muscle pain and weakness and "
            "passed dark brown urine.",
        ),
        ("Atorvastatin was stopped and intravenous fluids 3 L per day were given.",),
        ("CK was 15,400 U/L and creatinine 212 umol/L (baseline 88).",),
    ),
    "sjs": S(
        "Stevens-Johnson syndrome",
        (
            "{Later} {he} developed fever, sore mouth and a spreading blistering rash over "
            "the trunk.",
            "On {onset_date} {he} noticed painful erosions of the lips and conjunctivitis, "
            "followed by target lesions.",
        ),
        ("{He} was managed in the burns unit with supportive care and ciclosporin 3 mg/kg.",),
        ("Skin biopsy confirmed full-thickness epidermal necrosis; 8% body surface area.",),
    ),
    "hyponatraemia": S(
        "Hyponatraemia",
        (
            "{Later} {he} became confused and unsteady and had two falls at home.",
            "{Later} {he} had nausea, headache and increasing drowsiness.",
        ),
        ("Fluid restriction to 1 L per day was started and the suspect drug was withheld.",),
        ("Serum sodium was 118 mmol/L, serum osmolality 248 mOsm/kg, urine sodium 64 mmol/L.",),
    ),
    "agranulocytosis": S(
        "Agranulocytosis",
        (
            "{Later} {he} developed a sore throat, mouth ulcers and fever of 38.7 C.",
            "On {onset_date} routine blood monitoring showed a very low neutrophil count.",
        ),
        ("{He} received piperacillin/tazobactam 4.5 g IV and filgrastim 5 ug/kg daily.",),
        ("Neutrophils were 0.1 x10^9/L, white cells 1.2 x10^9/L, haemoglobin 121 g/L.",),
    ),
    "bleeding": S(
        "Gastrointestinal haemorrhage",
        (
            "{Later} {he} passed black tarry stools and felt faint on standing.",
            "On {onset_date} {he} vomited fresh blood.",
        ),
        (
            "Anticoagulation was stopped; {he} received two units of red cells and "
            "vitamin K 10 mg IV.",
        ),
        (
            "Haemoglobin fell from 132 to 71 g/L; INR was 6.8.",
            "Haemoglobin 68 g/L, urea 18.2 mmol/L.",
        ),
    ),
    "angioedema": S(
        "Angioedema",
        ("{Later} {he} woke with marked swelling of the tongue and lips and difficulty speaking.",),
        ("{He} was given adrenaline nebulised and icatibant 30 mg SC; lisinopril was stopped.",),
        ("C1 esterase inhibitor level and C4 were normal.",),
    ),
    "lactic_acidosis": S(
        "Lactic acidosis",
        ("{Later} {he} developed vomiting, abdominal pain and rapid breathing.",),
        ("Metformin was withheld and {he} required haemodialysis for 48 hours.",),
        ("Lactate was 14.2 mmol/L, pH 6.98, bicarbonate 6 mmol/L, creatinine 389 umol/L.",),
    ),
    "tendon_rupture": S(
        "Tendon rupture",
        ("{Later} {he} felt a sudden snap in the back of the right ankle while climbing stairs.",),
        ("Ciprofloxacin was stopped; {he} was treated conservatively in an equinus cast.",),
        ("Ultrasound confirmed a complete rupture of the right Achilles tendon.",),
    ),
}
