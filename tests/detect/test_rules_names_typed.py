"""Names as people type them: a patient's name in lower case after the patient's word in
English notes, which no capital marks; with the words after the patient's word that are
no name."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("the patient, jacob, had a fever", "jacob"),
        ("The patient, john, said his arm hurt.", "john"),
        ("patient jacob miller had a rash", "jacob miller"),
        ("pt john smith had a rash after the dose", "john smith"),
        ("pt david brown was seen", "david brown"),
        ("the baby, emma, was fussy", "emma"),
    ],
)
def test_a_patients_name_typed_in_lower_case_is_found(text: str, name: str) -> None:
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize(
    "text",
    [
        "patient will follow up with her gp",
        "the patient, however, was fine",
        "the patient, who was 45, had a rash",
        "the patient, sunday, came back",
        "pt rose from bed and fell",
        "pt may need a second dose",
    ],
)
def test_a_word_after_the_patients_word_in_lower_case_is_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("seen by Dr.Smith at the clinic", "en", "Smith"),
        ("Mrs.Jones reported a rash", "en", "Jones"),
        ("DR.PATEL saw him on Monday", "en", "PATEL"),
        ("Remitido por: Dra.Cristina Cuerda. Unidad de Nutrición.", "es", "Cristina Cuerda"),
    ],
)
def test_a_name_run_into_its_title_is_found(text: str, language: str, name: str) -> None:
    """A title's dot with no blank after it ("Dr.Smith"), as notes and forms run them."""
    assert name in [
        found for kind in ("PERSON", "STAFF") for found in stretches(text, language, kind)
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Dr. Will Brown signed the report.", "Will Brown"),
        ("Patient Will Smith reported a rash.", "Will Smith"),
        ("Nurse May Smith gave the dose.", "May Smith"),
        ("Patient Summer Lee reported.", "Summer Lee"),
        ("Reported by April Lee.", "April Lee"),
        ("seen by Frank Miller today", "Frank Miller"),
        ("vaccinated by Will Brown at the clinic", "Will Brown"),
    ],
)
def test_a_first_name_that_is_a_word_before_a_surname_after_a_cue_is_a_name(
    text: str, name: str
) -> None:
    """ "Will", "May", "Summer", "April" are stopwords, months or common words: after a cue
    they open a name where a known surname follows them."""
    assert name in [f for kind in ("PERSON", "STAFF") for f in stretches(text, "en", kind)]


