"""Places and institutions found by their words and context, in every supported language.

* Streets: a street-type word before the name ("Calle", "Avda.", "Paseo", "rue", "Via") or
  after it ("Hauptstraße", "-str.", "-platz", "-weg", "-gasse", "Hammarvägen"; "Main
  Street", "Elm St" after a house number), with the house number ("23, 1D", "s/n", "12a").
* A town after a postcode ("28035 Madrid", "D-12345 Berlin"), a US state and town before a
  ZIP code ("Baltimore, MD 21201").
* Cities, regions and countries from the gazetteers (:mod:`deid_studio.detect.geography`); a
  name that is also a common word ("Mobile", "Reading") only after a place cue ("in", "nach",
  "residente en").
* Institutions: "Hospital X", "Hospital Universitario 12 de Octubre", "Centro de Salud X",
  "Klinikum X", "CHU de X", "X Hospital", "X Medical Center", "University of X",
  "Sankt-Georg-Spital", "general hospital"; wards and rooms ("Station 4A", "room 412").
* Keyed fields: "Domicilio:", "Address:", "Localidad:", "País:", "Hospital:" and their
  values.

Kinds: ``STREET``, ``CITY`` (towns, states, provinces), ``COUNTRY``, ``INSTITUTION``,
``ORGANISATION`` (a body that is no place of care: "Instituto de Medicina Legal"),
``ROOM``.

One module per family of rules:

* :mod:`.fields` — a form's keyed fields;
* :mod:`.streets` — streets, house numbers, flats, boxes, corners;
* :mod:`.institutions` — hospitals, clinics, pharmacies, universities, rooms;
* :mod:`.organisations` — bodies, companies, employers, firms, makers;
* :mod:`.postcodes` — towns by their postcode or ZIP code;
* :mod:`.towns` — towns by their context: a phrase, a region, brackets;
* :mod:`.address_continued` — the rest of an address after its street or institution;
* :mod:`.gazetteer` — cities, regions and countries the gazetteers know;
* :mod:`.finder` — :func:`find_places`, which runs them in order, and :data:`PLACE_FINDER`;
* shared by several: :mod:`.street_words` (street types, flats, house numbers),
  :mod:`.institution_words` (institutions' words, whether they name one) and :mod:`.common`
  (name words, trimming, town words, :data:`RULES`).
"""

from __future__ import annotations

from deid_studio.detect.rules.places.common import COMMON, RULES
from deid_studio.detect.rules.places.finder import PLACE_FINDER, find_places

__all__ = ["COMMON", "PLACE_FINDER", "RULES", "find_places"]
