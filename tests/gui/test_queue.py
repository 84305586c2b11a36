"""The queue pages lazily over many documents, filters by status and searches."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import insert

from deid_studio.services.project import init_project
from deid_studio.store import models as m

pytestmark = pytest.mark.gui

MANY = 2_500


@pytest.fixture
def big_project(tmp_path: Path):
    with init_project(tmp_path / "big.sqlite", scheme="pv", actor="steward") as project:
        with project.engine.begin() as c:
            c.execute(
                insert(m.DocumentRow),
                [
                    {
                        "external_id": f"V{i:05d}", "case_id": f"V{i:05d}", "source": "bulk",
                        "text": f"Narrative {i}: fever after dose {i % 7}.", "meta": {},
                        "language": "en", "status": "new" if i % 10 else "submitted",
                        "content_hash": f"h{i}",
                    }
                    for i in range(MANY)
                ],
            )  # fmt: skip
            c.execute(
                insert(m.DocumentScoreRow),
                [{"document_id": i + 1, "score": (i * 7919 % 1000) / 1000, "details": {}}
                 for i in range(MANY)],
            )  # fmt: skip
        yield project


def test_the_queue_loads_a_page_at_a_time(qtbot, big_project) -> None:
    from deid_studio.gui.queue_panel import PAGE, QueuePanel

    panel = QueuePanel(big_project, lambda: "ann")
    qtbot.addWidget(panel)
    panel.resize(500, 400)
    panel.show()
    model = panel.model
    assert model.total == MANY - MANY // 10 and model.rows_loaded == PAGE
    scores = [model.entry(r).score for r in range(model.rows_loaded)]
    assert scores == sorted(scores, reverse=True)  # most uncertain first
    for _ in range(3):
        panel.table.scrollToBottom()
        qtbot.wait(1)
    assert PAGE < model.rows_loaded < model.total  # scrolled past only a few pages
    panel.search.setText("Narrative 1234:")
    qtbot.waitUntil(lambda: model.total == 1)
    assert model.entry(0).external_id == "V01234"
    panel.search.clear()
    panel.filter.setCurrentIndex(panel.filter.findText("Submitted"))
    assert model.total == MANY // 10 and all(
        model.entry(r).status == "submitted" for r in range(model.rows_loaded)
    )


def test_next_skips_documents_held_by_others(qtbot, big_project) -> None:
    from deid_studio.gui.queue_panel import QueuePanel
    from deid_studio.services.queue import next_document

    held = next_document(big_project, actor="bob")
    panel = QueuePanel(big_project, lambda: "ann")
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.documentActivated) as opened:
        panel.take_next()
    assert opened.args[0] != held
    assert panel.model.entry(0).claimed_by == "bob"
