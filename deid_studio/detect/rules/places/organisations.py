"""Organisations, employers and makers: a Spanish body named with capitalised common
words ("Instituto de Medicina Legal", "Servicio Andaluz de Salud"; rules
``organisation_named``, ``health_centre_named``), a company by its legal form ("Acme Corp.",
"Laboratorios Cinfa S.A."; ``organisation``), an employer after "works for", "trabaja en"
(``employer``), three surnames as a firm (``surnames_firm``), and a product's maker in the
brackets after it ("(Dacortin 30 mg, Merck, Barcelona)"; ``manufacturer``). The institution
finder (:func:`.institutions._institutions`) runs the first four in its order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import regex

from deid_studio.detect.dictionaries import is_drug_or_vaccine, safe_terms
from deid_studio.detect.gazetteers import fold
from deid_studio.detect.geography import Places, place_tokens, places
from deid_studio.detect.rules.base import MAX_LENGTH, RuleHit, alternation, occurrences
from deid_studio.detect.rules.places.common import _CAP, _PARTICLE, _TOKEN, _WORD, _trim
from deid_studio.detect.rules.places.institution_words import _INSTITUTION_WORDS, _a_town
from deid_studio.detect.rules.words import Lexicon, cues

_LEGAL_FORMS = (
    "inc|inc.|llc|ltd|ltd.|corp|corp.|co.|company|group|gmbh|ag|s.a.|sa|s.l.|sl|plc|llp|"
    "holdings|partners|associates|& sons|and sons|s.p.a.|spa|b.v.|bv|n.v.|sarl|s.a.r.l.|kg|ohg|"
    "corporation|incorporated|limited|technologies|solutions|systems|software|consulting|"
    "capital|investments|labs|networks|analytics|insights|agency|markets|enterprises|"
    "industries|ventures"
).split("|")
"""Legal forms and the words that end a company's name ("Rapid Cycle Solutions"); the name
must hold a word that is no common word ("Emergency Medical Services" is none)."""
_INCORPORATED = regex.compile(
    r"(?<=[ \t])(?:Inc\.?|INC\.?|LLC|Ltd\.?|LTD\.?|Corp\.|CORP\.|GmbH|PLC|plc|LLP)\Z"
)
"""A legal form only a firm writes after its name, as the firm writes it: the capitalised
words before it are a firm's name though each is a common word ("Expert Health Data
Programming Inc", "Round Stones Inc"); "Emergency Medical Services" without one is none."""
_FIRM_NUMBER = regex.compile(r"(?<![\p{L}\p{M}\d.,:/-])\d{1,4}[ \t]\Z")
"""A number opening a firm's name that ends with a legal form ("3 Round Stones Inc")."""
_EMPLOYER_CUES: Mapping[str, str] = {
    "en": "work for|works for|worked for|working for|work at|works at|worked at|working at|"
    "employed by|employed at|employee of|job at|a year at|intern at|internship at|"
    "employee at|barista at|cashier at|attendant for|pilot for|driver for|"
    "works nights at|works days at|works shifts at|works weekends at|works part-time at|"
    "works full-time at|worked nights at|worked shifts at",
    "es": "trabaja en|trabaja para|trabajaba en|trabajaba para|empleado de|empleada de|"
    "empleado en|empleada en|trabajador de|trabajadora de|fábrica de",
    "fr": "travaille chez|travaille pour|travaillait chez|employé chez|employée chez|"
    "salarié de|salariée de|salarié chez|salariée chez|chauffeur chez|vendeuse chez|"
    "vendeur chez|caissière chez|caissier chez|ouvrier chez|ouvrière chez|cadre chez|"
    "intérimaire chez|apprenti chez|apprentie chez",
    "de": "arbeitet bei|arbeitete bei|beschäftigt bei|angestellt bei|tätig bei",
    "it": "dipendente della|dipendente del|dipendente di|lavora presso|lavora per|"
    "impiegato presso|impiegata presso|lavora alla|lavora al|lavora nella|lavora nel|"
    "lavorava alla|lavorava al|lavorava presso",
    "pt": "trabalha na|trabalha no|trabalha nas|trabalha nos|trabalha para|trabalhava na|"
    "trabalhava no|trabalhava nas|trabalhava nos|funcionário da|funcionária da|"
    "funcionário do|funcionária do",
}
"""Phrases after which capitalised words name the employer ("I work for Wolters Kluwer")."""
_ORGANISATION = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:{_WORD}[ \t]+(?:(?:&|and|of|de)[ \t]+)?){{1,4}}"
    rf"(?i:{alternation(_LEGAL_FORMS)})(?![\p{{L}}\p{{M}}\d_])",
    regex.UNICODE,
)
"""Capitalised words, then a legal form as a word of its own: not the "SA" of a British
postcode ("Port Tomton SA46 6PF")."""
_EMPLOYER_JOINER = r"(?:&|and|of|y|et|und|de|del|de[ \t]+la|de[ \t]+los|des|du|der)"
_EMPLOYER_PARTNERS = r"(?:&|and|y|et|und)[ \t]+(?i:asociados|asociadas|associates|associés|partner)"
_EMPLOYER_FORM = (
    r"S\.(?:A|L|Coop|Com|L\.L|A\.L|A\.D|A\.T|C\.P|p\.A)\.|GmbH|AG|KG|Inc\.?|Ltd\.?|LLC|"
    r"SARL|S\.A\.R\.L\.|B\.V\.|N\.V\."
)
"""Legal forms after an employer's name, as the firm writes them: case matters here ("AG",
not the "ag" :data:`_LEGAL_FORMS` matches in any case), and Spain's cooperative and
partnership forms ("S.Coop.", "S.Com.") are among them."""
_EMPLOYER_NAME = (
    rf"(?:(?:the|el|la|los|las|der|die|dem|den)[ \t]+)?(?P<name>{_CAP}"
    rf"(?:(?:[ \t]+|,[ \t]+|[ \t]+{_EMPLOYER_JOINER}[ \t]+)"
    rf"(?!(?:{_EMPLOYER_FORM})(?![\p{{L}}\p{{M}}])){_CAP}(?!\.\p{{Lu}})){{0,4}}"
    rf"(?:[ \t]+{_EMPLOYER_PARTNERS})?(?:,?[ \t]+(?:{_EMPLOYER_FORM})(?![\p{{L}}\p{{M}}]))?)"
)
"""An employer's name after its article ("en el Mercadona", "bei der Sparkasse Emsland"):
capitalised words, "&", "and", "of" or a particle between them
("Desarrollo del Noroeste", "Müller und Söhne"), then its partners and its legal form if it
says them ("Perera y asociados S.A.", "Tecnologías DL S.Coop."): the legal form's dotted
letters are never a word of the name ("S.L." is no capitalised "S")."""
_EMPLOYER = cues(
    [w for phrases in _EMPLOYER_CUES.values() for w in phrases.split("|")],
    tail=rf"[ \t]+{_EMPLOYER_NAME}",
    word_end=True,
)
_EMPLOYER_AFTER_JOB = cues(
    "works as|worked as|working as|trabaja como|trabajaba como|trabajó como|"
    "travaille comme|travaillait comme|arbeitet als|arbeitete als|il est|elle est|il était|"
    "elle était|er ist|sie ist|er war|sie war|he is a|she is a|he is an|she is an".split("|"),
    tail=rf"[ \t]+(?:(?i:a|an|un|una|une|ein|eine)[ \t]+)?"
    rf"(?:\p{{L}}[\p{{L}}\p{{M}}'\u2019\-]*[ \t]+){{1,4}}"
    rf"(?:at|for|en|para|bei|chez|pour)[ \t]+{_EMPLOYER_NAME}",
    word_end=True,
)
"""The employer after the job ("works as a lorry driver at [Tesco]", "trabaja como cajera en
[El Corte Inglés]", "arbeitet als Buchhalter bei [Deutsche Bahn]", "Il est cheminot chez
[SNCF]", "She is a cashier at [Tesco]"): up to four words of the job, a preposition, then the
employer's capitalised words; a town there is none ("trabaja como enfermera en Madrid")."""
_SURNAMES_FIRM = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])({_WORD}),[ \t]+({_WORD}),?[ \t]+(?:and|&)[ \t]+({_WORD})"
    rf"(?![\p{{L}}\p{{M}}])",
    regex.UNICODE,
)
"""Three surnames as a firm's name ("Glover, Ruiz and Armstrong")."""
_SPANISH_ARTICLES = frozenset({"el", "la", "los", "las", "els", "les"})
_ORGANISATION_WORDS = (
    "centro instituto institut escuela facultad sociedad asociación fundación fundació "
    "laboratorio palacio consorcio xarxa"
).split()
_TITLE_DOT = r"(?:(?<=(?<![\p{L}\p{M}])(?:Dr|Dra|Sta|Sto))\.)?"  # "Centro de Salud Dr. Castroviejo"
_ORGANISATION_NAME_WORD = rf"\p{{Lu}}[\p{{Ll}}\p{{M}}]+(?:-\p{{Lu}}[\p{{Ll}}\p{{M}}]*)*{_TITLE_DOT}"
_ORGANISATION_NAMED = cues(
    [*_ORGANISATION_WORDS, "complejo hospitalario", "complejo asistencial"],
    tail=rf"(?-i:(?:[ \t]+(?:{_PARTICLE}[ \t]+)*{_ORGANISATION_NAME_WORD})+)",
    word_end=True,
)
"""A Spanish organisation named with capitalised common words ("Centro Nacional de
Toxicología", "Instituto de Medicina Legal", "Escuela Universitaria de Ciencias de la
Salud", "Complejo Hospitalario de Navarra"): a capital on every word of the name is what
makes it one. Cut by :func:`_organisation_end`."""
_ORGANISATION_WORD = regex.compile(rf"(?:{_PARTICLE}[ \t]+)*({_ORGANISATION_NAME_WORD})")
_HEALTH_SERVICE = regex.compile(
    rf"(?<![\p{{L}}\p{{M}}])(?:(?:Servicio|Servei)[ \t]+(?!de\b){_ORGANISATION_NAME_WORD}"
    r"[ \t]+de[ \t]+(?:la[ \t]+)?Salu[dt]"
    rf"|Servicio[ \t]+de[ \t]+Salud[ \t]+(?:del|de)[ \t]+(?:(?:{_PARTICLE})[ \t]+)*"
    rf"{_ORGANISATION_NAME_WORD}(?:[ \t]+(?:(?:{_PARTICLE})[ \t]+)*{_ORGANISATION_NAME_WORD})*)"
    r"(?![\p{L}\p{M}])"
)
"""A Spanish region's health service: "Servicio Castellano-Leonés de Salud", "Servicio
Andaluz de Salud", "Servei Català de la Salut", "Servicio de Salud del Principado de
Asturias" — not a hospital's department, "Servicio de Oftalmología"."""
_FORENSIC_INSTITUTE = regex.compile(
    r"(?<![\p{L}\p{N}.-])(?:IML(?:y?CF|C)?|IVML|INTCF|IMELCF|SAMUR)(?![\p{L}\p{N}-])"
    rf"(?:[ \t]+(?:de|del)[ \t]+{_ORGANISATION_NAME_WORD}(?:[ \t]+{_ORGANISATION_NAME_WORD})?)?"
)
"""A Spanish forensic institute or a town's emergency service by its acronym, with the town
or region after it: "IML de Huelva", "IVML", "INTCF", "IMLCF de Alicante", "SAMUR" (the
Institutes of Legal Medicine and Forensic Sciences, the National Institute of Toxicology,
Madrid's emergency service) — each names where the report was written."""
_JOINED_PLACE = regex.compile(r"[ \t]+(?:y|e|i)[ \t]+\p{Lu}[\p{L}\p{M}]+(?![\p{L}\p{M}])")
_LAST_WORD = regex.compile(r"(?r)(?<![\p{L}\p{M}])\p{Lu}[\p{L}\p{M}-]*\Z")


