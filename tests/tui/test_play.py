"""Whole games through keys only, asserting what the screen shows at each milestone (the 2.0 game
from the new-game screen on; the others from the table of a game just started)."""

from __future__ import annotations

from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import boss_status
from consul_app.tui import symbols
from consul_app.tui.screens.summary import SummaryScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes, text
from .scenarios import WIDE, KeyConsul, make_app, new_table, step_is


async def test_a_whole_sde2_game_from_new_game_to_the_boss_defeat(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game()
        table = consul.table
        pack = table.session.pack
        assert "Consul turn: play your monsters." in text(table.query_one("#next-step"))
        assert ">>    START" in text(table.query_one("#chart"))
        assert "Nothing yet" in text(table.query_one("#log"))

        await consul.press("e")
        assert ">> Equipment" in text(table.query_one("#steps"))
        await consul.press("enter")
        assert ">> Advance the Mighty Monster Chart" in text(table.query_one("#steps"))
        await consul.press("enter")
        assert ">>  1 " in text(table.query_one("#chart"))
        assert "1. End the Consul turn" in text(table.query_one("#log"))

        await consul.until(step_is("spawn"))
        step = consul.step()
        assert step is not None
        assert f"SPAWN {step.budget} skull points" in text(table.query_one("#pool"))
        await consul.move()  # space on a monster that may spawn
        spawned = consul.state.board
        assert any(spawned.values())
        assert "picked" in text(table.query_one("#pool"))

        await consul.until(step_is("choose-bonus"))
        await consul.press("enter")
        choices = table.current_step()
        assert choices is not None and choices.choices
        assert choices.text in text(app.screen.query_one(".rule"))
        await consul.press("enter")
        chosen = pack.bonuses[consul.state.bonuses[-1].bonus]
        bonuses = text(table.query_one("#bonuses"))
        symbol = symbols.bonus(pack, chosen.id)
        assert f"{chosen.name} ({symbol}, chart space {consul.state.bonuses[-1].space})" in bonuses

        await consul.until(lambda p, s: s.mini_boss is not None)
        mini = pack.mini_bosses[consul.state.mini_boss.id]  # type: ignore[union-attr]
        assert f"Mini-boss on the dungeon: {mini.name}" in text(table.query_one("#boss"))

        await consul.until(lambda p, s: s.boss.spawned and s.open_step() is None)
        boss = text(table.query_one("#boss"))
        assert f"Relics: {len(consul.state.boss.relics)} of" in boss
        assert pack.relics[consul.state.boss.relics[0]].name in boss
        chart = text(table.query_one("#chart"))
        space = consul.state.position
        assert f"The boss has left the chart (it spawned from space {space})." in chart
        assert f">>  {space:>2}" not in chart and f"✓  {space:>2} BOSS" in chart

        await consul.until(lambda p, s: s.boss.timeout)
        timeout_notes = [n for n in notes(app) if n.startswith("TIMEOUT!")]
        assert timeout_notes and "Timeout!" not in timeout_notes[-1]  # said once, in the title
        assert "4 wounds" in timeout_notes[-1]
        assert len(f"! {timeout_notes[-1]}") <= 78  # whole on the notice line at 80 columns
        assert "NOW >> Timeout" in text(table.query_one("#next-step"))
        assert "TIMEOUT NOW" in text(table.query_one("#boss"))
        await consul.until(lambda p, s: s.boss.timeout and s.open_step() is None)
        assert "TIMEOUT DONE" in text(table.query_one("#boss"))

        await consul.until(lambda p, s: s.boss.defeated)
        assert isinstance(app.screen, SummaryScreen)  # the game's story opens by itself
        await consul.press("escape")
        assert "DEFEATED" in text(table.query_one("#boss"))
        bar = text(table.query_one("#next-step"))
        assert "the heroes have won" in bar
        # the game is over: the bar and the steps offer no turn to end, only what is left
        assert "End the Consul turn" not in bar and "n: new game" in bar and "u: undo" in bar
        steps = text(table.query_one("#steps"))
        assert "End the Consul turn" not in steps and "The game is over" in steps
        status = boss_status(pack, consul.state)
        assert f"{status.wounds}/{status.hearts}" in text(table.query_one("#boss"))
        assert (
            text(table.query_one("#log"))
            .lstrip()
            .startswith(f"{len(table.session.history)}. Boss takes 1 wound")
        )


async def test_forgotten_king_climbs_the_ladder_and_spawns_its_boss(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path, "forgotten-king")
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        assert table.session.state.setup.edition == "forgotten-king"
        assert "Ladder: step 0 of" in text(table.query_one("#chart"))
        assert "only elite and minion monsters" in text(table.query_one("#bonuses"))
        # before it comes, the boss card says how: no 2.0 chart space
        assert "Arrives when the last spawning point is destroyed" in text(table.query_one("#boss"))
        assert table.active_bindings["e"].binding.description == "End turn"  # the footer

        await consul.press("m")  # spawn a mini-boss (the only one brought: no question)
        assert "Mini-boss on the dungeon" in text(table.query_one("#boss"))
        await consul.press("M")  # it is destroyed: the steps say what the end of the turn brings
        assert "the ladder climbs one step when it ends" in text(table.query_one("#steps"))
        assert "the ladder climbs one step" in text(table.query_one("#next-step"))  # every size
        await consul.press("e")  # the turn ends: FK's words, not the 2.0 power-up phase
        steps = text(table.query_one("#steps"))
        assert "Turn 1: end of the turn" in steps and "power-up" not in steps
        assert ">> Climb the ladder one step" in steps
        await consul.press("enter")  # climb one step
        assert "Ladder: step 1 of" in text(table.query_one("#chart"))
        await consul.press("enter")  # the step's bonuses
        bonuses = text(table.query_one("#bonuses"))
        assert "ladder step 1) for minions, elites" in bonuses

        await consul.until(lambda p, s: s.open_step() is None)
        while consul.state.standing_spawning_points():
            await _destroy_a_spawning_point(consul)
        assert ">> Spawn the dungeon boss" in text(table.query_one("#steps"))
        await consul.press("enter", "enter")
        boss = text(table.query_one("#boss"))
        assert "Not in play yet." not in boss
        assert consul.state.boss.spawned
        assert "Super monster" in boss


async def test_sde1_fills_the_power_gauge_and_summons_the_boss(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path, "classic")
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        assert table.session.state.setup.edition == "classic"
        assert "Power gauge" in text(table.query_one("#chart"))
        # 1.0 plays in rounds, and the boss card says what summons the boss
        assert "Round 1: play" in text(table.query_one("#steps"))
        assert "Round 1 · " in text(table.query_one("#next-step"))
        assert table.active_bindings["e"].binding.description == "End round"  # the footer
        boss = text(table.query_one("#boss"))
        assert "all spawning points are destroyed (2 standing)" in boss
        assert "power gauge has filled once (0 of 1)" in boss
        await consul.press("g", "g", "g")
        assert "3 of " in text(table.query_one("#chart"))

        while consul.state.standing_spawning_points():
            await _destroy_a_spawning_point(consul)
        assert "Summoning conditions met" in text(table.query_one("#boss"))
        assert "summoned at the start of the next round" in text(table.query_one("#steps"))
        await consul.press("e")  # the round ends; the next begins with the summoning
        assert "Round 2 · NOW >> Summon the dungeon boss" in text(table.query_one("#next-step"))
        await consul.press("enter")
        assert consul.state.boss.spawned
        assert "Summon the dungeon boss" in text(table.query_one("#log"))
        assert ">> Adventure Effects: boss fight" in text(table.query_one("#steps"))
        assert ">> Adventure Effects: boss fight: resolve NOW" in text(table.query_one("#boss"))
        await consul.until(lambda p, s: s.open_step() is None)
        assert "Not in play yet." not in text(table.query_one("#boss"))
        assert isinstance(app.screen, TableScreen)
        # the spawning points stop producing: the pool says so rather than inviting a spawn
        assert "No monster may spawn now: the spawning points stop" in text(
            table.query_one("#pool")
        )


async def _destroy_a_spawning_point(consul: KeyConsul) -> None:
    """`p`: the first listed (the only one standing: no question)."""
    from consul_app.tui.screens.pick_one import PickOneScreen

    await consul.press("p")
    if isinstance(consul.app.screen, PickOneScreen):
        await consul.press("enter")
