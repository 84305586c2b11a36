"""Importing documents: all or nothing, mapped labels, duplicates, statuses, audit."""

from __future__ import annotations

import pytest

from deid_studio.core.document import Document, Span
from deid_studio.core.errors import DeidError, InputError
from deid_studio.services.importing import import_documents
from deid_studio.services.project import summary
from deid_studio.store.project import Project

ANN = Document(
    "Ana García, 34 años, ingresó el 03/03/2019 por una reacción que se produjo tras la dosis.",
    (
        Span(0, 10, "NOMBRE_SUJETO_ASISTENCIA"),
        Span(12, 19, "EDAD_SUJETO_ASISTENCIA"),
        Span(32, 42, "FECHAS"),
    ),
    external_id="r1",
    source="r1.txt",
)
BOB = Document(
    "Bob Lee was vaccinated on 1/2/2021.",
    (Span(0, 7, "PATIENT"),),
    external_id="r2",
    source="r2.txt",
)


def stored(project: Project) -> list:
    with project.reading() as tx:
        return tx.documents()


def test_gold_import_maps_labels_and_awaits_review(project: Project) -> None:
    result = import_documents(project, [ANN, BOB], origin="in.jsonl", actor="ann", gold=True)
    assert (result.documents, result.spans, result.status) == (2, 4, "submitted")
    docs = stored(project)
    assert [d.status for d in docs] == ["submitted", "submitted"]
    ana = docs[0].document
    assert [(s.start, s.end, s.category) for s in ana.spans] == [
        (0, 10, "PATIENT"),
        (12, 19, "AGE"),
        (32, 42, "DATE"),
    ]
    assert ana.language == "es" and docs[1].document.language == "en"


def test_without_gold_the_spans_are_not_imported(project: Project) -> None:
    result = import_documents(project, [ANN], origin="in.jsonl", actor="ann")
    assert (result.spans, result.status) == (0, "new")
    assert stored(project)[0].document.spans == ()


def test_unknown_labels_refuse_the_whole_import(project: Project) -> None:
    odd = Document("Widget 42", (Span(0, 6, "WIDGET"),), external_id="r3", source="r3.txt")
    with pytest.raises(
        InputError, match=r"in\.jsonl: labels not in .* WIDGET \(first in r3.txt at offset 0\)"
    ):
        import_documents(project, [BOB, odd], origin="in.jsonl", actor="ann", gold=True)
    assert stored(project) == []


def test_unknown_labels_can_be_mapped_or_added(project: Project) -> None:
    odd = Document("Widget 42", (Span(0, 6, "WIDGET"),), external_id="r3")
    import_documents(
        project, [odd], origin="a", actor="ann", gold=True, label_map={"WIDGET": "OTHER"}
    )
    assert stored(project)[0].document.spans[0].category == "OTHER"
    odd2 = Document("Gadget 43", (Span(0, 6, "GADGET"),), external_id="r4")
    result = import_documents(
        project, [odd2], origin="b", actor="ann", gold=True, add_categories=True
    )
    assert result.added_categories == ("GADGET",)
    with project.reading() as tx:
        assert "GADGET" in tx.scheme()
        actions = [e.action for e in tx.audit_trail()]
    assert "add_categories" in actions


def test_mapping_onto_a_category_the_scheme_lacks_is_refused(project: Project) -> None:
    odd = Document("Widget 42", (Span(0, 6, "WIDGET"),), external_id="r3")
    with pytest.raises(DeidError, match="--map targets not in the project's scheme: NOPE"):
        import_documents(
            project, [odd], origin="a", actor="ann", gold=True, label_map={"WIDGET": "NOPE"}
        )


def test_a_duplicate_import_is_refused_whole(project: Project) -> None:
    import_documents(project, [ANN], origin="first", actor="ann")
    with pytest.raises(InputError, match=r"second: report r1 \(r1.txt\) is already in the project"):
        import_documents(project, [BOB, ANN], origin="second", actor="ann")
    assert len(stored(project)) == 1


def test_duplicates_within_one_import_are_refused(project: Project) -> None:
    with pytest.raises(InputError, match="appears twice in this import"):
        import_documents(project, [ANN, ANN], origin="x", actor="ann")
    assert stored(project) == []


def test_skip_duplicates_imports_only_new_reports(project: Project) -> None:
    import_documents(project, [ANN], origin="first", actor="ann")
    result = import_documents(
        project, [ANN, BOB], origin="again", actor="ann", skip_duplicates=True
    )
    assert (result.documents, result.skipped_duplicates) == (1, 1)
    assert len(stored(project)) == 2


def test_signed_off_import_records_the_review_and_the_audit(project: Project) -> None:
    result = import_documents(project, [BOB], origin="x", actor="rita", gold=True, signed_off=True)
    assert result.status == "signed_off"
    with project.reading() as tx:
        trail = tx.audit_trail(result.document_ids[0])
    assert [(e.action, e.actor) for e in trail] == [("import", "rita"), ("sign_off", "rita")]
    assert "reviewed outside" in trail[1].reason


def test_signed_off_without_gold_is_refused(project: Project) -> None:
    with pytest.raises(DeidError, match="add --gold"):
        import_documents(project, [BOB], origin="x", actor="ann", signed_off=True)


def test_every_imported_document_has_an_audit_event(project: Project) -> None:
    result = import_documents(project, [ANN, BOB], origin="in.jsonl", actor="ann", gold=True)
    with project.reading() as tx:
        events = [e for e in tx.audit_trail() if e.action == "import"]
    assert sorted(e.document_id for e in events) == sorted(result.document_ids)
    assert all(e.actor == "ann" and e.reason == "in.jsonl" for e in events)


def test_given_language_wins_over_the_guess(project: Project) -> None:
    import_documents(project, [ANN], origin="x", actor="ann", language="pt")
    assert stored(project)[0].document.language == "pt"


def test_summary_counts(project: Project) -> None:
    import_documents(project, [ANN], origin="x", actor="ann", gold=True, signed_off=True)
    import_documents(project, [BOB], origin="y", actor="ann")
    info = summary(project)
    assert info.documents == {"signed_off": 1, "new": 1}
    assert info.annotations == 3 and info.scheme == "pv"
