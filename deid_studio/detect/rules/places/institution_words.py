"""The words of institutions and whether the words around one name it: the words before
and after an institution's name ("Hospital", "Klinikum", "Centre hospitalier", "Medical
Center", "Pharmacy"), German hospitals' words, and the checks the institution and
organisation rules share — whether its words hold a name (:func:`_named`: no common word, a
saint's, a town's, a pharmacy's owner), whether a German hospital's or an everyday noun's
words name it (:func:`_named_after_noun`), whether a word names a town (:func:`_a_town`).
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import COUNTRIES_OF, Places, places
from deid_studio.detect.rules.base import without_possessive
from deid_studio.detect.rules.places.common import _APOSTROPHE_WORD, _TOKEN, _WARDS, COMMON
from deid_studio.detect.rules.words import NOUNS_CAPITALISED, Lexicon

_GERMAN_HOSPITAL_WORDS = (
    "klinik klinikum krankenhaus kreisklinik kreiskrankenhaus kreisklinikum bezirkskrankenhaus "
    "bezirksklinikum stadtklinik stadtkrankenhaus krankenhauses klinikums kreiskrankenhauses "
    "kreisklinikums universitätsklinikum universitätsklinikums uniklinik"
).split()
"""German hospitals' words, before their name as German writes it ("Kreisklinik Ebersberg",
"des Kreiskrankenhauses Trostberg"), and before the nouns of a sentence too ("in der Klinik
Fieber gemessen"): see :func:`_german_hospital_named`."""
_INSTITUTION_BEFORE = (
    "hospital|hospital universitario|hospital general|hospital clínico|hospital clinico|"
    "hospital general universitario|hospital clínico universitario|hospital universitari|"
    "complejo hospitalario|complexo hospitalario|clínica|clinica|centro de salud|"
    "centro médico|centro medico|centro hospitalario|centro de especialidades|sanatorio|"
    "fundación|fundació|instituto|institut|universidad|universitat|facultad|policlínica|"
    "ambulatorio|consultorio|residencia|spital|kantonsspital|landesklinikum|hôpital|hopital|"
    "centre hospitalier|"
    "centre hospitalier universitaire|chu|chr|clinique|polyclinique|ospedale|policlinico|"
    "centro di salute mentale|centro di salute|casa della salute|presidio ospedaliero|"
    "poliambulatorio|centro vaccinale|"
    "azienda ospedaliera|centro hospitalar|university of|universität|université|"
    "medical center of|clinic of|"
    "impfzentrum|hausarztpraxis|arztpraxis|gemeinschaftspraxis|praxis|apotheke|pharmacie|"
    "mvz|städtisches klinikum|städtisches krankenhaus|"
    "städtischen klinikum|städtischen krankenhaus|städtischen klinikums|"
    "evangelisches krankenhaus|evangelischen krankenhaus|evangelisches klinikum|"
    "evangelischen klinikum|katholisches krankenhaus|katholischen krankenhaus|"
    "katholisches klinikum|katholischen klinikum|allgemeines krankenhaus|"
    "allgemeinen krankenhaus|krankenhaus der barmherzigen brüder|"
    "krankenhaus der barmherzigen schwestern|klinikum der barmherzigen brüder|"
    "farmacia|farmácia|drogaria|droguería|drogueria|centre de vaccination|"
    "centro de vacunación|centro de vacunacion|"
    "cabinet médical|maison de santé|vaccination centre|vaccination center|ayuntamiento|"
    "mairie|stadtverwaltung|seniorenheim|pflegeheim|altenheim|altenpflegeheim|"
    "seniorenresidenz|seniorenzentrum|rehaklinik|reha-klinik|residencia de ancianos|"
    "residencia de mayores|maison de retraite|ehpad"
).split("|") + _GERMAN_HOSPITAL_WORDS
_GATHERING_BEFORE = (
    "colegio|escuela|guardería|guarderia|ies|collège|college|lycée|lycee|école|ecole|crèche|"
    "gymnasium|grundschule|realschule|gesamtschule|kita|liceo|scuola|istituto comprensivo|"
    "escola|colégio|creche|casa di cura|rsa|residenza sanitaria assistenziale|lar de idosos|"
    "casa de repouso|seniorenstift|centro de saúde|centro de saude|unidade de saúde familiar|"
    "usf|ubs|unidade básica de saúde|centro penitenciario|prisión|cárcel|maison d'arrêt|"
    "justizvollzugsanstalt|jva|casa circondariale|carcere|tanatorio|funeraria|"
    "pompes funèbres|iglesia|parroquia|église|kirche|chiesa|igreja"
).split("|")
"""Schools, homes, prisons, funeral homes and churches before their name: where a person is
found, as a hospital's name says it ("Colegio San José", "RSA Villa Serena", "JVA Tegel")."""
_INSTITUTION_AFTER = (
    "hospital|medical center|medical centre|health center|health centre|clinic|infirmary|"
    "university|college|institute|hospice|nursing home|rehabilitation center|pharmacy|"
    "drug store|drugstore|chemists|"
    "health system|healthcare|medical group|children's hospital|cancer center|pediatrics|"
    "family practice|medical practice|group practice|primary care|urgent care|leisure centre|"
    "community centre|community center|assisted living|care home|care center|care centre|"
    "nursing facility|skilled nursing facility|rehab center|rehabilitation hospital|"
    "retirement home|rest home|senior living|rehab|"
    "vaccination center|vaccination centre|vaccination clinic|vaccination site|"
    "city council|county council|borough council|town council|district council"
).split("|")
_GATHERING_AFTER = (
    "middle school|elementary school|primary school|secondary school|"
    "junior high|school|elementary|academy|preschool|daycare|day care|child care center|"
    "childcare center|kindergarten|montessori|funeral home|funeral chapel|funeral service|"
    "mortuary|cemetery|memorial park|church|cathedral|chapel|mosque|synagogue|"
    "islamic center|state prison|prison|correctional facility|correctional center|"
    "correctional institution|correctional complex|detention center|detention facility|jail|"
    "stadium|arena|ballpark|convention center|convention centre|center|centre|hotel|motel|"
    "resort|gym|air force base|"
    "naval station|naval air station|army base"
).split("|")
"""The same after their name ("Lincoln High School", "Schoedinger Funeral Home", "San
Quentin State Prison")."""
_INSTITUTION_AFTER_CAPITALISED = ("Health Care", "Surgery", "Health")
"""An institution's words only when capitalised: a British practice ("The Nicholls Surgery"),
not an operation ("Whipple surgery"); a health system ("Banner Health", "Stanford Health
Care"), not a person's health ("John's health improved")."""


_INSTITUTION_WORDS = frozenset(
    fold(w)
    for w in " ".join(_INSTITUTION_BEFORE + _INSTITUTION_AFTER).split()
    + "universitario universitaria general clínico clinico central provincial regional "
    "infantil materno st sta san santa sant saint".split()
) - {"bruder", "schwestern"}
"""The words of hospitals', practices' and pharmacies' names, which name none ("Day Medical
Centre" is named by "Day"): not those of :data:`_GATHERING_BEFORE` and
:data:`_GATHERING_AFTER` ("day", "park", "station" name places), nor the brothers and sisters
of an order's hospital, a firm's name too ("bei Bruder e.G.")."""
_INSTITUTION_BEFORE = _INSTITUTION_BEFORE + _GATHERING_BEFORE
_INSTITUTION_AFTER = _INSTITUTION_AFTER + _GATHERING_AFTER


_LATIN_LANGUAGES = frozenset({"es", "pt", "it", "fr", "ca", "gl"})
"""Languages whose capitalised adjectives name an institution after its word ("Universidad
Complutense", "Hospital Gemelli"); German capitalises every noun (its own rules tell)."""

_SAINTS = frozenset("st saint sankt san santa sant sao são ste".split())
"""Words before a saint's name: "St Mary's Hospital" is named by the saint."""
_NAME_ARTICLES = frozenset({"La", "El", "Las", "Los", "Le", "Les"})
"""Articles that start a proper name when capitalised inside an institution's ("Hospital La
Paz", "Centro de Salud La Fe", "Clinique Les Lilas")."""


_FOUNDERS = frozenset("samaritan methodist presbyterian lutheran adventist episcopal".split())
"""Common words that name the hospitals a church founded, capitalised ("Good Samaritan
Hospital", "Methodist Hospital"): as much a name as "Mercy" or "Baptist", which the
common-word list does not hold."""
_DOCTOR_TITLES = frozenset({"Dr", "Dra", "Drs", "Prof"})
"""A doctor's title inside an institution's name: the capitalised word after it is a name
("Praxis Dr. Anders", though "anders" is a German stopword)."""


def _named(text: str, start: int, end: int, lex: Lexicon, language: str | None) -> bool:
    """Whether an institution's words hold a name: one word that is no common word, no
    stopword and no institution word ("Hospital Ramón y Cajal", not "Hospital Course",
    "Other Healthcare", "WAS RELEASED FROM HOSPITAL"), a capitalised word after a saint or
    a capitalised article ("St Mary's Hospital", "Hospital La Fe"), or a capitalised town of
    the gazetteer ("Maison de santé de Nantes", though "nantes" is in the common-word list)."""
    name_next = False
    known = places(language)
    tokens = _APOSTROPHE_WORD.findall(text, start, end)
    shop = any(token[:1].isupper() and fold(token) in _SHOP_WORDS for token in tokens) or (
        tokens[-1:] == ["Surgery"] and text[max(0, start - 4) : start] == "The "
    )  # a British practice after its article: "The Page Surgery"; not "the Cardiac Surgery"
    for n, token in enumerate(tokens):
        word = without_possessive(fold(token))
        if name_next and token[:1].isupper():
            return True  # "St Mary's Hospital", "Hospital La Fe"
        name_next = word in _SAINTS or token in _NAME_ARTICLES or token in _DOCTOR_TITLES
        if word in _INSTITUTION_WORDS:
            continue
        if word in _FOUNDERS and token[:1].isupper():
            return True
        if (
            n
            and language in ("de", None)
            and token[:1].isupper()
            and token[1:].islower()
            and (word in lex.stop or word in lex.common)
            and known.match((word,)) is not None
        ):
            return True  # "MVZ Waren", "Impfzentrum Roth": a town that is a word too
        if word in lex.stop:
            if (
                n
                and token[:1].isupper()
                and token[1:].islower()
                and _after_shop_word(tokens, n)
                and word not in _GENERIC_SHOPS
            ):
                return True  # "Hausarztpraxis Anders": the owner's name is a stopword too;
                # "Pharmacie du Marché": the pharmacy's name after its particle
            continue
        if (
            n > 1
            and language == "fr"
            and token[:1].isupper()
            and fold(tokens[n - 1]) in ("de", "du", "d")
            and word not in _FRENCH_UNITS
        ):
            return True  # "Maison de santé de Pages": French writes its nouns in lower case
        if word not in lex.common or _a_town(token, word, known, language):
            return True
        if (
            n == 1
            and len(tokens) == 2
            and language in _LATIN_LANGUAGES
            and token[:1].isupper()
            and zipf(word, "en") < _SELDOM_IN_ENGLISH
            and not lex.everyday(token.casefold())
        ):
            return True  # "Universidad Complutense": the English common-word list holds
            # it, few readers of either language use it; the one word after the
            # institution's (not "Unidad de Nutrición Clínica y Dietética", a department)
        if n == 0 and language in (None, "en") and _an_acronym(token, word, tokens, lex):
            return True  # "OSU Medical Center", "UCLA Health"; not "ENT Clinic"
        if (
            n < len(tokens) - 1
            and token[:1].isupper()
            and token[1:].islower()
            and word in lex.last_names
            and word not in _DESCRIPTORS
            and (word in lex.familiar or (n == 0 and _CENTRE_AFTER.match(text, start + len(token))))
        ):
            return True  # "Lee Medical Centre", "Wall Family Practice", "Day Medical Centre";
            # not "The Company", "Day Surgery"
        if shop and token[:1].isupper() and word not in _SHOP_DESCRIPTORS | _GENERIC_SHOPS:
            return True  # "Page Drug Store", "Boots Pharmacy", "Farmacia Barco", "West Drug Store"
    return False


_SHOP_PARTICLES = frozenset("du de la des do da dos das del della l d".split())
"""The particles between a pharmacy's word and its name ("Pharmacie du Marché", "Farmácia da
Praça", "Farmacia della Stazione")."""


def _after_shop_word(tokens: Sequence[str], n: int) -> bool:
    """Whether token ``n`` follows a pharmacy's word (:data:`_SHOP_WORDS`), particles between."""
    n -= 1
    while n > 0 and fold(tokens[n]) in _SHOP_PARTICLES:
        n -= 1
    return n >= 0 and fold(tokens[n]) in _SHOP_WORDS


def _an_acronym(token: str, word: str, tokens: Sequence[str], lex: Lexicon) -> bool:
    """Whether ``token`` (``word`` folded), first of an institution's ``tokens``, is the
    acronym of its name: two to six capitals before capitalised words that are not all
    capitals and start with a university's or a health system's word ("OSU Medical
    Center"; a sentence in capitals is no acronym, nor "RT and pharmacy", "INR Clinic"), no
    stopword and no department's letters."""
    return (
        2 <= len(token) <= 6
        and token.isalpha()
        and token.isupper()
        and word not in lex.stop
        and word not in _WARDS
        and len(tokens) > 1
        and fold(tokens[1]) in _ACRONYM_HEADS
        and all(t[:1].isupper() and not t.isupper() for t in tokens[1:])
    )


_ACRONYM_HEADS = frozenset("medical health healthcare hospital hospitals university".split())
"""What follows a university's or a health system's acronym ("OSU Medical Center", "UCLA
Health"): a clinic's or a surgery's word follows a condition's or a service's letters as
often ("INR Clinic", "TB Clinic", "GP Surgery")."""


_SHOP_AFTER = regex.compile(r"[ \t]+([\p{L}\p{M}]+)")


def _owner_before_shop(text: str, end: int, word: str, lex: Lexicon, language: str | None) -> bool:
    """Whether ``word`` (folded), ending at ``end`` before a pharmacy's word, is its owner's
    surname though it is a particle or a stopword too ("Le Drug Store"), in an English
    narrative (a French "Le Drugstore" is "the drugstore")."""
    after = _SHOP_AFTER.match(text, end)
    return (
        language in (None, "en")
        and after is not None
        and fold(after.group(1)) in _SHOP_WORDS
        and word in lex.last_names
    )


_CENTRE_AFTER = regex.compile(r"[ \t]+(?i:medical|health)[ \t]+(?i:centre|center)(?![\p{L}\p{M}])")
"""A medical or health centre's head after its first word, which is then its name when it
is any surname, even one no familiar name list holds ("Day Medical Centre")."""
_SHOP_WORDS = frozenset(
    "pharmacy drug drugstore chemists farmacia pharmacie apotheke farmácia farmacie "
    "hausarztpraxis arztpraxis gemeinschaftspraxis zahnarztpraxis kinderarztpraxis".split()
)
"""A pharmacy's word ("Drug Store" is "drug" and "store", both institution words): a
pharmacy is named after its owner or its brand, whatever word that is ("Page", "Boots",
"Barco", "Caballero")."""
_GENERIC_SHOPS = frozenset(
    "online retail outpatient inpatient specialty speciality compounding clinical mail order "
    "discount independent hospital family village neighborhood neighbourhood internet the "
    "hospitalaria hospitalario hospitalière hospitalier comunitaria communautaire clínica "
    "clinica clinique de del la le".split()
)
"""Words that say what kind of pharmacy it is, not whose ("Online Pharmacy")."""
_FRENCH_UNITS = frozenset("jour nuit semaine garde santé soins".split())
"""Capitalised words after "de" in a French institution's name that name a unit ("Hôpital
de Jour"), no place."""


_DESCRIPTORS = frozenset(
    "general community memorial regional county city state royal central district teaching "
    "national university baptist methodist mercy good new north south east west main major "
    "local private public little great".split()
)
"""Surnames that describe an institution rather than name it ("General Hospital"): a
familiar surname (a common word too, :attr:`.words.Lexicon.familiar`) names one ("Lee
Medical Centre") unless it is one of these."""
_SHOP_DESCRIPTORS = _DESCRIPTORS - {"north", "south", "east", "west", "main", "good", "little"}
"""Descriptors that do not name a pharmacy: one town has one "West Drug Store" or "Main
Pharmacy", and "Good Drug Store" or "Little Drug Store" are a Mr Good's or Little's,
where "General Hospital" names none."""


_SELDOM_IN_ENGLISH = 3.0
"""Zipf frequency under which a town's name is no English word ("gussing" 1.5, "amiens"
2.5; "bath" 4.4, "mobile" 4.9)."""
_RARE = 3.2
"""Zipf frequency under which a town's name that is an English word too is the town's, in
an English narrative ("Lakeside Clinic" 3.1, "Oakwood Hospital" 2.6; "valley" 4.7)."""


def _a_town(token: str, word: str, known: Places, language: str | None) -> bool:
    """Whether ``token`` (``word`` folded) names a town of the gazetteer, written as a name
    (not in capitals), of four letters or more and no common word unless a large town —
    or a word English seldom uses, in a narrative of another language (the common-word
    list is English and holds "Güssing", "Amiens": no words of a German or French
    narrative)."""
    return (
        len(word) >= 4
        and token[:1].isupper()
        and (not token.isupper() or (word,) in known.large)
        and (
            (word,) in known.large
            or word not in known.ambiguous
            or (language not in (None, "en") and zipf(word, "en") < _SELDOM_IN_ENGLISH)
            or (language == "en" and zipf(word, "en") < _RARE)
        )
        and known.match((word,)) is not None
    )


_NOUN_CUES = frozenset({"praxis", "apotheke", "farmacia", "pharmacie"})
"""Institution words that are everyday nouns too ("in der Praxis Anwendung findet",
"comprado en farmacia Ayer"): the name after one must be a known place or a word its
language seldom uses ("Praxis Dr. Köll", "Apotheke Wilms")."""
_GERMAN_HOSPITALS = frozenset(map(fold, _GERMAN_HOSPITAL_WORDS))
_GERMAN_RARE = 3.7
"""The Zipf frequency in German below which a capitalised word after a hospital's word is
its name ("Kreisklinik Ebersberg" 3.2, "Krankenhaus Trostberg" 2.4), not a noun of the
sentence ("Fieber" 4.1, "Verlegung" 3.8); a town of the gazetteer is one whatever it scores."""
_QUARTERS = frozenset("nord sud ost west mitte nordwest nordost sudwest sudost".split())
"""The part of town a hospital is named after ("Klinikum Nord", "Krankenhaus Süd"), folded,
though German uses the words every day."""
_GERMAN_MEDICAL_ENDING = regex.compile(
    r"(?:ie|ien|itis|ose|osen|om|ome|ämie|amie|algie|schmerz|schmerzen|oe|ung|ungen|tion|"
    r"ismus|fieber|ödem|odem|infekt|syndrom)\Z"
)
"""How German medical nouns end, rare words too ("Pneumonie", "Dyspnoe", "Thoraxschmerzen",
"Exanthem"): after a hospital's word such a noun is the sentence's ("im Krankenhaus
Pneumonie diagnostiziert"), not the hospital's name."""


_GERMAN_ARTICLES = frozenset({"der", "des", "am", "an", "zum", "zur"})
"""The articles and prepositions between a German hospital's word and its name, in lower
case ("Krankenhaus der Barmherzigen Brüder Regensburg", "Klinikum am Steinenberg")."""


def _german_hospital_named(words: Sequence[str], language: str | None) -> bool:
    """Whether the capitalised words after a German hospital's word name it, judged by the
    first (see :data:`_GERMAN_RARE`, :data:`_QUARTERS`): a saint, a doctor's title, a part of
    town, a known place, or a word German seldom uses that is no medical noun
    (:data:`_GERMAN_MEDICAL_ENDING`)."""
    while words and words[0] in _GERMAN_ARTICLES:
        words = words[1:]  # "Krankenhaus der Barmherzigen Brüder", "Klinikum am Steinenberg"
    if not words:
        return False
    word = words[0]
    first = fold(word)
    if first in _SAINTS or word in _DOCTOR_TITLES or first in _QUARTERS:
        return True
    if not word[:1].isupper():
        return False
    known = places(language)
    tokens = [fold(t) for w in words for t in _TOKEN.findall(w)]
    if any(known.match(tuple(tokens[:k])) is not None for k in range(len(tokens), 0, -1)):
        return True  # "Klinikum Neu-Ulm", "Klinikum Hall in Tirol", "Wiener Neustadt"
    return zipf(word, "de") < _GERMAN_RARE and not _GERMAN_MEDICAL_ENDING.search(first)


def _named_after_noun(text: str, start: int, end: int, language: str | None) -> bool:
    """Whether an institution that starts with one of :data:`_NOUN_CUES` names one: a
    doctor's title after the noun says so ("Praxis Dr. Anders", though "anders" is an
    everyday word)."""
    first, *rest = _TOKEN.findall(text, start, end) or [""]
    if fold(first) in _GERMAN_HOSPITALS and language in (None, "de"):
        return _german_hospital_named(rest, language)
    if fold(first) not in _NOUN_CUES:
        return True
    if rest and rest[0] in _DOCTOR_TITLES:
        return True
    named = next((word for word in rest if fold(word) not in _SHOP_PARTICLES), "")
    if (
        first[:1].isupper()
        and fold(first) in _SHOP_WORDS
        and named[:1].isupper()
        and fold(named) not in _DESCRIPTORS | _GENERIC_SHOPS
        and language is not None
        and language not in NOUNS_CAPITALISED
    ):
        return True  # "Farmacia Barco", "Pharmacie Jacob", "Pharmacie du Marché": a noun
        # written with a capital
    known = places(language)
    languages = (language,) if language else tuple(COUNTRIES_OF)
    return any(
        word[:1].isupper()
        and (
            max(zipf(word, code) for code in languages) < COMMON
            or known.match((fold(word),)) is not None
        )
        for word in rest
    )
