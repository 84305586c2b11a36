"""Hospitals and health systems a narrative names by their own name, with no word of a
hospital's kind, or with one after a name of common words (``institution_known``): "seen at
Kaiser Permanente", "transferred to NYU Langone", "Memorial Sloan Kettering", "Verlegung in
die Charité", "ricoverato al Fatebenefratelli". The institution rules read a name beside a
kind's word ("Hospital", "Klinikum") and take it when one of its words is no common word; these
names have no such word ("Charité"), or only common words ("Intermountain Healthcare",
"Stanford Health Care", "Planned Parenthood", "Good Samaritan").

The lists hold the large systems and hospitals of the countries whose languages the product
reads, as they are written in their reports, written by us from their public names: a name
is matched as written, in capitals, and (names of two words or more) in lower case, as
consumers type them ("kaiser permanente"). A name of one word is listed only when no reader
writes it as anything else ("Geisinger", "UPMC"; not "Providence", "Ascension", "Mercy").
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import places
from deid_studio.detect.rules.base import RuleHit
from deid_studio.detect.rules.words import register_triggers

_NAMES = (
    # United States
    "Kaiser Permanente", "Kaiser Foundation Hospital", "Cleveland Clinic", "Mayo Clinic",
    "Johns Hopkins", "Mass General Brigham", "Mass General", "Massachusetts General",
    "Brigham and Women's", "Beth Israel Deaconess", "Beth Israel Lahey", "Dana-Farber",
    "Memorial Sloan Kettering", "Sloan Kettering", "Sloan-Kettering", "MD Anderson",
    "NYU Langone", "Mount Sinai", "NewYork-Presbyterian", "New York-Presbyterian",
    "Northwell Health", "Cedars-Sinai", "Stanford Health Care", "Stanford Medicine",
    "Stanford Children's", "UCSF Health", "UCLA Health", "UC Davis Health", "UC San Diego Health",
    "Sutter Health", "Providence Health", "Providence St. Joseph", "Intermountain Healthcare",
    "Intermountain Health", "Intermountain Medical Center", "Banner Health", "HonorHealth",
    "Memorial Hermann", "Houston Methodist", "Baylor Scott & White", "Baylor Scott and White",
    "UT Southwestern", "Parkland Health", "Texas Children's", "Cook Children's",
    "Children's Hospital of Philadelphia", "Nationwide Children's", "Cincinnati Children's",
    "Boston Children's", "Seattle Children's", "Rady Children's", "Lurie Children's",
    "St. Jude Children's", "Ochsner", "Geisinger", "UPMC", "Allegheny Health Network",
    "Penn Medicine", "Jefferson Health", "ChristianaCare", "Hackensack Meridian",
    "RWJBarnabas", "Yale New Haven", "Hartford HealthCare", "Dartmouth-Hitchcock",
    "Dartmouth Health", "Advocate Aurora", "Advocate Health", "Northwestern Medicine",
    "Northwestern Memorial", "Northwestern Prentice", "Rush University Medical",
    "Loyola Medicine", "Froedtert", "Sanford Health", "Essentia Health", "Avera Health",
    "SSM Health", "BJC HealthCare", "Barnes-Jewish", "Henry Ford Health", "Corewell Health",
    "Spectrum Health", "Trinity Health", "CommonSpirit", "Dignity Health", "HCA Healthcare",
    "Atrium Health", "Novant Health", "Duke Health", "UNC Health", "Wake Forest Baptist",
    "Emory Healthcare", "Piedmont Healthcare", "Wellstar", "AdventHealth", "Orlando Health",
    "Tampa General", "Jackson Memorial", "UCHealth", "MultiCare", "PeaceHealth",
    "Legacy Health", "OHSU", "Scripps Health", "Sharp HealthCare", "Loma Linda University",
    "Planned Parenthood", "Good Samaritan", "Walter Reed", "KinderCare",
    # the United Kingdom, Canada, Australia, Ireland
    "Great Ormond Street", "Guy's and St Thomas'", "Addenbrooke's", "Moorfields",
    "Sunnybrook", "SickKids", "Toronto General", "Mount Sinai Hospital", "Royal Marsden",
    "Groote Schuur", "Rotunda Hospital",
    # the Netherlands, Scandinavia, Switzerland's French part, Asia
    "Erasmus MC", "UMC Utrecht", "Radboudumc", "Karolinska", "Rigshospitalet", "CHUV", "HUG",
    "Samsung Medical Center", "Asan Medical Center", "AIIMS", "Apollo Hospitals",
    "Amrita Institute of Medical Sciences", "Aga Khan University Hospital",
    # Germany, Austria, Switzerland
    "Charité", "Universitätsklinikum Eppendorf", "UKE", "Helios Kliniken", "Asklepios",
    "Sana Kliniken", "Vivantes", "Rhön-Klinikum", "AKH Wien", "Inselspital", "Helios Klinik",
    "Asklepios Klinik",
    "Klinikum rechts der Isar",
    # France
    "Pitié-Salpêtrière", "Hôtel-Dieu", "Hospices Civils de Lyon", "Gustave Roussy",
    "Centre Léon Bérard", "Institut Curie",
    "Institut Curie", "Necker-Enfants malades", "Lariboisière",
    "Hôpital Européen Georges-Pompidou", "Hôpital européen Georges-Pompidou", "AP-HP", "AP-HM",
    # Spain
    "Gregorio Marañón", "Vall d'Hebron", "Quirónsalud", "HM Hospitales", "Sant Joan de Déu",
    "Ramón y Cajal", "Doce de Octubre", "12 de Octubre", "Puerta de Hierro", "La Fe",
    # Italy
    "Fatebenefratelli", "Humanitas", "Gemelli", "Niguarda", "Careggi", "Sant'Orsola",
    "Bambino Gesù", "Rizzoli", "Molinette", "Cardarelli", "Spallanzani",
    # Portugal and Brazil
    "Santa Maria", "São João", "Sírio-Libanês", "Hospital Israelita Albert Einstein",
    "Hospital das Clínicas", "Santa Casa de Misericórdia",
)  # fmt: skip
"""Written as the institutions write their names."""
_AMBIGUOUS = frozenset({"Santa Maria", "São João", "La Fe", "Rizzoli"})
"""Names that are a saint's, a street's or a person's too: only after a word of going there
or being there (:data:`_AT`). Eponyms are left out ("Bichat", "Necker": "la bola adiposa de
Bichat")."""
_AT = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:at|to|from|in|en|à|a|al|au|na|no|do|da|nel|nell['\u2019]|all['\u2019]"
    r"|im|ins|in der|in die|zum|zur|del|de|du|hospital|hôpital|ospedale)[ \t]+"
    r"(?:(?i:the|la|le|el|il|o|a|die|der|l['\u2019]|lo)[ \t]*)?\Z"
)


