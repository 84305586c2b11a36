"""Institutions of German, French, Italian and Portuguese reports that the kind's words did
not reach: a Portuguese pharmacy ("Farmácia Silva"), a pharmacy's name after its particle
("Pharmacie du Marché"), an Italian mental health centre or hospital presidium, a German
hospital of a church or an order ("Evangelisches Krankenhaus Mülheim", "Krankenhaus der
Barmherzigen Brüder Regensburg")."""

from __future__ import annotations

import pytest
from rulefinds import stretches


@pytest.mark.parametrize(
    ("text", "language", "institution"),
    [
        ("Farmácia Silva, Braga, notificou.", "pt", "Farmácia Silva"),
        ("Notificado pela Farmácia Santa Luzia.", "pt", "Farmácia Santa Luzia"),
        ("Le pharmacien (Pharmacie du Marché, Quimper) déclare", "fr", "Pharmacie du Marché"),
        (
            "Seguito dal Centro di Salute Mentale di Trieste.",
            "it",
            "Centro di Salute Mentale di Trieste",
        ),
        ("ricoverato presso il Presidio Ospedaliero di Lodi", "it", "Presidio Ospedaliero di Lodi"),
        (
            "Aufnahme im Evangelischen Krankenhaus Mülheim.",
            "de",
            "Evangelischen Krankenhaus Mülheim",
        ),
        (
            "Aufnahme im Krankenhaus der Barmherzigen Brüder Regensburg.",
            "de",
            "Krankenhaus der Barmherzigen Brüder Regensburg",
        ),
    ],
)
def test_an_institution_after_its_kind_is_taken(text: str, language: str, institution: str) -> None:
    assert institution in stretches(text, language, "INSTITUTION")


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("comprei na farmácia ontem", "pt"),
        ("à la pharmacie du coin", "fr"),
        ("Il centro di salute mentale ha seguito il paziente.", "it"),
        ("im Evangelischen Krankenhaus wurde er behandelt", "de"),
        ("im Krankenhaus am Montag aufgenommen", "de"),
    ],
)
def test_the_kinds_words_alone_name_no_institution(text: str, language: str) -> None:
    assert stretches(text, language, "INSTITUTION") == []


def test_an_orders_brothers_name_no_firm() -> None:
    """The brothers of an order's hospital ("Barmherzige Brüder") are no word of an
    institution's kind: "Bruder" still names a firm ("bei Bruder e.G.")."""
    text = "Sie arbeitet als Lkw-Fahrer bei Bruder e.G.."
    assert stretches(text, "de", "INSTITUTION") == ["Bruder"]


def test_a_rare_adjective_after_an_institutions_word_names_it() -> None:
    """ "Complutense" is in the English common-word list, and the university was left; a
    department's rare words after a unit's are no institution of their own."""
    assert stretches("Estudia en la Universidad Complutense.", "es", "INSTITUTION") == [
        "Universidad Complutense"
    ]
    assert (
        stretches("Unidad de Nutrición Clínica y Dietética del hospital.", "es", "INSTITUTION")
        == []
    )


def test_a_german_hospitals_closed_compound_before_its_town_is_an_institution() -> None:
    """ "Oberschwabenklinik Ravensburg": the town alone was read, the clinic's name left."""
    letter = "Dr. med. Jonas Eberhardt, Oberarzt, Oberschwabenklinik Ravensburg."
    assert stretches(letter, "de", "INSTITUTION") == ["Oberschwabenklinik"]
    assert stretches(letter, "de", "CITY") == ["Ravensburg"]
    assert stretches("im Marienhospital Stuttgart", "de", "INSTITUTION") == ["Marienhospital"]
    assert stretches("Die Kinderklinik Heute ist voll", "de", "INSTITUTION") == []
    text = "Aufnahme in Universitätsklinikum Dieburg (Fallnummer 9260650935)."
    assert stretches(text, "de", "INSTITUTION") == ["Universitätsklinikum Dieburg"]
