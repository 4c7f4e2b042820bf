"""Since your last turn: the steps pane tells what the last power-up phase did, when the game
is resumed and when a Consul turn begins; any key dismisses it."""

from __future__ import annotations

from pathlib import Path

from consul_app.content import ContentPack
from consul_app.rules import default_setup

from .helpers import text
from .scenarios import SMALL, WIDE, KeyConsul, classic_points_destroyed, idle, make_app, play_saved


def _saved(content: ContentPack, tmp_path: Path) -> Path:
    save = tmp_path / "recap.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda p, s: s.turn >= 3))
    return save


async def test_the_recap_greets_a_resumed_game_and_any_key_dismisses_it(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=WIDE) as pilot:
        steps = text(app.screen.query_one("#steps"))
        assert "Since your last turn: Turn 2, power-up phase" in steps
        assert "- Reached chart space 2: " in steps
        assert "- Bonus gained: " in steps
        await pilot.press("3")  # any key: dismissed (and the key still shows pane 3)
        assert "Since your last turn" not in text(app.screen.query_one("#steps"))
        assert app.screen.focused is app.screen.query_one("#chart")


async def test_the_recap_comes_when_a_consul_turn_begins(
    content: ContentPack, tmp_path: Path
) -> None:
    app = make_app(content, _saved(content, tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("escape")
        await consul.move()  # e: the power-up phase of turn 3 begins
        assert "Since your last turn" not in text(app.screen.query_one("#steps"))
        await consul.until(lambda p, s: s.turn == 4)
        steps = text(app.screen.query_one("#steps"))
        assert "Since your last turn: Turn 3, power-up phase" in steps
        assert "- Reached chart space 3: " in steps
        assert "- Spawned " in steps
        assert consul.table.query_one("#tabs").active == "tab-steps"
        await consul.press("enter")  # Enter too (nothing is due: it says so)
        assert "Since your last turn" not in text(app.screen.query_one("#steps"))


async def test_a_1_0_round_that_summons_the_boss_is_told_once_its_steps_are_done(
    content: ContentPack, tmp_path: Path
) -> None:
    """QA, 1.0 at 80x24: the round ended with the boss's conditions met; it was summoned as
    the next round began (its steps), and no recap told it: the next one said `Nothing to
    report.` The round's recap comes once the steps it brought are done."""
    save = tmp_path / "classic.jsonl"
    classic_points_destroyed(content, save)
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("escape", "e")  # the round ends: round 3 begins with the summons
        assert consul.step() is not None
        await consul.until(lambda p, s: s.boss.spawned and s.open_step() is None)
        steps = text(app.screen.query_one("#steps"))
        assert "Since your last turn: Round 2, end of the round" in steps
        assert "was summoned" in steps
        assert "Nothing to report" not in steps
