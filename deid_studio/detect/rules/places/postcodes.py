"""Towns by their postcode: the town after a postcode ("28035 Madrid", "D-12345 Berlin";
``town_after_postcode``) and the street without its type word before it ("Los Alisos, 10.
13002"; ``street_before_postcode``), the town before a British postcode, a US town and state
before a ZIP code ("Baltimore, MD 21201"), and a ZIP code after a town found. The postcode
patterns are tried only at runs of four or five digits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import place_tokens, places, us_town_states
from deid_studio.detect.rules.anchors import digit_runs
from deid_studio.detect.rules.base import RuleHit, alternation, matches_at
from deid_studio.detect.rules.places.common import (
    _ABBREVIATIONS,
    _CAP,
    _NON_BLANK,
    _PARTICLE,
    _PARTICLE_WORDS,
    _TOKEN,
    _WORD,
    _town_words,
    _trim,
    _unknown_town,
)
from deid_studio.detect.rules.places.institution_words import _INSTITUTION_WORDS
from deid_studio.detect.rules.places.street_words import _STREET_WORDS
from deid_studio.detect.rules.words import NAME_ENDS, Lexicon

_POSTCODE_TOWN = regex.compile(
    rf"(?<![\p{{L}}\d/-])(?P<prefix>[A-Z]{{1,2}}-)?(?P<code>\d{{4,5}})"
    rf"(?P<stop>(?<=\d{{5}})[.,])?[ \t]+"
    rf"(?P<town>{_WORD}(?:[ \t]+(?:(?:de|del|la|am|an|der|im|sur|sous|en)[ \t]+)?{_WORD}){{0,2}})",
    regex.UNICODE,
)
_CEDEX = regex.compile(r"[ \t]+(?i:cedex)(?![\p{L}\p{M}])(?:[ \t]+\d{1,2}(?!\d))?")
"""A French firm's or hospital's postal box after its town, with its number ("44093 Nantes
Cedex 1"): the town is read without it, and the hit goes on over it."""
_US_STATES = (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
).split()
_STATE_CODE_WORDS = frozenset("in or me ok hi oh id".split())
_UK_POSTCODE = regex.compile(
    r"(?<![\p{L}\p{N}])[A-Z]{1,2}\d[A-Z\d]?[ \t]\d[A-Z]{2}(?![\p{L}\p{N}])"
)
_TOWN_BEFORE_CODE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}'\u2019-])(?P<town>{_WORD}(?:[ \t]+{_WORD}){{0,2}}),?[ \t]+\Z"
)
"""A town right before a British postcode: "Joe Port, [Connortown] M7 3ZR", "Ball Locks,
[Hallfort], CT3 7RP"."""
_ADDRESS_PART_BEFORE = re.compile(r"(?:[,;]|^)[ \t]*\Z", re.MULTILINE)
"""Where a four-digit postcode starts an address's town part: after a comma or at a line's
start ("Landstraße 12, [4020] Linz"), not after a word ("in 2019 Madrid")."""
_SIX_DIGITS = re.compile(r"(?<![\w/.,-])\d{6}(?![\w/]|[.,]\d)")
_TOWN_BEFORE_SIX_DIGITS = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}'\u2019-])(?P<town>{_WORD}(?:[ \t]+{_WORD}){{0,2}})"
    r"[ \t]*[-\u2013,]?[ \t]*\Z"
)
"""A known town before six digits, an Indian, Chinese, Russian or Singaporean postcode
("Chennai [600018]", "HYDERABAD - [500034]", "Singapore [238859]")."""
_AUSTRALIAN_STATES = "NSW VIC QLD TAS ACT NT SA WA"
_AUSTRALIAN_STATE_WORDS = tuple(f"{state} " for state in _AUSTRALIAN_STATES.split())
_AUSTRALIAN_STATE_HINT = re.compile(rf"\b(?:{'|'.join(_AUSTRALIAN_STATES.split())})[ \t]+\d{{4}}\b")
_AUSTRALIAN_STATE_CODE = regex.compile(
    rf"(?P<town>(?:{_WORD}[ \t]){{0,2}}{_WORD}),?[ \t]+"
    rf"(?-i:{alternation(_AUSTRALIAN_STATES.split())})[ \t]+(?P<code>\d{{4}})(?![\w/])"
)
"""An Australian suburb, its state and its four-digit postcode ("Coogee NSW 2034",
"Kirribilli, NSW 2061")."""
_TOWN_STATE_ZIP = regex.compile(
    rf"(?P<town>(?:{_WORD}[ \t]){{0,2}}{_WORD}),[ \t]+(?P<state>{alternation(_US_STATES)})"
    rf"[ \t]+\d{{5}}(?:-\d{{4}})?(?!\d)",
    regex.UNICODE,
)
_STATE_ZIP = regex.compile(
    rf"(?<![\p{{L}}])(?P<state>{alternation(_US_STATES)})[ \t]+\d{{5}}(?:-\d{{4}})?(?!\d)"
)


