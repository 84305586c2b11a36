"""The keep list and safe terms through the services: audited, and what a masked export
keeps or masks (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

from deid_studio.core import Document, Span, Suggestion
from deid_studio.services.importing import import_documents
from deid_studio.services.keep import add_to_keep_list, keep_list, remove_from_keep_list
from deid_studio.services.masking import export_masked, preview
from deid_studio.store.project import Project


def _load(project: Project, documents: list[Document], suggestions: dict[str, list]) -> list[int]:
    ids = list(
        import_documents(
            project, documents, origin="t", actor="ann", gold=True, signed_off=True
        ).document_ids
    )
    with project.transaction("ann") as tx:
        tx.replace_suggestions(
            {i: suggestions.get(d.external_id, []) for i, d in zip(ids, documents, strict=True)},
            None,
        )
        tx.audit("resuggest")
    return ids


def _suggest(text: str, piece: str, category: str, start: int = 0) -> Suggestion:
    at = text.index(piece, start)
    return Suggestion(at, at + len(piece), category, 0.9, "crf")


def test_the_keep_list_is_audited_with_who_and_why(project: Project) -> None:
    added = add_to_keep_list(project, ["Pfizer", "Bells"], actor="ann", reason="signal words")
    assert [e.term for e in added] == ["Pfizer", "Bells"]
    assert add_to_keep_list(project, ["pfizer"], actor="ann") == []  # already there
    assert [(e.term, e.added_by, e.reason) for e in keep_list(project)] == [
        ("Pfizer", "ann", "signal words"),
        ("Bells", "ann", "signal words"),
    ]
    assert remove_from_keep_list(project, ["bells"], actor="ann", reason="a name too") == ["Bells"]
    with project.reading() as tx:
        events = [(e.action, e.reason) for e in tx.audit_trail() if e.action.startswith("keep")]
    assert events == [("keep_add", "signal words"), ("keep_remove", "a name too")]


def test_a_masked_export_keeps_terms_and_kept_words_and_names_what_it_masked_most(
    project: Project, tmp_path: Path
) -> None:
    documents, suggestions = [], {}
    for n in range(4):
        text = (
            f"Report {n}: Ann Lee{n} got the Pfizer dose; Bell's palsy followed. "
            f"Given Pepcid. Seen at Riverside clinic by a nurse from Riverside."
        )
        start = text.index("Ann")
        documents.append(
            Document(text, (Span(start, start + 8, "PATIENT"),), external_id=f"R{n}",
                     language="en")
        )  # fmt: skip
        suggestions[f"R{n}"] = [
            _suggest(text, "Pfizer", "ORGANIZATION"),
            _suggest(text, "Bell", "PATIENT"),
            _suggest(text, "Pepcid", "LOCATION"),
            _suggest(text, "Riverside", "LOCATION"),
        ]
    ids = _load(project, documents, suggestions)
    out = tmp_path / "masked.jsonl"
    result = export_masked(project, out, "jsonl", actor="ann")
    texts = [json.loads(line)["text"] for line in out.read_text().splitlines()]
    assert all("Pfizer" in t and "Bell's palsy" in t and "Pepcid" in t for t in texts)
    assert not any("Ann Lee" in t for t in texts)
    assert result.spared == 12  # Pfizer, Bell, Pepcid in four reports
    assert [(w.word, w.reports) for w in result.most_masked] == [("Riverside", 4)]
    # the steward keeps it: the next export leaves it as written, and the preview says why
    add_to_keep_list(project, ["Riverside"], actor="ann", reason="our town, no one's")
    shown = preview(project, ids[0])
    assert "Riverside clinic" in shown.text
    assert "kept: keep list, added by ann (our town, no one's)" in {s.reason for s in shown.spared}
    again = export_masked(project, tmp_path / "again.jsonl", "jsonl", actor="ann", force=True,
                          reason="check")  # fmt: skip
    assert again.most_masked == ()


def test_an_annotated_name_that_is_also_a_kept_word_is_masked(
    project: Project, tmp_path: Path
) -> None:
    text = "Mr Bell has Bell's palsy; Bell came back."
    start = text.index("Bell")
    document = Document(text, (Span(start, start + 4, "PATIENT"),), external_id="R1",
                        language="en")  # fmt: skip
    second = text.rindex("Bell")
    _load(project, [document], {"R1": [Suggestion(second, second + 4, "PATIENT", 0.9, "crf")]})
    add_to_keep_list(project, ["Bell"], actor="ann")
    out = tmp_path / "m.jsonl"
    export_masked(project, out, "jsonl", actor="ann")
    masked = json.loads(out.read_text())["text"]
    assert "Bell's palsy" in masked
    assert "Mr Bell" not in masked and "Bell came" not in masked
