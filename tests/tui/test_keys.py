"""Keys, help, palette, undo/redo, layouts and resume on the table screen."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.widgets import OptionList, Static, TabbedContent

from consul_app.base.paths import saves_dir
from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.session import SaveError
from consul_app.tui.screens.help import HelpScreen
from consul_app.tui.screens.resume import ResumeScreen
from consul_app.tui.screens.table import COUNT_KEYS, TableScreen

from .helpers import notes, options, text, until
from .scenarios import SMALL, WIDE, KeyConsul, idle, make_app, new_table, play_saved, step_is


def _descriptions(bindings: Sequence[object]) -> list[str]:
    return [b.description for b in bindings if isinstance(b, Binding)]


async def test_help_lists_every_key_of_the_table(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = text(app.screen)
        for description in _descriptions(TableScreen.BINDINGS):
            if description != "Power gauge +1":  # (offered in a 1.0 game only, so is its g)
                assert description.replace(" F g: how many", " F: how many") in shown
        for key in ("u / ^z", "r / ^y", "Enter", "space / +", "1 / 2 / 3"):
            assert key in shown
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


def test_the_help_of_the_digits_names_the_keys_a_count_goes_with() -> None:
    """`2k` is a hit of two on a spawning point: the digits' help names k K, not old keys."""
    digits = [b for b in TableScreen.BINDINGS if isinstance(b, Binding) and b.key.isdigit()]
    assert len(digits) == 6
    for binding in digits:
        assert f"just before {' '.join(COUNT_KEYS)}: how many" in binding.description


async def test_help_says_how_to_count_on_any_tab(content: ContentPack, tmp_path: Path) -> None:
    """The footer's `# Count` is spelled out in the help: how a hit of several is entered
    when digits bring tabs to the front."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        said = text(app.screen.query_one(Static))
        line = next(line for line in said.splitlines() if line.strip().startswith("#"))
        assert "Count: how many, on any tab (# then the number, then the key: #2w" in line


async def test_help_wraps_a_long_description_in_its_own_column(
    content: ContentPack, tmp_path: Path
) -> None:
    """At 80x24 the digits' description wraps: its second line stays under the description,
    clear of the keys' column."""
    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys = app.screen.query_one(Static)
        lines = [keys.render_line(y).text for y in range(keys.size.height)]
        first = next(n for n, line in enumerate(lines) if line.startswith("  1 "))
        assert "Show the steps pane" in lines[first]
        assert lines[first + 1].startswith(" " * 18) and "how many" in lines[first + 1]
        assert not any("esc / esc" in line for line in lines)  # (several dialogs bind Esc)


async def test_help_names_the_end_of_a_1_0_round(content: ContentPack, tmp_path: Path) -> None:
    """1.0 plays in rounds: `e` ends the round, in the footer and in the help alike."""
    app = new_table(content, tmp_path, "classic")
    async with app.run_test(size=WIDE) as pilot:
        assert app.screen.active_bindings["e"].binding.description == "End round"
        await pilot.press("question_mark")
        shown = text(app.screen)
        assert "End round" in shown and "End turn" not in shown


