"""The chart you really play: corrected against the printed board from the new-game review
(and the Chart pane), saved as the Consul's own content, used by new games; a game in play
keeps the chart it started with, and its undo never touches the chart file."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from consul_app.base.paths import user_content_dir
from consul_app.commands.cli import main
from consul_app.content import ContentPack
from consul_app.tui.screens.chart_edit import ChartEditScreen, SpaceInputScreen
from consul_app.tui.screens.table import TableScreen

from .helpers import notes, text
from .scenarios import WIDE, KeyConsul, make_app, new_table


async def _correct_first_space(pilot, words: str) -> None:  # type: ignore[no-untyped-def]
    app = pilot.app
    assert isinstance(app.screen, ChartEditScreen)
    await pilot.press("enter")  # the first space
    assert isinstance(app.screen, SpaceInputScreen)
    app.screen.query_one(Input).value = words
    await pilot.press("enter")
    assert isinstance(app.screen, ChartEditScreen)


async def test_a_corrected_space_is_saved_and_played(content: ContentPack) -> None:
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter")  # the review page
        assert "v: correct it against your printed board" in text(app.screen.query_one("#review"))
        await pilot.press("v")
        await _correct_first_space(pilot, "spawn 5 8B 16B")
        await pilot.press("v")  # checked against the board
        assert "[x] checked" in text(app.screen.query_one("#chart-edit-title"))
        await pilot.press("ctrl+s")
        assert notes(app)[-1].startswith("Chart saved: ")
        files = list((user_content_dir() / "charts").glob("*.yaml"))
        assert len(files) == 1
        assert main(["validate", str(user_content_dir())]) == 0
        assert "not checked" not in text(app.screen.query_one("#review"))

        await pilot.press("enter")  # start the game with the corrected chart
        consul = KeyConsul(pilot)
        await consul.press("e", "enter", "enter")  # equipment; the chart's first space
        step = consul.step()
        assert step is not None and step.key == "spawn"
        assert (step.budget, step.bits) == (5, ["8-bit", "16-bit"])

        before = (files[0].read_bytes(), files[0].stat().st_mtime_ns)
        await consul.press("u", "u", "u")
        assert consul.state.position == 0
        assert (files[0].read_bytes(), files[0].stat().st_mtime_ns) == before


async def test_a_game_in_play_keeps_the_chart_it_started_with(
    content: ContentPack, tmp_path: Path
) -> None:
    app = new_table(content, tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        consul = KeyConsul(pilot)
        table = consul.table
        chart = table.session.pack.charts[table.session.state.chart or ""]
        await pilot.press("v")  # from the table: for the games to come
        await _correct_first_space(pilot, "spawn 6 16B")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, TableScreen)
        assert "a game in progress keeps the chart it started with" in notes(app)[-1]
        assert table.session.pack.charts[chart.id] == chart
        await consul.press("e", "enter", "enter")
        step = consul.step()
        assert step is not None and step.budget == chart.spaces[0].spawn
        path = table.session.path
    resumed = make_app(app.content, path)  # type: ignore[arg-type]
    async with resumed.run_test(size=WIDE) as pilot:
        table = resumed.screen
        assert isinstance(table, TableScreen)
        assert table.session.pack.charts[chart.id] == chart  # as the save's header says
        assert app.content.edition("sde2").charts[chart.id] != chart  # type: ignore[union-attr]


async def test_repeated_bonus_parts_add_up_and_the_hint_says_so(content: ContentPack) -> None:
    """The report: `...; bonus A; bonus B` was kept as `bonus B`, and the hint read `bonus ID`."""
    app = make_app(content)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter", "v")
        assert "bonus ID…;  choose ID ID…;" in text(app.screen.query_one(".hint"))
        words = "spawn 6 8B 16B; bonus bonus-red-offensive-rolls; bonus bonus-defensive-rolls"
        await _correct_first_space(pilot, words)
        screen = app.screen
        assert isinstance(screen, ChartEditScreen)
        assert screen.spaces[0].bonuses == ["bonus-red-offensive-rolls", "bonus-defensive-rolls"]

        await pilot.press("enter")
        app.screen.query_one(Input).value = "spawn 4 8B; spawn 2 16B"
        await pilot.press("enter")  # refused there and then, with the reason
        assert isinstance(app.screen, SpaceInputScreen)
        assert "a space has one 'spawn'" in text(app.screen.query_one("#space-error"))


async def test_the_chart_correction_reads_whole_at_80x24(content: ContentPack) -> None:
    """Seen at 80x24: the title scrolled away, the "Reads as" column was cut (`Spawn 4 (8-Bit,
    16`), and the selected row was marked by colour only. The table scrolls under the title,
    each space reads whole (what it reads as under what is printed), the row is marked `>`."""
    from textual.widgets import DataTable

    from consul_app.rules import space_summary

    app = make_app(content)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "enter", "v")
        screen = app.screen
        assert isinstance(screen, ChartEditScreen)
        table = screen.query_one(DataTable)
        await pilot.press(*["down"] * 30)
        await pilot.pause()
        title = screen.query_one("#chart-edit-title")
        assert title.region.y == 0 and title.region.height >= 1
        pack = content.edition(screen.chart.edition)
        cells = "\n".join(
            str(cell) for row in range(table.row_count) for cell in table.get_row_at(row)
        )
        for space in screen.spaces:
            assert space_summary(pack, space) in cells
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert str(table.get_row_at(table.cursor_row)[0]).startswith(">")
        assert not str(table.get_row_at(0)[0]).startswith(">")
