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
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import text
from .scenarios import NOW, WIDE, make_app, move_action, next_move

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
