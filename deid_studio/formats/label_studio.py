"""Label Studio: the JSON export of a named-entity project, read and written.

Label Studio's JSON export is an array of tasks: ``{"id", "data": {"text": ...}, "annotations":
[{"result": [...], "was_cancelled", "ground_truth", "completed_by"}], "predictions": [...]}``.
A region of a ``<Labels>`` tag is a result item of ``"type": "labels"`` whose ``value`` holds
``start``, ``end`` (code points of ``data.text``, as Python counts them — Label Studio has
stored code points, not JavaScript's UTF-16 units, since 2021), ``labels`` and ``text``.

Reading: the narrative is ``data.text``, or ``data[text_field]``, or the only string in
``data``; the report id is ``data.report_id``, else the task id. The gold of a task is its
one annotation that was not cancelled, else the one marked ground truth, else the one
completed by ``annotator`` (a user id or e-mail); several and no way to choose is refused,
naming the task and the annotators. A task nobody annotated (or whose annotations were all
cancelled) is a narrative without spans. Predictions are not gold and are not read; result
items of other types (choices, text areas, relations) are counted in the notes.

Writing: a folder ``OUT`` with ``tasks.json`` (one task per document: the gold as an
annotation, and the current model's suggestions as ``predictions`` with a score per region
and per task, so Label Studio shows them as pre-annotations) and ``label_config.xml``, the
labeling interface (a ``<Labels>`` tag with every category, in its colour) to paste into the
project's settings before importing the tasks.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn
from xml.sax.saxutils import quoteattr

from deid_studio.core.categories import Scheme
from deid_studio.core.document import Document, Span, Suggestion
from deid_studio.core.errors import InputError
from deid_studio.core.progress import Cancelled, Progress, check, never_cancelled, no_progress
from deid_studio.formats._common import check_not_empty, check_span, sorted_spans
from deid_studio.formats.base import Notes, read_text_file

TASKS = "tasks.json"
CONFIG = "label_config.xml"
FROM_NAME = "label"
TO_NAME = "text"


def read_label_studio(
    path: Path,
    *,
    text_field: str | None = None,
    annotator: str | None = None,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Document]:
    """Every task of a Label Studio JSON export (a file, or a folder holding tasks.json)."""
    path = Path(path)
    if path.is_dir():
        path = path / TASKS
    if not path.is_file():
        raise InputError(str(path), "no such file (expected Label Studio's JSON export)")
    try:
        tasks = json.loads(read_text_file(path).removeprefix("\ufeff"))
    except json.JSONDecodeError as err:
        raise InputError(str(path), f"invalid JSON: {err.msg}", line=err.lineno) from None
    if not isinstance(tasks, list):
        tasks = [tasks] if isinstance(tasks, dict) and "data" in tasks else tasks
    if not isinstance(tasks, list) or not tasks:
        raise InputError(str(path), "expected a JSON array of tasks (Label Studio's JSON export)")
    other: Counter[str] = Counter()
    documents: list[Document] = []
    for index, task in enumerate(tasks):
        if index % 100 == 0:
            check(cancelled)
        reading = _Task(task, index, str(path), text_field)
        documents.append(reading.document(annotator, other))
        progress(index + 1, len(tasks))
    if notes is not None and other:
        skipped = ", ".join(f"{n} of type {kind}" for kind, n in sorted(other.items()))
        notes.append(f"result items that are not labelled spans were not read: {skipped}")
    return documents


class _Task:
    """One task of the export, with located errors."""

    def __init__(self, task: Any, index: int, source: str, text_field: str | None) -> None:
        self.source = source
        self.index = index
        named = task.get("id") if isinstance(task, dict) else None
        self.where = f"{source}: task {named if named is not None else index + 1}"
        if not isinstance(task, dict):
            self.fail(f"is a {type(task).__name__}, not an object")
        self.task: dict[str, Any] = task
        data = task.get("data")
        if not isinstance(data, dict):
            self.fail('has no "data" object (is this the JSON export, not JSON-MIN or CSV?)')
        self.data: dict[str, Any] = data
        self.field = self._text_field(text_field)
        text = data[self.field]
        check_not_empty(text, self.where)
        self.text: str = text

    def fail(self, problem: str) -> NoReturn:
        raise InputError(self.where, problem)

    def _text_field(self, wanted: str | None) -> str:
        strings = [k for k, v in self.data.items() if isinstance(v, str)]
        if wanted is not None:
            if not isinstance(self.data.get(wanted), str):
                known = ", ".join(strings) or "none"
                self.fail(f'data has no text field "{wanted}" (its text fields: {known})')
            return wanted
        if isinstance(self.data.get("text"), str):
            return "text"
        others = [k for k in strings if k not in ("report_id", "case_id", "language")]
        if len(others) != 1:
            self.fail(
                f"which field holds the narrative? data has {', '.join(strings) or 'no text'}; "
                "name it with --text-field"
            )
        return others[0]

    def document(self, annotator: str | None, other: Counter[str]) -> Document:
        chosen = self._annotation(annotator)
        spans: list[Span] = []
        if chosen is not None:
            results = chosen.get("result") or []
            if not isinstance(results, list):
                self.fail('"result" of its annotation is not a list')
            for number, item in enumerate(results):
                spans.extend(self._spans(item, number, other))
        external = self.data.get("report_id", self.task.get("id", self.index + 1))
        meta = self.data.get("meta")
        return Document(
            text=self.text,
            spans=sorted_spans(spans),
            external_id=str(external),
            case_id=str(self.data.get("case_id") or ""),
            source=f"{Path(self.source).name}#{self.index + 1}",
            meta=meta if isinstance(meta, dict) else {},
            language=str(self.data["language"]) if self.data.get("language") else None,
        )

    def _annotation(self, annotator: str | None) -> dict[str, Any] | None:
        listed = self.task.get("annotations", self.task.get("completions")) or []
        if not isinstance(listed, list) or not all(isinstance(a, dict) for a in listed):
            self.fail('"annotations" is not a list of objects')
        live = [a for a in listed if not a.get("was_cancelled")]
        if len(live) <= 1:
            return live[0] if live else None
        truth = [a for a in live if a.get("ground_truth")]
        if len(truth) == 1:
            return truth[0]
        theirs = [a for a in live if annotator is not None and annotator in _people(a)]
        if len(theirs) == 1:
            return theirs[0]
        people = sorted({p for a in live for p in _people(a)[:1]})
        self.fail(
            f"has {len(live)} annotations (by {', '.join(people) or 'unknown users'}) and no "
            "single ground truth; mark one as ground truth in Label Studio or choose with "
            "--annotator ID"
        )

    def _spans(self, item: Any, number: int, other: Counter[str]) -> list[Span]:
        where = f"result[{number}]"
        if not isinstance(item, dict):
            self.fail(f"{where} is not an object")
        kind = item.get("type")
        if kind != "labels":
            other[str(kind)] += 1
            return []
        value = item.get("value")
        if not isinstance(value, dict):
            self.fail(f'{where} has no "value" object')
        start, end, labels = value.get("start"), value.get("end"), value.get("labels")
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (start, end)):
            self.fail(f"{where}: start and end must be integers, not {start!r} and {end!r}")
        if (
            not isinstance(labels, list)
            or not labels
            or not all(isinstance(x, str) and x for x in labels)
        ):
            self.fail(f'{where}: "labels" must be a non-empty list of names')
        check_span(self.text, start, end, self.where, what=where)
        covered = value.get("text")
        if isinstance(covered, str) and covered.split() != self.text[start:end].split():
            self.fail(
                f"{where} says {covered[:40]!r} but the text at {start}-{end} is "
                f"{self.text[start:end][:40]!r}"
            )
        return [Span(start, end, label) for label in labels]


def _people(annotation: dict[str, Any]) -> list[str]:
    """The names the author of an annotation goes by: user id, e-mail."""
    completed_by = annotation.get("completed_by")
    if isinstance(completed_by, dict):
        return [str(completed_by[k]) for k in ("id", "email") if completed_by.get(k) is not None]
    return [] if completed_by is None else [str(completed_by)]


def write_label_studio(
    documents: Sequence[Document],
    out: Path,
    *,
    scheme: Scheme | None = None,
    predictions: Sequence[Sequence[Suggestion]] | None = None,
    model_version: str = "",
    gold: bool = True,
    progress: Progress = no_progress,
    cancelled: Cancelled = never_cancelled,
    notes: Notes | None = None,
) -> list[Path]:
    """Write ``out/tasks.json`` and ``out/label_config.xml``; see the module's docstring.

    Without ``gold`` the tasks carry no annotation (not even an empty one, which Label Studio
    would count as done): only the predictions, to be confirmed there.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    tasks: list[dict[str, Any]] = []
    predicted = 0
    for done, document in enumerate(documents, start=1):
        if done % 100 == 1:
            check(cancelled)
        suggested = predictions[done - 1] if predictions is not None else None
        tasks.append(task_for(document, suggested, model_version, gold=gold))
        predicted += len(suggested or ())
        progress(done, len(documents))
    (out / TASKS).write_bytes(json.dumps(tasks, ensure_ascii=False, indent=1).encode("utf-8"))
    categories = list(scheme.names if scheme else ())
    categories += sorted({s.category for d in documents for s in d.spans} - set(categories))
    (out / CONFIG).write_text(label_config(categories, scheme), encoding="utf-8")
    if notes is not None:
        notes.append(
            f"Label Studio: paste {CONFIG} into the project's labeling interface, then import "
            f"{TASKS}"
        )
        if predictions is not None:
            notes.append(
                f"{predicted} suggestions of {model_version} as Label Studio predictions, "
                "with their scores"
            )
    return [out / TASKS, out / CONFIG]