def _with_joined_place(text: str, start: int, end: int, known: Places) -> int:
    """The end of an organisation's name whose last word begins a place that a conjunction
    joins on ("Centro Autonómico de Farmacovigilancia de Castilla [y León]"): the cue's
    pattern stops at the lower-case "y", which is no particle."""
    joined = _JOINED_PLACE.match(text, end)
    last = _LAST_WORD.search(text, start, end)
    if joined is None or last is None:
        return end
    place = known.match(place_tokens(text[last.start() : joined.end()]))
    return joined.end() if place is not None else end


_ORGANISATION_STOPS = frozenset(
    "servicio servei hospital unidad departamento sección seccion universidad ciudad calle "
    "avda avenida paseo plaza carretera ronda planta edificio edifici email correo tel "
    "teléfono telefono".split()
)
"""Words that start what follows an organisation's name on a sender's line: a department,
a second institution, a street."""
_QUOTED_NAME = r"[„\"“«][ \t]?\p{Lu}[^\"“”»\n]{0,40}?[ \t]?[“”\"»]"
"""A name in quotes of any language ("„Sonnenhof“", "« Les Tilleuls »", '"San Cecilio"')."""
_ACRONYM_OR_QUOTED = regex.compile(rf"[ \t]*(?:\(\p{{Lu}}{{2,8}}\)|{_QUOTED_NAME})")
_STREET_AFTER_ORGANISATION = regex.compile(
    rf"[ \t]+((?:{_ORGANISATION_NAME_WORD}[ \t]+(?:{_PARTICLE}[ \t]+)*){{0,3}}"
    rf"{_ORGANISATION_NAME_WORD},[ \t]*(?:\d{{1,5}}(?:[ \t]*-[ \t]*\d{{1,5}})?|s/n)(?![\p{{L}}\d]))"
)
"""A street without its type word after an organisation on a sender's line, its house
number after a comma ("Complejo Hospitalario de Navarra [Irunlarrea, 3]", "... de Albacete
[Hermanos Falcó, s/n]")."""


