"""The masking policy: presets by kind, overrides, options, stored form."""

from __future__ import annotations

import pytest

from deid_studio.core import preset
from deid_studio.mask import MaskingPolicy, PolicyError, kind_of
from deid_studio.mask.kinds import KINDS


def test_every_category_of_the_preset_schemes_has_a_kind() -> None:
    for name in ("pv", "i2b2-2014", "meddocan"):
        scheme = preset(name)
        assert all(c.name in KINDS for c in scheme), name
    assert kind_of("DOCTOR") == "person" and kind_of("FECHAS") == "date"
    assert kind_of("MY_CLINIC") == "other"


def test_a_custom_category_takes_its_parents_kind() -> None:
    scheme = preset("i2b2-2014")
    assert kind_of("HOSPITAL", scheme) == "organization"
    assert kind_of("NICKNAME", preset("pv").with_categories(["NICKNAME"])) == "other"


@pytest.mark.parametrize(
    ("preset_name", "expected"),
    [
        ("tags", {"PATIENT": "tag", "DATE": "shift", "AGE": "keep", "ID": "tag", "OTHER": "tag"}),
        (
            "surrogates",
            {
                "PATIENT": "surrogate",
                "DATE": "shift",
                "AGE": "keep",
                "ID": "surrogate",
                "OTHER": "tag",
            },
        ),
        ("redact", {"PATIENT": "tag", "DATE": "tag", "AGE": "tag", "ID": "tag", "OTHER": "tag"}),
    ],
)
def test_presets(preset_name: str, expected: dict[str, str]) -> None:
    actions = MaskingPolicy(preset=preset_name).actions_for(preset("pv"))
    assert {k: actions[k] for k in expected} == expected
    assert MaskingPolicy(preset="redact").tag("PATIENT") == "[PHI]"
    assert MaskingPolicy(preset="tags").tag("PATIENT") == "[PATIENT]"


def test_sex_is_kept_by_the_surrogates_preset() -> None:
    actions = MaskingPolicy(preset="surrogates").actions_for(preset("meddocan"))
    assert actions["SEXO_SUJETO_ASISTENCIA"] == "keep"
    assert actions["FECHAS"] == "shift" and actions["NOMBRE_SUJETO_ASISTENCIA"] == "surrogate"


def test_overrides_and_the_stored_form() -> None:
    policy = MaskingPolicy(
        preset="surrogates",
        actions={"PROFESSIONAL": "keep"},
        shift_days=(-30, 30),
        age_threshold=85,
        confidence=0.7,
    )
    assert policy.action("PROFESSIONAL", "person") == "keep"
    assert MaskingPolicy.from_json(policy.to_json()) == policy
    assert MaskingPolicy.from_json(None) == MaskingPolicy()
    assert policy.with_preset("tags").actions == {}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"preset": "hide"}, "unknown masking preset"),
        ({"actions": {"PATIENT": "blur"}}, "unknown masking action"),
        ({"shift_days": (0, 0)}, "only 0"),
        ({"shift_days": (10, -10)}, "empty"),
        ({"age_threshold": 200}, "age threshold"),
        ({"confidence": 1.5}, "confidence"),
    ],
)
def test_bad_policies_are_refused(options: dict, message: str) -> None:
    with pytest.raises(PolicyError, match=message):
        MaskingPolicy(**options)


def test_problems_with_the_scheme() -> None:
    policy = MaskingPolicy(actions={"PATIENT": "shift", "WIDGET": "tag"})
    assert policy.problems(preset("pv")) == [
        "PATIENT: only dates can be shifted",
        "WIDGET is not a category of the pv scheme",
    ]


def test_an_unreadable_stored_policy_is_an_error() -> None:
    with pytest.raises(PolicyError, match="unreadable"):
        MaskingPolicy.from_json({"shift_days": "soon"})
