"""Keys, help, palette, undo/redo, layouts and resume on the table screen."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.widgets import OptionList, TabbedContent

from consul_app.content import ContentPack
from consul_app.paths import saves_dir
from consul_app.rules import default_setup
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes, options, text
from .scenarios import SMALL, WIDE, KeyConsul, idle, make_app, play_saved


def _descriptions(bindings: list[object]) -> list[str]:
    return [b.description for b in bindings if isinstance(b, Binding)]


async def test_help_lists_every_key_of_the_table(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await KeyConsul(pilot).new_game()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = text(app.screen)
        for description in _descriptions(TableScreen.BINDINGS):
            assert description in shown
        for key in ("u / ^z", "r / ^y", "⏎", "space / +"):
            assert key in shown
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_the_command_palette_lists_every_action(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await KeyConsul(pilot).new_game()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        titles = options(commands)
        for description in _descriptions(TableScreen.BINDINGS):
            assert description in titles
        await pilot.press(*"end turn", "enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.history == ["End the Consul turn"]


async def test_undo_and_redo_say_what_they_undo(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game()
        await consul.press("e", "enter")
        assert consul.state.position == 1
        await consul.press("u")
        assert notes(app)[-1] == "Undone: Advance the chart to space 1"
        assert consul.state.position == 0
        await consul.press("ctrl+z")
        assert notes(app)[-1] == "Undone: End the Consul turn"
        await consul.press("r", "ctrl+y")
        assert notes(app)[-1] == "Redone: Advance the chart to space 1"
        assert consul.state.position == 1
        await consul.press("r")
        assert notes(app)[-1].endswith("Nothing to redo.")


async def test_a_refused_action_shows_the_engines_reason(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game()
        await consul.press("w")
        assert notes(app)[-1].startswith("Not now: ")
        assert "has not spawned yet" in notes(app)[-1]
        assert consul.table.session.history == []


async def test_panes_become_tabs_on_a_small_terminal(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game()
        tabs = consul.table.query_one(TabbedContent)
        await consul.press("3")
        assert tabs.active == "tab-chart"
        await consul.press("e", "enter")  # the first space spawns: the pool's tab comes up
        assert tabs.active == "tab-pool"
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert not consul.table.query(TabbedContent)
        assert consul.table.query_one("#panes").display
        assert "SPAWN" in text(consul.table.query_one("#pool"))


async def test_a_game_in_progress_is_offered_on_start(content: ContentPack, tmp_path: Path) -> None:
    setup = default_setup(content.edition("sde2"))
    save = saves_dir() / "game.jsonl"
    save.parent.mkdir(parents=True)
    play_saved(content, save, setup, idle(lambda pack, state: state.turn == 3))
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        assert isinstance(app.screen, ResumeScreen)
        assert "turn 3" in options(app.screen.query_one(OptionList))
        await pilot.press("enter")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.state.turn == 3
        assert "Turn 3" in text(table.query_one("#next-step"))