_CODE_BEFORE_WORD = re.compile(
    r"(?<![\w-])(?:[A-Z]{1,2}-)?\d{4,5}(?:(?<=\d{5})[.,])?[ \t]+[^\W\d_]"
)
_CODE_AFTER_STATE = re.compile(r"\b[A-Z]{2}[ \t]+\d{5}")


def _code_starts(text: str) -> list[int]:
    """Where :data:`_CODE_BEFORE_WORD` may match: four or five digits, or a country's
    letters and a hyphen before them ("D-12345")."""
    starts = set()
    for start, end in digit_runs(text):
        if 4 <= end - start <= 5:
            starts.add(start)
            if start >= 2 and text[start - 1] == "-":
                starts.update(p for p in (start - 3, start - 2) if p >= 0)
    return sorted(starts)


def _state_before_zip(text: str) -> bool:
    """Whether :data:`_CODE_AFTER_STATE` matches: two capitals, blanks, five digits."""
    for start, end in digit_runs(text):
        if end - start >= 5:
            blanks = start
            while blanks > 0 and text[blanks - 1] in " \t":
                blanks -= 1
            if 2 <= blanks < start and _CODE_AFTER_STATE.match(text, blanks - 2):
                return True
    return False


_UNTYPED_STREETS = frozenset({None, "es", "pt", "it", "fr"})
"""Languages whose addresses leave out the street's type word before its name at times
("Los Alisos, 10. 13002 Ciudad Real"; they write it before the name when they write it)."""
_STREET_BEFORE_CODE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}\d.'\u2019-])((?:{_CAP}[ \t]+(?:{_PARTICLE}[ \t]+)*){{0,3}}{_CAP}"
    rf",?[ \t]*\d{{1,5}}(?:[ \t]*[,-][ \t]*\d{{1,2}}(?:\.?[º°ªo])?"
    r"(?:[ \t-]?[A-Z](?![\p{L}\d-]))?)?)[.,]?[ \t]+\Z"
)
"""A street without its type word, then its postcode: its name's capitalised words, the house
number and the floor ("Los Alisos, 10. 13002", "Ramón Puga, 52. 32005", "Colón, 28, 1º.")."""


_TITLE_ABBREVIATIONS = (
    *_ABBREVIATIONS,
    *"Dres Sr Sra Srta Sres Dª Profa Hnos Hno Avd Avda Pza Ctra Crta Urb Esc Mr Mrs Ms".split(),
)
"""The abbreviations whose full stop ends no part of an address ("Hospital Dr. Peset")."""
_ABBREVIATION_BEFORE = rf"(?<![\p{{L}}\p{{M}}]){alternation(_TITLE_ABBREVIATIONS)}"
_FIELD_BOUNDARY = regex.compile(rf"(?:\A|[\n\r,;(][ \t]*|(?<!{_ABBREVIATION_BEFORE})\.[ \t]+)\Z")
"""Where a part of an address starts: a line, a comma, a full stop that ends no title's or
street's abbreviation ("Hospital Dr. Peset" goes on; "Vive en Lugo. Los Alisos, 10" starts
anew); not a key's colon ("Paciente: Ana García Pérez, 45." is a name and an age)."""


