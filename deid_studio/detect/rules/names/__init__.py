"""Person names found by what stands around them, in every supported language.

A name has no shape a regex can see; what gives it away is its context:

* a title or form of address before it — the patient's ("Mr", "Herrn", "Sra.", "Mme") or a
  professional's ("Dr.", "Dra.", "Dr. med.", "Prof.", "Mag."); a key ("Patient:", "Nombre:",
  "Betr.:", "Reporter:", "Remitido por:");
* a relative's word before it ("son don", "su hija Ana", "Tochter Maria");
* a credential after it — a signature ("irene snell, rn", "Q. LANDER RRT", "J. Smith, MD");
* a first name from the gazetteer followed by a surname ("Teresa Kreutzmann"), without cue;
* the same name again, elsewhere in the narrative, once a cue has shown it is one.

After a cue, :meth:`~.words.Lexicon.name_like` decides word by word: capitalised words that
are known names or no common word, initials, and lower-case words from the name lists. Kinds:
``PERSON`` (the patient, or anyone addressed by Mr/Mrs), ``STAFF`` (physicians, nurses,
reporters), ``RELATIVE``. For MEDDOCAN's guidelines two more: ``KIN`` (the kinship word
itself, "su madre") and ``SEX`` ("varón de 53 años", "Sexo: H"); other schemes ignore them.

One module per family of rules:

* :mod:`.cued` — names after a title, a key, a relative's word or an introduction;
* :mod:`.relatives` — relatives named beside their kinship word, and the kinship words;
* :mod:`.signatures` — names before a credential;
* :mod:`.pairs` — a known first name and its surnames, without a cue;
* :mod:`.first_names` — a first name alone, and lists of first names;
* :mod:`.repeated` — a cue's name found again elsewhere in the narrative;
* :mod:`.initials` — initials, and the names they spell;
* :mod:`.apposition` — names beside a job, a birth date or an age;
* :mod:`.finder` — :func:`find_names`, which runs them in order, and :data:`NAME_FINDER`;
* :mod:`.common` — what several families share (tables, word sets, :data:`RULES`).
"""

from __future__ import annotations

from deid_studio.detect.rules.names.common import RULES
from deid_studio.detect.rules.names.finder import NAME_FINDER, find_names

__all__ = ["NAME_FINDER", "RULES", "find_names"]
