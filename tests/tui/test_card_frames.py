"""Issue 25: `c` opens a card in one frame. It took 3 to 4 frames in a real terminal: the card
screen drew what it had as it was pushed, then the card's text, its scrollbar and its title,
each in a frame of its own, then the table's repaint behind it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from rich.segment import Segment
from textual import events
from textual.app import App
from textual.color import Color
from textual.filter import LineFilter
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget

from consul_app.content import ContentPack
from consul_app.tui.screens.card import CardScreen
from consul_app.tui.widgets.card_body import CardBody
from consul_app.tui.widgets.pool import PoolTable

from .helpers import settled, until
from .scenarios import SMALL, bonus_taken_app

MIXED = (100, 30)
"""Some cards of the pool fit, some scroll."""


async def _drawn(frames: list[str], deadline: float = 30.0) -> None:
    """Until the card screen has drawn a frame (without Pilot's pause, which draws one)."""
    end = time.monotonic() + deadline
    while "CardScreen" not in frames:
        assert time.monotonic() < end, "the card was never drawn"
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("size", [MIXED, SMALL], ids=["100x30", "80x24"])
async def test_each_card_opens_in_one_frame(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The card of each monster of the pool in turn (at 100x30, long ones with a scrollbar and
    short ones without), after the first card (which composes the card screen): one frame,
    the card whole in it (its title, its text from the top, its scrollbar)."""
    frames: list[str] = []
    display = App._display

    def spy(app: App[object], screen: Screen[object], renderable: object) -> None:
        display(app, screen, renderable)
        if renderable is not None:
            frames.append(type(screen).__name__)

    monkeypatch.setattr(App, "_display", spy)
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")  # (the pool's tab at 80x24)
        pool = app.screen.query_one(PoolTable)
        pool.focus()
        # The first card composes the card screen: closed before its first layout was done,
        # that layout would still be due when the next card comes up, drawn first in a frame
        # of its own (Textual draws a layout, then the whole screen). Closed once drawn.
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the first card")
        await settled(frames)
        await pilot.press("escape")
        heights = set()
        for row in range(pool.row_count):
            pool.move_cursor(row=row)
            await settled(frames)
            frames.clear()
            app.post_message(events.Key("c", "c"))
            await _drawn(frames)
            await settled(frames)
            screen = app.screen
            assert isinstance(screen, CardScreen) and screen.view is not None
            # (a frame of the table's before the card's: its cursor, drawn late on a busy machine)
            assert frames.count("CardScreen") == 1, (screen.view.name, frames)
            body = screen.query_one(CardBody)
            assert body.scroll_y == 0 and body.lines
            heights.add(len(body.lines) > body.container_size.height)
            await pilot.press("escape")
            await until(pilot, lambda: frames[-1:] == ["TableScreen"], "the table drawn again")
    if size == MIXED:
        assert heights == {True, False}  # cards that scroll and cards that fit, in turn


async def test_a_long_card_scrolls_with_its_keys(content: ContentPack, tmp_path: Path) -> None:
    """Down, PgDn, End, Up, PgUp and Home scroll a card too long for its body, its scrollbar
    (drawn beside the lines) following; the next card opens at its top."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("2")
        app.screen.query_one(PoolTable).focus()
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card")
        body = app.screen.query_one(CardBody)
        height = body.container_size.height
        assert len(body.lines) > height
        bottom = len(body.lines) - height

        def drawn() -> list[str]:
            return [line.text for line in body.render_lines(body.size.region)]

        top = drawn()
        assert top[0].startswith(body.lines[0].text)
        for key, place in [
            ("down", 1),
            ("pagedown", min(bottom, 1 + height)),
            ("end", bottom),
            ("up", bottom - 1),
            ("pageup", max(0, bottom - 1 - height)),
            ("home", 0),
        ]:
            await pilot.press(key)
            await until(pilot, lambda place=place: body.scroll_y == place, f"{key}: {place}")
            assert drawn()[0].startswith(body.lines[place].text.rstrip()), key
        await pilot.press("end")
        await until(pilot, lambda: body.scroll_y == bottom, "the end")
        assert drawn() != top  # (the scrollbar's thumb moved too)
        await pilot.press("escape", "down", "c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the next card")
        assert body.scroll_y == 0


async def test_a_card_opened_after_a_resize_fits_the_new_size(
    content: ContentPack, tmp_path: Path
) -> None:
    """The card screen is laid out once; a resize while the table is shown (the card screen
    hidden) still gives the next card the new width, its end in sight when scrolled there."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.query_one(PoolTable).focus()
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card")
        body = app.screen.query_one(CardBody)
        wide = body.container_size.width
        await pilot.press("escape")
        await pilot.resize_terminal(*SMALL)
        await until(pilot, lambda: app.size == SMALL, "the resize")
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card again")
        await until(pilot, lambda: body.container_size.width < wide, "the card's new size")
        room = body.container_size
        assert len(body.lines) > room.height  # (it scrolls at 80x24)
        assert body.virtual_size.width == room.width - body.styles.scrollbar_size_vertical
        assert all(line.cell_length == body.virtual_size.width for line in body.lines)
        await pilot.press("end")
        await pilot.resize_terminal(120, 40)
        await until(pilot, lambda: body.container_size.width == wide, "the card resized")
        assert body.scroll_y == body.max_scroll_y


async def test_another_card_draws_again_only_what_changed(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23 (`c` within 1.5x a no-op key): the next card renders again its own lines and
    the dialog's title, not the screen around the dialog nor the dialog's frame below its
    title (rendering those again was a third of the time `c` took)."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        pool = app.screen.query_one(PoolTable)
        pool.focus()
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the first card")
        screen = app.screen
        dialog = screen.query_one(".dialog")
        title = dialog.border_title
        rendered: list[str] = []
        for widget in (screen, dialog):
            render_line = widget.render_line

            def counted(y: int, render_line=render_line, widget=widget) -> object:
                rendered.append(type(widget).__name__)
                return render_line(y)

            monkeypatch.setattr(widget, "render_line", counted)
        await pilot.press("escape", "down", "c")
        await until(pilot, lambda: app.screen is screen, "the next card")
        await pilot.pause()
        assert dialog.border_title != title
        assert rendered == []
        top = dialog.render_lines(dialog.outer_size.region)[0].text  # (as drawn)
        assert isinstance(screen, CardScreen) and f"Card: {screen.view.name}" in top


async def test_the_card_screen_is_styled_again_only_when_styles_changed(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23: shown again, the card screen keeps its nodes' styles (applying every rule to
    every node again took a tenth of `c`); after a theme change it takes the new one."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.screen.query_one(PoolTable).focus()
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the first card")
        screen = app.screen
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "the table")
        styled: list[object] = []
        update_styles = app.update_styles

        def counted(node: object, animate: bool = True) -> None:
            styled.append(node)
            update_styles(node, animate=animate)  # type: ignore[arg-type]

        monkeypatch.setattr(app, "update_styles", counted)
        await pilot.press("down", "c")
        await until(pilot, lambda: app.screen is screen, "the next card")
        await pilot.pause()
        assert screen not in styled
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "the table again")
        background = screen.query_one(".dialog").styles.background
        app.theme = "textual-light" if app.current_theme.dark else "textual-dark"
        await pilot.pause()
        await pilot.press("c")
        await until(pilot, lambda: app.screen is screen, "a card in the new theme")
        await pilot.pause()
        assert screen.query_one(".dialog").styles.background != background


async def test_the_table_behind_a_card_keeps_its_own_lines(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23: a card pushed over the table and closed again: the table screen's own lines
    (its background around the panes) are not drawn again (they were, as Textual refreshes
    the screen a card is pushed over)."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = app.screen
        table.query_one(PoolTable).focus()
        await pilot.press("c", "escape")
        await until(pilot, lambda: app.screen is table, "the table after the first card")
        await pilot.pause()
        rendered: list[int] = []
        render_line = table.render_line

        def counted(y: int) -> object:
            rendered.append(y)
            return render_line(y)

        monkeypatch.setattr(table, "render_line", counted)
        await pilot.press("down", "c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the next card")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table, "the table again")
        await pilot.pause()
        assert rendered == []


class Shouting(LineFilter):
    """A line filter that changes every line it is given."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text.upper(), style, control) for text, style, control in segments]


@pytest.mark.parametrize("size", [(120, 40), SMALL], ids=["fits", "scrolls"])
async def test_the_card_body_draws_its_lines_as_textual_would(
    content: ContentPack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Issue 23: the card's text skips Textual's styles cache (a sixth of `c`'s time), and
    draws the same lines as the cache would (the app's line filters applied, the scrollbar
    beside); styled with what the cache draws (padding here), it goes through the cache."""
    app = bonus_taken_app(content, tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.press("2")
        app.screen.query_one(PoolTable).focus()
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card")
        body = app.screen.query_one(CardBody)
        monkeypatch.setattr(body, "get_line_filters", lambda: [Shouting()])
        assert body._plain()
        for crop in (body.size.region, Region(3, 2, 20, 5)):
            drawn = body.render_lines(crop)
            body._styles_cache.clear()
            assert drawn == Widget.render_lines(body, crop)
        body.styles.padding = (0, 1)
        await pilot.pause()
        assert not body._plain()