def _street_before_code(text: str, code: int, lex: Lexicon) -> tuple[int, int] | None:
    """The street written right before the postcode at ``code``, from the start of its line or
    part of the address (after a full stop or a comma), unless its first word is an
    institution's ("Hospital Clínico, 2. 28040" is no street) or its words are everyday words
    of the narrative's language ("Planta Baja, 2. 28040")."""
    match = _STREET_BEFORE_CODE.search(text, max(0, code - 70), code)
    if match is None or not _FIELD_BOUNDARY.search(
        text, max(0, match.start(1) - 4), match.start(1)
    ):
        return None  # its words go on from what stands before: "Hospital La Paz Paseo de ..."
    words = [fold(w) for w in _TOKEN.findall(match.group(1)) if not w.isdigit()]
    if not words or words[0] in _INSTITUTION_WORDS or words[0] in NAME_ENDS:
        return None
    if any(w in _STREET_WORDS for w in words):
        return None  # a street with its type word, the other rules' ("Paseo de Carmelitas 20")
    if all(lex.everyday(w) or w in _PARTICLE_WORDS for w in words):
        return None
    return match.span(1)


def _towns(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    known = places(language)
    for candidate in matches_at(_CODE_BEFORE_WORD, text, _code_starts(text)):
        match = _POSTCODE_TOWN.match(text, candidate.start())
        if match is None:
            continue
        code = match.group("code")
        start, end = _trim(text, *match.span("town"))
        cedex = _CEDEX.search(text, start, end)
        cedex_end = None
        if cedex is not None and cedex.start() > start:  # "44093 Nantes Cedex 1"
            end, cedex_end = cedex.start(), _CEDEX.match(text, cedex.start()).end()
        written = _TOKEN.findall(text, start, end)
        if known.match(tuple(fold(w) for w in written)) is None:
            while len(written) > 1 and known.match((fold(written[-1]),)) == "COUNTRY":
                end = _trim(text, start, text.rfind(written.pop(), start, end))[1]  # "Madrid
                # [España]": the country is found as one
        words = [fold(w) for w in _TOKEN.findall(text[start:end])]
        if match.group("stop") and (
            known.match(tuple(words)) is None or words[0] in lex.stop or len(words[0]) < 3
        ):
            continue  # after "12345." or "12345," only a known town: "E-41013. Sevilla"; not
            # "28/28/69932. Se ha solicitado" ("Se" names a place somewhere)
        district = (  # "37079 Göttingen-Weende": a known town and its district
            len(words) == 2
            and text.find("-", start, end) > 0
            and known.match((words[0],)) is not None
        )
        if (
            known.match(tuple(words)) is None
            and not district
            and (
                (len(code) == 4 and not match.group("prefix"))  # a year: "2021 Pfizer"
                or any(w in lex.common or w in lex.stop for w in words)
                or (text[start:end].isupper() and len(text[start:end]) <= 3)  # "50000 IU"
            )
        ):
            continue
        if cedex_end is not None:
            end = cedex_end
        yield RuleHit(start, end, "CITY", "town_after_postcode")
        if match.group("stop") or (
            len(code) == 4
            and known.match(tuple(words))
            and _ADDRESS_PART_BEFORE.search(text, max(0, match.start() - 3), match.start())
        ):  # the postcode rule reads five digits with a blank or a comma after them, not
            # four, a year as often ("[1090] Wien" after a street's comma)
            yield RuleHit(
                match.start(), match.end("code"), "POSTCODE", "postcode_before_known_town"
            )
        if language in _UNTYPED_STREETS:
            street = _street_before_code(text, candidate.start(), lex)
            if street is not None:
                yield RuleHit(*street, "STREET", "street_before_postcode")
    for code in _UK_POSTCODE.finditer(text):
        town = _TOWN_BEFORE_CODE.search(text, max(0, code.start() - 50), code.start())
        if town is None:
            continue
        parts, whole = _town_words(town.group("town"))
        if known.match(parts) is not None or _unknown_town(whole, lex, _STREET_WORDS):
            yield RuleHit(*town.span("town"), "CITY", "town_before_postcode")
    for start, end in digit_runs(text):  # the runs the anchors found already
        if end - start != 6 or _SIX_DIGITS.match(text, start) is None:
            continue
        town = _TOWN_BEFORE_SIX_DIGITS.search(text, max(0, start - 50), start)
        if town is not None and known.match(tuple(fold(w) for w in town.group("town").split())):
            yield RuleHit(start, end, "POSTCODE", "postcode_after_known_town")
    if any(state in text for state in _AUSTRALIAN_STATE_WORDS) and _AUSTRALIAN_STATE_HINT.search(
        text
    ):
        for match in _AUSTRALIAN_STATE_CODE.finditer(text):
            yield RuleHit(*match.span("code"), "POSTCODE", "postcode_after_state")
            parts, whole = _town_words(match.group("town"))
            if known.match(parts) is not None or _unknown_town(whole, lex, _STREET_WORDS):
                yield RuleHit(*match.span("town"), "CITY", "town_state_zip")
    yield from _state_zips(text, language)
    yield from _town_states(text, language)
    if not _state_before_zip(text):
        return
    for match in _TOWN_STATE_ZIP.finditer(text):
        yield RuleHit(*match.span("town"), "CITY", "town_state_zip")
        yield RuleHit(*match.span("state"), "CITY", "town_state_zip")
    for match in _STATE_ZIP.finditer(text):
        yield RuleHit(*match.span("state"), "CITY", "state_zip")


_US_STATE_SET = frozenset(_US_STATES)
_LOWER_STATES = (
    frozenset(s.lower() for s in _US_STATES)
    - _STATE_CODE_WORDS
    - frozenset("de pa ma co la al ca ms mo ne ar mi".split())
)
"""The states' codes a note types in lower case before a ZIP code that are no English word or
abbreviation ("springfield il 62704", "new york ny 10001"; not "in", "or", "ca" (circa),
"ms", "mo" (months))."""
_STATE_THEN_ZIP = regex.compile(
    r"(?<![\p{L}\p{M}])(?P<state>(?i:[a-z]{2}))[ \t]+(?P<zip>\d{5}(?:-\d{4})?)(?![\d\p{L}])"
    r"(?![ \t]*(?i:units?|iu|mg|mcg|ml|cells?|copies|doses?|x)\b)"
)
_TOWN_WORD = r"[\p{L}\p{M}'\u2019.-]+"
_TOWN_WORDS_BEFORE = regex.compile(
    rf"(?r)(?<![\p{{L}}\p{{M}}'\u2019-])(?P<town>{_TOWN_WORD}(?:[ \t]+{_TOWN_WORD}){{0,2}})"
    r",?[ \t]+\Z"
)


def _state_zips(text: str, language: str | None) -> Iterator[RuleHit]:
    """A US state's code and a ZIP code without the comma the other rules want, or typed in
    lower case, with the town before it when the gazetteer knows it ("Boston MA 02114",
    "springfield il 62704", "new york ny 10001"): the ZIP code and the town; a state's
    code in capitals, or one of :data:`_LOWER_STATES` in lower case."""
    if language not in (None, "en"):
        return
    known = places(language)
    for start, end in digit_runs(text):
        if end - start != 5 or start < 3:
            continue
        match = _STATE_THEN_ZIP.search(text, max(0, start - 4), min(len(text), end + 16))
        if match is None or match.start("zip") != start:
            continue
        state = match.group("state")
        if not (state.isupper() and state in _US_STATE_SET) and state not in _LOWER_STATES:
            continue
        yield RuleHit(*match.span("zip"), "POSTCODE", "zip_after_state")
        before = _TOWN_WORDS_BEFORE.search(text, max(0, match.start() - 40), match.start())
        if before is None:
            continue
        words = list(_NON_BLANK.finditer(text, *before.span("town")))
        for n in range(len(words), 0, -1):  # the longest town the gazetteer knows
            if known.match(tuple(fold(w.group().strip(".")) for w in words[-n:])) == "CITY":
                yield RuleHit(words[-n].start(), before.end("town"), "CITY", "town_state_zip")
                yield RuleHit(*match.span("state"), "CITY", "town_state_zip")
                break


_STATE_AFTER_COMMA = re.compile(
    rf",[ \t]*({alternation((*_US_STATES, *sorted(_LOWER_STATES)))})(?![\w'\u2019&/-])"
)
"""A US state's code after a comma, in capitals or in lower case and no English word
("Boston, MA", "houston, tx"; not ", or", ", me")."""
_STATE_IN_CAPITALS = re.compile(rf"(?:{alternation(_US_STATES)})(?![\w'\u2019&/-])")
"""A US state's code in capitals, which :func:`_state_codes` takes after a blank and a word
in lower case ("Boston MA"; in a narrative in capitals "IN", "OR" and "ME" are words). A
lookbehind in the pattern tried it at every character: 2.5 times the time."""


_LOWER_STATE_AFTER_BLANK = re.compile(
    rf"[ \t]({alternation(sorted(_LOWER_STATES))})(?![\w'\u2019&/-])"
)
"""A US state's code in lower case after a blank, which :func:`_state_codes` takes after a
word in lower case ("from houston tx"): :func:`_town_states` wants the state to hold a town
of that word's name ("steroid tx", a treatment, names none). The blank first, the letter
before it checked after: a lookbehind tried at every character cost twice the time."""


def _state_codes(text: str) -> Iterator[tuple[int, int]]:
    """Where each US state's code after a town stands: :data:`_STATE_AFTER_COMMA`,
    :data:`_STATE_IN_CAPITALS` and :data:`_LOWER_STATE_AFTER_BLANK`."""
    if "," in text:
        yield from (m.span(1) for m in _STATE_AFTER_COMMA.finditer(text))
    for match in _STATE_IN_CAPITALS.finditer(text):
        start = match.start()
        if start >= 2 and text[start - 1] in " \t" and text[start - 2].islower():
            yield match.span()
    for match in _LOWER_STATE_AFTER_BLANK.finditer(text):
        before = text[match.start() - 1 : match.start()]
        if before.islower() and before.isascii():
            yield match.span(1)


def _town_states(text: str, language: str | None) -> Iterator[RuleHit]:
    """A US town and its state's code, with or without a comma, in capitals or in lower case,
    where no place word stands before them ("Boston, MA", "Dayton OH", "houston, tx",
    "springfield, il"): the gazetteer's town when that state holds a town of that name, so
    "Dose, IN", "Reading PA guidelines" in Reading's state aside, read no town."""
    if language not in (None, "en"):
        return
    pairs = us_town_states()
    for start, end in _state_codes(text):
        before = _TOWN_WORDS_BEFORE.search(text, max(0, start - 40), start)
        if before is None:
            continue
        state = text[start:end].upper()
        words = list(_NON_BLANK.finditer(text, *before.span("town")))
        for n in range(len(words), 0, -1):  # the longest town the state holds
            town = tuple(t for w in words[-n:] for t in place_tokens(w.group().strip(".,")))
            if (town, state) in pairs:
                yield RuleHit(words[-n].start(), before.end("town"), "CITY", "town_then_state")
                yield RuleHit(start, end, "CITY", "town_then_state")
                break


_ZIP_AFTER = regex.compile(r"[ \t]+(\d{5}(?:-\d{4})?)(?![\p{L}\p{N}]|[.,/:-]\d|[ \t]*(?:%|\p{Ll}))")
"""A ZIP code right after a town, without a state ("South Trevor 15600."); not a count or a
measure ("Dayton 12000 doses", "Leeds 12345 mg")."""


def _zips_after_towns(text: str, found: list[RuleHit]) -> Iterator[RuleHit]:
    """The ZIP code after each town found, when no state stands between them (those
    :data:`_TOWN_STATE_ZIP` takes)."""
    for hit in found:
        if hit.kind == "CITY" and (zip_code := _ZIP_AFTER.match(text, hit.end)) is not None:
            yield RuleHit(*zip_code.span(1), "CITY", "zip_after_town")
