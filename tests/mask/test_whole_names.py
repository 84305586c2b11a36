"""No name in part: the parts of a name or an address masked together, name-like neighbours
of a masked span from a lower threshold, and the leak check on every word of a masked name."""

from __future__ import annotations

from maskhelp import marked

from deid_studio.core import Document, Suggestion
from deid_studio.mask import find_leaks
from deid_studio.mask.kinds import kind_of
from deid_studio.mask.leaks import Written
from deid_studio.mask.spans import phi_spans


def at(text: str, words: str, category: str, confidence: float) -> Suggestion:
    start = text.index(words)
    return Suggestion(start, start + len(words), category, confidence, "crf")


def test_a_name_split_across_the_threshold_is_masked_whole(mask) -> None:
    """The issue's export: "Adelia" 0.483 and "Lasa Galan" 0.747."""
    document = marked("Notificante: Adelia Lasa Galan (farmacéutica).", language="es")
    text = document.text
    found = [
        at(text, "Adelia", "PROFESSIONAL", 0.483),
        at(text, "Lasa Galan", "PROFESSIONAL", 0.747),
    ]
    masked = mask(document, "tags", suggestions=found)
    assert masked.text == "Notificante: [PROFESSIONAL] (farmacéutica)."
    assert not masked.leaks
    # with surrogates, every word is replaced
    masked = mask(document, "surrogates", suggestions=found)
    assert not {"Adelia", "Lasa", "Galan"} & set(masked.text.replace("(", " ").split())


def test_parts_of_one_address_are_masked_together(mask) -> None:
    document = marked("Vive en Calle Mayor 5, 28013 Madrid desde 2019.", language="es")
    text = document.text
    found = [
        at(text, "Calle Mayor 5", "LOCATION", 0.8),
        at(text, "28013", "LOCATION", 0.3),
        at(text, "Madrid", "LOCATION", 0.1),
    ]
    masked = mask(document, "tags", suggestions=found)
    assert "Madrid" not in masked.text and "28013" not in masked.text


def test_the_parts_of_a_relative_are_masked_together(mask) -> None:
    """The issue's preview: "Su marido, Reyes" (0.25)."""
    document = marked("Su [marido|RELATIVE], Reyes, refiere fiebre. Dolor en Reyes.", language="es")
    reyes = at(document.text, "Reyes", "RELATIVE", 0.25)
    masked = mask(document, "tags", suggestions=[reyes])
    assert masked.text == "Su [RELATIVE], refiere fiebre. Dolor en [RELATIVE]."


def test_a_name_like_neighbour_of_a_masked_span_from_the_lower_threshold(mask) -> None:
    document = marked("Ingresó en el [Hospital Clínico|ORGANIZATION], Valencia, con fiebre.")
    text = document.text
    valencia = at(text, "Valencia", "LOCATION", 0.25)
    masked = mask(document, "tags", suggestions=[valencia])
    assert masked.text == "Ingresó en el [ORGANIZATION], [LOCATION], con fiebre."
    # below the neighbour threshold (a policy option) it stays, and no leak is claimed
    kept = mask(document, "tags", suggestions=[valencia], neighbour_confidence=0.3)
    assert "Valencia" in kept.text and not kept.leaks
    # a word that is not name-like is no neighbour
    fever = at(text, "con", "OTHER", 0.45)
    assert " con " in mask(document, "tags", suggestions=[fever]).text


def test_a_lone_suggestion_below_the_threshold_is_not_drawn_in() -> None:
    text = "Montserrat Criado acudió sola."
    document = Document(text, language="es")
    lone = [at(text, "Montserrat Criado", "PATIENT", 0.48)]
    spans = phi_spans(document, lone, 0.5, kind=kind_of, neighbour=0.2)
    assert spans == []


def test_a_chain_of_parts_grows_until_nothing_joins() -> None:
    text = "Dra. Ana María García-Luengo firmó."
    document = Document(text, language="es")
    found = [
        at(text, "Ana", "PROFESSIONAL", 0.9),
        at(text, "María", "PROFESSIONAL", 0.3),
        at(text, "García", "PROFESSIONAL", 0.2),
        at(text, "Luengo", "PROFESSIONAL", 0.05),
        at(text, "firmó", "DATE", 0.3),  # another kind, not name-like: stays
    ]
    spans = phi_spans(document, found, 0.5, kind=kind_of, neighbour=0.2)
    assert min(s.start for s in spans) == text.index("Ana")
    assert max(s.end for s in spans) == text.index(" firmó")  # the whole name, not the verb


def test_the_leak_check_looks_for_every_word_of_a_masked_name() -> None:
    masked = "[PATIENT] llegó; Galan volvió el martes; un galan de noche."
    written = [Written(0, 9, "tag")]
    leaks = find_leaks(
        masked, {"Adelia Lasa Galan": "PATIENT"}, written, words={"Galan": "PATIENT"}
    )
    assert [(leak.offset, leak.length) for leak in leaks] == [(17, 5)]  # not "galan" the noun


def test_a_date_draws_no_name_like_neighbour_in(mask) -> None:
    """The month of "Dec2020" taken for a place at 0.48 stays beside its masked year."""
    document = marked("Vaccinated in Dec[2020|DATE] at the clinic.")
    dec = at(document.text, "Dec", "LOCATION", 0.48)
    assert mask(document, "tags", suggestions=[dec], days=-400).text == (
        "Vaccinated in Dec2019 at the clinic."
    )


def test_an_age_without_a_number_is_tagged_but_not_searched_for(mask) -> None:
    """A recall-mode reading marks "years" alone as an AGE: it is tagged where it is, but
    finding it inside the kept age "32 years old" is no leak (it says nothing about anyone)."""
    document = marked("At the age of 32 years old; ill for years.")
    text = document.text
    found = [
        at(text, "32 years old", "AGE", 1.0),
        Suggestion(text.rindex("years"), text.rindex("years") + 5, "AGE", 1.0, "crf"),
    ]
    masked = mask(document, "tags", suggestions=found)
    assert masked.text == "At the age of 32 years old; ill for [AGE]." and not masked.leaks
