"""Status effects on a monster in play (`t`) and on a spawning point (`P`), as they happen at the
table: through the session (log, undo), with the figures they change on the pool's row of that
monster and under the spawning point in the Boss pane."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace
from textual.widgets import OptionList

from consul_app.content import ContentPack
from consul_app.rules import PlacedSpawningPoint, Spawn, default_setup
from consul_app.session import Session
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.widgets.pool import PoolTable

from .helpers import options, text
from .scenarios import NOW, WIDE, KeyConsul, make_app

POINT = "clan-ijin-madoushi"
"""An active spawning point (MOVE 2, AP 1) without immunities."""


def _saved(content: ContentPack, path: Path, monster: str, count: int) -> None:
    """A 2.0 game with `count` of `monster` on the dungeon, Clan Ijin Madoushi on tile 2."""
    setup = replace(
        default_setup(content.edition("sde2")),
        spawning_points=[
            PlacedSpawningPoint(id=POINT, tile=2),
            PlacedSpawningPoint(id="bandit-knight", tile=3),
        ],
    )
    with Session.new(content, setup, path=path, clock=lambda: NOW) as session:
        session.dispatch(Spawn(monsters={monster: count}))


async def test_a_monster_suffers_slow_on_its_own_row(content: ContentPack, tmp_path: Path) -> None:
    monster = "marauder-squawk"  # (MOVE 8, AP 2, two in the pool, no immunity)
    _saved(content, tmp_path / "g.jsonl", monster, 2)
    app = make_app(content, tmp_path / "g.jsonl")
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        pool = table.query_one(PoolTable)
        while pool.highlighted() != monster:
            await pilot.press("down")
        await pilot.press("t")  # none marked yet: a fresh one, no dialog for which
        assert isinstance(app.screen, PickOneScreen)
        await pilot.press("s", "l", "enter")
        assert [(m.id, m.status) for m in consul.state.tracked] == [(monster, ["slow"])]
        assert table.session.history[0] == "Marauder Squawk gains Slow"
        row = f"{monster}#0"
        assert str(pool.get_cell(row, "MOVE")) == "4 Slow"
        assert str(pool.get_cell(monster, "MOVE")) == "8"  # the other one plays as printed
        assert "Suffering: Marauder Squawk #1 Slow." in text(table.query_one("#pool"))

        await pilot.press("down")  # its own row: the keys act on that one
        assert (pool.highlighted(), pool.highlighted_mark()) == (monster, 0)
        await pilot.press("t", "p", "o", "enter")
        assert consul.state.tracked[0].status == ["slow", "poison"]
        assert str(pool.get_cell(row, "AP")) == "1 Poison"
        await pilot.press("c")
        assert isinstance(app.screen, CardScreen)
        assert "Status effects it suffers" in text(app.screen)
        assert "AP 2 -1 Poison = 1" in text(app.screen)
        await pilot.press("escape")

        await pilot.press("t", "s", "l", "enter")  # one it has: taken off
        assert consul.state.tracked[0].status == ["poison"]
        assert table.session.history[0] == "Marauder Squawk #1 loses Slow"
        assert str(pool.get_cell(row, "MOVE")) == "8"
        await pilot.press("u")
        assert consul.state.tracked[0].status == ["slow", "poison"]
        assert str(pool.get_cell(row, "MOVE")) == "4 Slow"

        await pilot.press("d")  # on its row: that one is destroyed, its marks with it
        assert (consul.state.tracked, consul.state.board[monster]) == ([], 1)
        assert table.session.history[0] == "Destroyed Marauder Squawk #1"
        assert pool.highlighted_row() == monster  # its row is gone: the cursor on its kind


async def test_a_spawning_point_suffers_its_own(content: ContentPack, tmp_path: Path) -> None:
    _saved(content, tmp_path / "g.jsonl", "marauder-squawk", 1)
    app = make_app(content, tmp_path / "g.jsonl")
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        await pilot.press("P")
        assert isinstance(app.screen, PickOneScreen)  # two stand: which one
        await pilot.press("enter", "s", "l", "enter")  # Clan Ijin Madoushi, Slow
        assert consul.state.spawning_points[0].status_effects == ["slow"]
        boss = text(table.query_one("#boss"))
        assert "suffers Slow" in boss and "MOVE 2 Slow = 1" in boss
        await pilot.press("P", "enter", "i", "m", "enter")  # Immobile says when it ends
        assert "Immobile ends after its next activation." in text(table.query_one("#boss"))

        await pilot.press("P", "2", "p", "o", "enter")  # Bandit Knight: Immune: Status Effects
        assert consul.state.spawning_points[1].status_effects == []
        assert table.session.history[0] == (
            "Spawning point Bandit Knight on tile 3 gains Poison: removed at once"
            " (Immune: Status Effects)"
        )


async def test_the_dialog_says_which_status_effects_it_is_immune_to(
    content: ContentPack, tmp_path: Path
) -> None:
    """Bandit Knight ('Immune: Status Effects'): each choice says it is removed at once; the
    Clan Ijin Madoushi has no immunity."""
    _saved(content, tmp_path / "g.jsonl", "marauder-squawk", 1)
    app = make_app(content, tmp_path / "g.jsonl")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("P", "2")
        assert isinstance(app.screen, PickOneScreen)
        said = options(app.screen.query_one(OptionList))
        assert said.count("IMMUNE (Immune: Status Effects): removed at once.") == len(
            content.edition("sde2").status_effects
        )
        await pilot.press("escape", "P", "1")
        assert "IMMUNE" not in options(app.screen.query_one(OptionList))
