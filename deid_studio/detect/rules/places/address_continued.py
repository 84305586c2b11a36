"""The rest of an address after its street line or its institution (rule
``address_continued``): up to four parts — a town, a country, a region's code, a postcode —
between commas, line breaks, bars or a preposition of place ("228 Ringvej 144 > Apt. 902 >
TRONDHEIM > Norway 64389", "Lindenstraße 12 in Musterdorf"), each a known place or no common
word; not the next block of a letter nor the next field's key.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import regex

from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import Places, places
from deid_studio.detect.rules.base import RuleHit, alternation
from deid_studio.detect.rules.places.common import _TOKEN, _WARDS, _field_key, _past_prefix
from deid_studio.detect.rules.places.towns import _POSTCODE, _TOWN_WORDS, _prefixed
from deid_studio.detect.rules.words import Lexicon

_PLACE_PREPOSITIONS = frozenset({"in", "à", "en"})
_SEPARATOR = regex.compile(
    r"[ \t]*(?:(?:,|>|\||\n|;|-|[•·\u2013\u2014]|\?{2,3})[ \t]*){1,3}|[ \t]{2,}"
    rf"|[ \t]+(?:{alternation(_PLACE_PREPOSITIONS)})[ \t]+(?=\p{{Lu}})|[ \t]+"
)
"""Between an address's parts: commas, line breaks (a blank line too, a quoted "> "),
bars, bullets, runs of blanks, a preposition of place before a capital after a street
("Lindenstraße 12 in Musterdorf", "3 rue de la Paix à Lyon")."""
_UNHEARD = 2.0
"""The Zipf frequency below which a word after a street and its preposition is a town no
list knows ("Lindenstraße 12 in Musterdorf"), not a noun ("in Quarantäne", 3.0)."""


def _town_after_preposition(
    part: str, words: Sequence[str], known: Places, language: str | None
) -> bool:
    """Whether the words after a street and "in"/"à"/"en" are its town: a place of the
    gazetteer, or words no dictionary of the language or of English knows."""
    if known.match(tuple(words)) is not None:
        return True
    return all(
        zipf(w, language) < _UNHEARD and zipf(w, "en") < _UNHEARD for w in _TOKEN.findall(part)
    )


_BLANK_LINE = regex.compile(r"\n[ \t]*\r?\n")


_ADDRESS_PART = regex.compile(
    r"(?!\p{Lu}\.(?:[\p{L}º]|[ \t]+\p{Ll}))"  # an abbreviation ("S.L.", "C.P.", "C. de"), not a
    # flat's letter ("3º B. 41009")
    rf"(?:(?P<code>\p{{Lu}}{{2,3}}(?:[ \t]+\d{{4,6}})?)(?![\p{{L}}\d])"
    rf"|(?P<words>{_TOWN_WORDS})(?:[ \t]+\([^()\n]{{1,30}}\))?(?![\p{{L}}\d])"
    r"|(?P<lower>\p{Ll}[\p{L}\p{M}]+(?:[ \t]\p{Ll}[\p{L}\p{M}]+){0,3})(?![\p{L}\d])"
    rf"|(?:{_POSTCODE})(?![\p{{L}}\d]))",
    regex.UNICODE,
)
"""One part of an address after its street: a town or country (its words, or lower-case
when the gazetteer knows it, an aside in brackets: "Cyprus (Greek)"), a region's code with
or without the postcode ("NO 14908", "MQ"), a postcode."""


def _continued(
    text: str, found: list[RuleHit], lex: Lexicon, language: str | None
) -> Iterator[RuleHit]:
    """The rest of an address after its street line or its institution: up to four parts
    that are capitalised words, region codes or postcodes ("228 Ringvej 144 > Apt. 902 >
    TRONDHEIM > Norway 64389", "Exeter Leisure Centre, Exeter"), each a known place or no
    common word."""
    known = places(language)
    for hit in list(found):
        if hit.kind not in ("STREET", "INSTITUTION", "ORGANISATION"):
            continue
        position = hit.end
        for _ in range(4):
            separator = _SEPARATOR.match(text, position)
            if separator is None:
                break
            preposition = separator.group().strip() in _PLACE_PREPOSITIONS
            if preposition and hit.kind != "STREET":
                break  # "Laboratorio de Pericias en Odontología Forense": a name goes on
            part = _ADDRESS_PART.match(text, separator.end())
            if part is None:
                break
            words = tuple(fold(w) for w in _TOKEN.findall(part.group()))
            if preposition and not _town_after_preposition(part.group(), words, known, language):
                break  # "Lindenstraße 12 in Quarantäne", "5 Elm Street in Bad Weather"
            if _BLANK_LINE.search(separator.group()) and any(lex.everyday(w) for w in words):
                break  # the next block of a letter: "Cher confrère", though Cher is a place
            if "\n" in separator.group() and _KEY_AFTER.match(text, part.end()):
                break  # the next field's key: "CHU de Besson\nDate de réception :"
            if _field_key(text, part.start(), part.end()) is not None:
                break  # a key on the same line: "Paseo NºCol: 08-08-25574"
            if len(part.group()) <= 3 and _COLON_AFTER.match(text, part.end()) is not None:
                break  # a letter's key after a signature's institution: "Banner Health T:"
                # (a town before a key stays one: "Calle Mayor 3, Fuentelapeña: teléfono")
            if part.group("lower") is not None:
                if known.match(words) is None or (len(words) == 1 and words[0] in known.ambiguous):
                    break
            elif part.group("code") is not None:
                code = part.group("code")
                if (
                    position == hit.end
                    and hit.kind == "INSTITUTION"
                    and not separator.group().strip()
                    and fold(code) in _DEPARTMENTS_AFTER
                ):
                    position = part.end()
                    continue  # "Mercy Hospital ED, Tulsa": a department, then the address
                    # (after a town the letters are a state's: "Jackson, MS", "Hartford, CT")
                if not any(c.isdigit() for c in code) and fold(code) in lex.stop:
                    break  # "IN", "THE": a sentence in capitals goes on
            elif (
                known.match(words) is None
                and not (_prefixed(words, lex) and words[-1] not in _BUILDING_PARTS)
                and any(lex.is_word(w) for w in _past_prefix(words) if len(w) > 1)
            ):
                break  # "Herrn" after an address block: the next block's salutation
            kind = "POSTCODE" if _DIGITS_ONLY.fullmatch(part.group()) else "CITY"
            yield RuleHit(*part.span(), kind, "address_continued")
            position = part.end()


_DIGITS_ONLY = regex.compile(r"\d{3,6}(?:[ -]\d{2,4})?")
"""A part of digits alone: the address's postcode ("Währinger Gürtel 18, [1090] Wien")."""
_DEPARTMENTS_AFTER = _WARDS - {"va"}
"""A hospital's departments by the letters that follow its name with a blank ("Saint Francis
Hospital ER"); "VA" there is Virginia ("Sentara Hospital VA")."""


_COLON_AFTER = regex.compile(r"[ \t]*:(?![/\d])")
"""A colon right after a part of one to three letters, not a time's: the part is a field's
key ("T: (602) 555-0147", "Tel:")."""
_KEY_AFTER = regex.compile(r"[^\n\r:,;.()]{0,25}\.?:(?![/\d])")
"""The rest of a field's key on its line, up to its colon (not a time's, "10:30"; "Betr.:")."""


_BUILDING_PARTS = frozenset(
    "wing block tower building annex annexe campus entrance side unit ward floor hall".split()
)
"""Words after a town's prefix that name a part of a building, not a town ("General
Hospital, North Wing")."""
