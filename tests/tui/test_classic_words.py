"""A 1.0 ("classic") game speaks 1.0: its table, keys help, recap and export never name the
2.0 power-up phase, relics, the Mighty Monster Chart or a chart.

The 1.0 rules: "When the boss is summoned depends on the size of the game ... all spawning
points are destroyed ... the power gauge has filled" (dungeon-boss.txt); the boss carries
treasure, the Adventure Effects card is its card, and the round has no power-up phase."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from consul_app.content import ContentPack
from consul_app.rules import DestroySpawningPoint, EndTurn, default_setup
from consul_app.session import Session
from consul_app.session.export import to_markdown
from consul_app.session.load import load_game
from consul_app.tui.app import ConsulApp
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.pick_one import PickOneScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.footer import Footer

from .helpers import text
from .scenarios import NOW, WIDE, KeyConsul, make_app, move_action, next_move

TWO_POINT_OH = re.compile(r"power-up phase|relic|mighty monster|chart", re.IGNORECASE)


def _classic_save(content: ContentPack, path: Path, summoned: bool) -> Path:
    """A 1.0 game played three rounds (the boss summoned: its spawning points destroyed)."""
    with Session.new(
        content, default_setup(content.edition("classic")), path=path, clock=lambda: NOW
    ) as session:
        if summoned:
            for point in session.state.standing_spawning_points():
                session.dispatch(DestroySpawningPoint(spawning_point=point.id, tile=point.tile))
        while not (session.state.turn >= 3 and session.state.open_step() is None):
            move = next_move(session.pack, session.state)
            session.dispatch(EndTurn() if move.kind == "wound" else move_action(move))
        assert session.state.boss.spawned is summoned
    return path


def _said(where: str, words: str) -> list[str]:
    return [f"{where}: {line.strip()}" for line in words.splitlines() if TWO_POINT_OH.search(line)]


@pytest.mark.parametrize("summoned", [False, True], ids=["before-the-boss", "boss-fight"])
async def test_a_classic_game_never_speaks_2_0(
    content: ContentPack, tmp_path: Path, summoned: bool
) -> None:
    save = _classic_save(content, tmp_path / "classic.jsonl", summoned)
    said: list[str] = []
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        steps = text(table.query_one("#steps"))
        assert "Since your last turn: Round 2" in steps
        said += _said("table", text(table))
        if summoned:
            await pilot.press("b")  # the boss's card
            said += _said("boss card", text(app.screen))
            await pilot.press("escape")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        said += _said("keys help", text(app.screen))  # (every section: the new game's too)
    exported = to_markdown(load_game(content, save))
    said += _said("export", exported)
    boss = content.edition("classic").dungeon_bosses[default_setup(content.edition("classic")).boss]
    assert (f"{boss.name} was summoned" in exported) is summoned
    assert f"{boss.name} spawns" not in exported
    assert said == [], "\n".join(said)


def _screen_words(app: ConsulApp) -> str:
    """What the screen in front shows: its text and its footer's keys."""
    screen = app.screen
    footers = screen.query(Footer)
    keys = [f"{k.display} {k.description}" for f in footers for k in f.keys]
    return "\n".join([text(screen), *keys])


async def test_a_classic_game_played_by_keys_never_speaks_2_0(
    content: ContentPack, tmp_path: Path
) -> None:
    """Every screen a 1.0 game shows, from its first round to the boss fight and its timeout,
    played by keys: the table (steps, pool, gauge, boss, bonuses, log, top bar, footer), every
    dialog on the way, the keys help at each stage; then its export."""
    said: list[str] = []
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await pilot.press("right", "right")  # Edition: SDE 2.0 -> SDE 1.0
        app.screen.query_one("#boss").focus()
        await pilot.press("v", "o", "n")  # Von Drakk: he has treasure
        await consul.new_game()
        assert (consul.state.setup.edition, consul.state.setup.boss) == ("classic", "von-drakk")

        seen: set[str] = set()

        async def look(where: str) -> None:
            seen.add(type(app.screen).__name__)
            said.extend(_said(where, _screen_words(app)))

        async def help_(where: str) -> None:
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            said.extend(_said(f"keys help, {where}", text(app.screen).split("Everywhere")[0]))
            await pilot.press("escape")

        await look("round 1")
        await help_("round 1")
        for key in ("g", "e", "g"):
            await consul.press(key)
            await look(f"after {key}")
        while consul.state.standing_spawning_points():
            await consul.press("p")
            if isinstance(app.screen, PickOneScreen):  # (the only one standing: no question)
                await look("a spawning point destroyed: the dialog")
                await consul.press("enter")
            await look("a spawning point destroyed")
        await consul.press("e")  # the next round begins with the summoning
        await look("the summoning due")
        while not consul.state.boss.spawned or consul.state.open_step() is not None:
            await consul.press("enter")
            await look(f"step {consul.state.open_step()}")
            await consul.answer_dialog()
            await look("after a dialog")
        await help_("boss fight")
        await consul.press("b")
        await look("the boss's card")
        await consul.press("escape")
        while not consul.state.boss.timeout:
            await consul.press("w")
        await look("the timeout")
        await consul.until(lambda pack, state: state.open_step() is None)
        await look("after the timeout")
        assert {"TableScreen", "PickOneScreen", "PickManyScreen", "CardScreen"} <= seen
        assert "Treasure" in text(consul.table.query_one("#boss"))
        save = consul.table.session.path
    exported = to_markdown(load_game(content, save))
    said += _said("export", exported)
    assert "## Round 2" in exported
    assert said == [], "\n".join(said)