async def test_the_command_palette_lists_every_action(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        descriptions = _descriptions(TableScreen.BINDINGS)
        # The palette lists its commands as its search finds them (a worker).
        await until(pilot, lambda: all(d in options(commands) for d in descriptions))
        titles = options(commands)
        for description in descriptions:
            assert description in titles
        await pilot.press(*"end turn", "enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.history == ["End the Consul turn"]


async def test_undo_and_redo_say_what_they_undo(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")  # the heroes' equipment, then the chart
        assert consul.state.position == 1
        await consul.press("u")
        assert notes(app)[-1] == "Undone: Advance the chart to space 1"
        assert consul.state.position == 0
        await consul.press("ctrl+z")
        assert notes(app)[-1] == "Undone: Done: Equipment"
        await consul.press("r", "ctrl+y")
        assert notes(app)[-1] == "Redone: Advance the chart to space 1"
        assert consul.state.position == 1
        await consul.press("r")
        assert notes(app)[-1].endswith("Nothing to redo.")


async def test_an_undo_that_cannot_be_saved_is_said_and_changes_nothing(
    content: ContentPack, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")
        session = app.session
        assert session is not None

        def full_disk(entry: object, **overlap: object) -> None:
            raise SaveError(session.path, "cannot write: No space left on device")

        monkeypatch.setattr(session._writer, "append", full_disk)
        await consul.press("u")
        assert "No space left on device" in notes(app)[-1]
        assert consul.state.position == 1


async def test_a_refused_action_shows_the_engines_reason(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.press("w")
        assert notes(app)[-1].startswith("Not now: ")
        assert "has not spawned yet" in notes(app)[-1]
        assert consul.table.session.history == []


async def test_panes_become_tabs_on_a_small_terminal(content: ContentPack, tmp_path: Path) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        consul = KeyConsul(pilot)
        tabs = consul.table.query_one(TabbedContent)
        await consul.press("3")
        assert tabs.active == "tab-chart"
        await consul.press("e", "enter", "enter")  # the first space spawns: the pool's tab
        assert tabs.active == "tab-pool"
        await pilot.resize_terminal(*WIDE)
        # The table recomposes as panes once the resize reaches it (under load, frames later).
        await until(pilot, lambda: not consul.table.query(TabbedContent), "still in tabs")
        await until(pilot, lambda: bool(consul.table.query("#panes")), "no panes composed")
        assert consul.table.query_one("#panes").display
        pool = consul.table.query_one("#pool")
        await until(pilot, lambda: "SPAWN" in text(pool), "the pool pane is not filled")


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


async def test_a_decision_is_answered_by_its_number(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "sighting.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("boss-sighting"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("enter")
        assert "2. No hero is there" in options(app.screen.query_one(OptionList))
        await pilot.press("2")
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.session.history[0] == "Boss sighting: no hero there"
        assert "sighting-effects" not in [s.key for s in table.session.state.steps]


async def test_heroes_on_a_sighted_tile_announce_its_timeout_effects(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "sighting.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("boss-sighting"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("enter", "1")
        said = notes(app)[-1]
        assert said == "Boss sighting: timeout effects!: heroes on those tiles are hit (top bar)."
        assert len(f"! {said}") <= 78  # whole on the notice line at 80 columns
        assert "NOW >> Boss sighting: timeout effects" in text(app.screen.query_one("#next-step"))


async def test_events_during_play(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "boss.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda pack, state: state.boss.spawned))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        first = next(iter(content.edition("sde2").status_effects.values()))
        await pilot.press("s", "enter")  # the first status effect goes on the boss
        assert f"Status effects: {first.name}" in text(table.query_one("#boss"))
        await pilot.press("s")
        assert "HAS IT" in options(app.screen.query_one(OptionList))
        await pilot.press("enter")  # ... and comes off again
        assert "Status effects: none" in text(table.query_one("#boss"))
        await pilot.press("w", "w", "W")
        assert "1/" in text(table.query_one("#boss"))
        await pilot.press("h")
        assert table.session.history[0] == "A hero is destroyed"
        on_board = [m for m, n in table.session.state.board.items() if n]
        monsters = list(table.session.state.pool)
        await pilot.press("2", *["down"] * monsters.index(on_board[0]), "d")
        assert table.session.history[0].startswith("Destroyed 1 ")
        mini = table.session.state.mini_boss
        assert mini is not None and mini.wounds == 0  # the bot never fights the mini-boss
        await pilot.press("x")
        name = table.session.pack.mini_bosses[mini.id].name
        assert table.session.history[0] == f"Mini-boss {name} takes 1 wound"
        assert "Mini-boss on the dungeon" in text(table.query_one("#boss"))


async def test_saved_games_and_a_new_game_from_the_table(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        await consul.new_game()
        await consul.press("e")
        first = consul.table.session
        await pilot.press("o")
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("enter")  # the game on the table: nothing to reopen
        assert consul.table.session is first
        await pilot.press("n", "escape")  # a new game, put off
        assert consul.table.session is first
        await pilot.press("n", "enter", "enter", "enter")
        assert consul.table.session is not first
        assert consul.table.session.history == []
        await pilot.press("o")
        boss = first.pack.dungeon_bosses[first.state.setup.boss].name
        saves = options(app.screen.query_one(OptionList))
        assert saves.count(boss) == 2  # both games, newest first
        assert "turn 1 · START · 0 actions" in saves.splitlines()[1]


async def test_a_pane_switch_draws_its_tab_at_once(content: ContentPack, tmp_path: Path) -> None:
    """Measured in a real terminal (benchmarks/bench_terminal.py): a pane switch at 80x24
    settled after 334-350 ms, 23 frames, most of them Textual's tab-underline animation. The
    Consul needs no animation: the underline stands under the new tab in the next frame (and
    under the first tab shown, whose label is composed as it is shown)."""
    save = tmp_path / "game.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), step_is("spawn"))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        for key in ("", "3", "5"):
            if key:
                await pilot.press(key)
                await pilot.pause()
            underline = app.screen.query_one("Underline")
            active = app.screen.query_one("Tabs #tabs-list > Tab.-active")
            start, end = active.virtual_region.shrink(active.styles.gutter).column_span
            assert (underline.highlight_start, underline.highlight_end) == (start, end), key
            assert not app.animator.is_being_animated(underline, "highlight_start")


async def test_a_key_added_to_the_table_shows_in_the_footer_the_help_and_the_palette(
    content: ContentPack, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The table's keys are declared once: a binding added there is in all three."""

    from consul_app.tui import screens

    class WithOneMore(TableScreen):
        CSS_PATH = Path(screens.__file__).parent.parent / "table.tcss"
        BINDINGS = [*TableScreen.BINDINGS, Binding("j", "app.bell", "Ring once", id="table.ring")]

    monkeypatch.setattr("consul_app.tui.screens.table.TableScreen", WithOneMore)
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, WithOneMore)
        from consul_app.tui.widgets.footer import Footer

        assert "Ring once" in [key.description for key in table.query_one(Footer).keys]
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "Ring once" in text(app.screen)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)
        await pilot.press("ctrl+p")
        assert isinstance(app.screen, CommandPalette)
        commands = app.screen.query_one(CommandList)
        await until(pilot, lambda: "Ring once" in options(commands))
