"""The two models of a paired spawning point on one tile (Shadow Warrens brings its partner
onto its tile): each is offered by number, takes its own wounds and status effects, and is
destroyed on its own; the save resumes and goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from consul_app.content import ContentPack
from consul_app.rules import PlacedSpawningPoint, default_setup
from consul_app.session import Session
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.marked_list import MarkedList

from .helpers import options, text
from .scenarios import NOW, SMALL, WIDE, make_app

WARRENS = [PlacedSpawningPoint(id="shadow-warrens", tile=2)] * 2


def _pair_saved(content: ContentPack, path: Path) -> None:
    setup = replace(default_setup(content.edition("sde2")), spawning_points=WARRENS)
    Session.new(content, setup, path=path, clock=lambda: NOW).close()


@pytest.mark.usefixtures("count_clock")  # a digit and its key: typed together
async def test_each_of_a_pair_on_one_tile_takes_its_own_wounds(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "pair.jsonl"
    _pair_saved(content, save)
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("2", "k")
        assert isinstance(app.screen, PickOneScreen)
        assert "Shadow Warrens #1 on tile 2" in options(app.screen.query_one(MarkedList))
        await pilot.press("down", "enter")  # the second
        state = app.screen.session.state  # type: ignore[attr-defined]
        assert [p.wounds for p in state.spawning_points] == [0, 2]
        assert app.screen.session.history[0] == (  # type: ignore[attr-defined]
            "Spawning point Shadow Warrens #2 on tile 2 takes 2 wounds"
        )
        assert "2/4 Shadow Warrens #2 (tile 2)" in text(app.screen.query_one("#boss"))
        await pilot.press("P")
        assert isinstance(app.screen, PickOneScreen)
        await pilot.press("escape", "p", "enter")  # the first one destroyed
        state = app.screen.session.state  # type: ignore[attr-defined]
        assert [(p.status, p.wounds) for p in state.spawning_points] == [
            ("destroyed", 0),
            ("standing", 2),
        ]
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:  # resumed: the one left is offered alone
        assert isinstance(app.screen, TableScreen)
        await pilot.press("number_sign", "2", "k")
        state = app.screen.session.state
        assert [(p.status, p.wounds) for p in state.spawning_points] == [
            ("destroyed", 0),
            ("destroyed", 4),
        ]
