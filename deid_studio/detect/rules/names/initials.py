"""Initials and the names they spell: dotted initials ("J.R.", "A.M.G."; rule
``initials``) unless they spell a common abbreviation no person is given ("I.V.", "E.R."),
and a name its initials in brackets spell, either way round ("Heidelore Striebitz (H.S.)",
"D.B. (Douglas Berger)"; rule ``name_spelt``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import regex

from deid_studio.detect.gazetteers import fold
from deid_studio.detect.rules.base import RuleHit
from deid_studio.detect.rules.words import Lexicon

_INITIALS = regex.compile(
    r"(?<![\p{L}\p{M}\d.'\u2019-])(?:\p{Lu}\.){2,6}(?![\p{L}\p{M}\d]|\.\p{L})"
)
_WHOSE = (
    r"(?:[ \t]+(?i:del|de[ \t]+la|du|de[ \t]+l['\u2019]|des|der|do|da|della|of[ \t]+the)[ \t]+"
    r"(?i:paciente|patient|patiente|patienten|patientin|paziente|doente))?"
    r"(?:[ \t]*\([^()\n]{1,20}\))?"
)
"""Whose initials, and how they are written, between the key and its colon: "Iniciales del
paciente:", "PATIENT INITIALS (first, last):"."""
_INITIALS_KEY = regex.compile(
    r"(?r)(?<![\p{L}])(?i:initials|iniciales|initiales|initialen|iniciais|iniziali)"
    rf"{_WHOSE}[ \t]*:?[ \t]*\Z"
)
"""A form's key for the patient's initials: what follows is a person's, whatever it spells
("Patient initials: B.A.", "Iniciales: J.B.T.G.")."""
_ABBREVIATIONS = frozenset(
    "am pm iv im sc sq po pr bp er or icu us usa uk eu un md do rn np pa lpn ms ma ba bs ok "
    "qd bid tid qid prn hs qhs npo cna rad na nb ps dc id ad bc eg ie vs cv gp ae rip sa sl "
    "sc ee uu dni nhc cp ss ue rx dx hx tx fx sx ct mri ecg ekg eeg cns ent gi ot pt "
    "pdf usb tv ny la dc nyc rtu inr ui fc fr fm fcf pcr ta tac rmn ir iu me "
    "aine paaf epoc hbpm acva df qf".split()
)
"""Dotted abbreviations of two to four capitals that are no one's initials ("I.V.", "E.R.",
"U.S.", "B.I.D.", "S.A.", "F.C.", "R.T.U.", "México D.F.")."""
_NUMBER_NEAR = regex.compile(r"[ \t]?\d")
_NUMBER_BEFORE = regex.compile(r"(?r)\d[ \t]?\Z")
"""A number right before initials, a blank between at most ("10 U.I.")."""


_SPELLING_WORD = r"\p{Lu}[\p{L}\p{M}'\u2019.-]*"
"""A capitalised word that initials may spell, hyphenated parts and dotted initials of its
own allowed ("Heidelore", "H.-Dieter", "Klaus-D.", "O'Brien")."""
_NAME_BEFORE_BRACKET = {
    n: regex.compile(rf"(?r)((?:{_SPELLING_WORD}[ \t]+){{1,{n}}})\(\Z") for n in (2, 3, 4, 5, 6)
}
"""Up to ``n`` capitalised words right before an opening bracket (as many as the initials in
it: fewer when a word is hyphenated)."""
_NAME_IN_BRACKET = regex.compile(
    rf"[ \t]*\([ \t]*({_SPELLING_WORD}(?:[ \t]+{_SPELLING_WORD}){{0,5}})[ \t]*\)"
)
"""A bracket of capitalised words right after initials ("D.B. (Douglas Berger)")."""


_SUBJECT_VERB = regex.compile(
    r"[ \t]+(?:was|is|has|had|received|presented|started|developed|reported|experienced|died|"
    r"recovered|attended|went|complained|noticed|felt|said|became|took|remained|underwent|"
    r"denied|stated|"
    r"a[ \t]+(?:été|reçu|présenté|débuté|développé)|est|avait|présente|"  # French
    r"fue|recibió|presentó|ingresó|refiere|refirió|"  # Spanish
    r"wurde|erhielt|hat|ist|war|bekam)(?![\p{L}])"  # German
)
_LINE_START = regex.compile(r"(?r)(?:\A|[\n\r|]|[.!?][ \t])[ \t]*\Z")
_TIMES_AND_SETS = frozenset({"am", "pm", "tv", "do"})
"""Abbreviations in :data:`_NO_ONE` that are a person's initials all the same at the start of
a sentence before a person's verb ("A.M. was vaccinated", "T.V. a été vacciné", "D.O. was
discharged"; not "at 10 A.M. was", "the T.V. was on")."""
_NO_ONE = frozenset(
    "am pm iv im er or icu us usa uk eu un rx dx hx tx ct mri ecg ekg eeg pdf usb tv "
    "md do rn np pa lpn cna gp".split()
)
"""Abbreviations that stay what they are even as a sentence's subject ("the I.V. was
stopped", "the U.S. has")."""
_ARTICLE_BEFORE = regex.compile(
    r"(?r)(?:(?<![\p{L}])(?i:the|a|an|his|her|their|per)|\p{Lu}[\p{L}\p{M}]+)[ \t]+\Z"
)
"""An article, or a capitalised word whose legal form they are ("Pfizer S.A. reported")."""


