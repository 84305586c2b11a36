"""Name pairs and surnames, without a cue: a known first name and the capitalised words
after it ("Teresa Kreutzmann", "Heliodoro Noriega Pellicer", "Anna van der Berg", "Ryan P
Costa"), when the lists say a name and no common word, eponym or place; the same in capitals
inside a narrative in mixed case ("Label reads: JOHN SMITH"); and an English name in lower
case with its middle initial ("benjamin a seiler"). Rule ``name_pair``.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterator

import regex

from deid_studio.detect.dictionaries import is_drug_or_vaccine
from deid_studio.detect.frequency import zipf
from deid_studio.detect.gazetteers import eponyms, fold
from deid_studio.detect.geography import Places, places
from deid_studio.detect.rules.base import MONTH_WORDS, RuleHit
from deid_studio.detect.rules.names.common import _BLANKS, _NOT_NAMES
from deid_studio.detect.rules.proper_nouns import german_nouns, noun_after_possessive
from deid_studio.detect.rules.terms import TERM_AFTER
from deid_studio.detect.rules.words import (
    _ROMANCE,
    CONDITION_BEFORE,
    NAME_ENDS,
    NOUNS_CAPITALISED,
    PARTICLES,
    WEEKDAYS,
    Lexicon,
    street_ahead,
)

_THE_BEFORE = regex.compile(r"(?<![\p{L}\p{M}])(?i:the) \Z")
"""The definite article right before two capitalised words: in English no one's first name
and surname follow it without a middle initial."""
_POSTCODE_BEFORE = regex.compile(r"(?<![\w.,/-])(?:[A-Z]-)?\d{5}[ \t]+\Z")
"""A five-digit postcode right before two capitalised words: a town and its country or region
follow it ("28003 [Madrid España]", "50009 Zaragoza"), no one's name (four digits are a year
as often: "En 2019 Ana García acudió")."""
_INITIAL_GAP = regex.compile(r" \p{Lu}\.? ")  # "Vanessa P. Hertzog", "Ryan P Costa"
_PARTICLE_GAP = regex.compile(
    r" (?:[vV]an(?: de[nr]?| het)?|von(?: der| dem)?|vom|te[nr]|zu|de|in ['\u2019]t|op de) "
)
"""Dutch and German particles between a first name and a surname ("Willemine ten Pas", "Dirk
ter Horst", "Anna van der Berg", "Iris Van den Broeck", "Annelies de Vries", "Jakob zu
Stolberg"): a name whatever the surname's word, but for "de", "von" and "zu", which are also
words of the narrative's language (:func:`_particle_surname`)."""


def _pairs(text: str, capitalised: list[regex.Match[str]], lex: Lexicon) -> Iterator[RuleHit]:
    """A known first name followed by a capitalised word, neither a common word nor a
    stopword nor an eponym ("Teresa Kreutzmann", not "Stevens Johnson"), no cue needed; with
    the surnames after it, and as one name when two pairs share a word ("Ana Jesus" and
    "Jesus Vidal Sotillo")."""
    medical = eponyms()
    known = places(None)
    chain = (-1, -1)  # (index of the last pair's second word, where that pair started)
    for n, (first, second) in enumerate(itertools.pairwise(capitalised)):
        gap = text[first.end() : second.start()]
        initialled = not _BLANKS.fullmatch(gap)  # a middle initial (a particle is read first)
        if initialled:
            if _PARTICLE_GAP.fullmatch(gap):
                a, b = fold(first.group()), fold(second.group())
                if _particle_surname(a, b, gap, lex, medical):
                    yield RuleHit(first.start(), second.end(), "PERSON", "name_pair")
                continue
            if not _INITIAL_GAP.fullmatch(gap):
                continue
        a, b = fold(first.group()), fold(second.group())
        if b in _CAPITAL_PARTICLES and (end := _after_capital_particle(text, capitalised, n, lex)):
            yield RuleHit(first.start(), end, "PERSON", "name_pair")  # "Iris Van den Broeck"
            continue
        if b in MONTH_WORDS and (end := _month_surname(text, capitalised, n, lex, medical)):
            yield RuleHit(first.start(), end, "PERSON", "name_pair")
            continue
        if (a in MONTH_WORDS or (a in lex.common and a not in medical)) and (
            end := _two_surnames_after(text, capitalised, n, lex, medical)
        ):
            yield RuleHit(first.start(), end, "PERSON", "name_pair")
            continue
        if (
            (a in medical and not _eponym_first_name(text, first, second, lex, medical))
            or a in PARTICLES
            or a in lex.stop
            or a in _NOT_NAMES
            or len(b) < 3
            or b in lex.stop
            or b in _NOT_NAMES
            or (b in NAME_ENDS and b not in lex.last_names)  # "Fariña Servicio"; "Ward"
            or street_ahead(text, second.start(), b)  # "[Plaza de la Encarnación, 32]"
            or _POSTCODE_BEFORE.search(text, max(0, first.start() - 10), first.start())
        ):
            continue
        first_name = a in lex.first_names
        if a not in lex.common:
            if first_name:  # "Tracy Brown", "Stewart Bell": a surname may be a word too
                named = b in lex.last_names or (b not in lex.common and b not in medical)
            else:  # "Shintarou Hamaguchi": an unknown word before a known surname; with
                # a middle initial, one that is a first name or a town too ("Csanád P Gere",
                # "Landerico B Hidalgo")
                named = (
                    len(a) >= 3
                    and b in lex.last_names
                    and b not in lex.common
                    and b not in medical
                    and known.match((a,)) is None
                    and (initialled or (b not in lex.first_names and known.match((b,)) is None))
                )
        else:  # a first name that is a word too ("Owen Dickinson"); a familiar one even
            # before a surname that names a town or is a familiar word ("Frank Taylor", "Joe Fox")
            # or an eponym ("Mary Jones": the Jones criteria)
            familiar = a in lex.familiar
            named = (
                first_name
                and _known_surname(b, lex, medical)
                and (b not in lex.common or (familiar and b in lex.familiar))
                and (b not in medical or (familiar and a not in medical))
                and (familiar or known.match((b,)) is None)
            ) or (  # a middle initial between them says it is a name ("Mohamed V. Arauš")
                first_name
                and initialled
                and b not in lex.common
                and b not in medical
                and not lex.everyday(b)
                and known.match((b,)) is None
            )
        if (
            named
            and not (lex.language == "de" and german_nouns(text, first.start(), a, b, lex))
            and not (
                lex.language in (None, "en")
                and not initialled  # "The Vide A. Persson version": a name
                and _THE_BEFORE.search(text, max(0, first.start() - 4), first.start())
            )  # "The Princess Royal arrived": a title, not "Princess" and "Royal"
            and not (lex.language in (None, "de") and noun_after_possessive(text, first.start(), a))
        ):
            end = _more_surnames(text, capitalised, n + 2, second.end(), lex, medical, known)
            chained = (
                chain[0] == n
                and first_name
                and b not in NAME_ENDS
                and (b in lex.last_names or not lex.everyday(b))
                and not (b in lex.common and lex.language in (None, "en"))  # "Marina Fort Street"
            )
            start = chain[1] if chained else first.start()
            chain = (n + 1, start)
            yield RuleHit(start, end, "PERSON", "name_pair")


_DONE_BY_A_PERSON = regex.compile(
    r"[ \t]+(?:reported|reports|said|says|stated|states|called|calls|complained|noticed"
    r"|developed|experienced)(?![\p{L}\p{M}])"
)
"""A verb whose subject is a person, right after two capitalised words."""
_TIME_BEFORE = regex.compile(
    r"(?<![\p{L}\p{M}])(?i:in|since|by|during|until|till|early|late|mid|of|from|last|next"
    r"|this|that)[ \t]+\Z"
)
"""A word of time before a month's name: "In May Brown developed" is a month and a surname."""


def _reporting_pairs(
    text: str, capitalised: list[regex.Match[str]], lex: Lexicon
) -> Iterator[RuleHit]:
    """A first name that is a word or a stopword too and a known surname, before a verb only
    a person does ("April Lee reported", "Will Smith reported", "Summer Lee reported chest
    pain", "Hope Jones called the office"), where :func:`_pairs` wants a second surname: the
    surname no word, or a familiar one (:attr:`~.words.Lexicon.familiar`, "Lee", "Brown"),
    an eponym too, as the verb says no condition ("Jones" of the Jones criteria)."""
    for first, second in itertools.pairwise(capitalised):
        if text[first.end() : second.start()] != " ":
            continue
        a, b = fold(first.group()), fold(second.group())
        if (
            len(a) >= 3
            and a in lex.first_names
            and (a in lex.common or a in lex.stop or a in MONTH_WORDS)
            and b in lex.last_names
            and (b not in lex.common or b in lex.familiar)
            and b not in lex.stop
            and _DONE_BY_A_PERSON.match(text, second.end()) is not None
            and not (
                a in MONTH_WORDS
                and _TIME_BEFORE.search(text, max(0, first.start() - 12), first.start())
            )
        ):
            yield RuleHit(first.start(), second.end(), "PERSON", "name_pair")


def _particle_surname(
    first: str, surname: str, gap: str, lex: Lexicon, medical: frozenset[str]
) -> bool:
    """Whether a known first name and the word after a Dutch or German particle make a name:
    no month, weekday or eponym after it, nor an everyday word of a narrative in another
    language than English ("Anna von Station 3"); in German (or a language not known), where
    "von" is also "of" between two nouns, a known surname after "von" ("Petra von Bülow", not
    "Gabe von Adrenalin")."""
    return (
        first in lex.first_names
        and first not in lex.stop
        and len(surname) >= 2
        and surname not in lex.stop
        and surname not in medical
        and surname not in MONTH_WORDS
        and surname not in WEEKDAYS
        and (surname in lex.last_names or not lex.everyday(surname))
        and (
            (lex.language is not None and lex.language not in NOUNS_CAPITALISED)
            or not gap.startswith((" von", " vom", " zu "))
            or (surname in lex.last_names and not lex.everyday(first))
            or (gap == " zu " and surname in lex.last_names and not lex.everyday(surname))
        )
        and (gap != " de " or _dutch_de(surname, lex))
    )


_CAPITAL_PARTICLES = frozenset({"van", "von", "vander", "vanden"})
_AFTER_CAPITAL_PARTICLE = regex.compile(r" (?:[dD]e[nr]?|het) | ")


def _after_capital_particle(
    text: str, capitalised: list[regex.Match[str]], n: int, lex: Lexicon
) -> int | None:
    """Where a name ends whose particle is capitalised, as Flemish names write it ("Iris Van
    den Broeck", "Jan Van Dam"): the surname after the particle, when the word before it is
    a known first name (see :func:`_particle_surname`); None otherwise."""
    if n + 2 >= len(capitalised):
        return None
    first, particle, surname = capitalised[n], capitalised[n + 1], capitalised[n + 2]
    gap = text[particle.end() : surname.start()]
    if not _AFTER_CAPITAL_PARTICLE.fullmatch(gap):
        return None
    written = " " + fold(particle.group()) + gap.lower()
    if _particle_surname(fold(first.group()), fold(surname.group()), written, lex, eponyms()):
        return surname.end()
    return None


def _dutch_de(surname: str, lex: Lexicon) -> bool:
    """Whether the word after a first name and "de" is a Dutch surname ("Annelies de Vries",
    "John de Boer"): a known surname or no English word, no large city or country, in a
    narrative that is not in a Romance language, where "de" joins a name to a place or a
    saint ("Rosa de Lima", "María de Jesús", which the Romance rules read)."""
    return (
        lex.language not in _ROMANCE
        and surname not in _SAINTS
        and (surname in lex.last_names or zipf(surname, "en") < _RARE_IN_ENGLISH)
        and (surname,) not in places(None).large
    )


_SAINTS = frozenset({"san", "santa", "santo", "sao", "saint", "sainte", "sankt", "st"})
"""A saint's word after "de", which a place's name goes on with ("Quinta de São Tiago")."""
_RARE_IN_ENGLISH = 3.0
"""A word's frequency (Zipf) in English under which it reads as no English word ("Vries",
which the common-word list holds)."""


_NEXT_WORD = regex.compile(r"[ \t]*([\p{L}\p{M}]*)")


def _eponym_first_name(
    text: str,
    first: regex.Match[str],
    second: regex.Match[str],
    lex: Lexicon,
    medical: frozenset[str],
) -> bool:
    """Whether an eponym is a first name before a surname that is none, with no condition's
    word after or before them ("Conn McDermott"; not "Conn syndrome", "Stevens Johnson
    syndrome", "malformación de Dandy Walker")."""
    a, b = fold(first.group()), fold(second.group())
    return (
        a in lex.first_names
        and b in lex.last_names
        and b not in medical
        and TERM_AFTER.match(text, second.end()) is None
        and CONDITION_BEFORE.search(text, max(0, first.start() - 40), first.start()) is None
    )


def _known_surname(word: str, lex: Lexicon, medical: frozenset[str]) -> bool:
    """Whether a folded word is a known surname, or surnames joined by hyphens that are not
    all eponyms ("smith-jones"; not "stevens-johnson")."""
    if word in lex.last_names:
        return True
    parts = word.split("-")
    return (
        len(parts) > 1
        and all(p in lex.last_names for p in parts)
        and not all(p in medical for p in parts)
    )


def _month_surname(
    text: str, capitalised: list[regex.Match[str]], n: int, lex: Lexicon, medical: frozenset[str]
) -> int | None:
    """Where a name ends whose first surname is a month's name, between a known first name
    (a common word too: "Francisco") and a known surname that is none, one blank apart
    ("Ibán Abril Gelabert", "Rosa Mayo Pérez"): a month is no surname elsewhere ("el 3 de
    Abril Juan")."""
    first, month = capitalised[n], capitalised[n + 1]
    if n + 2 >= len(capitalised) or text[first.end() : month.start()] != " ":
        return None
    after = capitalised[n + 2]
    a, c = fold(first.group()), fold(after.group())
    if (
        text[month.end() : after.start()] != " "
        or a not in lex.first_names
        or a in lex.stop
        or a in medical
        or c not in lex.last_names
        or c in lex.common
        or c in _NOT_NAMES
        or c in medical
    ):
        return None
    return _more_surnames(text, capitalised, n + 3, after.end(), lex, medical, places(None))


_DATE_BEFORE = regex.compile(r"(?:\d|\b(?i:de|of|in|on|en|le|im|am|vom))[ \t]*\Z")
"""What ends the text before a month that is a date's ("3 Mar", "de Mayo", "in May")."""


def _two_surnames_after(
    text: str, capitalised: list[regex.Match[str]], n: int, lex: Lexicon, medical: frozenset[str]
) -> int | None:
    """Where a name ends whose first name is a month's or a common word ("Mar", "June",
    "Amor", "Ana"), before two known surnames that are no common, everyday or first names,
    one blank apart ("Mar Ferrera Gabaldón", "Amor Villar Lladó"; a surname may be a town's
    name too, as Spanish ones often are) — or a word no list knows and no place before a
    surname that may be a first name too ("Ana Vereas Martínez"); a month's not after a day
    or a preposition ("3 Mar", "in May"), a word's after anything ("recibido de Amor Villar
    Lladó")."""
    if n + 2 >= len(capitalised):
        return None
    first, second, third = capitalised[n : n + 3]
    given = fold(first.group())
    if (
        text[first.end() : second.start()] != " "
        or text[second.end() : third.start()] != " "
        or given not in lex.first_names
        or (
            given in MONTH_WORDS
            and _DATE_BEFORE.search(text, max(0, first.start() - 8), first.start())
        )
    ):
        return None
    known = places(None)
    middle, last = fold(second.group()), fold(third.group())
    unknown = (
        len(middle) >= 3
        and middle not in lex.last_names
        and _plain_surname(middle, lex, medical, listed=False)
        and known.match((middle,)) is None
    )  # the first of the two may be a word no list knows, before a surname that is a first
    # name too: "Ana [Vereas] Martínez"
    if not (_plain_surname(middle, lex, medical) and _plain_surname(last, lex, medical)) and not (
        unknown and _plain_surname(last, lex, medical, first_names=True)
    ):
        return None
    return _more_surnames(text, capitalised, n + 3, third.end(), lex, medical, known)


def _plain_surname(
    word: str,
    lex: Lexicon,
    medical: frozenset[str],
    *,
    listed: bool = True,
    first_names: bool = False,
) -> bool:
    """A known surname (any word with ``listed`` false) that is no common or everyday word,
    no first name (unless ``first_names``), no eponym and none of :data:`_NOT_NAMES`."""
    return (
        (word in lex.last_names or not listed)
        and word not in lex.common
        and (first_names or word not in lex.first_names)
        and word not in _NOT_NAMES
        and word not in medical
        and not lex.everyday(word)
    )


def _more_surnames(
    text: str,
    capitalised: list[regex.Match[str]],
    n: int,
    end: int,
    lex: Lexicon,
    medical: frozenset[str],
    known: Places,
) -> int:
    """Where a name ending at ``end`` ends with the surnames that follow it, one blank
    apart (at most two: Spanish and Portuguese names carry two, "Heliodoro Noriega
    Pellicer"); ``capitalised[n]`` is the first word after it. No everyday word of the
    narrative's language ("Igor Azurmendi Arin [Apartado]"), no large town, no English
    common word in an English narrative ("John Smith [Will]"; "Amada Aparicio Ros"), and
    none before a department's word, which an institution's name may start with ("Dra.
    Concepción Lara [Bohórquez Servicio de Anatomía Patológica]")."""
    for word in capitalised[n : n + 2]:
        if (
            word.start() != end + 1
            or text[end] != " "
            or not _surname(text, word, lex, medical, known)
        ):
            break
        end = word.end()
    return end


def _surname(
    text: str, word: regex.Match[str], lex: Lexicon, medical: frozenset[str], known: Places
) -> bool:
    """Whether a capitalised word after a name is one more surname of it (see
    :func:`_more_surnames`)."""
    folded = fold(word.group())
    return not (
        len(folded) < 3
        or folded not in lex.last_names
        or folded in lex.stop
        or folded in medical
        or folded in _NOT_NAMES
        or folded in NAME_ENDS
        or (folded in lex.common and lex.language in (None, "en"))
        or lex.everyday(folded)
        or (folded,) in known.large  # "Lara Torres' Santiago": the town
        or fold(_NEXT_WORD.match(text, word.end()).group(1)) in NAME_ENDS
        or street_ahead(text, word.start(), folded)
    )


_LOWER_INITIALLED = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019.@/-])(\p{Ll}{3,})[ \t](\p{Ll})\.?[ \t](\p{Ll}[\p{Ll}-]{2,})"
    r"(?![\p{L}\p{M}@/])"
)
_MIDDLE_INITIAL = re.compile(r"[ \t]([^\W\d_])(?=\.?[ \t])")
r"""A one-letter word: the standard library's ``re`` (twice the ``regex`` module's speed on
this scan); the letter's case is read after (``\p{Ll}``, which ``re`` lacks)."""
_LOWER_RUN_BEFORE = regex.compile(r"(?r)\p{Ll}+")  # match(): ends at endpos


