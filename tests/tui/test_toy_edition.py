"""A fourth edition is one more `Edition` in rules/editions (and its content under data/):
here a toy copy of 1.0 that calls its rounds "bouts", added by the test alone, shows on the
table, in the log and in the export in its own words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import EndTurn, default_setup
from consul_app.rules.editions import CLASSIC, EDITIONS
from consul_app.session import Session
from consul_app.session.export import to_markdown
from consul_app.session.load import load_game
from consul_app.tui.screens.table import TableScreen

from .helpers import text
from .scenarios import NOW, WIDE, make_app

BOUTS = replace(
    CLASSIC,
    id="classic-bouts",
    name="SDE 1.0 in bouts",
    words=replace(CLASSIC.words, turn="Bout", end_turn="End the bout", phase="end of the bout"),
)


@pytest.fixture
def bouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(EDITIONS, BOUTS.id, BOUTS)


@pytest.mark.usefixtures("bouts")
async def test_a_toy_edition_speaks_its_own_words(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "bouts.jsonl"
    setup = default_setup(BOUTS.pack(content), BOUTS.id)
    with Session.new(content, setup, path=save, clock=lambda: NOW) as session:
        session.dispatch(EndTurn())
        session.dispatch(EndTurn())
        assert session.state.turn == 3
    exported = to_markdown(load_game(content, save))
    assert exported.startswith("# Nocturne: SDE 1.0 in bouts\n")
    assert "## Bout 1" in exported and "## Round" not in exported
    assert "### Bout by bout" in exported
    app = make_app(content, save)
    async with app.run_test(size=WIDE):
        table = app.screen
        assert isinstance(table, TableScreen)
        bar = text(table.query_one("#next-step"))
        assert "Bout 3" in bar and "End the bout" in bar
        assert "Since your last turn: Bout 2, end of the bout" in text(table.query_one("#steps"))
        log = text(table.query_one("#log"))
        assert "End the bout" in log and "End the round" not in log
        assert "Round" not in text(table)
