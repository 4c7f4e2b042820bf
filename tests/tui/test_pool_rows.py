"""The spawning pool's rows at 120x40 outside a spawn step (QA, played in tmux): in Forgotten
King and 1.0 the Consul spawns from the pool during the Consul turn too, yet a game of four
spawning points showed 6 of its 14 rows while the Ladder beside it stood mostly empty."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace
from textual.widgets import Static

from consul_app.content import ContentPack
from consul_app.rules import PlacedSpawningPoint, default_setup
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.pool import PoolTable

from .scenarios import WIDE, make_app, play_saved

FOUR_POINTS = [("bramble-knight", 2), ("egg-clutch", 3), ("pumpkin-patch", 4), ("lava-whirl", 1)]


async def test_outside_a_spawn_step_the_pool_gets_the_rows_it_needs(
    content: ContentPack, tmp_path: Path
) -> None:
    """Forgotten King, four spawning points, the first Consul turn: every row in sight, the
    panes above and below it keep rows of their own."""
    placed = [PlacedSpawningPoint(id=i, tile=t) for i, t in FOUR_POINTS]
    setup = replace(default_setup(content.edition("forgotten-king")), spawning_points=placed)
    save = tmp_path / "fk.jsonl"
    play_saved(content, save, setup, lambda pack, state: True)
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.pause()
        await pilot.pause()
        assert table.current_step() is None
        shown = table.query_one(PoolTable)
        assert shown.row_count >= 12
        assert shown.max_scroll_y == 0
        assert not table.query_one("#pool .more", Static).display
        for pane in ("steps", "boss", "bonuses", "log"):
            assert table.query_one(f"#{pane}").size.height >= 3, pane


async def test_a_pool_that_fits_leaves_the_panes_as_they_were(content: ContentPack) -> None:
    """The default 2.0 game's pool fits its share: the steps and the boss keep theirs."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.query_one("#panes").styles.inline.get_rule("grid_rows") is None