@pytest.mark.parametrize(
    "text",
    [
        "Patient Will Be Seen tomorrow.",
        "Dr. Will see her on Monday.",
        "Patient May Need a second dose.",
        "seen by Cardiology, given by mouth",
        "Assessed by AMR and transported to ED",
        "epinephrine administered by De Pere EMS",
    ],
)
def test_a_word_after_a_cue_without_a_surname_after_it_is_no_name(text: str) -> None:
    assert [f for kind in ("PERSON", "STAFF") for f in stretches(text, "en", kind)] == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("el dr gomez me receto amoxicilina y me salieron ronchas", "es", "gomez"),
        ("la dra. garcia lopez me atendio", "es", "garcia lopez"),
        ("le dr dupont m'a prescrit du doliprane", "fr", "dupont"),
        ("il dott. rossi mi ha prescritto amoxicillina", "it", "rossi"),
        ("o dr. silva receitou amoxicilina", "pt", "silva"),
        ("dr. schmidt hat mir ramipril verschrieben", "de", "schmidt"),
    ],
)
def test_a_surname_typed_in_lower_case_after_a_title_is_found(
    text: str, language: str, name: str
) -> None:
    """Patients write their doctor's name in lower case, accents left out: a surname of the
    language's people after a title is one there too."""
    assert stretches(text, language, "STAFF") == [name]


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("la sra. toma ibuprofeno", "es"),
        ("el dr. de guardia me vio", "es"),
        ("el dr. me dijo que", "es"),
        ("atribuyendo al profesor amigo el cambio", "es"),
        ("il dott. ha detto di sospendere", "it"),
        ("le dr. traitant a été prévenu", "fr"),
    ],
)
def test_a_word_in_lower_case_after_a_title_is_no_name(text: str, language: str) -> None:
    assert [f for k in ("PERSON", "STAFF") for f in stretches(text, language, k)] == []


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Il dott. Marco Della Valle ha visitato la paziente.", "it", "Marco Della Valle"),
        ("Il dott. Luca Lo Presti ha segnalato la reazione.", "it", "Luca Lo Presti"),
        ("La Sig.ra Maria Grazia Lo Russo, di anni 82", "it", "Maria Grazia Lo Russo"),
        ("Gez. Dr. Bernd zu Guttenberg, Assistenzarzt", "de", "Bernd zu Guttenberg"),
        ("Dr. Weber zu Hause angerufen", "de", "Weber"),
    ],
)
def test_a_surname_after_its_particle_is_part_of_the_name(
    text: str, language: str, name: str
) -> None:
    """Italian and German particles ("Della", "Lo", "zu") sit inside a name as "de la" does;
    not before an everyday German noun ("zu Hause", at home)."""
    assert name in [f for k in ("PERSON", "STAFF") for f in stretches(text, language, k)]


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Thanks, Grace", "en", "Grace"),
        ("Best regards, Mary Smith, RN", "en", "Mary Smith"),
        ("Obrigada, Graça", "pt", "Graça"),
        ("cordialement, helene", "fr", "helene"),
        ("saludos, juan", "es", "juan"),
        ("LG Petra", "de", "Petra"),
        ("soy pedro, tengo 40 años", "es", "pedro"),
        ("sono giulia e ho 30 anni", "it", "giulia"),
        ("mi hija maria tuvo fiebre", "es", "maria"),
    ],
)
def test_a_writers_name_after_a_closing_or_an_introduction_is_found(
    text: str, language: str, name: str
) -> None:
    """Messages sign with a first name after their closing, in lower case and without its
    accents too; patients introduce themselves with "soy", "sono", "sou"."""
    found = [f for k in ("PERSON", "RELATIVE") for f in stretches(text, language, k)]
    assert name in found


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Thanks GOD I did not get hurt", "en"),
        ("Regards, Pharmacovigilance Department", "en"),
        ("Thanks, will do", "en"),
        ("gracias, doctor", "es"),
        ("soy alérgica a la penicilina", "es"),
        ("sono stata male", "it"),
    ],
)
def test_a_closing_or_an_introduction_before_no_name_finds_none(text: str, language: str) -> None:
    assert stretches(text, language, "PERSON") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Agent: What's your last name? Magnusson", "Magnusson"),
        ("What's your name? Jildau S Bouts", "Jildau S Bouts"),
        ("what is your name?\nSölvi Salómonsson", "Sölvi Salómonsson"),
        ('"Sweden is moving in that direction," says Becker.', "Becker"),
        ('"It hurts," said Du Cane.', "Du Cane"),
        ("my name is borna jerković but everyone calls me Borna", "Borna"),
        ("sometimes people call me višeslav", "višeslav"),
        ("my name is višeslav jerković", "višeslav jerković"),
    ],
)
def test_an_answer_a_quotes_speaker_and_an_unknown_name_introduced_are_names(
    text: str, name: str
) -> None:
    """A name asked for and answered, a quotation's speaker after its verb, and a name no
    list knows, typed in lower case after "my name is" or "call me" (before, all left in the
    Presidio set's text by the rules alone)."""
    assert name in stretches(text, "en", "PERSON")


@pytest.mark.parametrize(
    "text",
    [
        "What's your name? I don't know.",
        "the patient said Tylenol helped",
        '"It hurts," she said.',
        "call me tmrw",
        "call me asap or call me back",
        "he calls me every day",
    ],
)
def test_a_question_a_verb_or_a_word_after_an_introduction_is_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("nurse amy smith gave me the shot", "amy smith"),
        ("pharmacist kevin brown said it was fine", "kevin brown"),
        ("my friend tom smith had the same thing", "tom smith"),
    ],
)
def test_a_name_typed_in_lower_case_after_a_job_or_a_friend_is_found(text: str, name: str) -> None:
    assert name in [f for k in ("PERSON", "STAFF") for f in stretches(text, "en", k)]