def _organisations(
    text: str, index: dict[str, list[int]], lex: Lexicon, language: str | None
) -> Iterator[RuleHit]:
    """Spanish organisations named with capitalised common words (:data:`_ORGANISATION_NAMED`),
    with the acronym or quoted name after them ("Centro Andaluz de Medicina del Deporte
    (CAMD)", 'Centro Hemodiálisis "Las Encinas"'); not an institution's words alone ("el
    Centro de Salud")."""
    known = places(language)
    for match in _ORGANISATION_NAMED.finditer(text, index):
        if not match.group()[:1].isupper():
            continue
        end = _organisation_end(text, match.start(), match.end(), known, lex, language)
        if end is None:
            continue
        end = _with_joined_place(text, match.start(), end, known)
        after = _ACRONYM_OR_QUOTED.match(text, end)
        end = after.end() if after else end
        yield RuleHit(match.start(), end, *_organisation_rule(match.group()))
        street = _STREET_AFTER_ORGANISATION.match(text, end)
        if street is not None and fold(street.group(1).split()[0]) not in _ORGANISATION_STOPS:
            yield RuleHit(*street.span(1), "STREET", "street_after_institution")


def _organisation_rule(found: str) -> tuple[str, str]:
    """The kind and rule of an organisation's hit, by its first words: a hospital complex
    (an ``INSTITUTION``, ``institution_prefixed``), a health centre (``health_centre_named``:
    MEDDOCAN's CENTRO_SALUD), any other body (an ``ORGANISATION``)."""
    head = fold(found[:16])
    if head.startswith("complejo"):
        return "INSTITUTION", "institution_prefixed"
    if head.startswith("centro de salud"):
        return "INSTITUTION", "health_centre_named"
    return "ORGANISATION", "organisation_named"


