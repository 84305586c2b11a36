from __future__ import annotations

from deid_studio.detect.features import FeatureConfig, Featurizer, shape, short_shape


def test_shapes() -> None:
    assert shape("Cuéllar") == "Xxxxxxx" and short_shape("Cuéllar") == "Xx"
    assert shape("12/03") == "dd/dd" and short_shape("AB12") == "Xd"


def feature_set(features: list[bytes]) -> set[str]:
    return {f.decode() for f in features}


def test_a_token_sees_its_word_its_neighbours_and_the_line_edges() -> None:
    featurizer = Featurizer(FeatureConfig(rules=False), "es")
    [line] = featurizer.lines("Nombre: Ana Garcia")
    assert [t.text for t in line.tokens] == ["Nombre", ":", "Ana", "Garcia"]
    first, _, ana, garcia = (feature_set(f) for f in line.features)
    assert {"w=nombre", "T", "first", "kw", "-1:w=<s>", "-2:w=<s>", "1:w=:"} <= first
    assert {"w=ana", "fn", "k=nombre", "-2:w=nombre", "1:w=garcia", "1:ln"} <= ana
    assert {"w=garcia", "ln", "s3=cia", "p2=ga", "1:w=<e>", "2:w=<e>"} <= garcia


def test_stopwords_follow_the_language() -> None:
    spanish = Featurizer(FeatureConfig(rules=False), "es").lines("de la casa")
    english = Featurizer(FeatureConfig(rules=False), "en").lines("de la casa")
    assert "sw" in feature_set(next(spanish).features[0])
    assert "sw" not in feature_set(next(english).features[0])


def test_rule_hits_become_features_of_the_token_and_its_neighbours() -> None:
    class Hit:
        def __init__(self, start: int, end: int, kind: str) -> None:
            self.start, self.end, self.kind = start, end, kind

    text = "Ingreso el 12/03/2020 ayer"
    [line] = Featurizer(FeatureConfig(), "es").lines(text, [Hit(11, 21, "DATE")])
    by_token = dict(
        zip((t.text for t in line.tokens), (feature_set(f) for f in line.features), strict=False)
    )
    assert "+1:r=DATE" in by_token["el"]
    assert "r=DATE:b" in by_token["12"] and "r=DATE:i" in by_token["03"]
    assert "-1:r=DATE" in by_token["ayer"]


def test_lines_are_separate_sequences_whatever_the_line_ending() -> None:
    featurizer = Featurizer(FeatureConfig(rules=False), "es")
    text = "uno dos\r\ntres\rcuatro\n\ncinco"
    lines = list(featurizer.lines(text))
    assert [[t.text for t in line.tokens] for line in lines] == [
        ["uno", "dos"], ["tres"], ["cuatro"], ["cinco"],
    ]  # fmt: skip
    assert all(text[t.start : t.end] == t.text for line in lines for t in line.tokens)


def test_config_round_trips_through_json() -> None:
    config = FeatureConfig(window=3, rules=False)
    assert FeatureConfig.from_dict({**config.to_dict(), "unknown": 1}) == config


def test_a_word_no_list_knows_is_a_kind_of_its_own_for_the_crf() -> None:
    """The unknown-word rules suggest a PERSON, but the CRF weighs their guess apart from the
    names a cue found."""
    from deid_studio.detect.rules import find

    text = "follow up with Szöllösy in a couple of months"
    hits = find(text, "en")
    assert [(text[h.start : h.end], h.kind, h.rule) for h in hits] == [
        ("Szöllösy", "PERSON", "unknown_word")
    ]
    [line] = Featurizer(FeatureConfig(), "en").lines(text, hits)
    by_token = dict(
        zip((t.text for t in line.tokens), (feature_set(f) for f in line.features), strict=False)
    )
    assert "r=UNKNOWN:b" in by_token["Szöllösy"] and "+1:r=UNKNOWN" in by_token["with"]
    assert not any("PERSON" in f for f in by_token["Szöllösy"])


def test_tokens_between_a_street_and_its_postcode_carry_both_kinds() -> None:
    class Hit:
        def __init__(self, start: int, end: int, kind: str) -> None:
            self.start, self.end, self.kind = start, end, kind

    text = "C/ Mayor, 3 - 5º 2ª 08022 Barcelona y mucho texto más allá de todo"
    street, postcode = Hit(0, 11, "STREET"), Hit(20, 25, "POSTCODE")
    [line] = Featurizer(FeatureConfig(), "es").lines(text, [street, postcode])
    by_token = {t.text: feature_set(f) for t, f in zip(line.tokens, line.features, strict=True)}
    # "- 5º 2ª" lies within reach after the street and before the postcode
    assert {"ak=STREET", "bk=POSTCODE"} <= by_token["º"]
    assert "ak=POSTCODE" in by_token["Barcelona"]
    # beyond the reach (4 tokens), and on the hits themselves, nothing
    assert not {f for f in by_token["allá"] if f.startswith(("ak=", "bk="))}
    assert not {f for f in by_token["Mayor"] if f.startswith(("ak=", "bk="))}
    # a model stored before the family knew nothing of it: off
    assert FeatureConfig.from_dict({"window": 2}).reach == 0
    [old] = Featurizer(FeatureConfig(reach=0), "es").lines(text, [street, postcode])
    assert not any(f.startswith((b"ak=", b"bk=")) for fs in old.features for f in fs)