@pytest.mark.parametrize(
    "text", ["the nurse was nice", "nurse practitioner came", "my friend said it hurt"]
)
def test_a_word_after_a_job_or_a_friend_in_lower_case_is_no_name(text: str) -> None:
    assert [f for k in ("PERSON", "STAFF") for f in stretches(text, "en", k)] == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("PT JOHN SMITH 45M RECEIVED THE SECOND DOSE AND DEVELOPED A RASH.", "JOHN SMITH"),
        ("PT MARY JONES RECEIVED DOSE 1 ON 12/28/2020 AT THE PHARMACY.", "MARY JONES"),
    ],
)
def test_a_name_after_pt_in_a_narrative_in_capitals_is_found(text: str, name: str) -> None:
    """In capitals "PT" is the patient, not physical therapy; "MARY" is a common word too,
    taken before a known surname."""
    assert stretches(text, "en", "PERSON") == [name]


@pytest.mark.parametrize(
    "text",
    [
        "PT ROSE FROM BED AND FELL, THEN DEVELOPED A RASH ON THE ARM.",
        "PT WAS SEEN IN PT AND TOLERATED THE SESSION WELL TODAY.",
    ],
)
def test_a_word_after_pt_in_capitals_without_a_surname_is_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "birth_name"),
    [
        ("Mme Martin (née Dupuis), 70 ans, hospitalisée.", "Dupuis"),
        ("Mme Jeanne Martin, née Dupuis, a présenté une urticaire.", "Dupuis"),
    ],
)
def test_a_french_birth_name_after_a_frequent_surname_is_found(text: str, birth_name: str) -> None:
    """ "Martin" is a frequent French word as a surname: the name before "née" all the same."""
    assert birth_name in stretches(text, "fr", "PERSON")


def test_a_child_born_is_no_birth_name() -> None:
    assert stretches("Enfant née Prématurée, transférée.", "fr", "PERSON") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Informe de alta. Paciente: ORTEGA RUIZ, MARÍA DEL MAR. NHC: 1234567. Ingresa.",
            "ORTEGA RUIZ, MARÍA DEL MAR",
        ),
        (
            "Informe de alta. Paciente: ORTEGA RUIZ, María de los Ángeles; ingresa con fiebre",
            "ORTEGA RUIZ, María de los Ángeles",
        ),
        ("Patient: Smith, John. Seen today for a rash.", "Smith, John"),
    ],
)
def test_given_names_with_particles_after_the_surnames_comma_are_found(
    text: str, name: str
) -> None:
    """A compound given name after the surnames ("MARÍA DEL MAR"), to the sentence's full
    stop: "DEL MAR" was left."""
    assert name in stretches(text, "es" if "Paciente" in text else "en", "PERSON")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("nurse amy gave me the shot", "amy"),
        ("my friend tom had the same thing", "tom"),
        ("called pharmacy and spoke w/ pharmacist kevin", "kevin"),
        ("patient kim had rash", "kim"),
        ("pt sarah had hives", "sarah"),
        ("my neighbor jim", "jim"),
        ("my friend mark told me", "mark"),
    ],
)
def test_a_lower_case_first_name_alone_before_its_verb_or_the_clauses_end_is_a_name(
    text: str, name: str
) -> None:
    """Only two names or a name between commas were read after the cue."""
    assert name in [s for kind in ("PERSON", "STAFF") for s in stretches(text, "en", kind)]


@pytest.mark.parametrize(
    "text",
    ["patient will follow up", "the patient may have", "my friend said", "patient grace period"],
)
def test_a_word_after_the_patients_or_a_friends_word_is_no_name(text: str) -> None:
    assert stretches(text, "en", "PERSON") == []
