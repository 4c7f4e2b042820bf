"""The Boss pane scrolled to its fight card says what is out of sight (QA at 80x24: when the
boss fight began, the pane showed the fight card's NOW section; the boss's stat line and first
attack were above it, and nothing said so)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.boss_card import BossPane

from .helpers import until
from .scenarios import SMALL, make_app, play_saved, step_is


def _seen(app: Any, pane: BossPane) -> str:
    """The pane's lines as drawn on the screen."""
    strips = app.screen._compositor.render_strips()
    region = pane.region
    return "\n".join(
        "".join(s.text for s in strips[y])[region.x : region.right]
        for y in range(region.y, region.bottom)
    )


async def test_the_fight_card_in_sight_says_the_stat_line_is_above(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "fight.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("boss-spawn-effects"))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        pane = table.query_one(BossPane)
        await until(pilot, lambda: pane.scroll_y > 0, "the pane never scrolled to its fight card")
        await pilot.pause()
        seen = _seen(app, pane)
        assert ">> Boss spawn: resolve NOW" in seen
        assert "↑ above: its stat line and attacks" in seen, seen
        pane.scroll_home(animate=False)
        await pilot.pause()
        await pilot.pause()
        seen = _seen(app, pane)
        assert "↑ above" not in seen
        assert "↓ more below (Up/Down)" in seen, seen