def _lowercase_initialled(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A name written in lower case with a middle initial ("follow up with benjamin a
    seiler", "eric g. samoylova's"), English only: a known first name that is no common
    word, a one-letter initial, and a word that is a known surname or no common word. The
    initial is what tells a name from a phrase ("will a new"); without it a lower-case pair
    is left to the cues.

    The pattern is tried only before its middle initials, where the lower-case word that
    ends at the blank starts: what ``finditer`` finds, at a tenth of the cost of trying it
    at every character."""
    done = 0
    for initial in _MIDDLE_INITIAL.finditer(text):
        if unicodedata.category(initial.group(1)) != "Ll":
            continue
        word = _LOWER_RUN_BEFORE.match(text, 0, initial.start())
        if word is None or word.start() < done:
            continue
        match = _LOWER_INITIALLED.match(text, word.start())
        if match is None:
            continue
        done = match.end()
        first, surname = match.group(1), fold(match.group(3))
        if (
            first in lex.first_names
            and first not in lex.common
            and first not in lex.stop
            and surname not in lex.stop
            and (surname in lex.last_names or surname not in lex.common)
            and surname not in eponyms()
        ):
            yield RuleHit(match.start(), match.end(), "PERSON", "name_pair")


_CAPITALS_RUN = regex.compile(
    r"(?<![\p{L}\p{M}'\u2019.-])(\p{Lu}{2,}[\p{Lu}'\u2019-]*)"
    r"((?:[ \t]+\p{Lu}(?:['\u2019]?\p{Lu})+(?:-\p{Lu}{2,})?){1,2})(?![\p{L}\p{M}'\u2019-])"
)
"""Two or three words in capitals ("JOHN SMITH", "MARY O'CONNOR")."""
_CAPITAL_WORD = regex.compile(r"\p{Lu}[\p{Lu}'\u2019-]*")
_THING_AFTER = regex.compile(
    rf"{TERM_AFTER.pattern}"
    r"|['\u2019]?s?[ \t]+(?i:virus|stain|staining|hair|dye|cream|creams|foundation|shampoo"
    r"|conditioner|perfume|fragrance|cologne|lotion|soap|makeup|lipstick|mascara|deodorant"
    r"|whisky|whiskey|bourbon|vodka|gin|rum|beer|wine|cheesecake|cake|ink|watch|strap"
    r"|lancets?|needles?|supplies|products?|brand|site|blvd|boulevard|street|st|avenue|ave"
    r"|road|rd|drive|house|hospice|hospital|clinic|centre|center|jr)(?![\p{L}\p{M}])"
)
"""What makes the capitals before it a thing's name: a condition ("ROMANO WARD syndrome",
"JOHN CUNNINGHAM virus"), a product ("ELIZABETH ARDEN cream", "JIM BEAM bourbon"), a place
("MARTIN LUTHER KING BLVD", "MARTIN HOUSE children's hospice")."""


def _plain_surname_after(run: regex.Match[str], lex: Lexicon, known: Places) -> bool:
    """Whether a known surname that is no English word and no place follows a first name in
    capitals: then a first name the language also uses as a word is one all the same ("JUAN
    PEREZ", "MARIA SILVA"; names are frequent words in Spanish, Italian and Portuguese, and
    surnames too, so their frequency tells nothing)."""
    first = _CAPITAL_WORD.search(run.group(2))
    if first is None:
        return False
    b = fold(first.group())
    return b in lex.last_names and b not in lex.common and known.match((b,)) is None


def _pairs_in_capitals(text: str, lex: Lexicon) -> Iterator[RuleHit]:
    """A known first name and its surnames in capitals inside a narrative written in mixed
    case, as a label or a form copies them ("Label: JOHN SMITH, METFORMIN 500MG", "labelled
    for SARAH JONES", "MARY O'CONNOR", "MARIA SILVA"): a first name that is no rare one a town
    bears too ("Mary" is a town as well), no common word unless a familiar one, and no
    everyday word of the language unless a plain surname follows (:func:`_plain_surname_after`);
    a known surname after it, then a known one or a word no list knows as a word, a drug or a
    place; no product's, condition's or street's word after them (:data:`_THING_AFTER`)."""
    if not any("A" <= c <= "Z" for c in text[1::2]):  # every other character: a cheap look
        return
    medical = eponyms()
    known = places(None)
    for run in _CAPITALS_RUN.finditer(text):
        if text[run.start() - 1 : run.start()] == "[":
            continue  # a drug's ingredients as a company codes them: "OMEGA-3 [SALMO SALAR OIL]"
        a = fold(run.group(1))
        if (
            len(a) < 3
            or a not in lex.first_names
            or a in lex.stop
            or a in medical
            or a in _NOT_NAMES
            or (lex.everyday(a) and not _plain_surname_after(run, lex, known))
            or (a in lex.common and a not in lex.familiar)
            or (known.match((a,)) is not None and zipf(a, "en") < 4.0)  # "UPTON SCUDAMORE"
        ):
            continue
        end = run.start(2)
        for n, word in enumerate(_CAPITAL_WORD.finditer(text, run.start(2), run.end(2))):
            b = fold(word.group())
            surname = (
                b in lex.last_names
                and b not in lex.stop
                and not (a in lex.common and known.match((b,)) is not None)  # "ROSE BENGAL"
            )
            unknown = (
                len(b) >= 3
                and b not in lex.common
                and b not in lex.stop
                and b not in medical
                and b not in _NOT_NAMES
                and not lex.everyday(b)
                and not is_drug_or_vaccine(b)
                and known.match((b,)) is None
            )
            if not (surname or (n and unknown and a not in lex.common)):
                break  # the first surname a known one ("SALMO SALAR" is a salmon)
            end = word.end()
        if end > run.start(2) and not _THING_AFTER.match(text, end):
            yield RuleHit(run.start(), end, "PERSON", "name_pair")
