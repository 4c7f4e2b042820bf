"""Ugg and Mugg at the table: "Mugg also counts as a Dungeon Boss" (Ugg's fight card, My
Brother!): the Boss pane shows each brother's wound track, and `w`, `W`, `s` and `b` ask which
boss when both are in play."""

from __future__ import annotations

from pathlib import Path

import pytest
from msgspec.structs import replace

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.widgets.notice_line import NoticeLine

from .helpers import text
from .scenarios import SMALL, WIDE, KeyConsul, idle, make_app, play_saved, step_is


@pytest.mark.usefixtures("count_clock")  # a digit and its key: typed together
async def test_each_brother_is_wounded_by_keys(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "ugg.jsonl"
    setup = replace(default_setup(content.edition("sde2")), boss="ugg")
    play_saved(content, save, setup, idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        boss = text(consul.table.query_one("#boss"))
        assert "Mugg" in boss and "also a Dungeon Boss" in boss
        assert "Timeout when Ugg or Mugg is destroyed" in boss
        await pilot.press("2", "w")
        assert isinstance(app.screen, PickOneScreen)  # which boss?
        await pilot.press("m", "enter")
        assert consul.state.other_bosses[0].wounds == 2 and consul.state.boss.wounds == 0
        assert consul.table.session.history[0] == "Mugg takes 2 wounds"
        await pilot.press("w", "u", "enter")
        assert consul.state.boss.wounds == 1
        assert consul.table.session.history[0] == "Boss takes 1 wound"
        await pilot.press("s", "m", "enter", "s", "l", "enter")  # Mugg, Slow
        assert consul.state.other_bosses[0].status == ["slow"]
        assert "Status effects: Slow" in text(consul.table.query_one("#boss"))
        await pilot.press("b", "m", "enter")
        assert isinstance(app.screen, CardScreen)
        assert "Mugg" in text(app.screen)


async def test_once_ugg_is_destroyed_the_keys_go_to_mugg(
    content: ContentPack, tmp_path: Path
) -> None:
    """"Time Out is reached when one of the Dungeon Bosses is destroyed": Ugg's fall brings the
    timeout; then `w` and `s` need no dialog, Mugg is the one boss left in play."""
    save = tmp_path / "ugg.jsonl"
    setup = replace(default_setup(content.edition("sde2")), boss="ugg")
    play_saved(content, save, setup, idle(lambda p, s: s.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await pilot.press("#", "5", "w", "u", "enter")
        assert consul.state.boss.timeout and not consul.state.boss.defeated
        for _ in range(6):
            if consul.state.open_step() is None:
                break
            await pilot.press("enter")
        assert consul.state.open_step() is None
        await pilot.press("w")
        assert not isinstance(app.screen, PickOneScreen)
        assert consul.state.other_bosses[0].wounds == 1
        await pilot.press("s", "s", "l", "enter")  # Slow, on Mugg without asking
        assert consul.state.other_bosses[0].status == ["slow"]
        await pilot.press("#", "4", "w")
        assert consul.state.boss.defeated


async def test_at_80x24_mugg_is_named_over_his_wounds_and_his_fall_brings_the_timeout(
    content: ContentPack, tmp_path: Path
) -> None:
    """Seen in a real terminal at 80x24: while the Boss Spawn effects were due, the Boss pane
    (scrolled to its fight card) showed "also a Dungeon Boss / Wounds 0/5" with Mugg's name out
    of sight; and Mugg's fall was announced as "TIMEOUT!: Ugg, 0 wounds". Both brothers' tracks
    stay in sight with their names, and the notice says who fell."""
    save = tmp_path / "ugg.jsonl"
    setup = replace(default_setup(content.edition("sde2")), boss="ugg")
    play_saved(content, save, setup, step_is("boss-spawn-effects"))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await pilot.press("4")
        await pilot.pause()
        status = consul.table.query_one("#boss .status")
        shown = text(status)
        assert "Ugg  (5 hearts)" in shown and "Mugg  (5 hearts)" in shown
        assert shown.index("Mugg") < shown.index("also a Dungeon Boss")
        await pilot.press("enter", "#", "5", "w", "m", "enter")
        assert consul.state.boss.timeout
        notice = text(consul.table.query_one(NoticeLine))
        assert "TIMEOUT!: Mugg is destroyed" in notice and "Ugg, 0 wounds" not in notice