def _organisation_end(
    text: str, start: int, end: int, known: Places, lex: Lexicon, language: str | None
) -> int | None:
    """Where an organisation's name from ``start`` ends within ``end``: before a department,
    a second institution or a street (:data:`_ORGANISATION_STOPS`), and after a town that
    "de" joins to it, or before one that follows its name without it ("Complejo Hospitalario
    de Navarra | Irunlarrea, 3"; "Instituto Colombiano del Dolor | Medellín"; but "Centro de
    Salud Cantabria", the town its name). None: no word beyond an institution's."""
    position, named, previous = start, False, ""
    for word in _ORGANISATION_WORD.finditer(text, start, end):
        token = word.group(1)
        folded = fold(token)
        if folded in _ORGANISATION_STOPS:
            break
        if _a_town(token, folded, known, language):
            if text[position : word.start(1)].strip().lower() in ("de", "del"):
                return word.end(1)  # "... de Navarra": the town ends the name
            if named and previous not in lex.first_names and previous not in _SPANISH_ARTICLES:
                break  # not "Centro de Salud José Ramón Muñoz", "Centro de Salud Las Palmas"
        named = named or (folded not in _INSTITUTION_WORDS and folded not in _SPANISH_ARTICLES)
        position, previous = word.end(1), folded
    return position if named else None


