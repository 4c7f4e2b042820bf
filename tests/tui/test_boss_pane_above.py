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
from .scenarios import SMALL, classic_points_destroyed, make_app, play_saved, step_is


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


async def test_the_section_to_resolve_now_is_in_sight(content: ContentPack, tmp_path: Path) -> None:
    """QA, 1.0 at 80x24: the boss summoned, its Adventure Effects' boss fight section to
    resolve, the pane scrolled to the top of its fight card (the special healing and the
    dungeon effects) and the NOW section stayed below, out of sight."""
    save = tmp_path / "classic.jsonl"
    classic_points_destroyed(content, save, end_round=True)  # round 3: the boss's summons
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        summon = table.current_step()
        assert summon is not None and summon.key == "boss-spawn"
        await pilot.press("escape", "enter")  # (the recap put away) summoned
        step = table.current_step()
        assert step is not None and step.card_section is not None
        pane = table.query_one(BossPane)
        await until(pilot, lambda: pane.scroll_y > 0, "the pane never scrolled to its fight card")
        await pilot.pause()
        seen = _seen(app, pane)
        assert ">> " in seen and "resolve NOW" in seen, seen


async def test_a_section_is_never_cut_at_the_top_under_the_status(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA, 2.0 at 80x24: a boss sighting's timeout effects with Arachne on the dungeon scrolled
    the pane to the end, the mini-boss's `Wounds 1/7` right under `NOT IN PLAY YET` (its
    name above, out of sight): read as the boss's wounds. The pane stops at the start of the
    section it would cut, the NOW section still in sight."""
    from consul_app.rules import answer
    from consul_app.session import Session

    from .scenarios import current_step

    save = tmp_path / "sighting.jsonl"
    setup = default_setup(content.edition("sde2"))

    def sighted_with_mini_boss(pack: object, state: object) -> bool:
        step = current_step(pack, state)  # type: ignore[arg-type]
        on = state.mini_boss is not None  # type: ignore[attr-defined]
        return step is not None and step.key == "boss-sighting" and on

    play_saved(content, save, setup, sighted_with_mini_boss)
    with Session.resume(content, save) as session:
        step = current_step(session.pack, session.state)
        assert step is not None
        session.dispatch(answer(step, [step.choices[0].id]))  # heroes are on those tiles
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        step = table.current_step()
        assert step is not None and step.card_section is not None
        pane = table.query_one(BossPane)
        await until(pilot, lambda: pane.scroll_y > 0, "the pane never scrolled to its fight card")
        await pilot.pause()
        seen = _seen(app, pane).splitlines()
        assert any(">> " in line and "NOW" in line for line in seen), seen
        under = pane.query_one(".status").outer_size.height
        top = round(pane.scroll_y) + under  # (the first line under the status)
        for name in ("model", "mini", "card"):
            region = pane.query_one(f".{name}").virtual_region
            assert not region.y < top < region.bottom, (name, region, top, seen)