def _a_subject(text: str, start: int, end: int, letters: str) -> bool:
    """Whether initials that spell an abbreviation are a person all the same: the subject of
    a person's verb, with no article or name before them ("B.A. was vaccinated", "H.S. was
    still an inpatient", "M.S. started oxycodone"; not "the I.V. was stopped")."""
    folded = letters.lower()
    abbreviation = folded in _NO_ONE and not (
        folded in _TIMES_AND_SETS and _LINE_START.search(text, max(0, start - 4), start) is not None
    )
    return (
        not abbreviation
        and _SUBJECT_VERB.match(text, end) is not None
        and _ARTICLE_BEFORE.search(text, max(0, start - 8), start) is None
    )


def _name_spelt(text: str, start: int, letters: str, lex: Lexicon) -> tuple[int, int] | None:
    """(start, end) of the name right before the bracket of initials starting at ``start``
    that ``letters`` spell, when it starts with a known first name ("Heidelore Striebitz
    (H.S.)", "Domingo Amaya Arana (D.A.A.)", "H.-Dieter Wilms (H.D.W.)"; not "Presión
    Arterial (P.A.)")."""
    pattern = _NAME_BEFORE_BRACKET[len(letters)]
    found = pattern.search(text, max(0, start - 40 * len(letters)), start)
    if found is None:
        return None
    words = list(regex.finditer(r"\S+", found.group(1)))
    for first in range(len(words)):  # the longest run of the last words that they spell
        kept = [w.group() for w in words[first:]]
        if _spelt(kept, letters, lex):
            return found.start(1) + words[first].start(), found.start(1) + words[-1].end()
    return None


def _spelt(words: Sequence[str], letters: str, lex: Lexicon) -> bool:
    """Whether ``letters`` are the initials of ``words`` (a hyphenated word gives one per
    part) and the first word is, or holds, a known first name."""
    return _spelling(words) == letters and _first_name_first(words, lex)


def _first_name_first(words: Sequence[str], lex: Lexicon) -> bool:
    """Whether the first of ``words`` is, or holds, a known first name ("H.-Dieter")."""
    parts = [p.rstrip(".") for p in words[0].split("-")]
    return any(fold(p) in lex.first_names for p in parts if len(p) > 1)


def _spelling(words: Sequence[str]) -> str:
    """The initials of ``words``, one per hyphenated part ("Jean-Pierre Roux": "JPR")."""
    return "".join(p[0] for w in words for p in w.split("-") if p)


_UNDOTTED_AFTER_KEY = regex.compile(
    r"(?<![\p{L}])(?i:initials|iniciales|initiales|initialen|iniciais|iniziali)"
    rf"{_WHOSE}\)?[ \t]*:?[ \t]*"
    r"(?!(?-i:UNK|NK|NC|NA|ND|NI|NP|UK|ASK)(?![\p{L}\p{M}\d.]))"
    r"((?-i:\p{Lu}\.(?:[ \t]?-?[ \t]?\p{Lu}\.){1,4}(?![\p{L}\p{M}\d])"
    r"|(?:\p{Lu}(?:[ -]?\p{Lu}){1,3}|\p{Lu}\p{Ll}\p{Lu})(?![\p{L}\p{M}\d.])))"
)
"""Initials after their key, without dots or with blanks between them ("Initials: JS",
"Patient's initials AB,", "Iniciales: J-M", "Initialen: H. W.", "Initiales du patient :
J.-P. L.", an E2B form's "Patient (name or initials): MxT"): a person's, as the key says,
whatever they spell."""


def _initials(text: str, lex: Lexicon, found: Sequence[RuleHit]) -> Iterator[RuleHit]:
    """A person's initials, dotted ("J.R.", "E.O.", "A.M.G.", "J.B.T.G.": how spontaneous
    reports name a patient), unless they spell a common abbreviation that the narrative does
    not give a person (:func:`_given_initials`) and that is no person's verb's subject; and
    undotted ones after their key."""
    for match in _UNDOTTED_AFTER_KEY.finditer(text):
        if fold(match.group(1)) not in lex.stop:  # "Initials: NOT PROVIDED", "NO CONSTA"
            yield RuleHit(*match.span(1), "PERSON", "initials")
    if "." not in text:
        return
    matches = list(_INITIALS.finditer(text))
    given = _given_initials(text, matches, found, lex)
    for match in matches:
        start, end = match.span()
        letters = match.group().replace(".", "")
        if (
            letters.lower() in _ABBREVIATIONS
            and (
                match.group() not in given
                or _ARTICLE_BEFORE.search(text, max(0, start - 8), start) is not None
            )  # "the E.R.", "her M.D.": the place, the physician
            and not _a_subject(text, start, end, letters)
        ):
            continue
        if _NUMBER_NEAR.match(text, end) or _NUMBER_BEFORE.search(text, max(0, start - 2), start):
            continue  # a measure's unit or name: "10.000 U.I.", "F.C. 100"
        yield RuleHit(start, end, "PERSON", "initials")