def task_for(
    document: Document,
    suggested: Sequence[Suggestion] | None,
    model_version: str,
    *,
    gold: bool = True,
) -> dict[str, Any]:
    """The Label Studio task of one document (its gold as an annotation unless not ``gold``)."""
    data: dict[str, Any] = {"text": document.text, "report_id": document.external_id}
    if document.case_id:
        data["case_id"] = document.case_id
    if document.language:
        data["language"] = document.language
    if document.meta:
        data["meta"] = dict(document.meta)
    spans = sorted_spans(document.spans)
    task: dict[str, Any] = {"data": data}
    if gold:
        task["annotations"] = [
            {"result": [_region(document.text, s, f"g{n}") for n, s in enumerate(spans)]}
        ]
    if suggested is not None:
        regions = [
            _region(document.text, s.span, f"p{n}") | {"score": round(s.confidence, 4)}
            for n, s in enumerate(suggested)
        ]
        # the task's score is its least sure region's (Label Studio sorts tasks by it)
        score = min((s.confidence for s in suggested), default=1.0)
        task["predictions"] = [
            {"model_version": model_version, "score": round(score, 4), "result": regions}
        ]
    return task


def _region(text: str, span: Span, region_id: str) -> dict[str, Any]:
    return {
        "id": region_id,
        "from_name": FROM_NAME,
        "to_name": TO_NAME,
        "type": "labels",
        "value": {
            "start": span.start,
            "end": span.end,
            "text": span.text(text),
            "labels": [span.category],
        },
    }


def label_config(categories: Sequence[str], scheme: Scheme | None) -> str:
    """Label Studio's labeling interface for these categories (colours from the scheme)."""
    lines = ["<View>", f'  <Labels name="{FROM_NAME}" toName="{TO_NAME}">']
    for name in categories:
        colour = scheme[name].colour if scheme is not None and name in scheme else "#888888"
        lines.append(f"    <Label value={quoteattr(name)} background={quoteattr(colour)}/>")
    lines += ["  </Labels>", f'  <Text name="{TO_NAME}" value="${TO_NAME}"/>', "</View>", ""]
    return "\n".join(lines)