_LEGAL_TRIGGERS = frozenset(re.findall(r"\w+", " ".join(_LEGAL_FORMS).lower())) - {"s", "a", "and"}
_LEGAL_BEFORE = regex.compile(rf"(?r){_WORD}[ \t]+(?:(?:&|and|of|de)[ \t]+)?\Z")
"""What stands before a legal form in :data:`_ORGANISATION`: a capitalised word and a blank."""


def _may_name_organisation(text: str, index: dict[str, list[int]]) -> bool:
    """Whether :data:`_ORGANISATION` can match: a legal form's first word after a
    capitalised word and a blank ("Acme Corp.", "Laboratorios Cinfa S.A."), not after a
    number or a lower-case word ("70 kg", "vitamina B", "la p"), where a scan of the
    narrative found nothing in most of the MEDDOCAN narratives it read. "S.A.", "S.L.",
    "S.p.A." start with an "s" the cue-word index does not keep: found with ``str.find``."""
    starts = [at for word in _LEGAL_TRIGGERS.intersection(index) for at in index[word]]
    for dotted in ("s.", "S."):
        starts += (at for at in occurrences(text, dotted) if text[at + 2 : at + 3] in _SAL)
    starts += [  # "& Sons", "and Sons": the legal form starts at its "&" or "and"
        joined.start()
        for at in starts
        if (joined := _JOINED_FORM.search(text, max(0, at - 8), at)) is not None
    ]
    return any(_LEGAL_BEFORE.search(text, max(0, at - MAX_LENGTH), at) for at in starts)


_JOINED_FORM = regex.compile(r"(?r)(?:&|(?<![\p{L}\p{M}])(?i:and))[ \t]+\Z")
"""The "&" or "and" that begins a legal form before its word ("Acme [&] Sons")."""


_SAL = frozenset("aAlLpP")


_LEGAL_WORDS = frozenset(fold(w).rstrip(".") for w in _LEGAL_FORMS)
_BRACKET = regex.compile(r"\(([^()\n]{3,160})\)")
_ELEMENT = regex.compile(r"[^,;]+")
_PRODUCT = regex.compile(r"[®™]|\p{Lu}[\p{L}\p{M}-]*[ \t]+\d")
"""What makes a bracket's first element a product: a trade mark, or a capitalised name
with a number ("Dacortin 30 mg", "Sonos 100 CF")."""
_MAKER = regex.compile(
    r"\p{Lu}[\p{L}\p{M}']*(?:-\p{L}[\p{L}\p{M}']*)*"
    r"(?:®?[ \t]+(?:&|and|y|\p{L}[\p{L}\p{M}']*(?:-\p{L}[\p{L}\p{M}']*)*)){0,4}"
)
_REGION_CODE = regex.compile(r"[A-Z]{2}|(?i:EE\.?[ \t]*UU\.?|U\.?S\.?A\.?|U\.?K\.?)")


def _a_place(element: str, known: Places) -> bool:
    """Whether a bracket's element names a place: a town, region or country of the
    gazetteer as a whole ("Madrid", "Fort Worth"; not "Upchurch Kent"), or a region's
    code ("CA", "EE. UU.")."""
    element = element.strip(" \t.")
    if _REGION_CODE.fullmatch(element):
        return True
    words = tuple(fold(w) for w in _TOKEN.findall(element))
    return bool(words) and known.match(words) is not None


def _a_brand(element: str) -> bool:
    """Whether a bracket's element is a drug's brand alone: one capitalised word the drug
    dictionary knows ("Tobradex", not "Tobradex colirio", "paracetamol")."""
    element = element.strip(" \t")
    return element[:1].isupper() and " " not in element and is_drug_or_vaccine(element)


