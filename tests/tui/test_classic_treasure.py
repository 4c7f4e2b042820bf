"""SDE 1.0 boss treasure at the table: summoned, Von Drakk's step offers the Character Treasure
bearing his portrait, and the Boss pane lists what he equipped as treasure (no relic slots:
the 1.0 rules give none)."""

from __future__ import annotations

from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import (
    AdvanceGauge,
    DestroySpawningPoint,
    EndTurn,
    PlacedSpawningPoint,
    Setup,
    SpawnBoss,
)
from consul_app.session import Session
from consul_app.tui.screens.pick_many import PickManyScreen

from .helpers import text
from .scenarios import NOW, WIDE, KeyConsul, make_app


async def test_von_drakk_equips_his_treasure(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "vd.jsonl"
    setup = Setup(
        edition="classic",
        boss="von-drakk",
        spawning_points=[PlacedSpawningPoint(id="egg-clutch", tile=2)],
    )
    with Session.new(content, setup, path=save, clock=lambda: NOW) as session:
        session.dispatch(AdvanceGauge())
        session.dispatch(DestroySpawningPoint(spawning_point="egg-clutch", tile=2))
        session.dispatch(EndTurn())
        session.dispatch(SpawnBoss(boss="von-drakk"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        due = text(consul.table.query_one("#boss"))  # (its words: 1.0 has no relics)
        assert "(to resolve after the treasure)" in due and "relics" not in due
        await pilot.press("enter")
        assert isinstance(app.screen, PickManyScreen)
        assert "Character Treasure" in text(app.screen)
        await pilot.press("space", "down", "space", "enter")
        assert consul.state.boss.relics == ["bat-winged-key", "bewitched-wand"]
        boss = text(consul.table.query_one("#boss"))
        assert "Treasure: 2" in boss and "(empty)" not in boss and "Relics" not in boss
