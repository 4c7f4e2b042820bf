"""Relics at the table, through the keys (QA's game): Elrik ticks Frozen Soul (+2 hearts), and
the Boss pane, the timeout and the defeat follow 10 hearts; Black-Handed Henry's Fire Breath
Potion (+1 DEX, no die colour in the reference) is applied as +1ST."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from msgspec.structs import replace

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.screens.pick_many import PickManyScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.boss_card import BossPane
from consul_app.tui.widgets.card_body import CardBody

from .helpers import notes, text
from .scenarios import SMALL, WIDE, make_app, play_saved, step_is


def _at_relics(content: ContentPack, tmp_path: Path, boss: str) -> Path:
    save = tmp_path / "game.jsonl"
    setup = replace(default_setup(content.edition("sde2")), boss=boss)
    play_saved(content, save, setup, step_is("relics"))
    return save


async def _tick(pilot, name: str) -> None:  # noqa: ANN001
    """Open the relic dialog, find the relic by its first letters, tick it, confirm."""
    await pilot.press("enter")
    await _until(pilot, PickManyScreen)
    await pilot.press(*name.lower()[:4], "space", "enter")
    await _until(pilot, TableScreen)


async def _until(pilot, screen: type, deadline: float = 20.0) -> None:  # noqa: ANN001
    """Wait until `screen` is on top (under load it can come frames after its key)."""
    end = time.monotonic() + deadline
    while not isinstance(pilot.app.screen, screen):
        assert time.monotonic() < end, f"{screen.__name__} never opened"
        await pilot.pause(0.05)


async def _steps_done(pilot) -> None:  # noqa: ANN001
    """Enter on each step due until none is."""
    for _ in range(10):
        if pilot.app.session.state.open_step() is None:
            return
        await pilot.press("enter")
    raise AssertionError("steps still open")


def _boss_pane(app: object) -> str:
    return text(app.screen.query_one(BossPane), width=60)  # type: ignore[attr-defined]


@pytest.mark.usefixtures("count_clock")  # a digit and its key: typed together
async def test_frozen_soul_gives_elrik_ten_hearts_and_the_timeout_at_five(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _at_relics(content, tmp_path, "elrik-the-lich-king"))
    async with app.run_test(size=WIDE) as pilot:
        await _tick(pilot, "Frozen Soul")
        session = app.session
        assert session is not None and session.state.boss.relics == ["frozen-soul"]
        await _steps_done(pilot)  # the boss spawn effects
        pane = _boss_pane(app)
        assert "(10 hearts, +2 Frozen Soul)" in pane
        assert "Timeout at 5 wounds" in pane
        await pilot.press("4", "w")
        assert not session.state.boss.timeout
        await pilot.press("1", "w")
        assert session.state.boss.timeout
        await _steps_done(pilot)
        await pilot.press("3", "w")
        assert session.state.boss.wounds == 8 and not session.state.boss.defeated
        assert "The heroes won" not in _boss_pane(app)


async def test_fire_breath_potion_applies_its_dex_as_a_static_star(
    content: ContentPack, tmp_path: Path
) -> None:
    """Issue 23: the reference's bare '+1 DEX' is read as +1ST and applied."""
    app = make_app(content, _at_relics(content, tmp_path, "black-handed-henry"))
    async with app.run_test(size=WIDE) as pilot:
        await _tick(pilot, "Fire Breath Potion")
        assert "not applied: use your card" not in _boss_pane(app)
        await pilot.press("b")
        await _until(pilot, CardScreen)
        screen = app.screen
        assert isinstance(screen, CardScreen)
        body = text(screen.query_one(CardBody), width=100)
        assert "DEX 4B 1G +1ST" in body
        assert "not applied" not in body
        assert "Garlic Breath" in body


async def test_too_many_relics_ticked_gives_the_engines_reason_and_what_to_untick(
    content: ContentPack, tmp_path: Path
) -> None:
    """Seen in play: `Ticked 2 of up to 1 (too many)` and Enter did nothing. The dialog gives
    the engine's reason and says how many to untick (and Enter says it again)."""
    app = make_app(content, _at_relics(content, tmp_path, "elrik-the-lich-king"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("enter")
        await _until(pilot, PickManyScreen)
        dialog = app.screen
        assert isinstance(dialog, PickManyScreen)
        for _ in range(dialog.limit + 1):
            await pilot.press("space", "down")
        count = text(dialog.query_one(".count"))
        assert f"may equip only {dialog.limit} relic" in count
        assert "untick 1" in count.lower()
        await pilot.press("enter")
        assert isinstance(app.screen, PickManyScreen)
        assert any(f"may equip only {dialog.limit} relic" in n for n in notes(app))