def _a_person(name: str, words: list[str], lex: Lexicon) -> bool:
    """Whether a maker's words read as a person's name: a known given name, then known names
    that are no common words ("John Smith", "María López"; not "Boston Scientific", a firm's
    "Johnson & Johnson", a maker the dictionaries know, "Bristol-Myers Squibb")."""
    return (
        "&" not in name
        and len(words) >= 2
        and tuple(fold(name).split()) not in safe_terms().products  # "Eli Lilly"
        and lex.is_given_name(fold(words[0]))
        and all(
            (fold(w) in lex.last_names or fold(w) in lex.first_names) and fold(w) not in lex.common
            for w in words[1:]
        )
    )


def _manufacturers(text: str, language: str | None, lex: Lexicon) -> Iterator[RuleHit]:
    """The maker of a product in the brackets after it, as articles write it: "(Dacortin
    30 mg, [Merck], Barcelona)", "(Azopt®, [Alcon Cusi])", "([Allergan]®, Irvine,
    California)", "(Tobradex, [Alcon Cusí])": a capitalised name right after a product (a
    trade mark, a name with a number) and before the place it is in, or after a trade-marked
    product or a drug's brand alone; not a person's name ("(Humira, Juan Pérez)"). Which
    schemes suggest them is in :mod:`.schemes` (MEDDOCAN's institutions; elsewhere a maker is
    no PHI). A maker that is a safe term ("Pfizer", "Merck") stays one: a hit here would take
    the place of the term's, which keeps it readable in every other scheme; the term's own
    rule there (``maker_in_brackets``, :mod:`..terms`) is MEDDOCAN's institution."""
    if "(" not in text:
        return
    known = places(language)
    for bracket in _BRACKET.finditer(text):
        elements = list(_ELEMENT.finditer(text, *bracket.span(1)))
        if len(elements) < 2 or len(elements[0].group().split()) > 4:
            continue
        first = elements[0].group()
        marked = "®" in first or "™" in first
        if marked and _a_place(elements[1].group(), known):
            maker = elements[0]  # "(Allergan®, Irvine, California)"
        else:
            maker = elements[1]
            place_next = len(elements) > 2 and _a_place(elements[2].group(), known)
            if not (
                marked
                or (place_next and not first.isupper())  # not "(TAC, RMN, Madrid)"
                or (len(elements) == 2 and (_PRODUCT.search(first) or _a_brand(first)))
            ):
                continue  # "(Atropina 1%, [Alcon Cusí])", "(Tobrex, [Alcon Cusi], Barcelona)"
        name = _MAKER.search(text, *maker.span())
        if name is None or text[maker.start() : name.start()].strip():
            continue  # what comes first is no capitalised name: "(Tylenol 500, 2 mg)"
        if text[name.end() : maker.end()].strip(" \t.®™"):
            continue  # more than a name: "(HDL 52 mg/dl, LDL 153 mg/dl)"
        if fold(_TOKEN.search(text, *name.span()).group()) in _INSTITUTION_WORDS:
            continue  # "(Krankenpfleger, Hausarztpraxis Junk, Marktheidenfeld)": no maker
        start, end = _trim(text, *name.span())
        words = _TOKEN.findall(text, start, end)
        if _a_person(text[start:end], words, lex):
            continue  # "(Humira 40 mg, John Smith)": whoever gave it, not who made it
        while len(words) > 1 and known.match((fold(words[-1]),)) == "COUNTRY":
            end = _trim(text, start, text.rfind(words.pop(), start, end))[1]  # "Septodont Francia"
        end = start + len(text[start:end].rstrip(" \t-®"))  # "[Chiesi]-España"
        if (
            end > start + 1
            and not _a_place(text[start:end], known)
            and not (len(words) == 1 and is_drug_or_vaccine(words[0]))  # "Advil", "Pfizer"
            and any(
                fold(w) not in lex.stop
                and fold(w) not in _INSTITUTION_WORDS
                and fold(w) not in _LEGAL_WORDS
                for w in words
            )
        ):
            yield RuleHit(start, end, "INSTITUTION", "manufacturer")
