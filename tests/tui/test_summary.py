"""The game's story: the summary screen opens by itself when the boss is defeated, with its
plots; `T` opens it at any time."""

from __future__ import annotations

from pathlib import Path

from textual_plotext import PlotextPlot

from consul_app.content import ContentPack
from consul_app.rules import default_setup
from consul_app.tui.screens.summary import SummaryScreen
from consul_app.tui.screens.table import TableScreen
from consul_app.tui.widgets.footer import Footer
from consul_app.tui.widgets.monster_bars import DESTROYED, SPAWNED, MonsterBars, monster_bars

from .helpers import notes, text, until
from .scenarios import SMALL, WIDE, idle, make_app, one_wound_left, play_saved, step_is


async def test_the_summary_opens_when_the_boss_is_defeated(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "won.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), one_wound_left)
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("w")
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        turn = table.session.state.turn
        assert summary.story.finished and summary.story.turns == turn
        title = text(summary.query_one("#summary-title"))
        assert f"The heroes won: Black-Handed Henry was defeated on turn {turn}." in title
        words = text(summary.query_one("#summary-text"))
        assert f"Turns played: {turn}" in words and "Chart spaces passed: 18 of 18" in words
        plots = {plot.id: plot for plot in summary.query(PlotextPlot)}
        assert set(plots) == {"plot-wounds", "plot-chart"}
        for plot in plots.values():
            assert plot.region.height >= 8 and plot.region.width >= 40
        bars = summary.query_one(MonsterBars)
        rows = bars.render().plain.splitlines()
        for name, count in summary.story.spawned.items():  # each kind on the row of its bar
            assert any(r.startswith(name) and r.endswith(f"{SPAWNED} {count}") for r in rows)
        assert bars.region.height == 2 + 2 * len(summary.story.spawned)
        await pilot.press("escape")
        assert app.screen is table


PLAY_KEYS = {"e", "space", "d", "w"}
"""The footer's keys that play the game on (end turn, spawn one, one destroyed, boss wound)."""


def footer_keys(screen: TableScreen) -> set[str]:
    return {key.key for key in screen.query_one(Footer).keys}


async def test_once_the_boss_is_defeated_the_footer_shows_only_keys_that_still_work(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "won.jsonl"
    play_saved(content, save, default_setup(content.edition("sde2")), one_wound_left)
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        assert footer_keys(table) >= PLAY_KEYS
        await pilot.press("w")  # the boss is defeated: its story opens
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("escape")
        await until(pilot, lambda: "u" in footer_keys(table))
        assert not PLAY_KEYS & footer_keys(table)
        assert {"u", "slash"} <= footer_keys(table)  # undo and the lookup still do something
        assert "e" not in app.screen.active_bindings  # nor in the command palette
        actions = len(table.session.history)
        await pilot.press("e", "d", "space")
        assert len(table.session.history) == actions and app.screen is table
        await pilot.press("u")  # the boss stands again: the game plays on
        await until(pilot, lambda: footer_keys(table) >= PLAY_KEYS)


async def test_T_tells_the_story_so_far_at_80_columns(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "story.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda p, s: s.turn >= 3))
    app = make_app(content, save)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("T")
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        assert "Still in play on turn 3." in text(summary.query_one("#summary-title"))
        wounds = summary.query_one("#plot-wounds")
        assert wounds.region.y < 10 and wounds.region.width >= 70  # the plots come first


async def test_ending_the_game_by_E_opens_its_story(content: ContentPack, tmp_path: Path) -> None:
    save = tmp_path / "lost.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, idle(lambda p, s: s.turn >= 3))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("E", "enter")  # the first answer: the heroes lost
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        assert "The heroes lost on turn 3" in text(summary.query_one("#summary-title"))
        assert table.session.state.ended == "heroes-lost"
        await pilot.press("escape")
        bar = text(table.query_one("#next-step"))
        assert "The game is over: the heroes lost." in bar and "End the Consul turn" not in bar
        steps = text(table.query_one("#steps"))  # the Steps pane says the same, no turn to end
        assert "The game is over: the heroes lost." in steps and "End the Consul turn" not in steps
        shown = len(notes(app))
        await pilot.press("e")  # no turn to end: the key is off, as its footer entry
        assert len(notes(app)) == shown and table.session.state.ended == "heroes-lost"
        await pilot.press("u")
        assert table.session.state.ended is None
        assert "End the Consul turn when it is over" in text(table.query_one("#steps"))


async def test_E_ends_the_game_in_the_middle_of_a_power_up_phase(
    content: ContentPack, tmp_path: Path
) -> None:
    save = tmp_path / "stopped.jsonl"
    setup = default_setup(content.edition("sde2"))
    play_saved(content, save, setup, step_is("boss-spawn-effects"))
    app = make_app(content, save)
    async with app.run_test(size=WIDE) as pilot:
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("E", "down", "enter")  # the second answer: end the game here
        assert isinstance(app.screen, SummaryScreen)
        assert table.session.state.ended == "ended"
        await pilot.press("escape")
        bar = text(table.query_one("#next-step"))
        assert "The game was ended here." in bar and "Boss spawn effects" not in bar
        await pilot.press("u")  # the phase comes back where it stood
        assert table.session.state.ended is None
        assert "Boss spawn effects" in text(table.query_one("#next-step"))


def test_monster_bars_keep_each_name_on_its_bars_and_fit_the_width() -> None:
    lines = monster_bars({"Leaping Spider": 4, "Kobold": 1}, {"Kobold": 2}, 60).plain.split("\n")
    assert lines[0].strip() == "Monsters spawned and destroyed"
    spider, spider_lost, kobold, kobold_lost = lines[2:]
    room = 60 - len("Leaping Spider ") - len(" 4")  # the most fills the row
    assert spider == "Leaping Spider " + SPAWNED * room + " 4"
    assert spider_lost.strip() == "0" and not kobold_lost.startswith("Kobold")
    assert kobold.startswith("Kobold ") and kobold.count(SPAWNED) == round(room / 4)
    assert kobold_lost.endswith(DESTROYED * round(room / 2) + " 2")
    narrow = monster_bars({"Leaping Spider": 4}, {}, 30).plain.split("\n")
    assert narrow[2].startswith("Leaping S… " + SPAWNED) and len(narrow[2]) == 30
    assert "None yet." in monster_bars({}, {}, 40).plain


async def test_the_timeout_line_is_drawn_on_the_row_of_its_wounds() -> None:
    """Seen at 80x24: the line of a timeout at 5 was drawn on the row labelled 4 (a plot of 12
    rows has no whole row per wound): the timeout's own figure labels its row."""
    from textual.app import App

    from consul_app.rules import Story

    story = Story(
        boss="Daemonus", turn_word="Turn", turns=10, result="Still in play.", finished=False,
        positions=[], chart_spaces=0, wounds=[0, 0, 1, 2, 3, 5, 5, 6, 8, 9], hearts=9,
        timeout_at=5, timeout_turn=6, spawned={}, destroyed={},
    )

    class Story_(App[None]):
        def on_mount(self) -> None:
            self.push_screen(SummaryScreen(story))

    app = Story_()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        plot = app.screen.query_one("#plot-wounds")
        await pilot.pause()
        lines = [plot.render_line(y).text for y in range(plot.size.height)]
        line = next(line for line in lines if "├" in line and "┤" in line)
        assert line.split("├")[0].strip() == "5", "\n".join(lines)
