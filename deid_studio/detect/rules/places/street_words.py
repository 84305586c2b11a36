"""The words and parts of a street address that several families read: street types
before the name per language ("Calle", "rue", "Via") and after it ("-straße", "Street", the US
Postal Service's suffixes), a Spanish flat's floor and door ("3.º C", "bajo izq"), and the
house number (:data:`_HOUSE_NUMBER`).
"""

from __future__ import annotations

from collections.abc import Mapping

from deid_studio.detect.gazetteers import fold

_STREET_BEFORE: Mapping[str, str] = {
    "es": "calle c/ c/. avda avda. avd avd. avenida av. plaza pza pza. pz pz. paseo pº camino "
    "carretera ctra ctra. crta crta. ronda travesía travesia glorieta urbanización urb urb. pso. "
    "barrio pasaje callejón rambla bulevar alameda vía avinguda passeig plaça rúa",
    "fr": "rue avenue av. boulevard bd bld boul boul. place chemin allée impasse quai route "
    "cours square",
    "pt": "rua avenida av. travessa praça largo",
    "it": "via viale piazza corso vicolo contrada c.da",
}
"""Street-type words before the name, per language (English and German put theirs after);
Spanish with the Catalan and Galician ones its addresses use ("Avinguda Diagonal, 660",
"Rúa do Vilar, 12") and the abbreviations written in them ("C/.", "Crta.")."""
_STREET_AFTER = (
    "straße strasse str. platz gasse allee straat laan plein gatan vägen "
    "kalea pasealekua etorbidea hiribidea"
).split()
"""Street-type endings that make a street with or without a house number ("Hauptstraße"),
and the Basque street types written after the name ("Begiristain Doktorea Pasealekua")."""
_STREET_AFTER_NUMBERED = (
    "weg ring damm ufer steig pfad chaussee markt gracht gränd torget vej veien vegen gate gata "
    "kai gürtel zeile lände "
    "gade sti stien braut katu tie utca tér út"
).split()
"""Endings common in other words too ("Monitoring"): a street only with its house number."""
_STREET_AFTER_ADDRESSED = "graben stieg kamp anger wall hof berg feld garten".split()
"""Endings of German streets that end towns and other words as often ("Heidelberg", "Innenhof
2 Personen"): a street only with a house number that ends the address's line or comes
before its postcode ("Löbdergraben 12\n07743 Jena", "Sonnenberg 14a, 99084 Erfurt")."""
_STREET_AFTER_EN = (
    "street st avenue ave road rd drive dr lane ln boulevard blvd court ct way place pl "
    "terrace ter circle cir parkway pkwy highway hwy square sq trail trl crescent close row quay "
    "alley pike turnpike expressway expy freeway fwy plaza plz village vlg island islands "
    "isle neck ridge heights hills crossing junction estates gardens meadows mews grove "
    "bypass point park"
).split()
_STREET_AFTER_USPS = (
    "branch bridge brook brooks burg burgs camp canyon cape causeway center centers circles "
    "cliff cliffs club common corner corners course courts cove coves creek crest crossroad "
    "curve dale dam divide drives estate extension extensions fall falls ferry field fields "
    "flat flats ford fords forest forge forges fork forks fort garden gateway glen glens green "
    "greens groves harbor harbors haven hill hollow inlet junctions key keys knoll knolls lake "
    "lakes land landing light lights loaf lock locks lodge loop mall manor manors meadow mill "
    "mills mission motorway mount mountain mountains orchard oval overpass parks parkways pass "
    "passage path pine pines plain plains points port ports prairie radial ramp ranch rapid "
    "rapids rest ridges river roads route run shoal shoals shore shores skyway spring springs "
    "spur spurs squares station stravenue stream streets summit throughway trace track "
    "trafficway tunnel underpass union unions valley valleys viaduct view views villages ville "
    "vista walk walks wall ways well wells"
).split()
"""The rest of the US Postal Service's street suffixes (Publication 28, as Faker's American
and British address lists hold them: "Centers", "Rapid", "Shoal", "Mill"), after a house
number and a capitalised name only; "Via" and "Rue" too, capitalised ("14619 Nicholas Via";
not "2 Puffs via inhalation", "1 VIAL ALBUTEROL VIA NEB")."""
_SIDE = (
    r"(?i:dcha|drcha|dcho|dch|izq|izqda|izqdo|izda|izdo|iz|ctro|dto|dta|esq|esqdo|esqda|andar)"
    r"\.?(?![\p{L}\p{M}])"
)
_STOREY = r"(?i:bajo|bj|entlo|entresuelo|[aá]tico|pral|principal|semis[oó]tano)(?![\p{L}\p{M}])"
_FLOOR = r"\d{1,2}(?:\.?[º°ªo]|o)(?:[ \t]?[A-Z]|[a-z])?(?![\p{L}\p{M}\d])"
_UNIT_PART = (
    r"(?i:esc|escalera|portal|pta|puerta|piso|planta|interior|int|bloque|blq|edif|edificio|ed|"
    r"km|apto|dpto|local|ap|apartamento|bloco|sala|scala|piano|bât|bat|bâtiment|"
    r"étage|etage)\.?[ \t]*(?:\d{1,4}[A-Za-zº°ª]{0,2}|[A-Z]{1,4})(?![\p{L}\p{M}\d])"
)
_STOREY_SIDE = r"(?i:der|dr)\.?(?![\p{L}\p{M}])"
"""A side only after the ground floor ("bajo der"): "der" alone is a German article."""
_STOREY_DOOR = rf"{_STOREY}(?:[ \t]+(?:{_SIDE}|{_STOREY_SIDE}|[A-Z](?![\p{{L}}\d])))?"
_FLAT = (
    rf"(?:(?:[ \t]*[,\-][ \t]*|[ \t]+)"
    rf"(?:{_FLOOR}(?:[ \t]+{_SIDE})?|{_SIDE}|(?<=[º°ªo][ \t]*-[ \t]*)\d{{1,3}}(?![\p{{L}}\d])"
    rf"|[A-Z](?=[ \t]*(?:[,;\n\r]|\.[ \t]*(?:[\n\r]|\d|\Z)|\Z))"
    rf"|(?<=[º°ªo][ \t])[A-Z](?=[ \t]*(?:[,;\n\r]|\.(?![\p{{L}}])|\Z))"  # "4o V. C.P."
    rf"|(?:{_STOREY_DOOR}|{_UNIT_PART})(?=[ \t]*(?:[.,;:\-\n\r]|\Z|\d|\p{{Lu}})))"
    rf"|\.[ \t]*(?:{_STOREY_DOOR}|{_UNIT_PART})(?=[ \t]*(?:[.,;:\-\n\r]|\Z|\d)))"
)
"""What follows a Spanish house number in an address: the floor and the door ("4 5º - 4",
"35 7o dcha", "5ºA izq", "16, 3, A", "4o V."), the ground floor ("1. Bajo A", "3, bajo der"),
the staircase, building, block or kilometre ("6, esc. 2, 2ºb", "2, Ed.ICA, Esc.2a", "330 km
539"). After a full stop only where the address ends ("43. Puerta 2. 6006 Badajoz", not "5.
Planta 4 Medicina Interna"); a door's letter after a comma not before an initial's name
("5, A. García")."""
_NO_POSTCODE = r"(?!\d{5}[ \t]+\p{Lu}[\p{Ll}\p{M}])"
"""Not five digits before a capitalised word: a postcode and its town after a street's name
("Avenida de la Constitución [13600] Alcázar de San Juan"), no house number."""
_HOUSE_NUMBER = (
    r"(?:,?[ \t]*(?:n[ \t]?[º°o]\.?[ \t]*|n\.[ \t]?[º°o]\.?[ \t]*|[Nn]o\.[ \t]*|nr\.[ \t]*|#[ \t]*"
    r"|(?-i:n)\.[ \t]*"
    r"|(?i:número|numero)[ \t]+)?"
    rf"(?:{_NO_POSTCODE}\d{{1,5}}(?:[ \t]?[a-zA-Z]|/[A-Za-z])?(?![\p{{L}}\d])|(?i:s/n))"
    r"(?:[ \t]*[,/\u2013-][ \t]*\d{1,4}"
    r"(?:(?:\.[º°ªo]|[º°ª])(?:[ \t-]?[A-Z](?!-)|[ \t]+\d{1,2}[ª])?|[ \t]?[º°ªa-zA-Z]{0,2})"
    r"(?![\p{L}\d]))*"
    r"(?![ \t]*(?i:jahre|jahren|jährige?|years?|yrs?|años|anos|ans|monate|months?|meses|mois)"
    rf"(?![\p{{L}}\p{{M}}])){_FLAT}{{0,4}})"
)
"""A house number, with a door or a flat after it, a Spanish floor and door too ("14, 3.º C",
"3 - 5º 2ª", "7, 3.o B", "n.o 119", and :data:`_FLAT`); not an age ("Till Häring, 11 Jahre":
the surname ends like a German street, "-ring")."""
_STREET_WORDS = frozenset(
    fold(w.rstrip("."))
    for w in " ".join(_STREET_BEFORE.values()).split() + _STREET_AFTER_EN + _STREET_AFTER
)


_STREET_TYPE_WORDS = frozenset(
    fold(w.rstrip("./")) for w in " ".join(_STREET_BEFORE.values()).split()
)
"""The street types written before a street's name, folded, without their dot or slash."""