def _given_initials(
    text: str, matches: Sequence[regex.Match[str]], found: Sequence[RuleHit], lex: Lexicon
) -> set[str]:
    """The initials among ``matches`` spelling an abbreviation that the narrative gives a
    person, as written: after an initials field's key ("Patient initials: M.D."), in brackets
    after the name they spell ("Norman Peacock (N.P.)") or before it ("M.D. (Mary Douglas)"),
    or spelling a person's name a rule found ("The patient, Martin Didier, 4 ans" ... "M.D. a
    reçu"). Wherever else they stand, they are that person's ("N.P. presented to the emergency
    department"), unless an article or a capitalised word stands before them ("the E.R.")."""
    abbreviations = [m for m in matches if m.group().replace(".", "").lower() in _ABBREVIATIONS]
    if not abbreviations:
        return set()
    names = {
        _spelling(words)
        for words in (text[h.start : h.end].split() for h in found if h.kind == "PERSON")
        if _first_name_first(words, lex)
    }
    given = set()
    for match in abbreviations:
        start = match.start()
        letters = match.group().replace(".", "")
        if (
            letters in names
            or _INITIALS_KEY.search(text, max(0, start - 24), start) is not None
            or _name_spelt(text, start, letters, lex) is not None
            or _name_bracketed(text, match.end(), letters, lex) is not None
        ):
            given.add(match.group())
    return given


def _spelt_names(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A name that its initials in brackets spell (:func:`_name_spelt`: "Domingo" is also
    Sunday, the "Keller" of "Cal Keller (C.K.)" a town), or in brackets after the initials
    that spell it ("D.B. (Douglas Berger)": "Berger" is an eponym)."""
    if "(" not in text:
        return
    for match in _INITIALS.finditer(text):
        start, end = match.span()
        letters = match.group().replace(".", "")
        if text[end : end + 1] == ")":
            span = _name_spelt(text, start, letters, lex)
            if span is not None:
                yield RuleHit(*span, "PERSON", "name_spelt")
        after = _name_bracketed(text, end, letters, lex)
        if after is not None:
            yield RuleHit(*after, "PERSON", "name_spelt")


def _name_bracketed(text: str, end: int, letters: str, lex: Lexicon) -> tuple[int, int] | None:
    """(start, end) of the name in a bracket right after initials ending at ``end``, when
    ``letters`` spell it ("M.D. (Mary Douglas)")."""
    inside = _NAME_IN_BRACKET.match(text, end)
    if inside is None or not _spelt(inside.group(1).split(), letters, lex):
        return None
    return inside.span(1)


_SPELT_OUT = re.compile(
    r"(?<![\w-])[A-Z](?:-[A-Z]){3,}(?![\w-])"  # "W-A-R-S-A-M-E"
    r"|(?<![\w])(?<!\b[A-Z] )[A-Z](?: [A-Z]){3,}(?:[ \t]{2,3}[A-Z](?: [A-Z]){1,})*(?![\w])"
)
"""A name spelt out letter by letter, as a caller spells it or a form's boxes print it: four
letters or more between hyphens or single blanks, words two or three blanks apart."""
_SPELT_HINT = re.compile(r"[A-Z][- ][A-Z][- ][A-Z][- ][A-Z]")
"""Four letters apart, found at C speed: where :data:`_SPELT_OUT` is tried."""


def _spelt_out(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """Names :data:`_SPELT_OUT` finds whose letters, read as words, are known names ("W-A-R-
    S-A-M-E", "K A T H L E E N   B Y R N E", "M A R Y"): every word a first or last name of
    the lists and no common word unless a name first ("A-B-C-D" names no one)."""
    if _SPELT_HINT.search(text) is None:
        return  # four letters apart nowhere: the pattern's lookbehinds at every capital cost
        # ten times more
    for match in _SPELT_OUT.finditer(text):
        words = [
            "".join(part.split()).replace("-", "").lower()
            for part in re.split(r"[ \t]{2,3}", match.group())
        ]
        if all(
            (w in lex.first_names or w in lex.last_names)
            and (w not in lex.common or w in lex.familiar)
            and w not in _ALPHABET
            for w in words
        ):
            yield RuleHit(*match.span(), "PERSON", "name_spelt")


_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
"""Letters in the alphabet's order spell no name ("Options: A B C D E")."""
