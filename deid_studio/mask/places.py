"""The words of a masked place or organisation that are worth finding alone elsewhere.

"17884 Huelva" masked as an address says nothing about the "residente en Huelva" two lines
down: the town alone is the same PHI. So the capitalised words of a masked location,
street, city, state, country or organisation are searched for alone, like the surnames of a
name — except the words that name a kind of place rather than a place ("Hospital", "Calle",
"Centro", "Street"), which are common nouns at the start of a sentence as often as part of
a name, and stopwords of the narrative's language.
"""

from __future__ import annotations

import regex

from deid_studio.core.language import stopwords

PLACE_KINDS = frozenset(
    {"location", "street", "city", "state", "country", "organization", "postcode"}
)
GENERIC = frozenset(
    """
    hospital hospitalario hospitalaria hospitales hôpital hopital hôpitaux hopitaux clinic clinica
    clínica clinico clínico clinique krankenhaus spital ospedale
    klinik klinikum complejo complexo materno infantil residencia centro
    center centre zentrum salud health santé gesundheit servicio service servicios unidad unit
    unité departamento department département abteilung instituto institute institut
    universidad university université universität universitario universitaria universitaire
    fundación foundation fondation stiftung sanatorio consultorio ambulatorio policlínico
    policlinica farmacia pharmacy pharmacie apotheke laboratorio laboratory laboratoire labor
    general regional provincial municipal nacional national comarcal insular militar privado
    privada public público pública medical médico médica medizinisches sanitario sanitaria
    calle avenida avda plaza paseo carretera camino ronda travesía urbanización barrio
    street st road rd avenue ave lane drive boulevard blvd way place court square
    rue avenue boulevard chemin place allée straße strasse str weg platz gasse allee
    rua avenida praça gatan vägen väg torget
    norte sur este oeste north south east west nord sud est ouest
    ciudad city ville stadt provincia province comunidad county state estado region región
    país country pays land
    """.split()
)
_WORD = regex.compile(r"\p{Lu}[\p{L}\p{M}'\u2019]{2,}")


def place_words(text: str, language: str | None) -> list[str]:
    """The capitalised words of three letters or more of ``text`` that name this place."""
    stop = stopwords().get(language or "", frozenset())
    out = []
    for match in _WORD.finditer(text):
        word = match.group()
        folded = word.casefold()
        if folded not in GENERIC and folded not in stop:
            out.append(word)
    return out