_PHRASES = frozenset({"Good Samaritan", "Mount Sinai", "Mass General", "Hôtel-Dieu"})
"""Names that are an everyday phrase in lower case ("a good samaritan", "on mount sinai"):
matched capitalised only."""


def _variants(name: str) -> tuple[str, ...]:
    """The name as written, in capitals, and in lower case when it has two words or more and
    is no phrase of every day nor ambiguous ("la fe" is the faith)."""
    forms = {name, name.upper()}
    if " " in name and name not in _PHRASES and name not in _AMBIGUOUS:
        forms.add(name.lower())
    return tuple(forms)


def _first_word(name: str) -> str:
    return regex.findall(r"\w+", name)[0].lower()


def _pattern(names: list[str]) -> regex.Pattern[str]:
    forms = sorted({f for n in names for f in _variants(n)}, key=len, reverse=True)
    return regex.compile(
        "(?:"
        + "|".join(regex.escape(f).replace(r"\ ", r"[ \t]+") for f in forms)
        + r")(?![\p{L}\p{M}\d-])"
    )


_BY_FIRST_WORD: dict[str, regex.Pattern[str]] = {
    word: _pattern([n for n in _NAMES if _first_word(n) == word])
    for word in sorted({_first_word(n) for n in _NAMES})
}
"""The names by their first word (their first run of letters or digits, in lower case), as
one pattern each: the word index says where a first word stands, and only its names are
tried there (one pattern of every name over the whole text cost half the rules' time)."""
_FIRST_WORDS = frozenset(_BY_FIRST_WORD)
_LETTER_BEFORE = regex.compile(
    r"[\p{L}\p{M}\d'\u2019-]\Z(?<!(?<![\p{L}\p{M}])(?i:l|d|dell|all|nell|dall|sull)['\u2019])"
)
"""A name goes on before the institution's: not an elided article ("l'Hôpital européen
Georges-Pompidou", "all'Humanitas")."""


@register_triggers
def _triggers(language: str | None) -> frozenset[str]:
    return _FIRST_WORDS


_TOWN_GENERAL = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019-])(?P<town>\p{Lu}[\p{L}\p{M}'\u2019-]+(?:[ \t]\p{Lu}[\p{L}\p{M}-]+)?)"
    r"[ \t]+General(?![ \t]+\p{Lu})(?![\p{L}\p{M}])"
)
"""A town's general hospital named by the town and "General" alone, as Britain, Ireland and
Canada shorten it ("admitted to Wexford General", "Leeds General"); not "Attorney General"."""


def towns_general(text: str, language: str | None) -> Iterator[RuleHit]:
    """The hospitals :data:`_TOWN_GENERAL` finds whose first words are a town of the
    gazetteer (rule ``institution_known``), in English narratives."""
    if language not in (None, "en") or " General" not in text:
        return
    known = places(language)
    for match in _TOWN_GENERAL.finditer(text):
        if known.match(tuple(fold(w) for w in match.group("town").split())) == "CITY":
            yield RuleHit(*match.span(), "INSTITUTION", "institution_known")


def known_institutions(text: str, index: dict[str, list[int]]) -> Iterator[RuleHit]:
    """Every institution of :data:`_NAMES` in ``text`` (``index``: its word index)."""
    starts = sorted(
        (position, word) for word in _FIRST_WORDS.intersection(index) for position in index[word]
    )
    end = 0
    for position, word in starts:
        if position < end or _LETTER_BEFORE.search(text, max(0, position - 1), position):
            continue
        match = _BY_FIRST_WORD[word].match(text, position)
        if match is None:
            continue
        ambiguous = " ".join(match.group().split()).title() in _AMBIGUOUS  # "SANTA MARIA" too
        if ambiguous and _AT.search(text, max(0, position - 20), position) is None:
            continue
        end = match.end()
        yield RuleHit(position, end, "INSTITUTION", "institution_known")
