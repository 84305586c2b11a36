from __future__ import annotations

import pytest

from deid_studio.core.categories import Category, LabelMap, Scheme, preset, preset_names


def test_presets_ship_and_pv_is_the_default() -> None:
    assert preset_names()[0] == "pv"
    assert set(preset_names()) == {"pv", "i2b2-2014", "meddocan"}


def test_pv_categories() -> None:
    scheme = preset("pv")
    assert scheme.names == (
        "PATIENT",
        "RELATIVE",
        "PROFESSIONAL",
        "ORGANIZATION",
        "LOCATION",
        "DATE",
        "AGE",
        "ID",
        "CONTACT",
        "PROFESSION",
        "OTHER",
    )
    keys = [c.key for c in scheme if c.key]
    assert len(keys) == len(set(keys)) == len(scheme)
    assert all(c.colour.startswith("#") and len(c.colour) == 7 for c in scheme)


def test_i2b2_has_seven_classes_with_subtypes() -> None:
    scheme = preset("i2b2-2014")
    roots = [c.name for c in scheme if c.parent is None]
    assert roots == ["NAME", "PROFESSION", "LOCATION", "AGE", "DATE", "CONTACT", "ID"]
    assert scheme.root("DOCTOR") == "NAME"
    assert scheme.root("ZIP") == "LOCATION"
    assert scheme.root("AGE") == "AGE"
    assert scheme["MEDICALRECORD"].parent == "ID"


def test_meddocan_covers_every_type_in_the_corpus() -> None:
    corpus_types = {
        "TERRITORIO",
        "FECHAS",
        "EDAD_SUJETO_ASISTENCIA",
        "NOMBRE_SUJETO_ASISTENCIA",
        "NOMBRE_PERSONAL_SANITARIO",
        "SEXO_SUJETO_ASISTENCIA",
        "CALLE",
        "PAIS",
        "ID_SUJETO_ASISTENCIA",
        "ID_TITULACION_PERSONAL_SANITARIO",
        "CORREO_ELECTRONICO",
        "ID_ASEGURAMIENTO",
        "HOSPITAL",
        "FAMILIARES_SUJETO_ASISTENCIA",
        "INSTITUCION",
        "ID_CONTACTO_ASISTENCIAL",
        "NUMERO_TELEFONO",
        "PROFESION",
        "NUMERO_FAX",
        "OTROS_SUJETO_ASISTENCIA",
        "CENTRO_SALUD",
        "ID_EMPLEO_PERSONAL_SANITARIO",
    }
    assert corpus_types <= set(preset("meddocan").names)


def test_unknown_preset_names_the_choices() -> None:
    with pytest.raises(ValueError, match="choose one of pv, i2b2-2014, meddocan"):
        preset("hipaa")


def test_scheme_refuses_duplicate_names_keys_and_unknown_parents() -> None:
    with pytest.raises(ValueError, match="appears twice"):
        Scheme("x", (Category("A", "#000000"), Category("A", "#000000")))
    with pytest.raises(ValueError, match="key 'a' is used by both A and B"):
        Scheme("x", (Category("A", "#000000", "a"), Category("B", "#000000", "A")))
    with pytest.raises(ValueError, match="unknown parent"):
        Scheme("x", (Category("A", "#000000", parent="Z"),))


def test_label_map_translates_foreign_labels_onto_pv() -> None:
    labels = LabelMap(preset("pv"))
    assert labels("NOMBRE_SUJETO_ASISTENCIA") == "PATIENT"
    assert labels("DOCTOR") == "PROFESSIONAL"
    assert labels("EMAIL_ADDRESS") == "CONTACT"
    assert labels("DATE") == "DATE"
    assert labels("patient") == "PATIENT"
    assert labels("WIDGET") is None
    assert labels.unknown(["DATE", "WIDGET", "GADGET", "WIDGET"]) == ["GADGET", "WIDGET"]


def test_label_map_prefers_the_users_mapping() -> None:
    labels = LabelMap(preset("pv"), {"PERSON": "PROFESSIONAL", "WIDGET": "OTHER"})
    assert labels("PERSON") == "PROFESSIONAL"
    assert labels("WIDGET") == "OTHER"


def test_with_categories_appends_new_ones_once() -> None:
    scheme = preset("pv").with_categories(["WIDGET", "DATE", "WIDGET"])
    assert scheme.names[-1] == "WIDGET"
    assert len(scheme) == len(preset("pv")) + 1
